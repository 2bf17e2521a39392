/**
 * What the browser example's page loads: its build by Vite, as deployed. The first chunk (the app
 * and the client) loads with the page; the mock (MSW, the stores, the domain) comes in a chunk of
 * its own that the app imports dynamically, and the operation schemas in another that the mock
 * fetches on the first request. The same app built as one chunk is the reference: what the page
 * loaded at once before the split. Sizes are minified, and minified then gzipped (level 9).
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { label } from './lib/measure.ts';

const ROOT = fileURLToPath(new URL('../examples/browser/', import.meta.url));
const FIRST_CHUNK_GOAL_BYTES = 150 * 1024;

interface Chunk {
  readonly name: string;
  readonly first: boolean;
  readonly bytes: number;
  readonly gzipped: number;
}

const chunksOf = async (split: boolean): Promise<Chunk[]> => {
  // The example's own config also writes MSW's worker script; sizes need none of it.
  const result = await build({
    root: ROOT,
    configFile: false,
    logLevel: 'silent',
    build: { write: false, ...(split ? {} : { rolldownOptions: { output: { codeSplitting: false } } }) },
  });
  return (Array.isArray(result) ? result : [result])
    .flatMap((output) => ('output' in output ? output.output : []))
    .flatMap((item) => {
      if (item.type !== 'chunk') return [];
      const code = Buffer.from(item.code);
      return [
        {
          name: item.name,
          first: item.isEntry,
          bytes: code.byteLength,
          gzipped: gzipSync(code, { level: 9 }).byteLength,
        },
      ];
    });
};

const size = (chunk: Pick<Chunk, 'bytes' | 'gzipped'>): string =>
  `${(chunk.bytes / 1024).toFixed(0)} kB min, ${(chunk.gzipped / 1024).toFixed(0)} kB min+gz`;

export const browserBundle = async (): Promise<string[]> => {
  const [split, whole] = [await chunksOf(true), await chunksOf(false)];
  const first = split.find((chunk) => chunk.first);
  const one = whole.find((chunk) => chunk.first);
  if (first === undefined || one === undefined) throw new Error('The browser example built no entry chunk');
  return [
    'Browser example (examples/browser built by Vite)',
    `  ${label('first chunk: the app and the client')}${size(first)} (goal ≤ ${FIRST_CHUNK_GOAL_BYTES / 1024} kB min+gz${first.gzipped > FIRST_CHUNK_GOAL_BYTES ? ', OVER' : ''})`,
    ...split
      .filter((chunk) => !chunk.first)
      .map(
        (chunk) =>
          `  ${label(chunk.name.startsWith('operations') ? 'on the first request: the operation schemas' : 'at start: the mock (MSW, stores, domain)')}${size(chunk)}`,
      ),
    `  ${label('reference: the same app as one chunk')}${size(one)}`,
  ];
};
