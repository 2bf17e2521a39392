import { describe, expect, test } from 'vitest';
import { useMockService } from '../../../support/setup.js';

const mock = useMockService();

describe('metadata schemas', () => {
  test('create for a resource type, read by id and by name, update, list and delete', async () => {
    const client = mock.serverClient();
    const created = await client.POST('/v1/metadata-schemas/{metadataSchemaId}', {
      params: { path: { metadataSchemaId: 'customer' } },
      body: { properties: { vip: { type: 'boolean', optional: true } } },
    });
    expect(created.data).toMatchObject({
      id: expect.stringMatching(/^ms_/),
      related_object: 'customer',
      object: 'metadata_schema',
    });
    const id = created.data?.id ?? '';
    for (const key of [id, 'customer']) {
      const read = await client.GET('/v1/metadata-schemas/{metadataSchemaId}', {
        params: { path: { metadataSchemaId: key } },
      });
      expect(read.data?.id).toBe(id);
    }
    const updated = await client.PUT('/v1/metadata-schemas/{metadataSchemaId}', {
      params: { path: { metadataSchemaId: 'customer' } },
      body: { properties: { store: { type: 'string', optional: false } } },
    });
    expect(Object.keys(updated.data?.properties ?? {}).sort()).toEqual(['store', 'vip']);
    const list = await client.GET('/v1/metadata-schemas');
    expect(list.data).toMatchObject({ object: 'list', data_ref: 'schemas', total: 1 });
    expect(
      (await client.DELETE('/v1/metadata-schemas/{metadataSchemaId}', { params: { path: { metadataSchemaId: id } } }))
        .response.status,
    ).toBe(204);
    const gone = await client.GET('/v1/metadata-schemas/{metadataSchemaId}', {
      params: { path: { metadataSchemaId: id } },
    });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ key: 'not_found', resource_type: 'metadata_schema' });
  });

  test('a second schema for the same resource type is 409; an unknown property type is 400', async () => {
    const client = mock.serverClient();
    const body = { properties: { vip: { type: 'boolean' as const, optional: true } } };
    await client.POST('/v1/metadata-schemas/{metadataSchemaId}', {
      params: { path: { metadataSchemaId: 'order' } },
      body,
    });
    const again = await client.POST('/v1/metadata-schemas/{metadataSchemaId}', {
      params: { path: { metadataSchemaId: 'order' } },
      body,
    });
    expect(again.response.status).toBe(409);
    expect(again.error).toMatchObject({ key: 'duplicate_found' });
    const bad = await mock.raw('/v1/metadata-schemas/product', {
      method: 'POST',
      headers: {
        'X-App-Id': mock.service.projects.primary.keys.appId,
        'X-App-Token': mock.service.projects.primary.keys.appToken,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ properties: { color: { type: 'colour', optional: true } } }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      key: 'invalid_payload',
      details: expect.stringContaining('.properties.color.type'),
    });
  });
});
