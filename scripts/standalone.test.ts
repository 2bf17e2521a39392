/**
 * The repository stands alone: generation and the freshness check pass in a copy that has
 * nothing beside it, as on a stranger's fresh clone. The copy holds exactly what git would
 * clone (tracked files plus new, unignored ones, so the test also holds before a commit) and
 * borrows `node_modules` through a link instead of installing again.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
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

test('generation and the freshness check pass with nothing beside the repository', () => {
  copyRepository();
  expect(readdirSync(parent)).toEqual(['voucherkit']);
  const env = { ...process.env, PATH: [join(copy, 'node_modules', '.bin'), process.env['PATH'] ?? ''].join(delimiter) };
  const output = execFileSync(join(copy, 'node_modules', '.bin', 'tsx'), ['scripts/check-generated.ts'], {
    cwd: copy,
    env,
    encoding: 'utf8',
  });
  expect(output).toContain('Generated files are fresh');
}, 120_000);

test('no file the project runs names a folder outside the repository', () => {
  // git grep exits with 1 when nothing matches, which is the outcome we want.
  const hits = spawnSync('git', ['grep', '-n', '-I', '-e', '\\.\\./shared', '--', '.', ':!*.md'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(hits.stdout).toBe('');
  expect(hits.status).toBe(1);
});
