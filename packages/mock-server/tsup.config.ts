import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base.ts';

export default defineConfig({
  ...packageBuild(['src/index.ts', 'src/node.ts', 'src/browser.ts', 'src/internals.ts', 'src/sandbox.ts']),
  splitting: true,
  // The ES modules carry a private copy of the parts of zod the schemas use, in the chunk that
  // loads with the first request: one module to load instead of zod's forty (decision 0074).
  // The CommonJS build, which test runners seldom load, requires the zod package: bundled there,
  // every call across chunks would weigh half as much again. Declarations name the zod package.
  noExternal: ['zod'],
  // The sandbox finds its dashboard's files beside its module (`import.meta.url`), in both builds.
  shims: true,
  esbuildOptions: (options, { format }) => {
    if (format === 'cjs') options.external = [...(options.external ?? []), 'zod'];
  },
});
