/**
 * Per-call options of the resource API's methods (`client.vouchers.get(code, options)`).
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * await client.vouchers.get('SUMMER10', { signal: controller.signal, headers: { 'X-Request-Tag': 'checkout' } });
 * ```
 */
export interface CallOptions {
  /** Extra headers for this request. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** Aborts the request (and any retry wait) when it fires. */
  readonly signal?: AbortSignal | undefined;
  /** Lets a non-idempotent request be retried after a network error or 5xx. */
  readonly idempotent?: boolean | undefined;
}
