import type { z } from 'zod';
import type { OperationId, operations } from '../generated/operations.js';
import { ApiError } from './api-error.js';
import { parseQuery } from './parse-query.js';
import { describeIssues } from './validation-message.js';

type Operation = (typeof operations)[OperationId];

/** The parts of a request after validation against the spec. */
export interface RequestInput {
  params: unknown;
  query: unknown;
  body: unknown;
}

const readQuery = (url: URL, operation: Operation): Record<string, unknown> => {
  const { query, malformed: unreadable } = parseQuery(url.searchParams, operation.arrayQuery);
  // Like the service, the mock ignores query parameters an operation does not take, however they look.
  const declared = Object.keys((operation.query as unknown as z.ZodObject).shape);
  const malformed = unreadable.filter((key) => declared.includes(key.split('[')[0] ?? ''));
  if (malformed.length > 0) {
    throw new ApiError(400, 'invalid_query_params', 'Invalid query parameters', {
      details: malformed.map((key) => `Query parameter ${key} is malformed`).join('; '),
    });
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

const readMultipart = async (request: Request): Promise<Record<string, FormDataEntryValue>> => {
  try {
    return Object.fromEntries(await request.formData());
  } catch {
    throw ApiError.invalidPayload('The request body is not valid multipart/form-data.');
  }
};

const readBody = async (request: Request, body: NonNullable<Operation['body']>): Promise<unknown> => {
  if (body.contentType === 'multipart/form-data') return readMultipart(request);
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
  query: check(operation.query as z.ZodType, readQuery(url, operation), 'query'),
  body: await readValidBody(request, operation),
});

const readValidBody = async (request: Request, operation: Operation): Promise<unknown> => {
  if (operation.body === null) return undefined;
  const body = await readBody(request, operation.body);
  return body === undefined ? undefined : check(operation.body.schema as z.ZodType, body, 'body');
};
