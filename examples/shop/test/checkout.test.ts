import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { createClient } from '@voucherkit/client';
import { type MockSnapshot, createFactories, createMockService } from '@voucherkit/mock-server';
import { setupServer } from 'msw/node';
import { checkout } from '../src/checkout.js';

const service = createMockService({ strict: true, clock: { frozenAt: '2026-01-01T00:00:00Z' } });
const server = setupServer(...service.handlers);
const make = createFactories(service);
let catalogue: MockSnapshot;

// The catalogue is made once, with factories; each test starts from its snapshot.
before(() => {
  server.listen({ onUnhandledRequest: 'error' });
  make.customer({ source_id: 'ana', name: 'Ana' });
  make.voucher({ code: 'TEN-OFF', discount: { type: 'PERCENT', percent_off: 10 } });
  make.voucher({ code: 'ONCE', discount: { type: 'AMOUNT', amount_off: 500 }, redemption: { quantity: 1 } });
  for (let index = 0; index < 200; index += 1) make.voucher();
  catalogue = service.snapshot();
});
beforeEach(() => service.restore(catalogue));
after(() => server.close());

const client = () => {
  const { appId, appToken } = service.projects.primary.keys;
  return createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId, appToken }, retry: false });
};

test('redeems the codes together and charges the discounted total', async () => {
  const result = await checkout(client(), { customer: 'ana', amount: 10_000, codes: ['TEN-OFF', 'ONCE'] });
  assert.deepEqual(result, { charged: 8_500, applied: ['TEN-OFF', 'ONCE'], refused: [] });
  // What the app sent: one validation, then one redemption of both codes for this order.
  const [redemption, ...more] = service.journal.calls('redeemStackedDiscounts');
  assert.equal(more.length, 0);
  assert.deepEqual(redemption?.body?.redeemables, [
    { object: 'voucher', id: 'TEN-OFF' },
    { object: 'voucher', id: 'ONCE' },
  ]);
  assert.equal(redemption?.body?.order?.amount, 10_000);
  assert.deepEqual(
    service.journal.calls().map((call) => call.operationId),
    ['validateStackedDiscounts', 'redeemStackedDiscounts'],
  );
});

test('each test starts from the catalogue: the single-use code is unused again', async () => {
  const result = await checkout(client(), { customer: 'ana', amount: 10_000, codes: ['ONCE'] });
  assert.equal(result.charged, 9_500);
});

test('a used-up code is refused before anything is redeemed', async () => {
  await checkout(client(), { customer: 'ana', amount: 10_000, codes: ['ONCE'] });
  const again = await checkout(client(), { customer: 'ana', amount: 10_000, codes: ['TEN-OFF', 'ONCE'] });
  assert.deepEqual(again, { charged: 10_000, applied: [], refused: [{ code: 'ONCE', reason: 'quantity_exceeded' }] });
  // The refusal left TEN-OFF unused: only the first checkout redeemed.
  assert.equal(service.journal.calls('redeemStackedDiscounts').length, 1);
  assert.equal(service.projects.primary.state.vouchers.get('TEN-OFF').redemption?.redeemed_quantity, 0);
});
