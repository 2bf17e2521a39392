/**
 * Type-checks every TypeScript example of the READMEs and docs, those marked not run included,
 * with the repository's compiler options, `@voucherkit/*` resolving to the packages' sources as
 * in the tests. The examples are modules in memory, named after their page, so an error reads
 * `docs/guides/mock-in-tests.md:52:7`. Also fails on a block the extractor cannot place or that
 * is neither TypeScript nor marked not run (docs/decisions/0047-runnable-docs.md).
 */
import ts from 'typescript';
import { docPages, exampleSource, readDocPage } from './lib/doc-blocks.ts';
import { repoPath } from './lib/paths.ts';

/**
 * What an app built with Vite sees: the browser guide reads Vite's development flag. Declared
 * here rather than taken from vite's own types, which the repository does not depend on.
 */
const AMBIENT = `interface ImportMetaEnv { readonly DEV: boolean }\ninterface ImportMeta { readonly env: ImportMetaEnv }\n`;

const problems: string[] = [];
const sources = new Map<string, { page: string; text: string }>();
const ambientFile = repoPath('scripts/doc-blocks-ambient.d.ts');
sources.set(ambientFile, { page: '', text: AMBIENT });
let examples = 0;
for (const path of docPages()) {
  const page = readDocPage(path);
  for (const { line, what } of page.problems) problems.push(`${path}:${line}: ${what}`);
  page.examples.forEach((example, index) => {
    examples += 1;
    sources.set(repoPath(`${path}.example-${index}.ts`), { page: path, text: exampleSource(page, example) });
  });
}

const config = ts.getParsedCommandLineOfConfigFile(
  repoPath('tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
);
if (config === undefined) throw new Error('tsconfig.json cannot be read');
const options: ts.CompilerOptions = { ...config.options, noEmit: true };
const host = ts.createCompilerHost(options);
const { getSourceFile, fileExists, readFile } = host;
host.fileExists = (file) => sources.has(file) || fileExists.call(host, file);
host.readFile = (file) => sources.get(file)?.text ?? readFile.call(host, file);
host.getSourceFile = (file, language, onError, shouldCreate) => {
  const source = sources.get(file);
  return source === undefined
    ? getSourceFile.call(host, file, language, onError, shouldCreate)
    : ts.createSourceFile(file, source.text, language, true);
};

const program = ts.createProgram({ rootNames: [...sources.keys()], options, host });
for (const [file, { page }] of sources) {
  const sourceFile = program.getSourceFile(file);
  if (sourceFile === undefined || page === '') continue;
  for (const diagnostic of [
    ...program.getSyntacticDiagnostics(sourceFile),
    ...program.getSemanticDiagnostics(sourceFile),
  ]) {
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    problems.push(
      `${page}:${line + 1}:${character + 1}: TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ')}`,
    );
  }
}

if (problems.length > 0) {
  console.error(`${problems.length} problems in the code blocks of the docs:`);
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `The ${examples} TypeScript examples of the docs type-check, and every other code block is marked not run.`,
);
