import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { declarationsOnce, esmDeclaration } from './lib/declarations-once.ts';

let dist: string;

/** Writes tsup's two copies of a declaration: `.d.ts` importing `.js` chunks, `.d.cts` importing `.cjs` ones. */
const writeBoth = (name: string, text: string): void => {
  writeFileSync(join(dist, `${name}.d.ts`), text.replaceAll('.cjs', '.js'));
  writeFileSync(join(dist, `${name}.d.cts`), text);
};
const read = (file: string): string => readFileSync(join(dist, file), 'utf8');

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'declarations-once-'));
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('a package ships its declarations once where once is enough', () => {
  test('an entry that imports no package: its .d.ts re-exports its .d.cts, the ES chunks go', () => {
    writeBoth('chunk-A1', 'interface Rule {\n    name: string;\n}\nexport { Rule as R };\n');
    writeBoth('index', "export { R as Rule } from './chunk-A1.cjs';\n");
    writeBoth(
      'internals',
      "import { R as Rule } from './chunk-A1.cjs';\ndeclare const rules: Rule[];\nexport { rules };\n",
    );

    expect(declarationsOnce(dist, ['index', 'internals'])).toEqual([
      { name: 'index', shared: true, packages: [] },
      { name: 'internals', shared: true, packages: [] },
    ]);
    expect(readdirSync(dist).sort()).toEqual([
      'chunk-A1.d.cts',
      'index.d.cts',
      'index.d.ts',
      'internals.d.cts',
      'internals.d.ts',
    ]);
    expect(read('index.d.ts')).toBe(esmDeclaration('index'));
    expect(read('index.d.ts')).toBe("export * from './index.cjs';\n");
    expect(read('chunk-A1.d.cts')).toBe('interface Rule {\n  name: string;\n}\nexport { Rule as R };\n');
  });

  test('an entry that imports a package keeps both copies, with the ES chunks it reaches', () => {
    writeBoth(
      'chunk-B2',
      "import { HttpHandler } from 'msw';\ninterface Service {\n    handlers: HttpHandler[];\n}\nexport { Service as S };\n",
    );
    writeBoth('index', "export { S as Service } from './chunk-B2.cjs';\n");

    expect(declarationsOnce(dist, ['index'])).toEqual([{ name: 'index', shared: false, packages: ['msw'] }]);
    expect(readdirSync(dist).sort()).toEqual(['chunk-B2.d.cts', 'chunk-B2.d.ts', 'index.d.cts', 'index.d.ts']);
    expect(read('chunk-B2.d.ts')).toContain('\n  handlers: HttpHandler[];\n');
    expect(read('index.d.ts')).toBe("export { S as Service } from './chunk-B2.js';\n");
  });

  test('an entry with a default export keeps both copies: `export *` would leave the default out', () => {
    writeBoth('index', 'declare const config: {};\nexport { config as default };\n');
    expect(declarationsOnce(dist, ['index'])).toEqual([{ name: 'index', shared: false, packages: [] }]);
    expect(read('index.d.ts')).toContain('export { config as default }');
  });

  test('declarations no entry reaches go: an earlier build’s chunks, a build that is no entry', () => {
    writeBoth('index', 'export declare const a = 1;\n');
    writeBoth('chunk-OLD', 'export declare const a = 0;\n');
    writeBoth('sandbox', 'export declare function main(): Promise<void>;\n');
    writeFileSync(join(dist, 'index.js'), 'export const a = 1;\n');

    declarationsOnce(dist, ['index']);
    expect(readdirSync(dist).sort()).toEqual(['index.d.cts', 'index.d.ts', 'index.js']);
  });

  test('a declaration the build did not write fails the build', () => {
    writeBoth('index', "export * from './chunk-GONE.cjs';\n");
    expect(() => declarationsOnce(dist, ['index'])).toThrow(/chunk-GONE\.d\.cts is missing/);
  });
});
