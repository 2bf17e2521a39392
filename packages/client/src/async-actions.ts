import type { Client } from 'openapi-fetch';
import { VoucherkitError } from './errors.js';
import type { components, paths } from './generated/schema.js';
import { defaultRuntime, type Sleep } from './runtime.js';
import { unwrap } from './unwrap.js';

/**
 * A bulk job as `GET /v1/async-actions/{asyncActionId}` returns it.
 *
 * @example
 * ```ts
 * const action: AsyncAction = await client.waitForAsyncAction('aa_123');
 * ```
 */
export type AsyncAction = components['schemas']['AsyncAction'];

/**
 * Thrown by `client.waitForAsyncAction` when the job ends `FAILED`; `action` holds its record,
 * including `result.failed`.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof AsyncActionFailedError) console.warn(error.action.result?.failed); }
 * ```
 */
export class AsyncActionFailedError extends VoucherkitError {
  override readonly name: string = 'AsyncActionFailedError';
  /** The failed job. */
  readonly action: AsyncAction;

  /** @param action - The job record, with status `FAILED`. */
  constructor(action: AsyncAction) {
    const summary = action.result?.message;
    super(`Async action ${action.id} (${action.type}) failed${summary ? `: ${summary}` : ''}`);
    this.action = action;
  }
}

/**
 * Thrown by `client.waitForAsyncAction` when the job has not finished within `timeoutMs`;
 * `action` holds the last record read.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof AsyncActionTimeoutError) console.warn(error.action.progress); }
 * ```
 */
export class AsyncActionTimeoutError extends VoucherkitError {
  override readonly name: string = 'AsyncActionTimeoutError';
  /** The job as last seen, still `ENQUEUED` or `IN_PROGRESS`. */
  readonly action: AsyncAction;

  /**
   * @param action - The last record read.
   * @param timeoutMs - How long was waited.
   */
  constructor(action: AsyncAction, timeoutMs: number) {
    super(
      `Async action ${action.id} (${action.type}) did not finish within ${timeoutMs} ms; last status ${action.status}`,
    );
    this.action = action;
  }
}

/**
 * Options of `client.waitForAsyncAction`.
 *
 * @example
 * ```ts
 * const options: WaitForAsyncActionOptions = { intervalMs: 500, timeoutMs: 30_000, signal: AbortSignal.timeout(60_000) };
 * ```
 */
export interface WaitForAsyncActionOptions {
  /** Wait between two reads, in milliseconds. Default: 1 000. */
  readonly intervalMs?: number | undefined;
  /** Give up after this many milliseconds. Default: 60 000. */
  readonly timeoutMs?: number | undefined;
  /** Stops waiting (and the running request); the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /** Replaces the timer, for tests. */
  readonly sleep?: Sleep | undefined;
  /** Replaces the clock (milliseconds since the epoch), for tests. */
  readonly now?: (() => number) | undefined;
}

/**
 * Polls an async action until it ends. Reads it at once, then every `intervalMs`, and makes a
 * last read at the deadline.
 *
 * @param client - A client made by `createClient` (or any openapi-fetch client of these paths).
 * @param asyncActionId - The id from a bulk operation's `async_action_id`.
 * @param options - Interval, timeout and cancellation.
 * @returns The job record once its status is `DONE`.
 * @throws {@link AsyncActionFailedError} when the status becomes `FAILED`.
 * @throws {@link AsyncActionTimeoutError} when it has not finished within `timeoutMs`.
 * @throws {@link VoucherkitError} when a read fails; the signal's reason when aborted.
 */
export async function waitForAsyncAction(
  client: Client<paths>,
  asyncActionId: string,
  options: WaitForAsyncActionOptions = {},
): Promise<AsyncAction> {
  const { intervalMs = 1000, timeoutMs = 60_000, signal } = options;
  const sleep = options.sleep ?? defaultRuntime.sleep;
  const now = options.now ?? defaultRuntime.now;
  const start = now();
  for (;;) {
    signal?.throwIfAborted();
    const action = await unwrap(
      client.GET('/v1/async-actions/{asyncActionId}', {
        params: { path: { asyncActionId } },
        ...(signal === undefined ? {} : { signal }),
      }),
    );
    if (action.status === 'DONE') return action;
    if (action.status === 'FAILED') throw new AsyncActionFailedError(action);
    const remaining = timeoutMs - (now() - start);
    if (remaining <= 0) throw new AsyncActionTimeoutError(action, timeoutMs);
    await sleep(Math.min(intervalMs, remaining), signal);
  }
}
