import { defineConfig } from 'vitest/config';

// A config of its own, so that vitest does not load the app's vite.config.ts; the test builds
// and serves the app itself.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The test builds the app with Vite, which makes a development build when NODE_ENV is `test`.
    env: { NODE_ENV: 'production' },
  },
});
