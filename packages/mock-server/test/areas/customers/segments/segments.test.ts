import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;

const PORTO = { junction: 'and' as const, 'address.city': { conditions: { $is: ['Porto'] } } };

const people = () => {
  const { customers } = state();
  const ana = customers.upsert({ source_id: 'ana', address: { city: 'Porto' }, metadata: { tier: 'gold' } }).customer;
  const ben = customers.upsert({
    source_id: 'ben',
    address: { city: 'Lisbon' },
    metadata: { tier: 'silver' },
  }).customer;
  const cho = customers.upsert({ source_id: 'cho', address: { city: 'Porto' } }).customer;
  return { ana, ben, cho };
};

const createSegment = async (body: Record<string, unknown>) => {
  const { data, error } = await mock.serverClient().POST('/v1/segments', { body: body as never });
  if (!data) throw new Error(`segment not created: ${JSON.stringify(error)}`);
  return data;
};

const memberIds = async (segmentId: string) => {
  const { data } = await mock
    .serverClient()
    .GET('/v1/customers', { params: { query: { segment_id: segmentId, order: 'source_id' } } });
  return data?.customers.map((customer) => customer.source_id);
};

describe('segments: create and membership', () => {
  test('a filter-based segment is passive by default and answers membership from the filter engine', async () => {
    people();
    const porto = await createSegment({ name: 'Porto', filter: PORTO });
    expect(porto).toMatchObject({
      id: expect.stringMatching(/^seg_[0-9a-f]{18}$/),
      name: 'Porto',
      type: 'passive',
      filter: PORTO,
      object: 'segment',
    });
    expect(porto).not.toHaveProperty('initial_sync_status');
    expect(await memberIds(porto.id)).toEqual(['ana', 'cho']);
    state().customers.update('ben', { address: { city: 'Porto' } });
    expect(await memberIds(porto.id)).toEqual(['ana', 'ben', 'cho']);
    const gold = await createSegment({
      name: 'Gold in Porto',
      type: 'auto-update',
      filter: { ...PORTO, 'metadata.tier': { conditions: { $in: ['gold', 'platinum'] } } },
    });
    expect(gold.type).toBe('auto-update');
    expect(await memberIds(gold.id)).toEqual(['ana']);
  });

  test('a static segment holds the customers it was given, by id or source_id', async () => {
    const { ana, ben } = people();
    const fixed = await createSegment({ name: 'Picked', type: 'static', customers: [ana.id, 'ben'] });
    expect(fixed).toMatchObject({ type: 'static', filter: null });
    expect(await memberIds(fixed.id)).toEqual(['ana', 'ben']);
    expect(state().segments.includes(fixed.id, ben)).toBe(true);
    const unknown = await mock
      .serverClient()
      .POST('/v1/segments', { body: { name: 'Bad', type: 'static', customers: ['nobody'] } });
    expect(unknown.error).toMatchObject({
      code: 400,
      key: 'invalid_payload',
      details: expect.stringContaining('nobody'),
    });
    expect(() =>
      state().segments.create({ name: 'Huge', type: 'static', customers: Array.from({ length: 20_001 }, () => 'ana') }),
    ).toThrow(expect.objectContaining({ status: 400, key: 'invalid_payload' }));
  });

  test('a name is required, a malformed filter is refused, and a project has at most 100 filter-based segments', async () => {
    const client = mock.serverClient();
    // The client's types mark `type` as required; the service defaults it, so the raw shape is sent.
    const nameless = await client.POST('/v1/segments', { body: { filter: PORTO } as never });
    expect(nameless.error).toMatchObject({ code: 400, details: 'Property .name is required' });
    const badPath = await client.POST('/v1/segments', {
      body: { name: 'X', type: 'passive', filter: { junction: 'and', 'a..b': { conditions: { $is: ['x'] } } } },
    });
    expect(badPath.error).toMatchObject({
      code: 400,
      key: 'invalid_payload',
      details: expect.stringContaining('.filter'),
    });
    for (let index = 0; index < 100; index++)
      state().segments.create({ name: `S${index}`, type: 'passive', filter: PORTO });
    const tooMany = await client.POST('/v1/segments', { body: { name: 'One more', type: 'passive', filter: PORTO } });
    expect(tooMany.error).toMatchObject({ code: 400, details: expect.stringContaining('100') });
    expect(
      (await client.POST('/v1/segments', { body: { name: 'Static is fine', type: 'static', customers: [] } })).response
        .status,
    ).toBe(200);
  });

  test('the segments of a customer; an unknown source_id gets those such a customer would join', async () => {
    const { ana } = people();
    const porto = await createSegment({ name: 'Porto', filter: PORTO });
    const anyone = await createSegment({
      name: 'Without tier',
      filter: { junction: 'and', 'metadata.tier': { conditions: { $is_unknown: [] } } },
    });
    const client = mock.serverClient();
    const own = await client.GET('/v1/customers/{customerId}/segments', { params: { path: { customerId: ana.id } } });
    expect(own.data).toMatchObject({
      object: 'list',
      data_ref: 'data',
      total: 1,
      data: [{ id: porto.id, name: 'Porto', object: 'segment' }],
    });
    const stranger = await client.GET('/v1/customers/{customerId}/segments', {
      params: { path: { customerId: 'stranger@example.com' } },
    });
    expect(stranger.data?.data.map((segment) => segment.id)).toEqual([anyone.id]);
  });

  test('relative day conditions count from the moment of asking', async () => {
    state().customers.upsert({ source_id: 'new' });
    const recent = await createSegment({
      name: 'Recent',
      filter: { junction: 'and', created_at: { conditions: { $less_than_ago: [2] } } },
    });
    expect(await memberIds(recent.id)).toEqual(['new']);
    mock.service.clock.advance(3 * 86_400_000);
    expect(await memberIds(recent.id)).toEqual([]);
  });
});

describe('segments: active segments send entered and left, passive ones do not', () => {
  test('customer.segment.entered and customer.segment.left follow customer changes for auto-update segments only', async () => {
    const { ben } = people();
    const active = await createSegment({ name: 'Porto (active)', type: 'auto-update', filter: PORTO });
    await createSegment({ name: 'Porto (passive)', filter: PORTO });
    const client = mock.serverClient();
    await client.PUT('/v1/customers/{customerId}', {
      params: { path: { customerId: 'ben' } },
      body: { address: { city: 'Porto' } },
    });
    await client.PUT('/v1/customers/{customerId}', {
      params: { path: { customerId: 'ana' } },
      body: { address: { city: 'Faro' } },
    });
    const moves = state()
      .events.list()
      .filter((event) => event.type.startsWith('customer.segment.'));
    expect(moves.map((event) => [event.type, event.data])).toEqual([
      [
        'customer.segment.entered',
        expect.objectContaining({
          customer: expect.objectContaining({ id: ben.id }),
          segment: { id: active.id, name: 'Porto (active)', object: 'segment' },
        }),
      ],
      ['customer.segment.left', expect.objectContaining({ segment: expect.objectContaining({ id: active.id }) })],
    ]);
    const activity = await client.GET('/v1/customers/{customerId}/activity', {
      params: { path: { customerId: ben.id }, query: { category: 'EFFECT' } },
    });
    expect(activity.data?.data.map((entry) => entry.type)).toEqual(['customer.segment.entered']);
  });
});

describe('segments: editing and activation', () => {
  test('a passive segment can be renamed and refiltered, with activities; an active or static one cannot be edited', async () => {
    people();
    const porto = await createSegment({ name: 'Porto', filter: PORTO });
    const client = mock.serverClient();
    const path = { segmentId: porto.id };
    mock.service.clock.advance(1_000);
    const renamed = await client.PUT('/v1/segments/{segmentId}', { params: { path }, body: { name: 'North' } });
    expect(renamed.data).toMatchObject({ name: 'North', updated_at: '2026-01-01T00:00:01.000Z' });
    const refiltered = await client.PUT('/v1/segments/{segmentId}', {
      params: { path },
      body: { filter: { junction: 'or', 'address.city': { conditions: { $is: ['Lisbon'] } } } },
    });
    expect(refiltered.data?.filter).toMatchObject({ junction: 'or' });
    expect(await memberIds(porto.id)).toEqual(['ben']);
    const noJunction = await mock.raw(`/v1/segments/${porto.id}`, {
      method: 'PUT',
      headers: serverHeaders(mock.service, { 'content-type': 'application/json' }),
      body: JSON.stringify({ filter: { 'address.city': { conditions: { $is: ['Faro'] } } } }),
    });
    expect(noJunction.status).toBe(400);
    state().segments.activate(porto.id, { requestId: 'v-earning-rule' });
    expect(state().segments.get(porto.id).type).toBe('auto-update');
    const locked = await client.PUT('/v1/segments/{segmentId}', { params: { path }, body: { name: 'Again' } });
    expect(locked.error).toMatchObject({ code: 400, key: 'segment_not_editable' });
    const fixed = await createSegment({ name: 'Fixed', type: 'static', customers: [] });
    const staticEdit = await client.PUT('/v1/segments/{segmentId}', {
      params: { path: { segmentId: fixed.id } },
      body: { name: 'X' },
    });
    expect(staticEdit.error).toMatchObject({ code: 400, key: 'segment_not_editable' });
    const activities = await client.GET('/v1/segments/{segmentId}/activities', { params: { path } });
    expect(activities.data?.data.map((activity) => [activity.type, activity.category])).toEqual([
      ['activated', 'EFFECT'],
      ['filters_updated', 'ACTION'],
      ['updated', 'ACTION'],
      ['created', 'ACTION'],
    ]);
    expect(activities.data?.data[0]?.group_id).toBe('v-earning-rule');
    const effects = await client.GET('/v1/segments/{segmentId}/activities', {
      params: { path, query: { category: 'EFFECT' } },
    });
    expect(effects.data?.data).toHaveLength(1);
    const filterChanges = await client.GET('/v1/segments/{segmentId}/activities', {
      params: { path, query: { type: 'filters_updated' } },
    });
    expect(filterChanges.data?.data[0]?.data).toMatchObject({ previous: { filter: { junction: 'and' } } });
    const first = await client.GET('/v1/segments/{segmentId}/activities', {
      params: { path, query: { order: 'created_at', limit: 2 } },
    });
    expect(first.data).toMatchObject({ has_more: true });
    const rest = await client.GET('/v1/segments/{segmentId}/activities', {
      params: {
        path,
        query: { order: 'created_at', limit: 2, starting_after_id: first.data?.starting_after_id ?? '' },
      },
    });
    expect(rest.data?.data.map((activity) => activity.type)).toEqual(['filters_updated', 'activated']);
    const tooMany = await mock.raw(`/v1/segments/${porto.id}/activities?limit=101`, {
      headers: serverHeaders(mock.service),
    });
    expect(tooMany.status).toBe(400);
  });

  test('activating an active or static segment changes nothing', () => {
    const { segments } = state();
    const active = segments.create({ name: 'A', type: 'auto-update', filter: PORTO });
    expect(segments.activate(active.id)).toEqual(active);
    const fixed = segments.create({ name: 'F', type: 'static', customers: [] });
    expect(segments.activate(fixed.id).type).toBe('static');
  });
});

describe('segments: list, get, delete', () => {
  test('newest first, at most 100 per page, narrowed by filters or ids, paged by starting_after', async () => {
    const ids: string[] = [];
    for (const [name, type] of [
      ['VIP', 'passive'],
      ['VIP active', 'auto-update'],
      ['Newcomers', 'passive'],
    ] as const) {
      ids.push((await createSegment({ name, type, filter: PORTO })).id);
      mock.service.clock.advance(60_000);
    }
    ids.push((await createSegment({ name: 'Fixed', type: 'static', customers: [] })).id);
    const client = mock.serverClient();
    const all = await client.GET('/v1/segments');
    expect(all.data).toMatchObject({ object: 'list', data_ref: 'data', total: 4, has_more: false });
    expect(all.data?.data.map((segment) => segment.name)).toEqual(['Fixed', 'Newcomers', 'VIP active', 'VIP']);
    const vip = await mock.raw(
      '/v1/segments?filters[name][conditions][$starts_with]=vip&filters[type][conditions][$is]=passive&filters[junction]=and',
      {
        headers: serverHeaders(mock.service),
      },
    );
    expect(((await vip.json()) as { data: { name: string }[] }).data.map((segment) => segment.name)).toEqual(['VIP']);
    const byIds = await mock.raw(`/v1/segments?ids=${ids[0]}&ids=${ids[3]}`, { headers: serverHeaders(mock.service) });
    expect(((await byIds.json()) as { total: number }).total).toBe(2);
    const oldest = await client.GET('/v1/segments', { params: { query: { order: 'created_at', limit: 1 } } });
    expect(oldest.data).toMatchObject({ has_more: true, data: [{ name: 'VIP' }] });
    const next = await client.GET('/v1/segments', {
      params: { query: { order: 'created_at', starting_after: oldest.data?.data[0]?.created_at ?? '' } },
    });
    expect(next.data?.data.map((segment) => segment.name)).toEqual(['VIP active', 'Newcomers', 'Fixed']);
    const tooMany = await mock.raw('/v1/segments?limit=101', { headers: serverHeaders(mock.service) });
    expect(await tooMany.json()).toMatchObject({ code: 400, key: 'invalid_query_params' });
    const badFilter = await mock.raw(
      '/v1/segments?filters[created_at][conditions][$after]=2026-01-01T00:00:00Z&filters[customers][conditions][$is]=x',
      {
        headers: serverHeaders(mock.service),
      },
    );
    expect(await badFilter.json()).toMatchObject({
      code: 400,
      key: 'invalid_query_params',
      details: expect.stringContaining('filters[customers]'),
    });
  });

  test('get and delete; the customers stay', async () => {
    people();
    const porto = await createSegment({ name: 'Porto', filter: PORTO });
    const client = mock.serverClient();
    expect(
      (await client.GET('/v1/segments/{segmentId}', { params: { path: { segmentId: porto.id } } })).data?.name,
    ).toBe('Porto');
    expect(
      (await client.DELETE('/v1/segments/{segmentId}', { params: { path: { segmentId: porto.id } } })).response.status,
    ).toBe(204);
    const gone = await client.GET('/v1/segments/{segmentId}', { params: { path: { segmentId: porto.id } } });
    expect(gone.error).toMatchObject({ code: 404, resource_type: 'segment', resource_id: porto.id });
    expect(state().customers.size).toBe(3);
  });
});
