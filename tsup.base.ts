import type { Options } from 'tsup';

/**
 * The build every package shares: ESM + CJS + declarations, for current browsers and Node. No
 * source maps: the code is bundled but not minified, so a stack trace points at readable code
 * with the sources' names (decision 0071). Each package's build then runs
 * `scripts/declarations-once.ts`, which keeps one copy of the declarations.
 */
export const packageBuild = (entry: string[]): Options => ({
  entry,
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'es2022',
});
