/**
 * Reads a `Retry-After` header value, given either as delay seconds (`"2"`) or as an HTTP date
 * (`"Wed, 21 Oct 2026 07:28:00 GMT"`).
 *
 * @param value - The header value, or `null` when the header is absent.
 * @param nowMs - The current time in milliseconds, to turn a date into a delay.
 * @returns The delay in milliseconds (never negative), or `undefined` when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
