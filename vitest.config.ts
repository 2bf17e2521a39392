import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** One vitest run for every package; workspace packages resolve to their sources. */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@voucherkit\/domain$/, replacement: src('./packages/domain/src/index.ts') },
      { find: /^@voucherkit\/client$/, replacement: src('./packages/client/src/index.ts') },
      { find: /^@voucherkit\/client\/fetch$/, replacement: src('./packages/client/src/fetch.ts') },
      { find: /^@voucherkit\/mock-server$/, replacement: src('./packages/mock-server/src/index.ts') },
      { find: /^@voucherkit\/mock-server\/node$/, replacement: src('./packages/mock-server/src/node.ts') },
      { find: /^@voucherkit\/mock-server\/browser$/, replacement: src('./packages/mock-server/src/browser.ts') },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Stored records and event payloads are frozen, so a change in place fails a test (decision 0041).
    env: { VOUCHERKIT_FREEZE_RECORDS: '1' },
    typecheck: { enabled: true, include: ['packages/*/test/**/*.test-d.ts'], tsconfig: './packages/client/tsconfig.json' },
  },
});
