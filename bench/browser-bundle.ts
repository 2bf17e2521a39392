/**
 * What the browser example's page loads: its build by Vite, as deployed, grouped by when each
 * chunk loads. The first chunk (the app and the client) loads with the page. When the app starts
 * the mock, it loads MSW (what any page that uses MSW loads, the reference, in a chunk of its own
 * with the part of msw the mock's handlers are made with) and the mock (its stores and the
 * domain); the first request of a tag brings that tag's request schemas, with the shared ones and
 * the part of zod they use. The engine (validations, redemptions, qualifications) loads with the
 * first request that runs it, as the control API with its first request. The example lists and creates categories, so the
 * schemas of the other tags are reported apart: a page that calls them loads them too. The response
 * schemas load only for strict mode. The same app built as one chunk is the older reference. Sizes
 * are minified, and minified then gzipped (level 9).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { label } from './lib/measure.ts';

const ROOT = fileURLToPath(new URL('../examples/browser/', import.meta.url));
const FIRST_CHUNK_GOAL_BYTES = 150 * 1024;
const MOCK_GOAL_BYTES = 150 * 1024;
/** The tags of the example's requests (`listCategories`, `createCategory`), as their modules are named. */
const PAGE_TAGS = ['categories'];

interface Chunk {
  readonly fileName: string;
  readonly first: boolean;
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
  /** Whether most of its code is MSW and its dependencies rather than ours. */
  readonly msw: boolean;
  readonly bytes: number;
  readonly gzipped: number;
}

/** MSW's packages: msw and everything it depends on, by name. */
const mswPackages = (): Set<string> => {
  const names = new Set<string>();
  const visit = (name: string, from: string): void => {
    if (names.has(name)) return;
    names.add(name);
    // Found as Node finds a package from `from`; some packages export no package.json to `resolve`.
    const folders = createRequire(from).resolve.paths(name) ?? [];
    const manifest = folders.map((folder) => join(folder, name, 'package.json')).find((path) => existsSync(path));
    if (manifest === undefined) throw new Error(`${name} is not installed`);
    const { dependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: object };
    for (const dependency of Object.keys(dependencies)) visit(dependency, manifest);
  };
  visit('msw', `${ROOT}package.json`);
  return names;
};

const chunksOf = async (split: boolean): Promise<Chunk[]> => {
  // MSW's code goes in a chunk of its own, what any page with MSW loads, including the part of msw
  // that the mock's handlers are made with; the rest is split as the example's build splits it.
  const msw = mswPackages();
  const inMsw = (id: string): boolean => {
    const path = id.split('/node_modules/').at(-1) ?? '';
    return id.includes('/node_modules/') && msw.has(path.split('/', path.startsWith('@') ? 2 : 1).join('/'));
  };
  const codeSplitting = split ? { groups: [{ name: 'msw', test: inMsw }] } : false;
  // The example's own config also writes MSW's worker script; sizes need none of it.
  const result = await build({
    root: ROOT,
    configFile: false,
    logLevel: 'silent',
    build: { write: false, rolldownOptions: { output: { codeSplitting } } },
  });
  return (Array.isArray(result) ? result : [result])
    .flatMap((output) => ('output' in output ? output.output : []))
    .flatMap((item) => {
      if (item.type !== 'chunk') return [];
      const code = Buffer.from(item.code);
      const modules = Object.entries(item.modules);
      const rendered = (test: (id: string) => boolean): number =>
        modules.reduce((sum, [id, info]) => (test(id) ? sum + info.renderedLength : sum), 0);
      return [
        {
          fileName: item.fileName,
          first: item.isEntry,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          msw: rendered((id) => id.includes('/node_modules/')) > rendered(() => true) / 2,
          bytes: code.byteLength,
          gzipped: gzipSync(code, { level: 9 }).byteLength,
        },
      ];
    });
};

/** The chunks that loading `roots` loads, with their static imports, except those already `loaded`. */
const closure = (chunks: readonly Chunk[], roots: readonly string[], loaded: ReadonlySet<string>): Chunk[] => {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = new Map<string, Chunk>();
  const visit = (name: string): void => {
    const chunk = byName.get(name);
    if (chunk === undefined || loaded.has(name) || found.has(name)) return;
    found.set(name, chunk);
    chunk.imports.forEach(visit);
  };
  roots.forEach(visit);
  return [...found.values()];
};

const sum = (chunks: readonly Chunk[]): Pick<Chunk, 'bytes' | 'gzipped'> => ({
  bytes: chunks.reduce((total, chunk) => total + chunk.bytes, 0),
  gzipped: chunks.reduce((total, chunk) => total + chunk.gzipped, 0),
});

const size = (chunk: Pick<Chunk, 'bytes' | 'gzipped'>): string =>
  `${(chunk.bytes / 1024).toFixed(0)} kB min, ${(chunk.gzipped / 1024).toFixed(0)} kB min+gz`;

export const browserBundle = async (): Promise<string[]> => {
  const [split, whole] = [await chunksOf(true), await chunksOf(false)];
  const first = split.filter((chunk) => chunk.first);
  const one = whole.find((chunk) => chunk.first);
  if (first.length === 0 || one === undefined) throw new Error('The browser example built no entry chunk');
  // Each stage loads what the one before imports dynamically.
  const loaded = new Set(
    closure(
      split,
      first.map((chunk) => chunk.fileName),
      new Set(),
    ).map((c) => c.fileName),
  );
  const stage = (from: readonly Chunk[], test: (name: string) => boolean = () => true): Chunk[] => {
    const chunks = closure(split, from.flatMap((chunk) => chunk.dynamicImports).filter(test), loaded);
    for (const chunk of chunks) loaded.add(chunk.fileName);
    return chunks;
  };
  const atStart = stage(first);
  const pageTag = (name: string): boolean => PAGE_TAGS.some((tag) => name.startsWith(`assets/${tag}-`));
  const firstRequest = stage(atStart, pageTag);
  const strictOnly = stage(atStart, (name) => name.includes('operation-responses'));
  const engine = stage(atStart, (name) => /^assets\/(handlers|logic)-/.test(name));
  const otherTags = stage(atStart);
  const mock = [...atStart.filter((chunk) => !chunk.msw), ...firstRequest];
  const over = sum(mock).gzipped > MOCK_GOAL_BYTES ? ', OVER' : '';
  return [
    'Browser example (examples/browser built by Vite)',
    `  ${label('first chunk: the app and the client')}${size(sum(first))} (goal ≤ ${FIRST_CHUNK_GOAL_BYTES / 1024} kB min+gz${sum(first).gzipped > FIRST_CHUNK_GOAL_BYTES ? ', OVER' : ''})`,
    `  ${label('at start: MSW (any page with MSW loads it)')}${size(sum(atStart.filter((chunk) => chunk.msw)))}`,
    `  ${label('at start: the mock (stores, domain)')}${size(sum(atStart.filter((chunk) => !chunk.msw)))}`,
    `  ${label("first request: its tag's request schemas, zod")}${size(sum(firstRequest))}`,
    `  ${label('the mock with its schemas')}${size(sum(mock))} (goal ≤ ${MOCK_GOAL_BYTES / 1024} kB min+gz${over})`,
    `  ${label('strict mode only: response schemas')}${size(sum(strictOnly))}`,
    `  ${label('first validation or redemption: the engine')}${size(sum(engine))}`,
    `  ${label("on demand: other tags' schemas, control API")}${size(sum(otherTags))}`,
    `  ${label('reference: the same app as one chunk')}${size(one)}`,
  ];
};
