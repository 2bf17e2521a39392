/**
 * The comparison behind docs/parity.md, free of file I/O so that it can be tested on small
 * in-memory documents: which reference operations our spec has, and how their fields differ.
 */
import {
  HTTP_METHODS,
  type MediaType,
  type OpenApiDocument,
  type OperationEntry,
  type Parameter,
  type RequestBody,
  type Response,
  isReference,
  listOperations,
  resolveRef,
} from './openapi.ts';

/** Fields nested deeper than this many dotted segments are not listed (both sides are cut alike). */
export const MAX_FIELD_DEPTH = 6;

/**
 * Path parameter names are each description's own vocabulary, not part of the wire format,
 * so `/v1/categories/{categoryId}` and `/v1/categories/{id}` are the same route.
 */
export const normalizePath = (path: string): string => path.replace(/\{[^}]*\}/g, '{}');

/** The identity of a route: upper-case method and normalised path. */
export const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${normalizePath(path)}`;

// ---------------------------------------------------------------------------------------------
// Schema fields

/** A schema together with the `$ref`s already expanded on the way to it, to cut cycles. */
interface Located {
  schema: unknown;
  seen: ReadonlySet<string>;
}

/** What a field's schema looks like once `$ref`, `allOf`, `oneOf` and `anyOf` are folded together. */
interface SchemaView {
  properties: Map<string, Located[]>;
  items: Located[];
  /** Some variant is an array. */
  array: boolean;
  /** Some variant is something other than an array (object, scalar); `null` does not count. */
  nonArray: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// OpenAPI 3.0 writes `type: string` (+ `nullable`), 3.1 writes `type: [string, 'null']`.
const typesOf = (schema: Record<string, unknown>): string[] =>
  typeof schema.type === 'string'
    ? [schema.type]
    : Array.isArray(schema.type)
      ? schema.type.filter((t) => typeof t === 'string')
      : [];

const absorb = (doc: OpenApiDocument, { schema, seen }: Located, view: SchemaView): void => {
  // `true`, `{}` and friends accept any value: a field without known inner structure.
  if (!isObject(schema)) return;
  if (isReference(schema) && !seen.has(schema.$ref)) {
    absorb(
      doc,
      { schema: resolveRef<unknown>(doc, { $ref: schema.$ref }), seen: new Set([...seen, schema.$ref]) },
      view,
    );
  }
  // allOf merges and oneOf/anyOf alternatives all contribute their fields: a union either way.
  for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
    const parts = schema[keyword];
    if (Array.isArray(parts)) for (const part of parts) absorb(doc, { schema: part, seen }, view);
  }
  const types = typesOf(schema);
  if (types.includes('array') || 'items' in schema) {
    view.array = true;
    if (isObject(schema.items)) view.items.push({ schema: schema.items, seen });
  }
  if (
    types.some((t) => t !== 'array' && t !== 'null') ||
    isObject(schema.properties) ||
    isObject(schema.additionalProperties)
  ) {
    view.nonArray = true;
  }
  // additionalProperties (metadata maps and the like) has no field names to compare.
  if (isObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      const variants = view.properties.get(name) ?? [];
      variants.push({ schema: property, seen });
      view.properties.set(name, variants);
    }
  }
};

const viewOf = (doc: OpenApiDocument, located: readonly Located[]): SchemaView => {
  const view: SchemaView = { properties: new Map(), items: [], array: false, nonArray: false };
  for (const entry of located) absorb(doc, entry, view);
  return view;
};

const collect = (
  doc: OpenApiDocument,
  located: readonly Located[],
  path: string,
  depth: number,
  emit: boolean,
  out: Set<string>,
): void => {
  const view = viewOf(doc, located);
  // An array field is written `name[]`; a field that may be an array or something else gets both.
  if (emit && (!view.array || view.nonArray)) out.add(path);
  if (depth < MAX_FIELD_DEPTH) {
    for (const [name, variants] of view.properties) {
      collect(doc, variants, path === '' ? name : `${path}.${name}`, depth + 1, true, out);
    }
  }
  // A body that is itself an array has no name of its own: its elements' fields read `[].name`.
  if (view.array) collect(doc, view.items, `${path}[]`, depth, path !== '', out);
};

/**
 * Lists the field names of a schema as dotted paths (`voucher.code_config.length`), arrays
 * marked `[]` (`items[]`, `items[].sku_id`), sorted. `$ref`s are resolved, `allOf` merged and
 * `oneOf`/`anyOf` variants united; types are ignored, so 3.0 `nullable` and 3.1 type arrays
 * compare equal. A `$ref` met again below itself is not expanded a second time.
 */
export const schemaFields = (doc: OpenApiDocument, schema: unknown): string[] => {
  const out = new Set<string>();
  collect(doc, [{ schema, seen: new Set() }], '', 0, false, out);
  return [...out].sort();
};

// ---------------------------------------------------------------------------------------------
// Operation fields

/** Everything of one operation that the report compares, with sorted name lists. */
export interface OperationFields {
  query: string[];
  path: string[];
  requestContentTypes: string[];
  requestBody: string[];
  /** Lowest 2xx status, or undefined when the operation declares none. */
  successStatus: string | undefined;
  responseContentTypes: string[];
  responseBody: string[];
}

const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();

const parametersOf = (doc: OpenApiDocument, entry: OperationEntry): Parameter[] => {
  // Operation-level parameters override path-level ones with the same name and location.
  const byKey = new Map<string, Parameter>();
  for (const raw of [...(entry.pathItem.parameters ?? []), ...(entry.operation.parameters ?? [])]) {
    const parameter = resolveRef(doc, raw);
    byKey.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  return [...byKey.values()];
};

const contentFields = (doc: OpenApiDocument, content: Record<string, MediaType> | undefined): string[] =>
  sorted(
    Object.values(content ?? {}).flatMap((media) =>
      media.schema === undefined ? [] : schemaFields(doc, media.schema),
    ),
  );

const statusOrder = (status: string): number => (/^\d+$/.test(status) ? Number(status) : 299.5);

/** The lowest declared 2xx status; a `2XX` range counts only when no exact code is declared. */
export const successStatus = (responses: Record<string, unknown>): string | undefined =>
  Object.keys(responses)
    .filter((status) => /^2(?:\d\d|XX)$/i.test(status))
    .sort((a, b) => statusOrder(a) - statusOrder(b))[0];

/** Collects the names that the report compares for one operation of `doc`. */
export const operationFields = (doc: OpenApiDocument, entry: OperationEntry): OperationFields => {
  const parameters = parametersOf(doc, entry);
  const body =
    entry.operation.requestBody === undefined ? undefined : resolveRef<RequestBody>(doc, entry.operation.requestBody);
  const status = successStatus(entry.operation.responses);
  const rawResponse = status === undefined ? undefined : entry.operation.responses[status];
  const response = rawResponse === undefined ? undefined : resolveRef<Response>(doc, rawResponse);
  return {
    query: sorted(parameters.filter((p) => p.in === 'query').map((p) => p.name)),
    path: sorted(parameters.filter((p) => p.in === 'path').map((p) => p.name)),
    requestContentTypes: sorted(Object.keys(body?.content ?? {})),
    requestBody: contentFields(doc, body?.content),
    successStatus: status,
    responseContentTypes: sorted(Object.keys(response?.content ?? {})),
    responseBody: contentFields(doc, response?.content),
  };
};

// ---------------------------------------------------------------------------------------------
// Comparison

/** Names the reference has and ours lacks (`missing`), and the other way round (`extra`). */
export interface FieldDiff {
  missing: string[];
  extra: string[];
}

/** A value that differs between the two descriptions. */
interface ValueDiff<T> {
  ours: T;
  reference: T;
}

/** How one of our operations differs from its reference counterpart. */
export interface OperationComparison {
  query: FieldDiff;
  path: FieldDiff;
  requestBody: FieldDiff;
  responseBody: FieldDiff;
  requestContentTypes?: ValueDiff<string[]>;
  successStatus?: ValueDiff<string | undefined>;
  responseContentTypes?: ValueDiff<string[]>;
  /** Sum of `missing` over the four field lists. */
  missingCount: number;
  /** Sum of `extra` over the four field lists. */
  extraCount: number;
  /** Whether anything at all differs, fields or otherwise. */
  differs: boolean;
}

/** Compares two sorted name lists. */
export const diffFields = (ours: readonly string[], reference: readonly string[]): FieldDiff => {
  const own = new Set(ours);
  const theirs = new Set(reference);
  return { missing: reference.filter((name) => !own.has(name)), extra: ours.filter((name) => !theirs.has(name)) };
};

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** Compares the fields of one of our operations with those of its reference counterpart. */
const compareOperationFields = (ours: OperationFields, reference: OperationFields): OperationComparison => {
  const query = diffFields(ours.query, reference.query);
  const path = diffFields(ours.path, reference.path);
  const requestBody = diffFields(ours.requestBody, reference.requestBody);
  const responseBody = diffFields(ours.responseBody, reference.responseBody);
  const lists = [query, path, requestBody, responseBody];
  const missingCount = lists.reduce((sum, diff) => sum + diff.missing.length, 0);
  const extraCount = lists.reduce((sum, diff) => sum + diff.extra.length, 0);
  const requestTypesDiffer = !sameList(ours.requestContentTypes, reference.requestContentTypes);
  const statusDiffers = ours.successStatus !== reference.successStatus;
  const responseTypesDiffer = !sameList(ours.responseContentTypes, reference.responseContentTypes);
  return {
    query,
    path,
    requestBody,
    responseBody,
    ...(requestTypesDiffer
      ? { requestContentTypes: { ours: ours.requestContentTypes, reference: reference.requestContentTypes } }
      : {}),
    ...(statusDiffers ? { successStatus: { ours: ours.successStatus, reference: reference.successStatus } } : {}),
    ...(responseTypesDiffer
      ? { responseContentTypes: { ours: ours.responseContentTypes, reference: reference.responseContentTypes } }
      : {}),
    missingCount,
    extraCount,
    differs: missingCount + extraCount > 0 || requestTypesDiffer || statusDiffers || responseTypesDiffer,
  };
};

/** One reference operation and, when our spec has it, our counterpart and the differences. */
export interface ParityRow {
  reference: OperationEntry;
  /** The reference's first tag, or the first path segment when it has none. */
  group: string;
  ours?: OperationEntry;
  comparison?: OperationComparison;
}

/** The whole comparison of our document with the reference. */
export interface ParityResult {
  /** Every reference operation, grouped by `group` in reference tag order, then by path and method. */
  rows: ParityRow[];
  /** Our operations that match no reference operation, by path and method. */
  extra: OperationEntry[];
  /** Routes that the reference describes more than once under different parameter names. */
  ambiguousRoutes: { route: string; paths: string[] }[];
  /** Group names in display order. */
  groups: string[];
}

const methodOrder = (method: string): number => HTTP_METHODS.indexOf(method as (typeof HTTP_METHODS)[number]);

// Plain code-unit comparison: localeCompare would make the order depend on the machine.
const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const compareEntries = (a: OperationEntry, b: OperationEntry): number =>
  compareStrings(a.path, b.path) || methodOrder(a.method) - methodOrder(b.method);

// Untagged operations fall back to their first path segment after any version prefix (`v1`).
const groupOf = (entry: OperationEntry): string =>
  entry.operation.tags?.[0] ??
  entry.path.split('/').find((segment) => segment !== '' && !/^v\d+$/.test(segment)) ??
  '/';

/**
 * Pairs our operations with the reference's by {@link routeKey}. When one route is described
 * several times (the reference has `GET /v1/exports/{exportId}` and `…/{export_Id}`), an
 * operation with the exact same path wins, then pairs are made in document order, and a
 * description left over shares the operation of its route (one route is one operation).
 */
export const matchOperations = (
  ours: readonly OperationEntry[],
  reference: readonly OperationEntry[],
): { pairs: Map<OperationEntry, OperationEntry>; unmatched: OperationEntry[] } => {
  const byRoute = new Map<string, OperationEntry[]>();
  for (const entry of ours) {
    const key = routeKey(entry.method, entry.path);
    byRoute.set(key, [...(byRoute.get(key) ?? []), entry]);
  }
  const pairs = new Map<OperationEntry, OperationEntry>();
  const taken = new Set<OperationEntry>();
  const claim = (referenceEntry: OperationEntry, exact: boolean): void => {
    if (pairs.has(referenceEntry)) return;
    const candidates = byRoute.get(routeKey(referenceEntry.method, referenceEntry.path)) ?? [];
    const found = candidates.find((entry) => !taken.has(entry) && (!exact || entry.path === referenceEntry.path));
    if (found === undefined) return;
    pairs.set(referenceEntry, found);
    taken.add(found);
  };
  for (const entry of reference) claim(entry, true);
  for (const entry of reference) claim(entry, false);
  // A route the reference describes twice is still one route: our operation answers both.
  for (const entry of reference) {
    const shared = byRoute.get(routeKey(entry.method, entry.path))?.[0];
    if (!pairs.has(entry) && shared !== undefined) pairs.set(entry, shared);
  }
  return { pairs, unmatched: ours.filter((entry) => !taken.has(entry)) };
};

/** Compares our document with the reference description. */
export const compareDocuments = (
  ours: OpenApiDocument,
  reference: OpenApiDocument & { tags?: { name: string }[] },
): ParityResult => {
  const ourEntries = listOperations(ours);
  const referenceEntries = listOperations(reference);
  const { pairs, unmatched } = matchOperations(ourEntries, referenceEntries);

  const declared = (reference.tags ?? []).map((tag) => tag.name);
  const used = [...new Set(referenceEntries.map(groupOf))];
  const groups = [
    ...declared.filter((name) => used.includes(name)),
    ...used.filter((name) => !declared.includes(name)).sort(compareStrings),
  ];
  const groupIndex = (name: string): number => groups.indexOf(name);

  const rows = referenceEntries
    .map((entry): ParityRow => {
      const counterpart = pairs.get(entry);
      const row: ParityRow = { reference: entry, group: groupOf(entry) };
      if (counterpart === undefined) return row;
      return {
        ...row,
        ours: counterpart,
        comparison: compareOperationFields(operationFields(ours, counterpart), operationFields(reference, entry)),
      };
    })
    .sort((a, b) => groupIndex(a.group) - groupIndex(b.group) || compareEntries(a.reference, b.reference));

  const routes = new Map<string, string[]>();
  for (const entry of referenceEntries) {
    const key = routeKey(entry.method, entry.path);
    routes.set(key, [...(routes.get(key) ?? []), entry.path]);
  }
  const ambiguousRoutes = [...routes]
    .filter(([, paths]) => paths.length > 1)
    .map(([route, paths]) => ({ route, paths: [...paths].sort(compareStrings) }))
    .sort((a, b) => compareStrings(a.route, b.route));

  return {
    rows,
    extra: [...unmatched].sort(compareEntries),
    ambiguousRoutes,
    groups,
  };
};
