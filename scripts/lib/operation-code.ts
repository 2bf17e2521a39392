/**
 * From each operation the mock implements to its code: the file of its handler (through the area
 * registry, `areas/registry.ts`) and the methods of the state it calls (`categories.list`,
 * `organisation.users.invite`, `projects.create`). Both are read from the sources with
 * TypeScript's parser only, without type checking, so that the generated coverage page stays quick
 * to make.
 *
 * A handler reaches the state through its context: `project.state.<store>` (a project's stores,
 * `areas/state.ts`), `organisation.<store>` (`areas/organisation.ts`) and `projects` (the registry,
 * `core/projects.ts`). The reading follows those values through destructuring, variables and the
 * arguments of the functions a handler calls, as long as those functions are declared in the areas'
 * sources (helpers beside the handlers, `addMember`, `legacyRedemption` …); it stops at the
 * methods of the state, which are what it reports. A parameter of a store's type, or of
 * `ProjectState`, is a store or the state whatever its caller passes.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { byCodeUnits } from './operation-tests.ts';
import { repoPath } from './paths.ts';

/** The mock's sources, repository-relative. */
const SRC = 'packages/mock-server/src';

/** One method of the state that a handler calls, and the file of the class that has it. */
interface StateMethod {
  /** `categories.list`, `organisation.users.invite` or `projects.create`. */
  readonly name: string;
  /** Repository-relative path of the file that declares the store's class. */
  readonly file: string;
}

/** The code of one operation. */
export interface OperationCode {
  /** Repository-relative path of the file whose handler map serves the operation. */
  readonly handlerFile: string;
  /** The state's methods its handler calls, directly or through the areas' helpers, by name. */
  readonly stateMethods: readonly StateMethod[];
}

/** What an expression holds, as far as the reading can tell. */
type Kind =
  | { readonly kind: 'context' } // a handler's argument: project, organisation, projects …
  | { readonly kind: 'project' } // a project, whose `state` holds its stores
  | { readonly kind: 'state' } // a project's stores (`ProjectState` or a part of it)
  | { readonly kind: 'organisation' } // the organisation's stores
  | { readonly kind: 'store'; readonly name: string }; // one store: `categories`, `organisation.users`, `projects`

const CONTEXT: Kind = { kind: 'context' };
const PROJECT: Kind = { kind: 'project' };
const STATE: Kind = { kind: 'state' };
const ORGANISATION: Kind = { kind: 'organisation' };
const store = (name: string): Kind => ({ kind: 'store', name });

const parsed = new Map<string, ts.SourceFile>();
const sourceOf = (file: string): ts.SourceFile => {
  let source = parsed.get(file);
  if (source === undefined) {
    source = ts.createSourceFile(file, readFileSync(repoPath(file), 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
};

/** The repository-relative `.ts` file a relative import of `from` names. */
const resolveImport = (from: string, specifier: string): string =>
  normalize(join(dirname(from), specifier.replace(/\.js$/, '.ts')));

/** Every name a file imports from a relative module, with that module and the name exported there. */
const importsOf = (file: string): Map<string, { readonly file: string; readonly name: string }> => {
  const imports = new Map<string, { file: string; name: string }>();
  for (const statement of sourceOf(file).statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    const bindings = statement.importClause?.namedBindings;
    if (!specifier.startsWith('.') || bindings === undefined || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements)
      imports.set(element.name.text, {
        file: resolveImport(file, specifier),
        name: (element.propertyName ?? element.name).text,
      });
  }
  return imports;
};

/** The top-level declaration of `name` in a file: a function, or a constant's initializer. */
const declarationOf = (file: string, name: string): ts.Node | undefined => {
  for (const statement of sourceOf(file).statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return statement;
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration.initializer;
  }
  return undefined;
};

/** The fields of an interface in a file, with the name of each field's type. */
const interfaceFields = (file: string, name: string): Map<string, string> => {
  const fields = new Map<string, string>();
  for (const statement of sourceOf(file).statements) {
    if (!ts.isInterfaceDeclaration(statement) || statement.name.text !== name) continue;
    for (const member of statement.members)
      if (ts.isPropertySignature(member) && ts.isIdentifier(member.name) && member.type !== undefined)
        fields.set(member.name.text, member.type.getText(sourceOf(file)).replace(/<.*$/s, ''));
  }
  if (fields.size === 0) throw new Error(`${file} declares no interface ${name} with fields`);
  return fields;
};

/** Where the state is declared: the stores of a project, of the organisation, and the projects' registry. */
const STATE_FILE = `${SRC}/areas/state.ts`;
const ORGANISATION_FILE = `${SRC}/areas/organisation.ts`;
const PROJECTS_FILE = `${SRC}/core/projects.ts`;
const REGISTRY_FILE = `${SRC}/areas/registry.ts`;

/** The stores a handler can reach: their names, the files of their classes, and their types' names. */
interface StateModel {
  readonly projectStores: ReadonlySet<string>;
  readonly organisationStores: ReadonlySet<string>;
  /** Store name (`categories`, `organisation.users`, `projects`) → file of its class. */
  readonly files: ReadonlyMap<string, string>;
  /** Type name (`CategoryStore`) → store name. */
  readonly byType: ReadonlyMap<string, string>;
}

const stateModel = (): StateModel => {
  const files = new Map<string, string>();
  const byType = new Map<string, string>();
  const add = (declaringFile: string, fields: Map<string, string>, prefix: string): void => {
    const imports = importsOf(declaringFile);
    for (const [field, type] of fields) {
      const name = `${prefix}${field}`;
      const imported = imports.get(type);
      if (imported === undefined) throw new Error(`${declaringFile}: the type ${type} of ${field} is not imported`);
      files.set(name, imported.file);
      byType.set(type, name);
    }
  };
  const projectFields = interfaceFields(STATE_FILE, 'ProjectState');
  const organisationFields = interfaceFields(ORGANISATION_FILE, 'OrganisationState');
  add(STATE_FILE, projectFields, '');
  add(ORGANISATION_FILE, organisationFields, 'organisation.');
  files.set('projects', PROJECTS_FILE);
  byType.set('ProjectRegistry', 'projects');
  return {
    projectStores: new Set(projectFields.keys()),
    organisationStores: new Set(organisationFields.keys()),
    files,
    byType,
  };
};

/**
 * What the registry spreads as handlers loaded on demand (decision 0083): the function it calls,
 * and the handler map whose handlers it loads.
 */
const ON_DEMAND_MAPS: Readonly<Record<string, { readonly file: string; readonly name: string }>> = {
  engineOnDemand: { file: `${SRC}/areas/engine/handlers.ts`, name: 'engineHandlers' },
};

const unwrap = (expression: ts.Expression): ts.Expression => {
  let current = expression;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current)
  )
    current = current.expression;
  return current;
};

/** The value a handler map is declared with, without its `satisfies` or `as`. */
const mapDeclaration = (file: string, name: string): ts.Node | undefined => {
  const declaration = declarationOf(file, name);
  return declaration !== undefined && ts.isExpression(declaration) ? unwrap(declaration) : declaration;
};

/** A handler map, or the maps it is made of when it only spreads imported maps, in its order. */
const leafMaps = (map: {
  readonly file: string;
  readonly name: string;
}): { readonly name: string; readonly file: string }[] => {
  const declaration = mapDeclaration(map.file, map.name);
  if (
    declaration === undefined ||
    !ts.isObjectLiteralExpression(declaration) ||
    !declaration.properties.every((property) => ts.isSpreadAssignment(property) && ts.isIdentifier(property.expression))
  )
    return [map];
  const imports = importsOf(map.file);
  return declaration.properties.flatMap((property) => {
    const imported = imports.get(((property as ts.SpreadAssignment).expression as ts.Identifier).text);
    if (imported === undefined) throw new Error(`${map.file}: ${map.name} spreads a map it does not import`);
    return leafMaps(imported);
  });
};

/** The handler maps the registry spreads, in its order, with the file each comes from. */
const registeredMaps = (): { readonly name: string; readonly file: string }[] => {
  const imports = importsOf(REGISTRY_FILE);
  const handlers = declarationOf(REGISTRY_FILE, 'handlers');
  if (handlers === undefined || !ts.isObjectLiteralExpression(handlers))
    throw new Error(`${REGISTRY_FILE} has no object literal \`handlers\``);
  return handlers.properties.flatMap((property) => {
    const spread = ts.isSpreadAssignment(property) ? property.expression : undefined;
    const imported =
      spread !== undefined && ts.isIdentifier(spread)
        ? imports.get(spread.text)
        : spread !== undefined && ts.isCallExpression(spread) && ts.isIdentifier(spread.expression)
          ? ON_DEMAND_MAPS[spread.expression.text]
          : undefined;
    if (imported === undefined)
      throw new Error(
        `${REGISTRY_FILE}: every entry of \`handlers\` spreads an imported handler map, or the handlers of one loaded on demand`,
      );
    return leafMaps(imported);
  });
};

/** The operations of one handler map, each with its handler function. */
const handlersOf = (file: string, name: string): Map<string, ts.Node> => {
  const map = mapDeclaration(file, name);
  if (map === undefined || !ts.isObjectLiteralExpression(map)) throw new Error(`${file}: ${name} is no object literal`);
  const handlers = new Map<string, ts.Node>();
  for (const property of map.properties) {
    if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name)) {
      const value = property.initializer;
      handlers.set(
        property.name.text,
        ts.isIdentifier(value) ? (declarationOf(file, value.text) ?? value) : (value as ts.Node),
      );
    } else if (ts.isMethodDeclaration(property) && ts.isIdentifier(property.name)) {
      handlers.set(property.name.text, property);
    } else {
      throw new Error(`${file}: ${name} has an entry the reading does not know (${property.getText()})`);
    }
  }
  return handlers;
};

/** Reads functions for the state's methods they call; one reader serves every operation. */
class StateCallReader {
  readonly #model: StateModel;
  /** Results per function and the kinds of its arguments, so that shared helpers are read once. */
  readonly #done = new Map<string, ReadonlySet<string>>();
  readonly #reading = new Set<string>();

  constructor(model: StateModel) {
    this.#model = model;
  }

  /** The state's methods a handler of `file` calls. */
  handler(file: string, handler: ts.Node): ReadonlySet<string> {
    return this.#function(file, handler, [CONTEXT]);
  }

  /** The kind a parameter's type gives it, whatever the caller passes. */
  #declaredKind(type: ts.TypeNode | undefined): Kind | undefined {
    if (type === undefined) return undefined;
    if (ts.isTypeReferenceNode(type)) {
      const name = type.typeName.getText();
      const storeName = this.#model.byType.get(name);
      if (storeName !== undefined) return store(storeName);
      if (name === 'ProjectState') return STATE;
      if (name === 'Pick' && type.typeArguments?.[0]?.getText() === 'ProjectState') return STATE;
      if (name === 'OrganisationState') return ORGANISATION;
    }
    return undefined;
  }

  /** The stores of a kind by field: what destructuring it or reading a field of it gives. */
  #field(of: Kind | undefined, field: string): Kind | undefined {
    switch (of?.kind) {
      case 'context':
        return field === 'project'
          ? PROJECT
          : field === 'organisation'
            ? ORGANISATION
            : field === 'projects'
              ? store('projects')
              : undefined;
      case 'project':
        return field === 'state' ? STATE : undefined;
      case 'state':
        return this.#model.projectStores.has(field) ? store(field) : undefined;
      case 'organisation':
        return this.#model.organisationStores.has(field) ? store(`organisation.${field}`) : undefined;
      case 'store':
        // A part of a store with methods of its own, such as the promotions' `stacks`.
        return store(`${of.name}.${field}`);
      default:
        // A project reached otherwise (`projects.get(id).state`) still keeps its stores under `state`.
        return field === 'state' ? STATE : undefined;
    }
  }

  #function(file: string, fn: ts.Node, argumentKinds: readonly (Kind | undefined)[]): ReadonlySet<string> {
    const key = `${file}:${fn.pos}:${JSON.stringify(argumentKinds)}`;
    const known = this.#done.get(key);
    if (known !== undefined) return known;
    if (this.#reading.has(key)) return new Set();
    this.#reading.add(key);
    const found = new Set<string>();
    const bindings = new Map<string, Kind>();
    const bind = (name: ts.BindingName, kind: Kind | undefined, type?: ts.TypeNode): void => {
      if (ts.isIdentifier(name)) {
        const bound = this.#declaredKind(type) ?? kind;
        if (bound !== undefined) bindings.set(name.text, bound);
        return;
      }
      if (!ts.isObjectBindingPattern(name)) return;
      const whole = this.#declaredKind(type) ?? kind;
      for (const element of name.elements) {
        const field = (element.propertyName ?? element.name).getText();
        const memberType =
          type !== undefined && ts.isTypeLiteralNode(type)
            ? type.members.find(
                (member): member is ts.PropertySignature =>
                  ts.isPropertySignature(member) && member.name.getText() === field,
              )?.type
            : undefined;
        bind(element.name, this.#field(whole, field), memberType);
      }
    };
    const kindOf = (node: ts.Expression): Kind | undefined => {
      const expression = unwrap(node);
      if (ts.isIdentifier(expression)) return bindings.get(expression.text);
      if (ts.isPropertyAccessExpression(expression))
        return this.#field(kindOf(expression.expression), expression.name.text);
      return undefined;
    };
    const parameters = ts.isFunctionLike(fn) ? fn.parameters : [];
    parameters.forEach((parameter, index) => bind(parameter.name, argumentKinds[index], parameter.type));
    const imports = importsOf(file);
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && node.initializer !== undefined)
        bind(node.name, kindOf(node.initializer), node.type);
      // A nested function's parameter is known by its type alone.
      if (ts.isParameter(node) && node.parent !== fn) bind(node.name, undefined, node.type);
      if (ts.isCallExpression(node)) {
        const callee = unwrap(node.expression);
        if (ts.isPropertyAccessExpression(callee)) {
          const target = kindOf(callee.expression);
          if (target?.kind === 'store') found.add(`${target.name}.${callee.name.text}`);
        } else if (ts.isIdentifier(callee)) {
          for (const method of this.#helper(file, imports, callee.text, node.arguments.map(kindOf))) found.add(method);
        }
      }
      ts.forEachChild(node, visit);
    };
    // Bindings come before their uses in the source, so one walk in order sees them in time.
    if (ts.isFunctionLike(fn)) ts.forEachChild(fn, visit);
    this.#reading.delete(key);
    this.#done.set(key, found);
    return found;
  }

  /** What a called function of the areas calls, read with the kinds of its arguments. */
  #helper(
    file: string,
    imports: ReturnType<typeof importsOf>,
    name: string,
    argumentKinds: readonly (Kind | undefined)[],
  ): ReadonlySet<string> {
    const imported = imports.get(name);
    const [declaringFile, declaredName] =
      imported === undefined ? [file, name] : ([imported.file, imported.name] as const);
    if (!declaringFile.startsWith(`${SRC}/areas/`)) return new Set();
    const declaration = declarationOf(declaringFile, declaredName);
    if (declaration === undefined || !ts.isFunctionLike(declaration)) return new Set();
    return this.#function(declaringFile, declaration, argumentKinds);
  }
}

/**
 * The file of the class of a part of a store (`promotions.stacks`, `vouchers.transactions`): the
 * type of the field a class of the store's file declares, imported from a relative module.
 */
const partFileOf = (storeFile: string, field: string): string | undefined => {
  for (const statement of sourceOf(storeFile).statements) {
    if (!ts.isClassDeclaration(statement)) continue;
    for (const member of statement.members)
      if (
        ts.isPropertyDeclaration(member) &&
        ts.isIdentifier(member.name) &&
        member.name.text === field &&
        member.type !== undefined &&
        ts.isTypeReferenceNode(member.type)
      )
        return importsOf(storeFile).get(member.type.typeName.getText())?.file;
  }
  return undefined;
};

/**
 * The file that declares a method: the store's, for the longest store name that starts the
 * method's name, or that of the part of the store the rest of the name goes through.
 */
const storeFileOf = (model: StateModel, method: string): string => {
  for (let end = method.lastIndexOf('.'); end > 0; end = method.lastIndexOf('.', end - 1)) {
    let file = model.files.get(method.slice(0, end));
    if (file === undefined) continue;
    for (const field of method
      .slice(end + 1)
      .split('.')
      .slice(0, -1))
      file = partFileOf(file, field) ?? file;
    return file;
  }
  throw new Error(`No store is known for ${method}`);
};

/**
 * Every operation the registry serves, with its handler's file and the state's methods the
 * handler calls (sorted by name).
 *
 * @returns The operations by id, in the order of their ids.
 * @throws Error when the registry, a handler map or the state's interfaces are not written in the
 * forms this reading knows.
 */
export const operationCode = (): Map<string, OperationCode> => {
  const model = stateModel();
  const reader = new StateCallReader(model);
  const result = new Map<string, OperationCode>();
  for (const { file, name } of registeredMaps()) {
    for (const [operationId, handler] of handlersOf(file, name)) {
      const stateMethods = [...reader.handler(file, handler)].sort().map((method) => {
        const storeFile = storeFileOf(model, method);
        return { name: method, file: storeFile };
      });
      // A later map of the registry replaces an earlier one's handler, as the spread does.
      result.set(operationId, { handlerFile: file, stateMethods });
    }
  }
  return new Map([...result].sort(([a], [b]) => byCodeUnits(a, b)));
};
