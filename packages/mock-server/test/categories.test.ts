import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from './setup.js';

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
    expect(created).toMatchObject({ id: expect.stringMatching(/^cat_[0-9a-f]{18}$/), name: 'Summer', hierarchy: 2, object: 'category', created_at: '2026-01-01T00:00:00.000Z' });
    mock.service.clock.advance(1_000);
    const updated = await client.PUT('/v1/categories/{categoryId}', { params: { path: { categoryId: created.id } }, body: { name: 'Winter', hierarchy: 3 } });
    expect(updated.data).toMatchObject({ name: 'Winter', hierarchy: 3, updated_at: '2026-01-01T00:00:01.000Z' });
    const list = await client.GET('/v1/categories');
    expect(list.data).toMatchObject({ object: 'list', data_ref: 'data', total: 1 });
    const deleted = await client.DELETE('/v1/categories/{categoryId}', { params: { path: { categoryId: created.id } } });
    expect(deleted.response.status).toBe(204);
    const gone = await client.GET('/v1/categories/{categoryId}', { params: { path: { categoryId: created.id } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ code: 404, key: 'not_found', resource_id: created.id, resource_type: 'category' });
  });

  test('a duplicate name is a 409 duplicate_found', async () => {
    await createCategory('Summer');
    const { error, response } = await mock.serverClient().POST('/v1/categories', { body: { name: 'Summer', hierarchy: 5 } });
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
    expect(await wrongType.json()).toMatchObject({ key: 'invalid_payload', details: 'Property .hierarchy should be integer' });
    const fraction = await mock.raw('/v1/categories', {
      method: 'POST',
      headers: serverHeaders(mock.service, { 'content-type': 'application/json' }),
      body: JSON.stringify({ name: 'X', hierarchy: 1.5 }),
    });
    expect(await fraction.json()).toMatchObject({ key: 'invalid_payload', details: 'Property .hierarchy should be integer' });
    const missing = await mock.raw('/v1/categories', {
      method: 'POST',
      headers: serverHeaders(mock.service, { 'content-type': 'application/json' }),
      body: JSON.stringify({ hierarchy: 1 }),
    });
    expect(await missing.json()).toMatchObject({ details: 'Property .name is required' });
    const badJson = await mock.raw('/v1/categories', { method: 'POST', headers: serverHeaders(mock.service), body: '{"name":' });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ key: 'invalid_payload', details: 'The request body is not valid JSON.' });
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
    const refused = await client.DELETE('/v1/categories/{categoryId}', { params: { path: { categoryId: category.id } } });
    expect(refused.response.status).toBe(409);
    expect(refused.error).toMatchObject({ key: 'stacking_rules_exist' });
    const badFlag = await mock.raw(`/v1/categories/${category.id}?remove_from_stacking_rules=maybe`, { method: 'DELETE', headers: serverHeaders(mock.service) });
    expect(badFlag.status).toBe(400);
    expect(await badFlag.json()).toMatchObject({ key: 'invalid_query_params', details: expect.stringContaining('remove_from_stacking_rules') });
    const forced = await client.DELETE('/v1/categories/{categoryId}', {
      params: { path: { categoryId: category.id }, query: { remove_from_stacking_rules: true } },
    });
    expect(forced.response.status).toBe(204);
    const rules = await mock.managementClient().GET('/management/v1/projects/{projectId}/stacking-rules/{stackingRulesId}', {
      params: { path: { projectId: project.id, stackingRulesId: created.data?.id ?? '' } },
    });
    expect(rules.data?.exclusive_categories).toEqual([]);
  });
});
