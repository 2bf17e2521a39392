// Types the site shows as the source writes them, not as the checker resolves them.
import ts from 'typescript';
import { GENERATED } from './generated.mjs';

/**
 * Whether the written type names a generic type alias that the checker's type no longer carries: a
 * distributive conditional alias such as `JournalEntry` (one entry per operation) resolves to the
 * union of its instantiations, which typedoc would print in full, every operation's request at
 * each use (8 MB on the page of `RequestJournal` alone). Such a type is kept as written, a link to
 * the alias.
 *
 * @param {import('typescript').TypeChecker} checker
 * @param {import('typescript').Type | import('typescript').Node} type
 * @param {import('typescript').Node} node
 */
const losesItsAlias = (checker, type, node) => {
  if (!('flags' in type) || 'kind' in type || !ts.isTypeReferenceNode(node)) return false;
  const written = checker.getSymbolAtLocation(node.typeName);
  if (written === undefined) return false;
  const symbol = written.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(written) : written;
  const generic = symbol.declarations?.some(
    (declaration) => ts.isTypeAliasDeclaration(declaration) && declaration.typeParameters !== undefined,
  );
  return generic === true && type.aliasSymbol !== symbol;
};

/**
 * typedoc converts the type of a property, parameter or return value from the type the checker
 * resolves, not from the type node written in the source. The spec's types are anonymous object
 * types reached through indexed access (`operations["listCategories"]`,
 * `components['schemas']["Voucher"]`), so each use would be expanded in full, schemas within
 * schemas, down to typedoc's depth limit. For declarations in the generated modules, and for a
 * generic alias the checker loses, convert the written type instead: the site shows
 * `components['schemas']["Voucher"]` linked to `components`, where that schema is documented once
 * (decision 0022).
 *
 * @param {import('typedoc').Converter} converter
 */
export const keepTypesAsWritten = (converter) => {
  const convertType = converter.convertType.bind(converter);
  // Called with (context, node) or with (context, resolved type, written node when there is one).
  converter.convertType = (context, typeOrNode, node) =>
    node !== undefined &&
    (GENERATED.test(node.getSourceFile().fileName) || losesItsAlias(context.checker, typeOrNode, node))
      ? convertType(context, node)
      : convertType(context, typeOrNode, node);
};
