import type { z } from 'zod/mini';
import type { OperationSpec } from './operation-spec.js';
import { ApiError } from './api-error.js';
import { describeIssues } from './validation-message.js';
import { PARSE_REPORTING } from './first-use.js';

/** What a strict check reads of an operation: its route, and its responses' schemas. */
type CheckedOperation = Pick<OperationSpec, 'method' | 'path' | 'responses'>;

/** The headers of a JSON answer that has no others: one frozen object, shared by all of them. */
const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json' });

/** Whether a headers object names no header. */
const namesNone = (headers: Readonly<Record<string, string>>): boolean => {
  for (const _name in headers) return false;
  return true;
};

/** The service's error body for an ApiError. */
export const errorBody = (error: ApiError, requestId: string): Record<string, unknown> => ({
  code: error.status,
  key: error.key,
  message: error.message,
  ...(error.extras.details === undefined ? {} : { details: error.extras.details }),
  request_id: requestId,
  ...(error.extras.resourceId === undefined ? {} : { resource_id: error.extras.resourceId }),
  ...(error.extras.resourceType === undefined ? {} : { resource_type: error.extras.resourceType }),
  ...(error.extras.ruleMessage === undefined ? {} : { error: { message: error.extras.ruleMessage } }),
  ...(error.extras.redeemable === undefined
    ? {}
    : { redeemable_type: error.extras.redeemable.type, redeemable_id: error.extras.redeemable.id }),
});

/**
 * Checks a body against the schema the spec documents for `status`; used in strict mode so a
 * mock answer that drifts from the spec fails loudly instead of teaching tests a wrong shape.
 *
 * @returns a description of the mismatch, or undefined when the body conforms.
 */
export const contractViolation = (operation: CheckedOperation, status: number, body: unknown): string | undefined => {
  const responses = operation.responses as Record<string, z.ZodMiniType | null>;
  if (!(String(status) in responses))
    return `status ${status} is not documented for ${operation.method} ${operation.path}`;
  const schema = responses[String(status)];
  if (schema === null || schema === undefined) return body === null ? undefined : `status ${status} documents no body`;
  const result = schema.safeParse(body, PARSE_REPORTING);
  return result.success ? undefined : describeIssues('body', result.error.issues);
};

/**
 * An answer of the service before it is a fetch `Response`: its status, its headers (lower-case
 * names) and its body as the text that goes out, `null` for none. MSW and `service.handle` get it
 * as a `Response` ({@link toResponse}); the HTTP sandbox writes it to the socket as it is, which
 * spares each request a `Response`, its stream and the reading of that stream back into bytes.
 */
export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}

/** A JSON answer, or an empty one for bodiless statuses. */
export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  body === null || status === 204
    ? { status, headers, body: null }
    : {
        status,
        headers: namesNone(headers) ? JSON_HEADERS : { ...JSON_HEADERS, ...headers },
        body: JSON.stringify(body),
      };

/** An answer as a fetch `Response`. */
export const toResponse = (answer: Answer): Response =>
  new Response(answer.body, { status: answer.status, headers: answer.headers });

/** The headers an error's answer carries: `Retry-After` when the error has one. */
export const errorHeaders = (error: ApiError): Record<string, string> =>
  error.extras.retryAfter === undefined ? {} : { 'retry-after': String(error.extras.retryAfter) };

/** The answer for an ApiError, with `Retry-After` when the error carries one. */
export const errorAnswer = (error: ApiError, requestId: string, headers: Record<string, string> = {}): Answer =>
  jsonAnswer(error.status, errorBody(error, requestId), { ...headers, ...errorHeaders(error) });

/** Maps any thrown value to an ApiError; unknown exceptions are mock bugs and say so. */
export const toApiError = (error: unknown): ApiError =>
  error instanceof ApiError
    ? error
    : new ApiError(500, 'internal_error', 'Unexpected error in the mock server', {
        details: error instanceof Error ? error.message : String(error),
      });
