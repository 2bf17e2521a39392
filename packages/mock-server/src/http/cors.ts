/**
 * Cross-origin answers of the HTTP sandbox, so that a web app in development can call it from
 * its own origin with client-side keys (or any keys).
 */

/**
 * The request headers that Voucherkit's client and the official SDKs send: the keys of every
 * security scheme, the channel and API version, the client-side double opt-in, and the usual
 * content headers. A preflight that names other headers gets those named back (below).
 */
const KNOWN_HEADERS: readonly string[] = [
  'accept',
  'authorization',
  'content-type',
  'x-app-id',
  'x-app-token',
  'x-client-application-id',
  'x-client-token',
  'x-management-id',
  'x-management-token',
  'x-voucherify-api-version',
  'x-voucherify-channel',
  'x-voucherify-double-opt-in',
  'x-voucherify-oauth',
];

/** The headers of every answer: any origin may read it, and these headers of it. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  // What clients read of an answer: the wait before a retry, and the methods of a 405.
  'access-control-expose-headers': 'retry-after, allow',
};

/** How long a browser may keep a preflight's answer, in seconds (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE = '7200';

/**
 * The answer to a CORS preflight (`OPTIONS`): every method of the API, and the headers the
 * browser asks for. A sandbox is a development tool, so it allows whatever headers a page's
 * client adds (an app's own tracing headers too), and the known ones when the browser names none.
 *
 * @param requested - The preflight's `Access-Control-Request-Headers`, if any.
 * @returns The headers of the 204 answer.
 */
export const preflightHeaders = (requested: string | undefined): Record<string, string> => {
  const asked = (requested ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  return {
    ...CORS_HEADERS,
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH, OPTIONS',
    'access-control-allow-headers': [...new Set([...KNOWN_HEADERS, ...asked])].join(', '),
    'access-control-max-age': PREFLIGHT_MAX_AGE,
    vary: 'Access-Control-Request-Headers',
  };
};
