import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base.ts';

export default defineConfig({
  ...packageBuild(['src/index.ts', 'src/node.ts', 'src/browser.ts', 'src/internals.ts', 'src/sandbox.ts']),
  splitting: true,
  // A private copy of the parts of zod the schemas use, in the chunk that loads with the first
  // request: one module to load instead of zod's forty (decision 0074). Declarations still name
  // the zod package.
  noExternal: ['zod'],
});
