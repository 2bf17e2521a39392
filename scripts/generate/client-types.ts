import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import openapiTS, {
  type SchemaObject,
  type TransformNodeOptions,
  astToString,
  transformSchemaObject,
  tsIntersection,
} from 'openapi-typescript';
import ts from 'typescript';
import { GENERATED, GENERATED_HEADER, repoPath } from '../lib/paths.ts';

/**
 * TSDoc of the types openapi-typescript emits, which the client exports as they are; their
 * members carry the spec's own descriptions.
 */
const TYPE_DOCS: Readonly<Record<string, string>> = {
  paths: `/**
 * Every path of the API with its operations, keyed by path then method: the type that
 * openapi-fetch's \`GET\`, \`POST\` … check paths, parameters and bodies against.
 *
 * @example
 * \`\`\`ts
 * type CreateCategoryBody = paths['/v1/categories']['post']['requestBody']['content']['application/json'];
 * \`\`\`
 */`,
  webhooks: `/**
 * The events the service posts to webhooks, described as OpenAPI \`webhooks\`: the payload of each
 * is \`webhooks[name]['post']['requestBody']['content']['application/json']\`.
 *
 * @example
 * \`\`\`ts
 * type Names = keyof webhooks;
 * \`\`\`
 */`,
  components: `/**
 * The spec's reusable parts: \`schemas\`, \`responses\`, \`parameters\`, \`requestBodies\` and more;
 * \`Schemas\` is a shortcut for \`components['schemas']\`.
 *
 * @example
 * \`\`\`ts
 * type ErrorBody = components['schemas']['Error'];
 * \`\`\`
 */`,
  $defs: `/**
 * JSON Schema \`$defs\` of the spec (none).
 *
 * @example
 * \`\`\`ts
 * type Names = keyof $defs;
 * \`\`\`
 */`,
  operations: `/**
 * Every operation of the API by operationId, with its parameters, request body and responses.
 *
 * @example
 * \`\`\`ts
 * type CategoryQuery = operations['deleteCategory']['parameters']['query'];
 * \`\`\`
 */`,
};

/** Puts each top-level type's TSDoc in front of its declaration; fails when one is missing. */
const documented = (source: string): string =>
  Object.entries(TYPE_DOCS).reduce((text, [name, doc]) => {
    const declaration = new RegExp(`^export (?:interface|type) ${name.replace('$', '\\$')}\\b`, 'm');
    if (!declaration.test(text)) throw new Error(`openapi-typescript no longer emits \`${name}\`; update TYPE_DOCS`);
    return text.replace(declaration, (match) => `${doc}\n${match}`);
  }, source);

/** The pattern of numbered keys (`"1"`, `"2"` …), which a template literal index signature types exactly. */
const NUMBERED_KEYS = '^[0-9]+$';

/**
 * An object of named fields and numbered entries (`{ limit: 2, 1: {…}, 2: {…} }`), typed as its
 * fields and ``[key: `${number}`]: Entry``. openapi-typescript writes every `patternProperties`
 * as a `string` index signature, which the named fields must then match too: `limit` could not
 * be written beside the entries.
 */
const numberedEntries = (schema: SchemaObject, options: TransformNodeOptions): ts.TypeNode | undefined => {
  const patterns = (schema as { patternProperties?: Record<string, SchemaObject> }).patternProperties;
  const entry = patterns?.[NUMBERED_KEYS];
  if (!patterns || !entry || Object.keys(patterns).length !== 1) return undefined;
  const { patternProperties: _numbered, ...fields } = schema as SchemaObject & { patternProperties?: unknown };
  const key = ts.factory.createTemplateLiteralType(ts.factory.createTemplateHead(''), [
    ts.factory.createTemplateLiteralTypeSpan(
      ts.factory.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword),
      ts.factory.createTemplateTail(''),
    ),
  ]);
  const parameter = ts.factory.createParameterDeclaration(undefined, undefined, 'key', undefined, key);
  const entries = ts.factory.createTypeLiteralNode([
    ts.factory.createIndexSignature(undefined, [parameter], transformSchemaObject(entry, options)),
  ]);
  return tsIntersection([transformSchemaObject(fields as SchemaObject, options), entries]);
};

/**
 * Writes the client's `paths`, `components`, `operations` and `webhooks` types with
 * openapi-typescript. A file of a multipart upload (`format: binary`) is a `Blob`; numbered
 * entries beside named fields get a `${number}` index signature; descriptions become plain TSDoc
 * (openapi-typescript writes them as `@description`, a tag TSDoc lacks).
 */
export const generateClientTypes = async (): Promise<void> => {
  const ast = await openapiTS(pathToFileURL(repoPath(GENERATED.bundle)), {
    alphabetize: false,
    defaultNonNullable: false,
    transform: (schema, options) =>
      schema.format === 'binary' ? ts.factory.createTypeReferenceNode('Blob') : numberedEntries(schema, options),
  });
  const source = astToString(ast).replace(/@description /g, '');
  writeFileSync(repoPath(GENERATED.clientTypes), `${GENERATED_HEADER('openapi-typescript')}\n${documented(source)}`);
};
