/**
 * Waits `ms` milliseconds, or rejects with the signal's reason as soon as `signal` aborts.
 *
 * @param ms - How long to wait, in milliseconds.
 * @param signal - Cancels the wait.
 * @returns A promise that settles when the time is up.
 * @example
 * ```ts
 * const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
 * ```
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * The sources of time and randomness that the client uses for backoff, token expiry and
 * polling. Tests replace them to make delays and expiries exact.
 */
export interface Runtime {
  /** Waits a number of milliseconds; rejects with the signal's reason when it aborts. */
  readonly sleep: Sleep;
  /** Current time in milliseconds since the Unix epoch. */
  readonly now: () => number;
  /** A number in `[0, 1)`, used for backoff jitter. */
  readonly random: () => number;
}

/**
 * Real timers: `setTimeout`, `Date.now` and `Math.random`.
 */
export const defaultRuntime: Runtime = {
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
  now: () => Date.now(),
  random: () => Math.random(),
};
