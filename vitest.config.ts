import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { docExamples, pagesWithCode } from './scripts/lib/doc-examples-plugin.ts';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * One vitest run for every package; workspace packages resolve to their sources. The code blocks
 * of the READMEs and docs run too: each page with code is a test file (decision 0047).
 */
export default defineConfig({
  plugins: [docExamples()],
  resolve: {
    alias: [
      { find: /^@voucherkit\/domain$/, replacement: src('./packages/domain/src/index.ts') },
      { find: /^@voucherkit\/domain\/internals$/, replacement: src('./packages/domain/src/internals.ts') },
      { find: /^@voucherkit\/client$/, replacement: src('./packages/client/src/index.ts') },
      { find: /^@voucherkit\/client\/fetch$/, replacement: src('./packages/client/src/fetch.ts') },
      { find: /^@voucherkit\/mock-server$/, replacement: src('./packages/mock-server/src/index.ts') },
      { find: /^@voucherkit\/mock-server\/node$/, replacement: src('./packages/mock-server/src/node.ts') },
      { find: /^@voucherkit\/mock-server\/browser$/, replacement: src('./packages/mock-server/src/browser.ts') },
      { find: /^@voucherkit\/mock-server\/internals$/, replacement: src('./packages/mock-server/src/internals.ts') },
    ],
  },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'scripts/**/*.test.ts',
      ...pagesWithCode(),
    ],
    // The files of a worker share their modules instead of loading the mock again for each file:
    // each file makes its own services and servers, and leaves nothing global behind (decision 0073).
    isolate: false,
    // Notes the operations each test file calls, for docs/operation-tests.json (decision 0068).
    setupFiles: ['./scripts/lib/operation-tests-setup.ts'],
    // Stored records and event payloads are frozen, so a change in place fails a test (decision 0041).
    env: { VOUCHERKIT_FREEZE_RECORDS: '1' },
    // What the docs' examples print is for their readers, not for the test output.
    onConsoleLog: (_log, _type, entity) =>
      !(entity?.type === 'module' ? entity : entity?.module)?.moduleId.endsWith('.md'),
    typecheck: {
      enabled: true,
      include: ['packages/*/test/**/*.test-d.ts'],
      tsconfig: './packages/client/tsconfig.json',
    },
  },
});
