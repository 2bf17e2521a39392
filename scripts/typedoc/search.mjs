// What the site's search finds a page of docs/ by.
import { IndexEvent } from 'typedoc';
import { REPORTS } from './pages.mjs';

/**
 * The text of a page of docs/ that search indexes: its prose and inline code, without its code
 * blocks, which repeat symbols that are found by name, nor HTML comments. A report has none: its
 * tables of operations, paths and fields matched every query first.
 *
 * @param {import('typedoc').DocumentReflection} document
 */
const proseOf = (document) =>
  document.frontmatter.group === REPORTS
    ? ''
    : document.content
        .filter((part) => part.kind === 'text' || (part.kind === 'code' && !part.text.startsWith('```')))
        .map((part) => part.text.replace(/<!--[\s\S]*?-->/g, ''))
        .join('');

/**
 * With `searchInDocuments`, search finds the pages of docs/ by their prose, which weighs as much
 * as a name: typedoc weighs a name ten times a page's text, and lists ten results, so a guide lost
 * to every symbol whose name holds one of the words typed (decision 0070).
 *
 * @param {import('typedoc').Application} app
 */
export const searchPagesByTheirText = (app) => {
  app.renderer.on(IndexEvent.PREPARE_INDEX, (event) => {
    if (!app.options.getValue('searchInDocuments')) return;
    event.searchFieldWeights.document = event.searchFieldWeights.name;
    event.searchResults.forEach((reflection, index) => {
      if (reflection.isDocument())
        event.searchFields[index] = { ...event.searchFields[index], document: proseOf(reflection) };
    });
  });
};
