/**
 * The official Voucherify SDK validates, redeems, lists and rolls back stacked discounts against
 * the HTTP sandbox.
 */
import { expect, test } from 'vitest';
import { useSdkSandbox } from './sandbox.js';

const sandbox = useSdkSandbox('sdk-redemptions');

test('validateStackable, redeemStackable, list, get and rollbackStackable', async () => {
  const { sdk, service } = await sandbox({
    arrange: ({ projects }) => {
      projects.primary.state.vouchers.create({
        code: 'SDK-10',
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
      });
      projects.primary.state.vouchers.create({ code: 'SDK-GIFT', type: 'GIFT_VOUCHER', gift: { amount: 5000 } });
    },
  });
  const request = {
    redeemables: [
      { object: 'voucher' as const, id: 'SDK-10' },
      { object: 'voucher' as const, id: 'SDK-GIFT', gift: { credits: 1000 } },
    ],
    order: { source_id: 'sdk-order-1', amount: 20000 },
    customer: { source_id: 'sdk-customer' },
  };

  const validation = await sdk.validations.validateStackable(request);
  expect(validation.valid).toBe(true);
  expect(validation.order?.total_amount).toBe(17000);

  const redemption = await sdk.redemptions.redeemStackable(request);
  const parentId = redemption.parent_redemption?.id ?? '';
  expect(parentId).toMatch(/^r_/);
  expect(redemption.redemptions).toHaveLength(2);

  const list = await sdk.redemptions.list({ limit: 10 });
  expect(list.total).toBe(3);
  const child = await sdk.redemptions.get(redemption.redemptions[0]?.id ?? '');
  expect(child.id).toBe(redemption.redemptions[0]?.id);

  const rollback = await sdk.redemptions.rollbackStackable(parentId, { reason: 'sdk test' });
  expect(rollback.rollbacks).toHaveLength(2);
  expect(service.projects.primary.state.vouchers.get('SDK-GIFT').gift?.balance).toBe(5000);
});
