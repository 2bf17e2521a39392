/**
 * Which test files call which operations: `docs/operation-tests.json`, kept by a test run (decision
 * 0068). While a test file runs, every request the mock answers is counted by a request tally
 * (`http/tally.ts`); the run's setup (`operation-tests-setup.ts`) notes the operations of those
 * requests per file. Then a file whose tests all passed either checks that the committed map lists
 * exactly its operations, or, when `npm run operation-tests` runs it, leaves them in a folder for
 * that script to merge into the map. The coverage page reads the map; it is not rebuilt by
 * `npm run generate`, which runs no tests.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { repoPath } from './paths.ts';

/** The committed map, repository-relative. */
export const OPERATION_TESTS = 'docs/operation-tests.json';

/**
 * The variable that turns the run's setup from checking the map to noting each file's operations
 * in the folder it names (what `npm run operation-tests` sets).
 */
export const OPERATION_TESTS_DIR_VARIABLE = 'VOUCHERKIT_OPERATION_TESTS_DIR';

/** Test file (repository-relative) → the operations it calls, sorted. */
export type OperationTests = Readonly<Record<string, readonly string[]>>;

/** What one test file noted: itself and the operations it called. */
export interface NotedFile {
  readonly file: string;
  readonly operations: readonly string[];
}

/** Code-unit order, the same on every machine. */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The committed map.
 *
 * @throws Error when the file is not a map of test files to lists of operations.
 */
export const readOperationTests = (): OperationTests => {
  const path = repoPath(OPERATION_TESTS);
  if (!existsSync(path)) return {};
  const map = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  const valid =
    typeof map === 'object' &&
    map !== null &&
    !Array.isArray(map) &&
    Object.values(map).every(
      (operations) => Array.isArray(operations) && operations.every((operation) => typeof operation === 'string'),
    );
  if (!valid) throw new Error(`${OPERATION_TESTS} is not a map of test files to the operations they call`);
  return map as OperationTests;
};

/** Writes the map with its files and their operations sorted, files that call nothing left out. */
export const writeOperationTests = (map: OperationTests): void => {
  const sorted = Object.fromEntries(
    Object.keys(map)
      .sort(byCodeUnits)
      .flatMap((file) => {
        const operations = [...new Set(map[file])].sort(byCodeUnits);
        return operations.length === 0 ? [] : [[file, operations]];
      }),
  );
  writeFileSync(repoPath(OPERATION_TESTS), `${JSON.stringify(sorted, null, 2)}\n`);
};
