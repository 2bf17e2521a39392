import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterEach, describe, expect, test } from 'vitest';
import { type HttpSandbox, listen } from '../../src/node.js';
import { seedDemoData, seedDemoTeam } from '../../src/sandbox/demo-data.js';
import { createMockService, fullService } from '../../src/service.js';

let sandbox: HttpSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const start = async () => {
  const service = fullService(createMockService({ seed: 'sandbox-test', strict: true }));
  await seedDemoData(service.projects.primary);
  seedDemoTeam(service.organisation, service.projects.primary);
  sandbox = await listen(service, { port: 0 });
  return { service, url: sandbox.url };
};

describe('HTTP sandbox', () => {
  test('serves the API over HTTP with the demo data and CORS', async () => {
    const { service, url } = await start();
    const { appId, appToken } = service.projects.primary.keys;
    const response = await fetch(`${url}/v1/categories`, { headers: { 'X-App-Id': appId, 'X-App-Token': appToken } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await response.json()) as { total: number }).total).toBe(3);
    const preflight = await fetch(`${url}/v1/categories`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect((await fetch(`${url}/v1/categories`)).status).toBe(401);
  });

  test('bound to an IPv6 address, its URL has the address in brackets and answers', async () => {
    const service = createMockService({ seed: 'sandbox-ipv6' });
    sandbox = await listen(service, { port: 0, host: '::1' });
    expect(sandbox.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    const { appId, appToken } = service.projects.primary.keys;
    const response = await fetch(`${sandbox.url}/v1/categories`, {
      headers: { 'X-App-Id': appId, 'X-App-Token': appToken },
    });
    expect(response.status).toBe(200);
  });

  test('bound to every interface, the control API still takes the management keys', async () => {
    const service = createMockService({ seed: 'sandbox-network' });
    sandbox = await listen(service, { port: 0, host: '0.0.0.0' });
    const url = sandbox.url.replace('0.0.0.0', '127.0.0.1');
    const refused = await fetch(`${url}/_voucherkit/clock`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 401, key: 'unauthorized', request_id: expect.any(String) });
    const { managementId, managementToken } = service.management;
    const allowed = await fetch(`${url}/_voucherkit/clock`, {
      headers: { 'X-Management-Id': managementId, 'X-Management-Token': managementToken },
    });
    expect(allowed.status).toBe(200);
  });

  test("a CORS preflight allows the headers of Voucherkit's client, of the official SDKs and those the page asks for", async () => {
    const { url } = await start();
    const preflight = async (requested?: string): Promise<Headers> => {
      const headers: Record<string, string> = {
        origin: 'http://shop.localhost:5173',
        'access-control-request-method': 'POST',
      };
      if (requested !== undefined) headers['access-control-request-headers'] = requested;
      const response = await fetch(`${url}/client/v1/validations`, { method: 'OPTIONS', headers });
      expect(response.status).toBe(204);
      return response.headers;
    };
    const allowed = (headers: Headers): string[] => (headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    const known = await preflight();
    for (const name of [
      'content-type',
      'x-client-application-id',
      'x-client-token',
      'x-voucherify-channel',
      'x-voucherify-api-version',
      'x-voucherify-double-opt-in',
      'authorization',
    ]) {
      expect(allowed(known)).toContain(name);
    }
    expect(known.get('access-control-allow-methods')).toContain('PUT');
    expect(known.get('access-control-allow-origin')).toBe('*');
    const asked = allowed(await preflight('X-Voucherify-Channel,content-type,x-trace-id'));
    expect(asked).toContain('x-trace-id');
    // Each header once, whatever the page asked.
    expect(asked.filter((name) => name === 'x-voucherify-channel')).toHaveLength(1);
    const answer = await fetch(`${url}/v1/categories`, { headers: { origin: 'http://shop.localhost:5173' } });
    expect(answer.headers.get('access-control-expose-headers')).toContain('retry-after');
  });

  test("the demo organisation's owner and a user work in the demo project; the management keys list them", async () => {
    const { service, url } = await start();
    const { managementId, managementToken } = service.management;
    const projectId = service.projects.primary.id;
    const response = await fetch(`${url}/management/v1/projects/${projectId}/users`, {
      headers: { 'X-Management-Id': managementId, 'X-Management-Token': managementToken },
    });
    const list = (await response.json()) as {
      total: number;
      data: { login: string; is_owner: boolean; projects: Record<string, string> }[];
    };
    expect(list.data.map((user) => [user.login, user.projects[projectId], user.is_owner])).toEqual([
      ['olivia.owner@example.com', 'ADMIN', true],
      ['sam.marketing@example.com', 'USER', false],
    ]);
  });

  test("the demo's loyalty programme has Ana as a member with points, tiers and a reward", async () => {
    const { service, url } = await start();
    const { appId, appToken } = service.projects.primary.keys;
    const get = async <T>(path: string): Promise<T> =>
      (await (await fetch(`${url}${path}`, { headers: { 'X-App-Id': appId, 'X-App-Token': appToken } })).json()) as T;
    const { campaigns } = await get<{ campaigns: { id: string; name: string }[] }>('/v1/loyalties');
    const club = campaigns.find((campaign) => campaign.name === 'Members Club');
    const {
      vouchers: [member],
    } = await get<{ vouchers: { code: string; loyalty_card: { balance: number } }[] }>(
      `/v1/loyalties/${club?.id}/members`,
    );
    // The lamp of order-1005 (75.00) earned a point per 1.00.
    expect(member?.loyalty_card.balance).toBe(75);
    expect(
      (await get<{ data: { name: string }[] }>(`/v1/loyalties/members/${member?.code}/tiers`)).data.map(
        (tier) => tier.name,
      ),
    ).toEqual([]);
    expect(
      (await get<{ data: { reward: { name: string } }[] }>(`/v1/loyalties/members/${member?.code}/rewards`)).data.map(
        (entry) => entry.reward.name,
      ),
    ).toEqual(['Mug']);
  });

  test('the official Voucherify SDK manages categories against it', async () => {
    const { service, url } = await start();
    const { appId, appToken } = service.projects.primary.keys;
    const sdk = VoucherifyServerSide({ applicationId: appId, secretKey: appToken, apiUrl: url });
    const created = await sdk.categories.create({ name: 'From the SDK', hierarchy: 4 });
    expect(created).toMatchObject({ name: 'From the SDK', hierarchy: 4, object: 'category' });
    expect((await sdk.categories.get(created.id)).name).toBe('From the SDK');
    const updated = await sdk.categories.update(created.id, { name: 'Renamed', hierarchy: 5 });
    expect(updated).toMatchObject({ name: 'Renamed', hierarchy: 5 });
    expect((await sdk.categories.list()).total).toBe(4);
    await sdk.categories.delete(created.id);
    await expect(sdk.categories.get(created.id)).rejects.toMatchObject({ code: 404, key: 'not_found' });
  });
});
