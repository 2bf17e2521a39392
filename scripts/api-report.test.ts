import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiReport, apiEntries, apiReports, reportProblems } from './lib/api-report.ts';
import { publishedPackages } from './lib/package-entries.ts';
import { shortDiff } from './lib/short-diff.ts';

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  types: [],
  lib: ['lib.es2022.d.ts'],
};

const entry = (name: string) => ({
  import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
  require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
});

const INDEX = `
export function greet(name: string, times?: number): string { return name.repeat(times ?? 1); }
export const twice = (value: number) => value * 2;
export const LIMITS = ['low', 'high'] as const;
/** Comments are left out. */
export interface Greeting { readonly text: string; count?: number; say(loud: boolean): void }
export type Tone = 'calm' | 'loud';
export class Greeter {
  #secret = 1;
  private hidden = 2;
  constructor(readonly name: string, private readonly tone: Tone = 'calm') {}
  static create(): Greeter { return new Greeter('x'); }
  greet(): Greeting { return { text: this.name + this.tone + this.hidden + this.#secret, say: () => {} }; }
}
export type { paths } from './generated/schema.js';
`;

/** A package with a main entry, an entry that re-exports it, an internals entry and the manifest. */
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'fixture', private: true, workspaces: ['packages/*'] }),
  'packages/private/package.json': JSON.stringify({ name: 'private-one', private: true }),
  'packages/demo/package.json': JSON.stringify({
    name: '@scope/demo',
    type: 'module',
    exports: {
      '.': entry('index'),
      './extra': entry('extra'),
      './internals': entry('internals'),
      './package.json': './package.json',
    },
  }),
  'packages/demo/src/index.ts': INDEX,
  'packages/demo/src/extra.ts': "export * from './index.js';\nexport const extra = 1;\n",
  'packages/demo/src/internals.ts': 'export const unstable = 1;\n',
  'packages/demo/src/generated/schema.ts': "export interface paths { '/a': { get: never }; '/b': { post: never } }\n",
};

describe('the API reports', () => {
  let root: string;
  let demo: string;
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const reports = (): Map<string, ApiReport> => apiReports(root, [demo], OPTIONS);
  const commit = (map: Map<string, ApiReport>): void => {
    for (const [file, { text }] of map) write(file.slice(root.length + 1), text);
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'api-report-'));
    demo = join(root, 'packages/demo');
    for (const [path, text] of Object.entries(FILES)) write(path, text);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("reads the entries from the published packages' exports, without the manifest and internals", () => {
    expect(publishedPackages(root)).toEqual([demo]);
    expect(apiEntries(demo).map(({ specifier, source, report }) => ({ specifier, source, report }))).toEqual([
      { specifier: '@scope/demo', source: join(demo, 'src/index.ts'), report: join(demo, 'api/index.api.md') },
      { specifier: '@scope/demo/extra', source: join(demo, 'src/extra.ts'), report: join(demo, 'api/extra.api.md') },
    ]);
  });

  it('records each name with its kind and signature, sorted, and names the generated spec types only', () => {
    const main = reports().get(join(demo, 'api/index.api.md'))?.text;
    expect(main).toContain('7 exported names: 4 values, 3 types.');
    const code = main?.match(/```ts\n([\s\S]*?)```/g)?.join('\n');
    expect(code).toBe(
      [
        '```ts',
        'class Greeter {',
        '  constructor(name: string, tone?: Tone);',
        '  static create(): Greeter;',
        '  greet(): Greeting;',
        '  readonly name: string;',
        '}',
        '',
        'const LIMITS: readonly ["low", "high"];',
        '',
        'function greet(name: string, times?: number): string;',
        '',
        'const twice: (value: number) => number;',
        '```',
        '```ts',
        'interface Greeting {',
        '  count?: number;',
        '  say(loud: boolean): void;',
        '  readonly text: string;',
        '}',
        '',
        "type Tone = 'calm' | 'loud';",
        '',
        'interface paths /* generated from the spec: 2 members, not expanded */',
        '```',
      ].join('\n'),
    );
  });

  it("lists by name only what an entry shares with the package's main entry", () => {
    const extra = reports().get(join(demo, 'api/extra.api.md'))?.text ?? '';
    expect(extra).toContain('8 exported names: 5 values, 3 types.');
    expect(extra).toContain('const extra: 1;');
    expect(extra).toContain('```text\nGreeter\nLIMITS\ngreet\ntwice\n```');
    expect(extra).not.toContain('class Greeter');
  });

  it('fails on a changed export, naming the report and showing the change, and passes once written again', () => {
    commit(reports());
    expect(reportProblems(root, [demo], reports())).toEqual([]);

    write('packages/demo/src/index.ts', INDEX.replace('times?: number', 'times: number'));
    const problems = reportProblems(root, [demo], reports());
    // Both entries carry greet: the main one changes; the other only names it, so it stays.
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^@scope\/demo: its API changed and packages\/demo\/api\/index\.api\.md does not say so\./,
    );
    expect(problems[0]).toContain('- function greet(name: string, times?: number): string;');
    expect(problems[0]).toContain('+ function greet(name: string, times: number): string;');

    commit(reports());
    expect(reportProblems(root, [demo], reports())).toEqual([]);
  });

  it('fails on a name added or removed, on a new entry without a report and on a report without its entry', () => {
    write(
      'packages/demo/src/extra.ts',
      "export * from './index.js';\nexport const extra = 1;\nexport type Added = 1;\n",
    );
    expect(reportProblems(root, [demo], reports())[0]).toContain('+ type Added = 1;');
    rmSync(join(demo, 'api/extra.api.md'));
    expect(reportProblems(root, [demo], reports())).toEqual([
      '@scope/demo/extra: no API report (packages/demo/api/extra.api.md).',
    ]);
    write('packages/demo/api/gone.api.md', '# API report');
    expect(reportProblems(root, [demo], reports())).toContain(
      'packages/demo/api/gone.api.md reports no public entry point (gone from package.json, or internals).',
    );
  });
});

describe('the short diff', () => {
  it('shows the changed lines with one line of context, and elides the rest', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].join('\n');
    const after = ['a', 'b', 'C', 'd', 'e', 'f', 'G', 'h'].join('\n');
    expect(shortDiff(before, after)).toBe(['  b', '- c', '+ C', '  d', '  …', '  f', '- g', '+ G', '  h'].join('\n'));
  });

  it('stops at its limit', () => {
    const before = Array.from({ length: 100 }, (_, index) => `${index}`).join('\n');
    const diff = shortDiff(before, '', 10).split('\n');
    expect(diff).toHaveLength(11);
    expect(diff.at(-1)).toMatch(/more lines$/);
  });
});
