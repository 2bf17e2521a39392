/**
 * The repository stands alone: generation and the freshness check pass in a copy that has
 * nothing beside it, as on a stranger's fresh clone, and the sandbox's command starts there
 * without a build. The copy holds exactly what git would clone (tracked files plus new, unignored
 * ones, so the test also holds before a commit; no `dist/`) and borrows `node_modules` through a
 * link instead of installing again.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { repoPath } from './lib/paths.ts';

const root = repoPath('.');
const parent = mkdtempSync(join(tmpdir(), 'voucherkit-standalone-'));
const copy = join(parent, 'voucherkit');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8' });

const copyRepository = (): void => {
  const files = git(root, 'ls-files', '-z', '--cached', '--others', '--exclude-standard').split('\0').filter(Boolean);
  for (const file of files) {
    const from = join(root, file);
    if (!existsSync(from)) continue; // deleted in the working tree, so not part of what would land
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(from, join(copy, file));
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  git(copy, 'init', '-q');
  git(copy, 'add', '-A');
  git(copy, '-c', 'user.name=standalone', '-c', 'user.email=standalone@example.invalid', 'commit', '-qm', 'snapshot');
};

beforeAll(copyRepository);

test('generation and the freshness check pass with nothing beside the repository', () => {
  expect(readdirSync(parent)).toEqual(['voucherkit']);
  const env = { ...process.env, PATH: [join(copy, 'node_modules', '.bin'), process.env['PATH'] ?? ''].join(delimiter) };
  const output = execFileSync(join(copy, 'node_modules', '.bin', 'tsx'), ['scripts/check-generated.ts'], {
    cwd: copy,
    env,
    encoding: 'utf8',
  });
  expect(output).toContain('Generated files are fresh');
}, 120_000);

/** A sandbox started by the package's command, and what its banner says. */
interface StartedSandbox {
  readonly process: ChildProcess;
  readonly url: string;
  readonly appId: string;
  readonly appToken: string;
}

/** Runs the copy's `voucherkit-sandbox` on a free port; resolves once its banner is printed. */
const startSandbox = (): Promise<StartedSandbox> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(copy, 'packages/mock-server/bin/sandbox.mjs')], {
      cwd: copy,
      env: { ...process.env, PORT: '0' },
    });
    let output = '';
    const field = (label: string): string | undefined => output.match(new RegExp(`^ +${label} +(\\S+)$`, 'm'))?.[1];
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      const [url, appId, appToken] = [field('Base URL'), field('X-App-Id'), field('X-App-Token')];
      if (url !== undefined && appId !== undefined && appToken !== undefined)
        resolve({ process: child, url, appId, appToken });
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.once('exit', (code) => reject(new Error(`The sandbox exited (${code}) before it listened:\n${output}`)));
  });

test("the sandbox's command starts from the sources without a build, twice from one checkout, with its dashboard", async () => {
  expect(existsSync(join(copy, 'packages/mock-server/dist'))).toBe(false);
  const sandboxes = await Promise.all([startSandbox(), startSandbox()]);
  try {
    expect(sandboxes[0].url).not.toBe(sandboxes[1].url);
    for (const { url, appId, appToken } of sandboxes) {
      const answer = await fetch(`${url}/v1/categories`, { headers: { 'X-App-Id': appId, 'X-App-Token': appToken } });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { data: { name: string }[] }).data.map(({ name }) => name).sort()).toEqual([
        'Clearance',
        'Loyalty',
        'Seasonal',
      ]);
    }
    // Its dashboard too, bundled from the sources on first use.
    const script = await fetch(`${sandboxes[0].url}/_voucherkit/dashboard.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  } finally {
    for (const sandbox of sandboxes) sandbox.process.kill();
  }
}, 60_000);

test('no file the project runs names a folder outside the repository', () => {
  // git grep exits with 1 when nothing matches, which is the outcome we want.
  const hits = spawnSync('git', ['grep', '-n', '-I', '-e', '\\.\\./shared', '--', '.', ':!*.md'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(hits.stdout).toBe('');
  expect(hits.status).toBe(1);
});
