import { inspect } from 'node:util';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { type AuthOptions, ConnectionError, unwrap, VoucherkitError } from '../src/fetch.js';
import { BASE, CLIENT_AUTH, MANAGEMENT_AUTH, OAUTH_AUTH, SERVER_AUTH, T0, testClient, useServer } from './helpers.js';

const server = useServer();

const ACCESS_TOKEN = 'access-token-secret-xyz';

const cases: [string, AuthOptions, string[]][] = [
  ['server', SERVER_AUTH, [SERVER_AUTH.appToken]],
  ['client', CLIENT_AUTH, [CLIENT_AUTH.clientToken]],
  ['management', MANAGEMENT_AUTH, [MANAGEMENT_AUTH.managementToken]],
  ['oauth', OAUTH_AUTH, [OAUTH_AUTH.appToken, ACCESS_TOKEN, `Bearer ${ACCESS_TOKEN}`]],
];

/** Everything a developer might print or ship to a log service. */
const renderings = (error: unknown): string[] => {
  const e = error as VoucherkitError;
  return [
    String(e),
    e.message,
    e.stack ?? '',
    inspect(e, { depth: 10 }),
    JSON.stringify(e),
    String(JSON.stringify(e.body)),
    String(e.details),
  ];
};

const issueTokens = () =>
  server.use(
    http.post(`${BASE}/v1/oauth/token`, () =>
      HttpResponse.json({
        access_token: ACCESS_TOKEN,
        client_id: 'c',
        expires_at: Math.floor(T0 / 1000) + 900,
        expires_in: 900,
        scope: 'categories',
        token_type: 'Bearer',
      }),
    ),
  );

/** A server that echoes every credential header back in its error body, as a careless proxy might. */
const echoingFailure = (status: number) =>
  http.get(`${BASE}/v1/categories`, ({ request }) => {
    const echoed = [...request.headers.entries()].map(([name, value]) => `${name}=${value}`).join('; ');
    return HttpResponse.json(
      { code: status, key: 'unauthorized', message: `Unauthorized: ${echoed}`, details: echoed, request_id: 'v-1' },
      { status },
    );
  });

describe('secrets never appear in errors', () => {
  it.each(cases)('%s keys: HTTP failures that echo the credentials', async (_name, auth, secrets) => {
    issueTokens();
    server.use(echoingFailure(401));
    const { client } = testClient(auth, { retry: false });
    const raw = await client.GET('/v1/categories');
    const error = await unwrap(client.GET('/v1/categories')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VoucherkitError);
    expect((error as VoucherkitError).message).toContain('[redacted]');
    for (const text of [...renderings(error), JSON.stringify(raw.error)]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });

  it.each(cases)('%s keys: network failures', async (_name, auth, secrets) => {
    issueTokens();
    server.use(http.get(`${BASE}/v1/categories`, () => HttpResponse.error()));
    const { client } = testClient(auth);
    const error = await client.GET('/v1/categories').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).message).toContain(`GET ${BASE}/v1/categories`);
    // Fetch cannot tell a network failure from a browser's CORS refusal: the message names both.
    expect((error as ConnectionError).message).toMatch(/network.*CORS/s);
    for (const text of renderings(error)) {
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });

  it('oauth: a refused token request that echoes the app token', async () => {
    server.use(
      http.post(`${BASE}/v1/oauth/token`, ({ request }) =>
        HttpResponse.json(
          { code: 401, key: 'unauthorized', message: `bad token ${request.headers.get('X-App-Token') ?? ''}` },
          { status: 401 },
        ),
      ),
    );
    const { client } = testClient(OAUTH_AUTH);
    const error = await client.GET('/v1/categories').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VoucherkitError);
    for (const text of renderings(error)) expect(text).not.toContain(OAUTH_AUTH.appToken);
  });

  it('oauth: a token request that fails without a response', async () => {
    server.use(http.post(`${BASE}/v1/oauth/token`, () => HttpResponse.error()));
    const { client } = testClient(OAUTH_AUTH);
    const error = await client.oauth.getToken().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    for (const text of renderings(error)) expect(text).not.toContain(OAUTH_AUTH.appToken);
  });
});
