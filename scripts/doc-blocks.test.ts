import { describe, expect, test } from 'vitest';
import { docPages, exampleLines, exampleSource, parseDocPage } from './lib/doc-blocks.ts';

const page = (...lines: string[]) => parseDocPage('guide.md', lines.join('\n'));
const firstExample = (parsed: ReturnType<typeof parseDocPage>) => {
  const [example] = parsed.examples;
  if (example === undefined) throw new Error('no example');
  return example;
};
const problems = (...lines: string[]) => page(...lines).problems.map(({ line, what }) => `${line}: ${what}`);

describe('the code blocks of a page', () => {
  test('a block with imports starts an example; one without continues it, and so does one marked continues', () => {
    const parsed = page(
      '# Guide',
      '```ts',
      "import { createMockService } from '@voucherkit/mock-server';",
      'const service = createMockService();',
      '```',
      'Then:',
      '```typescript',
      'service.reset();',
      '```',
      '<!-- continues -->',
      '```ts',
      "import { expect, test } from 'vitest';",
      "test('x', () => expect(service).toBeDefined());",
      '```',
      'Another one:',
      '```ts',
      "import { createClient } from '@voucherkit/client';",
      '```',
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.examples.map((example) => example.fences.map((fence) => fence.open))).toEqual([[2, 7, 11], [16]]);
    expect(parsed.examples.map(({ run, definesTests, bringsMock }) => ({ run, definesTests, bringsMock }))).toEqual([
      { run: true, definesTests: true, bringsMock: true },
      { run: true, definesTests: false, bringsMock: false },
    ]);
    expect(exampleLines(firstExample(parsed))).toBe('lines 2–14');
  });

  test("an example's module keeps the page's line numbers, everything else blank", () => {
    const parsed = page('# Guide', '', '```ts', "import { a } from 'a';", '```', 'prose', '```ts', 'a();', '```');
    expect(exampleSource(parsed, firstExample(parsed)).split('\n')).toEqual([
      '',
      '',
      '',
      "import { a } from 'a';",
      '',
      '',
      '',
      'a();',
      '',
    ]);
  });

  test('a block of another language needs a marker with a reason; a marked TypeScript block is checked but not run', () => {
    const parsed = page(
      '<!-- not run: a shell command -->',
      '```sh',
      'npm start',
      '```',
      '<!-- not run: runs in a browser -->',
      '```ts',
      "import { a } from 'a';",
      '```',
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.fences.map((fence) => fence.notRun)).toEqual(['a shell command', 'runs in a browser']);
    expect(parsed.examples[0]?.run).toBe(false);
    expect(problems('```sh', 'npm start', '```', '```', 'output', '```')).toEqual([
      '1: a `sh` block: only TypeScript runs; mark it `<!-- not run: why -->`',
      '4: a `plain` block: only TypeScript runs; mark it `<!-- not run: why -->`',
    ]);
    expect(problems('<!-- not run: -->', '```sh', 'npm start', '```')).toEqual([
      '1: a `not run` marker needs a reason on its line: `<!-- not run: why -->`',
    ]);
  });

  test('a block that cannot be placed, and a marker without a block, are problems', () => {
    expect(problems('```ts', 'service.reset();', '```')).toEqual([
      '1: a TypeScript block without imports continues the example before it, and none comes before it',
    ]);
    expect(problems('<!-- continues -->', '```ts', "import { a } from 'a';", '```')).toEqual([
      '2: a TypeScript block marked continues continues the example before it, and none comes before it',
    ]);
    expect(problems('<!-- not run: a diagram -->', 'Some prose.', '```ts', "import { a } from 'a';", '```')).toEqual([
      '1: a marker that no code block follows',
    ]);
    expect(
      problems('```ts', "import { a } from 'a';", '```', '<!-- not run: later -->', '```ts', 'a();', '```'),
    ).toEqual(['5: a block continues the example of line 1 but is not run when that one is run']);
    expect(problems('```ts', "import { a } from 'a';")).toEqual(['1: a code block that is never closed']);
  });

  test('fences may be indented (in a list) or longer, and take their info string', () => {
    const parsed = page('- step', '  ````ts title', "  import { a } from 'a';", '    a();', '  ````');
    expect(parsed.fences).toEqual([
      { lang: 'ts', open: 2, close: 5, code: "import { a } from 'a';\n  a();", notRun: undefined, continues: false },
    ]);
  });
});

test('the pages are the READMEs and every page of docs/', () => {
  const pages = docPages();
  expect(pages).toEqual(
    expect.arrayContaining(['README.md', 'packages/client/README.md', 'docs/index.md', 'docs/guides/mock-in-tests.md']),
  );
  expect(pages.some((path) => path.startsWith('docs/api/'))).toBe(false);
});
