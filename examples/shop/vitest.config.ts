import { defineConfig } from 'vitest/config';

// No aliases: the example imports the built packages exactly as an app installed from npm would.
export default defineConfig({ test: { include: ['test/**/*.test.ts'] } });
