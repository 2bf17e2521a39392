import type { OperationId } from '../generated/routes.js';

/**
 * A failure the next matching requests answer with, instead of reaching the handler.
 *
 * @example
 * const failure: InjectedFailure = { status: 429, retryAfter: 2, operationId: 'listCategories' };
 */
export interface InjectedFailure {
  /** HTTP status to answer with, for example 429, 500 or 503. */
  status: number;
  /** How many requests fail; default 1. */
  times?: number;
  /** Only requests to this operation fail; default any. A typo does not compile. */
  operationId?: OperationId;
  /** Error key; default derived from the status. */
  key?: string;
  /** Error message; default derived from the status. */
  message?: string;
  /** Seconds sent in `Retry-After`. */
  retryAfter?: number;
}

/**
 * Controls for simulating rate limits, maintenance windows and outages in tests. Injected
 * failures answer before authentication, as a gateway would; `MockService.reset()` drops them.
 *
 * @example
 * service.failures.inject({ status: 503, times: 2 });
 * service.failures.clear();
 */
export interface FailureInjector {
  /**
   * Queues a failure; the oldest matching one is used first.
   * @throws RangeError when `times` is not a positive integer.
   */
  inject(failure: InjectedFailure): void;
  /** Drops every queued failure. */
  clear(): void;
}

/** The failure a request is answered with, as the dispatcher takes it from the queue. */
interface TakenFailure {
  status: number;
  key: string;
  message: string;
  retryAfter?: number;
}

/** The injector plus what only the dispatcher may call: taking the failure that applies. */
export interface FailureQueue extends FailureInjector {
  /** Takes the failure that applies to this operation, if any, and counts it down. */
  take(operationId: OperationId): TakenFailure | undefined;
}

const DEFAULTS: Record<number, { key: string; message: string }> = {
  402: { key: 'missing_required_feature', message: 'Missing required feature' },
  429: { key: 'too_many_requests', message: 'Too many requests hit the API too quickly.' },
  500: { key: 'internal_error', message: 'The service is temporarily unavailable (scheduled maintenance).' },
  502: { key: 'bad_gateway', message: 'Bad gateway.' },
  503: { key: 'service_unavailable', message: 'The service is temporarily unavailable.' },
};

/** Creates an empty failure queue. */
export const createFailureQueue = (): FailureQueue => {
  let queue: (InjectedFailure & { remaining: number })[] = [];
  return {
    inject(failure) {
      const times = failure.times ?? 1;
      if (!Number.isInteger(times) || times < 1) throw new RangeError('times must be a positive integer');
      queue.push({ ...failure, remaining: times });
    },
    clear() {
      queue = [];
    },
    take(operationId) {
      const failure = queue.find((entry) => entry.operationId === undefined || entry.operationId === operationId);
      if (!failure) return undefined;
      failure.remaining -= 1;
      if (failure.remaining === 0) queue = queue.filter((entry) => entry !== failure);
      const fallback = DEFAULTS[failure.status] ?? {
        key: 'error',
        message: `Injected failure with status ${failure.status}.`,
      };
      return {
        status: failure.status,
        key: failure.key ?? fallback.key,
        message: failure.message ?? fallback.message,
        ...(failure.retryAfter === undefined ? {} : { retryAfter: failure.retryAfter }),
      };
    },
  };
};
