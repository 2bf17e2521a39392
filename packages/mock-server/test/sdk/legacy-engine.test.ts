/**
 * The official Voucherify SDK 2.9 calls the deprecated validation and redemption endpoints
 * against the HTTP sandbox (decision 0059): server-side validateVoucher, validate, promotions,
 * redeem and tier redemptions, and the client-side validate and redeem.
 */
import { VoucherifyClientSide } from '@voucherify/sdk';
import { expect, test } from 'vitest';
import type { FullMockService } from '../../src/service.js';
import { useSdkSandbox } from './sandbox.js';

const sandbox = useSdkSandbox('sdk-legacy-engine');

// The SDK's types ask for customer fields (`object`, `id`) that the service does not need: those calls cast their body.

const arrange = (service: FullMockService) => {
  const { vouchers, campaigns, products, validationRules } = service.projects.primary.state;
  vouchers.create({
    code: 'SDK-TEN',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' },
    metadata: { shelf: 'a' },
  } as never);
  vouchers.create({
    code: 'SDK-OFF',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' },
    active: false,
  } as never);
  vouchers.create({ code: 'SDK-GIFT', type: 'GIFT_VOUCHER', gift: { amount: 5000 } } as never);
  const big = vouchers.create({
    code: 'SDK-BIG',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
  } as never);
  const rule = validationRules.create({
    name: 'Over 100.00',
    rules: {
      1: { name: 'order.amount', conditions: { $more_than: [10000] }, error: { message: 'Spend over 100.00.' } },
      logic: '1',
    },
  } as never);
  validationRules.assign(rule.id, { related_object_type: 'voucher', related_object_id: big.id });
  campaigns.create({
    name: 'SDK promotion',
    campaign_type: 'PROMOTION',
    promotion: {
      tiers: [
        {
          name: 'SDK tier',
          banner: '5% off',
          action: { discount: { type: 'PERCENT', percent_off: 5, effect: 'APPLY_TO_ORDER' } },
        },
      ],
    },
  } as never);
  products.upsert({ name: 'Mug', source_id: 'sdk-mug', price: 2500 } as never);
  service.projects.configure(service.projects.primary.id, { client_redeem_enabled: true });
};

test('validations.validateVoucher and validate(code): valid, not valid, gift cards', async () => {
  const { sdk } = await sandbox({ arrange });
  const valid = await sdk.validations.validateVoucher('SDK-TEN', {
    customer: { source_id: 'sdk-alice' },
    order: { amount: 5000 },
  });
  expect(valid).toMatchObject({
    valid: true,
    code: 'SDK-TEN',
    tracking_id: 'sdk-alice',
    discount: { type: 'AMOUNT', amount_off: 1000 },
    order: { total_amount: 4000 },
    metadata: { shelf: 'a' },
  });
  const viaValidate = await sdk.validations.validate('SDK-BIG', { order: { amount: 5000 } });
  expect(viaValidate).toMatchObject({
    valid: false,
    reason: 'order does not match validation rules',
    error: { message: 'Spend over 100.00.' },
  });
  const disabled = await sdk.validations.validateVoucher('SDK-OFF', { order: { amount: 5000 } });
  expect(disabled).toMatchObject({ valid: false, reason: 'voucher is disabled', error: { key: 'voucher_disabled' } });
  const gift = await sdk.validations.validateVoucher('SDK-GIFT', { order: { amount: 3000 }, gift: { credits: 1000 } });
  expect(gift).toMatchObject({
    valid: true,
    gift: { amount: 5000, balance: 5000 },
    order: { total_applied_discount_amount: 1000 },
  });
});

test('promotions.validate and validations.validate(context): the tiers that apply', async () => {
  const { sdk } = await sandbox({ arrange });
  const answer = await sdk.promotions.validate({
    customer: { source_id: 'sdk-alice' },
    order: { amount: 10000 },
  } as never);
  expect(answer.valid).toBe(true);
  expect(answer.promotions?.map((tier) => [tier.name, tier.discount_amount])).toEqual([['SDK tier', 500]]);
  const viaValidate = await sdk.validations.validate({ order: { amount: 10000 } });
  expect(viaValidate).toMatchObject({ valid: true, promotions: [{ name: 'SDK tier', object: 'promotion_tier' }] });
});

test('redemptions.redeem and promotions.tiers.redeem: stored, listed and rolled back; failures throw with rf_…', async () => {
  const { sdk, service } = await sandbox({ arrange });
  const redemption = await sdk.redemptions.redeem('SDK-TEN', {
    customer: { source_id: 'sdk-alice' },
    order: { amount: 5000 },
  } as never);
  expect(redemption).toMatchObject({
    object: 'redemption',
    result: 'SUCCESS',
    voucher: { code: 'SDK-TEN' },
    order: { total_amount: 4000 },
  });
  const [tier] = service.projects.primary.state.promotions.list().items;
  const tierRedemption = await sdk.promotions.tiers.redeem(tier?.id ?? '', {
    customer: { source_id: 'sdk-alice' },
    order: { amount: 10000 },
  } as never);
  expect(tierRedemption).toMatchObject({ result: 'SUCCESS', promotion_tier: { id: tier?.id } });
  const listed = await sdk.redemptions.list({ limit: 10 });
  expect(listed.redemptions?.map((entry) => entry.id).sort()).toEqual([redemption.id, tierRedemption.id].sort());
  const rollback = await sdk.redemptions.rollback(redemption.id, { reason: 'sdk test' });
  expect(rollback).toMatchObject({ result: 'SUCCESS', redemption: redemption.id });

  const failure = await sdk.redemptions.redeem('SDK-BIG', { order: { amount: 5000 } }).catch((error: unknown) => error);
  expect(failure).toMatchObject({
    code: 400,
    key: 'order_rules_violated',
    resource_type: 'redemption',
    error: { message: 'Spend over 100.00.' },
  });
  expect((failure as { resource_id: string }).resource_id).toMatch(/^rf_/);
});

test('VoucherifyClientSide: validate with a code, without one, and redeem', async () => {
  const { service, url } = await sandbox({ arrange });
  const { clientAppId, clientToken } = service.projects.primary.keys;
  const client = VoucherifyClientSide({
    clientApplicationId: clientAppId,
    clientSecretKey: clientToken,
    apiUrl: url,
    origin: 'https://shop.example',
  });
  const product = service.projects.primary.state.products.find('sdk-mug');
  const validated = await client.validate({
    code: 'SDK-TEN',
    items: [{ product_id: product?.id ?? '', quantity: 2 }],
    customer: { source_id: 'sdk-bob' },
    metadata: { channel: 'web' },
  });
  expect(validated).toMatchObject({
    valid: true,
    code: 'SDK-TEN',
    tracking_id: 'sdk-bob',
    order: { amount: 5000, total_amount: 4000 },
  });
  expect(await client.validate('SDK-OFF')).toMatchObject({ valid: false, reason: 'voucher is disabled' });
  const promotions = await client.validate({ amount: 10000 });
  expect(promotions).toMatchObject({ valid: true, promotions: [{ name: 'SDK tier' }] });

  client.setIdentity('sdk-carol');
  const redeemed = await client.redeem('SDK-TEN', { order: { amount: 5000 } });
  expect(redeemed).toMatchObject({
    result: 'SUCCESS',
    customer: { source_id: 'sdk-carol' },
    voucher: { code: 'SDK-TEN' },
  });
  await expect(client.redeem('SDK-OFF', { order: { amount: 5000 } })).rejects.toMatchObject({
    code: 400,
    key: 'voucher_disabled',
  });
});
