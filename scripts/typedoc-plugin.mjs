// Loaded by typedoc (see typedoc.json). The markdown pages of docs/ and the packages' READMEs are
// written for GitHub and npm as well as for the site, so they start with a `# title` and carry
// no frontmatter. This plugin names each page of docs/ after its title and groups it by the
// folder it lives in, and drops a README's title where the site already prints it. It also keeps
// the types of the generated modules as they are written (see docs/decisions/0022).
import { Converter } from 'typedoc';

/** Navigation group of the pages in each folder of docs/, and of single pages; other pages are reports. */
const GROUPS = { guides: 'Guides', decisions: 'Decisions' };
const PAGES = { architecture: 'Guides' };
const REPORTS = 'Reports';
const TITLE = /^\s*#[ \t]+(.+?)[ \t]*#*[ \t]*(?:\r?\n|$)/;

/** The text of the first line when it is a level-1 heading. */
const titleOf = (parts) => TITLE.exec(parts[0]?.kind === 'text' ? parts[0].text : '')?.[1];

/** Modules that scripts/generate writes from the spec: packages/client/src/generated/*.ts. */
const GENERATED = /[\\/]src[\\/]generated[\\/][^\\/]+\.ts$/;

/**
 * typedoc converts the type of a property, parameter or return value from the type the checker
 * resolves, not from the type node written in the source. The spec's types are anonymous object
 * types reached through indexed access (`operations["listCategories"]`,
 * `components['schemas']["Voucher"]`), so each use would be expanded in full, schemas within
 * schemas, down to typedoc's depth limit. For declarations in the generated modules, convert the
 * written type instead: the site shows `components['schemas']["Voucher"]` linked to `components`,
 * where that schema is documented once.
 *
 * @param {import('typedoc').Converter} converter
 */
const keepGeneratedTypesAsWritten = (converter) => {
  const convertType = converter.convertType.bind(converter);
  // Called with (context, node) or with (context, resolved type, written node when there is one).
  converter.convertType = (context, typeOrNode, node) =>
    node !== undefined && GENERATED.test(node.getSourceFile().fileName)
      ? convertType(context, node)
      : convertType(context, typeOrNode, node);
};

/** @param {import('typedoc').Application} app */
export const load = (app) => {
  keepGeneratedTypesAsWritten(app.converter);

  app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, document) => {
    const title = titleOf(document.content);
    if (title !== undefined) document.name = title.replaceAll('`', '');
    if (document.parent?.isProject() && document.frontmatter.group === undefined) {
      // typedoc normalises paths to forward slashes on every platform.
      const path = app.files.getReflectionPath(document)?.split('/') ?? [];
      const page = path.at(-1)?.replace(/\.[^.]*$/, '') ?? '';
      document.frontmatter.group = PAGES[page] ?? GROUPS[path.at(-2) ?? ''] ?? REPORTS;
    }
  });

  // A package's README becomes its module page, under a heading with the package's name.
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const { project } = context;
    for (const reflection of [project, ...Object.values(project.reflections)]) {
      const readme = reflection.readme;
      const [first] = readme ?? [];
      if (first?.kind === 'text' && titleOf(readme)?.replaceAll('`', '') === reflection.name) {
        first.text = first.text.replace(TITLE, '').trimStart();
      }
    }
  });
};
