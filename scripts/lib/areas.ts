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
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
};

const rank = (layer: Layer): number =>
  layer === 'base' ? -1 : layer === 'root' ? AREAS.length : layer === 'app' ? AREAS.length + 1 : AREAS.indexOf(layer);

/**
 * Why an import breaks the direction of the layers, or undefined when it does not. The base may
 * name the root's `ProjectState` type (a handler's context carries the project), nothing above it
 * at run time.
 */
const violationOf = (edge: ImportEdge): string | undefined => {
  const [from, to] = [layerOf(edge.from), layerOf(edge.to)];
  if (rank(to) <= rank(from)) return undefined;
  if (from === 'base' && to === 'root' && edge.typeOnly) return undefined;
  return `${edge.from} (${from}) imports ${edge.to} (${to}), which is above it`;
};

/** Where the project's state is declared: every store, and the module of its type. */
const STATE_PATH = 'areas/state.ts';

/**
 * The layer of each store of the project's state (`vouchers` → `campaigns`), read from the
 * declaration of `ProjectState`: a member's type is imported from the store's module.
 */
export const storeLayers = (stateText: string): Map<string, Layer> => {
  const source = ts.createSourceFile(STATE_PATH, stateText, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const modules = new Map<string, string>();
  for (const statement of source.statements) {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (!ts.isImportDeclaration(statement) || bindings === undefined || !ts.isNamedImports(bindings)) continue;
    const target = normalize(
      join(dirname(STATE_PATH), (statement.moduleSpecifier as ts.StringLiteral).text.replace(/\.js$/, '.ts')),
    );
    for (const element of bindings.elements) modules.set(element.name.text, target);
  }
  const state = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'ProjectState',
  );
  const layers = new Map<string, Layer>();
  for (const member of state?.members ?? []) {
    if (!ts.isPropertySignature(member) || member.type === undefined || !ts.isTypeReferenceNode(member.type)) continue;
    const module = modules.get(member.type.typeName.getText(source));
    if (module !== undefined) layers.set(member.name.getText(source), layerOf(module));
  }
  return layers;
};

/** Whether an expression is the project's state: `state`, `….state`, `state()` or `this.state()`. */
const isState = (node: ts.Expression): boolean => {
  const inner = ts.isCallExpression(node) && node.arguments.length === 0 ? node.expression : node;
  return (
    (ts.isIdentifier(inner) && inner.text === 'state') ||
    (ts.isPropertyAccessExpression(inner) && inner.name.text === 'state')
  );
};

/** The stores a file reads from the project's state: `state.vouchers`, `const { vouchers } = project.state`. */
export const storesReadBy = (path: string, text: string): string[] => {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && isState(node.expression)) names.push(node.name.text);
    if (
      ts.isVariableDeclaration(node) &&
      node.initializer !== undefined &&
      isState(node.initializer) &&
      ts.isObjectBindingPattern(node.name)
    ) {
      for (const element of node.name.elements) names.push((element.propertyName ?? element.name).getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
};

/**
 * Every import of the given files that breaks the direction, and every read of a store of a
 * higher area through the project's state (a handler's `project.state`), which imports alone do
 * not show.
 *
 * @param files - Path inside `src` and text of each source file; `areas/state.ts` among them.
 * @returns One sentence per upward dependency.
 */
export const areaViolations = (files: ReadonlyMap<string, string>): string[] => {
  const stores = storeLayers(files.get(STATE_PATH) ?? '');
  return [...files].flatMap(([path, text]) => {
    const imports = importsOf(path, text).flatMap((edge) => violationOf(edge) ?? []);
    const layer = layerOf(path);
    if (!(AREAS as readonly string[]).includes(layer)) return imports;
    const reads = [...new Set(storesReadBy(path, text))].flatMap((name) => {
      const store = stores.get(name);
      return store !== undefined && rank(store) > rank(layer)
        ? [`${path} (${layer}) reads state.${name} (${store}), which is above it`]
        : [];
    });
    return [...imports, ...reads];
  });
};
