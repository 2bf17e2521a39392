import type { Options } from 'tsup';

/** The build every package shares: ESM + CJS + declarations, for current browsers and Node. */
export const packageBuild = (entry: string[]): Options => ({
  entry,
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
