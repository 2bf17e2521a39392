import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AuthenticationError, ConfigurationError, createClient, unwrap } from '../src/fetch.js';
import { formatScopes } from '../src/oauth-token-manager.js';
import { BASE, OAUTH_AUTH, T0, category, errorBody, testClient, useServer } from './helpers.js';

const server = useServer();

/** A token endpoint that issues tok-1, tok-2, … valid for `lifetimeS` seconds from `now()`. */
const tokenEndpoint = (now: () => number, lifetimeS = 900) => {
  const requests: { headers: Headers; form: URLSearchParams }[] = [];
  server.use(
    http.post(`${BASE}/v1/oauth/token`, async ({ request }) => {
      requests.push({ headers: request.headers, form: new URLSearchParams(await request.text()) });
      return HttpResponse.json({
        access_token: `tok-${requests.length}`,
        client_id: 'client-1',
        expires_at: Math.floor(now() / 1000) + lifetimeS,
        expires_in: lifetimeS,
        scope: 'categories async-actions',
        token_type: 'Bearer',
      });
    }),
  );
  return requests;
};

/** A categories endpoint that accepts only the given bearer tokens and records what it saw. */
const categoriesEndpoint = (valid: (token: string) => boolean) => {
  const seen: string[] = [];
  server.use(
    http.get(`${BASE}/v1/categories/:id`, ({ request, params }) => {
      const token = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
      seen.push(token);
      if (!valid(token)) return HttpResponse.json(errorBody(401, 'unauthorized', 'Unauthorized'), { status: 401 });
      return HttpResponse.json(category(Number(String(params['id']).replace('cat_', ''))));
    }),
  );
  return seen;
};

const get = (client: ReturnType<typeof testClient<typeof OAUTH_AUTH>>['client'], n = 1) =>
  unwrap(client.GET('/v1/categories/{categoryId}', { params: { path: { categoryId: `cat_${n}` } } }));

describe('OAuth token manager', () => {
  it('requests a token with the app keys and a form body, and sends it as a bearer token', async () => {
    const { client, runtime } = testClient(OAUTH_AUTH);
    const tokenRequests = tokenEndpoint(runtime.now);
    const seen = categoriesEndpoint(() => true);
    await get(client);
    expect(tokenRequests).toHaveLength(1);
    const [first] = tokenRequests;
    expect(first?.headers.get('X-App-Id')).toBe('app-id-1');
    expect(first?.headers.get('X-App-Token')).toBe('app-token-secret-1');
    expect(first?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(first?.headers.get('Authorization')).toBeNull();
    expect(first?.form.get('grant_type')).toBe('client_credentials');
    expect(first?.form.get('scope')).toBe('categories async-actions');
    expect(seen).toEqual(['tok-1']);
  });

  it('fetches one token for many concurrent calls', async () => {
    const { client, runtime } = testClient(OAUTH_AUTH);
    const tokenRequests = tokenEndpoint(runtime.now);
    const seen = categoriesEndpoint(() => true);
    await Promise.all([1, 2, 3, 4, 5].map((n) => get(client, n)));
    expect(tokenRequests).toHaveLength(1);
    expect(new Set(seen)).toEqual(new Set(['tok-1']));
  });

  it('reuses the token until the safety margin before expiry, then renews it', async () => {
    const { client, runtime } = testClient(OAUTH_AUTH);
    const tokenRequests = tokenEndpoint(runtime.now, 900);
    const seen = categoriesEndpoint(() => true);
    await get(client);
    runtime.advance(839_000); // 61 s left: still outside the default 60 s margin
    await get(client);
    runtime.advance(2_000); // 59 s left: inside the margin
    await get(client);
    expect(tokenRequests).toHaveLength(2);
    expect(seen).toEqual(['tok-1', 'tok-1', 'tok-2']);
  });

  it('takes a configurable margin', async () => {
    const { client, runtime } = testClient({ ...OAUTH_AUTH, refreshMarginMs: 300_000 });
    const tokenRequests = tokenEndpoint(runtime.now, 900);
    categoriesEndpoint(() => true);
    await get(client);
    runtime.advance(599_000);
    await get(client);
    expect(tokenRequests).toHaveLength(1);
    runtime.advance(2_000);
    await get(client);
    expect(tokenRequests).toHaveLength(2);
  });

  it('uses the earlier of expires_at and the local clock plus expires_in', async () => {
    const { client, runtime } = testClient(OAUTH_AUTH);
    server.use(
      http.post(`${BASE}/v1/oauth/token`, () =>
        // The server clock runs 10 minutes behind: expires_at alone would look valid for 25 minutes.
        HttpResponse.json({
          access_token: 'tok-skewed',
          client_id: 'c',
          expires_at: Math.floor((T0 + 900_000) / 1000) + 600,
          expires_in: 900,
          scope: 'categories',
          token_type: 'Bearer',
        }),
      ),
    );
    categoriesEndpoint(() => true);
    const token = await client.oauth.getToken();
    expect(token.access_token).toBe('tok-skewed');
    runtime.advance(841_000);
    let renewed = false;
    server.use(
      http.post(`${BASE}/v1/oauth/token`, () => {
        renewed = true;
        return HttpResponse.json({ ...token, access_token: 'tok-next' });
      }),
    );
    await client.oauth.getToken();
    expect(renewed).toBe(true);
  });

  it('renews the token once and replays the request (with its body) after a 401', async () => {
    const { client, runtime } = testClient(OAUTH_AUTH);
    const tokenRequests = tokenEndpoint(runtime.now);
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/v1/categories`, async ({ request }) => {
        bodies.push(await request.json());
        if (request.headers.get('Authorization') !== 'Bearer tok-2') {
          return HttpResponse.json(errorBody(401, 'unauthorized', 'Unauthorized'), { status: 401 });
        }
        return HttpResponse.json(category(3));
      }),
    );
    const created = await unwrap(client.POST('/v1/categories', { body: { name: 'Category 3', hierarchy: 3 } }));
    expect(created.id).toBe('cat_3');
    expect(tokenRequests).toHaveLength(2);
    expect(bodies).toEqual([
      { name: 'Category 3', hierarchy: 3 },
      { name: 'Category 3', hierarchy: 3 },
    ]);
  });

  it('gives up after one renewal when the new token is refused too', async () => {
    const { client, runtime } = testClient(OAUTH_AUTH);
    const tokenRequests = tokenEndpoint(runtime.now);
    const seen = categoriesEndpoint(() => false);
    await expect(get(client)).rejects.toBeInstanceOf(AuthenticationError);
    expect(tokenRequests).toHaveLength(2);
    expect(seen).toEqual(['tok-1', 'tok-2']);
  });

  it('renews once for many parallel 401s', async () => {
    const { client, runtime } = testClient(OAUTH_AUTH);
    const tokenRequests = tokenEndpoint(runtime.now);
    categoriesEndpoint((token) => token === 'tok-2');
    await client.oauth.getToken();
    await Promise.all([1, 2, 3].map((n) => get(client, n)));
    expect(tokenRequests).toHaveLength(2);
  });

  it('revokes the token with a form body and forgets it', async () => {
    const { client, runtime } = testClient(OAUTH_AUTH);
    const tokenRequests = tokenEndpoint(runtime.now);
    categoriesEndpoint(() => true);
    const revoked: { form: URLSearchParams; headers: Headers }[] = [];
    server.use(
      http.post(`${BASE}/v1/oauth/token/revoke`, async ({ request }) => {
        revoked.push({ form: new URLSearchParams(await request.text()), headers: request.headers });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await get(client);
    await client.oauth.revoke();
    expect(revoked).toHaveLength(1);
    expect(revoked[0]?.form.get('access_token')).toBe('tok-1');
    expect(revoked[0]?.headers.get('X-App-Token')).toBe('app-token-secret-1');
    expect(revoked[0]?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    await get(client);
    expect(tokenRequests).toHaveLength(2);
  });

  it('revokes nothing when no token was fetched, and treats an unknown token as revoked', async () => {
    const { client, runtime } = testClient(OAUTH_AUTH);
    tokenEndpoint(runtime.now);
    let calls = 0;
    server.use(
      http.post(`${BASE}/v1/oauth/token/revoke`, () => {
        calls++;
        return HttpResponse.json(errorBody(404, 'not_found', 'Resource not found'), { status: 404 });
      }),
    );
    await client.oauth.revoke();
    expect(calls).toBe(0);
    await client.oauth.getToken();
    await expect(client.oauth.revoke()).resolves.toBeUndefined();
    expect(calls).toBe(1);
  });

  it('close() revokes the token', async () => {
    const { client, runtime } = testClient(OAUTH_AUTH);
    tokenEndpoint(runtime.now);
    let revoked = '';
    server.use(
      http.post(`${BASE}/v1/oauth/token/revoke`, async ({ request }) => {
        revoked = new URLSearchParams(await request.text()).get('access_token') ?? '';
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await client.oauth.getToken();
    await client.close();
    expect(revoked).toBe('tok-1');
  });

  it('introspects the current token', async () => {
    const { client, runtime } = testClient(OAUTH_AUTH);
    tokenEndpoint(runtime.now);
    server.use(
      http.post(`${BASE}/v1/oauth/introspect`, async ({ request }) => {
        const token = new URLSearchParams(await request.text()).get('access_token');
        return HttpResponse.json(
          token === 'tok-1'
            ? {
                active: true,
                access_token: token,
                client_id: 'c',
                expires_at: 1,
                expires_in: 1,
                scope: 'api',
                token_type: 'Bearer',
              }
            : { active: false },
        );
      }),
    );
    expect((await client.oauth.introspect()).active).toBe(true);
    expect((await client.oauth.introspect('other')).active).toBe(false);
  });

  it('throws a typed error when the token request is refused, and tries again next time', async () => {
    const { client, runtime } = testClient(OAUTH_AUTH);
    server.use(
      http.post(
        `${BASE}/v1/oauth/token`,
        () => HttpResponse.json(errorBody(401, 'unauthorized', 'Unauthorized'), { status: 401 }),
        { once: true },
      ),
    );
    const error = await get(client).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, key: 'unauthorized', requestId: 'v-req-401' });
    tokenEndpoint(runtime.now);
    categoriesEndpoint(() => true);
    await expect(get(client)).resolves.toMatchObject({ id: 'cat_1' });
  });
});

describe('scopes', () => {
  it('joins scopes with single spaces and drops duplicates', () => {
    expect(formatScopes(['api', 'vouchers', 'api'])).toBe('api vouchers');
  });

  it.each([[['categories,vouchers']], [['categories vouchers']], [['categories\tvouchers']], [['']], [[]]])(
    'refuses %j before any request',
    (scopes) => {
      expect(() => createClient({ baseUrl: BASE, auth: { ...OAUTH_AUTH, scopes } })).toThrow(ConfigurationError);
    },
  );

  it('names the bad scope but not the keys', () => {
    const error = (() => {
      try {
        createClient({ baseUrl: BASE, auth: { ...OAUTH_AUTH, scopes: ['a,b'] } });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(String(error)).toContain('"a,b"');
    expect(String(error)).not.toContain(OAUTH_AUTH.appToken);
  });
});
