/**
 * Installs the published packages as a user would, and uses them (decision 0079). It packs each
 * package, runs `npm publish --dry-run` on its tarball, installs the tarballs into a fresh project
 * outside the repository beside what a user installs with them (MSW, Vitest 4, TypeScript, the
 * Node types), and, on the lowest Node the packages declare, loads every entry point of their
 * `exports` with `import()` and with `require`, type-checks a consumer file
 * (`scripts/install-check/consumer.ts`: strict, NodeNext, the declarations checked too) and runs it
 * as a Vitest 4 test. The temporary folder is removed at the end, also when `npm test` stops the
 * step; npm's cache makes the next install quick.
 *
 * Plain TypeScript, which Node runs as it is (`node scripts/check-install.ts`): under tsx, a stop
 * would end the script before it removes its folder.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lowestNode } from './lib/min-node.ts';
import { packageEntries, publishedPackages } from './lib/package-entries.ts';
import { repoPath } from './lib/paths.ts';

/** What a user installs beside the packages, besides `@types/node` of the lowest Node. */
const BESIDE = ['msw', 'vitest@4', 'typescript'];
/** How npm installs: from its cache when it can, without the audit and funding requests. */
const INSTALL_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
/** The consumer's compiler options: what a strict Node project sets, declarations checked too. */
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    types: ['node'],
  },
  files: ['consumer.test.ts'],
};

interface Packed {
  readonly name: string;
  readonly version: string;
  readonly filename: string;
}

const run = (command: string, args: readonly string[], cwd: string): string =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** A step that failed, whose output is already printed. */
class StepFailure extends Error {}

/** Runs a step and prints its title, what it found (`detail`) and its time, or on failure the command's output. */
const step = <T>(title: string, action: () => T, detail: (result: T) => string = () => ''): T => {
  const started = performance.now();
  try {
    const result = action();
    const found = detail(result);
    console.log(
      `✓ ${title}${found === '' ? '' : `: ${found}`} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    return result;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    console.error(`✗ ${title}\n${`${stdout}${stderr}`.trim() || String(error)}`);
    throw new StepFailure(title, { cause: error });
  }
};

/**
 * `npm publish --dry-run` of a tarball, and what npm says it would do (`tag latest and public
 * access`). It needs no login: npm only warns. It asks the registry for the package's versions and
 * refuses one already published; that one is the release these sources were, so the dry run is
 * repeated with `--force`, which skips only that comparison.
 */
const publishDryRun = (tarball: string, cwd: string): string => {
  const dryRun = (force: boolean): string => {
    const args = ['publish', '--dry-run', ...(force ? ['--force'] : []), tarball];
    const { stderr, status } = spawnSync('npm', args, { cwd, encoding: 'utf8' });
    if (status !== 0) throw Object.assign(new Error(`npm ${args.join(' ')} failed`), { stderr });
    return /with (tag \S+ and \S+ access)/.exec(stderr)?.[1] ?? 'no "Publishing to" line';
  };
  try {
    return `${dryRun(false)}, a new version`;
  } catch (error) {
    if (!(error as { stderr?: string }).stderr?.includes('previously published versions')) throw error;
    return `${dryRun(true)}, already published (the released version)`;
  }
};

// Stopped by npm test (another step failed) or by Ctrl-C: the signal stops the command running too,
// whose step then fails, and the temporary folder is still removed below.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => (process.exitCode = 130));

const started = performance.now();
const dirs = publishedPackages(repoPath('.'));
const node = lowestNode();
const folder = mkdtempSync(join(tmpdir(), 'voucherkit-install-'));
try {
  const packed = step(`npm pack of ${dirs.length} packages`, () => {
    const workspaces = dirs.map((dir) => `--workspace=${dir}`);
    const output = run('npm', ['pack', ...workspaces, '--pack-destination', folder, '--json'], repoPath('.'));
    return JSON.parse(output) as Packed[];
  });
  for (const { name, version, filename } of packed)
    step(`npm publish --dry-run ${name}@${version}`, () => publishDryRun(join(folder, filename), folder), String);

  const app = join(folder, 'app');
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    `${JSON.stringify({ name: 'install-check', private: true, type: 'module' }, null, 2)}\n`,
  );
  const beside = [...BESIDE, `@types/node@${node.major}`];
  step(`install of the tarballs with ${beside.join(', ')} into a fresh project`, () =>
    run('npm', ['install', ...INSTALL_FLAGS, ...packed.map(({ filename }) => join(folder, filename)), ...beside], app),
  );
  const installed = (name: string): string =>
    (JSON.parse(readFileSync(join(app, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  console.log(
    `  msw ${installed('msw')}, vitest ${installed('vitest')}, typescript ${installed('typescript')}, @types/node ${installed('@types/node')}`,
  );

  const nodeVersion = run(node.path, ['--version'], app).trim();
  console.log(`On Node ${nodeVersion}, the lowest major the packages declare (${node.source}):`);
  copyFileSync(repoPath('scripts/install-check/load-entries.mjs'), join(app, 'load-entries.mjs'));
  const specifiers = dirs.flatMap((dir) => packageEntries(dir).map((entry) => entry.specifier));
  const loaded = step(`import() and require() of ${specifiers.length} entry points`, () =>
    run(node.path, ['load-entries.mjs', ...specifiers], app),
  );
  console.log(loaded.trimEnd().replace(/^/gm, '  '));

  copyFileSync(repoPath('scripts/install-check/consumer.ts'), join(app, 'consumer.test.ts'));
  writeFileSync(join(app, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  step('type check of the consumer (strict, NodeNext, skipLibCheck false)', () =>
    run(node.path, [join(app, 'node_modules/typescript/bin/tsc'), '-p', '.'], app),
  );
  step('the consumer as a Vitest 4 test', () =>
    run(node.path, [join(app, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=dot'], app),
  );
  console.log(`Install check passed in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  if (!(error instanceof StepFailure)) console.error(error);
  process.exitCode ??= 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
