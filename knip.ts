/**
 * knip: files, exports, dependencies and binaries nothing uses, and imports nothing provides
 * (decision 0065). `npm run check:unused` runs it in `npm test`.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KnipConfig } from 'knip';
import { packageEntries, publishedPackages } from './scripts/lib/package-entries.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Each package's entries are the sources of its `exports`, internals included. knip's tsup plugin
 * reads only `entry:` properties written in a config, and ours pass them to `packageBuild`.
 */
const entriesOf = (dir: string): string[] => packageEntries(dir).map((entry) => relative(dir, entry.source));

const packages = Object.fromEntries(
  publishedPackages(root).map((dir) => [relative(root, dir), { entry: entriesOf(dir) }]),
) as Record<string, { entry: string[] }>;

const config: KnipConfig = {
  rules: {
    files: 'error',
    dependencies: 'error',
    devDependencies: 'error',
    optionalPeerDependencies: 'error',
    unlisted: 'error',
    unresolved: 'error',
    binaries: 'error',
    // A name exported from a module and imported nowhere is either dead or should be private.
    exports: 'error',
    nsExports: 'error',
    types: 'error',
    nsTypes: 'error',
    enumMembers: 'error',
    namespaceMembers: 'off',
    duplicates: 'error',
    // Import cycles are check:cycles' (dpdm).
    cycles: 'off',
  },
  workspaces: {
    '.': {
      entry: [
        // Consumer projects that bench/type-check.ts compiles with `tsc -p`; nothing imports them.
        'bench/typecheck/*/index.ts',
        // Test files that bench/cold-start.ts runs by path, each as a whole process.
        'bench/cold-start/*.mjs',
        // Run by path from examples/shop by test:examples (`tsx ../../scripts/min-node.ts`).
        'scripts/min-node.ts',
        // Copied into a fresh project and run there by scripts/check-install.ts; nothing imports them.
        'scripts/install-check/consumer.ts',
        'scripts/install-check/load-entries.mjs',
        // Loaded by path by the docs' vitest plugin (scripts/lib/doc-examples-plugin.ts).
        'scripts/lib/doc-stand-in.ts',
      ],
      // Imported only by the code blocks of docs/guides, which run as tests (decision 0047) and which knip does not read.
      ignoreDependencies: ['supertest', '@types/supertest'],
    },
    ...packages,
    'packages/domain': {
      // Its entries are those of its exports and its build's config: the tsup plugin would take the
      // bundlers' build, a module per source file, for as many entry points, and so never report
      // an unused export.
      entry: [...(packages['packages/domain']?.entry ?? []), 'tsup.config.ts'],
      tsup: false,
    },
    'packages/mock-server': {
      entry: [
        ...(packages['packages/mock-server']?.entry ?? []),
        // The sandbox's bin runs it: built by tsup into dist/, or from the sources in a checkout without a build.
        'src/sandbox.ts',
      ],
    },
    'packages/client': {
      entry: [
        ...(packages['packages/client']?.entry ?? []),
        // Generated from the spec's client examples to be type-checked with the client, never run.
        'test/generated/examples.ts',
      ],
    },
  },
};

export default config;
