import type { z } from 'zod';
import type { OperationId, operations } from '../generated/operations.js';
import { ApiError } from './api-error.js';
import { describeIssues } from './validation-message.js';

type Operation = (typeof operations)[OperationId];

/** The parts of a request after validation against the spec. */
export interface RequestInput {
  params: unknown;
  query: unknown;
  body: unknown;
}

const readQuery = (url: URL, arrayNames: readonly string[]): Record<string, string | string[]> => {
  const query: Record<string, string | string[]> = {};
  for (const [rawKey, value] of url.searchParams) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const previous = query[key];
    if (previous === undefined) query[key] = arrayNames.includes(key) || rawKey.endsWith('[]') ? [value] : value;
    else query[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return query;
};

const readForm = (text: string): Record<string, string | string[]> => {
  const form: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const previous = form[key];
    form[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return form;
};

const readBody = async (request: Request, body: NonNullable<Operation['body']>): Promise<unknown> => {
  const text = await request.text();
  if (text.trim() === '') {
    if (body.required) throw ApiError.invalidPayload('The request body is required.');
    return undefined;
  }
  if (body.contentType === 'application/x-www-form-urlencoded') return readForm(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw ApiError.invalidPayload('The request body is not valid JSON.');
  }
};

const check = <T>(schema: z.ZodType<T>, value: unknown, where: 'body' | 'query' | 'path'): T => {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const details = describeIssues(where, result.error.issues);
  if (where === 'body') throw ApiError.invalidPayload(details);
  throw new ApiError(400, 'invalid_query_params', 'Invalid query parameters', { details });
};

/**
 * Reads and validates the path parameters, query and body of a request against the operation's
 * generated schemas.
 *
 * @throws ApiError 400 `invalid_payload` (body) or `invalid_query_params` (path, query), naming the field.
 */
export const readInput = async (request: Request, url: URL, operation: Operation, params: Record<string, string>): Promise<RequestInput> => ({
  params: check(operation.pathParams as z.ZodType, params, 'path'),
  query: check(operation.query as z.ZodType, readQuery(url, operation.arrayQuery), 'query'),
  body: await readValidBody(request, operation),
});

const readValidBody = async (request: Request, operation: Operation): Promise<unknown> => {
  if (operation.body === null) return undefined;
  const body = await readBody(request, operation.body);
  return body === undefined ? undefined : check(operation.body.schema as z.ZodType, body, 'body');
};
