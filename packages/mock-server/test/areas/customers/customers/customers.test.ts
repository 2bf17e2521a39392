import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;

const createCustomer = async (body: Record<string, unknown>) => {
  const { data, error } = await mock.serverClient().POST('/v1/customers', { body });
  if (!data) throw new Error(`customer not created: ${JSON.stringify(error)}`);
  return data;
};

const customerEvents = (type?: 'customer.created' | 'customer.updated' | 'customer.deleted') =>
  state()
    .events.list(type === undefined ? {} : { type })
    .filter((event) => event.type.startsWith('customer.'));

describe('customers: create, upsert, get, update, delete', () => {
  test('create gives a cust_ id, empty summaries and records customer.created', async () => {
    const ana = await createCustomer({
      source_id: 'ana@example.com',
      name: 'Ana',
      address: { city: 'Porto' },
      metadata: { vip: true },
    });
    expect(ana).toMatchObject({
      id: expect.stringMatching(/^cust_[0-9a-f]{18}$/),
      source_id: 'ana@example.com',
      name: 'Ana',
      address: { city: 'Porto' },
      metadata: { vip: true },
      object: 'customer',
      created_at: '2026-01-01T00:00:00.000Z',
      summary: { orders: { total_count: 0, total_amount: 0 }, redemptions: { total_redeemed: 0 } },
      loyalty: { points: 0 },
    });
    expect(customerEvents().map((event) => [event.type, event.entity_id])).toEqual([['customer.created', ana.id]]);
  });

  test('a known source_id or id updates that customer instead (upsert), and customer.updated follows only a real change', async () => {
    const first = await createCustomer({ source_id: 'ana', name: 'Ana', metadata: { a: 1, b: 2 } });
    mock.service.clock.advance(1_000);
    const again = await createCustomer({ source_id: 'ana', email: 'ana@example.com', metadata: { b: null, c: 3 } });
    expect(again).toMatchObject({
      id: first.id,
      name: 'Ana',
      email: 'ana@example.com',
      metadata: { a: 1, c: 3 },
      updated_at: '2026-01-01T00:00:01.000Z',
    });
    expect(again.metadata).not.toHaveProperty('b');
    const byId = await createCustomer({ id: first.id, source_id: 'ignored', phone: '+351 1' });
    expect(byId).toMatchObject({ id: first.id, source_id: 'ana', phone: '+351 1' });
    const repeat = await createCustomer({ source_id: 'ana', phone: '+351 1' });
    expect(repeat.updated_at).toBe(byId.updated_at);
    expect(customerEvents().map((event) => event.type)).toEqual([
      'customer.created',
      'customer.updated',
      'customer.updated',
    ]);
    expect(state().customers.size).toBe(1);
  });

  test('create with an unknown id is 404; without id and source_id a customer has source_id null', async () => {
    const unknown = await mock
      .serverClient()
      .POST('/v1/customers', { body: { id: 'cust_000000000000000000', name: 'X' } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toMatchObject({
      key: 'not_found',
      resource_type: 'customer',
      resource_id: 'cust_000000000000000000',
    });
    const anonymous = await createCustomer({ email: 'someone@example.com' });
    expect(anonymous.source_id).toBeNull();
  });

  test('get by id or source_id, 404 for neither', async () => {
    const ana = await createCustomer({ source_id: 'ana@example.com' });
    const client = mock.serverClient();
    for (const customerId of [ana.id, 'ana@example.com']) {
      const { data } = await client.GET('/v1/customers/{customerId}', { params: { path: { customerId } } });
      expect(data?.id).toBe(ana.id);
    }
    const missing = await client.GET('/v1/customers/{customerId}', { params: { path: { customerId: 'nobody' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ key: 'not_found', resource_id: 'nobody', resource_type: 'customer' });
  });

  test('update changes the fields sent: address parts merge, null clears; birthday fills birthdate', async () => {
    const ana = await createCustomer({ source_id: 'ana', address: { city: 'Porto', line_1: 'Rua 1' } });
    mock.service.clock.advance(5_000);
    const client = mock.serverClient();
    const { data } = await client.PUT('/v1/customers/{customerId}', {
      params: { path: { customerId: 'ana' } },
      body: { address: { line_1: null, postal_code: '4000' }, birthday: '1990-05-01', description: 'regular' },
    });
    expect(data).toMatchObject({
      id: ana.id,
      address: { city: 'Porto', line_1: null, postal_code: '4000' },
      birthdate: '1990-05-01',
      description: 'regular',
      updated_at: '2026-01-01T00:00:05.000Z',
    });
    const cleared = await client.PUT('/v1/customers/{customerId}', {
      params: { path: { customerId: ana.id } },
      body: { address: null },
    });
    expect(cleared.data?.address).toBeNull();
    const [created, updated, updatedAgain] = customerEvents();
    expect([created?.type, updated?.type, updatedAgain?.type]).toEqual([
      'customer.created',
      'customer.updated',
      'customer.updated',
    ]);
    expect(updated?.data).toMatchObject({ customer: { id: ana.id, description: 'regular' } });
  });

  test('metadata is checked against the customer metadata schema', async () => {
    state().metadataSchemas.create('customer', { properties: { vip: { type: 'boolean', optional: true } } });
    const { response, error } = await mock
      .serverClient()
      .POST('/v1/customers', { body: { source_id: 'x', metadata: { vip: 'yes' } } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ key: 'metadata_validation_failed' });
    expect(state().customers.size).toBe(0);
  });

  test('delete frees the source_id and records customer.deleted', async () => {
    const ana = await createCustomer({ source_id: 'ana' });
    const client = mock.serverClient();
    const deleted = await client.DELETE('/v1/customers/{customerId}', { params: { path: { customerId: 'ana' } } });
    expect(deleted.response.status).toBe(204);
    expect(
      (await client.GET('/v1/customers/{customerId}', { params: { path: { customerId: ana.id } } })).response.status,
    ).toBe(404);
    expect(customerEvents('customer.deleted').map((event) => event.entity_id)).toEqual([ana.id]);
    const reborn = await createCustomer({ source_id: 'ana' });
    expect(reborn.id).not.toBe(ana.id);
    expect(
      (await client.DELETE('/v1/customers/{customerId}', { params: { path: { customerId: ana.id } } })).response.status,
    ).toBe(404);
  });

  test('permanent deletion erases the customer with its orders and static segment memberships, and is recorded DONE', async () => {
    const ana = await createCustomer({ source_id: 'ana' });
    state().orders.upsert({ source_id: 'o-1', customer: { id: ana.id }, amount: 1000 });
    state().orders.upsert({ source_id: 'o-2', customer: 'ana', amount: 2000 });
    const segment = state().segments.create({ name: 'Fans', type: 'static', customers: [ana.id] });
    const client = mock.serverClient();
    const { data } = await client.POST('/v1/customers/{customerId}/permanent-deletion', {
      params: { path: { customerId: 'ana' } },
    });
    expect(data).toMatchObject({
      id: expect.stringMatching(/^del_[0-9a-f]{18}$/),
      related_object_id: ana.id,
      related_object: 'customer',
      status: 'DONE',
      object: 'pernament_deletion',
      data_json: { orders: 2, segments: 1, customer: 1, customer_events: 3 },
    });
    expect(state().orders.all()).toEqual([]);
    expect(state().segments.includes(segment.id, ana)).toBe(false);
    const again = await client.POST('/v1/customers/{customerId}/permanent-deletion', {
      params: { path: { customerId: ana.id } },
    });
    expect(again.data).toEqual(data);
    const unknown = await client.POST('/v1/customers/{customerId}/permanent-deletion', {
      params: { path: { customerId: 'nobody' } },
    });
    expect(unknown.response.status).toBe(404);
  });
});

describe('customers: list', () => {
  const seed = async () => {
    const made = [];
    for (const [source_id, city, name] of [
      ['a', 'Porto', 'Ana'],
      ['b', 'Lisbon', 'Ben'],
      ['c', 'Porto', 'Cho'],
      ['d', 'Faro', 'Dan'],
    ] as const) {
      made.push(await createCustomer({ source_id, name, email: `${source_id}@example.com`, address: { city } }));
      mock.service.clock.advance(60_000);
    }
    return made;
  };

  test('newest first by default, with the shortcut filters compiled by the filter engine', async () => {
    await seed();
    const client = mock.serverClient();
    const all = await client.GET('/v1/customers');
    expect(all.data).toMatchObject({ object: 'list', data_ref: 'customers', total: 4, has_more: false });
    expect(all.data?.customers.map((customer) => customer.source_id)).toEqual(['d', 'c', 'b', 'a']);
    const porto = await client.GET('/v1/customers', { params: { query: { city: 'Porto' } } });
    expect(porto.data?.customers.map((customer) => customer.source_id)).toEqual(['c', 'a']);
    const byEmail = await client.GET('/v1/customers', { params: { query: { email: 'b@example.com' } } });
    expect(byEmail.data?.customers.map((customer) => customer.name)).toEqual(['Ben']);
    const byName = await client.GET('/v1/customers', { params: { query: { name: 'Dan', order: 'source_id' } } });
    expect(byName.data?.total).toBe(1);
    const window = await client.GET('/v1/customers', {
      params: {
        query: {
          'created_at[after]': '2026-01-01T00:00:30.000Z',
          'created_at[before]': '2026-01-01T00:02:30.000Z',
          order: 'created_at',
        },
      },
    });
    expect(window.data?.customers.map((customer) => customer.source_id)).toEqual(['b', 'c']);
  });

  test('pages by page and limit, and by starting_after, a created_at, in the direction of the order', async () => {
    const made = await seed();
    const client = mock.serverClient();
    const second = await client.GET('/v1/customers', { params: { query: { limit: 3, page: 2 } } });
    expect(second.data).toMatchObject({ total: 4, has_more: false });
    expect(second.data?.customers.map((customer) => customer.source_id)).toEqual(['a']);
    const first = await client.GET('/v1/customers', { params: { query: { limit: 2 } } });
    expect(first.data?.has_more).toBe(true);
    const last = first.data?.customers.at(-1);
    const next = await client.GET('/v1/customers', {
      params: { query: { limit: 2, starting_after: last?.created_at ?? '' } },
    });
    expect(next.data?.customers.map((customer) => customer.source_id)).toEqual(['b', 'a']);
    expect(next.data?.has_more).toBe(false);
    const ascending = await client.GET('/v1/customers', {
      params: { query: { order: 'created_at', starting_after: made[1]?.created_at ?? '' } },
    });
    expect(ascending.data?.customers.map((customer) => customer.source_id)).toEqual(['c', 'd']);
  });

  test('a segment_id that names no segment is a bad query parameter', async () => {
    const { response, error } = await mock
      .serverClient()
      .GET('/v1/customers', { params: { query: { segment_id: 'seg_000000000000000000' } } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ key: 'invalid_query_params', details: expect.stringContaining('segment_id') });
  });

  test('a malformed date is refused', async () => {
    const response = await mock.raw('/v1/customers?created_at[after]=yesterday', {
      headers: serverHeaders(mock.service),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ key: 'invalid_query_params' });
  });
});

describe('customers: activity, segments, redeemables', () => {
  test('activity lists the customer events, newest first, narrowed and paged by starting_after_id', async () => {
    const ana = await createCustomer({ source_id: 'ana' });
    for (const name of ['A', 'B', 'C']) {
      mock.service.clock.advance(1_000);
      await mock
        .serverClient()
        .PUT('/v1/customers/{customerId}', { params: { path: { customerId: 'ana' } }, body: { name } });
    }
    await createCustomer({ source_id: 'ben' });
    const client = mock.serverClient();
    const path = { customerId: ana.id };
    const all = await client.GET('/v1/customers/{customerId}/activity', { params: { path } });
    expect(all.data).toMatchObject({ object: 'list', data_ref: 'data', has_more: false });
    expect(all.data?.data.map((activity) => activity.type)).toEqual([
      'customer.updated',
      'customer.updated',
      'customer.updated',
      'customer.created',
    ]);
    expect(all.data?.data[0]).toMatchObject({
      id: expect.stringMatching(/^evcus_/),
      data: { data: { customer: { name: 'C' } }, event_source: { channel: 'API' } },
    });
    const page = await client.GET('/v1/customers/{customerId}/activity', {
      params: { path, query: { limit: 2, order: 'created_at' } },
    });
    expect(page.data).toMatchObject({ has_more: true });
    const rest = await client.GET('/v1/customers/{customerId}/activity', {
      params: {
        path,
        query: { limit: 2, order: 'created_at', starting_after_id: page.data?.more_starting_after ?? '' },
      },
    });
    expect(
      rest.data?.data.map((activity) => (activity.data?.data as { customer?: { name?: string } }).customer?.name),
    ).toEqual(['B', 'C']);
    const created = await client.GET('/v1/customers/{customerId}/activity', {
      params: { path, query: { type: 'customer.created' } },
    });
    expect(created.data?.data).toHaveLength(1);
    const window = await client.GET('/v1/customers/{customerId}/activity', {
      params: { path, query: { start_date: '2026-01-01T00:00:01.500Z', end_date: '2026-01-01T00:00:02.500Z' } },
    });
    expect(window.data?.data).toHaveLength(1);
    const effects = await client.GET('/v1/customers/{customerId}/activity', {
      params: { path, query: { category: 'EFFECT' } },
    });
    expect(effects.data?.data).toEqual([]);
    const badCursor = await client.GET('/v1/customers/{customerId}/activity', {
      params: { path, query: { starting_after_id: 'evcus_000000000000000000' } },
    });
    expect(badCursor.error).toMatchObject({ key: 'invalid_query_params' });
    const unknown = await client.GET('/v1/customers/{customerId}/activity', {
      params: { path: { customerId: 'nobody' } },
    });
    expect(unknown.response.status).toBe(404);
  });

  test('redeemables answer an empty list until vouchers hold customers; filters are still checked', async () => {
    await createCustomer({ source_id: 'ana' });
    const client = mock.serverClient();
    const { data } = await client.GET('/v1/customers/{customerId}/redeemables', {
      params: { path: { customerId: 'ana' } },
    });
    expect(data).toEqual({ object: 'list', data_ref: 'data', data: [], total: 0, has_more: false });
    const malformed = await mock.raw('/v1/customers/ana/redeemables?filters[voucher_type][conditions][$iz]=X', {
      headers: serverHeaders(mock.service),
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      key: 'invalid_query_params',
      details: expect.stringContaining('filters[voucher_type][conditions][$iz]'),
    });
    const unknown = await client.GET('/v1/customers/{customerId}/redeemables', {
      params: { path: { customerId: 'nobody' } },
    });
    expect(unknown.response.status).toBe(404);
  });
});

describe('customers.resolve: the customer of a validation, redemption, publication or order', () => {
  test('{ source_id, … } creates or updates, { id } must exist, a string is an id or a source_id', () => {
    const { customers } = state();
    const created = customers.resolve({ source_id: 'ana', name: 'Ana', metadata: { vip: true } }, { requestId: 'v-1' });
    expect(created).toMatchObject({ created: true, changed: true, customer: { source_id: 'ana', name: 'Ana' } });
    const same = customers.resolve({ source_id: 'ana', name: 'Ana' });
    expect(same).toMatchObject({ created: false, changed: false, customer: { id: created.customer.id } });
    const renamed = customers.resolve({ id: created.customer.id, name: 'Ana S.' });
    expect(renamed).toMatchObject({ created: false, changed: true, customer: { name: 'Ana S.' } });
    expect(customers.resolve('ana').customer.id).toBe(created.customer.id);
    expect(customers.resolve(created.customer.id).customer.id).toBe(created.customer.id);
    expect(customers.resolve('ben').created).toBe(true);
    expect(() => customers.resolve({ id: 'cust_000000000000000000' })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => customers.resolve('cust_000000000000000000')).toThrow(expect.objectContaining({ status: 404 }));
    expect(customers.lookup({ source_id: 'nobody' })).toBeUndefined();
    const events = state()
      .events.list()
      .map((event) => [event.type, event.group_id]);
    expect(events).toEqual([
      ['customer.created', 'v-1'],
      ['customer.updated', expect.stringMatching(/^evcus_/)],
      ['customer.created', expect.stringMatching(/^evcus_/)],
    ]);
    customers.resolve({ source_id: 'cho' }, { silent: true });
    expect(state().events.list()).toHaveLength(3);
  });

  test('a customer named by neither id nor source_id is a new customer each time, without a source_id', () => {
    const { customers } = state();
    const first = customers.resolve({ name: 'Guest', email: 'guest@example.com', metadata: { channel: 'kiosk' } });
    const second = customers.resolve({ name: 'Guest', email: 'guest@example.com' });
    expect(first).toMatchObject({
      created: true,
      customer: { source_id: null, name: 'Guest', email: 'guest@example.com', metadata: { channel: 'kiosk' } },
    });
    expect(second.created).toBe(true);
    expect(second.customer.id).not.toBe(first.customer.id);
    expect(state().events.list({ type: 'customer.created' })).toHaveLength(2);
  });
});
