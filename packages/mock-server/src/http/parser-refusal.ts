import { ApiError } from './api-error.js';
import { MAX_HEADER_BYTES } from './limits.js';

/** The fields of the error that Node's HTTP server reports with `clientError`. */
export interface ParserError extends Error {
  code?: string;
  reason?: string;
  rawPacket?: Buffer;
  bytesParsed?: number;
}

/**
 * How the sandbox answers a request that Node's HTTP parser refused: a method it does not know
 * goes through the pipeline like `TRACE` (405 with `Allow`); anything else is an error of its own.
 */
export type ParserRefusal = { kind: 'method'; method: string } | { kind: 'error'; error: ApiError };

// An RFC 9110 token: anything else in the method position is not HTTP at all (a TLS handshake, say).
const METHOD_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}$/;

/** The method of the request the parser stopped in; pipelined requests may precede it in the packet. */
const methodOf = (error: ParserError): string | undefined => {
  const packet = error.rawPacket?.toString('latin1') ?? '';
  const start = packet.lastIndexOf('\n', Math.max(0, (error.bytesParsed ?? 0) - 1)) + 1;
  const method = packet.slice(start).split(' ', 1)[0] ?? '';
  return METHOD_TOKEN.test(method) ? method : undefined;
};

const refusal = (status: number, key: string, message: string, details: string): ParserRefusal => ({
  kind: 'error',
  error: new ApiError(status, key, message, { details }),
});

/**
 * Maps a `clientError` of Node's HTTP server to the service's answer, in place of Node's bare
 * 400, 408, 413 and 431 responses that have no body.
 */
export const parserRefusal = (error: ParserError): ParserRefusal => {
  switch (error.code) {
    case 'HPE_INVALID_METHOD': {
      const method = methodOf(error);
      if (method !== undefined) return { kind: 'method', method };
      break;
    }
    case 'HPE_HEADER_OVERFLOW':
      return refusal(
        431,
        'request_header_fields_too_large',
        'Request header fields too large',
        `The request line and headers together must fit in ${MAX_HEADER_BYTES} bytes.`,
      );
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return refusal(413, 'query_too_large', 'Request too large', 'The chunk extensions of the body are too long.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'HPE_HEADERS_TIMEOUT':
      return refusal(408, 'request_timeout', 'Request timeout', 'The request did not arrive in time.');
    default:
      break;
  }
  const reason = error.reason ?? error.message;
  return refusal(
    400,
    'bad_request',
    'Malformed HTTP request',
    `The request is not valid HTTP/1.1: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}.`,
  );
};
