/**
 * Checks the docs site that `npm run docs` builds into docs/api, as a reader gets it: it weighs at
 * most 20 MB, and its search, in a headless Chromium, finds a guide by a fragment of one of its
 * sentences and a symbol by its name (decision 0070). Runs right after `npm run docs` in `npm test`.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { findChromium } from '../examples/browser/scripts/chromium.mjs';
import { repoPath } from './lib/paths.ts';
import { serveDirectory } from './lib/serve-directory.ts';

const SITE = 'docs/api';
/** What the site may weigh: a tenth more than it does today, 17.8 MB (decision 0070). */
const MAX_SITE_BYTES = 20_000_000;
/**
 * A guide, and a fragment of one of its sentences in which no word is part of the guide's title,
 * so that search can only find the guide by its text.
 */
const GUIDE = { file: 'docs/guides/sandbox.md', fragment: 'keeps its data while it runs' };
/** A symbol, and the page it is documented on. */
const SYMBOL = { name: 'createMockService', page: /\/functions\/[^/]*\.createMockService\.html$/ };

interface Result {
  readonly text: string;
  readonly href: string;
}

const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/** The size of a file, or of every file under a folder. */
const sizeOf = (path: string): number => {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
};

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

/** Fails with the site's largest parts when it weighs more than it may. */
const checkSize = (site: string): number => {
  if (statSync(site, { throwIfNoEntry: false }) === undefined) fail(`${SITE} is missing; run \`npm run docs\` first.`);
  const parts = readdirSync(site)
    .map((name) => ({ name, bytes: sizeOf(join(site, name)) }))
    .sort((a, b) => b.bytes - a.bytes);
  const total = parts.reduce((sum, part) => sum + part.bytes, 0);
  if (total > MAX_SITE_BYTES) {
    const largest = parts.slice(0, 8).map((part) => `  ${megabytes(part.bytes).padStart(8)}  ${part.name}`);
    fail(
      [
        `${SITE} weighs ${megabytes(total)}, over ${megabytes(MAX_SITE_BYTES)} (decision 0070). Its largest parts:`,
        ...largest,
      ].join('\n'),
    );
  }
  return total;
};

/**
 * What the site's search lists for `text`, typed into its search box on a freshly opened page.
 * Throws when the page fails.
 */
const search = async (browser: Browser, origin: string, text: string): Promise<Result[]> => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    page.setDefaultTimeout(15_000);
    await page.goto(`${origin}/index.html`);
    await page.click('#tsd-search-trigger');
    // The index loads after the page; what is typed before it is ready finds nothing.
    await page.waitForFunction(() => document.getElementById('tsd-search-status')?.textContent === '');
    await page.fill('#tsd-search-input', text);
    await page.waitForFunction(
      () =>
        document.querySelector('#tsd-search-results li') !== null ||
        document.getElementById('tsd-search-status')?.textContent !== '',
    );
    const results = await page.$$eval('#tsd-search-results li a', (links) =>
      links.map((link) => ({
        text: (link.textContent ?? '').replace(/\s+/g, ' ').trim(),
        href: (link as HTMLAnchorElement).href,
      })),
    );
    if (errors.length > 0) throw new Error(`the page failed while searching "${text}":\n  ${errors.join('\n  ')}`);
    return results;
  } finally {
    await page.close();
  }
};

const listed = (results: readonly Result[]): string =>
  results.length === 0 ? '  (nothing)' : results.map((result) => `  ${result.text}`).join('\n');

const site = repoPath(SITE);
const total = checkSize(site);

const guide = readFileSync(repoPath(GUIDE.file), 'utf8');
const title = /^# (.+)$/m.exec(guide)?.[1]?.replaceAll('`', '') ?? fail(`${GUIDE.file} has no # title`);
if (!guide.replace(/\s+/g, ' ').includes(GUIDE.fragment))
  fail(`${GUIDE.file} no longer says "${GUIDE.fragment}": pick a fragment of its text for this check.`);
const inTitle = GUIDE.fragment.split(' ').filter((word) => title.toLowerCase().includes(word.toLowerCase()));
if (inTitle.length > 0) fail(`"${inTitle.join('", "')}" is part of the title "${title}": pick words of the text only.`);

const executablePath =
  findChromium() ??
  fail('This check needs Chromium: install it, or set CHROMIUM_PATH to a Chromium or Chrome executable.');
const served = await serveDirectory(site);
const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const problems: string[] = [];
try {
  const byText = await search(browser, served.origin, GUIDE.fragment);
  if (!byText.some((result) => result.text === title))
    problems.push(
      `Searching "${GUIDE.fragment}" (from ${GUIDE.file}) does not list "${title}": the search no longer covers the guides' text (typedoc.json searchInDocuments, scripts/typedoc/search.mjs). It lists:\n${listed(byText)}`,
    );
  const byName = await search(browser, served.origin, SYMBOL.name);
  if (!byName.some((result) => SYMBOL.page.test(result.href)))
    problems.push(`Searching "${SYMBOL.name}" does not list its page. It lists:\n${listed(byName)}`);
} catch (error) {
  problems.push(`The site's search could not be used: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await browser.close();
  await served.close();
}
if (problems.length > 0) fail(problems.join('\n'));
console.log(
  `${SITE} weighs ${megabytes(total)} (at most ${megabytes(MAX_SITE_BYTES)}); its search finds "${title}" by its text and ${SYMBOL.name} by its name.`,
);
