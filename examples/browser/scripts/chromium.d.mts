/** How to get a Chromium the tests can drive, in one clause. */
export declare const CHROMIUM_INSTALL: string;
/** What to do when no Chromium is found, in one line. */
export declare const CHROMIUM_MISSING: string;
/** The Chromium executable to drive, or undefined when none exists. */
export declare const findChromium: () => string | undefined;
