/**
 * Refreshes docs/operation-tests.json, the map of which test files call which operations (decision
 * 0068): runs the tests named by the arguments (any `vitest run` filters; all tests without any),
 * each file noting the operations the mock answered, then puts the files whose tests all passed
 * into the map, drops the map's files that no longer exist, and writes it back formatted.
 *
 * `npm run operation-tests -- packages/mock-server/test/areas/catalog` refreshes the catalogue's
 * files; `npm run generate` then carries the map into docs/coverage.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  OPERATION_TESTS,
  OPERATION_TESTS_DIR_VARIABLE,
  type NotedFile,
  readOperationTests,
  writeOperationTests,
} from './lib/operation-tests.ts';
import { repoPath } from './lib/paths.ts';

const dir = mkdtempSync(join(tmpdir(), 'voucherkit-operation-tests-'));
try {
  const run = spawnSync('vitest', ['run', ...process.argv.slice(2)], {
    cwd: repoPath('.'),
    stdio: 'inherit',
    env: { ...process.env, [OPERATION_TESTS_DIR_VARIABLE]: dir },
  });
  const noted = readdirSync(dir).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as NotedFile);
  const map = new Map(Object.entries(readOperationTests()));
  for (const { file, operations } of noted) map.set(file, operations);
  writeOperationTests(Object.fromEntries([...map].filter(([file]) => existsSync(repoPath(file)))));
  spawnSync('biome', ['format', '--write', OPERATION_TESTS], { cwd: repoPath('.'), stdio: 'inherit' });
  console.log(`${OPERATION_TESTS}: ${noted.length} test files noted.`);
  if (run.status !== 0) {
    console.error('Some tests failed or did not run; their files kept what the map listed before.');
    process.exitCode = run.status ?? 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
