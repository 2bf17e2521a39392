import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { ApiError } from './http/api-error.js';
import { CORS_HEADERS, preflightHeaders } from './http/cors.js';
import { LINGER_MS, MAX_HEADER_BYTES, REQUEST_TIMEOUT_MS } from './http/limits.js';
import { toIncomingRequest } from './http/node-request.js';
import { type ParserError, type ParserRefusal, parserRefusal } from './http/parser-refusal.js';
import type { RequestHeaders } from './http/incoming-request.js';
import { type Answer, toApiError } from './http/respond.js';
import { type MockService, fullService } from './service.js';
import { dashboardRoutes } from './sandbox/dashboard-routes.js';

/**
 * Options of {@link listen}.
 *
 * @example
 * ```ts
 * const options: ListenOptions = { port: 0, host: '127.0.0.1' };
 * ```
 */
export interface ListenOptions {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number;
  /** Interface to bind; default 127.0.0.1 (loopback only). */
  host?: string;
}

/**
 * A mock service served over real HTTP.
 *
 * @example
 * ```ts
 * const sandbox: HttpSandbox = await listen(service, { port: 0 });
 * console.log(sandbox.url);
 * ```
 */
export interface HttpSandbox {
  /** Base URL to give clients and SDKs, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  /** The underlying Node HTTP server. */
  readonly server: Server;
  /** Stops accepting connections and closes open ones. */
  close(): Promise<void>;
}

/**
 * The headers an answer goes out with, but its length: its own (by name, in the order a fetch
 * `Headers` lists them), then CORS. Answers share their headers object when they have the same
 * (every plain JSON answer has one), so each shared object is listed and sorted once.
 */
const headersBefore = new WeakMap<object, Readonly<Record<string, string>>>();

const leadingHeaders = (answer: Answer): Readonly<Record<string, string>> => {
  let leading = headersBefore.get(answer.headers);
  if (leading === undefined) {
    const headers: Record<string, string> = {};
    for (const name of Object.keys(answer.headers).sort()) headers[name] = answer.headers[name] as string;
    leading = Object.assign(headers, CORS_HEADERS);
    if (Object.isFrozen(answer.headers)) headersBefore.set(answer.headers, leading);
  }
  return leading;
};

/** The headers an answer goes out with: its own, CORS, and the length of its body in bytes. */
const outgoingHeaders = (answer: Answer, length: number): Record<string, string> => ({
  ...leadingHeaders(answer),
  'content-length': String(length),
});

/** The length of an answer's body in bytes, as UTF-8. */
const byteLength = (answer: Answer): number => (answer.body === null ? 0 : Buffer.byteLength(answer.body));

/**
 * Waits until the client has sent the rest of a body the mock did not read (refused, or over the
 * size limit), dropping it, for at most {@link LINGER_MS}: the client sees the answer first.
 */
const linger = (incoming: IncomingMessage): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(done, LINGER_MS);
    function done(): void {
      clearTimeout(timer);
      resolve();
    }
    incoming.once('end', done);
    incoming.once('close', done);
    incoming.resume();
  });

/**
 * Writes an answer through Node's HTTP server, its body as the text it is (Node encodes it as it
 * writes). When the request's body was not read to its end, the connection closes after the
 * answer (`Connection: close`), but only once the client has sent the rest or {@link LINGER_MS}
 * has passed (a lingering close): closing while the client still sends would reset the
 * connection, and a client busy writing would then never see the answer.
 */
const send = async (answer: Answer, outgoing: ServerResponse, incoming?: IncomingMessage): Promise<void> => {
  const headers = outgoingHeaders(answer, byteLength(answer));
  if (incoming === undefined || incoming.complete) {
    outgoing.writeHead(answer.status, headers);
    return void (answer.body === null ? outgoing.end() : outgoing.end(answer.body));
  }
  outgoing.writeHead(answer.status, { ...headers, connection: 'close' });
  if (answer.body !== null) outgoing.write(answer.body);
  await linger(incoming);
  outgoing.end();
};

/** Writes an answer straight to a socket that has no ServerResponse (parser refusals, CONNECT), then closes it. */
const sendRaw = (answer: Answer, socket: Duplex): void => {
  const body = Buffer.from(answer.body ?? '');
  const headers = { ...outgoingHeaders(answer, body.byteLength), connection: 'close' };
  const head = `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  if (socket.writable) socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  else socket.destroy();
};

/** The headers of a request that has none. */
const NO_HEADERS: RequestHeaders = { get: () => null };

/**
 * Serves a mock service over HTTP on loopback, for curl, Postman or the official SDKs of other
 * languages. Answers CORS preflights so browser apps can call it too. Every refusal, including
 * those of Node's HTTP parser (unknown methods, oversized or malformed heads, `CONNECT`), comes in
 * the service's error body with a request id; request heads are limited to 16 KiB and bodies to
 * 10 MiB; the rest of a refused body is read and dropped, never buffered, and a request that takes
 * longer than 30 s to arrive is cut. Under `/_voucherkit/` it also serves the dashboard (a web
 * page that follows the requests and webhook deliveries live, and shows the data, the clock and
 * the keys) and the control API's event stream.
 *
 * @example
 * const sandbox = await listen(createMockService(), { port: 0 });
 * await fetch(`${sandbox.url}/v1/categories`, { headers: { 'X-App-Id': '…', 'X-App-Token': '…' } });
 * await sandbox.close();
 */
export const listen = async (service: MockService, options: ListenOptions = {}): Promise<HttpSandbox> => {
  // The service's answers before they are fetch Responses: written to the socket as they are.
  const full = fullService(service);
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  // The last response started on each socket. Node writes the responses of one connection in
  // order, so a parser refusal that waits for the last one to close never interleaves with an answer.
  const lastResponse = new WeakMap<Duplex, ServerResponse>();
  const refused = new WeakSet<Duplex>();
  // The dashboard's page and files and the event stream, under the control API's prefix.
  const dashboard = dashboardRoutes(full);

  /** Resolves once the last response started on a socket has closed, at once when it has or there is none. */
  const lastClosed = (socket: Duplex): Promise<void> => {
    const last = lastResponse.get(socket);
    return last === undefined || last.closed
      ? Promise.resolve()
      : new Promise((resolve) => last.once('close', () => resolve()));
  };

  /** Answers a request through the pipeline; whatever it throws is answered as the service's error. */
  const respond = async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    let answered: Answer;
    try {
      const { request, url } = toIncomingRequest(incoming, origin);
      answered = await full.answer(request, url);
    } catch (error) {
      answered = full.refusal(toApiError(error));
    }
    await send(answered, outgoing, incoming);
  };

  /** A request for a method, on no path in particular: the pipeline answers it with 405. */
  const methodOnly = (method: string): Promise<Answer> =>
    full.answer({ method, url: `${origin}/`, headers: NO_HEADERS, body: null });

  const answer = (refusal: ParserRefusal): Promise<Answer> =>
    refusal.kind === 'method' ? methodOnly(refusal.method) : Promise.resolve(full.refusal(refusal.error));

  const server = createServer(
    { maxHeaderSize: MAX_HEADER_BYTES, requestTimeout: REQUEST_TIMEOUT_MS },
    (incoming, outgoing) => {
      if (incoming.method === 'OPTIONS') {
        outgoing.writeHead(204, preflightHeaders(incoming.headers['access-control-request-headers'])).end();
        return;
      }
      if (dashboard(incoming, outgoing)) return;
      lastResponse.set(incoming.socket, outgoing);
      respond(incoming, outgoing).catch(() => outgoing.destroy());
    },
  );
  server.on('checkExpectation', (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const error = new ApiError(417, 'expectation_failed', 'Expectation failed', {
      details: 'Only "Expect: 100-continue" is supported.',
    });
    void send(full.refusal(error), outgoing).catch(() => outgoing.destroy());
  });
  server.on('connect', (incoming: IncomingMessage, socket: Duplex) => {
    void methodOnly(incoming.method ?? 'CONNECT')
      .then((response) => sendRaw(response, socket))
      .catch(() => socket.destroy());
  });
  server.on('clientError', (error: ParserError, socket: Duplex) => {
    if (refused.has(socket) || !socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    refused.add(socket);
    void lastClosed(socket)
      .then(() => answer(parserRefusal(error)))
      .then((response) => sendRaw(response, socket))
      .catch(() => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  // An IPv6 address goes in brackets in a URL.
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: origin,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
