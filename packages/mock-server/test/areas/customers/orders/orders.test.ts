import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createMockService, fullService } from '../../../../src/service.js';
import { useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;

const catalogue = () => {
  const { products } = state();
  const mug = products.upsert({ source_id: 'mug', name: 'Mug', price: 1000 }).product;
  const gold = products.upsertSku(mug.id, { source_id: 'mug-gold', sku: 'Gold mug', price: 2500 }).sku;
  return { mug, gold };
};

const createOrder = async (body: Record<string, unknown>) => {
  const { data, error } = await mock.serverClient().POST('/v1/orders', { body });
  if (!data) throw new Error(`order not created: ${JSON.stringify(error)}`);
  return data;
};

describe('orders: create and amounts', () => {
  test('lines resolve to products and SKUs by id or source_id and are priced from the catalogue when they carry no price', async () => {
    const { mug, gold } = catalogue();
    const order = await createOrder({
      source_id: 'o-1',
      customer: { source_id: 'ana', name: 'Ana' },
      items: [
        { product_id: mug.id, quantity: 2 },
        { source_id: 'mug-gold', related_object: 'sku', quantity: '1' },
        { source_id: 'mug', related_object: 'product', quantity: 1, price: 800 },
        { source_id: 'unknown-thing', quantity: 3, amount: 600 },
      ],
    });
    expect(order).toMatchObject({
      id: expect.stringMatching(/^ord_[0-9a-f]{18}$/),
      source_id: 'o-1',
      status: 'CREATED',
      object: 'order',
      amount: 2000 + 2500 + 800 + 600,
      total_amount: 5900,
      customer: { object: 'customer' },
      referrer_id: null,
    });
    // Amounts that nothing discounted are left out, as the service leaves them out; so is metadata never given.
    for (const key of ['discount_amount', 'items_discount_amount', 'total_discount_amount', 'metadata', 'redemptions'])
      expect(order).not.toHaveProperty(key);
    expect(
      order.items?.map((item) => [item.product_id, item.sku_id, item.related_object, item.price, item.amount]),
    ).toEqual([
      [mug.id, undefined, 'product', 1000, 2000],
      [mug.id, gold.id, 'sku', 2500, 2500],
      [mug.id, undefined, 'product', 800, 800],
      [undefined, undefined, undefined, undefined, 600],
    ]);
    expect(order.items?.[1]).toMatchObject({
      object: 'order_item',
      source_id: 'mug-gold',
      product: { id: mug.id, name: 'Mug' },
      sku: { id: gold.id, sku: 'Gold mug' },
    });
    expect(state().customers.get('ana').id).toBe(order.customer_id);
  });

  test('an amount sent wins over the lines; product data with override is stored in the catalogue', async () => {
    const order = await createOrder({
      amount: 9999,
      items: [
        {
          source_id: 'poster',
          related_object: 'product',
          quantity: 2,
          product: { name: 'Poster', price: 1500, override: true },
        },
      ],
    });
    expect(order).toMatchObject({ amount: 9999, total_amount: 9999, customer_id: null });
    expect(order.items?.[0]).toMatchObject({ amount: 3000, price: 1500, product: { name: 'Poster' } });
    expect(state().products.get('poster')).toMatchObject({ name: 'Poster', price: 1500 });
    const notStored = await createOrder({ items: [{ source_id: 'flyer', product: { name: 'Flyer', price: 100 } }] });
    expect(notStored.amount).toBe(100);
    expect(state().products.find('flyer')).toBeUndefined();
  });

  test('a line that names a product or SKU the catalogue lacks keeps the ids as given, as the service does', async () => {
    const client = mock.serverClient();
    const { data } = await client.POST('/v1/orders', {
      body: {
        items: [
          { product_id: 'test_order_item1', quantity: 1, price: 500 },
          { sku_id: 'sku_unknown', quantity: 2 },
          { product: { id: 'prod_nowhere' }, quantity: 1 },
        ],
      },
    });
    expect(data?.items?.map((item) => [item.product_id, item.sku_id])).toEqual([
      ['test_order_item1', undefined],
      [undefined, 'sku_unknown'],
      ['prod_nowhere', undefined],
    ]);
    expect(data?.items?.[1]).toMatchObject({ object: 'order_item', quantity: 2 });
    expect(data).toMatchObject({ amount: 500 });
    expect(state().products.find('test_order_item1')).toBeUndefined();
  });

  test('a line with a bad quantity is 400 invalid_order, and nothing is written', async () => {
    const client = mock.serverClient();
    const quantity = await client.POST('/v1/orders', {
      body: { items: [{ source_id: 'x', quantity: 'many', price: 1 }] },
    });
    expect(quantity.error).toMatchObject({
      code: 400,
      key: 'invalid_order',
      details: expect.stringContaining('.items[0].quantity'),
    });
    const discount = await client.POST('/v1/orders', { body: { amount: 100, discount_amount: 200 } });
    expect(discount.error).toMatchObject({ code: 400, key: 'invalid_amount' });
    const customer = await client.POST('/v1/orders', {
      body: {
        customer: { id: 'cust_000000000000000000' },
        items: [{ source_id: 'new', product: { name: 'New', override: true } }],
      },
    });
    expect(customer.error).toMatchObject({ code: 404, resource_type: 'customer' });
    expect(state().products.find('new')).toBeUndefined();
    expect(state().orders.all()).toEqual([]);
  });

  test('calculate prices an order without storing it', () => {
    const { mug } = catalogue();
    const calculated = state().orders.calculate({ items: [{ product_id: mug.id, quantity: 3 }] });
    expect(calculated).toMatchObject({ amount: 3000, total_amount: 3000 });
    expect(state().orders.all()).toEqual([]);
  });
});

describe('orders: upsert, update, events and customer summaries', () => {
  test('a known source_id updates the order; status changes record order events and move the customer summary', async () => {
    catalogue();
    const first = await createOrder({ source_id: 'o-1', customer: 'ana', items: [{ source_id: 'mug', quantity: 2 }] });
    mock.service.clock.advance(1_000);
    const paid = await createOrder({ source_id: 'o-1', status: 'PAID' });
    expect(paid).toMatchObject({ id: first.id, status: 'PAID', amount: 2000, updated_at: '2026-01-01T00:00:01.000Z' });
    const client = mock.serverClient();
    const customer = await client.GET('/v1/customers/{customerId}', { params: { path: { customerId: 'ana' } } });
    expect(customer.data?.summary?.orders).toEqual({
      total_amount: 2000,
      total_count: 1,
      average_amount: 2000,
      last_order_amount: 2000,
      last_order_date: first.created_at,
    });
    await createOrder({ source_id: 'o-2', status: 'FULFILLED', customer: 'ana', amount: 1000 });
    expect(state().customers.get('ana').summary?.orders).toMatchObject({
      total_amount: 3000,
      total_count: 2,
      average_amount: 1500,
      last_order_amount: 1000,
    });
    const canceled = await client.PUT('/v1/orders/{orderId}', {
      params: { path: { orderId: 'o-1' } },
      body: { status: 'CANCELED', metadata: { reason: 'late' } },
    });
    expect(canceled.data).toMatchObject({ status: 'CANCELED', metadata: { reason: 'late' }, amount: 2000 });
    expect(state().customers.get('ana').summary?.orders).toMatchObject({ total_amount: 1000, total_count: 1 });
    const orderEvents = state()
      .events.list()
      .filter((event) => event.type.startsWith('customer.order.'))
      .map((event) => event.type);
    expect(orderEvents).toEqual([
      'customer.order.created',
      'customer.order.updated',
      'customer.order.paid',
      'customer.order.created',
      'customer.order.updated',
      'customer.order.canceled',
    ]);
    const activity = await client.GET('/v1/customers/{customerId}/activity', {
      params: { path: { customerId: 'ana' }, query: { type: 'customer.order.paid' } },
    });
    expect(activity.data?.data[0]?.data?.data).toMatchObject({
      order: { id: first.id, status: 'PAID' },
      customer: { source_id: 'ana' },
    });
  });

  test('get by id or source_id, update lines, 404 for unknown orders', async () => {
    catalogue();
    const order = await createOrder({ source_id: 'o-1', items: [{ source_id: 'mug', quantity: 1 }] });
    const client = mock.serverClient();
    expect((await client.GET('/v1/orders/{orderId}', { params: { path: { orderId: 'o-1' } } })).data?.id).toBe(
      order.id,
    );
    const relined = await client.PUT('/v1/orders/{orderId}', {
      params: { path: { orderId: order.id ?? '' } },
      body: { items: [{ source_id: 'mug-gold', related_object: 'sku', quantity: 2 }] },
    });
    expect(relined.data).toMatchObject({ amount: 5000, items: [{ quantity: 2, amount: 5000 }] });
    const referred = await client.PUT('/v1/orders/{orderId}', {
      params: { path: { orderId: order.id ?? '' } },
      body: { referrer: { source_id: 'ben' } },
    });
    expect(referred.data).toMatchObject({
      referrer: { id: state().customers.get('ben').id, object: 'customer' },
      amount: 5000,
    });
    const missing = await client.GET('/v1/orders/{orderId}', { params: { path: { orderId: 'nothing' } } });
    expect(missing.error).toMatchObject({ code: 404, resource_type: 'order', resource_id: 'nothing' });
    const missingUpdate = await client.PUT('/v1/orders/{orderId}', {
      params: { path: { orderId: 'nothing' } },
      body: { status: 'PAID' },
    });
    expect(missingUpdate.response.status).toBe(404);
  });

  test('metadata is checked against the order metadata schema', async () => {
    state().metadataSchemas.create('order', { properties: { channel: { type: 'string', optional: false } } });
    const { error } = await mock.serverClient().POST('/v1/orders', { body: { amount: 100 } });
    expect(error).toMatchObject({ code: 400, key: 'metadata_validation_failed' });
  });

  test('list newest first, by page and order', async () => {
    for (const source_id of ['a', 'b', 'c']) {
      await createOrder({ source_id, amount: 100 });
      mock.service.clock.advance(1_000);
    }
    const client = mock.serverClient();
    const all = await client.GET('/v1/orders');
    expect(all.data).toMatchObject({ object: 'list', data_ref: 'orders', total: 3 });
    expect(all.data?.orders.map((order) => order.source_id)).toEqual(['c', 'b', 'a']);
    const page = await client.GET('/v1/orders', { params: { query: { order: 'created_at', limit: 2, page: 2 } } });
    expect(page.data?.orders.map((order) => order.source_id)).toEqual(['c']);
  });
});

describe('orders: import', () => {
  test('imports run in the background, record no events, and fail line by line', async () => {
    const client = mock.serverClient();
    const { data } = await client.POST('/v1/orders/import', {
      body: [
        { source_id: 'h-1', status: 'PAID', amount: 4500, customer: { source_id: 'ana' } },
        { source_id: 'h-2', items: [{ product_id: 'prod_000000000000000000', quantity: -1 }] },
        { source_id: 'h-3', status: 'FULFILLED', amount: 1000, customer: 'ana' },
      ],
    });
    const actionId = data?.async_action_id ?? '';
    expect(actionId).toMatch(/^aa_/);
    expect(state().orders.all()).toEqual([]);
    await mock.service.scheduler.drain();
    const action = await client.GET('/v1/async-actions/{asyncActionId}', {
      params: { path: { asyncActionId: actionId } },
    });
    expect(action.data).toMatchObject({
      type: 'ORDERS.IMPORT',
      status: 'DONE',
      result: {
        done_count: 2,
        failed_count: 1,
        failed: [{ source_id: 'h-2', reason: expect.stringContaining('.items[0].quantity') }],
      },
    });
    expect(state().orders.get('h-1')).toMatchObject({ status: 'PAID', amount: 4500 });
    expect(state().customers.get('ana').summary?.orders).toMatchObject({ total_count: 2, total_amount: 5500 });
    expect(state().events.list()).toEqual([]);
  });
});

describe('orders: the index by customer', () => {
  test("and the customers' order totals agree with a scan of every order after creations, changes, moves between customers and erasures", () => {
    const step = fc.record({
      kind: fc.constantFrom('create', 'move', 'status', 'forget'),
      customer: fc.integer({ min: 0, max: 3 }),
      order: fc.nat(),
      status: fc.constantFrom('CREATED', 'PAID', 'FULFILLED', 'CANCELED'),
      amount: fc.integer({ min: 0, max: 100_000 }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const { orders, customers } = fullService(
          createMockService({
            seed: 'orders-index',
            clock: { frozenAt: '2026-01-01T00:00:00Z' },
          }),
        ).projects.primary.state;
        for (const { kind, customer, order, status, amount } of steps) {
          const ids = orders.all().map((stored) => stored.id);
          const target = ids[order % Math.max(1, ids.length)];
          if (kind === 'create' || target === undefined)
            orders.upsert({ customer: { source_id: `c${customer}` }, amount, status });
          else if (kind === 'move') orders.update(target, { customer: { source_id: `c${customer}` } });
          else if (kind === 'status') orders.update(target, { status, amount });
          else {
            const found = customers.find(`c${customer}`);
            if (found) orders.forgetCustomer(found.id);
          }
        }
        for (const customer of customers.list({ limit: 100 }).items) {
          const scanned = orders.all().filter((stored) => stored.customer_id === customer.id);
          expect(orders.ofCustomer(customer.id).map((stored) => stored.id)).toEqual(scanned.map((stored) => stored.id));
          const counted = scanned.filter((stored) => stored.status === 'PAID' || stored.status === 'FULFILLED');
          const last = counted.reduce<(typeof counted)[number] | undefined>(
            (latest, stored) =>
              latest === undefined || (stored.created_at ?? '') >= (latest.created_at ?? '') ? stored : latest,
            undefined,
          );
          expect(orders.summaryOf(customer.id)).toMatchObject({
            total_count: counted.length,
            total_amount: counted.reduce((sum, stored) => sum + (stored.total_amount ?? 0), 0),
            last_order_amount: last?.total_amount ?? 0,
          });
        }
      }),
      { numRuns: 60 },
    );
  });
});
