import { ApiError } from './api-error.js';
import type { IncomingRequest, RequestBodyReader } from './incoming-request.js';
import { MAX_BODY_BYTES } from './limits.js';

// Without `stream`, each decode starts afresh, so one decoder serves every request.
const utf8 = new TextDecoder('utf-8', { fatal: true });

const tooLarge = (limit: number): ApiError =>
  new ApiError(413, 'query_too_large', 'Request too large', {
    details: `The request body is larger than ${limit} bytes.`,
  });

/**
 * Whether the request carries a body at all. `Content-Length: 0` counts as none, so an empty
 * request needs no `Content-Type`.
 */
export const hasBody = (request: IncomingRequest): boolean =>
  request.body !== null && request.headers.get('content-length')?.trim() !== '0';

/**
 * Reads a request body as bytes, never holding more than `limit` bytes: a larger
 * `Content-Length` is refused before reading, and reading stops (the stream is cancelled) as
 * soon as the body grows past the limit.
 *
 * @throws ApiError 413 `query_too_large` over the limit; 400 `invalid_payload` for a body that
 *   breaks off.
 */
export const readBodyBytes = async (
  request: IncomingRequest,
  limit = MAX_BODY_BYTES,
): Promise<Uint8Array<ArrayBuffer>> => {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) throw tooLarge(limit);
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await nextChunk(reader); !chunk.done; chunk = await nextChunk(reader)) {
    size += chunk.value.byteLength;
    if (size > limit) {
      // Cancelling stops the source: the HTTP sandbox then drops the rest of the body.
      void reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(chunk.value);
  }
  // A body read in one chunk (most are) is that chunk, not a copy of it.
  if (chunks.length === 1) return chunks[0] as Uint8Array<ArrayBuffer>;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
};

/**
 * Reads a request body as UTF-8 text, within the same limit as {@link readBodyBytes}.
 *
 * @throws ApiError 413 `query_too_large` over the limit; 400 `invalid_payload` for bytes that
 *   are not UTF-8 or a body that breaks off.
 */
export const readBodyText = async (request: IncomingRequest, limit = MAX_BODY_BYTES): Promise<string> => {
  try {
    return utf8.decode(await readBodyBytes(request, limit));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw ApiError.invalidPayload('The request body is not valid UTF-8.');
  }
};

const nextChunk = async (reader: RequestBodyReader): Promise<ReadableStreamReadResult<Uint8Array>> => {
  try {
    return await reader.read();
  } catch {
    throw ApiError.invalidPayload('The request body could not be read to its end.');
  }
};
