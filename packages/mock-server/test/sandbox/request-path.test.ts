/**
 * The sandbox's own request path: it reads the headers and the body Node parsed as they are and
 * writes the service's answers to the socket without fetch's `Request` and `Response`. Whatever
 * it saves, an answer over HTTP must be the one `service.handle` gives for the same request (the
 * same status, headers and body bytes, plus CORS and the length), and what the journal keeps of a
 * request must be what was sent.
 */
import { Agent, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { type HttpSandbox, listen } from '../../src/node.js';
import { type FullMockService, createMockService, fullService } from '../../src/service.js';

let sandbox: HttpSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** A service in a known state: a frozen clock, a category and a voucher without a redemption limit. */
const arranged = (): FullMockService => {
  const service = fullService(
    createMockService({ seed: 'request-path', strict: true, clock: { frozenAt: '2026-01-01T00:00:00.000Z' } }),
  );
  service.projects.primary.state.categories.create({ name: 'Shoes', hierarchy: 1 });
  service.projects.primary.state.vouchers.create({
    code: 'UNLIMITED',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
  });
  return service;
};

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  /** The body, written in these pieces (chunked when there are several). */
  readonly body?: string | readonly string[];
}

interface Received {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** Header names in the order they came. */
  readonly names: readonly string[];
  readonly body: Buffer;
}

/** Sends a request over a connection of an agent (`agent` keeps it open for the next one). */
const send = (url: string, sent: Sent, agent: Agent | false = false): Promise<Received> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const request = httpRequest(
      { host: hostname, port, method: sent.method, path: sent.path, headers: sent.headers ?? {}, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            names: response.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase()),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.once('error', reject);
    const pieces = sent.body === undefined ? [] : typeof sent.body === 'string' ? [sent.body] : sent.body;
    if (pieces.length === 0) return void request.end();
    if (pieces.length === 1) {
      request.setHeader('content-length', Buffer.byteLength(pieces[0] as string));
      return void request.end(pieces[0]);
    }
    // Pieces of a chunked body go out apart, each in its own write after the one before.
    const writeFrom = (index: number): void => {
      if (index === pieces.length) return void request.end();
      request.write(pieces[index] as string, () => setTimeout(() => writeFrom(index + 1), 5));
    };
    writeFrom(0);
  });

/** What `service.handle` answers for the same request, through fetch's `Request` and `Response`. */
const handled = async (service: FullMockService, sent: Sent) => {
  const body = sent.body === undefined ? undefined : typeof sent.body === 'string' ? sent.body : sent.body.join('');
  const response = await service.handle(
    new Request(`${service.baseUrl}${sent.path}`, {
      method: sent.method,
      headers: sent.headers ?? {},
      ...(body === undefined ? {} : { body }),
    }),
  );
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
};

const keys = (service: FullMockService): Record<string, string> => {
  const { appId, appToken } = service.projects.primary.keys;
  return { 'X-App-Id': appId, 'X-App-Token': appToken };
};

describe('the sandbox answers as service.handle does', () => {
  test('the same status, headers and body bytes, for answers, refusals, empty answers and the control API', async () => {
    // Two services in the same state draw the same request ids: one answers over HTTP, the other through handle.
    const overHttp = arranged();
    const direct = arranged();
    sandbox = await listen(overHttp, { port: 0 });
    const [category] = overHttp.projects.primary.state.categories.list();
    const server = keys(overHttp);
    const json = { ...server, 'Content-Type': 'application/json' };
    const management = {
      'X-Management-Id': overHttp.management.managementId,
      'X-Management-Token': overHttp.management.managementToken,
    };
    const requests: readonly Sent[] = [
      { method: 'GET', path: `/v1/categories/${category?.id}`, headers: server },
      { method: 'GET', path: '/v1/categories/cat_missing', headers: server },
      { method: 'GET', path: '/v1/categories' },
      { method: 'PATCH', path: '/v1/vouchers/import', headers: server },
      { method: 'GET', path: '/v1/nothing-here', headers: server },
      {
        method: 'POST',
        path: '/v1/vouchers/UNLIMITED/redemption',
        headers: json,
        body: JSON.stringify({ customer: { source_id: 'ana' }, order: { amount: 5000 } }),
      },
      { method: 'POST', path: '/v1/vouchers/UNLIMITED/redemption', headers: json, body: '{"order":' },
      { method: 'DELETE', path: `/v1/categories/${category?.id}`, headers: server },
      { method: 'GET', path: '/_voucherkit/clock', headers: management },
      { method: 'POST', path: '/_voucherkit/jobs/run', headers: management },
    ];
    for (const sent of requests) {
      const expected = await handled(direct, sent);
      const received = await send(sandbox.url, sent);
      expect(received.status, `${sent.method} ${sent.path}`).toBe(expected.status);
      expect(received.body.toString('utf8')).toBe(expected.body);
      // The answer's own headers in the order fetch's Headers lists them, then CORS and the length.
      expect(received.names.slice(0, received.names.indexOf('content-length') + 1)).toEqual([
        ...Object.keys(expected.headers),
        'access-control-allow-origin',
        'access-control-expose-headers',
        'content-length',
      ]);
      for (const [name, value] of Object.entries(expected.headers)) expect(received.headers[name]).toBe(value);
      expect(received.headers['content-length']).toBe(String(received.body.byteLength));
    }
    // An injected failure's Retry-After goes out too.
    overHttp.failures.inject({ status: 429, retryAfter: 7 });
    const limited = await send(sandbox.url, { method: 'GET', path: '/v1/categories', headers: server });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');
  });

  test('a body of text beyond ASCII goes out whole, its length counted in bytes', async () => {
    const service = arranged();
    sandbox = await listen(service, { port: 0 });
    const created = await send(sandbox.url, {
      method: 'POST',
      path: '/v1/categories',
      headers: { ...keys(service), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Chaussures d’été 👟', hierarchy: 2 }),
    });
    expect(created.status).toBe(200);
    expect(created.headers['content-length']).toBe(String(created.body.byteLength));
    expect((JSON.parse(created.body.toString('utf8')) as { name: string }).name).toBe('Chaussures d’été 👟');
  });
});

describe('what the sandbox reads of a request', () => {
  test('the journal keeps the body sent and the answer received, read after the request', async () => {
    const service = arranged();
    sandbox = await listen(service, { port: 0 });
    const body = { customer: { source_id: 'ana' }, order: { amount: 5000 }, metadata: { note: 'été' } };
    const received = await send(sandbox.url, {
      method: 'POST',
      path: '/v1/vouchers/UNLIMITED/redemption',
      headers: { ...keys(service), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const [call] = service.journal.calls('redeemVoucher');
    expect(call?.body).toEqual(body);
    expect(call?.params).toEqual({ code: 'UNLIMITED' });
    expect(call?.principal).toBe('server');
    expect(call?.status).toBe(200);
    expect(call?.url).toBe(`${sandbox.url}/v1/vouchers/UNLIMITED/redemption`);
    expect(call?.response).toEqual(JSON.parse(received.body.toString('utf8')));
    expect(service.tally.get('redeemVoucher')).toEqual({ count: 1, statuses: { '200': 1 }, errorKeys: {} });
  });

  test('header names in any case, as Node parsed them', async () => {
    const service = arranged();
    sandbox = await listen(service, { port: 0 });
    const { appId, appToken } = service.projects.primary.keys;
    const received = await send(sandbox.url, {
      method: 'GET',
      path: '/v1/categories',
      headers: { 'X-APP-ID': appId, 'x-app-token': appToken },
    });
    expect(received.status).toBe(200);
  });

  test('a body sent in pieces is read whole', async () => {
    const service = arranged();
    sandbox = await listen(service, { port: 0 });
    const text = JSON.stringify({ customer: { source_id: 'ana' }, order: { amount: 5000 } });
    const pieces = [text.slice(0, 5), text.slice(5, 20), text.slice(20, 21), text.slice(21)];
    const received = await send(sandbox.url, {
      method: 'POST',
      path: '/v1/vouchers/UNLIMITED/redemption',
      headers: { ...keys(service), 'Content-Type': 'application/json' },
      body: pieces,
    });
    expect(received.status).toBe(200);
    expect(service.journal.calls('redeemVoucher')[0]?.body).toEqual(JSON.parse(text));
  });

  test('a body the operation does not read is dropped, and the sandbox serves the next request', async () => {
    const service = arranged();
    sandbox = await listen(service, { port: 0 });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const headers = { ...keys(service), 'Content-Type': 'application/json' };
      const unread = { method: 'GET', path: '/v1/categories', headers, body: '{"unread":true}' };
      expect((await send(sandbox.url, unread, agent)).status).toBe(200);
      expect((await send(sandbox.url, { method: 'GET', path: '/v1/categories', headers }, agent)).status).toBe(200);
      expect(service.journal.calls('listCategories').map((call) => call.body)).toEqual([undefined, undefined]);
    } finally {
      agent.destroy();
    }
  });
});
