/**
 * The reference's request examples with their optional fields set to `null`, the way generated
 * clients send a field left unset. Each example that our spec accepts as written gives:
 *
 * - one variant with every optional, nullable field that the example leaves out set to `null`, in
 *   every object the example has (the reference's schema says which fields the object has);
 * - one variant per optional, nullable field the example sets, with that field alone set to `null`.
 *
 * "Optional" and "nullable" are the reference's words: a field outside its object's `required`
 * whose schema (or the schema it refers to) says `nullable: true`. A variant our request validation
 * refuses is listed with the field it nulled and the reason our validation gives.
 */
import type { z } from 'zod/mini';
import { describeIssues } from '../../packages/mock-server/src/http/validation-message.ts';
import { type CheckedOperation, examplesOf } from './examples.ts';
import { type JsonSchema, type OpenApiDocument, isReference, resolveRef } from './openapi.ts';
import type { ParityResult } from './parity.ts';

/** One request with nulls, and what our validation made of it. */
interface NullVariant {
  /** The reference operationId. */
  operation: string;
  /** Our operationId. */
  ours: string;
  /** The example's name in the reference. */
  example: string;
  /** The dotted paths set to null (`customer`, `redeemables[0].gift`). */
  nulled: string[];
  /** Undefined when accepted; otherwise what the mock answers (the `details` of its 400). */
  reason?: string;
  /** The path of the first issue, dotted as {@link nulled} is. */
  issuePath?: string;
}

/** Every variant of every accepted example. */
export interface NullVariantReport {
  variants: NullVariant[];
  accepted: number;
  rejected: NullVariant[];
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field of a reference object: its schema and whether it is optional and nullable. */
interface Field {
  schema: JsonSchema;
  nullable: boolean;
}

const MAX_DEPTH = 24;

/** Folds `$ref` and `allOf`/`anyOf`/`oneOf` into one object view: the fields any member declares. */
const fieldsOf = (
  doc: OpenApiDocument,
  schema: unknown,
  depth = 0,
  into = new Map<string, Field>(),
): Map<string, Field> => {
  if (!isRecord(schema) || depth > MAX_DEPTH) return into;
  const resolved = resolveRef<JsonSchema>(doc, schema);
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const members = resolved[keyword];
    if (Array.isArray(members)) for (const member of members) fieldsOf(doc, member, depth + 1, into);
  }
  const required = new Set((resolved['required'] as string[] | undefined) ?? []);
  for (const [name, property] of Object.entries(
    (resolved['properties'] as Record<string, JsonSchema> | undefined) ?? {},
  )) {
    const target = resolveRef<JsonSchema>(doc, property);
    const nullable = !required.has(name) && (property['nullable'] === true || target['nullable'] === true);
    const previous = into.get(name);
    into.set(name, { schema: property, nullable: nullable || (previous?.nullable ?? false) });
  }
  return into;
};

/** The schema of an array's items, through references and combinators. */
const itemsOf = (doc: OpenApiDocument, schema: unknown, depth = 0): unknown => {
  if (!isRecord(schema) || depth > MAX_DEPTH) return undefined;
  const resolved = resolveRef<JsonSchema>(doc, schema);
  if (resolved['items'] !== undefined) return resolved['items'];
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const members = resolved[keyword];
    if (!Array.isArray(members)) continue;
    for (const member of members) {
      const items = itemsOf(doc, member, depth + 1);
      if (items !== undefined) return items;
    }
  }
  return undefined;
};

type Path = (string | number)[];

const dotted = (path: readonly PropertyKey[]): string =>
  path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');

/** Walks an example along the reference's schema, collecting the nullable fields it leaves out and sets. */
const walk = (
  doc: OpenApiDocument,
  schema: unknown,
  value: unknown,
  path: Path,
  absent: Path[],
  present: Path[],
  depth = 0,
): void => {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    const items = itemsOf(doc, schema);
    value.forEach((item, index) => walk(doc, items, item, [...path, index], absent, present, depth + 1));
    return;
  }
  if (!isRecord(value)) return;
  for (const [name, field] of fieldsOf(doc, schema)) {
    const inner = value[name];
    if (inner === undefined) {
      if (field.nullable) absent.push([...path, name]);
      continue;
    }
    if (field.nullable && inner !== null) present.push([...path, name]);
    walk(doc, field.schema, inner, [...path, name], absent, present, depth + 1);
  }
};

/** A deep copy of `value` with each path set to null. */
const withNulls = (value: unknown, paths: readonly Path[]): unknown => {
  const copy = structuredClone(value);
  for (const path of paths) {
    let node = copy as Record<string | number, unknown>;
    for (const part of path.slice(0, -1)) node = node[part] as Record<string | number, unknown>;
    node[path.at(-1) as string | number] = null;
  }
  return copy;
};

/** The first issue our validation reports, looking into the member of a union with fewest issues. */
const firstIssue = (
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): { path: PropertyKey[]; message: string } | undefined => {
  const issue = issues[0];
  if (issue === undefined) return undefined;
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
    return firstIssue(closest, path);
  }
  return { path, message: issue.message };
};

/**
 * A request body as a client generated from the reference sends it: every field of the reference's
 * schema that the body leaves out is `null`, in the body and in every object it holds.
 *
 * @param reference - The reference document.
 * @param schema - The reference's schema of the body.
 * @param body - The fields the caller sets.
 * @returns A copy of the body with the unset fields as `null`.
 * @example
 * ```ts
 * asGeneratedClientSends(reference, schema, { redeemables: [{ object: 'voucher', id: 'SUMMER' }] });
 * // { redeemables: [{ object: 'voucher', id: 'SUMMER', gift: null, reward: null }], customer: null, order: null, … }
 * ```
 */
export const asGeneratedClientSends = (
  reference: OpenApiDocument,
  schema: unknown,
  body: unknown,
  depth = 0,
): unknown => {
  if (depth > MAX_DEPTH) return body;
  if (Array.isArray(body)) {
    const items = itemsOf(reference, schema);
    return body.map((item) => asGeneratedClientSends(reference, items, item, depth + 1));
  }
  if (!isRecord(body)) return body;
  const fields = fieldsOf(reference, schema);
  const filled: Json = {};
  for (const [name, field] of fields)
    filled[name] = name in body ? asGeneratedClientSends(reference, field.schema, body[name], depth + 1) : null;
  for (const [name, value] of Object.entries(body)) if (!fields.has(name)) filled[name] = value;
  return filled;
};

/**
 * The reference's schema of the JSON body of the operation paired with one of ours.
 *
 * @param reference - The reference document.
 * @param parity - The pairing of our operations with the reference's.
 * @param ours - Our operationId.
 * @returns The schema, or undefined when the reference operation takes no JSON body.
 */
export const referenceBodySchema = (reference: OpenApiDocument, parity: ParityResult, ours: string): unknown => {
  const row = parity.rows.find((candidate) => candidate.ours?.operation.operationId === ours);
  const body = row?.reference.operation.requestBody;
  return body === undefined ? undefined : resolveRef(reference, body).content['application/json']?.schema;
};

/**
 * Builds and checks the null variants of every JSON request example of the reference's operations
 * whose example our counterpart accepts as written.
 */
export const checkNullVariants = (
  reference: OpenApiDocument,
  parity: ParityResult,
  operations: Readonly<Record<string, CheckedOperation>>,
): NullVariantReport => {
  const variants: NullVariant[] = [];
  for (const row of parity.rows) {
    const operation = row.reference.operation;
    const ours = row.ours?.operation.operationId;
    const body = ours === undefined ? undefined : operations[ours]?.body;
    if (
      ours === undefined ||
      body?.contentType !== 'application/json' ||
      !operation.requestBody ||
      isReference(operation.requestBody)
    )
      continue;
    const media = operation.requestBody.content['application/json'];
    for (const [example, value] of examplesOf(reference, media)) {
      if (!body.schema.safeParse(value).success) continue;
      const absent: Path[] = [];
      const present: Path[] = [];
      walk(reference, media?.schema, value, [], absent, present);
      const sets = [...(absent.length > 0 ? [absent] : []), ...present.map((path) => [path])];
      for (const paths of sets) {
        const result = body.schema.safeParse(withNulls(value, paths), { reportInput: true });
        const issue = result.success ? undefined : firstIssue(result.error.issues);
        variants.push({
          operation: operation.operationId ?? `${row.reference.method} ${row.reference.path}`,
          ours,
          example,
          nulled: paths.map(dotted),
          ...(issue === undefined || result.success
            ? {}
            : { reason: describeIssues('body', result.error.issues), issuePath: dotted(issue.path) }),
        });
      }
    }
  }
  const rejected = variants.filter((variant) => variant.reason !== undefined);
  return { variants, accepted: variants.length - rejected.length, rejected };
};
