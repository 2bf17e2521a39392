// The markdown pages of docs/ and the packages' READMEs are written for GitHub and npm as well as
// for the site, so they start with a `# title` and carry no frontmatter.
import { Converter } from 'typedoc';

/** Navigation group of the pages in each folder of docs/, and of single pages; other pages are reports. */
const GROUPS = { guides: 'Guides', decisions: 'Decisions' };
const PAGES = { architecture: 'Guides' };
export const REPORTS = 'Reports';
const TITLE = /^\s*#[ \t]+(.+?)[ \t]*#*[ \t]*(?:\r?\n|$)/;

/** The text of the first line when it is a level-1 heading. */
const titleOf = (parts) => TITLE.exec(parts[0]?.kind === 'text' ? parts[0].text : '')?.[1];

/**
 * Names each page of docs/ after its title and groups it by the folder it lives in, and drops a
 * README's title where the site already prints it.
 *
 * @param {import('typedoc').Application} app
 */
export const titlePages = (app) => {
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
