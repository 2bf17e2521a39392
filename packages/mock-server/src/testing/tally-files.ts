import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { RequestTally, type TallySnapshot } from '../http/tally.js';
import {
  type UntestedReportOptions,
  type UntestedTableOptions,
  formatUntestedReport,
  untestedReport,
} from './untested-report.js';

/**
 * Where test files leave their tallies for the run's untested report by default, relative to the
 * working directory (a cache folder that installs already ignore).
 *
 * @example
 * ```ts
 * const merged = readTallies(DEFAULT_TALLY_DIR);
 * ```
 */
export const DEFAULT_TALLY_DIR = 'node_modules/.cache/voucherkit/tallies';

const TALLY_FILE = /^tally-.+\.json$/;

/**
 * Writes a tally to a file of its own in `dir`, for the run's untested report to merge: call it
 * in each test file's `afterAll`. Test files run in separate workers, so each writes its own file.
 *
 * @param source - A service or a tally.
 * @param dir - The folder of the run's tallies; default {@link DEFAULT_TALLY_DIR}.
 * @returns The path of the file written.
 * @example
 * ```ts
 * const tally = new RequestTally();
 * beforeEach(() => server.resetHandlers(...createMockService({ tally }).handlers));
 * afterAll(() => saveTally(tally));
 * ```
 */
export const saveTally = (
  source: RequestTally | { readonly tally: RequestTally },
  dir: string = DEFAULT_TALLY_DIR,
): string => {
  const tally = source instanceof RequestTally ? source : source.tally;
  const folder = resolve(dir);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `tally-${randomUUID()}.json`);
  writeFileSync(file, `${JSON.stringify(tally.toJSON())}\n`);
  return file;
};

/**
 * Merges every tally that {@link saveTally} wrote to `dir` into one.
 *
 * @param dir - The folder of the run's tallies; default {@link DEFAULT_TALLY_DIR}.
 * @returns One tally with all their counts; empty when the folder has none or does not exist.
 * @throws TypeError when a tally file is not one.
 * @example
 * ```ts
 * const report = untestedReport(readTallies());
 * ```
 */
export const readTallies = (dir: string = DEFAULT_TALLY_DIR): RequestTally => {
  const folder = resolve(dir);
  if (!existsSync(folder)) return new RequestTally();
  const names = readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isFile() && TALLY_FILE.test(entry.name) ? [entry.name] : [],
  );
  const merged = new RequestTally();
  // Sorted, so that a merge reads the files in the same order on every run.
  for (const name of names.sort()) {
    const file = join(folder, name);
    try {
      merged.merge(JSON.parse(readFileSync(file, 'utf8')) as TallySnapshot);
    } catch (error) {
      throw new TypeError(`${file} is not a tally: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }
  return merged;
};

/**
 * Options of {@link untestedReportSetup}: where tallies are, what the report covers, where it goes.
 *
 * @example
 * ```ts
 * const options: UntestedReportSetupOptions = { json: 'reports/untested.json', ignoreStatuses: [413, 415, 500] };
 * ```
 */
export interface UntestedReportSetupOptions extends UntestedReportOptions, UntestedTableOptions {
  /** The folder of the run's tallies, as the test files' {@link saveTally} calls give it; default {@link DEFAULT_TALLY_DIR}. */
  readonly dir?: string;
  /** Where to write the report as JSON; none is written when left out. */
  readonly json?: string;
  /** What prints the console table; default standard output, `false` prints none. */
  readonly print?: ((table: string) => void) | false;
}

/**
 * A Vitest global setup that reports what the run left untested: before the run it empties the
 * tallies' folder; after it, it merges the tallies the test files saved, prints the table and
 * writes the JSON report. Export it as the default of a file named in `test.globalSetup`.
 *
 * @param options - Where tallies are, what the report covers, where it goes.
 * @returns The setup, which returns the teardown that reports.
 * @example
 * ```ts
 * // test/untested-report.ts, named in vitest.config.ts: test: { globalSetup: ['test/untested-report.ts'] }
 * export default untestedReportSetup({ json: 'reports/untested.json' });
 * ```
 */
export const untestedReportSetup =
  (options: UntestedReportSetupOptions = {}): (() => () => void) =>
  () => {
    const dir = resolve(options.dir ?? DEFAULT_TALLY_DIR);
    // Tallies of an earlier run would count again.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return () => {
      const report = untestedReport(readTallies(dir), options);
      if (options.json !== undefined) {
        mkdirSync(dirname(resolve(options.json)), { recursive: true });
        writeFileSync(resolve(options.json), `${JSON.stringify(report, null, 2)}\n`);
      }
      const table = formatUntestedReport(report, options);
      if (options.print === undefined) process.stdout.write(`\n${table}\n`);
      else if (options.print !== false) options.print(table);
    };
  };
