import { createClient } from '@voucherkit/client/fetch';
import { describe, expect, test } from 'vitest';
import { useLoyaltyMock } from '../../../support/loyalty-setup.js';
import { expectUnknownIdsAndProjectsRefused } from '../../../support/management-not-found.js';
import { T0, managementHeaders } from '../../../support/setup.js';

const { mock, state, client, createProgramme, join } = useLoyaltyMock();

const projectId = () => mock.service.projects.primary.id;
const schemas = () => mock.managementClient().management.customEventSchemas;

const review = {
  name: 'review_left',
  schema: {
    properties: {
      stars: { type: 'number' as const, optional: false },
      comment: { type: 'string' as const, optional: true },
    },
  },
};

/** Tracks a custom event with server keys; the raw answer, so refusals can be read. */
const track = (body: Record<string, unknown>, keys = mock.service.projects.primary.keys) =>
  createClient({
    baseUrl: mock.service.baseUrl,
    auth: { type: 'server', appId: keys.appId, appToken: keys.appToken },
    retry: false,
  }).POST('/v1/events', {
    body: body as never,
  });

const customEvents = () => state().events.list({ type: 'customer.custom_event' });

describe('custom event schemas', () => {
  test('are created, read, changed, listed and deleted', async () => {
    const created = await schemas().create(projectId(), review);
    expect(created).toEqual({
      id: expect.stringMatching(/^ms_[0-9a-f]{18}$/),
      name: 'review_left',
      schema: review.schema,
      created_at: T0,
      object: 'custom-event-schema',
    });
    expect(await schemas().get(projectId(), created.id)).toEqual(created);
    mock.service.clock.advance(1_000);
    const signUp = await schemas().create(projectId(), { name: 'sign_up', schema: { properties: {} } });
    // Newest first, as the service's example list is.
    expect(await schemas().list(projectId())).toEqual({
      object: 'list',
      data_ref: 'data',
      data: [signUp, created],
      total: 2,
    });

    mock.service.clock.advance(1_000);
    const updated = await schemas().update(projectId(), created.id, {
      schema: {
        properties: {
          stars: { type: 'string', optional: true },
          comment: { type: 'string', optional: true, deleted: true },
          photo: { type: 'boolean', optional: true },
        },
      },
    });
    // Attributes sent are added or replaced (a type may change); `deleted` retires one and keeps it.
    expect(updated).toEqual({
      ...created,
      schema: {
        properties: {
          stars: { type: 'string', optional: true },
          comment: { type: 'string', optional: true, deleted: true },
          photo: { type: 'boolean', optional: true },
        },
      },
      updated_at: '2026-01-01T00:00:02.000Z',
    });
    const untouched = await schemas().update(projectId(), signUp.id, {});
    expect(untouched.schema).toEqual({ properties: {} });

    await schemas().delete(projectId(), created.id);
    await expect(schemas().get(projectId(), created.id)).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceType: 'custom_event_schema',
      resourceId: created.id,
    });
    expect((await schemas().list(projectId())).data).toEqual([untouched]);
  });

  test('refuse a name defined already (409) and a request without name or schema (400)', async () => {
    const created = await schemas().create(projectId(), review);
    await expect(
      schemas().create(projectId(), { name: 'review_left', schema: { properties: {} } }),
    ).rejects.toMatchObject({
      status: 409,
      key: 'duplicate_found',
      details: expect.stringContaining(created.id),
    });
    await expect(schemas().create(projectId(), { name: 'x' } as never)).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
      details: 'Property .schema is required',
    });
    await expect(schemas().create(projectId(), { schema: { properties: {} } } as never)).rejects.toMatchObject({
      status: 400,
      details: 'Property .name is required',
    });
    await expect(
      schemas().create(projectId(), {
        name: 'y',
        schema: { properties: { size: { type: 'geopoint', optional: true } } },
      } as never),
    ).rejects.toMatchObject({ status: 400, details: expect.stringContaining('.schema.properties.size.type') });
    await expect(
      schemas().update(projectId(), created.id, { schema: { properties: { stars: { type: 'number' } } } } as never),
    ).rejects.toMatchObject({
      status: 400,
      details: 'Property .schema.properties.stars.optional is required',
    });
    expect((await schemas().list(projectId())).data).toEqual([created]);
  });

  test('unknown schemas and unknown projects are 404', async () => {
    const created = await schemas().create(projectId(), review);
    await expectUnknownIdsAndProjectsRefused(schemas(), {
      projectId: projectId(),
      existingId: created.id,
      unknownId: 'ms_000000000000000000',
      resourceType: 'custom_event_schema',
      create: { name: 'sign_up', schema: { properties: {} } },
      update: {},
    });
  });

  test('answer plain HTTP requests with management keys; null for optional fields is accepted', async () => {
    const headers = managementHeaders(mock.service);
    const path = `/management/v1/projects/${projectId()}/custom-event-schemas`;
    const created = await mock.raw(path, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'review',
        schema: { properties: { published: { type: 'boolean', optional: true, deleted: null } } },
      }),
    });
    expect(created.status).toBe(200);
    const body = (await created.json()) as { id: string };
    expect(body).toEqual({
      id: expect.stringMatching(/^ms_/),
      name: 'review',
      schema: { properties: { published: { type: 'boolean', optional: true } } },
      created_at: T0,
      object: 'custom-event-schema',
    });
    const changed = await mock.raw(`${path}/${body.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ schema: null }),
    });
    expect(changed.status).toBe(200);
    expect((await mock.raw(`${path}/${body.id}`, { method: 'DELETE', headers })).status).toBe(204);
    expect((await mock.raw(path, { headers })).status).toBe(200);
  });

  test('belong to one project: one defined in a project is neither listed, read nor enforced in another', async () => {
    const other = mock.service.projects.create({ name: 'Other' });
    const created = await schemas().create(projectId(), review);
    expect((await schemas().list(other.id)).total).toBe(0);
    await expect(schemas().get(other.id, created.id)).rejects.toMatchObject({
      status: 404,
      resourceType: 'custom_event_schema',
    });
    await expect(schemas().update(other.id, created.id, {})).rejects.toMatchObject({ status: 404 });
    await expect(schemas().delete(other.id, created.id)).rejects.toMatchObject({ status: 404 });
    // The other project tracks the event unchecked, and may define the same name.
    expect(
      (await track({ event: 'review_left', customer: { source_id: 'ana' }, metadata: { stars: 'many' } }, other.keys))
        .response.status,
    ).toBe(200);
    const own = await schemas().create(other.id, { name: 'review_left', schema: { properties: {} } });
    expect((await schemas().list(projectId())).data.map((schema) => schema.id)).toEqual([created.id]);
    expect((await schemas().list(other.id)).data.map((schema) => schema.id)).toEqual([own.id]);
  });
});

describe('custom events and their schemas', () => {
  test('an event of a defined name must carry the metadata its schema asks for; a refused one records nothing', async () => {
    const created = await schemas().create(projectId(), review);
    const missing = await track({
      event: 'review_left',
      customer: { source_id: 'ana' },
      metadata: { comment: 'Nice' },
    });
    expect(missing.response.status).toBe(400);
    expect(missing.error).toMatchObject({
      code: 400,
      key: 'metadata_validation_failed',
      details: 'stars: is required',
    });
    const wrongType = await track({
      event: 'review_left',
      customer: { source_id: 'ana' },
      metadata: { stars: 'five', comment: 3 },
    });
    expect(wrongType.error).toMatchObject({
      key: 'metadata_validation_failed',
      details: "stars: must be a number (actual value is 'five'); comment: must be a string (actual value is 3)",
    });
    const noMetadata = await track({ event: 'review_left', customer: { source_id: 'ana' } });
    expect(noMetadata.error).toMatchObject({ key: 'metadata_validation_failed' });
    expect(customEvents()).toEqual([]);
    expect(state().customers.find('ana')).toBeUndefined();

    // Attributes the schema does not name are allowed; the recorded event names its schema.
    const accepted = await track({
      event: 'review_left',
      customer: { source_id: 'ana' },
      metadata: { stars: 5, channel: 'app' },
    });
    expect(accepted.data).toMatchObject({
      object: 'event',
      type: 'review_left',
      metadata: { stars: 5, channel: 'app' },
    });
    expect(customEvents()[0]?.data).toMatchObject({
      event: { type: 'review_left', metadata: { stars: 5, channel: 'app' } },
      event_schema: { id: created.id, name: 'review_left' },
    });
  });

  test('an event of a name the project does not define is recorded as sent', async () => {
    await schemas().create(projectId(), review);
    const accepted = await track({
      event: 'newsletter_subscribed',
      customer: { source_id: 'ana' },
      metadata: { stars: 'not checked' },
    });
    expect(accepted.response.status).toBe(200);
    expect(customEvents()[0]?.data).toMatchObject({ event_schema: { name: 'newsletter_subscribed' } });
    expect((customEvents()[0]?.data as { event_schema: object }).event_schema).not.toHaveProperty('id');
  });

  test('retired attributes are not checked, changed ones are checked as they are now, and a deleted schema checks nothing', async () => {
    const created = await schemas().create(projectId(), review);
    await schemas().update(projectId(), created.id, {
      schema: {
        properties: {
          stars: { type: 'number', optional: false, deleted: true },
          verified: { type: 'boolean', optional: false },
        },
      },
    });
    expect(
      (await track({ event: 'review_left', customer: { source_id: 'ana' }, metadata: { verified: true } })).response
        .status,
    ).toBe(200);
    expect(
      (await track({ event: 'review_left', customer: { source_id: 'ana' }, metadata: { verified: 'yes' } })).error,
    ).toMatchObject({
      key: 'metadata_validation_failed',
      details: "verified: must be a boolean (actual value is 'yes')",
    });
    await schemas().delete(projectId(), created.id);
    expect(
      (await track({ event: 'review_left', customer: { source_id: 'ana' }, metadata: { verified: 'yes' } })).response
        .status,
    ).toBe(200);
  });

  test('the client-side endpoint checks the same schema', async () => {
    await schemas().create(projectId(), review);
    const { clientAppId, clientToken } = mock.service.projects.primary.keys;
    const send = (metadata: object) =>
      mock.raw('/client/v1/events', {
        method: 'POST',
        headers: {
          'X-Client-Application-Id': clientAppId,
          'X-Client-Token': clientToken,
          'content-type': 'application/json',
          origin: 'https://shop.example.com',
        },
        body: JSON.stringify({ event: 'review_left', customer: { source_id: 'visitor-1' }, metadata }),
      });
    const refused = await send({ stars: 'five' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ key: 'metadata_validation_failed' });
    expect((await send({ stars: 4 })).status).toBe(200);
  });

  test('an earning rule on a defined event earns for events that follow the schema only', async () => {
    const created = await schemas().create(projectId(), review);
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    await client().loyalties.createEarningRule(programme.id, [
      {
        event: 'review_left',
        custom_event: { schema_id: created.id },
        loyalty: {
          type: 'PROPORTIONAL',
          calculation_type: 'CUSTOM_EVENT_METADATA',
          custom_event: { metadata: { every: 1, points: 10, property: 'stars' } },
        },
      },
    ] as never);
    expect(
      (
        await track({
          event: 'review_left',
          customer: { source_id: 'ana' },
          loyalty: { code },
          metadata: { stars: 'five' },
        })
      ).response.status,
    ).toBe(400);
    expect((await client().loyalties.getMember(code)).loyalty_card?.balance).toBe(0);
    await track({ event: 'review_left', customer: { source_id: 'ana' }, loyalty: { code }, metadata: { stars: 4 } });
    expect((await client().loyalties.getMember(code)).loyalty_card?.balance).toBe(40);
  });
});
