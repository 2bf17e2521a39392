import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from './setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;

const circle = (center: string) => ({
  type: 'circle' as const,
  format: 'distance' as const,
  distance: { center, radius: '1.5 km' },
});

describe('locations', () => {
  test('list newest first, narrowed by filters and end_date, paged by limit; get by id', async () => {
    const { locations } = state();
    const oldTown = locations.create({ name: 'Old town', shape: circle('geo:52.2297,21.0122') });
    mock.service.clock.advance(60_000);
    locations.create({ name: 'Old harbour', shape: circle('geo:54.35,18.65') });
    mock.service.clock.advance(60_000);
    locations.create({ name: 'Airport', shape: circle('geo:52.17,20.97') });
    const client = mock.serverClient();
    const all = await client.GET('/v1/locations');
    expect(all.data).toMatchObject({ object: 'list', data_ref: 'data', total: 3, has_more: false });
    expect(all.data?.data.map((location) => location.name)).toEqual(['Airport', 'Old harbour', 'Old town']);
    const old = await mock.raw('/v1/locations?filters[name][conditions][$starts_with]=old&order=created_at&limit=1', {
      headers: serverHeaders(mock.service),
    });
    expect(await old.json()).toMatchObject({
      total: 2,
      has_more: true,
      data: [{ id: oldTown.id, object: 'location', updated_at: null }],
    });
    const before = await client.GET('/v1/locations', { params: { query: { end_date: '2026-01-01T00:01:30.000Z' } } });
    expect(before.data?.total).toBe(2);
    const bad = await mock.raw('/v1/locations?filters[shape][conditions][$is]=x', {
      headers: serverHeaders(mock.service),
    });
    expect(await bad.json()).toMatchObject({
      code: 400,
      key: 'invalid_query_params',
      details: expect.stringContaining('filters[shape]'),
    });
    expect(
      (await client.GET('/v1/locations/{locationId}', { params: { path: { locationId: oldTown.id } } })).data?.shape,
    ).toEqual(oldTown.shape);
    const missing = await client.GET('/v1/locations/{locationId}', {
      params: { path: { locationId: 'loc_000000000000000000' } },
    });
    expect(missing.error).toMatchObject({ code: 404, resource_type: 'location' });
  });
});

describe('locations in segment filters', () => {
  test('$in_location selects the customers whose geopoint metadata lies inside the location', async () => {
    const { locations, customers, segments } = state();
    const oldTown = locations.create({ name: 'Old town', shape: circle('geo:52.2297,21.0122') });
    const square = locations.create({
      name: 'Square',
      shape: {
        type: 'polygon',
        format: 'geojson',
        geojson: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [10, 0],
              [10, 10],
              [0, 10],
              [0, 0],
            ],
          ],
        },
      },
    });
    customers.upsert({ source_id: 'near', metadata: { home: 'geo:52.2300,21.0100' } });
    customers.upsert({ source_id: 'far', metadata: { home: 'geo:52.4064,16.9252' } });
    customers.upsert({ source_id: 'square', metadata: { home: { latitude: 5, longitude: 5 } } });
    customers.upsert({ source_id: 'nowhere' });
    const local = segments.create({
      name: 'Local',
      type: 'passive',
      filter: { junction: 'or', 'metadata.home': { conditions: { $in_location: [oldTown.id, square.id] } } },
    });
    const { data } = await mock
      .serverClient()
      .GET('/v1/customers', { params: { query: { segment_id: local.id, order: 'source_id' } } });
    expect(data?.customers.map((customer) => customer.source_id)).toEqual(['near', 'square']);
    const ghost = segments.create({
      name: 'Ghost',
      type: 'passive',
      filter: { junction: 'and', 'metadata.home': { conditions: { $in_location: ['loc_000000000000000000'] } } },
    });
    expect(customers.all().filter((customer) => segments.includes(ghost.id, customer))).toEqual([]);
  });
});

describe('custom events', () => {
  test('tracking creates an unknown customer, answers the event, and shows in the customer activity', async () => {
    const client = mock.serverClient();
    const { data } = await client.POST('/v1/events', {
      body: {
        event: 'newsletter_subscribed',
        customer: { source_id: 'ana', name: 'Ana' },
        metadata: { channel: 'web' },
        referral: { code: 'REF-1' },
      },
    });
    const ana = state().customers.get('ana');
    expect(data).toEqual({
      object: 'event',
      type: 'newsletter_subscribed',
      // A customer without metadata comes without the key, as the service sends it.
      customer: { object: 'customer', id: ana.id, source_id: 'ana', name: 'Ana', email: null },
      referral: { code: 'REF-1' },
      loyalty: null,
      metadata: { channel: 'web' },
    });
    const activity = await client.GET('/v1/customers/{customerId}/activity', {
      params: { path: { customerId: ana.id } },
    });
    expect(activity.data?.data.map((entry) => entry.type)).toEqual(['customer.custom_event', 'customer.created']);
    expect(activity.data?.data[0]?.data?.data).toMatchObject({
      event: {
        id: expect.stringMatching(/^evcus_/),
        object: 'event',
        type: 'newsletter_subscribed',
        customer: { id: ana.id },
        metadata: { channel: 'web' },
      },
      event_schema: { name: 'newsletter_subscribed' },
      customer: { id: ana.id },
      referral: null,
      loyalty: null,
    });
  });

  test('segments select on a customer’s custom events (events.<name>.count), and an active segment reacts', async () => {
    const { segments, customers } = state();
    customers.upsert({ source_id: 'ana' });
    const fans = segments.create({
      name: 'Reviewers',
      type: 'auto-update',
      filter: { junction: 'and', 'events.review_left.count': { conditions: { $more_than: [1] } } },
    });
    const client = mock.serverClient();
    const track = () => client.POST('/v1/events', { body: { event: 'review_left', customer: 'ana' } });
    await track();
    expect(segments.includes(fans.id, customers.get('ana'))).toBe(false);
    await track();
    expect(segments.includes(fans.id, customers.get('ana'))).toBe(true);
    const members = await client.GET('/v1/customers', { params: { query: { segment_id: fans.id } } });
    expect(members.data?.customers.map((customer) => customer.source_id)).toEqual(['ana']);
    expect(state().events.list({ type: 'customer.segment.entered' })).toHaveLength(1);
  });

  test('the client-side endpoint takes client keys and records the CLIENT_API channel', async () => {
    const { clientAppId, clientToken } = mock.service.projects.primary.keys;
    const response = await mock.raw('/client/v1/events', {
      method: 'POST',
      headers: {
        'X-Client-Application-Id': clientAppId,
        'X-Client-Token': clientToken,
        'content-type': 'application/json',
        origin: 'https://shop.example.com',
      },
      body: JSON.stringify({ event: 'page_viewed', customer: { source_id: 'visitor-1' } }),
    });
    expect(response.status).toBe(200);
    const [event] = state().events.list({ type: 'customer.custom_event' });
    expect(event?.event_source).toEqual({ channel: 'CLIENT_API' });
    const unknown = await mock
      .serverClient()
      .POST('/v1/events', { body: { event: 'x', customer: { id: 'cust_000000000000000000' } } });
    expect(unknown.error).toMatchObject({ code: 404, resource_type: 'customer' });
    // A customer described without id or source_id is created, as redemptions do (decision 0036).
    const anonymous = await mock
      .serverClient()
      .POST('/v1/events', { body: { event: 'x', customer: { name: 'Nobody' } } });
    expect(anonymous.response.status).toBe(200);
    expect(
      state()
        .customers.list({})
        .items.find((customer) => customer.name === 'Nobody'),
    ).toMatchObject({ source_id: null });
  });
});
