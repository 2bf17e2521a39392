import { ConnectionError } from './errors.js';
import { parseRetryAfter } from './retry-after.js';
import type { Runtime } from './runtime.js';

/**
 * A `fetch` as openapi-fetch calls it: with a ready `Request`.
 *
 * @param input - The request to send.
 * @param init - Extra options some runtimes accept (openapi-fetch's `requestInitExt`).
 * @returns The response.
 * @example
 * ```ts
 * const logging: FetchFunction = (request) => { console.log(request.url); return fetch(request); };
 * ```
 */
export type FetchFunction = (input: Request, init?: RequestInit) => Promise<Response>;

/**
 * How failed requests are retried: capped exponential backoff, by default with full jitter.
 * The wait before retry `n` (0-based) is `min(maxDelayMs, minDelayMs * factor ** n)`, multiplied
 * by a random number in `[0, 1)` when `jitter` is on. A `Retry-After` header replaces the
 * backoff (still capped by `maxDelayMs`).
 *
 * @example
 * ```ts
 * const retry: RetryOptions = { retries: 3, minDelayMs: 200, maxDelayMs: 5_000, factor: 2, jitter: true };
 * ```
 */
export interface RetryOptions {
  /** Retries after the first attempt; 0 sends each request once. */
  readonly retries: number;
  /** Backoff ceiling of the first retry, in milliseconds. */
  readonly minDelayMs: number;
  /** Longest wait between two attempts, in milliseconds, including `Retry-After` waits. */
  readonly maxDelayMs: number;
  /** Growth of the backoff ceiling from one retry to the next. */
  readonly factor: number;
  /** Full jitter: wait a random share of the ceiling, so clients do not retry in lockstep. */
  readonly jitter: boolean;
}

/**
 * The retry settings used when `createClient` gets no `retry` option.
 *
 * @example
 * ```ts
 * createClient({ auth, retry: { ...defaultRetryOptions, retries: 5 } });
 * ```
 */
export const defaultRetryOptions: RetryOptions = {
  retries: 2,
  minDelayMs: 500,
  maxDelayMs: 10_000,
  factor: 2,
  jitter: true,
};

/** Methods that may be sent twice without changing the outcome (RFC 9110 §9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'TRACE']);
/** 501 and other 5xx statuses say "this will not work", not "try again". */
const RETRYABLE_SERVER_STATUSES = new Set([500, 502, 503, 504]);
/** openapi-fetch copies unknown call options onto the Request, so `{ idempotent: true }` lands here. */
const IDEMPOTENT_MARK = 'idempotent';

/**
 * Whether a request may be retried after a network error or a 5xx: its method is idempotent,
 * or the caller passed `{ idempotent: true }` to the call.
 *
 * @param request - The request.
 * @returns `true` when sending it again is safe.
 */
function isIdempotent(request: Request): boolean {
  return IDEMPOTENT_METHODS.has(request.method.toUpperCase()) || Reflect.get(request, IDEMPOTENT_MARK) === true;
}

/**
 * Copies the caller's `{ idempotent: true }` mark to another request (for example a clone).
 *
 * @param from - The marked request.
 * @param to - The request to mark.
 * @returns `to`.
 */
export function copyIdempotentMark(from: Request, to: Request): Request {
  if (Reflect.get(from, IDEMPOTENT_MARK) === true) Reflect.set(to, IDEMPOTENT_MARK, true);
  return to;
}

/**
 * The wait before a retry, without `Retry-After`.
 *
 * @param retry - 0 for the first retry, 1 for the second, …
 * @param options - The retry settings.
 * @param random - A number source in `[0, 1)`, used when `jitter` is on.
 * @returns Milliseconds to wait.
 */
export function backoffDelay(retry: number, options: RetryOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.minDelayMs * options.factor ** retry);
  return options.jitter ? Math.floor(random() * ceiling) : ceiling;
}

/**
 * Frees the body of a response that will not be read. Not awaited: with some stream sources
 * (MSW's, for one) the cancellation never settles.
 *
 * @param response - The response to drop.
 */
export function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

const shouldRetryStatus = (request: Request, status: number): boolean =>
  // A 429 was refused before processing, so even a POST can safely go again.
  status === 429 || (RETRYABLE_SERVER_STATUSES.has(status) && isIdempotent(request));

const describe = (request: Request): string => {
  const url = new URL(request.url);
  // Only method, origin and path: a query string can carry customer data.
  return `${request.method} ${url.origin}${url.pathname}`;
};

/**
 * The message of a request that got no answer. Fetch says no more than "failed": the network, a
 * wrong address, or in a browser a CORS refusal (the server did not allow this origin or these
 * headers, which only the browser's console names) all look the same from here.
 */
const unreachable = (request: Request): string =>
  `Could not reach the service: ${describe(request)} failed without a response. The network may be down or the address wrong; ` +
  'in a browser, the server may also have refused the request by CORS (allowed origin, methods or headers): see the browser console.';

/**
 * Settings of {@link createRetryingFetch}.
 */
export interface RetryingFetchOptions {
  /** The fetch to call; `undefined` looks up `globalThis.fetch` on every call. */
  readonly fetch: FetchFunction | undefined;
  /** Retry settings, or `false` to send each request once. */
  readonly retry: RetryOptions | false;
  /** Clock, sleep and random source for backoff. */
  readonly runtime: Runtime;
}

/**
 * Wraps `fetch` with retries. Retried: network errors (a `TypeError` from fetch) and 500, 502,
 * 503, 504 for idempotent requests; 429 for every request, waiting for `Retry-After` when sent.
 * The request is cloned before each attempt so its body can be sent again. A network error that
 * is not retried becomes a {@link ConnectionError}; aborts are passed through untouched.
 *
 * @param options - Which fetch to wrap and how to retry.
 * @returns A fetch for openapi-fetch's `fetch` option.
 * @throws {@link ConnectionError} when the last attempt fails without a response.
 */
export function createRetryingFetch(options: RetryingFetchOptions): FetchFunction {
  const { retry, runtime } = options;
  // Looked up per call so that interceptors installed after the client was made (MSW) apply.
  const send: FetchFunction = (request, init) =>
    options.fetch ? options.fetch(request, init) : globalThis.fetch(request, init);

  return async (request, init) => {
    for (let attempt = 0; ; attempt++) {
      const mayRetry = retry !== false && attempt < retry.retries;
      let response: Response;
      try {
        response = await send(request.clone(), init);
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        if (mayRetry && isIdempotent(request) && !request.signal.aborted) {
          await runtime.sleep(backoffDelay(attempt, retry, runtime.random), request.signal);
          continue;
        }
        throw new ConnectionError(unreachable(request), { cause: error });
      }
      if (!mayRetry || !shouldRetryStatus(request, response.status)) return response;
      const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'), runtime.now());
      const delay =
        retryAfterMs === undefined
          ? backoffDelay(attempt, retry, runtime.random)
          : Math.min(retryAfterMs, retry.maxDelayMs);
      discard(response);
      await runtime.sleep(delay, request.signal);
    }
  };
}
