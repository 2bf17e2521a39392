/**
 * The request fields our spec requires and the reference does not: the places where the mock may
 * refuse what the service's own description allows. Each must have a source (decision 0036), so
 * the list is computed here and compared with the decision note's.
 *
 * A field is named by the component schema that lists it in `required` and its path inside that
 * component (`DiscountPercent.percent_off`, `LoyaltyTierExpirationAll.start_date.type`), or, for a
 * schema written in place in an operation, by the operationId. The reference requires it when the
 * paired reference operation lists the same body path in a `required` (through `$ref`, `allOf`,
 * `anyOf` and `oneOf`).
 */
import { type JsonSchema, type OpenApiDocument, listOperations, resolveRef } from './openapi.ts';
import { type ParityResult, routeKey } from './parity.ts';

/** One field our spec requires in a request and the reference does not. */
export interface StricterField {
  /** `<Component>.<path>` or `<operationId>.<path>`. */
  field: string;
  /** Our operations whose request bodies reach it. */
  operations: string[];
  /** Where it lies in each operation's body: `<operationId> <path>`, arrays as `[]` (`createVoucher .discount.type`). */
  places: string[];
}

const MAX_DEPTH = 16;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A required field found on the way through a body: where it is declared and where it lies in the body. */
interface Found {
  field: string;
  bodyPath: string;
}

/** Walks a request body schema of our spec, naming each required field by its declaring component. */
const ourRequired = (
  doc: OpenApiDocument,
  schema: unknown,
  owner: string,
  found: Found[],
  bodyPath = '',
  inner = '',
  seen: ReadonlySet<string> = new Set(),
  depth = 0,
): void => {
  if (!isRecord(schema) || depth > MAX_DEPTH) return;
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const name = ref.split('/').at(-1) ?? ref;
    if (seen.has(name)) return;
    ourRequired(
      doc,
      resolveRef<JsonSchema>(doc, schema),
      name,
      found,
      bodyPath,
      '',
      new Set([...seen, name]),
      depth + 1,
    );
    return;
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const members = schema[keyword];
    if (Array.isArray(members))
      for (const member of members) ourRequired(doc, member, owner, found, bodyPath, inner, seen, depth + 1);
  }
  for (const name of (schema['required'] as string[] | undefined) ?? [])
    found.push({ field: `${owner}${inner}.${name}`, bodyPath: `${bodyPath}.${name}` });
  for (const [name, property] of Object.entries((schema['properties'] as Record<string, unknown> | undefined) ?? {})) {
    ourRequired(doc, property, owner, found, `${bodyPath}.${name}`, `${inner}.${name}`, seen, depth + 1);
  }
  if (isRecord(schema['items']))
    ourRequired(doc, schema['items'], owner, found, `${bodyPath}[]`, `${inner}[]`, seen, depth + 1);
};

/** The body paths a reference request body requires anywhere in it. */
const referenceRequired = (
  doc: OpenApiDocument,
  schema: unknown,
  into: Set<string>,
  bodyPath = '',
  seen: ReadonlySet<string> = new Set(),
  depth = 0,
): Set<string> => {
  if (!isRecord(schema) || depth > MAX_DEPTH) return into;
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    if (seen.has(ref)) return into;
    return referenceRequired(
      doc,
      resolveRef<JsonSchema>(doc, schema),
      into,
      bodyPath,
      new Set([...seen, ref]),
      depth + 1,
    );
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const members = schema[keyword];
    if (Array.isArray(members))
      for (const member of members) referenceRequired(doc, member, into, bodyPath, seen, depth + 1);
  }
  for (const name of (schema['required'] as string[] | undefined) ?? []) into.add(`${bodyPath}.${name}`);
  for (const [name, property] of Object.entries((schema['properties'] as Record<string, unknown> | undefined) ?? {})) {
    referenceRequired(doc, property, into, `${bodyPath}.${name}`, seen, depth + 1);
  }
  if (isRecord(schema['items'])) referenceRequired(doc, schema['items'], into, `${bodyPath}[]`, seen, depth + 1);
  return into;
};

const bodySchema = (doc: OpenApiDocument, body: unknown): unknown => {
  if (body === undefined) return undefined;
  const resolved = resolveRef<{ content?: Record<string, { schema?: unknown }> }>(
    doc,
    body as { content?: Record<string, { schema?: unknown }> },
  );
  return Object.values(resolved.content ?? {})[0]?.schema;
};

/**
 * Every request field our spec requires that the paired reference operation does not, with the
 * operations that reach it, sorted by field.
 */
export const stricterFields = (
  ours: OpenApiDocument,
  reference: OpenApiDocument,
  parity: ParityResult,
): StricterField[] => {
  const referenceByRoute = new Map(
    parity.rows.flatMap((row) =>
      row.ours ? [[routeKey(row.ours.method, row.ours.path), row.reference.operation]] : [],
    ),
  );
  const byField = new Map<string, { operations: Set<string>; places: Set<string> }>();
  for (const entry of listOperations(ours)) {
    const schema = bodySchema(ours, entry.operation.requestBody);
    if (schema === undefined) continue;
    const id = entry.operation.operationId ?? routeKey(entry.method, entry.path);
    const found: Found[] = [];
    ourRequired(ours, schema, id, found);
    const counterpart = referenceByRoute.get(routeKey(entry.method, entry.path));
    const allowed = counterpart
      ? referenceRequired(reference, bodySchema(reference, counterpart.requestBody), new Set())
      : new Set<string>();
    for (const { field, bodyPath } of found) {
      if (allowed.has(bodyPath)) continue;
      const entry = byField.get(field) ?? { operations: new Set<string>(), places: new Set<string>() };
      entry.operations.add(id);
      entry.places.add(`${id} ${bodyPath}`);
      byField.set(field, entry);
    }
  }
  return [...byField]
    .map(([field, { operations, places }]) => ({
      field,
      operations: [...operations].sort(),
      places: [...places].sort(),
    }))
    .sort((a, b) => a.field.localeCompare(b.field));
};
