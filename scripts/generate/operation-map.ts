import { existsSync } from 'node:fs';
import { AREAS } from '../lib/areas.ts';
import { type OperationCode, operationCode } from '../lib/operation-code.ts';
import { OPERATION_TESTS, type OperationTests, byCodeUnits } from '../lib/operation-tests.ts';
import { repoPath } from '../lib/paths.ts';

const AREAS_DIR = 'packages/mock-server/src/areas/';
const TEST_DIR = 'packages/mock-server/test/';

/** A link from docs/coverage.md to a repository file, with its text in code. */
const link = (text: string, file: string): string => `[\`${text}\`](../${file})`;

/** The folder of the tests of a handler file's resource, which mirrors the resource's folder. */
const testFolderOf = (handlerFile: string): string =>
  `${TEST_DIR}areas/${handlerFile.slice(AREAS_DIR.length, handlerFile.lastIndexOf('/') + 1)}`;

/** Whether a test file sits in a folder itself, not in one below it. */
const isIn = (folder: string, file: string): boolean =>
  file.startsWith(folder) && !file.slice(folder.length).includes('/');

/**
 * A test file's name as the page shows it: its name alone in the folder of the resource's tests,
 * from the mock's test folder when it is one of the mock's tests, from the repository's root
 * otherwise.
 */
const testName = (file: string, ownFolder: string): string =>
  isIn(ownFolder, file) ? file.slice(ownFolder.length) : file.startsWith(TEST_DIR) ? file.slice(TEST_DIR.length) : file;

/** The handler files in the areas' order, lowest first, then by path. */
const byArea = (a: string, b: string): number => {
  const rank = (file: string): number => AREAS.indexOf(file.slice(AREAS_DIR.length).split('/')[0] as never);
  return rank(a) - rank(b) || byCodeUnits(a, b);
};

/**
 * The operations each test file calls, turned to the test files of each operation; refuses a map
 * that names a file that is gone or an operation the mock does not serve, which a renamed test or
 * operation leaves behind.
 */
const testsByOperation = (
  map: OperationTests,
  code: ReadonlyMap<string, OperationCode>,
): Map<string, readonly string[]> => {
  const tests = new Map<string, string[]>();
  for (const [file, operations] of Object.entries(map)) {
    if (!existsSync(repoPath(file)))
      throw new Error(`${OPERATION_TESTS} names ${file}, which is gone; run \`npm run operation-tests\``);
    for (const operation of operations) {
      if (!code.has(operation))
        throw new Error(`${OPERATION_TESTS} says ${file} calls ${operation}, which the mock does not serve`);
      tests.set(operation, [...(tests.get(operation) ?? []), file]);
    }
  }
  for (const files of tests.values()) files.sort(byCodeUnits);
  return tests;
};

/**
 * The section of docs/coverage.md that leads from each implemented operation to its code: the file
 * of its handler, the state's methods the handler calls and the test files that call it, grouped
 * by handler file in the areas' order. Test files that call every operation (the spec-driven
 * suites) are named once above the tables instead of in every row.
 *
 * @param map - The committed map of test files to the operations they call.
 * @returns The section's lines.
 */
export const operationMapSection = (map: OperationTests): string[] => {
  const code = operationCode();
  const tests = testsByOperation(map, code);
  const everywhere = Object.keys(map)
    .filter((file) => [...code.keys()].every((operation) => map[file]?.includes(operation)))
    .sort(byCodeUnits);
  const byHandler = new Map<string, string[]>();
  for (const [operation, { handlerFile }] of code)
    byHandler.set(handlerFile, [...(byHandler.get(handlerFile) ?? []), operation]);
  const lines = [
    '## From each operation to its code',
    '',
    'Per handler file of the mock (`packages/mock-server/src/areas/`), each operation it serves, the methods of the',
    "state its handler calls (directly or through the area's helpers; read from the sources) and the test files that",
    `call it. Which test files call which operations is noted by a test run in \`${OPERATION_TESTS}\` (decision 0068);`,
    'a test file that calls an operation the map does not list fails until `npm run operation-tests` refreshes it. The',
    "tests of the handler's own resource come first, by their name alone; the mock's other tests are named from",
    "`packages/mock-server/test/`, and the rest from the repository's root.",
    '',
    everywhere.length === 0
      ? 'No test file calls every operation.'
      : `These test files call every operation and are not repeated below: ${everywhere
          .map((file) => link(testName(file, TEST_DIR), file))
          .join(', ')}.`,
    '',
  ];
  for (const file of [...byHandler.keys()].sort(byArea)) {
    lines.push(
      `### ${link(file.slice(AREAS_DIR.length), file)}`,
      '',
      '| operation | state methods | test files |',
      '| --- | --- | --- |',
    );
    const ownFolder = testFolderOf(file);
    const isOwn = (test: string): boolean => isIn(ownFolder, test);
    for (const operation of byHandler.get(file) ?? []) {
      const methods = code.get(operation)?.stateMethods ?? [];
      const files = (tests.get(operation) ?? []).filter((test) => !everywhere.includes(test));
      const ordered = [...files.filter(isOwn), ...files.filter((test) => !isOwn(test))];
      lines.push(
        `| \`${operation}\` | ${methods.map((method) => link(method.name, method.file)).join(', ') || '–'} | ${
          ordered.map((test) => link(testName(test, ownFolder), test)).join(', ') || '–'
        } |`,
      );
    }
    lines.push('');
  }
  return lines;
};
