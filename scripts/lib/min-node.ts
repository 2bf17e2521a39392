/**
 * The lowest Node.js major that the published packages declare in `engines.node`, and a binary of
 * it. The repository's own scripts run on the pinned Node 24, so the lowest Node is looked for
 * elsewhere: a `node` on PATH outside any node_modules folder (the machine's own) when its major
 * matches, otherwise the `node` package of that major from the npm registry, through `npm exec`,
 * which keeps it in npm's cache for the next run.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { publishedPackages } from './package-entries.ts';
import { repoPath } from './paths.ts';

/** A Node.js binary of the lowest declared major. */
export interface LowestNode {
  readonly major: number;
  /** The binary's absolute path. */
  readonly path: string;
  /** Where it comes from, for the log. */
  readonly source: string;
}

/** The lowest major that every package accepts, from `engines.node` ranges of the form `>=N`. */
export const lowestDeclaredMajor = (ranges: readonly string[]): number => {
  const majors = ranges.map((range) => {
    const match = /^>=\s*(\d+)(?:\.\d+){0,2}$/.exec(range.trim());
    if (!match)
      throw new Error(`engines.node "${range}" is not of the form ">=N"; teach scripts/lib/min-node.ts to read it`);
    return Number(match[1]);
  });
  return Math.max(...majors);
};

const declaredRanges = (): string[] =>
  publishedPackages(repoPath('.')).map((dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { engines?: { node?: string } };
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

/** The `node` package of that major, fetched into npm's cache (once) by `npm exec`. */
const registryNode = (major: number): string =>
  execFileSync('npm', ['exec', '--yes', `--package=node@${major}`, '--', 'node', '-p', 'process.execPath'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();

/** A binary of the lowest Node.js major the published packages declare. */
export const lowestNode = (): LowestNode => {
  const major = lowestDeclaredMajor(declaredRanges());
  const local = machineNode(major);
  return local === undefined
    ? { major, path: registryNode(major), source: `node@${major} from the npm registry` }
    : { major, path: local, source: local };
};
