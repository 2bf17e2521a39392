import { describe, expect, test } from 'vitest';
import { useMockService } from '../../../support/setup.js';

const mock = useMockService();

describe('stacking rules', () => {
  const path = () => ({ projectId: mock.service.projects.primary.id });

  test('creates one set with defaults; a second is refused with 409', async () => {
    const client = mock.managementClient();
    const created = await client.POST('/management/v1/projects/{projectId}/stacking-rules', {
      params: { path: path() },
      body: {},
    });
    expect(created.data).toMatchObject({
      id: expect.stringMatching(/^stk_/),
      redeemables_limit: 30,
      applicable_redeemables_limit: 5,
    });
    const second = await client.POST('/management/v1/projects/{projectId}/stacking-rules', {
      params: { path: path() },
      body: {},
    });
    expect(second.response.status).toBe(409);
    expect(second.error).toMatchObject({ code: 409, key: 'stacking_rules_exist', message: 'Stacking rules exist' });
    const list = await client.GET('/management/v1/projects/{projectId}/stacking-rules', { params: { path: path() } });
    expect(list.data?.total).toBe(1);
  });

  test('updates, validates limits and deletes', async () => {
    const client = mock.managementClient();
    const created = await client.POST('/management/v1/projects/{projectId}/stacking-rules', {
      params: { path: path() },
      body: {},
    });
    const id = created.data?.id ?? '';
    const updated = await client.PUT('/management/v1/projects/{projectId}/stacking-rules/{stackingRulesId}', {
      params: { path: { ...path(), stackingRulesId: id } },
      body: { redeemables_limit: 10, applicable_redeemables_limit: 3 },
    });
    expect(updated.data).toMatchObject({ redeemables_limit: 10, applicable_redeemables_limit: 3 });
    const invalid = await client.PUT('/management/v1/projects/{projectId}/stacking-rules/{stackingRulesId}', {
      params: { path: { ...path(), stackingRulesId: id } },
      body: { redeemables_limit: 31 },
    });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error).toMatchObject({ key: 'invalid_payload' });
    const deleted = await client.DELETE('/management/v1/projects/{projectId}/stacking-rules/{stackingRulesId}', {
      params: { path: { ...path(), stackingRulesId: id } },
    });
    expect(deleted.response.status).toBe(204);
    const gone = await client.GET('/management/v1/projects/{projectId}/stacking-rules/{stackingRulesId}', {
      params: { path: { ...path(), stackingRulesId: id } },
    });
    expect(gone.response.status).toBe(404);
  });

  test('unknown projects and categories are 404', async () => {
    const client = mock.managementClient();
    const noProject = await client.GET('/management/v1/projects/{projectId}/stacking-rules', {
      params: { path: { projectId: 'proj_missing' } },
    });
    expect(noProject.response.status).toBe(404);
    const noCategory = await client.POST('/management/v1/projects/{projectId}/stacking-rules', {
      params: { path: path() },
      body: { joint_categories: ['cat_missing'] },
    });
    expect(noCategory.response.status).toBe(404);
    expect(noCategory.error).toMatchObject({ resource_id: 'cat_missing' });
  });
});
