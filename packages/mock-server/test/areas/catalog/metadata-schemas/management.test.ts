import { createClient } from '@voucherkit/client/fetch';
import { describe, expect, test } from 'vitest';
import { expectUnknownIdsAndProjectsRefused } from '../../../support/management-not-found.js';
import { T0, managementHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();

const projectId = () => mock.service.projects.primary.id;
const schemas = () => mock.managementClient().management.metadataSchemas;

/** A server-key client of a project other than the primary one. */
const serverClientOf = (project: { keys: { appId: string; appToken: string } }) =>
  createClient({
    baseUrl: mock.service.baseUrl,
    auth: { type: 'server', appId: project.keys.appId, appToken: project.keys.appToken },
    retry: false,
  });

describe('metadata schemas through the management API', () => {
  test('are created, read, changed, listed and deleted in snake_case, in the store /v1/metadata-schemas reads', async () => {
    const created = await schemas().create(projectId(), {
      related_object: 'customer',
      properties: {
        code: { type: 'string', optional: false, array: false, min_length: 3, max_length: 8 },
        tier: { type: 'string', optional: true, array: true, eq: ['gold', 'silver'] },
      },
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^ms_[0-9a-f]{18}$/),
      related_object: 'customer',
      properties: {
        code: { type: 'string', optional: false, array: false, object_type: null, min_length: 3, max_length: 8 },
        tier: { type: 'string', optional: true, array: true, object_type: null, eq: ['gold', 'silver'] },
      },
      allow_defined_only: false,
      created_at: T0,
      updated_at: null,
      object: 'metadata_schema',
    });
    expect(await schemas().get(projectId(), created.id)).toEqual(created);
    // The same schema under /v1, with its rules spelled in camelCase.
    const v1 = await mock
      .serverClient()
      .GET('/v1/metadata-schemas/{metadataSchemaId}', { params: { path: { metadataSchemaId: 'customer' } } });
    expect(v1.data).toMatchObject({
      id: created.id,
      properties: { code: { type: 'string', optional: false, minLength: 3, maxLength: 8 } },
    });

    mock.service.clock.advance(1_000);
    const updated = await schemas().update(projectId(), created.id, {
      allow_defined_only: true,
      properties: {
        code: { type: 'string', optional: true, array: false },
        visits: { type: 'number', optional: true, array: false, gte: 0 },
      },
    });
    expect(updated).toMatchObject({
      id: created.id,
      allow_defined_only: true,
      created_at: T0,
      updated_at: '2026-01-01T00:00:01.000Z',
    });
    // A definition sent replaces the stored one whole: its length rules are gone; one not sent stays.
    expect(updated.properties).toEqual({
      code: { type: 'string', optional: true, array: false, object_type: null },
      tier: created.properties['tier'],
      visits: { type: 'number', optional: true, array: false, object_type: null, gte: 0 },
    });
    const list = await schemas().list(projectId());
    expect(list).toEqual({ object: 'list', data_ref: 'data', data: [updated], total: 1 });

    await schemas().delete(projectId(), created.id);
    await expect(schemas().get(projectId(), created.id)).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceId: created.id,
      resourceType: 'metadata_schema',
    });
    expect((await mock.serverClient().GET('/v1/metadata-schemas')).data?.total).toBe(0);
    expect((await schemas().list(projectId())).total).toBe(0);
  });

  test('list every schema, those made through /v1 too, ordered by related_object as the service does', async () => {
    const v1 = mock.serverClient();
    await v1.POST('/v1/metadata-schemas/{metadataSchemaId}', {
      params: { path: { metadataSchemaId: 'order' } },
      body: { properties: { region: { type: 'string', optional: true } } },
    });
    await schemas().create(projectId(), { related_object: 'campaign', properties: {} });
    await v1.POST('/v1/metadata-schemas/{metadataSchemaId}', {
      params: { path: { metadataSchemaId: 'Payment' } },
      body: { properties: { method: { type: 'string', optional: false, objectType: null, exactLength: 4 } } },
    });
    const list = await schemas().list(projectId());
    expect(list.data.map((schema) => schema.related_object)).toEqual(['Payment', 'campaign', 'order']);
    expect(list.total).toBe(3);
    // A definition made without `array` shows `array: false`; camelCase rules show in snake_case.
    expect(list.data[0]?.properties['method']).toEqual({
      type: 'string',
      optional: false,
      array: false,
      object_type: null,
      exact_length: 4,
    });
    expect(list.data[2]?.properties['region']).toEqual({
      type: 'string',
      optional: true,
      array: false,
      object_type: null,
    });
  });

  test('a schema created through management is enforced on the resources of its type (metadata_validation_failed)', async () => {
    await schemas().create(projectId(), {
      related_object: 'customer',
      allow_defined_only: true,
      properties: { tier: { type: 'string', optional: false, array: false, eq: ['gold', 'silver'] } },
    });
    const client = mock.serverClient();
    const refused = await client.POST('/v1/customers', { body: { source_id: 'ana', metadata: { tier: 'bronze' } } });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({
      code: 400,
      key: 'metadata_validation_failed',
      details: expect.stringContaining('tier: must be equal to one of gold,silver'),
    });
    const undefinedKey = await client.POST('/v1/customers', {
      body: { source_id: 'ana', metadata: { tier: 'gold', shoe_size: 42 } },
    });
    expect(undefinedKey.error).toMatchObject({
      key: 'metadata_validation_failed',
      details: expect.stringContaining('shoe_size'),
    });
    expect(
      (await client.POST('/v1/customers', { body: { source_id: 'ana', metadata: { tier: 'gold' } } })).response.status,
    ).toBe(200);
  });

  test('refuse a second schema of a type (409), a type change and a malformed definition (400)', async () => {
    const created = await schemas().create(projectId(), {
      related_object: 'order',
      properties: { region: { type: 'string', optional: true, array: false } },
    });
    await expect(schemas().create(projectId(), { related_object: 'order', properties: {} })).rejects.toMatchObject({
      status: 409,
      key: 'duplicate_found',
    });
    await expect(
      schemas().update(projectId(), created.id, {
        properties: { region: { type: 'number', optional: true, array: false } },
      }),
    ).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
      details: 'Property .properties.region.type cannot be changed from string to number',
    });
    await expect(schemas().create(projectId(), { properties: {} } as never)).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
      details: 'Property .related_object is required',
    });
    await expect(
      schemas().create(projectId(), {
        related_object: 'product',
        properties: { color: { type: 'colour', optional: true, array: false } },
      } as never),
    ).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
      details: expect.stringContaining('.properties.color.type'),
    });
    await expect(schemas().update(projectId(), created.id, {} as never)).rejects.toMatchObject({
      status: 400,
      details: 'Property .properties is required',
    });
    // Nothing refused was stored.
    expect((await schemas().get(projectId(), created.id)).properties['region']?.type).toBe('string');
    expect((await schemas().list(projectId())).total).toBe(1);
  });

  test('unknown schemas and unknown projects are 404', async () => {
    const created = await schemas().create(projectId(), { related_object: 'voucher', properties: {} });
    await expectUnknownIdsAndProjectsRefused(schemas(), {
      projectId: projectId(),
      existingId: created.id,
      unknownId: 'ms_000000000000000000',
      resourceType: 'metadata_schema',
      create: { related_object: 'order', properties: {} },
      update: { properties: {} },
    });
  });

  test('answer plain HTTP requests with management keys, and accept null for optional fields', async () => {
    const path = `/management/v1/projects/${projectId()}/metadata-schemas`;
    const created = await mock.raw(path, {
      method: 'POST',
      headers: managementHeaders(mock.service),
      body: JSON.stringify({
        related_object: 'reward',
        allow_defined_only: null,
        properties: {
          region: {
            type: 'string',
            array: true,
            optional: false,
            object_type: null,
            eq: ['EMEA', 'APAC'],
            min_length: null,
          },
        },
      }),
    });
    expect(created.status).toBe(200);
    const body = (await created.json()) as { id: string };
    expect(body).toMatchObject({
      related_object: 'reward',
      allow_defined_only: false,
      properties: { region: { type: 'string', array: true, optional: false, object_type: null, eq: ['EMEA', 'APAC'] } },
    });
    const listed = await mock.raw(path, { headers: managementHeaders(mock.service) });
    expect(await listed.json()).toMatchObject({ object: 'list', data_ref: 'data', total: 1, data: [{ id: body.id }] });
    const deleted = await mock.raw(`${path}/${body.id}`, {
      method: 'DELETE',
      headers: managementHeaders(mock.service),
    });
    expect(deleted.status).toBe(204);
    const serverKeys = await mock.raw(path, {
      headers: {
        'X-App-Id': mock.service.projects.primary.keys.appId,
        'X-App-Token': mock.service.projects.primary.keys.appToken,
      },
    });
    expect(serverKeys.status).toBe(401);
  });

  test('belong to one project: nothing created in one is listed, read or enforced in another', async () => {
    const other = mock.service.projects.create({ name: 'Other' });
    const created = await schemas().create(projectId(), {
      related_object: 'customer',
      properties: { tier: { type: 'string', optional: false, array: false } },
    });
    expect((await schemas().list(other.id)).total).toBe(0);
    await expect(schemas().get(other.id, created.id)).rejects.toMatchObject({
      status: 404,
      resourceType: 'metadata_schema',
    });
    await expect(schemas().delete(other.id, created.id)).rejects.toMatchObject({ status: 404 });
    const otherClient = serverClientOf(other);
    expect((await otherClient.GET('/v1/metadata-schemas')).data?.total).toBe(0);
    expect(
      (await otherClient.POST('/v1/customers', { body: { source_id: 'ana', metadata: {} } })).response.status,
    ).toBe(200);
    // The other project may define its own schema of the same type.
    const own = await schemas().create(other.id, { related_object: 'customer', properties: {} });
    expect(own.id).not.toBe(created.id);
    expect((await schemas().list(projectId())).data.map((schema) => schema.id)).toEqual([created.id]);
  });
});
