import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createClient, DEFAULT_BASE_URL, unwrap } from '../src/fetch.js';
import { BASE, CLIENT_AUTH, MANAGEMENT_AUTH, SERVER_AUTH, category, testClient, useServer } from './helpers.js';

const server = useServer();

const captureHeaders = (url = `${BASE}/v1/categories`) => {
  const seen: Headers[] = [];
  server.use(
    http.get(url, ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json({ object: 'list', data_ref: 'data', data: [category(1)], total: 1 });
    }),
  );
  return seen;
};

describe('auth headers', () => {
  it('sends server keys as X-App-Id and X-App-Token', async () => {
    const seen = captureHeaders();
    const { client } = testClient(SERVER_AUTH);
    await unwrap(client.GET('/v1/categories'));
    expect(seen[0]?.get('X-App-Id')).toBe('app-id-1');
    expect(seen[0]?.get('X-App-Token')).toBe('app-token-secret-1');
    expect(seen[0]?.get('Authorization')).toBeNull();
  });

  it('sends client keys and the origin', async () => {
    const seen = captureHeaders();
    const { client } = testClient(CLIENT_AUTH);
    await unwrap(client.GET('/v1/categories'));
    expect(seen[0]?.get('X-Client-Application-Id')).toBe('client-id-1');
    expect(seen[0]?.get('X-Client-Token')).toBe('client-token-secret-1');
    expect(seen[0]?.get('Origin')).toBe('https://shop.test');
    expect(seen[0]?.get('X-App-Token')).toBeNull();
  });

  it('leaves Origin to the runtime when client keys come without one', async () => {
    const seen = captureHeaders();
    const { client } = testClient({ type: 'client', clientAppId: 'client-id-1', clientToken: 'client-token-secret-1' });
    await unwrap(client.GET('/v1/categories'));
    expect(seen[0]?.get('X-Client-Token')).toBe('client-token-secret-1');
    expect(seen[0]?.get('Origin')).toBeNull();
  });

  it('sends management keys', async () => {
    const seen = captureHeaders(`${BASE}/management/v1/projects/:projectId/stacking-rules`);
    const { client } = testClient(MANAGEMENT_AUTH);
    await client.GET('/management/v1/projects/{projectId}/stacking-rules', {
      params: { path: { projectId: 'proj_1' } },
    });
    expect(seen[0]?.get('X-Management-Id')).toBe('mgmt-id-1');
    expect(seen[0]?.get('X-Management-Token')).toBe('mgmt-token-secret-1');
  });

  it('sends the channel, app info and extra headers', async () => {
    const seen = captureHeaders();
    const { client } = testClient(SERVER_AUTH, {
      appInfo: { name: 'shop', version: '1.2.3' },
      headers: { 'X-Extra': 'yes' },
    });
    await unwrap(client.GET('/v1/categories'));
    expect(seen[0]?.get('X-Voucherify-Channel')).toBe('shop/1.2.3 Voucherkit-JS');
    expect(seen[0]?.get('X-Extra')).toBe('yes');
  });
});

describe('createClient', () => {
  it('defaults the base URL to the public service', async () => {
    server.use(
      http.get(`${DEFAULT_BASE_URL}/v1/categories`, () =>
        HttpResponse.json({ object: 'list', data_ref: 'data', data: [], total: 0 }),
      ),
    );
    const client = createClient({ auth: SERVER_AUTH, retry: false });
    const { data } = await client.GET('/v1/categories');
    expect(data?.total).toBe(0);
  });

  it('drops a trailing /v1 or slash from the base URL', async () => {
    const seen = captureHeaders();
    const { client } = testClient(SERVER_AUTH, { baseUrl: `${BASE}/v1/` });
    await unwrap(client.GET('/v1/categories'));
    expect(seen).toHaveLength(1);
  });

  it('looks up globalThis.fetch when a request is sent, not when the client is made', async () => {
    const { client } = testClient(SERVER_AUTH);
    const stub = vi.fn(async (_request: Request) =>
      HttpResponse.json({ object: 'list', data_ref: 'data', data: [], total: 0 }),
    );
    vi.stubGlobal('fetch', stub);
    try {
      await unwrap(client.GET('/v1/categories'));
    } finally {
      vi.unstubAllGlobals();
    }
    expect(stub).toHaveBeenCalledOnce();
    expect(stub.mock.calls[0]?.[0].headers.get('X-App-Id')).toBe('app-id-1');
  });

  it('uses a fetch passed in the options', async () => {
    const custom = vi.fn(async (_request: Request) => HttpResponse.json(category(7)));
    const { client } = testClient(SERVER_AUTH, { fetch: custom });
    const found = await unwrap(
      client.GET('/v1/categories/{categoryId}', { params: { path: { categoryId: 'cat_7' } } }),
    );
    expect(found.id).toBe('cat_7');
    expect(custom.mock.calls[0]?.[0].url).toBe(`${BASE}/v1/categories/cat_7`);
  });

  it('has no token manager for key-based credentials', () => {
    expect(testClient(SERVER_AUTH).client.oauth).toBeUndefined();
  });
});
