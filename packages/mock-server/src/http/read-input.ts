import type { z } from 'zod/mini';
import type { OperationInput } from './operation-spec.js';
import { ApiError } from './api-error.js';
import type { IncomingRequest } from './incoming-request.js';
import { checkMediaType } from './media-type.js';
import { parseQuery } from './parse-query.js';
import { hasBody, readBodyBytes, readBodyText } from './read-body.js';
import { findUnsafeText } from './unsafe-text.js';
import { MAX_BODY_DEPTH } from './limits.js';
import { nestsTooDeep } from './nesting.js';
import { describeIssues } from './validation-message.js';
import { PARSE, PARSE_REPORTING } from './first-use.js';

type Operation = OperationInput;
type Where = 'body' | 'query' | 'path';

/** The parts of a request after validation against the spec. */
export interface RequestInput {
  params: unknown;
  query: unknown;
  body: unknown;
}

const parameterNames = new WeakMap<object, readonly string[]>();

/** The names a parameter schema (a zod object) declares, read once per schema. */
const namesOf = (schema: object): readonly string[] => {
  let names = parameterNames.get(schema);
  if (names === undefined) {
    names = Object.keys((schema as { shape: Record<string, unknown> }).shape);
    parameterNames.set(schema, names);
  }
  return names;
};

const readQuery = (url: URL, operation: Operation): Record<string, unknown> => {
  const { query, malformed: unreadable } = parseQuery(url.searchParams, operation.arrayQuery);
  // Like the service, the mock ignores query parameters an operation does not take, however they look.
  const names = namesOf(operation.query);
  const malformed = unreadable.filter((key) => names.includes(key.split('[')[0] ?? ''));
  if (malformed.length > 0) {
    throw new ApiError(400, 'invalid_query_params', 'Invalid query parameters', {
      details: malformed.map((key) => `Query parameter ${key} is malformed`).join('; '),
    });
  }
  // A few operations name parameters with brackets literally (`created_at[after]` on the
  // customer list): they are plain parameters, not deep objects.
  for (const name of names.filter((declaredName) => declaredName.includes('['))) {
    const values = url.searchParams.getAll(name);
    if (values.length > 0) query[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
};

const readMultipart = async (request: IncomingRequest): Promise<Record<string, FormDataEntryValue>> => {
  const bytes = await readBodyBytes(request);
  try {
    const form = await new Response(bytes, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData();
    return Object.fromEntries(form);
  } catch {
    throw ApiError.invalidPayload('The request body is not valid multipart/form-data.');
  }
};

const readForm = (text: string): Record<string, string | string[]> => {
  const form: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const previous = form[key];
    form[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return form;
};

const invalid = (where: Where, issues: readonly z.core.$ZodIssue[]): ApiError => {
  const details = describeIssues(where, issues);
  if (where === 'body') return ApiError.invalidPayload(details);
  return new ApiError(400, 'invalid_query_params', 'Invalid query parameters', { details });
};

/** Validates against the schema, then refuses text that may not be stored (NUL, lone surrogates). */
const check = <T>(schema: z.ZodMiniType<T>, value: unknown, where: Where): T => {
  const result = schema.safeParse(value, PARSE_REPORTING);
  if (!result.success) throw invalid(where, result.error.issues);
  const unsafe = findUnsafeText(value);
  if (unsafe) throw invalid(where, [unsafe]);
  return result.data;
};

/** The raw values of the parameters the operation declares; others are ignored, as the schema strips them. */
const declared = (schema: z.ZodMiniType, values: Record<string, unknown>): Record<string, unknown> => {
  const names = namesOf(schema);
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) if (names.includes(name)) kept[name] = value;
  return kept;
};

const checkParameters = (schema: z.ZodMiniType, values: Record<string, unknown>, where: 'query' | 'path'): unknown =>
  check(schema, declared(schema, values), where);

/** The body as sent, or undefined when there is none: no bytes, only white space, or a JSON `null`. */
const readBody = async (request: IncomingRequest, body: NonNullable<Operation['body']>): Promise<unknown> => {
  if (!hasBody(request)) return undefined;
  checkMediaType(request.headers, body.contentType);
  if (body.contentType === 'multipart/form-data') return readMultipart(request);
  const text = await readBodyText(request);
  if (text.trim() === '') return undefined;
  if (body.contentType === 'application/x-www-form-urlencoded') return readForm(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw ApiError.invalidPayload('The request body is not valid JSON.');
  }
  if (nestsTooDeep(parsed)) {
    throw ApiError.invalidPayload(`The request body nests objects and arrays more than ${MAX_BODY_DEPTH} levels deep.`);
  }
  return parsed ?? undefined;
};

/** The empty JSON bodies a body left out may stand for, in the order they are tried. */
const EMPTY_BODIES: readonly unknown[] = [{}, []];

/**
 * A JSON body that is left out reads as `{}` when the schema takes an empty object (every field
 * optional), so its defaults apply and the handler always gets an object, or as `[]` when the
 * schema is a list: clients send no body when nothing is set (decisions 0036 and 0058). Any other
 * missing body is refused when the spec requires it.
 */
const readAbsentBody = (body: NonNullable<Operation['body']>): unknown => {
  if (body.contentType === 'application/json') {
    for (const value of EMPTY_BODIES) {
      const empty = (body.schema as z.ZodMiniType).safeParse(value, PARSE);
      if (empty.success) return empty.data;
    }
  }
  if (body.required) throw ApiError.invalidPayload('The request body is required.');
  return undefined;
};

const readValidBody = async (request: IncomingRequest, operation: Operation): Promise<unknown> => {
  if (operation.body === null) return undefined;
  const body = await readBody(request, operation.body);
  return body === undefined
    ? readAbsentBody(operation.body)
    : check(operation.body.schema as z.ZodMiniType, body, 'body');
};

/**
 * Reads and validates the path parameters, query and body of a request against the operation's
 * generated schemas. The body must come in the operation's media type and within the size
 * limit; no string may hold NUL characters or lone surrogates.
 *
 * @throws ApiError 400 `invalid_payload` (body) or `invalid_query_params` (path, query), naming
 *   the field; 413 `query_too_large` and 415 `unsupported_media_type` for the body.
 */
export const readInput = async (
  request: IncomingRequest,
  url: URL,
  operation: Operation,
  params: Record<string, string>,
): Promise<RequestInput> => ({
  // An operation without path or query parameters reads none: whatever the URL carries, the
  // schema would strip it to an empty object.
  params:
    namesOf(operation.pathParams).length === 0
      ? {}
      : checkParameters(operation.pathParams as z.ZodMiniType, params, 'path'),
  query:
    namesOf(operation.query).length === 0
      ? {}
      : checkParameters(operation.query as z.ZodMiniType, readQuery(url, operation), 'query'),
  body: await readValidBody(request, operation),
});
