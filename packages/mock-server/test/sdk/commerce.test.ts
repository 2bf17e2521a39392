/**
 * The official Voucherify SDK drives customers, products, orders and segments against the HTTP
 * sandbox in strict mode, as an app would.
 */
import { expect, test } from 'vitest';
import { useSdkSandbox } from './sandbox.js';

/** The SDK types a customer as possibly unconfirmed (without an id); the service sends one. */
type SdkCustomer = { id: string; name?: string | null };
const customerOf = (customer: unknown): SdkCustomer => customer as SdkCustomer;

const start = useSdkSandbox('commerce-sdk');

test('the official SDK manages customers, products, orders and segments against the sandbox', async () => {
  const { service, sdk } = await start();

  // Customers: create, upsert, update, get by source_id, list and scroll.
  const ana = customerOf(
    await sdk.customers.create({
      source_id: 'ana@example.com',
      name: 'Ana',
      address: { city: 'Porto' },
      metadata: { vip: true },
    }),
  );
  expect(ana).toMatchObject({ id: expect.stringMatching(/^cust_/), object: 'customer', source_id: 'ana@example.com' });
  expect(customerOf(await sdk.customers.create({ source_id: 'ana@example.com', email: 'ana@example.com' })).id).toBe(
    ana.id,
  );
  const updated = await sdk.customers.update({ source_id: 'ana@example.com', phone: '+351 200 000 000' });
  expect(updated).toMatchObject({ id: ana.id, email: 'ana@example.com', phone: '+351 200 000 000' });
  await sdk.customers.create({ source_id: 'ben@example.com', name: 'Ben', address: { city: 'Lisbon' } });
  expect(customerOf(await sdk.customers.get('ben@example.com')).name).toBe('Ben');
  const listed = await sdk.customers.list({ city: 'Porto' });
  expect(listed.customers.map((customer) => customerOf(customer).id)).toEqual([ana.id]);
  const scrolled: string[] = [];
  for await (const customer of sdk.customers.scroll({ limit: 1 }) as AsyncIterable<{ source_id?: string | null }>)
    scrolled.push(customer.source_id ?? '');
  expect(scrolled.sort()).toEqual(['ana@example.com', 'ben@example.com']);
  const activity = await sdk.customers.listActivity(ana.id);
  expect(activity.data.map((entry) => entry.type)).toContain('customer.updated');

  // Products and SKUs.
  const mug = await sdk.products.create({ source_id: 'mug', name: 'Mug', price: 1200, attributes: ['colour'] });
  const blue = await sdk.products.createSku(mug.id, {
    source_id: 'mug-blue',
    sku: 'Blue mug',
    price: 1500,
    attributes: { colour: 'blue' },
  });
  expect(blue).toMatchObject({ product_id: mug.id, object: 'sku' });
  expect((await sdk.products.getSku('mug-blue')).id).toBe(blue.id);
  expect((await sdk.products.get('mug')).skus?.total).toBe(1);
  expect((await sdk.products.update({ source_id: 'mug', price: 1300 })).price).toBe(1300);
  expect((await sdk.products.list()).total).toBe(1);

  // Orders priced from the catalogue, with the customer summary following the status.
  const order = await sdk.orders.create({
    source_id: 'order-1',
    customer: { source_id: 'ana@example.com' },
    items: [
      { product_id: mug.id, quantity: 2 },
      { sku_id: blue.id, quantity: 1 },
    ],
  });
  expect(order).toMatchObject({ amount: 2 * 1300 + 1500, total_amount: 4100, status: 'CREATED', customer_id: ana.id });
  const paid = await sdk.orders.update({ id: order.id, status: 'PAID' });
  expect(paid.status).toBe('PAID');
  expect((await sdk.orders.get('order-1')).id).toBe(order.id);
  expect((await sdk.orders.list()).total).toBe(1);
  expect((await sdk.customers.get(ana.id)).summary?.orders).toMatchObject({ total_count: 1, total_amount: 4100 });

  // Segments: a passive segment and the customers in it.
  const porto = await sdk.segments.create({
    name: 'Porto',
    type: 'auto-update',
    filter: { junction: 'AND', 'address.city': { conditions: { $is: ['Porto'] } } },
  });
  expect(porto).toMatchObject({ id: expect.stringMatching(/^seg_/), type: 'auto-update' });
  expect(porto).not.toHaveProperty('initial_sync_status');
  expect((await sdk.segments.get(porto.id)).name).toBe('Porto');
  const inPorto = await sdk.customers.list({ segment_id: porto.id } as never);
  expect(inPorto.customers.map((customer) => customerOf(customer).id)).toEqual([ana.id]);
  const anaSegments = await sdk.segments.list(ana.id);
  expect(anaSegments.data.map((segment) => segment.id)).toEqual([porto.id]);
  await sdk.customers.update({ source_id: 'ben@example.com', address: { city: 'Porto' } });
  expect(service.projects.primary.state.events.list({ type: 'customer.segment.entered' })).toHaveLength(1);
  await sdk.segments.delete(porto.id);
  await expect(sdk.segments.get(porto.id)).rejects.toMatchObject({ code: 404, key: 'not_found' });

  // Custom events, and deleting what was made.
  await sdk.events.create('newsletter_subscribed', {
    event: 'newsletter_subscribed',
    customer: { source_id: 'ana@example.com' },
  });
  expect((await sdk.customers.listActivity(ana.id)).data[0]?.type).toBe('customer.custom_event');
  await sdk.products.delete(mug.id, { force: true });
  await expect(sdk.products.get(mug.id)).rejects.toMatchObject({ code: 404 });
  await sdk.customers.delete(ana.id);
  await expect(sdk.customers.get(ana.id)).rejects.toMatchObject({ code: 404, key: 'not_found' });
});
