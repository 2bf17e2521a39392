/**
 * The reference of `with-mock.mjs`: the same test file with bare MSW handlers that read each body
 * as JSON and answer JSON, and plain fetches.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

const BASE = 'https://api.bare.test/v1';

const post = async (path, body) => {
  const response = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
};

test('a voucher is created and validated', async () => {
  const server = setupServer(
    http.post(`${BASE}/vouchers/:code`, async ({ params, request }) =>
      HttpResponse.json({ code: params.code, ...(await request.json()) }),
    ),
    http.post(`${BASE}/validations`, async ({ request }) =>
      HttpResponse.json({ valid: true, ...(await request.json()) }),
    ),
  );
  server.listen({ onUnhandledRequest: 'error' });
  await post('/vouchers/WELCOME10', { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } });
  const validation = await post('/validations', {
    redeemables: [{ object: 'voucher', id: 'WELCOME10' }],
    order: { amount: 20_000 },
  });
  assert.equal(validation.valid, true);
  server.close();
});
