/**
 * Runs the documentation's examples in vitest: each page is a test file, turned into a module
 * on the fly, so nothing is generated on disk and nothing goes stale
 * (docs/decisions/0047-runnable-docs.md).
 *
 * A page's module registers, in the page's order, one test per example that is not itself a
 * test file, one suite per example that defines tests (its hooks and tests run inside it), a
 * skipped test per block marked not run, and a failing test when a block cannot be placed. Each
 * example is a module of its own, `page.md?doc-example=<n>`, whose lines are the page's lines.
 */
import ts from 'typescript';
import type { Plugin } from 'vitest/config';
import { type DocPage, docPages, exampleLines, exampleSource, readDocPage } from './doc-blocks.ts';
import { repoPath } from './paths.ts';

const QUERY = 'doc-example=';
const STAND_IN = repoPath('scripts/lib/doc-stand-in.ts');

/** The pages that have code blocks, repository-relative: the test files to add to vitest's include. */
export const pagesWithCode = (): string[] => docPages().filter((page) => readDocPage(page).fences.length > 0);

const pageOf = (file: string, root: string): string | undefined => {
  const relative = file.startsWith(`${root}/`) ? file.slice(root.length + 1) : undefined;
  return relative !== undefined && docPages().includes(relative) ? relative : undefined;
};

/**
 * The test module of a page. Each registration stands on the line of its block's fence, so a
 * failure to collect or a misplaced block is reported at that line of the page.
 */
const pageModule = (page: DocPage, file: string): string => {
  const lines = Array.from({ length: page.lineCount }, () => '');
  const at = (line: number, statement: string): void => {
    lines[line - 1] = `${lines[line - 1] ?? ''} ${statement}`.trim();
  };
  at(1, `import { describe, test } from 'vitest'; import { withStandIn } from ${JSON.stringify(STAND_IN)};`);
  const string = JSON.stringify;
  const exampleAt = new Map(
    page.examples.flatMap((example, index) => example.fences.map((fence) => [fence.open, { example, index }] as const)),
  );
  for (const fence of page.fences) {
    const placed = exampleAt.get(fence.open);
    if (placed === undefined || !placed.example.run) {
      if (fence.notRun !== undefined)
        at(
          fence.open,
          `test.skip(${string(`line ${fence.open}, ${fence.lang || 'plain'}: not run: ${fence.notRun}`)}, () => {});`,
        );
      continue;
    }
    const { example, index } = placed;
    if (example.fences[0] !== fence) continue;
    const load = `import(${string(`${file}?${QUERY}${index}`)})`;
    const name = string(exampleLines(example));
    if (example.definesTests) at(fence.open, `describe(${name}, async () => { await ${load}; });`);
    else if (example.bringsMock) at(fence.open, `test(${name}, async () => { await ${load}; });`);
    else at(fence.open, `test(${name}, () => withStandIn(() => ${load}));`);
  }
  for (const { line, what } of page.problems)
    at(
      line,
      `test(${string(`line ${line}: ${what}`)}, () => { throw new Error(${string(`${page.path}:${line}: ${what}`)}); });`,
    );
  return lines.join('\n');
};

/** One example as JavaScript, with a source map onto the page. */
const exampleModule = (page: DocPage, index: number, file: string): { code: string; map: string } => {
  const example = page.examples[index];
  if (example === undefined) throw new Error(`${page.path} has no example ${index}`);
  const { outputText, sourceMapText } = ts.transpileModule(exampleSource(page, example), {
    fileName: `${file}.ts`,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      sourceMap: true,
      verbatimModuleSyntax: true,
    },
  });
  const map = JSON.parse(sourceMapText ?? '{}') as { sources?: string[] };
  map.sources = [file];
  return { code: outputText.replace(/\/\/# sourceMappingURL=.*$/m, ''), map: JSON.stringify(map) };
};

/** The vite plugin that turns the documentation's pages into test modules. */
export const docExamples = (): Plugin => {
  const root = repoPath('.').replace(/\/$/, '');
  return {
    name: 'voucherkit:doc-examples',
    enforce: 'pre',
    load(id) {
      const [file = '', query = ''] = id.split('?');
      const path = pageOf(file, root);
      if (path === undefined) return undefined;
      const page = readDocPage(path);
      this.addWatchFile(file);
      if (!query.startsWith(QUERY)) return { code: pageModule(page, file), map: null };
      return exampleModule(page, Number(query.slice(QUERY.length)), file);
    },
  };
};
