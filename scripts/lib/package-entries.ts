/**
 * The published packages of the workspaces and their entry points, read from package.json: each
 * subpath of a package's `exports` and the source file it is built from. The API reports and knip
 * read them here, so an entry added to `exports` is known to both without a change of theirs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One entry point of a package. */
export interface PackageEntry {
  /** The import specifier, e.g. `@voucherkit/mock-server/node`. */
  readonly specifier: string;
  /** The subpath in the package's `exports`, e.g. `./node`. */
  readonly subpath: string;
  /** The source file, absolute. */
  readonly source: string;
  /** Whether the entry is `./internals` (or below it): exported, but unstable by definition. */
  readonly internal: boolean;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** The published packages of the workspaces (those not private), absolute, in the workspaces' order. */
export const publishedPackages = (root: string): string[] => {
  const { workspaces = [] } = readJson<{ workspaces?: string[] }>(join(root, 'package.json'));
  const dirs = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(root, pattern.slice(0, -2), entry.name))
          .sort()
      : [join(root, pattern)],
  );
  return dirs.filter((dir) => {
    const manifest = join(dir, 'package.json');
    return existsSync(manifest) && !readJson<{ private?: boolean }>(manifest).private;
  });
};

/** The declaration file a subpath's conditions point to (`types`, at any depth). */
const typesOf = (target: unknown): string | undefined => {
  if (typeof target !== 'object' || target === null) return undefined;
  for (const [condition, value] of Object.entries(target)) {
    if (condition === 'types' && typeof value === 'string') return value;
    const nested = typesOf(value);
    if (nested !== undefined) return nested;
  }
  return undefined;
};

/**
 * The entries of one package, in the order of its `exports`, without `./package.json`. A
 * subpath's source is the tsup entry its declarations are built from: `./dist/<name>.d.ts` comes
 * from `src/<name>.ts`.
 */
export const packageEntries = (packageDir: string): PackageEntry[] => {
  const manifest = readJson<{ name: string; exports?: Record<string, unknown> }>(join(packageDir, 'package.json'));
  return Object.entries(manifest.exports ?? {})
    .filter(([subpath]) => subpath !== './package.json')
    .map(([subpath, target]) => {
      const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      const types = typesOf(target);
      const name = types?.match(/^\.\/dist\/(.+)\.d\.ts$/)?.[1];
      if (name === undefined)
        throw new Error(
          `${specifier}: its "types" (${types ?? 'none'}) is not ./dist/<name>.d.ts, built from src/<name>.ts`,
        );
      const source = join(packageDir, 'src', `${name}.ts`);
      if (!existsSync(source)) throw new Error(`${specifier}: no source ${relative(packageDir, source)}`);
      const internal = subpath === './internals' || subpath.startsWith('./internals/');
      return { specifier, subpath, source, internal };
    });
};
