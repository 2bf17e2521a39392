// The spec's object types where hand-written code uses them, and the members the spec's types
// declare absent.
import { Converter, IndexedAccessType, LiteralType, ReflectionKind, Type } from 'typedoc';
import ts from 'typescript';
import { GENERATED, isGenerated } from './generated.mjs';

/**
 * Where the spec's types declare an object type: the interface of a generated module and the
 * property names down to it (`components`, then `schemas`, `Voucher` for the Voucher schema), or
 * `undefined` for an object type that is not the whole type of a property.
 *
 * @param {import('typescript').Declaration} literal
 */
const placeOf = (literal) => {
  const names = [];
  let node = literal;
  while (ts.isTypeLiteralNode(node) && ts.isPropertySignature(node.parent) && node.parent.type === node) {
    const name = node.parent.name;
    if (!ts.isIdentifier(name) && !ts.isStringLiteral(name) && !ts.isNumericLiteral(name)) return undefined;
    names.unshift(name.text);
    node = node.parent.parent;
    if (ts.isInterfaceDeclaration(node)) return { declaration: node, names };
  }
  return undefined;
};

/** The exported declaration a reflection belongs to: itself, or its ancestor that a module holds. */
const exportOf = (reflection) => {
  let current = reflection;
  while (current.parent !== undefined && !current.parent.kindOf(ReflectionKind.SomeModule | ReflectionKind.Project))
    current = current.parent;
  return current;
};

/**
 * Names the spec's object types where the checker resolved them. A type written
 * `Resource<'Voucher'>` or `Voucher` in the mock's sources is the object type of the Voucher
 * schema, which typedoc would print in full at every use, schemas within schemas. Each becomes the
 * indexed access `components["schemas"]["Voucher"]`, linked to `components` where the schema is
 * documented, as the generated modules write it (decision 0022). The generated modules' own
 * declarations keep their types.
 *
 * @param {import('typedoc').Converter} converter
 */
export const nameTheSpecsTypes = (converter) => {
  /** The spec's object types met in the package being converted, each with how to name it. */
  const named = new Map();
  converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.TypeLiteral)) return;
    const literal = context.getSymbolFromReflection(reflection)?.declarations?.[0];
    if (literal === undefined || !GENERATED.test(literal.getSourceFile().fileName)) return;
    const place = placeOf(literal);
    const symbol = place && context.getSymbolAtLocation(place.declaration.name);
    if (symbol === undefined) return;
    named.set(reflection, () =>
      place.names.reduce(
        (object, name) => new IndexedAccessType(object, new LiteralType(name)),
        context.createSymbolReference(symbol, context, symbol.name),
      ),
    );
  });

  converter.on(Converter.EVENT_RESOLVE_BEGIN, ({ project }) => {
    const rename = (type) => {
      if (type.type === 'reflection') {
        const name = named.get(type.declaration);
        if (name === undefined) return type;
        project.removeReflection(type.declaration);
        return name();
      }
      for (const [key, value] of Object.entries(type)) type[key] = renamed(value);
      return type;
    };
    const renamed = (value) =>
      value instanceof Type ? rename(value) : Array.isArray(value) ? value.map(renamed) : value;
    for (const reflection of Object.values(project.reflections)) {
      if (isGenerated(project, exportOf(reflection))) continue;
      for (const key of ['type', 'default', 'extendedTypes', 'implementedTypes'])
        if (reflection[key] !== undefined) reflection[key] = renamed(reflection[key]);
    }
    named.clear();
  });
};

/**
 * The spec's types declare what a request or an answer cannot have as `name?: never` (`put?:
 * never` for a path without PUT, `cookie?: never` for an operation without cookies): the site
 * leaves those members out, as their absence says the same.
 *
 * @param {import('typedoc').Converter} converter
 */
export const leaveOutAbsentMembers = (converter) => {
  converter.on(Converter.EVENT_RESOLVE_BEGIN, ({ project }) => {
    for (const reflection of Object.values(project.reflections)) {
      if (
        reflection.kindOf(ReflectionKind.Property) &&
        reflection.flags.isOptional &&
        reflection.type?.type === 'intrinsic' &&
        reflection.type.name === 'never' &&
        isGenerated(project, reflection)
      )
        project.removeReflection(reflection);
    }
  });
};
