import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { packageEntries } from './lib/package-entries.ts';

const dir = mkdtempSync(join(tmpdir(), 'package-entries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A package with these `exports` and a source file for each name. */
const fakePackage = (name: string, exports: Record<string, unknown>, sources: readonly string[]): string => {
  const packageDir = join(dir, name);
  mkdirSync(join(packageDir, 'src'), { recursive: true });
  writeFileSync(join(packageDir, 'package.json'), JSON.stringify({ name: `@scope/${name}`, exports }));
  for (const source of sources) writeFileSync(join(packageDir, 'src', `${source}.ts`), '');
  return packageDir;
};

const entry = (name: string) => ({
  import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
  require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
});

test("a package's entries are the subpaths of its exports, without ./package.json, with their sources", () => {
  const packageDir = fakePackage(
    'kit',
    {
      '.': entry('index'),
      './node': entry('node'),
      './internals': entry('internals'),
      './package.json': './package.json',
    },
    ['index', 'node', 'internals'],
  );
  expect(packageEntries(packageDir)).toEqual([
    { specifier: '@scope/kit', subpath: '.', source: join(packageDir, 'src/index.ts'), internal: false },
    { specifier: '@scope/kit/node', subpath: './node', source: join(packageDir, 'src/node.ts'), internal: false },
    {
      specifier: '@scope/kit/internals',
      subpath: './internals',
      source: join(packageDir, 'src/internals.ts'),
      internal: true,
    },
  ]);
});

test('an entry whose types are not built from a source file is refused', () => {
  const packageDir = fakePackage('odd', { '.': entry('index'), './extra': { types: './types/extra.d.ts' } }, ['index']);
  expect(() => packageEntries(packageDir)).toThrow(
    '@scope/odd/extra: its "types" (./types/extra.d.ts) is not ./dist/<name>.d.ts, built from src/<name>.ts',
  );
  const missing = fakePackage('missing', { '.': entry('index'), './node': entry('node') }, ['index']);
  expect(() => packageEntries(missing)).toThrow('@scope/missing/node: no source src/node.ts');
});
