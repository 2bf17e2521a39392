/**
 * What the dispatcher reads of a request. A fetch `Request` is one; the HTTP sandbox builds its
 * own, because fetch refuses methods such as `TRACE` that a client may still send over HTTP and
 * that must be answered with 405 like any other unknown method.
 */
export type IncomingRequest = Pick<Request, 'method' | 'url' | 'headers' | 'body'>;
