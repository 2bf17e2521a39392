/**
 * One copy of a package's declarations where one is enough (decision 0071). tsup writes each
 * twice, `<name>.d.ts` for `import` and `<name>.d.cts` for `require`, with shared chunks of each;
 * the client's generated API types alone are 1.7 MB a copy.
 *
 * An entry whose declarations import no other package keeps only its CommonJS files: its `.d.ts`
 * becomes `export * from './<name>.cjs'`. An ES module may import a CommonJS one, so node10,
 * node16 from either format and bundler resolution all accept it; the other way round, a `.d.cts`
 * importing an ES module, node16 refuses. An entry whose declarations import another package keeps
 * both copies: through the CommonJS copy, an ES module consumer would get that package's CommonJS
 * types (msw's classes, for one), which its own imports of the package do not match.
 *
 * Declaration files that no entry reaches (the ES chunks of a shared entry, declarations of a build
 * that is no entry, chunks of an earlier build that tsup's clean keeps) are deleted, and the rest
 * are indented by two spaces (`reindent.ts`).
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { reindentDeclarations } from './reindent.ts';

const DECLARATION = /\.d\.(ts|cts|mts)$/;

/** The ES module declaration of a shared entry: the CommonJS declaration's exports, as they are. */
export const esmDeclaration = (name: string): string => `export * from './${name}.cjs';\n`;

/** Whether a declaration file exports a default, which `export *` does not pass on. */
const hasDefaultExport = (text: string): boolean =>
  ts
    .createSourceFile('entry.d.ts', text, ts.ScriptTarget.Latest)
    .statements.some(
      (statement) =>
        ts.isExportAssignment(statement) ||
        (ts.isExportDeclaration(statement) &&
          statement.exportClause !== undefined &&
          ts.isNamedExports(statement.exportClause) &&
          statement.exportClause.elements.some((element) => element.name.text === 'default')) ||
        (ts.canHaveModifiers(statement) &&
          (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)),
    );

/** The declaration file of `dist/` that a relative specifier names: `./chunk.cjs` is `chunk.d.cts`. */
const declarationOf = (specifier: string): string => {
  const match = /^\.\/([^/]+)\.(c|m)?js$/.exec(specifier);
  if (match === null) throw new Error(`A declaration file imports ${specifier}, not a ./<name>.js, .cjs or .mjs`);
  return `${match[1]}.d.${match[2] ?? ''}ts`;
};

/** The declaration files one reaches in `distDir` (itself included), and the packages they import. */
const reach = (distDir: string, entry: string): { files: Set<string>; packages: Set<string> } => {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    const path = join(distDir, file);
    if (!existsSync(path)) throw new Error(`${path} is missing: the build wrote no such declaration`);
    files.add(file);
    for (const { fileName } of ts.preProcessFile(readFileSync(path, 'utf8'), true, true).importedFiles)
      if (fileName.startsWith('.')) visit(declarationOf(fileName));
      else packages.add(fileName);
  };
  visit(entry);
  return { files, packages };
};

/** What `declarationsOnce` did with each entry. */
export interface EntryDeclarations {
  readonly name: string;
  /** Whether the `.d.ts` re-exports the `.d.cts`; if not, the packages that keep both copies. */
  readonly shared: boolean;
  readonly packages: readonly string[];
}

/**
 * Rewrites the declarations in `distDir` for the given entries (`index`, `node` …: the names of
 * `<name>.d.ts` and `<name>.d.cts`).
 */
export const declarationsOnce = (distDir: string, entries: readonly string[]): EntryDeclarations[] => {
  const kept = new Set<string>();
  const shared = new Set<string>();
  const result = entries.map((name): EntryDeclarations => {
    const commonJs = reach(distDir, `${name}.d.cts`);
    commonJs.files.forEach((file) => kept.add(file));
    const packages = [...commonJs.packages].sort();
    if (packages.length === 0 && !hasDefaultExport(readFileSync(join(distDir, `${name}.d.cts`), 'utf8'))) {
      shared.add(`${name}.d.ts`);
      return { name, shared: true, packages };
    }
    reach(distDir, `${name}.d.ts`).files.forEach((file) => kept.add(file));
    return { name, shared: false, packages };
  });
  for (const file of readdirSync(distDir).filter((name) => DECLARATION.test(name))) {
    const path = join(distDir, file);
    if (shared.has(file)) writeFileSync(path, esmDeclaration(file.replace(DECLARATION, '')));
    else if (kept.has(file)) writeFileSync(path, reindentDeclarations(readFileSync(path, 'utf8')));
    else rmSync(path);
  }
  return result;
};
