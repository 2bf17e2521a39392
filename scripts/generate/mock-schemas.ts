import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import {
  type JsonSchema,
  type MediaType,
  type OpenApiDocument,
  type OperationEntry,
  type Parameter,
  listOperations,
  resolveRef,
} from '../lib/openapi.ts';
import { GENERATED, GENERATED_HEADER, repoPath } from '../lib/paths.ts';
import {
  type Direction,
  ANY_OF,
  INTEGER_ERROR,
  INTEGER_ERROR_DECLARATION,
  NULL_MEANS_ABSENT,
  ZodSourceWriter,
  collectRefs,
  componentIdentifier,
  orderComponents,
  preprocessed,
} from './zod-source.ts';
import { jsonTable } from './json-table.ts';

const HEADER = GENERATED_HEADER('scripts/generate/mock-schemas.ts');
const SUPPORTED_BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

const operationId = (entry: OperationEntry): string => {
  const id = entry.operation.operationId;
  if (!id) throw new Error(`${entry.method.toUpperCase()} ${entry.path} has no operationId`);
  return id;
};

/** The tag that groups an operation: its first, as the route table gives it. */
const tagOf = (entry: OperationEntry): string => entry.operation.tags?.[0] ?? 'Other';

/** The file name of a tag's module of request schemas (`Validation Rules` → `validation-rules`). */
const tagModule = (tag: string): string =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const parametersOf = (doc: OpenApiDocument, entry: OperationEntry): Parameter[] =>
  [...(entry.pathItem.parameters ?? []), ...(entry.operation.parameters ?? [])].map((parameter) =>
    resolveRef(doc, parameter),
  );

/**
 * The writer of a request body's schema. Form fields (multipart or URL-encoded) arrive as text,
 * so their numbers and booleans are coerced as query values are (`webhooks_enable=true`).
 */
const bodyWriter = (writer: ZodSourceWriter, contentType: string): ZodSourceWriter =>
  contentType === 'multipart/form-data' || contentType === 'application/x-www-form-urlencoded'
    ? writer.forQueryValues()
    : writer;

const bodyOf = (
  doc: OpenApiDocument,
  entry: OperationEntry,
): { contentType: string; required: boolean; media: MediaType } | undefined => {
  if (!entry.operation.requestBody) return undefined;
  const body = resolveRef(doc, entry.operation.requestBody);
  const contentTypes = Object.keys(body.content);
  const contentType = contentTypes[0];
  if (contentType === undefined || contentTypes.length > 1 || !SUPPORTED_BODY_TYPES.includes(contentType)) {
    throw new Error(
      `${operationId(entry)}: request bodies must have exactly one of ${SUPPORTED_BODY_TYPES.join(', ')}`,
    );
  }
  return { contentType, required: body.required ?? false, media: body.content[contentType] ?? {} };
};

/** One outbound webhook of the document: its event name, its JSON payload and that payload's `data`. */
export interface WebhookPayload {
  name: string;
  schema: JsonSchema;
  data: JsonSchema;
}

/**
 * The schema that a schema gives one of its properties, through references and `allOf` members;
 * like the zod writer's merge, a later member overrides the schema's own properties.
 */
const propertyOf = (doc: OpenApiDocument, schema: JsonSchema, property: string, depth = 0): JsonSchema | undefined => {
  if (depth > 16) throw new Error(`Property ${property} is nested too deep in references`);
  const resolved = resolveRef<JsonSchema>(doc, schema);
  const candidates = [
    (resolved['properties'] as Record<string, JsonSchema> | undefined)?.[property],
    ...((resolved['allOf'] as JsonSchema[] | undefined) ?? []).map((member) =>
      propertyOf(doc, member, property, depth + 1),
    ),
  ];
  return candidates.findLast((candidate) => candidate !== undefined);
};

/**
 * The webhooks of the document. The service sends these, so the mock checks them as it checks its
 * responses: strictly, in the response direction.
 */
export const webhookPayloads = (doc: OpenApiDocument): WebhookPayload[] =>
  Object.entries(doc.webhooks ?? {}).map(([name, item]) => {
    const body = item.post?.requestBody === undefined ? undefined : resolveRef(doc, item.post.requestBody);
    const schema = body?.content['application/json']?.schema;
    if (schema === undefined) throw new Error(`Webhook ${name}: expected a POST with a JSON body`);
    const data = propertyOf(doc, schema, 'data');
    if (data === undefined) throw new Error(`Webhook ${name}: its payload has no \`data\``);
    return { name, schema, data };
  });

/** Component schemas reachable from the requests, or from the responses and webhook payloads, of the document. */
const reachable = (doc: OpenApiDocument, direction: Direction): Set<string> => {
  const roots = new Set<string>();
  for (const entry of listOperations(doc)) {
    if (direction === 'request') {
      for (const parameter of parametersOf(doc, entry)) collectRefs(parameter.schema, roots);
      collectRefs(bodyOf(doc, entry)?.media.schema, roots);
    } else {
      for (const response of Object.values(entry.operation.responses))
        collectRefs(resolveRef(doc, response).content, roots);
    }
  }
  if (direction === 'response') for (const { schema } of webhookPayloads(doc)) collectRefs(schema, roots);
  return roots;
};

/** The declaration of one component schema, built on its first call (decision 0074). */
const declaration = (
  writer: ZodSourceWriter,
  components: Record<string, unknown>,
  name: string,
  exported: boolean,
): string => {
  try {
    // Typed as z.ZodMiniType: handlers take their types from the client's generated types, and an
    // inferred zod type of this size would be too large to declare and slow to check.
    return `${exported ? 'export ' : ''}const ${componentIdentifier(name)} = once((): z.ZodMiniType => ${writer.write(components[name] as JsonSchema)});`;
  } catch (error) {
    throw new Error(`Component schema ${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
};

/**
 * Writes the zod schemas of one direction, or of those of `only`. Only those the operation table
 * names (`named`) are exported; the others are reached through them.
 */
const writeSchemasModule = (
  doc: OpenApiDocument,
  direction: Direction,
  named: ReadonlySet<string>,
  only?: ReadonlySet<string>,
): string => {
  const components = doc.components?.schemas ?? {};
  const { order, lazy } = orderComponents(components, reachable(doc, direction));
  const writer = new ZodSourceWriter({ direction, components, lazy });
  const purpose =
    direction === 'request'
      ? 'Request-side zod schemas that the operations of more than one tag read: unknown keys are stripped and defaults applied.'
      : 'Response-side zod schemas: unknown keys are rejected, so strict mode catches drift from the spec.';
  const declarations = order
    .filter((name) => only === undefined || only.has(name))
    .map((name) => declaration(writer, components, name, named.has(componentIdentifier(name))));
  // Responses are strict: they never read null as absence, nor take a request-side union.
  const helpers =
    direction === 'request'
      ? `import { ${ANY_OF} } from '../http/any-of.js';\nimport * as coerce from '../http/coerce.js';\nimport { once } from '../http/first-use.js';\nimport { ${NULL_MEANS_ABSENT} } from '../http/null-means-absent.js';\n`
      : `import { once } from '../http/first-use.js';\n`;
  return `${HEADER}// ${purpose}\nimport * as z from 'zod/mini';\n${helpers}\n${INTEGER_ERROR_DECLARATION}\n\n${declarations.join('\n\n')}\n`;
};

/** The component schemas that a request of the operation refers to directly: its parameters' and its body's. */
const requestRoots = (doc: OpenApiDocument, entry: OperationEntry): Set<string> => {
  const roots = new Set<string>();
  for (const parameter of parametersOf(doc, entry)) collectRefs(parameter.schema, roots);
  collectRefs(bodyOf(doc, entry)?.media.schema, roots);
  return roots;
};

/**
 * Where each request-side component schema is declared: in the module of the one tag whose
 * requests reach it, or in the shared module when the requests of two tags or more do. A shared
 * schema reaches only shared ones, so a tag's module imports from the shared one and never back.
 */
const requestLayout = (
  doc: OpenApiDocument,
): { readonly shared: ReadonlySet<string>; readonly ownedBy: ReadonlyMap<string, string> } => {
  const components = doc.components?.schemas ?? {};
  const tagsOf = new Map<string, Set<string>>();
  for (const entry of listOperations(doc)) {
    const pending = [...requestRoots(doc, entry)];
    const seen = new Set<string>();
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      if (seen.has(name)) continue;
      seen.add(name);
      tagsOf.set(name, (tagsOf.get(name) ?? new Set()).add(tagOf(entry)));
      pending.push(...collectRefs(components[name]));
    }
  }
  const shared = new Set<string>();
  const ownedBy = new Map<string, string>();
  for (const [name, tags] of tagsOf) {
    if (tags.size > 1) shared.add(name);
    else ownedBy.set(name, [...tags][0] ?? '');
  }
  return { shared, ownedBy };
};

/** Wraps a parameter schema so the string that arrives in a URL is coerced to the documented type. */
const parameterSource = (writer: ZodSourceWriter, doc: OpenApiDocument, parameter: Parameter): string => {
  const schema = resolveRef(doc, parameter.schema ?? {}) as JsonSchema;
  const type = Array.isArray(schema['type']) ? (schema['type'] as string[]).find((t) => t !== 'null') : schema['type'];
  if (parameter.style === 'deepObject') {
    const value = writer.forQueryValues().write(parameter.schema);
    return parameter.required ? value : `z.optional(${value})`;
  }
  const inner = writer.write(parameter.schema);
  const coerced =
    type === 'integer' || type === 'number'
      ? preprocessed('coerce.toNumber', inner)
      : type === 'boolean'
        ? preprocessed('coerce.toBoolean', inner)
        : type === 'array'
          ? preprocessed('coerce.toArray', inner)
          : schema['format'] === 'date'
            ? preprocessed('coerce.toDate', inner)
            : inner;
  return parameter.required || 'default' in schema ? coerced : `z.optional(${coerced})`;
};

const parameterObject = (writer: ZodSourceWriter, doc: OpenApiDocument, parameters: Parameter[]): string => {
  for (const parameter of parameters) {
    if (parameter.style === 'spaceDelimited' || parameter.style === 'pipeDelimited') {
      throw new Error(
        `Parameter ${parameter.name}: style ${parameter.style} is not supported by the mock's router yet`,
      );
    }
  }
  const fields = parameters.map(
    (parameter) => `${JSON.stringify(parameter.name)}: ${parameterSource(writer, doc, parameter)}`,
  );
  return `z.object({ ${fields.join(', ')} })`;
};

/** What routing an operation needs, without its schemas: the light half of the operation table. */
const routeOf = (doc: OpenApiDocument, entry: OperationEntry): Record<string, unknown> => {
  const parameters = parametersOf(doc, entry);
  const inQuery = parameters.filter((parameter) => parameter.in === 'query');
  const body = bodyOf(doc, entry);
  return {
    method: entry.method.toUpperCase(),
    path: entry.path,
    tag: tagOf(entry),
    security: entry.operation.security ?? doc.security ?? [],
    arrayQuery: inQuery
      .filter((p) => (resolveRef(doc, p.schema ?? {}) as JsonSchema)['type'] === 'array')
      .map((p) => p.name),
    deepQuery: inQuery.filter((p) => p.style === 'deepObject').map((p) => p.name),
    body: body ? { contentType: body.contentType, required: body.required } : null,
  };
};

/**
 * The route table and the spec's constants, without zod: what the mock needs before a request's
 * input is read, so that its first chunk in a browser stays small.
 */
const writeRoutesModule = (doc: OpenApiDocument): string => {
  const table = Object.fromEntries(listOperations(doc).map((entry) => [operationId(entry), routeOf(doc, entry)]));
  const scopes = Object.keys(doc.components?.securitySchemes?.['OAuth2']?.flows?.clientCredentials?.scopes ?? {});
  const apiKeyHeaders = Object.fromEntries(
    Object.entries(doc.components?.securitySchemes ?? {})
      .filter(([, scheme]) => scheme.type === 'apiKey' && scheme.in === 'header')
      .map(([name, scheme]) => [name, scheme.name]),
  );
  const ids = listOperations(doc).map(operationId);
  const webhookNames = webhookPayloads(doc).map(({ name }) => name);
  return `${HEADER}import type { OperationRoute } from '../http/operation-spec.js';

/**
 * The API build this mock implements (\`info.version\` of the spec).
 *
 * @example
 * \`\`\`ts
 * console.log(\`mock of API build \${API_VERSION}\`);
 * \`\`\`
 */
export const API_VERSION = ${JSON.stringify(doc.info.version)};

/**
 * Every OAuth scope a token may be issued with, in the spec's order.
 *
 * @example
 * \`\`\`ts
 * const clientScopes = OAUTH_SCOPES.filter((scope) => scope.startsWith('client_'));
 * \`\`\`
 */
export const OAUTH_SCOPES = ${JSON.stringify(scopes)} as const;

/** Header name of each API-key security scheme. */
export const API_KEY_HEADERS = ${JSON.stringify(apiKeyHeaders)} as const;

/**
 * The operationId of any operation in the spec.
 *
 * @example
 * \`\`\`ts
 * const id: OperationId = 'listCategories';
 * \`\`\`
 */
export type OperationId =
${ids.map((id) => `  | ${JSON.stringify(id)}`).join('\n')};

/**
 * Every operation of the spec as the mock routes it: method, path, tag, security alternatives and
 * the shape of its query and body, without schemas (\`loadOperations\` brings those).
 *
 * @example
 * \`\`\`ts
 * const { method, path } = routes.getCategory; // 'GET', '/v1/categories/{categoryId}'
 * \`\`\`
 */
export const routes: Readonly<Record<OperationId, OperationRoute>> = ${jsonTable(table)};

/**
 * The name of any webhook event of the spec (its key under \`webhooks\`).
 *
 * @example
 * \`\`\`ts
 * const name: WebhookEventName = 'redemption.succeeded';
 * \`\`\`
 */
export type WebhookEventName =
${webhookNames.map((name) => `  | ${JSON.stringify(name)}`).join('\n')};
`;
};

/** The first lines of a generated module of the operation table: its purpose and its imports. */
const tableModuleHead = (purpose: string, imports: string): string =>
  `${HEADER}// ${purpose}\nimport * as z from 'zod/mini';\n${imports}\n${INTEGER_ERROR_DECLARATION}\n`;

/**
 * The request half of the operation table, a module per tag: each operation's route and the
 * schemas of its path parameters, query and body, built when a request first needs them, with the
 * component schemas that only this tag's requests reach. A page whose requests touch some tags
 * loads the schemas of those tags and the shared ones only.
 */
const writeInputsModules = (
  doc: OpenApiDocument,
  layout: ReturnType<typeof requestLayout>,
): { readonly modules: ReadonlyMap<string, string>; readonly sharedNamed: ReadonlySet<string> } => {
  const components = doc.components?.schemas ?? {};
  const { order, lazy } = orderComponents(components, reachable(doc, 'request'));
  const componentWriter = new ZodSourceWriter({ direction: 'request', components, lazy });
  const requestWriter = new ZodSourceWriter({ direction: 'request', components });
  const byTag = new Map<string, { ids: string[]; entries: string[] }>();
  for (const entry of listOperations(doc)) {
    const id = operationId(entry);
    const parameters = parametersOf(doc, entry);
    const inPath = parameters.filter((parameter) => parameter.in === 'path');
    const inQuery = parameters.filter((parameter) => parameter.in === 'query');
    const body = bodyOf(doc, entry);
    const lines = [
      `...routes.${id}`,
      `pathParams: ${parameterObject(requestWriter, doc, inPath)}`,
      `query: ${parameterObject(requestWriter, doc, inQuery)}`,
      body
        ? `body: { contentType: ${JSON.stringify(body.contentType)}, required: ${body.required}, schema: ${bodyWriter(requestWriter, body.contentType).write(body.media.schema)} }`
        : 'body: null',
    ];
    const group = byTag.get(tagOf(entry)) ?? { ids: [], entries: [] };
    group.ids.push(id);
    group.entries.push(`  ${id}: () => ({\n    ${lines.join(',\n    ')},\n  }),`);
    byTag.set(tagOf(entry), group);
  }
  const modules = new Map<string, string>();
  const sharedNamed = new Set<string>();
  for (const [tag, { ids, entries }] of byTag) {
    const owned = order.filter((name) => layout.ownedBy.get(name) === tag);
    const declarations = owned.map((name) => declaration(componentWriter, components, name, false));
    const body = [...declarations, ...entries].join('\n');
    // What the module calls: the writer inlines the members of an allOf, so the names it writes
    // are read from its text rather than from the schemas' own references.
    const imported = [...layout.shared]
      .map(componentIdentifier)
      .filter((name) => new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}[()]`).test(body))
      .sort();
    for (const name of imported) sharedNamed.add(name);
    const used = (name: string): boolean => body.includes(name);
    const imports = [
      used(`${ANY_OF}(`) ? `import { ${ANY_OF} } from '../../http/any-of.js';` : '',
      used('coerce.') ? `import * as coerce from '../../http/coerce.js';` : '',
      `import { builtOnRead${owned.length > 0 ? ', once' : ''} } from '../../http/first-use.js';`,
      used(`${NULL_MEANS_ABSENT}(`) ? `import { ${NULL_MEANS_ABSENT} } from '../../http/null-means-absent.js';` : '',
      `import type { OperationInput } from '../../http/operation-spec.js';`,
      imported.length > 0 ? `import { ${imported.join(', ')} } from '../request-schemas.js';` : '',
      `import { routes } from '../routes.js';`,
    ].filter((line) => line !== '');
    const integerError = used(INTEGER_ERROR) ? `\n${INTEGER_ERROR_DECLARATION}\n` : '';
    const ownSchemas = declarations.length > 0 ? `\n${declarations.join('\n\n')}\n` : '';
    if (modules.has(tagModule(tag))) throw new Error(`Two tags make the module name ${tagModule(tag)}`);
    modules.set(
      tagModule(tag),
      `${HEADER}// What the mock reads a request of the ${tag} operations with: loaded with the first of them (decision 0075).
import * as z from 'zod/mini';
${imports.join('\n')}
${integerError}${ownSchemas}
/** The ${tag} operations: each one's route (\`routes\`) and the zod schemas of its path parameters, query and body. */
export const operationInputs = builtOnRead<${ids.map((id) => JSON.stringify(id)).join(' | ')}, OperationInput>({
${entries.join('\n')}
});
`,
    );
  }
  return { modules, sharedNamed };
};

/**
 * Which module holds the request schemas of each tag's operations, for the dispatcher to load
 * with the first request of the tag.
 */
const writeInputsIndex = (tags: readonly string[]): string => {
  const loaders = tags.map(
    (tag) => `  ${JSON.stringify(tag)}: () => import('./operation-inputs/${tagModule(tag)}.js'),`,
  );
  return `${HEADER}// Where the request schemas of each tag are: a module per tag, loaded with the first request of the tag (decision 0075).
import type { OperationInput } from '../http/operation-spec.js';
import type { OperationId } from './routes.js';

/** The module of each tag's request schemas, by the tag of \`routes\`. */
export const inputsByTag: Readonly<
  Record<string, () => Promise<{ readonly operationInputs: Readonly<Partial<Record<OperationId, OperationInput>>> }>>
> = {
${loaders.join('\n')}
};
`;
};

/**
 * The response half: the schema of each documented response of each operation, and of each
 * webhook event's payload. Only strict mode and the payload checks read them, so they load apart.
 */
const writeResponsesModule = (doc: OpenApiDocument): string => {
  const components = doc.components?.schemas ?? {};
  const responseWriter = new ZodSourceWriter({ direction: 'response', components, namespace: 'response.' });
  const entries = listOperations(doc).map((entry) => {
    const responses = Object.entries(entry.operation.responses).map(([status, raw]) => {
      const response = resolveRef(doc, raw);
      const json = response.content?.['application/json'];
      // Other content types (a CSV download) are not checked; their body is text.
      const other = Object.keys(response.content ?? {}).length > 0 && !json;
      return `${JSON.stringify(status)}: () => ${json ? responseWriter.write(json.schema) : other ? 'z.string()' : 'null'}`;
    });
    return `  ${operationId(entry)}: () => builtOnRead<string, z.ZodMiniType | null>({ ${responses.join(', ')} }),`;
  });
  const webhooks = webhookPayloads(doc).map(
    ({ name, schema, data }) =>
      `  ${JSON.stringify(name)}: () => ({ schema: ${responseWriter.write(schema)}, data: ${responseWriter.write(data)} }),`,
  );
  const imports = `import { builtOnRead } from '../http/first-use.js';
import type { WebhookEventSpec } from '../http/operation-spec.js';
import * as response from './response-schemas.js';
import type { OperationId, WebhookEventName } from './routes.js';
`;
  return `${tableModuleHead('What strict mode checks answers and sendouts with: loaded only when something reads it (decision 0074).', imports)}
/** The schema of each documented response of every operation, by status (\`null\` for no body). */
export const operationResponses = builtOnRead<OperationId, Readonly<Record<string, z.ZodMiniType | null>>>({
${entries.join('\n')}
});

/**
 * Every outbound webhook event of the spec, by name, with the schemas that check its payload, so a
 * sender can refuse a payload that drifts from the spec.
 */
export const webhookEvents = builtOnRead<WebhookEventName, WebhookEventSpec>({
${webhooks.join('\n')}
});
`;
};

/** Writes the mock server's zod schemas and operation table from the bundled spec. */
export const generateMockSchemas = (doc: OpenApiDocument): void => {
  const layout = requestLayout(doc);
  const inputs = writeInputsModules(doc, layout);
  const tags = [...new Set(listOperations(doc).map(tagOf))];
  const responses = writeResponsesModule(doc);
  const named = (namespace: Direction, table: string): Set<string> =>
    new Set(Array.from(table.matchAll(new RegExp(`\\b${namespace}\\.(\\w+)`, 'g')), (match) => match[1] ?? ''));
  writeFileSync(
    repoPath(GENERATED.mockRequestSchemas),
    writeSchemasModule(doc, 'request', inputs.sharedNamed, layout.shared),
  );
  writeFileSync(
    repoPath(GENERATED.mockResponseSchemas),
    writeSchemasModule(doc, 'response', named('response', responses)),
  );
  writeFileSync(repoPath(GENERATED.mockRoutes), writeRoutesModule(doc));
  writeFileSync(repoPath(GENERATED.mockOperationInputs), writeInputsIndex(tags));
  // A tag that left the spec leaves no module behind.
  const folder = repoPath(GENERATED.mockOperationInputsByTag);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const [name, source] of inputs.modules) writeFileSync(`${folder}/${name}.ts`, source);
  writeFileSync(repoPath(GENERATED.mockOperationResponses), responses);
};
