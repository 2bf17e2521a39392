/**
 * The official Voucherify SDK checks eligibility against the HTTP sandbox: each redeemable judged
 * alone, sorted by the best deal, paged with the cursor, and a client-side check with a public key.
 */
import { VoucherifyClientSide } from '@voucherify/sdk';
import { expect, test } from 'vitest';
import { useSdkSandbox } from './sandbox.js';

const sandbox = useSdkSandbox('sdk-qualifications');

test('qualifications.checkEligibility: scenarios, sorting and paging', async () => {
  const { sdk } = await sandbox({
    arrange: ({ projects, clock }) => {
      const { vouchers, customers } = projects.primary.state;
      vouchers.create({
        code: 'SDK-Q-10',
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
      });
      clock.advance(1000);
      vouchers.create({
        code: 'SDK-Q-500',
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' },
      });
      clock.advance(1000);
      vouchers.create({ code: 'SDK-Q-GIFT', type: 'GIFT_VOUCHER', gift: { amount: 3000 } });
      const { customer } = customers.upsert({ source_id: 'sdk-q-customer' }, { silent: true });
      vouchers.publish('SDK-Q-GIFT', customer.id);
    },
  });
  const order = { amount: 20000 };

  const all = await sdk.qualifications.checkEligibility({
    order,
    customer: { source_id: 'sdk-q-customer' },
    options: { sorting_rule: 'BEST_DEAL' },
  });
  expect(all.redeemables?.data?.map((item) => [item.id, item.order?.total_applied_discount_amount])).toEqual([
    ['SDK-Q-GIFT', 3000],
    ['SDK-Q-10', 2000],
    ['SDK-Q-500', 500],
  ]);
  expect(all.tracking_id).toBe('sdk-q-customer');

  const wallet = await sdk.qualifications.checkEligibility({
    scenario: 'CUSTOMER_WALLET',
    order,
    customer: { source_id: 'sdk-q-customer' },
  });
  expect(wallet.redeemables?.data?.map((item) => item.id)).toEqual(['SDK-Q-GIFT']);

  const first = await sdk.qualifications.checkEligibility({ order, options: { limit: 1 } });
  expect(first.redeemables).toMatchObject({ total: 1, has_more: true, data: [{ id: 'SDK-Q-500' }] });
  const second = await sdk.qualifications.checkEligibility({
    order,
    options: { limit: 1, starting_after: first.redeemables?.more_starting_after ?? '' },
  });
  expect(second.redeemables).toMatchObject({ total: 1, has_more: false, data: [{ id: 'SDK-Q-10' }] });
});

test('the client-side SDK checks eligibility with a public key', async () => {
  const { service, url } = await sandbox({
    arrange: ({ projects }) => {
      projects.primary.state.vouchers.create({
        code: 'SDK-Q-WEB',
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
      });
    },
  });
  const { clientAppId, clientToken } = service.projects.primary.keys;
  const client = VoucherifyClientSide({
    clientApplicationId: clientAppId,
    clientSecretKey: clientToken,
    apiUrl: url,
    origin: 'https://shop.example',
  });
  const answer = await client.qualifications({ order: { amount: 1000 } });
  expect(answer.redeemables?.data?.map((item) => item.id)).toEqual(['SDK-Q-WEB']);
});

test('the sandbox demo data qualifies: Ana’s gift card and the Autumn tiers, and the stack', async () => {
  const { sdk } = await sandbox({ demo: true });
  const all = await sdk.qualifications.checkEligibility({
    customer: { source_id: 'ana@example.com' },
    order: { amount: 5000 },
    options: { limit: 50 },
  });
  const objects = all.redeemables?.data?.map((item) => item.object) ?? [];
  expect(objects).toContain('voucher');
  expect(objects.filter((object) => object === 'promotion_tier').length).toBeGreaterThanOrEqual(1);
  const stacks = await sdk.qualifications.checkEligibility({
    scenario: 'PROMOTION_STACKS',
    customer: { source_id: 'ana@example.com' },
    order: { amount: 5000 },
  });
  expect(stacks.redeemables?.data?.map((item) => item.object)).toEqual(['promotion_stack']);
});
