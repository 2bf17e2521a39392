import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base.ts';

export default defineConfig({
  ...packageBuild(['src/index.ts', 'src/node.ts', 'src/browser.ts', 'src/internals.ts', 'src/sandbox.ts']),
  splitting: true,
});
