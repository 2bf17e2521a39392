/**
 * A static file server for a built site, on a free loopback port: what a host serves, for a check
 * to open in a browser. GET and HEAD only; a path outside the directory or without a file is 404.
 */
import { readFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

/** Content types of the files a typedoc site holds. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
};

/** A served directory: its origin (`http://127.0.0.1:<port>`) and how to stop serving it. */
export interface ServedDirectory {
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves `dir` on 127.0.0.1 at a port the system picks; `/` is `index.html`. */
export const serveDirectory = async (dir: string): Promise<ServedDirectory> => {
  const root = resolve(dir);
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = resolve(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !file.startsWith(root + sep)) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', done);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server reported no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
};
