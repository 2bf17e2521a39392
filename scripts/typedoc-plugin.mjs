// Loaded by typedoc (see typedoc.json); each part is a module of scripts/typedoc/. The pages of
// docs/ are named after their titles and grouped by folder (decision 0010); the spec's types are
// shown as written and named where hand-written code uses them (decision 0022); the theme prints
// each type once, the site copies no repository files, and search finds the guides by their text
// (decision 0070).
import { unlinkRepositoryFiles } from './typedoc/file-links.mjs';
import { titlePages } from './typedoc/pages.mjs';
import { searchPagesByTheirText } from './typedoc/search.mjs';
import { leaveOutAbsentMembers, nameTheSpecsTypes } from './typedoc/spec-types.mjs';
import { defineLeanTheme } from './typedoc/theme.mjs';
import { keepTypesAsWritten } from './typedoc/written-types.mjs';

/** @param {import('typedoc').Application} app */
export const load = (app) => {
  titlePages(app);
  keepTypesAsWritten(app.converter);
  nameTheSpecsTypes(app.converter);
  leaveOutAbsentMembers(app.converter);
  defineLeanTheme(app);
  unlinkRepositoryFiles(app);
  searchPagesByTheirText(app);
};
