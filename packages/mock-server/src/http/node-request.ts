import type { IncomingMessage } from 'node:http';
import { ApiError } from './api-error.js';
import type { IncomingRequest } from './incoming-request.js';

const malformed = (details: string): ApiError =>
  new ApiError(400, 'bad_request', 'Malformed HTTP request', { details });

/**
 * The path and query of a request target, kept exactly as sent: `//v1/categories` is a path,
 * not a host named `v1` (which `new URL(target, origin)` would make of it). A target in absolute
 * form (`http://host/v1/…`, as proxies send it) gives its path; anything else is refused.
 */
const pathOf = (target: string): string => {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    if (url.protocol === 'http:' || url.protocol === 'https:') return `${url.pathname}${url.search}`;
  } catch {
    // Not an absolute URL either: refused below.
  }
  throw malformed('The request target must be a path such as /v1/categories.');
};

const headersOf = (incoming: IncomingMessage): Headers => {
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
  } catch {
    throw malformed('A header value is not valid.');
  }
  return headers;
};

/**
 * The body as a pull stream: the socket is read only as fast as the dispatcher reads the stream,
 * and cancelling the stream (a body over the size limit) drops the rest instead of keeping it,
 * so memory stays flat and the 413 can still be written. Null when the request has no body.
 */
const bodyOf = (incoming: IncomingMessage): ReadableStream<Uint8Array<ArrayBuffer>> | null => {
  const length = incoming.headers['content-length'];
  if (incoming.headers['transfer-encoding'] === undefined && (length === undefined || Number(length) === 0))
    return null;
  let settled = false;
  const source: UnderlyingDefaultSource<Uint8Array<ArrayBuffer>> = {
    start(controller) {
      const onData = (chunk: Buffer): void => {
        // One chunk at a time: the next is read when the dispatcher pulls again.
        incoming.pause();
        if (!settled) controller.enqueue(new Uint8Array(chunk));
      };
      const settle = (finish: () => void): void => {
        if (settled) return;
        settled = true;
        incoming.off('data', onData);
        finish();
      };
      incoming.pause();
      incoming.on('data', onData);
      incoming.once('end', () => settle(() => controller.close()));
      // Kept for good: an 'error' event without a listener would be thrown.
      incoming.on('error', (error) => settle(() => controller.error(error)));
      incoming.once('close', () =>
        settle(() => controller.error(new Error('The connection closed before the body ended.'))),
      );
    },
    pull() {
      incoming.resume();
    },
    cancel() {
      // The dispatcher needs no more of the body (it is over the limit): read and drop the rest,
      // so the client, still sending, is not stalled and can read the answer.
      settled = true;
      incoming.removeAllListeners('data');
      incoming.resume();
    },
  };
  // High-water mark 0: nothing is read ahead, so a body refused from its Content-Length (or never
  // needed by the operation) is not read at all.
  return new ReadableStream(source, { highWaterMark: 0 });
};

/**
 * Turns a request that Node's HTTP server parsed into what the dispatcher reads, without fetch's
 * `Request`, which refuses methods such as `TRACE`. The URL keeps the raw path; the body is
 * streamed on demand.
 *
 * @throws ApiError 400 `bad_request` for a target that is not a path, or a header fetch cannot hold.
 */
export const toIncomingRequest = (incoming: IncomingMessage, origin: string): IncomingRequest => {
  const url = `${origin}${pathOf(incoming.url ?? '/')}`;
  if (!URL.canParse(url)) throw malformed('The request target is not a valid path.');
  return { method: incoming.method ?? 'GET', url, headers: headersOf(incoming), body: bodyOf(incoming) };
};
