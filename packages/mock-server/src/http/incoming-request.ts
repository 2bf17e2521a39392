/**
 * What the pipeline reads of a request's headers: the value of one by its name, in any case, or
 * `null`. A fetch `Headers` is one; the HTTP sandbox reads the headers Node parsed as they are.
 */
export type RequestHeaders = Pick<Headers, 'get'>;

/** Reads a request body: the next chunk, or no more of it. A fetch `ReadableStream`'s reader is one. */
export interface RequestBodyReader {
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  cancel(): Promise<void>;
}

/** A request body, read chunk by chunk when the dispatcher needs it. A fetch `ReadableStream` is one. */
export interface RequestBody {
  getReader(): RequestBodyReader;
}

/**
 * What the dispatcher reads of a request. A fetch `Request` is one; the HTTP sandbox builds its
 * own, because fetch refuses methods such as `TRACE` that a client may still send over HTTP and
 * that must be answered with 405 like any other unknown method, and because the headers and the
 * body Node parsed serve as they are.
 */
export interface IncomingRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: RequestHeaders;
  readonly body: RequestBody | null;
}
