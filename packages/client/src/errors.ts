import type { components } from './generated/schema.js';
import { parseRetryAfter } from './retry-after.js';

/**
 * The body of every failed request, as the spec defines it.
 *
 * @example
 * ```ts
 * const body: ErrorBody = { code: 404, key: 'not_found', message: 'Resource not found' };
 * ```
 */
export type ErrorBody = components['schemas']['Error'];

/**
 * What an error is built from. Every field is optional because errors also arise without an
 * HTTP response (network failures, timeouts, bad configuration).
 *
 * @example
 * ```ts
 * new VoucherkitError('Resource not found', { status: 404, body });
 * ```
 */
export interface VoucherkitErrorInit {
  /** HTTP status of the failed response. */
  readonly status?: number | undefined;
  /** The response body as received: usually an {@link ErrorBody}, a string when it was not JSON. */
  readonly body?: unknown;
  /** Headers of the failed response. */
  readonly headers?: Headers | undefined;
  /** The error that caused this one. */
  readonly cause?: unknown;
  /** Milliseconds to wait before retrying, read from `Retry-After`. */
  readonly retryAfterMs?: number | undefined;
}

const stringField = (body: unknown, name: keyof ErrorBody): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = Reflect.get(body, name);
  return typeof value === 'string' ? value : undefined;
};

/**
 * Base class of every error the client throws. For failed responses it carries the fields of
 * the service's error body; branch on `key`, which is stable, rather than on `message`.
 * Messages never contain credentials.
 *
 * @example
 * ```ts
 * try {
 *   await unwrap(client.GET('/v1/categories/{categoryId}', { params: { path: { categoryId } } }));
 * } catch (error) {
 *   if (error instanceof VoucherkitError && error.key === 'not_found') return undefined;
 *   throw error;
 * }
 * ```
 */
export class VoucherkitError extends Error {
  /** The class's name, for example `NotFoundError`, as logs and stack traces print it. */
  override readonly name: string = 'VoucherkitError';
  /** HTTP status of the failed response; `undefined` when there was no response. */
  readonly status: number | undefined;
  /** The service's snake_case error key, for example `invalid_payload` or `not_found`. */
  readonly key: string | undefined;
  /** Specifics of the failure, for example the offending property. */
  readonly details: string | undefined;
  /** Id of the failed request, to quote when reporting a problem. */
  readonly requestId: string | undefined;
  /** Id of the resource the failure is about (on a 404: the id that was asked for). */
  readonly resourceId: string | undefined;
  /** Type of the resource named by {@link VoucherkitError.resourceId}. */
  readonly resourceType: string | undefined;
  /** The response body as received. */
  readonly body: unknown;
  /** Headers of the failed response. */
  readonly headers: Headers | undefined;

  /**
   * @param message - Human-readable summary; must not contain credentials.
   * @param init - Response details, see {@link VoucherkitErrorInit}.
   */
  constructor(message: string, init: VoucherkitErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.body = init.body;
    this.headers = init.headers;
    this.key = stringField(init.body, 'key');
    this.details = stringField(init.body, 'details');
    this.requestId = stringField(init.body, 'request_id');
    this.resourceId = stringField(init.body, 'resource_id');
    this.resourceType = stringField(init.body, 'resource_type');
  }
}

/**
 * 400: the input is wrong, or it breaks a business rule (`key` says which, for example
 * `voucher_expired` or `quantity_exceeded`).
 *
 * @example
 * ```ts
 * if (error instanceof BadRequestError && error.key === 'invalid_payload') console.warn(error.details);
 * ```
 */
export class BadRequestError extends VoucherkitError {
  override readonly name: string = 'BadRequestError';
}

/**
 * 401: the credentials are missing, wrong, expired or revoked, or of a kind the operation does
 * not accept.
 *
 * @example
 * ```ts
 * if (error instanceof AuthenticationError) promptForNewKeys();
 * ```
 */
export class AuthenticationError extends VoucherkitError {
  override readonly name: string = 'AuthenticationError';
}

/**
 * 402: the project's plan lacks a feature the operation needs (`missing_required_feature`).
 *
 * @example
 * ```ts
 * if (error instanceof PaymentRequiredError) showUpgradeHint();
 * ```
 */
export class PaymentRequiredError extends VoucherkitError {
  override readonly name: string = 'PaymentRequiredError';
}

/**
 * 403: the credentials are valid but not allowed to do this (missing scope or permission).
 *
 * @example
 * ```ts
 * if (error instanceof PermissionError) console.warn(`missing permission: ${error.key}`);
 * ```
 */
export class PermissionError extends VoucherkitError {
  override readonly name: string = 'PermissionError';
}

/**
 * 404: nothing with the given id exists; `resourceId` and `resourceType` say what was looked for.
 *
 * @example
 * ```ts
 * if (error instanceof NotFoundError) return undefined;
 * ```
 */
export class NotFoundError extends VoucherkitError {
  override readonly name: string = 'NotFoundError';
}

/**
 * 409: the request clashes with something that exists (for example `duplicate_found`).
 *
 * @example
 * ```ts
 * if (error instanceof ConflictError) return findExisting();
 * ```
 */
export class ConflictError extends VoucherkitError {
  override readonly name: string = 'ConflictError';
}

/**
 * 429: too many requests. `retryAfterMs` holds the wait the service asked for, when it said.
 *
 * @example
 * ```ts
 * if (error instanceof RateLimitError) await sleep(error.retryAfterMs ?? 1000);
 * ```
 */
export class RateLimitError extends VoucherkitError {
  override readonly name: string = 'RateLimitError';
  /** Milliseconds to wait before retrying, from `Retry-After`; `undefined` when absent. */
  readonly retryAfterMs: number | undefined;

  /**
   * @param message - Human-readable summary.
   * @param init - Response details; `retryAfterMs` is kept.
   */
  constructor(message: string, init: VoucherkitErrorInit = {}) {
    super(message, init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/**
 * 5xx: the service failed, or is in a maintenance window; retrying later may help.
 *
 * @example
 * ```ts
 * if (error instanceof ServerError) scheduleRetry();
 * ```
 */
export class ServerError extends VoucherkitError {
  override readonly name: string = 'ServerError';
}

/**
 * The service could not be reached (DNS, refused connection, dropped connection): no response
 * came back. The original error is the `cause`.
 *
 * @example
 * ```ts
 * if (error instanceof ConnectionError) console.warn('offline?', error.cause);
 * ```
 */
export class ConnectionError extends VoucherkitError {
  override readonly name: string = 'ConnectionError';
}

/**
 * The client was configured wrongly (for example an OAuth scope containing a comma). Thrown by
 * `createClient` before any request is sent.
 *
 * @example
 * ```ts
 * try { createClient(options); } catch (error) { if (error instanceof ConfigurationError) process.exit(1); }
 * ```
 */
export class ConfigurationError extends VoucherkitError {
  override readonly name: string = 'ConfigurationError';
}

type ErrorClass = new (message: string, init: VoucherkitErrorInit) => VoucherkitError;

const classByStatus: Readonly<Record<number, ErrorClass>> = {
  400: BadRequestError,
  401: AuthenticationError,
  402: PaymentRequiredError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  429: RateLimitError,
};

/**
 * An error's message: the service's `message` (or `fallback` when the body has none), then its
 * `details`, which say what actually went wrong, and its `key`, so a log line or a failed
 * assertion shows the cause: `Resource not found: Cannot find voucher with id V-1 [not_found]`.
 */
const describeFailure = (body: unknown, fallback: string): string => {
  const message = stringField(body, 'message') ?? fallback;
  const details = stringField(body, 'details');
  const key = stringField(body, 'key');
  const withDetails =
    details === undefined || details === '' || details === message ? message : `${message}: ${details}`;
  return key === undefined || key === '' ? withDetails : `${withDetails} [${key}]`;
};

/**
 * The one place that turns a failed response into an error: picks the class by status and
 * copies the fields of the service's error body.
 *
 * @param response - The failed response (its body may already have been read).
 * @param body - The parsed body: an {@link ErrorBody}, a string, or `undefined` when empty.
 * @param nowMs - The current time, to turn a `Retry-After` date into a delay.
 * @returns The matching {@link VoucherkitError} subclass; a plain `VoucherkitError` for other statuses.
 */
export function errorFromResponse(response: Response, body: unknown, nowMs: number = Date.now()): VoucherkitError {
  const { status } = response;
  const ErrorClass = classByStatus[status] ?? (status >= 500 ? ServerError : VoucherkitError);
  const fallback = `Request failed with status ${status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return new ErrorClass(describeFailure(body, fallback), {
    status,
    body,
    headers: response.headers,
    retryAfterMs: parseRetryAfter(response.headers.get('Retry-After'), nowMs),
  });
}
