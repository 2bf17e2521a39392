import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { type BuiltPackage, buildChanged, withLock } from './lib/build-changed.ts';
import { repoPath } from './lib/paths.ts';

const PACKAGES: BuiltPackage[] = [
  { dir: 'packages/domain', dependsOn: [] },
  { dir: 'packages/client', dependsOn: [] },
  { dir: 'packages/mock-server', dependsOn: ['packages/domain', 'packages/client'] },
];

let root: string;
let builds: string[];

const write = (path: string, text: string): void => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

/** Builds as tsup does: the package's dist/ is emptied, then written. */
const build = (dir: string): void => {
  builds.push(dir);
  rmSync(join(root, dir, 'dist'), { recursive: true, force: true });
  write(`${dir}/dist/index.js`, 'export {};');
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-changed-'));
  builds = [];
  write('tsup.base.ts', 'export {};');
  write('package-lock.json', '{}');
  for (const { dir } of PACKAGES) {
    write(`${dir}/package.json`, '{}');
    write(`${dir}/src/index.ts`, 'export const a = 1;');
    write(`${dir}/src/index.test.ts`, 'test');
  }
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/**
 * Runs a module in a process of its own, as a second `npm start` is: `code` sees `root`, `lock`,
 * `fs` and the module under test's `buildChanged` and `withLock`.
 */
const otherProcess = (code: string, lock = join(root, 'node_modules', '.voucherkit-build.lock')): ChildProcess =>
  spawn(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      `import * as fs from 'node:fs';
       import { buildChanged, withLock } from ${JSON.stringify(pathToFileURL(repoPath('scripts/lib/build-changed.ts')).href)};
       const [root, lock] = process.argv.slice(1);
       ${code}`,
      root,
      lock,
    ],
    { stdio: 'inherit' },
  );

const exitOf = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => child.once('exit', (code) => resolve(code)));

describe('npm start builds what changed', () => {
  test('builds every package the first time, and none when nothing changed', async () => {
    expect(await buildChanged(root, PACKAGES, build)).toEqual(PACKAGES.map(({ dir }) => dir));
    builds = [];
    expect(await buildChanged(root, PACKAGES, build)).toEqual([]);
    expect(builds).toEqual([]);
  });

  test('builds a changed package and the packages that depend on it', async () => {
    await buildChanged(root, PACKAGES, build);
    write('packages/domain/src/index.ts', 'export const a = 2;');
    expect(await buildChanged(root, PACKAGES, build)).toEqual(['packages/domain', 'packages/mock-server']);
    write('packages/mock-server/src/new.ts', 'export const b = 1;');
    expect(await buildChanged(root, PACKAGES, build)).toEqual(['packages/mock-server']);
  });

  test('a changed test, which no build reads, builds nothing; a shared file builds everything', async () => {
    await buildChanged(root, PACKAGES, build);
    write('packages/client/src/index.test.ts', 'another test');
    expect(await buildChanged(root, PACKAGES, build)).toEqual([]);
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(await buildChanged(root, PACKAGES, build)).toHaveLength(3);
  });

  test('a dist/ emptied by another build is built again, with what depends on it', async () => {
    await buildChanged(root, PACKAGES, build);
    rmSync(join(root, 'packages/client/dist'), { recursive: true });
    expect(await buildChanged(root, PACKAGES, build)).toEqual(['packages/client', 'packages/mock-server']);
  });

  test('a start that waits for another one finds the packages built, and builds nothing', async () => {
    const lock = join(root, 'lock');
    mkdirSync(lock);
    const waiting = buildChanged(root, PACKAGES, build, lock);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(builds).toEqual([]);
    // The other start builds, then lets go of the lock.
    await buildChanged(root, PACKAGES, build, join(root, 'other-lock'));
    rmSync(lock, { recursive: true });
    expect(await waiting).toEqual([]);
    expect(builds).toEqual(PACKAGES.map(({ dir }) => dir));
  });

  test('two starts in two processes at once build each package once, and both go on', async () => {
    // Each start builds as tsup does, and notes what it built; a build takes a moment, so that
    // the other start comes while it runs.
    const start = (): ChildProcess =>
      otherProcess(`
        await buildChanged(root, ${JSON.stringify(PACKAGES)}, (dir) => {
          fs.rmSync(root + '/' + dir + '/dist', { recursive: true, force: true });
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
          fs.mkdirSync(root + '/' + dir + '/dist');
          fs.writeFileSync(root + '/' + dir + '/dist/index.js', 'export {};');
          fs.appendFileSync(root + '/builds.log', dir + '\\n');
        });`);
    expect(await Promise.all([exitOf(start()), exitOf(start())])).toEqual([0, 0]);
    expect(readFileSync(join(root, 'builds.log'), 'utf8').trim().split('\n')).toEqual(PACKAGES.map(({ dir }) => dir));
  });

  test('a lock held by a start that was killed is taken over', async () => {
    const lock = join(root, 'lock');
    const taken = join(root, 'taken');
    const holder = otherProcess(
      `await withLock(lock, () => {
         fs.writeFileSync(${JSON.stringify(taken)}, '');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
       });`,
      lock,
    );
    const exited = exitOf(holder);
    while (!existsSync(taken) && holder.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(taken)).toBe(true);
    holder.kill('SIGKILL');
    await exited;
    expect(await withLock(lock, () => 'taken over', 5)).toBe('taken over');
  });

  test('the lock lets one holder in at a time and is released after a failure', async () => {
    const lock = join(root, 'lock');
    const order: string[] = [];
    const first = withLock(lock, async () => {
      order.push('first in');
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push('first out');
    });
    const second = withLock(lock, () => order.push('second'), 5);
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second']);
    await expect(
      withLock(lock, () => {
        throw new Error('build failed');
      }),
    ).rejects.toThrow('build failed');
    expect(await withLock(lock, () => 'free again')).toBe('free again');
  });
});
