/**
 * A setup file of the test run (`setupFiles` in vitest.config.ts): notes which operations the
 * mock answers while a test file runs, whichever service answers them (through MSW, `handle` or
 * the HTTP sandbox), and after the file checks `docs/operation-tests.json` against them, or notes
 * them for `npm run operation-tests` (see `operation-tests.ts`, decision 0068). Only a file whose
 * tests all ran and passed is judged: a filtered or failed run says nothing of what the file calls.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { afterAll } from 'vitest';
import type { RunnerTask, RunnerTestFile, RunnerTestSuite } from 'vitest';
import { RequestTally } from '../../packages/mock-server/src/http/tally.ts';
import {
  OPERATION_TESTS,
  OPERATION_TESTS_DIR_VARIABLE,
  type NotedFile,
  byCodeUnits,
  readOperationTests,
} from './operation-tests.ts';
import { repoPath } from './paths.ts';

const called = new Set<string>();

// Every answered request of every service is counted by a tally, so this is the one place that
// sees them all. This setup runs again before each test file, but the files of a worker share the
// tally's module (vitest.config.ts): the counting is added once, and counts into the set of the
// file that runs.
const CALLED = Symbol.for('voucherkit.operation-tests.called');
const tally = RequestTally.prototype as RequestTally & { [CALLED]?: Set<string> };
if (tally[CALLED] === undefined) {
  const record = tally.record;
  tally.record = function (this: RequestTally, ...request: Parameters<RequestTally['record']>) {
    tally[CALLED]?.add(request[0]);
    record.apply(this, request);
  };
}
tally[CALLED] = called;

const tests = (task: RunnerTask): RunnerTask[] => ('tasks' in task ? task.tasks.flatMap(tests) : [task]);

const allPassed = (suite: Readonly<RunnerTestSuite | RunnerTestFile>): boolean =>
  suite.tasks.flatMap(tests).every((task) => task.mode === 'run' && task.result?.state === 'pass');

// Vitest reads the hook's first parameter as a pattern of fixtures; the file comes second.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, suite) => {
  const path = 'filepath' in suite ? suite.filepath : suite.file.filepath;
  // The docs' pages run as tests too; the map is of test files.
  if (path.endsWith('.md') || !allPassed(suite)) return;
  const file = relative(repoPath('.'), path).split(sep).join('/');
  const operations = [...called].sort(byCodeUnits);
  const dir = process.env[OPERATION_TESTS_DIR_VARIABLE];
  if (dir !== undefined && dir !== '') {
    mkdirSync(dir, { recursive: true });
    const noted: NotedFile = { file, operations };
    writeFileSync(
      join(dir, `${createHash('sha256').update(file).digest('hex').slice(0, 16)}.json`),
      JSON.stringify(noted),
    );
    return;
  }
  const listed = readOperationTests()[file] ?? [];
  const added = operations.filter((operation) => !listed.includes(operation));
  const gone = listed.filter((operation) => !operations.includes(operation));
  if (added.length > 0 || gone.length > 0)
    throw new Error(
      `${OPERATION_TESTS} is stale for ${file}${added.length > 0 ? `; it calls ${added.join(', ')}` : ''}${
        gone.length > 0 ? `; it no longer calls ${gone.join(', ')}` : ''
      }. Run \`npm run operation-tests -- ${file}\` and commit the map.`,
    );
});
