// Links from the pages of docs/ to files of the repository that are not pages of the site.
import { RendererEvent } from 'typedoc';

/**
 * Turns each markdown link `[label](path)` whose path is a file but not a page of the site into its
 * label.
 *
 * @param {import('typedoc').CommentDisplayPart[]} parts
 * @param {(link: import('typedoc').RelativeLinkDisplayPart) => boolean} isFile
 */
const unlinkFiles = (parts, isFile) => {
  for (let index = parts.length - 2; index > 0; index -= 1) {
    const [before, link, after] = parts.slice(index - 1, index + 2);
    if (link.kind !== 'relative-link' || !isFile(link)) continue;
    if (before.kind !== 'text' || !before.text.endsWith('](') || after.kind !== 'text' || !after.text.startsWith(')'))
      continue;
    // The label opens at the last `[` before the link; a code span of the label cannot hold it.
    const opener = parts.slice(0, index).findLast((part) => part.kind === 'text' && part.text.includes('['));
    const at =
      opener === before ? before.text.lastIndexOf('[', before.text.length - 3) : (opener?.text.lastIndexOf('[') ?? -1);
    if (opener === undefined || at < 0 || opener.text[at - 1] === '!') continue;
    before.text = before.text.slice(0, -2);
    opener.text = opener.text.slice(0, at) + opener.text.slice(at + 1);
    after.text = after.text.slice(1);
    parts.splice(index, 1);
  }
};

/**
 * typedoc copies each file that a page links into the site: the coverage report links the
 * handlers, stores and tests of every operation, some 150 sources and 1.8 MB. The site shows such
 * a link as its label; the files are read in the repository, where the same links work.
 *
 * @param {import('typedoc').Application} app
 */
export const unlinkRepositoryFiles = (app) => {
  app.renderer.on(RendererEvent.BEGIN, ({ project }) => {
    const isFile = (link) =>
      typeof link.target === 'number' && typeof project.files.resolve(link.target, project) === 'string';
    for (const reflection of [project, ...Object.values(project.reflections)]) {
      if (reflection.isDocument()) unlinkFiles(reflection.content, isFile);
      if (reflection.readme !== undefined) unlinkFiles(reflection.readme, isFile);
    }
  });
};
