/**
 * The API report of a package entry point (decision 0065): every name the entry exports, with its
 * kind and its signature, sorted, as a Markdown page that reads well in a diff. The entries are
 * the subpaths of each package's `exports` (./package-entries.ts), so a new entry gets a report
 * without a change here; `./package.json` and the unstable `./internals` entries have none.
 *
 * What is written is printed as written (interfaces, type aliases, annotated constants); what the
 * compiler infers (function signatures, class members, constants without a type) is printed by
 * the type checker. The spec's types that openapi-typescript generates are named, not expanded:
 * their members are the spec itself, which `npm run check:generated` keeps in step.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { type PackageEntry, packageEntries } from './package-entries.ts';
import { shortDiff } from './short-diff.ts';

/** One public entry point of a package, and where its report lives. */
export interface ApiEntry extends PackageEntry {
  /** The report, absolute: `<package>/api/<name>.api.md`, `index` for the main entry. */
  readonly report: string;
}

/** The reported entries of one package, in the order of its `exports`: all but the internals ones. */
export const apiEntries = (packageDir: string): ApiEntry[] =>
  packageEntries(packageDir)
    .filter((entry) => !entry.internal)
    .map((entry) => {
      const name = entry.subpath === '.' ? 'index' : entry.subpath.slice(2).replaceAll('/', '-');
      return { ...entry, report: join(packageDir, 'api', `${name}.api.md`) };
    });

/** The report files present in a package's `api` folder, absolute. */
export const reportFiles = (packageDir: string): string[] => {
  const dir = join(packageDir, 'api');
  return ts.sys.directoryExists(dir)
    ? readdirSync(dir)
        .filter((file) => file.endsWith('.api.md'))
        .map((file) => join(dir, file))
    : [];
};

/** Files whose declarations are named without their members: openapi-typescript's output. */
const UNEXPANDED_FILE = /\/generated\/schema\.ts$/;

const FORMAT =
  ts.NodeBuilderFlags.NoTruncation |
  ts.NodeBuilderFlags.UseAliasDefinedOutsideCurrentScope |
  ts.NodeBuilderFlags.MultilineObjectLiterals |
  ts.NodeBuilderFlags.IgnoreErrors;

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/** The compiler prints with four spaces; the repository indents with two. */
const twoSpaces = (text: string): string =>
  text.replace(/^( {4})+/gm, (indent) => ' '.repeat(indent.length / 2)).replace(/\r/g, '');

const indent = (text: string): string =>
  text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');

/** A node as written, without its comments, `export` and `declare`. */
const written = (node: ts.Node, file: ts.SourceFile): string => {
  let text = twoSpaces(printer.printNode(ts.EmitHint.Unspecified, node, file));
  while (/^(export|declare|default) /.test(text)) text = text.replace(/^\w+ /, '');
  return text;
};

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node)?.some((modifier) => modifier.kind === kind) ?? false);

/** The parts of a type separated by `separator` outside brackets and quotes. */
const topLevelParts = (text: string, separator: string): string[] => {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (quote !== undefined) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"' || char === '`') quote = char;
    else if ('([{<'.includes(char)) depth += 1;
    else if (')]}'.includes(char) || (char === '>' && text[index - 1] !== '=')) depth -= 1;
    else if (depth === 0 && text.startsWith(separator, index)) {
      parts.push(text.slice(start, index));
      start = index + separator.length;
      index += separator.length - 1;
    }
  }
  return [...parts, text.slice(start)];
};

/** Past this width, a union alias or a tuple constant gets one member a line, so a diff names the member. */
const WIDTH = 120;

/** A long one-line union alias or tuple constant, one member a line. */
const wrapped = (text: string): string => {
  if (text.length <= WIDTH || text.includes('\n')) return text;
  const alias = text.match(/^(type [^=]+ =) (.*);$/);
  const union = alias ? topLevelParts(alias[2] as string, ' | ') : [];
  if (alias && union.length > 2) return `${alias[1]}\n${union.map((part) => `  | ${part}`).join('\n')};`;
  const tuple = text.match(/^(const [^:]+: (?:readonly )?)\[(.*)\];$/);
  const items = tuple ? topLevelParts(tuple[2] as string, ', ') : [];
  if (tuple && items.length > 2) return `${tuple[1]}[\n${items.map((item) => `  ${item},`).join('\n')}\n];`;
  return text;
};

/** One exported name and the text that records it. */
interface ApiItem {
  readonly name: string;
  /** Whether importing the name gives a value (otherwise, a type only). */
  readonly value: boolean;
  readonly text: string;
}

/** Whether an alias chain goes through `export type` / `import type`. */
const typeOnly = (checker: ts.TypeChecker, symbol: ts.Symbol): boolean => {
  let current = symbol;
  for (let depth = 0; depth < 50 && current.flags & ts.SymbolFlags.Alias; depth += 1) {
    for (const declaration of current.declarations ?? []) {
      if (ts.isExportSpecifier(declaration) && (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly))
        return true;
      if (ts.isImportSpecifier(declaration) && (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly))
        return true;
      if (ts.isExportDeclaration(declaration) && declaration.isTypeOnly) return true;
    }
    const next = checker.getImmediateAliasedSymbol(current);
    if (next === undefined) break;
    current = next;
  }
  return false;
};

type SignatureNode =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression;

/** The declarations that give a function's signatures: its overloads, or its one implementation. */
const overloadsOf = <T extends ts.FunctionLikeDeclaration>(declarations: readonly T[]): T[] => {
  const overloads = declarations.filter((declaration) => declaration.body === undefined);
  return overloads.length > 0 ? overloads : [...declarations];
};

/**
 * Prints the API of the declarations of one exported symbol. A type written in the source is
 * printed as written (so `AsyncAction` stays `AsyncAction`); the checker prints only what it infers.
 */
class Printer {
  constructor(private readonly checker: ts.TypeChecker) {}

  /** An inferred type, printed as the compiler would declare it, object types one member a line. */
  private type(type: ts.Type, at: ts.Node): string {
    const node = this.checker.typeToTypeNode(type, at, FORMAT);
    return node === undefined ? this.checker.typeToString(type, at) : written(node, at.getSourceFile());
  }

  /** `<T>(a: A, b?: B)` and, unless it is a constructor, `: R` (or `=> R` for an arrow). */
  private signature(node: SignatureNode, arrow = false): string {
    const file = node.getSourceFile();
    const typeParameters = node.typeParameters?.map((parameter) => written(parameter, file)).join(', ');
    const parameters = node.parameters
      .map((parameter) => {
        const rest = parameter.dotDotDotToken ? '...' : '';
        const optional = parameter.questionToken || parameter.initializer ? '?' : '';
        const type = parameter.type
          ? written(parameter.type, file)
          : this.type(this.checker.getTypeAtLocation(parameter), parameter);
        return `${rest}${written(parameter.name, file)}${optional}: ${type}`;
      })
      .join(', ');
    const head = `${typeParameters ? `<${typeParameters}>` : ''}(${parameters})`;
    if (ts.isConstructorDeclaration(node)) return head;
    let returns = node.type ? written(node.type, file) : undefined;
    if (returns === undefined) {
      const signature = this.checker.getSignatureFromDeclaration(node);
      returns = signature ? this.type(this.checker.getReturnTypeOfSignature(signature), node) : 'unknown';
    }
    return `${head}${arrow ? ' => ' : ': '}${returns}`;
  }

  /** Every declaration of the symbol, each printed. */
  declarations(name: string, symbol: ts.Symbol): string[] {
    const texts: string[] = [];
    const declarations = symbol.declarations ?? [];
    for (const declaration of overloadsOf(declarations.filter(ts.isFunctionDeclaration)))
      texts.push(`function ${name}${this.signature(declaration)};`);
    for (const declaration of declarations) {
      const file = declaration.getSourceFile();
      if (ts.isFunctionDeclaration(declaration)) continue;
      if (
        UNEXPANDED_FILE.test(file.fileName) &&
        (ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration))
      )
        texts.push(this.unexpanded(name, declaration));
      else if (ts.isInterfaceDeclaration(declaration)) texts.push(this.interface(declaration));
      else if (ts.isTypeAliasDeclaration(declaration) || ts.isEnumDeclaration(declaration))
        texts.push(wrapped(written(declaration, file)));
      else if (ts.isClassDeclaration(declaration)) texts.push(this.class(name, declaration));
      else if (ts.isVariableDeclaration(declaration)) texts.push(wrapped(this.variable(name, declaration)));
      else if (ts.isModuleDeclaration(declaration)) texts.push(`namespace ${name} { … }`);
      else texts.push(`${ts.SyntaxKind[declaration.kind]} ${name}`);
    }
    return texts;
  }

  /** A generated spec type: its name and the number of its members. */
  private unexpanded(name: string, declaration: ts.InterfaceDeclaration | ts.TypeAliasDeclaration): string {
    const members = this.checker.getTypeAtLocation(declaration.name).getProperties().length;
    const keyword = ts.isInterfaceDeclaration(declaration) ? 'interface' : 'type';
    return `${keyword} ${name} /* generated from the spec: ${members} members, not expanded */`;
  }

  private variable(name: string, declaration: ts.VariableDeclaration): string {
    const keyword = declaration.parent.flags & ts.NodeFlags.Const ? 'const' : 'let';
    const initializer = declaration.initializer;
    const type =
      declaration.type !== undefined
        ? written(declaration.type, declaration.getSourceFile())
        : initializer !== undefined && (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer))
          ? this.signature(initializer, true)
          : this.type(this.checker.getTypeAtLocation(declaration.name), declaration);
    return `${keyword} ${name}: ${type};`;
  }

  private interface(declaration: ts.InterfaceDeclaration): string {
    const file = declaration.getSourceFile();
    const head = written(
      ts.factory.updateInterfaceDeclaration(
        declaration,
        undefined,
        declaration.name,
        declaration.typeParameters,
        declaration.heritageClauses,
        [],
      ),
      file,
    ).replace(/\s*\{\s*\}$/, '');
    const members = declaration.members.map((member) => ({ key: memberKey(member), text: written(member, file) }));
    return block(head, members);
  }

  private class(name: string, declaration: ts.ClassDeclaration): string {
    const file = declaration.getSourceFile();
    const abstract = hasModifier(declaration, ts.SyntaxKind.AbstractKeyword) ? 'abstract ' : '';
    const parameters = declaration.typeParameters?.map((parameter) => written(parameter, file)).join(', ');
    const heritage = declaration.heritageClauses?.map((clause) => written(clause, file).trim()).join(' ');
    const head = `${abstract}class ${name}${parameters ? `<${parameters}>` : ''}${heritage ? ` ${heritage}` : ''}`;
    const members: { key: string; text: string }[] = [];
    for (const constructor of overloadsOf(declaration.members.filter(ts.isConstructorDeclaration))) {
      const visibility = hasModifier(constructor, ts.SyntaxKind.PrivateKeyword)
        ? 'private '
        : hasModifier(constructor, ts.SyntaxKind.ProtectedKeyword)
          ? 'protected '
          : '';
      members.push({
        key: ' constructor',
        text:
          visibility === 'private '
            ? 'private constructor();'
            : `${visibility}constructor${this.signature(constructor)};`,
      });
      for (const parameter of constructor.parameters) {
        if (!ts.isParameterPropertyDeclaration(parameter, constructor) || isHidden(parameter)) continue;
        const type = parameter.type
          ? written(parameter.type, file)
          : this.type(this.checker.getTypeAtLocation(parameter.name), parameter);
        members.push({
          key: memberKey(parameter),
          text: `${modifiersOf(parameter)}${written(parameter.name, file)}${parameter.questionToken ? '?' : ''}: ${type};`,
        });
      }
    }
    const methods = new Map<string, ts.MethodDeclaration[]>();
    for (const member of declaration.members) {
      if (isHidden(member) || ts.isConstructorDeclaration(member)) continue;
      const key = memberKey(member);
      const memberName = member.name ? written(member.name, file) : '';
      if (ts.isMethodDeclaration(member)) methods.set(key, [...(methods.get(key) ?? []), member]);
      else if (ts.isIndexSignatureDeclaration(member)) members.push({ key, text: written(member, file) });
      else if (ts.isGetAccessorDeclaration(member)) {
        const type = member.type
          ? written(member.type, file)
          : this.type(this.checker.getTypeAtLocation(member.name), member);
        members.push({ key, text: `${modifiersOf(member)}get ${memberName}(): ${type};` });
      } else if (ts.isSetAccessorDeclaration(member)) {
        const parameter = member.parameters[0];
        const type = parameter?.type
          ? written(parameter.type, file)
          : parameter
            ? this.type(this.checker.getTypeAtLocation(parameter), member)
            : 'unknown';
        members.push({ key: `${key} set`, text: `${modifiersOf(member)}set ${memberName}(value: ${type});` });
      } else if (ts.isPropertyDeclaration(member)) {
        const type = member.type
          ? written(member.type, file)
          : this.type(this.checker.getTypeAtLocation(member.name), member);
        members.push({ key, text: `${modifiersOf(member)}${memberName}${member.questionToken ? '?' : ''}: ${type};` });
      }
    }
    for (const [key, declarations] of methods)
      for (const method of overloadsOf(declarations)) {
        const optional = method.questionToken ? '?' : '';
        members.push({
          key,
          text: `${modifiersOf(method)}${written(method.name, file)}${optional}${this.signature(method)};`,
        });
      }
    return block(head, members);
  }
}

/** A declaration's head and its members, sorted, one a line. */
const block = (head: string, members: { key: string; text: string }[]): string =>
  members.length === 0
    ? `${head} {}`
    : `${head} {\n${members
        .sort(byKey)
        .map(({ text }) => indent(text))
        .join('\n')}\n}`;

/** Private members and `#private` fields are not part of the API. */
const isHidden = (member: ts.ClassElement | ts.ParameterDeclaration): boolean =>
  hasModifier(member, ts.SyntaxKind.PrivateKeyword) ||
  (member.name !== undefined && ts.isPrivateIdentifier(member.name));

const modifiersOf = (member: ts.Node): string =>
  [
    [ts.SyntaxKind.ProtectedKeyword, 'protected'],
    [ts.SyntaxKind.StaticKeyword, 'static'],
    [ts.SyntaxKind.AbstractKeyword, 'abstract'],
    [ts.SyntaxKind.ReadonlyKeyword, 'readonly'],
  ]
    .filter(([kind]) => hasModifier(member, kind as ts.SyntaxKind))
    .map(([, word]) => `${word} `)
    .join('');

/** Statics first, then by name; call, construct and index signatures before named members. */
const memberKey = (member: ts.TypeElement | ts.ClassElement | ts.ParameterDeclaration): string => {
  if (ts.isCallSignatureDeclaration(member)) return ' call';
  if (ts.isConstructSignatureDeclaration(member)) return ' new';
  if (ts.isIndexSignatureDeclaration(member)) return ' index';
  const name =
    member.name && !ts.isComputedPropertyName(member.name)
      ? member.name.getText()
      : `[${member.name?.getText() ?? ''}]`;
  return `${hasModifier(member, ts.SyntaxKind.StaticKeyword) ? '0' : '1'} ${name.replace(/^['"]|['"]$/g, '')}`;
};

/** A stable sort on code units, the same on every machine whatever its locale. */
const byKey = (a: { key: string }, b: { key: string }): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The exported names of an entry, each recorded. */
const apiItems = (program: ts.Program, entry: string): { items: ApiItem[]; symbols: Map<string, ts.Symbol> } => {
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(entry);
  if (file === undefined) throw new Error(`${entry} is not in the program`);
  const module = checker.getSymbolAtLocation(file);
  const exported = module ? checker.getExportsOfModule(module) : [];
  const printer = new Printer(checker);
  const symbols = new Map<string, ts.Symbol>();
  const items = exported.map((symbol) => {
    const name = symbol.getName();
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    symbols.set(name, target);
    const value = (target.flags & ts.SymbolFlags.Value) !== 0 && !typeOnly(checker, symbol);
    const texts = printer.declarations(name, target);
    const note = (target.flags & ts.SymbolFlags.Value) !== 0 && !value ? '// exported as a type only\n' : '';
    return { name, value, text: note + texts.join('\n') };
  });
  return { items: items.sort((a, b) => byKey({ key: a.name }, { key: b.name })), symbols };
};

/** The compiler options of the repository's root tsconfig.json: its paths map each entry to its source. */
export const compilerOptions = (root: string): ts.CompilerOptions => {
  const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, root).options;
};

/** The report of one entry point: its import specifier and its page. */
export interface ApiReport {
  readonly specifier: string;
  readonly text: string;
}

/** The report of every entry of the packages, by report file (absolute). */
export const apiReports = (
  root: string,
  packageDirs: string[],
  options: ts.CompilerOptions,
): Map<string, ApiReport> => {
  const entries = packageDirs.flatMap((dir) => apiEntries(dir).map((entry) => ({ ...entry, dir })));
  const program = ts.createProgram(
    entries.map((entry) => entry.source),
    { ...options, noEmit: true },
  );
  const reports = new Map<string, ApiReport>();
  const mainSymbols = new Map<string, Map<string, ts.Symbol>>();
  for (const entry of entries) {
    const { items, symbols } = apiItems(program, entry.source);
    const main = mainSymbols.get(entry.dir);
    if (entry.subpath === '.') mainSymbols.set(entry.dir, symbols);
    const mainName = entry.specifier.split('/').slice(0, 2).join('/');
    const shared = main ? items.filter((item) => main.get(item.name) === symbols.get(item.name)) : [];
    const own = items.filter((item) => !shared.includes(item));
    const text = reportPage(entry, relative(root, entry.source), own, shared, mainName);
    reports.set(entry.report, { specifier: entry.specifier, text });
  }
  return reports;
};

const count = (items: readonly ApiItem[]): string => {
  const values = items.filter((item) => item.value).length;
  return `${values} values, ${items.length - values} types`;
};

/** The Markdown page of one entry. */
const reportPage = (entry: ApiEntry, source: string, own: ApiItem[], shared: ApiItem[], main: string): string => {
  const lines = [
    `# API report: \`${entry.specifier}\``,
    '',
    `Generated from \`${source}\` by \`npm run api\`; \`npm run check:api\` (part of \`npm test\`) fails when the`,
    'entry point changes and this file does not. Do not edit it: review it (decision 0065).',
    '',
    `${own.length + shared.length} exported names: ${count([...own, ...shared])}.`,
  ];
  if (shared.length > 0)
    lines.push(`${shared.length} of them (${count(shared)}) are those of \`${main}\`, listed last.`);
  const section = (title: string, items: ApiItem[]): void => {
    if (items.length === 0) return;
    lines.push('', `## ${title}`, '', '```ts', items.map((item) => item.text).join('\n\n'), '```');
  };
  section(
    'Values',
    own.filter((item) => item.value),
  );
  section(
    'Types',
    own.filter((item) => !item.value),
  );
  if (shared.length > 0) {
    lines.push('', `## From \`${main}\``, '', 'Named only: their signatures are in its report.');
    for (const items of [shared.filter((item) => item.value), shared.filter((item) => !item.value)])
      if (items.length > 0) lines.push('', '```text', ...items.map((item) => item.name), '```');
  }
  return `${lines.join('\n')}\n`;
};

/**
 * What differs between the reports of the entries and the files committed in the packages'
 * `api` folders: one message per report missing, stale (with a short diff) or left over from an
 * entry that is gone. Empty when every report is up to date.
 */
export const reportProblems = (root: string, packageDirs: string[], reports: Map<string, ApiReport>): string[] => {
  const problems: string[] = [];
  for (const [file, { specifier, text }] of reports) {
    const committed = ts.sys.fileExists(file) ? readFileSync(file, 'utf8') : undefined;
    const name = relative(root, file);
    if (committed === undefined) problems.push(`${specifier}: no API report (${name}).`);
    else if (committed !== text)
      problems.push(`${specifier}: its API changed and ${name} does not say so.\n${shortDiff(committed, text)}`);
  }
  for (const file of packageDirs.flatMap(reportFiles))
    if (!reports.has(file))
      problems.push(`${relative(root, file)} reports no public entry point (gone from package.json, or internals).`);
  return problems;
};
