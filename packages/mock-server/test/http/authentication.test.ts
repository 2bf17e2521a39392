import { createClient } from '@voucherkit/client/fetch';
import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../support/setup.js';

const mock = useMockService();

describe('server keys', () => {
  test('missing keys answer 401 in the error body', async () => {
    const response = await mock.raw('/v1/categories');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 401, key: 'unauthorized', message: 'Unauthorized' });
  });

  test('a wrong token answers 401', async () => {
    const response = await mock.raw('/v1/categories', {
      headers: serverHeaders(mock.service, { 'X-App-Token': 'wrong' }),
    });
    expect(response.status).toBe(401);
  });

  test('client keys cannot call server-side endpoints', async () => {
    const { clientAppId, clientToken } = mock.service.projects.primary.keys;
    const response = await mock.raw('/v1/categories', {
      headers: { 'X-Client-Application-Id': clientAppId, 'X-Client-Token': clientToken },
    });
    expect(response.status).toBe(401);
  });

  test('server keys cannot call management endpoints', async () => {
    const response = await mock.raw(`/management/v1/projects/${mock.service.projects.primary.id}/stacking-rules`, {
      headers: serverHeaders(mock.service),
    });
    expect(response.status).toBe(401);
  });

  test("one project never sees another project's data", async () => {
    const other = mock.service.projects.create({ name: 'Other' });
    const created = await mock.serverClient().POST('/v1/categories', { body: { name: 'Mine', hierarchy: 1 } });
    const foreign = createClient({
      baseUrl: mock.service.baseUrl,
      auth: { type: 'server', appId: other.keys.appId, appToken: other.keys.appToken },
      retry: false,
    });
    const { error, response } = await foreign.GET('/v1/categories/{categoryId}', {
      params: { path: { categoryId: created.data?.id ?? '' } },
    });
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ key: 'not_found', resource_type: 'category' });
    expect((await foreign.GET('/v1/categories')).data?.total).toBe(0);
  });
});
