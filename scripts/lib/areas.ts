/**
 * The mock's areas and the direction of their dependencies (docs/architecture.md): an area imports
 * only from the areas below it, from the shared base (`core/`, `http/`, `generated/`) and from
 * itself. This module finds every import of the mock's sources that breaks the rule; it reads the
 * files with TypeScript's parser, so type-only imports count as well.
 */
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

/** The areas, lowest first: each may import from those before it. */
export const AREAS = ['platform', 'catalog', 'customers', 'campaigns', 'rules', 'engine', 'programmes'] as const;

/** An area, or the other layers of the mock's sources. */
export type Layer = (typeof AREAS)[number] | 'base' | 'root' | 'app';

/**
 * The layer of a source file, by its path inside `packages/mock-server/src`:
 * `areas/<area>/…` is that area; `areas/*.ts` (the project's state and the handler registry) is the
 * root that wires the areas together; `core/`, `http/` and `generated/` are the base every area
 * stands on; anything else (the service, the entry points, the sandbox) is the app on top.
 */
export const layerOf = (path: string): Layer => {
  const parts = normalize(path).split('/');
  if (parts[0] === 'areas') {
    if (parts.length === 2) return 'root';
    const area = AREAS.find((name) => name === parts[1]);
    if (area === undefined) throw new Error(`${path} is in no known area (${AREAS.join(', ')})`);
    return area;
  }
  return ['core', 'http', 'generated'].includes(parts[0] ?? '') ? 'base' : 'app';
};

/** One import and where it points, both as paths inside the mock's `src`. */
export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** The relative imports and re-exports of one file (static and dynamic), resolved to `.ts` paths. */
export const importsOf = (path: string, text: string): ImportEdge[] => {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean): void => {
    if (!specifier.startsWith('.')) return;
    edges.push({ from: path, to: normalize(join(dirname(path), specifier.replace(/\.js$/, '.ts'))), typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = clause !== undefined && (clause.isTypeOnly || (clause.name === undefined && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] !== undefined && ts.isStringLiteral(node.arguments[0])) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
};

const rank = (layer: Layer): number => (layer === 'base' ? -1 : layer === 'root' ? AREAS.length : layer === 'app' ? AREAS.length + 1 : AREAS.indexOf(layer));

/**
 * Why an import breaks the direction of the layers, or undefined when it does not. The base may
 * name the root's `ProjectState` type (a handler's context carries the project), nothing above it
 * at run time.
 */
export const violationOf = (edge: ImportEdge): string | undefined => {
  const [from, to] = [layerOf(edge.from), layerOf(edge.to)];
  if (rank(to) <= rank(from)) return undefined;
  if (from === 'base' && to === 'root' && edge.typeOnly) return undefined;
  return `${edge.from} (${from}) imports ${edge.to} (${to}), which is above it`;
};

/**
 * Every import of the given files that breaks the direction.
 *
 * @param files - Path inside `src` and text of each source file.
 * @returns One sentence per upward import.
 */
export const areaViolations = (files: ReadonlyMap<string, string>): string[] =>
  [...files].flatMap(([path, text]) => importsOf(path, text).flatMap((edge) => violationOf(edge) ?? []));
