/**
 * Size limits of incoming requests (docs/decisions/0011-input-limits.md). Field lengths are not
 * here: they are `maxLength`s in the spec, enforced by the generated schemas.
 */

/**
 * Largest request body the mock reads, in bytes: 10 MiB, the largest body the service
 * documents (code imports). A longer body is refused with 413 `query_too_large` as soon as the
 * excess is seen, from `Content-Length` or while reading; the rest is never read.
 */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Largest request head (request line and headers together) that the HTTP sandbox parses, in
 * bytes: Node's default, stated so that it cannot change under us. A longer head is refused
 * with 431 `request_header_fields_too_large`, so a URL is limited by it too.
 */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * The longest a request may take to arrive, head and body, before the sandbox cuts it: an
 * upload that never ends is not read forever.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * How long the sandbox keeps reading (and dropping) the rest of a body it refused after it has
 * answered, before it closes the connection: long enough for a client still sending to read the
 * answer, short enough that an endless upload does not hold the connection.
 */
export const LINGER_MS = 5_000;

/**
 * Deepest nesting of objects and arrays that a JSON body may have: far deeper than any body of
 * the API (filters and metadata nest a few levels), and shallow enough that checking a body never
 * overflows the call stack. A deeper body is refused with 400 `invalid_payload`.
 */
export const MAX_BODY_DEPTH = 100;
