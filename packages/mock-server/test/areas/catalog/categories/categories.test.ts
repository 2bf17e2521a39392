import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();

const createCategory = async (name: string, hierarchy = 1) => {
  const { data } = await mock.serverClient().POST('/v1/categories', { body: { name, hierarchy } });
  if (!data) throw new Error('category not created');
  return data;
};

describe('categories', () => {
  test('create, get, update, list and delete', async () => {
    const client = mock.serverClient();
    const created = await createCategory('Summer', 2);
    expect(created).toMatchObject({
      id: expect.stringMatching(/^cat_[0-9a-f]{18}$/),
      name: 'Summer',
      hierarchy: 2,
      object: 'category',
      created_at: '2026-01-01T00:00:00.000Z',
    });
    mock.service.clock.advance(1_000);
    const updated = await client.PUT('/v1/categories/{categoryId}', {
      params: { path: { categoryId: created.id } },
      body: { name: 'Winter', hierarchy: 3 },
    });
    expect(updated.data).toMatchObject({ name: 'Winter', hierarchy: 3, updated_at: '2026-01-01T00:00:01.000Z' });
    const list = await client.GET('/v1/categories');
    expect(list.data).toMatchObject({ object: 'list', data_ref: 'data', total: 1 });
    const deleted = await client.DELETE('/v1/categories/{categoryId}', {
      params: { path: { categoryId: created.id } },
    });
    expect(deleted.response.status).toBe(204);
    const gone = await client.GET('/v1/categories/{categoryId}', { params: { path: { categoryId: created.id } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({
      code: 404,
      key: 'not_found',
      resource_id: created.id,
      resource_type: 'category',
    });
  });

  test('a duplicate name is a 409 duplicate_found', async () => {
    await createCategory('Summer');
    const { error, response } = await mock
      .serverClient()
      .POST('/v1/categories', { body: { name: 'Summer', hierarchy: 5 } });
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ key: 'duplicate_found' });
  });

  test('bad input gets 400 naming the field', async () => {
    const wrongType = await mock.raw('/v1/categories', {
      method: 'POST',
      headers: serverHeaders(mock.service, { 'content-type': 'application/json' }),
      body: JSON.stringify({ name: 'X', hierarchy: 'high' }),
    });
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toMatchObject({
      key: 'invalid_payload',
      details: 'Property .hierarchy should be integer',
    });
    const fraction = await mock.raw('/v1/categories', {
      method: 'POST',
      headers: serverHeaders(mock.service, { 'content-type': 'application/json' }),
      body: JSON.stringify({ name: 'X', hierarchy: 1.5 }),
    });
    expect(await fraction.json()).toMatchObject({
      key: 'invalid_payload',
      details: 'Property .hierarchy should be integer',
    });
    const missing = await mock.raw('/v1/categories', {
      method: 'POST',
      headers: serverHeaders(mock.service, { 'content-type': 'application/json' }),
      body: JSON.stringify({ hierarchy: 1 }),
    });
    expect(await missing.json()).toMatchObject({ details: 'Property .name is required' });
    const badJson = await mock.raw('/v1/categories', {
      method: 'POST',
      headers: serverHeaders(mock.service, { 'content-type': 'application/json' }),
      body: '{"name":',
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({
      key: 'invalid_payload',
      details: 'The request body is not valid JSON.',
    });
  });

  test('a body in another media type is 415 and creates nothing; charset parameters are accepted', async () => {
    const body = JSON.stringify({ name: 'Summer', hierarchy: 1 });
    for (const contentType of ['text/plain', undefined]) {
      const headers = serverHeaders(mock.service, contentType === undefined ? {} : { 'content-type': contentType });
      // fetch labels a string body text/plain itself; a Blob without a type goes out with no Content-Type.
      const refused = await mock.raw('/v1/categories', {
        method: 'POST',
        headers,
        body: contentType === undefined ? new Blob([body]) : body,
      });
      expect(refused.status).toBe(415);
      expect(await refused.json()).toMatchObject({
        code: 415,
        key: 'unsupported_media_type',
        request_id: expect.stringMatching(/^v-[0-9a-f]{18}$/),
      });
    }
    expect(mock.service.projects.primary.state.categories.list()).toEqual([]);
    const accepted = await mock.raw('/v1/categories', {
      method: 'POST',
      headers: serverHeaders(mock.service, { 'content-type': 'Application/JSON; charset=utf-8' }),
      body,
    });
    expect(accepted.status).toBe(200);
  });

  test('names are limited to 255 characters and hierarchies to 2^53 - 1; NUL and lone surrogates are refused', async () => {
    const client = mock.serverClient();
    const long = await client.POST('/v1/categories', { body: { name: 'x'.repeat(256), hierarchy: 1 } });
    expect(long.error).toMatchObject({
      key: 'invalid_payload',
      details: 'Property .name should be at most 255 characters long',
    });
    expect(
      (await client.POST('/v1/categories', { body: { name: 'x'.repeat(255), hierarchy: 1 } })).response.status,
    ).toBe(200);
    const huge = await client.POST('/v1/categories', { body: { name: 'Big', hierarchy: 2 ** 53 } });
    expect(huge.error).toMatchObject({
      key: 'invalid_payload',
      details: 'Property .hierarchy should be <= 9007199254740991',
    });
    const nul = await client.POST('/v1/categories', { body: { name: 'Sum\u0000mer', hierarchy: 1 } });
    expect(nul.error).toMatchObject({
      key: 'invalid_payload',
      details: 'Property .name must not contain NUL characters',
    });
    const surrogate = await client.POST('/v1/categories', { body: { name: 'Sum\ud800mer', hierarchy: 1 } });
    expect(surrogate.error).toMatchObject({
      key: 'invalid_payload',
      details: 'Property .name must be well-formed Unicode',
    });
    expect((await client.POST('/v1/categories', { body: { name: 'Sommer ☀️ 🏖', hierarchy: 1 } })).response.status).toBe(
      200,
    );
    const badId = await client.GET('/v1/categories/{categoryId}', { params: { path: { categoryId: 'cat\u0000' } } });
    expect(badId.error).toMatchObject({
      key: 'invalid_query_params',
      details: 'Path parameter categoryId must not contain NUL characters',
    });
    const stored = mock.service.projects.primary.state.categories.list().map((category) => category.name);
    expect(stored.sort()).toEqual(['Sommer ☀️ 🏖', 'x'.repeat(255)]);
  });

  test('deletion is refused while stacking rules use the category, and forced with remove_from_stacking_rules', async () => {
    const category = await createCategory('Exclusive');
    const project = mock.service.projects.primary;
    const created = await mock.managementClient().POST('/management/v1/projects/{projectId}/stacking-rules', {
      params: { path: { projectId: project.id } },
      body: { exclusive_categories: [category.id] },
    });
    expect(created.response.status).toBe(200);
    const client = mock.serverClient();
    const refused = await client.DELETE('/v1/categories/{categoryId}', {
      params: { path: { categoryId: category.id } },
    });
    expect(refused.response.status).toBe(409);
    expect(refused.error).toMatchObject({ key: 'stacking_rules_exist' });
    const badFlag = await mock.raw(`/v1/categories/${category.id}?remove_from_stacking_rules=maybe`, {
      method: 'DELETE',
      headers: serverHeaders(mock.service),
    });
    expect(badFlag.status).toBe(400);
    expect(await badFlag.json()).toMatchObject({
      key: 'invalid_query_params',
      details: expect.stringContaining('remove_from_stacking_rules'),
    });
    const forced = await client.DELETE('/v1/categories/{categoryId}', {
      params: { path: { categoryId: category.id }, query: { remove_from_stacking_rules: true } },
    });
    expect(forced.response.status).toBe(204);
    const rules = await mock
      .managementClient()
      .GET('/management/v1/projects/{projectId}/stacking-rules/{stackingRulesId}', {
        params: { path: { projectId: project.id, stackingRulesId: created.data?.id ?? '' } },
      });
    expect(rules.data?.exclusive_categories).toEqual([]);
  });
});
