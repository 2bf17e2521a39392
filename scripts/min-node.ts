/**
 * Runs a command on the lowest Node.js major that the published packages declare in
 * `engines.node`, to prove the declaration: `tsx scripts/min-node.ts -- node --test …`.
 *
 * The repository's own scripts run on the pinned Node 24, so the lowest Node is looked for
 * elsewhere: a `node` on PATH outside any node_modules folder (the machine's own) when its major
 * matches, otherwise the `node` package of that major from the npm registry through `npm exec`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { repoPath } from './lib/paths.ts';

const PACKAGES = ['packages/domain', 'packages/client', 'packages/mock-server'];

/** The lowest major that every package accepts, from `engines.node` ranges of the form `>=N`. */
const lowestDeclaredMajor = (ranges: readonly string[]): number => {
  const majors = ranges.map((range) => {
    const match = /^>=\s*(\d+)(?:\.\d+){0,2}$/.exec(range.trim());
    if (!match)
      throw new Error(`engines.node "${range}" is not of the form ">=N"; teach scripts/min-node.ts to read it`);
    return Number(match[1]);
  });
  return Math.max(...majors);
};

const declaredRanges = (): string[] =>
  PACKAGES.map((dir) => {
    const manifest = JSON.parse(readFileSync(repoPath(`${dir}/package.json`), 'utf8')) as {
      engines?: { node?: string };
    };
    if (!manifest.engines?.node) throw new Error(`${dir}/package.json declares no engines.node`);
    return manifest.engines.node;
  });

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** A node binary of that major on PATH outside node_modules, if the machine has one. */
const machineNode = (major: number): string | undefined =>
  (process.env['PATH'] ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '' && !dir.split(/[\\/]/).includes('node_modules'))
    .map((dir) => join(dir, process.platform === 'win32' ? 'node.exe' : 'node'))
    .find(
      (file) =>
        isExecutable(file) && execFileSync(file, ['--version'], { encoding: 'utf8' }).trim().startsWith(`v${major}.`),
    );

const separator = process.argv.indexOf('--');
const [command, ...args] = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command !== 'node') {
  console.error('usage: tsx scripts/min-node.ts -- node <arguments>');
  process.exit(2);
}
const major = lowestDeclaredMajor(declaredRanges());
const local = machineNode(major);
console.log(
  `Running on Node ${major} (the lowest the packages declare): ${local ?? `node@${major} from the npm registry`}`,
);
const result = local
  ? spawnSync(local, args, { stdio: 'inherit' })
  : spawnSync('npm', ['exec', '--yes', `--package=node@${major}`, '--', 'node', ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
