/**
 * What the client weighs in an app: an app that creates a client and calls three operations,
 * bundled for browsers with esbuild (minified), gzipped; and the size of the declarations.
 */
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { label } from './lib/measure.ts';

const LIMIT_BYTES = 12 * 1024;

export const bundleSize = async (): Promise<string[]> => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./bundle/app.ts', import.meta.url))],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  const gzipped = gzipSync(code, { level: 9 }).byteLength;
  // The one copy of the main entry's declarations; index.d.ts re-exports it (decision 0071).
  const declarations = statSync(fileURLToPath(new URL('../packages/client/dist/index.d.cts', import.meta.url))).size;
  return [
    'Client size',
    `  ${label('app: createClient + 3 operations, min')}${(code.byteLength / 1024).toFixed(1)} kB`,
    `  ${label('app: createClient + 3 operations, min+gz')}${(gzipped / 1024).toFixed(1)} kB (limit ${LIMIT_BYTES / 1024} kB${gzipped > LIMIT_BYTES ? ', OVER' : ''})`,
    `  ${label('declarations of the client (index.d.cts)')}${(declarations / 1024).toFixed(0)} kB`,
  ];
};
