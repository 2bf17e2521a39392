import { createClient } from '@voucherkit/client/fetch';
import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();

const token = async (scope: string) => {
  const response = await mock.raw('/v1/oauth/token', {
    method: 'POST',
    headers: serverHeaders(mock.service, { 'content-type': 'application/x-www-form-urlencoded' }),
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('OAuth', () => {
  test('issues a token with the requested scopes for the configured lifetime', async () => {
    const { status, body } = await token('api categories');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      scope: 'api categories',
      token_type: 'Bearer',
      expires_in: 900,
      expires_at: Date.parse('2026-01-01T00:15:00Z') / 1000,
    });
  });

  test.each([
    ['api,categories', 'comma-separated'],
    ['api sparkles', 'unknown'],
  ])('refuses %s scopes (%s) with invalid_scope', async (scope) => {
    const { status, body } = await token(scope);
    expect(status).toBe(400);
    expect(body).toMatchObject({ key: 'invalid_scope' });
  });

  test('refuses an unknown grant type naming the field', async () => {
    const response = await mock.raw('/v1/oauth/token', {
      method: 'POST',
      headers: serverHeaders(mock.service, { 'content-type': 'application/x-www-form-urlencoded' }),
      body: 'grant_type=password&scope=api',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      key: 'invalid_payload',
      details: expect.stringContaining('.grant_type'),
    });
  });

  test('a token with an accepted scope works; without one it gets 403', async () => {
    const good = (await token('categories')).body['access_token'] as string;
    const bad = (await token('vouchers')).body['access_token'] as string;
    expect((await mock.raw('/v1/categories', { headers: { authorization: `Bearer ${good}` } })).status).toBe(200);
    const refused = await mock.raw('/v1/categories', { headers: { authorization: `Bearer ${bad}` } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ key: 'forbidden', details: expect.stringContaining('categories') });
  });

  test('an expired token is refused and introspects as inactive', async () => {
    const access = (await token('api')).body['access_token'] as string;
    mock.service.clock.advance(900_000);
    expect((await mock.raw('/v1/categories', { headers: { authorization: `Bearer ${access}` } })).status).toBe(401);
    const introspection = await mock.raw('/v1/oauth/introspect', {
      method: 'POST',
      headers: serverHeaders(mock.service, { 'content-type': 'application/x-www-form-urlencoded' }),
      body: new URLSearchParams({ access_token: access }),
    });
    expect(await introspection.json()).toEqual({ active: false });
  });

  test('revoking an unknown, expired or already revoked token answers 204, as the service', async () => {
    const revoke = (accessToken: string) =>
      mock.raw('/v1/oauth/token/revoke', {
        method: 'POST',
        headers: serverHeaders(mock.service, { 'content-type': 'application/x-www-form-urlencoded' }),
        body: new URLSearchParams({ access_token: accessToken }),
      });
    expect((await revoke('never-issued')).status).toBe(204);
    const { body } = await token('api');
    const access = String(body['access_token']);
    expect((await revoke(access)).status).toBe(204);
    expect((await revoke(access)).status).toBe(204);
    expect((await mock.raw('/v1/categories', { headers: { authorization: `Bearer ${access}` } })).status).toBe(401);
  });

  test('the client fetches, uses and revokes a token; a revoked token is refused', async () => {
    const { appId, appToken } = mock.service.projects.primary.keys;
    const client = createClient({
      baseUrl: mock.service.baseUrl,
      auth: { type: 'oauth', appId, appToken, scopes: ['api'] },
      retry: false,
    });
    expect((await client.POST('/v1/categories', { body: { name: 'Via OAuth', hierarchy: 2 } })).response.status).toBe(
      200,
    );
    const access = (await client.oauth.getToken()).access_token;
    const introspected = await client.oauth.introspect();
    expect(introspected).toMatchObject({ active: true, scope: 'api' });
    await client.oauth.revoke();
    expect((await mock.raw('/v1/categories', { headers: { authorization: `Bearer ${access}` } })).status).toBe(401);
  });
});
