// Where the browser example's test finds Chromium: CHROMIUM_PATH, else the usual places of a
// system install. The test never downloads a browser.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const APPS = [
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** How to get a Chromium the tests can drive, in one clause. */
export const CHROMIUM_INSTALL =
  'install Chromium (Debian/Ubuntu: sudo apt-get install chromium; macOS: brew install --cask chromium) or set CHROMIUM_PATH to a Chromium or Chrome executable';

/** What to do when no Chromium is found, in one line. */
export const CHROMIUM_MISSING = `The browser example needs Chromium: ${CHROMIUM_INSTALL}.`;

/**
 * The Chromium executable to drive: CHROMIUM_PATH when set, else the first of the usual names on
 * the PATH, else the macOS applications; undefined when none exists.
 *
 * @returns {string | undefined}
 */
export const findChromium = () => {
  const given = process.env['CHROMIUM_PATH'];
  if (given !== undefined && given !== '') return existsSync(given) ? given : undefined;
  const dirs = (process.env['PATH'] ?? '').split(delimiter).filter((dir) => dir !== '');
  for (const name of NAMES) {
    for (const dir of dirs) {
      const path = join(dir, name);
      if (existsSync(path)) return path;
    }
  }
  return APPS.find((path) => existsSync(path));
};

// Run as a script (`npm test` of the example runs it first): one line and exit 1 without Chromium.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (findChromium() === undefined) {
    console.error(CHROMIUM_MISSING);
    process.exit(1);
  }
}
