import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base.ts';

export default defineConfig([
  // Split under require as well as import: both entries then load one copy of each module, so an
  // error thrown by the internals is the main entry's class (`instanceof DomainError` holds).
  // The two builds run together: each cleans its own folder only.
  { ...packageBuild(['src/index.ts', 'src/internals.ts']), splitting: true, clean: ['!browser/**'] },
  // For bundlers (the `browser` condition): a module per source file, so that an app's bundler
  // keeps only what the app uses and splits it as the app's chunks need it. A bundled file could
  // not be split: what a page's lazily loaded chunk uses of it loaded with the page (decision 0083).
  // Node keeps the two bundled files, which it loads in a third of the time.
  {
    entry: ['src/**/*.ts', '!src/**/*.test.ts'],
    format: ['esm'],
    bundle: false,
    outDir: 'dist/browser',
    clean: true,
    // Seventy files would fill the build's log; tsup then lists the files of neither build, and
    // still shows errors.
    silent: true,
    target: 'es2022',
  },
]);
