/**
 * Writes the client's resource API (`client.vouchers.get(code)`, …) from the spec and the naming
 * table in resource-names.ts: a compact runtime table the client binds at start, interfaces with
 * one typed, documented method per operation, and the map of list paths to their item types that
 * `client.paginate` uses. Types are plain indexed accesses into the generated schema types, so a
 * consumer's type-check stays cheap.
 */
import { writeFileSync } from 'node:fs';
import {
  type JsonSchema,
  type OpenApiDocument,
  type OperationEntry,
  type Parameter,
  type Response,
  listOperations,
  resolveRef,
} from '../lib/openapi.ts';
import { GENERATED, GENERATED_HEADER, repoPath } from '../lib/paths.ts';
import { sampleFromSchema } from '../lib/sample-from-schema.ts';
import { RESOURCE_NAMES, type ResourceName } from './resource-names.ts';

const SCHEMA_PREFIX = '#/components/schemas/';

/** Error class and a short reason by status, for `@throws` of the shared error responses. */
const ERRORS: Readonly<Record<string, [string, string]>> = {
  '400': ['BadRequestError', 'the input breaks the spec or a business rule (`key` says which)'],
  '401': ['AuthenticationError', 'the credentials are missing, wrong or of the wrong kind'],
  '402': ['PaymentRequiredError', "the project's plan lacks a feature this needs"],
  '403': ['PermissionError', 'the OAuth token lacks a scope this needs'],
  '404': ['NotFoundError', 'nothing has the given id'],
  '409': ['ConflictError', 'it clashes with an existing resource'],
  '413': ['VoucherkitError', 'the body is too large'],
  '415': ['VoucherkitError', 'the body is not in a content type this takes'],
  '429': ['RateLimitError', 'too many requests; retried after `Retry-After`'],
  '500': ['ServerError', 'the service failed or is in maintenance; idempotent calls are retried'],
};

/** Example values of common path parameters, so examples read like real calls. */
const SAMPLE_IDS: Readonly<Record<string, string>> = {
  code: 'SUMMER10',
  campaignId: 'camp_0e1c7f3a2b9d4c5e61',
  customerId: 'cust_0e1c7f3a2b9d4c5e61',
  memberId: 'LOYALTY-CARD-8kWqjPfe',
  orderId: 'ord_0e1c7f3a2b9d4c5e61',
  productId: 'prod_0e1c7f3a2b9d4c5e61',
  skuId: 'sku_0e1c7f3a2b9d4c5e61',
  projectId: 'proj_0e1c7f3a',
  categoryId: 'cat_0e1c7f3a2b9d4c5e61',
  redemptionId: 'r_0e1c7f3a2b9d4c5e61',
  parentRedemptionId: 'r_0e1c7f3a2b9d4c5e61',
  rewardId: 'rew_0e1c7f3a2b9d4c5e61',
  assignmentId: 'rewa_0e1c7f3a2b9d4c5e61',
  segmentId: 'seg_0e1c7f3a2b9d4c5e61',
  exportId: 'exp_0e1c7f3a2b9d4c5e61',
  asyncActionId: 'aa_0e1c7f3a2b9d4c5e61',
  validationRuleId: 'val_0e1c7f3a2b9d4c5e61',
  promotionTierId: 'promo_0e1c7f3a2b9d4c5e61',
  earningRuleId: 'ern_0e1c7f3a2b9d4c5e61',
  loyaltyTierId: 'ltr_0e1c7f3a2b9d4c5e61',
};

interface Method {
  operationId: string;
  /** Dotted group path and method name, e.g. `promotions.tiers.listAll`. */
  name: string;
  text: boolean;
  entry: OperationEntry;
}

const operationIdOf = (entry: OperationEntry): string => {
  const id = entry.operation.operationId;
  if (!id) throw new Error(`${entry.method.toUpperCase()} ${entry.path} has no operationId`);
  return id;
};

/** Pairs every operation with its name(s); refuses gaps, duplicates and stale names. */
const methodsOf = (doc: OpenApiDocument): Method[] => {
  const entries = listOperations(doc);
  const known = new Set(entries.map(operationIdOf));
  const stale = Object.keys(RESOURCE_NAMES).filter((id) => !known.has(id));
  if (stale.length > 0) throw new Error(`resource-names.ts names operations the spec lacks: ${stale.join(', ')}`);
  const methods = entries.flatMap((entry): Method[] => {
    const operationId = operationIdOf(entry);
    const given: string | ResourceName | undefined = RESOURCE_NAMES[operationId];
    if (given === undefined)
      throw new Error(`resource-names.ts has no name for ${operationId} (${entry.method.toUpperCase()} ${entry.path})`);
    const named = typeof given === 'string' ? { name: given } : given;
    return [
      { operationId, name: named.name, text: false, entry },
      ...(named.text === undefined ? [] : [{ operationId, name: named.text, text: true, entry }]),
    ];
  });
  const seen = new Set<string>();
  for (const { name } of methods) {
    if (seen.has(name)) throw new Error(`resource-names.ts gives the name ${name} twice`);
    seen.add(name);
  }
  return methods;
};

const parametersOf = (doc: OpenApiDocument, entry: OperationEntry): Parameter[] =>
  [...(entry.pathItem.parameters ?? []), ...(entry.operation.parameters ?? [])].map((parameter) =>
    resolveRef(doc, parameter),
  );

const pathNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');

const bodyOf = (
  doc: OpenApiDocument,
  entry: OperationEntry,
): { contentType: string; required: boolean; schema: JsonSchema | undefined } | undefined => {
  if (!entry.operation.requestBody) return undefined;
  const body = resolveRef(doc, entry.operation.requestBody);
  const [contentType, media] = Object.entries(body.content)[0] ?? [];
  return contentType === undefined
    ? undefined
    : { contentType, required: body.required ?? false, schema: media?.schema };
};

const schemaType = (schema: JsonSchema | undefined, fallback: string): string => {
  const ref = schema?.['$ref'];
  return typeof ref === 'string' && ref.startsWith(SCHEMA_PREFIX)
    ? `components['schemas'][${JSON.stringify(ref.slice(SCHEMA_PREFIX.length))}]`
    : fallback;
};

const successResponses = (doc: OpenApiDocument, entry: OperationEntry): [string, Response][] =>
  Object.entries(entry.operation.responses)
    .filter(([status]) => status.startsWith('2'))
    .map(([status, response]) => [status, resolveRef(doc, response)]);

const returnType = (doc: OpenApiDocument, method: Method): string => {
  if (method.text) return 'string';
  const types = successResponses(doc, method.entry).map(([status, response]) => {
    const json = response.content?.['application/json'];
    const op = `operations[${JSON.stringify(method.operationId)}]`;
    return json ? schemaType(json.schema, `${op}['responses'][${status}]['content']['application/json']`) : 'void';
  });
  return [...new Set(types)].join(' | ') || 'void';
};

/** First sentence-ish line of a description, for `@param` and `@returns`. */
const oneLine = (text: string | undefined, fallback: string): string =>
  (text ?? fallback).replace(/\s+/g, ' ').trim().replace(/\*\//g, '*\\/');

const docLines = (text: string): string[] => text.replace(/\*\//g, '*\\/').trimEnd().split('\n');

interface Signature {
  params: string[];
  args: string[];
  docs: string[];
  flags: string;
}

const signatureOf = (doc: OpenApiDocument, method: Method): Signature => {
  const { entry, operationId } = method;
  const parameters = parametersOf(doc, entry);
  const op = `operations[${JSON.stringify(operationId)}]`;
  const params: string[] = [];
  const args: string[] = [];
  const docs: string[] = [];
  let flags = '';
  for (const name of pathNames(entry.path)) {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    params.push(`${name}: string`);
    args.push(`'${SAMPLE_IDS[name] ?? name}'`);
    docs.push(`@param ${name} - ${oneLine(parameter?.description, `Path parameter \`${name}\`.`)}`);
  }
  const body = bodyOf(doc, entry);
  if (body) {
    flags +=
      body.contentType === 'multipart/form-data'
        ? 'm'
        : body.contentType === 'application/x-www-form-urlencoded'
          ? 'f'
          : 'b';
    const type = schemaType(
      body.schema,
      `NonNullable<${op}['requestBody']>['content'][${JSON.stringify(body.contentType)}]`,
    );
    params.push(`body${body.required ? '' : '?'}: ${type}`);
    const sample =
      body.contentType === 'multipart/form-data'
        ? undefined
        : sampleFromSchema(body.schema, doc.components?.schemas ?? {});
    args.push(
      body.contentType === 'multipart/form-data'
        ? "{ file: new Blob([csv], { type: 'text/csv' }) }"
        : JSON.stringify(sample ?? {}),
    );
    docs.push(`@param body - The request body (${body.contentType}).`);
  }
  const query = parameters.filter((parameter) => parameter.in === 'query');
  if (query.length > 0 || method.text) {
    flags += 'q';
    const required = query.some((parameter) => parameter.required) || method.text;
    params.push(`query${required ? '' : '?'}: ${op}['parameters']['query']`);
    if (method.text) args.push("{ token: 'TOKEN' }");
    docs.push(`@param query - Query parameters: ${query.map((parameter) => `\`${parameter.name}\``).join(', ')}.`);
  }
  if (method.text) flags += 't';
  params.push('options?: CallOptions');
  docs.push('@param options - Headers and an abort signal for this call.');
  return { params, args, docs, flags };
};

/**
 * The `@deprecated` tag of an operation the spec marks `deprecated`: the service keeps it for the
 * clients that still call it, and `x-replaced-by` names the operation to call instead.
 */
const deprecation = (method: Method, names: ReadonlyMap<string, Method>): string[] => {
  const { operation } = method.entry;
  if (operation.deprecated !== true) return [];
  const replacedBy = operation['x-replaced-by'];
  if (replacedBy === undefined)
    return ['@deprecated The service keeps this endpoint for the clients that still call it; it has no successor.'];
  const successor = names.get(replacedBy);
  if (successor === undefined)
    throw new Error(`${method.operationId}: x-replaced-by names ${replacedBy}, which the spec lacks`);
  const { method: verb, path } = successor.entry;
  return [
    `@deprecated The service keeps this endpoint for the clients that still call it: use \`client.${successor.name}\` (\`${verb.toUpperCase()} ${path}\`) instead.`,
  ];
};

const methodDoc = (
  doc: OpenApiDocument,
  method: Method,
  signature: Signature,
  names: ReadonlyMap<string, Method>,
): string => {
  const { entry, operationId } = method;
  const { summary, description } = entry.operation;
  const statuses = Object.keys(entry.operation.responses).filter((status) => !status.startsWith('2'));
  const throws = statuses.map((status) => {
    const [errorClass, reason] = ERRORS[status] ?? [
      status.startsWith('5') ? 'ServerError' : 'VoucherkitError',
      'see the error body',
    ];
    const raw = entry.operation.responses[status] as Response | { $ref: string };
    // A response of the operation's own says more than the shared one's short reason.
    const own = '$ref' in raw ? undefined : oneLine(raw.description, reason);
    return `@throws {@link ${errorClass}} ${status}: ${own ?? reason}.`.replace(/\.\.$/, '.');
  });
  const [success] = successResponses(doc, entry);
  const returns = method.text ? 'The file, as text.' : oneLine(success?.[1].description, 'The response body.');
  const call = `client.${method.name}(${signature.args.join(', ')})`;
  // An operation may carry the example an app would copy (`x-client-example`); else the call with sample arguments.
  const written = (entry.operation as { 'x-client-example'?: string })['x-client-example'];
  const example =
    written === undefined
      ? [
          ...(signature.args.some((arg) => arg.includes('csv')) ? ["const csv = 'code\\nSUMMER10\\n';"] : []),
          `const result = await ${call};`,
        ]
      : written.trimEnd().split('\n');
  const lines = [
    `${oneLine(summary, operationId)}${method.text ? ' (the file, as text)' : ''}.`.replace(/\.\.$/, '.'),
    '',
    ...(description ? [...docLines(description), ''] : []),
    `\`${entry.method.toUpperCase()} ${entry.path}\` (operation \`${operationId}\`).`,
    '',
    ...signature.docs,
    `@returns ${returns}`,
    ...throws,
    ...deprecation(method, names),
    '@example',
    '```ts',
    ...example,
    '```',
  ];
  return ['/**', ...lines.map((line) => (line === '' ? ' *' : ` * ${line}`)), ' */'].join('\n');
};

/** The key kinds whose headers each API-key security requirement names. */
const KEY_KINDS: Readonly<Record<string, { kind: string; words: string }>> = {
  'X-App-Id': { kind: 'server', words: 'server-side keys' },
  'X-Client-Application-Id': { kind: 'client', words: 'client-side keys' },
  'X-Management-Id': { kind: 'management', words: 'management keys' },
};

/**
 * Which credentials an operation takes, from its security requirements: the key kinds, the OAuth
 * scopes (any one of them will do), and the same in words for the type error of a call that the
 * client's credentials cannot make.
 */
const accessOf = (doc: OpenApiDocument, method: Method): string => {
  const requirements = method.entry.operation.security ?? doc.security ?? [];
  const kinds = new Set<string>();
  const words = new Set<string>();
  const scopes = new Set<string>();
  for (const requirement of requirements)
    for (const [scheme, required] of Object.entries(requirement)) {
      const key = KEY_KINDS[scheme];
      if (key !== undefined) {
        kinds.add(key.kind);
        words.add(key.words);
      } else if (scheme === 'OAuth2') {
        kinds.add('oauth');
        for (const scope of required) scopes.add(scope);
      }
    }
  if (kinds.size === 0) throw new Error(`${method.operationId} names no credentials the client knows`);
  const oauth = scopes.size === 0 ? [] : [`an OAuth token with scope ${[...scopes].join(' or ')}`];
  const union = (items: Iterable<string>): string =>
    [...items].map((item) => JSON.stringify(item)).join(' | ') || 'never';
  const needs = [...words, ...oauth].join(', or ');
  return `/** \`client.${method.name}\` takes ${needs}. */\n  ${JSON.stringify(method.name)}: { keys: ${union(kinds)}; scopes: ${union(scopes)}; needs: ${JSON.stringify(needs)} };`;
};

interface Group {
  methods: Map<string, { spec: string; type: string }>;
  groups: Map<string, Group>;
}

const newGroup = (): Group => ({ methods: new Map(), groups: new Map() });

const pascal = (parts: readonly string[]): string =>
  parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');

const indent = (text: string, by: string): string =>
  text
    .split('\n')
    .map((line) => (line === '' ? line : `${by}${line}`))
    .join('\n');

/** `{ vouchers: { get: 'GET /v1/vouchers/{code}', … }, … }` for the runtime. */
const tableSource = (group: Group): string => {
  const entries = [
    ...[...group.methods].map(([name, { spec }]) => `${name}: ${JSON.stringify(spec)}`),
    ...[...group.groups].map(([name, child]) => `${name}: ${tableSource(child)}`),
  ];
  return `{ ${entries.join(', ')} }`;
};

/** One interface per group, named after its path (`PromotionsTiersResource`). */
const interfaceSources = (group: Group, path: readonly string[]): string[] => {
  const name = path.length === 0 ? 'Resources' : `${pascal(path)}Resource`;
  const members = [
    ...[...group.methods].map(([, { type }]) => type),
    ...[...group.groups].map(
      ([child]) =>
        `/** The ${[...path, child].join('.')} operations. */\nreadonly ${child}: ${pascal([...path, child])}Resource;`,
    ),
  ];
  const summary =
    path.length === 0
      ? 'Every operation of the API, grouped by resource as the official SDK groups them.'
      : `The \`${path.join('.')}\` operations of the API.`;
  const own = `/**\n * ${summary}\n *\n * @example\n * \`\`\`ts\n * const ${path.length === 0 ? 'resources' : 'group'}: ${name} = client${path.length === 0 ? '' : `.${path.join('.')}`};\n * \`\`\`\n */\nexport interface ${name} {\n${indent(members.join('\n\n'), '  ')}\n}`;
  return [own, ...[...group.groups].flatMap(([child, sub]) => interfaceSources(sub, [...path, child]))];
};

/** List paths (GET answering `{ data_ref, [data_ref]: items[] }`) and the type of one item. */
const listItemsSource = (doc: OpenApiDocument): string => {
  const rows: string[] = [];
  const parameterRows: string[] = [];
  for (const entry of listOperations(doc)) {
    if (entry.method !== 'get') continue;
    const json = resolveRef(doc, entry.operation.responses['200'] ?? { description: '' }).content?.['application/json'];
    const schema = json?.schema === undefined ? undefined : (resolveRef(doc, json.schema) as JsonSchema);
    const properties = (schema?.['properties'] ?? {}) as Record<string, JsonSchema>;
    const dataRef = properties['data_ref'];
    const refName = (
      Array.isArray(dataRef?.['enum']) ? dataRef['enum'][0] : (dataRef?.['const'] ?? dataRef?.['default'])
    ) as string | undefined;
    const array = refName === undefined ? undefined : properties[refName];
    if (
      array === undefined ||
      (array['type'] !== 'array' && !(Array.isArray(array['type']) && array['type'].includes('array')))
    )
      continue;
    const response = schemaType(
      json?.schema,
      `operations[${JSON.stringify(operationIdOf(entry))}]['responses'][200]['content']['application/json']`,
    );
    rows.push(`  ${JSON.stringify(entry.path)}: NonNullable<${response}[${JSON.stringify(refName)}]>[number];`);
    parameterRows.push(
      `  ${JSON.stringify(entry.path)}: operations[${JSON.stringify(operationIdOf(entry))}]['parameters'];`,
    );
  }
  return `/**
 * Every path whose GET answers a list envelope, with the type of one item of the list (the array
 * that the envelope's \`data_ref\` names). \`client.paginate\` takes these paths.
 *
 * @example
 * \`\`\`ts
 * type Voucher = ListItems['/v1/vouchers'];
 * \`\`\`
 */
export interface ListItems {
${rows.join('\n')}
}

/**
 * The parameters (\`path\`, \`query\`) of the GET of every list path, for \`client.paginate\`.
 *
 * @example
 * \`\`\`ts
 * type Query = ListParameters['/v1/vouchers']['query'];
 * \`\`\`
 */
export interface ListParameters {
${parameterRows.join('\n')}
}`;
};

/** Writes packages/client/src/generated/resources.ts. */
export const generateClientResources = (doc: OpenApiDocument): void => {
  const root = newGroup();
  const methods = methodsOf(doc);
  const access = methods.map((method) => `  ${accessOf(doc, method)}`);
  const names = new Map(methods.filter((method) => !method.text).map((method) => [method.operationId, method]));
  for (const method of methods) {
    const parts = method.name.split('.');
    const methodName = parts.pop() as string;
    let group = root;
    for (const part of parts) {
      const next = group.groups.get(part) ?? newGroup();
      group.groups.set(part, next);
      group = next;
    }
    const signature = signatureOf(doc, method);
    const spec = `${signature.flags} ${method.entry.method.toUpperCase()} ${method.entry.path}`;
    const type = `${methodDoc(doc, method, signature, names)}\n${methodName}(${signature.params.join(', ')}): Promise<${returnType(doc, method)}>;`;
    group.methods.set(methodName, { spec, type });
  }
  const source = `${GENERATED_HEADER('scripts/generate/client-resources.ts')}// The resource API: one method per operation, named as the official SDK names them (scripts/generate/resource-names.ts).
import type { CallOptions } from '../call-options.js';
import type {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PaymentRequiredError,
  PermissionError,
  RateLimitError,
  ServerError,
  VoucherkitError,
} from '../errors.js';
import type { components, operations } from './schema.js';

${interfaceSources(root, []).join('\n\n')}

${listItemsSource(doc)}

/**
 * The credentials each method of the resource API takes, by its dotted name: the key kinds
 * (\`server\`, \`client\`, \`management\`, \`oauth\`), the OAuth scopes of which a token needs one,
 * and the same in words. \`createClient\` types a client by its credentials with it.
 *
 * @example
 * \`\`\`ts
 * type Keys = ResourceAccess['vouchers.get']['keys']; // 'server' | 'oauth'
 * \`\`\`
 */
export interface ResourceAccess {
${access.join('\n')}
}
`;
  writeFileSync(repoPath(GENERATED.clientResources), source);
  writeFileSync(
    repoPath(GENERATED.clientResourceTable),
    `${GENERATED_HEADER('scripts/generate/client-resources.ts')}
/**
 * How the client calls each operation of the resource API: flags (\`b\` JSON body, \`f\` form body,
 * \`m\` multipart body, \`q\` query, \`t\` text answer), method and path.
 */
export const RESOURCE_TABLE = ${tableSource(root)} as const;
`,
  );
};
