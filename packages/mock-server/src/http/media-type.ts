import { ApiError } from './api-error.js';
import type { RequestHeaders } from './incoming-request.js';

const unsupported = (details: string): ApiError =>
  new ApiError(415, 'unsupported_media_type', 'Unsupported media type', { details });

/** Header values are echoed in `details`; a few dozen characters are enough to recognise one. */
const shorten = (value: string): string => (value.length > 60 ? `${value.slice(0, 60)}…` : value);

/** The `charset` parameter of a media type, lower-cased and unquoted, if it has one. */
const charsetOf = (parameters: readonly string[]): string | undefined => {
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=');
    if (name.trim().toLowerCase() === 'charset')
      return value
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase();
  }
  return undefined;
};

/**
 * Checks that a request body comes in the one media type the operation takes, as UTF-8 and
 * uncompressed. Parameters are allowed (`application/json; charset=utf-8`); the type is compared
 * without regard to case.
 *
 * @throws ApiError 415 `unsupported_media_type` for a missing or different `Content-Type`, a
 *   charset other than UTF-8, or a `Content-Encoding` other than `identity`.
 */
export const checkMediaType = (headers: RequestHeaders, expected: string): void => {
  const encoding = headers.get('content-encoding');
  if (encoding !== null && encoding.trim().toLowerCase() !== 'identity') {
    throw unsupported(`Content-Encoding ${shorten(encoding)} is not supported; send the body uncompressed.`);
  }
  const contentType = headers.get('content-type');
  if (contentType === null) throw unsupported(`Send the body as ${expected}; the request has no Content-Type.`);
  const [essence = '', ...parameters] = contentType.split(';');
  const type = essence.trim().toLowerCase();
  if (type !== expected) throw unsupported(`Send the body as ${expected}, not ${shorten(type || contentType)}.`);
  const charset = charsetOf(parameters);
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw unsupported(`Send the body as UTF-8, not ${shorten(charset)}.`);
  }
};
