/**
 * The code blocks of the documentation, as examples that can be type-checked and run
 * (docs/decisions/0047-runnable-docs.md).
 *
 * Every fenced block of a documentation page is either TypeScript that runs or marked with
 * `<!-- not run: reason -->` on the line before its fence. TypeScript blocks form examples: a
 * block with an `import` starts one, a block without continues the one before it, in the same
 * scope, and so does a block with imports marked `<!-- continues -->`. An example becomes one
 * module whose lines are the page's lines, everything but its blocks left blank, so a type
 * error or a stack trace points at the line of the page.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { repoPath } from './paths.ts';

/** The pages whose code blocks are examples, repository-relative: every README and page of the docs. */
export const docPages = (): string[] => {
  const markdown = (dir: string): string[] =>
    readdirSync(repoPath(dir), { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
      .map((entry) => `${dir}/${entry.name}`)
      .sort();
  const packages = readdirSync(repoPath('packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `packages/${entry.name}`)
    .sort();
  return [
    'README.md',
    ...packages.flatMap(markdown).filter((page) => page.endsWith('/README.md')),
    ...['docs', 'docs/guides', 'docs/decisions'].flatMap(markdown),
  ];
};

/** Languages whose blocks are examples; any other block is marked not run. */
const TYPESCRIPT = new Set(['ts', 'typescript']);
const OPENING = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/;
const NOT_RUN = /^\s*<!--\s*not run:(.*?)-->\s*$/;
const CONTINUES = /^\s*<!--\s*continues\s*-->\s*$/;
const MARKER = /^\s*<!--\s*(not run|continues)\b/;
const IMPORT = /^\s*import\s/m;

/** One fenced block of a page. Lines count from 1, as editors do. */
interface Fence {
  /** The info string's first word (`ts`, `sh` …), empty when there is none. */
  readonly lang: string;
  /** Line of the opening fence. */
  readonly open: number;
  /** Line of the closing fence. */
  readonly close: number;
  /** The code between the fences. */
  readonly code: string;
  /** Why the block is not run, from its marker; undefined for a block that runs. */
  readonly notRun: string | undefined;
  /** Marked as continuing the example before it, imports or not. */
  readonly continues: boolean;
}

/** TypeScript blocks that share a module: the first has an import, the others continue it. */
export interface Example {
  readonly fences: readonly Fence[];
  /** False when the example is only type-checked (its blocks are marked not run). */
  readonly run: boolean;
  /** The example defines vitest tests (imports `test`, `it` or `describe`), rather than being one. */
  readonly definesTests: boolean;
  /** The example sets up the mock itself; any other runs against the stand-in service. */
  readonly bringsMock: boolean;
}

/** What a page holds: its blocks, grouped into examples, and what is wrong with them. */
export interface DocPage {
  /** Repository-relative path. */
  readonly path: string;
  readonly lineCount: number;
  readonly fences: readonly Fence[];
  readonly examples: readonly Example[];
  /** Blocks the extractor cannot place, or that are neither TypeScript nor marked. */
  readonly problems: readonly { line: number; what: string }[];
}

/** Parses one page's blocks and groups them into examples. */
export const parseDocPage = (path: string, text: string): DocPage => {
  const lines = text.split(/\r?\n/);
  const fences: Fence[] = [];
  const problems: { line: number; what: string }[] = [];
  const problem = (line: number, what: string): void => {
    problems.push({ line, what });
  };
  // The markers on the lines right above a fence (blank lines between are fine).
  let markers: { line: number; notRun?: string; continues?: true }[] = [];
  const stray = (): void => {
    for (const { line } of markers) problem(line, 'a marker that no code block follows');
    markers = [];
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const opening = OPENING.exec(line);
    if (opening === null) {
      if (line.trim() === '') continue;
      if (!MARKER.test(line)) {
        stray();
        continue;
      }
      if (CONTINUES.test(line)) markers.push({ line: index + 1, continues: true });
      else {
        const reason = NOT_RUN.exec(line)?.[1]?.trim() ?? '';
        if (reason === '') problem(index + 1, 'a `not run` marker needs a reason on its line: `<!-- not run: why -->`');
        markers.push({ line: index + 1, notRun: reason || 'no reason given' });
      }
      continue;
    }
    const [, indent = '', fence = '', lang = ''] = opening;
    const closing = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    let end = index + 1;
    while (end < lines.length && !closing.test(lines[end] ?? '')) end += 1;
    if (end >= lines.length) {
      problem(index + 1, 'a code block that is never closed');
      break;
    }
    const code = lines
      .slice(index + 1, end)
      .map((codeLine) => (codeLine.startsWith(indent) ? codeLine.slice(indent.length) : codeLine.trimStart()))
      .join('\n');
    const notRun = markers.find((marker) => marker.notRun !== undefined)?.notRun;
    const continues = markers.some((marker) => marker.continues);
    fences.push({ lang: lang.toLowerCase(), open: index + 1, close: end + 1, code, notRun, continues });
    markers = [];
    index = end;
  }
  stray();

  const examples: { fences: Fence[]; run: boolean }[] = [];
  for (const block of fences) {
    if (!TYPESCRIPT.has(block.lang)) {
      if (block.notRun === undefined) {
        problem(
          block.open,
          `a \`${block.lang || 'plain'}\` block: only TypeScript runs; mark it \`<!-- not run: why -->\``,
        );
      }
      continue;
    }
    const run = block.notRun === undefined;
    const current = examples.at(-1);
    if (IMPORT.test(block.code) && !block.continues) examples.push({ fences: [block], run });
    else if (current === undefined)
      problem(
        block.open,
        `a TypeScript block ${block.continues ? 'marked continues' : 'without imports'} continues the example before it, and none comes before it`,
      );
    else if (current.run !== run) {
      problem(
        block.open,
        `a block continues the example of line ${current.fences[0]?.open} but is ${run ? '' : 'not '}run when that one is ${current.run ? '' : 'not '}run`,
      );
    } else current.fences.push(block);
  }
  return {
    path,
    lineCount: lines.length,
    fences,
    examples: examples.map(({ fences: blocks, run }) => {
      const code = blocks.map((block) => block.code).join('\n');
      const fromVitest = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]vitest['"]/g)].flatMap((match) =>
        (match[1] ?? '').split(','),
      );
      return {
        fences: blocks,
        run,
        definesTests: fromVitest.some((name) =>
          /^\s*(test|it|describe|beforeAll|afterAll|beforeEach|afterEach)\s*$/.test(name),
        ),
        bringsMock: /['"]@voucherkit\/mock-server(\/[\w-]+)?['"]/.test(code),
      };
    }),
    problems,
  };
};

/** Reads and parses a page of the repository. */
export const readDocPage = (path: string): DocPage => parseDocPage(path, readFileSync(repoPath(path), 'utf8'));

/**
 * The module of one example: the page's lines with everything but the example's code blank, so
 * that line and column numbers are those of the page.
 */
export const exampleSource = (page: DocPage, example: Example): string => {
  const lines = Array.from({ length: page.lineCount }, () => '');
  for (const block of example.fences) {
    block.code.split('\n').forEach((codeLine, offset) => {
      lines[block.open + offset] = codeLine;
    });
  }
  return lines.join('\n');
};

/** `lines 40–69`: where an example is on its page. */
export const exampleLines = (example: Example): string => {
  const first = example.fences[0]?.open ?? 0;
  const last = example.fences.at(-1)?.close ?? first;
  return `lines ${first}–${last}`;
};
