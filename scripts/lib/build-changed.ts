/**
 * Builds the packages whose sources changed since their last build, so that `npm start` starts in
 * a second when nothing changed. Each build leaves a fingerprint of what it was built from in the
 * package's `dist/`; a package is built again when its fingerprint differs or a package it
 * depends on was built. A lock keeps two starts from one checkout from building the same `dist/`
 * at once, and from reading one while it is built: the second waits, then finds the packages
 * fresh. A lock whose holder has died (a start stopped with Ctrl+C while it built) is taken over.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** A package to keep built, with the workspace packages it imports. */
export interface BuiltPackage {
  readonly dir: string;
  readonly dependsOn: readonly string[];
}

/** Where a package's build keeps the fingerprint of its inputs. */
const STAMP = 'dist/.inputs-sha256';
/** Files of the repository that every package's build reads. */
const SHARED_INPUTS = [
  'tsup.base.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/declarations-once.ts',
  'scripts/lib/declarations-once.ts',
  'scripts/lib/reindent.ts',
  'scripts/lib/package-entries.ts',
  // The mock-server's build bundles the sandbox's dashboard with these.
  'scripts/build-dashboard.ts',
  'scripts/lib/dashboard-build.ts',
];
/** A lock older than this is taken to be left by a start that died. */
const STALE_LOCK_MS = 10 * 60_000;

const filesUnder = (path: string): string[] => {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (stats === undefined) return [];
  if (!stats.isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => (name.endsWith('.test.ts') || name.endsWith('.test-d.ts') ? [] : filesUnder(join(path, name))));
};

/** The fingerprint of what a package's build reads: its sources, its configuration, the shared files. */
const inputsFingerprint = (root: string, dir: string): string => {
  const hash = createHash('sha256');
  const inputs = [
    ...SHARED_INPUTS.map((file) => join(root, file)),
    ...['package.json', 'tsup.config.ts', 'tsconfig.json', 'src'].flatMap((part) => filesUnder(join(root, dir, part))),
  ];
  for (const file of inputs) {
    const content = statSync(file, { throwIfNoEntry: false }) === undefined ? '' : readFileSync(file);
    hash.update(relative(root, file)).update('\0').update(content).update('\0');
  }
  return hash.digest('hex');
};

const builtFingerprint = (root: string, dir: string): string | undefined => {
  try {
    return readFileSync(join(root, dir, STAMP), 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * The packages to build, in the order given, each with the fingerprint of its inputs now: changed
 * ones and those that depend on a rebuilt one.
 */
const stalePackages = (
  root: string,
  packages: readonly BuiltPackage[],
): { pkg: BuiltPackage; fingerprint: string }[] => {
  const rebuilt = new Set<string>();
  return packages.flatMap((pkg) => {
    const fingerprint = inputsFingerprint(root, pkg.dir);
    const stale =
      pkg.dependsOn.some((dependency) => rebuilt.has(dependency)) || builtFingerprint(root, pkg.dir) !== fingerprint;
    if (!stale) return [];
    rebuilt.add(pkg.dir);
    return [{ pkg, fingerprint }];
  });
};

/** The file in a lock directory that names the process holding it. */
const HOLDER = 'pid';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** A lock is left over when the process that holds it is gone, or when it is older than a build takes. */
const lockIsStale = (lock: string): boolean => {
  const stats = statSync(lock, { throwIfNoEntry: false });
  if (stats === undefined) return false;
  if (Date.now() - stats.mtimeMs > STALE_LOCK_MS) return true;
  let holder: number;
  try {
    holder = Number(readFileSync(join(lock, HOLDER), 'utf8'));
  } catch {
    return false; // taken a moment ago: its holder is writing its name
  }
  return Number.isInteger(holder) && holder > 0 && !isAlive(holder);
};

/** Runs `work` holding the lock directory `lock`, waiting (polling every `pollMs`) while another process holds it. */
export const withLock = async <T>(lock: string, work: () => T | Promise<T>, pollMs = 200): Promise<T> => {
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock, { recursive: false });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (lockIsStale(lock)) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
  try {
    writeFileSync(join(lock, HOLDER), String(process.pid));
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
};

/**
 * Builds what changed (`build` runs one package's build in its folder) and stamps each build.
 *
 * @returns The folders of the packages built.
 */
export const buildChanged = async (
  root: string,
  packages: readonly BuiltPackage[],
  build: (dir: string) => void,
  lock = join(root, 'node_modules', '.voucherkit-build.lock'),
): Promise<string[]> =>
  // Even a start with nothing to build waits for one that is building: a dist/ it would find
  // fresh may be the next to be emptied and written again.
  withLock(lock, () => {
    const stale = stalePackages(root, packages);
    for (const { pkg, fingerprint } of stale) {
      build(pkg.dir);
      writeFileSync(join(root, pkg.dir, STAMP), fingerprint);
    }
    return stale.map(({ pkg }) => pkg.dir);
  });
