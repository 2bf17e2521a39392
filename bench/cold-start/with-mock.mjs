/**
 * A test file with the mock, as an app's suite has one: import, create the service, start MSW,
 * then a write and a validation. `bench/cold-start.ts` runs it as a whole process.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClient } from '@voucherkit/client';
import { createMockService } from '@voucherkit/mock-server';
import { setupServer } from 'msw/node';

test('a voucher is created and validated', async () => {
  const service = createMockService();
  const server = setupServer(...service.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  const { appId, appToken } = service.projects.primary.keys;
  const client = createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId, appToken } });
  await client.vouchers.create('WELCOME10', {
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'PERCENT', percent_off: 10 },
  });
  const validation = await client.validations.validateStackable({
    redeemables: [{ object: 'voucher', id: 'WELCOME10' }],
    order: { amount: 20_000 },
  });
  assert.equal(validation.valid, true);
  server.close();
});
