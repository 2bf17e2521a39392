import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../../../support/setup.js';

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
