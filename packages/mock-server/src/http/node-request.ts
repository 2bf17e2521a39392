import type { IncomingMessage } from 'node:http';
import { ApiError } from './api-error.js';
import type { IncomingRequest, RequestBody, RequestBodyReader, RequestHeaders } from './incoming-request.js';

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

/**
 * The headers as Node parsed them, read as fetch's `Headers.get` reads its own: Node has already
 * lower-cased the names, trimmed the values, joined repeated headers and refused any name or value
 * that fetch would refuse, so nothing is copied.
 */
const headersOf = (incoming: IncomingMessage): RequestHeaders => {
  const { headers } = incoming;
  return {
    get: (name) => {
      const value = headers[name.toLowerCase()];
      if (typeof value === 'string') return value;
      return Array.isArray(value) ? value.join(', ') : null;
    },
  };
};

/** How a reader's wait for the next chunk ends. */
interface Waiting {
  readonly resolve: (result: ReadableStreamReadResult<Uint8Array>) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Reads the body one chunk at a time, as the dispatcher asks for it: the socket is read only as
 * fast as the dispatcher reads, and cancelling (a body over the size limit) drops the rest
 * instead of keeping it, so memory stays flat and the 413 can still be written. What fetch's
 * streams would do, without their machinery: a chunk costs a promise.
 */
const readerOf = (incoming: IncomingMessage): RequestBodyReader => {
  // Chunks that came before the dispatcher asked for them (Node pauses after one, so seldom any).
  const queued: Uint8Array[] = [];
  let waiting: Waiting | undefined;
  // How the body ended: `true` read to its end, an error when it broke off.
  let ended: true | Error | undefined;
  const onData = (chunk: Buffer): void => {
    // One chunk at a time: the next is read when the dispatcher asks again.
    incoming.pause();
    if (waiting === undefined) return void queued.push(chunk);
    const { resolve } = waiting;
    waiting = undefined;
    resolve({ done: false, value: chunk });
  };
  const settle = (outcome: true | Error): void => {
    if (ended !== undefined) return;
    ended = outcome;
    incoming.off('data', onData);
    if (waiting === undefined) return;
    const { resolve, reject } = waiting;
    waiting = undefined;
    if (outcome === true) resolve({ done: true, value: undefined });
    else reject(outcome);
  };
  // Paused first: a 'data' listener would otherwise set the body flowing before it is asked for.
  incoming.pause();
  incoming.on('data', onData);
  incoming.once('end', () => settle(true));
  // Kept for good: an 'error' event without a listener would be thrown.
  incoming.on('error', (error) => settle(error));
  incoming.once('close', () => {
    // Made only when it happens: an error captures a stack trace, and every request closes.
    if (ended === undefined) settle(new Error('The connection closed before the body ended.'));
  });
  return {
    read: () => {
      // A body that came whole with its head is in the message's buffer already: read at once
      // (the read hands it to `onData`), without resuming the message and waiting for its events.
      if (queued.length === 0 && ended === undefined && incoming.readableLength > 0) incoming.read();
      const value = queued.shift();
      if (value !== undefined) return Promise.resolve({ done: false, value });
      // All of it read: the message's `end` follows by itself.
      if (ended === undefined && incoming.complete && incoming.readableLength === 0) ended = true;
      if (ended === true) return Promise.resolve({ done: true, value: undefined });
      if (ended !== undefined) return Promise.reject(ended);
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        incoming.resume();
      });
    },
    cancel: () => {
      // The dispatcher needs no more of the body (it is over the limit): read and drop the rest,
      // so the client, still sending, is not stalled and can read the answer.
      ended ??= true;
      queued.length = 0;
      incoming.removeAllListeners('data');
      incoming.resume();
      return Promise.resolve();
    },
  };
};

/** The body, read when the dispatcher reads it (not at all when it does not); null when the request has none. */
const bodyOf = (incoming: IncomingMessage): RequestBody | null => {
  const length = incoming.headers['content-length'];
  if (incoming.headers['transfer-encoding'] === undefined && (length === undefined || Number(length) === 0))
    return null;
  return { getReader: () => readerOf(incoming) };
};

/**
 * Turns a request that Node's HTTP server parsed into what the dispatcher reads, without fetch's
 * `Request`, which refuses methods such as `TRACE`, and its parsed URL. The URL keeps the raw
 * path; the body is streamed on demand.
 *
 * @throws ApiError 400 `bad_request` for a target that is not a path.
 */
export const toIncomingRequest = (
  incoming: IncomingMessage,
  origin: string,
): { readonly request: IncomingRequest; readonly url: URL } => {
  const href = `${origin}${pathOf(incoming.url ?? '/')}`;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw malformed('The request target is not a valid path.');
  }
  return {
    request: { method: incoming.method ?? 'GET', url: href, headers: headersOf(incoming), body: bodyOf(incoming) },
    url,
  };
};
