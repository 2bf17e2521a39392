import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MockService } from './service.js';

/** Options of {@link listen}. */
export interface ListenOptions {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number;
  /** Interface to bind; default 127.0.0.1 (loopback only). */
  host?: string;
}

/** A mock service served over real HTTP. */
export interface HttpSandbox {
  /** Base URL to give clients and SDKs, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  readonly server: Server;
  /** Stops accepting connections and closes open ones. */
  close(): Promise<void>;
}

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH, OPTIONS',
  'access-control-allow-headers':
    'authorization, content-type, x-app-id, x-app-token, x-client-application-id, x-client-token, x-management-id, x-management-token',
  'access-control-expose-headers': 'retry-after',
};

const toRequest = async (incoming: IncomingMessage, origin: string): Promise<Request> => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = incoming.method ?? 'GET';
  const chunks: Buffer[] = [];
  if (method !== 'GET' && method !== 'HEAD') for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return new Request(new URL(incoming.url ?? '/', origin), {
    method,
    headers,
    ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
  });
};

const send = async (response: Response, outgoing: ServerResponse): Promise<void> => {
  outgoing.writeHead(response.status, { ...Object.fromEntries(response.headers), ...CORS_HEADERS });
  outgoing.end(Buffer.from(await response.arrayBuffer()));
};

/**
 * Serves a mock service over HTTP on loopback, for curl, Postman or the official SDKs of other
 * languages. Answers CORS preflights so browser apps can call it too.
 *
 * @example
 * const sandbox = await listen(createMockService(), { port: 0 });
 * await fetch(`${sandbox.url}/v1/categories`, { headers: { 'X-App-Id': '…', 'X-App-Token': '…' } });
 * await sandbox.close();
 */
export const listen = async (service: MockService, options: ListenOptions = {}): Promise<HttpSandbox> => {
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const server = createServer((incoming, outgoing) => {
    if (incoming.method === 'OPTIONS') {
      outgoing.writeHead(204, CORS_HEADERS).end();
      return;
    }
    toRequest(incoming, origin)
      .then((request) => service.handle(request))
      .then((response) => send(response, outgoing))
      .catch((error: unknown) => {
        outgoing.writeHead(500, { 'content-type': 'application/json', ...CORS_HEADERS });
        outgoing.end(JSON.stringify({ code: 500, key: 'internal_error', message: 'Sandbox failure', details: String(error) }));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host}:${port}`;
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
