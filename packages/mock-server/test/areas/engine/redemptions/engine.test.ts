/**
 * The engine's answers in detail: the reference's worked order totals, the failure keys of each
 * kind of redeemable, the stacking rules' skip reasons, the rules port, lists and the client-side
 * forms.
 */
import { compileValidationRules, parseValidationRules } from '@voucherkit/domain';
import { createClient } from '@voucherkit/client/fetch';
import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;

/** The reference's example cart: mug 10×2, poster 15×3, T-shirt 20×3, bottle 25×2 (17500). */
const CART = {
  items: [
    { source_id: 'mug', related_object: 'product' as const, price: 1000, quantity: 2 },
    { source_id: 'poster', related_object: 'product' as const, price: 1500, quantity: 3 },
    { source_id: 'tee', related_object: 'product' as const, price: 2000, quantity: 3 },
    { source_id: 'bottle', related_object: 'product' as const, price: 2500, quantity: 2 },
  ],
};

const discountVoucher = (code: string, discount: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  state().vouchers.create({ code, type: 'DISCOUNT_VOUCHER', discount, ...extra } as never);

describe('worked examples: order totals for each discount type and effect', () => {
  test.each([
    ['AMOUNT 1000 off the order', { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' }, 1000, 16500],
    ['AMOUNT 1000 off each line', { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS' }, 4000, 13500],
    [
      'AMOUNT 1000 off each unit',
      { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' },
      10000,
      7500,
    ],
    [
      'AMOUNT 1000 shared by amount',
      { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' },
      1000,
      16500,
    ],
    [
      'AMOUNT 1000 shared by quantity',
      { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY' },
      1000,
      16500,
    ],
    ['PERCENT 10 of the order', { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' }, 1750, 15750],
    ['PERCENT 10 of each line', { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' }, 1750, 15750],
    [
      'PERCENT 10 capped at 500',
      { type: 'PERCENT', percent_off: 10, amount_limit: 500, effect: 'APPLY_TO_ORDER' },
      500,
      17000,
    ],
    ['FIXED order price 1000', { type: 'FIXED', fixed_amount: 1000, effect: 'APPLY_TO_ORDER' }, 16500, 1000],
  ])('%s', async (_name, discount, discountTotal, total) => {
    discountVoucher('EX', discount);
    const result = await mock
      .serverClient()
      .POST('/v1/validations', { body: { redeemables: [{ object: 'voucher', id: 'EX' }], order: CART } });
    expect(result.data?.valid).toBe(true);
    expect(result.data?.order).toMatchObject({
      amount: 17500,
      total_discount_amount: discountTotal,
      total_amount: total,
    });
  });

  test('the reference stack on 200000: gift 100, then 20 %, then 8000; the parent adds them up', async () => {
    state().vouchers.create({ code: 'G100', type: 'GIFT_VOUCHER', gift: { amount: 20500 } } as never);
    discountVoucher('P20', { type: 'PERCENT', percent_off: 20, effect: 'APPLY_TO_ORDER' });
    discountVoucher('A80', { type: 'AMOUNT', amount_off: 8000, effect: 'APPLY_TO_ORDER' });
    const result = await mock.serverClient().POST('/v1/redemptions', {
      body: {
        redeemables: [
          { object: 'voucher', id: 'G100', gift: { credits: 100 } },
          { object: 'voucher', id: 'P20' },
          { object: 'voucher', id: 'A80' },
        ],
        order: { amount: 200000 },
      },
    });
    expect(result.data?.redemptions?.map((child) => child.order?.applied_discount_amount)).toEqual([100, 39980, 8000]);
    expect(result.data?.parent_redemption?.order).toMatchObject({ total_discount_amount: 48080, total_amount: 151920 });
    expect(result.data?.redemptions?.[0]).toMatchObject({ amount: 100, gift: { amount: 100 } });
  });
});

describe('failure keys', () => {
  test('outside the validity days, inactive campaign, loyalty cards', async () => {
    // 2026-01-01 is a Thursday (4).
    discountVoucher('MONDAYS', { type: 'AMOUNT', amount_off: 100 }, { validity_day_of_week: [1] });
    const campaign = state().campaigns.create({
      name: 'Paused',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 } },
    } as never);
    state().campaigns.setActive(campaign.id, false);
    state().campaigns.addVouchers(campaign.id, { code: 'IN-PAUSED' }, 1);
    const club = state().campaigns.create({
      name: 'Club',
      campaign_type: 'LOYALTY_PROGRAM',
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } },
    } as never);
    state().campaigns.addVouchers(club.id, { code: 'CARD' }, 1);
    const client = mock.serverClient();
    const result = await client.POST('/v1/validations', {
      body: {
        redeemables: [
          { object: 'voucher', id: 'MONDAYS' },
          { object: 'voucher', id: 'IN-PAUSED' },
          { object: 'voucher', id: 'CARD' },
        ],
        order: { amount: 1000 },
      },
    });
    expect(result.data?.inapplicable_redeemables?.map((entry) => entry.result.error.key)).toEqual([
      'voucher_not_active_now',
      'campaign_not_active',
      'missing_customer',
    ]);
    const withCustomer = await client.POST('/v1/validations', {
      body: {
        redeemables: [{ object: 'voucher', id: 'CARD' }],
        customer: { source_id: 'ana' },
        order: { amount: 1000 },
      },
    });
    expect(withCustomer.data?.inapplicable_redeemables?.[0]?.result.error.key).toBe('missing_reward');
  });

  test('rules through the port: customer_rules_violated with the rule text, order_rules_violated on the order as the stack left it', async () => {
    discountVoucher('RULED', { type: 'AMOUNT', amount_off: 100 });
    discountVoucher('BIG', { type: 'AMOUNT', amount_off: 600 });
    const rule = compileValidationRules(
      parseValidationRules({
        rules: {
          '1': {
            name: 'order.amount',
            conditions: { $more_than: [1000] },
            rules: {},
            error: { message: 'Orders over 10.00 only' },
          },
          logic: '1',
        },
      }),
    );
    const ruled = state().vouchers.get('RULED').id;
    state().redemptions.connect({ rulesFor: (target) => (target.id === ruled ? [{ evaluate: rule }] : []) });
    const client = mock.serverClient();
    const first = await client.POST('/v1/validations', {
      body: {
        redeemables: [
          { object: 'voucher', id: 'RULED' },
          { object: 'voucher', id: 'BIG' },
        ],
        order: { amount: 1500 },
      },
    });
    expect(first.data?.valid).toBe(true);
    const after = await client.POST('/v1/validations', {
      body: {
        redeemables: [
          { object: 'voucher', id: 'BIG' },
          { object: 'voucher', id: 'RULED' },
        ],
        order: { amount: 1500 },
      },
    });
    expect(after.data?.inapplicable_redeemables?.[0]?.result.error).toMatchObject({
      key: 'order_rules_violated',
      error: { message: 'Orders over 10.00 only' },
      redeemable_id: 'RULED',
    });
    const customerRule = () => ({
      valid: false as const,
      failure: {
        key: 'customer_rules_violated' as const,
        message: 'Customer does not match',
        error: { message: 'Not a new customer' },
        rule: { path: ['1'], name: 'customer.segment' as const },
      },
      bundle: undefined,
    });
    state().redemptions.connect({ rulesFor: () => [{ evaluate: customerRule }] });
    const refused = await client.POST('/v1/redemptions', {
      body: { redeemables: [{ object: 'voucher', id: 'BIG' }], order: { amount: 1500 } },
    });
    expect(refused.error).toMatchObject({
      code: 400,
      key: 'customer_rules_violated',
      error: { message: 'Not a new customer' },
      redeemable_type: 'voucher',
      redeemable_id: 'BIG',
    });
  });

  test('rules assigned through the API apply: a campaign rule on the order amount, with its error message', async () => {
    const client = mock.serverClient();
    const campaign = state().campaigns.create({
      name: 'Ruled',
      campaign_type: 'DISCOUNT_COUPONS',
      vouchers_count: 1,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } },
    } as never);
    const [voucher] = state().vouchers.list({ campaign: 'Ruled' }).items;
    const rule = await client.POST('/v1/validation-rules', {
      body: {
        name: 'Over 50',
        error: { message: 'Spend more than 50' },
        rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' },
      } as never,
    });
    await client.POST('/v1/validation-rules/{validationRuleId}/assignments', {
      params: { path: { validationRuleId: rule.data?.id ?? '' }, query: {} },
      body: { related_object_type: 'campaign', related_object_id: campaign.id } as never,
    });
    const small = await client.POST('/v1/validations', {
      body: { redeemables: [{ object: 'voucher', id: voucher?.code ?? '' }], order: { amount: 3000 } },
    });
    expect(small.data?.valid).toBe(false);
    expect(small.data?.inapplicable_redeemables?.[0]?.result.error).toMatchObject({
      key: 'order_rules_violated',
      error: { message: 'Spend more than 50' },
    });
    const big = await client.POST('/v1/validations', {
      body: { redeemables: [{ object: 'voucher', id: voucher?.code ?? '' }], order: { amount: 6000 } },
    });
    expect(big.data?.valid).toBe(true);
  });

  test("rules read the customer's segments and the holder of a published code", async () => {
    const { customers, segments, validationRules, vouchers, publications } = state();
    customers.upsert({ source_id: 'vip@example.com', metadata: { tier: 'gold' } });
    customers.upsert({ source_id: 'new@example.com' });
    const vip = segments.create({ name: 'VIP', type: 'static', customers: ['vip@example.com'] });
    const voucher = discountVoucher('VIP-ONLY', { type: 'AMOUNT', amount_off: 100 });
    const segmentRule = validationRules.create({
      name: 'VIP only',
      rules: { 1: { name: 'customer.segment', conditions: { $is: [vip.id] } }, logic: '1' },
    });
    validationRules.assign(segmentRule.id, { related_object_type: 'voucher', related_object_id: voucher.id });
    const client = mock.serverClient();
    const validate = (code: string, customer: string) =>
      client.POST('/v1/validations', {
        body: {
          redeemables: [{ object: 'voucher', id: code }],
          customer: { source_id: customer },
          order: { amount: 5000 },
        },
      });
    expect((await validate('VIP-ONLY', 'vip@example.com')).data?.valid).toBe(true);
    expect(
      (await validate('VIP-ONLY', 'new@example.com')).data?.inapplicable_redeemables?.[0]?.result.error,
    ).toMatchObject({ key: 'customer_rules_violated' });

    const owned = discountVoucher('OWNED', { type: 'AMOUNT', amount_off: 100 });
    const holderRule = validationRules.create({
      name: 'Holder only',
      rules: { 1: { name: 'publication.redeemable_by_linked_customer', conditions: { $is: [true] } }, logic: '1' },
    });
    validationRules.assign(holderRule.id, { related_object_type: 'voucher', related_object_id: owned.id });
    publications.publish({ voucher: 'OWNED', customer: { source_id: 'vip@example.com' } });
    expect(vouchers.get('OWNED').holder_id).toBe(customers.get('vip@example.com').id);
    expect((await validate('OWNED', 'vip@example.com')).data?.valid).toBe(true);
    expect(
      (await validate('OWNED', 'new@example.com')).data?.inapplicable_redeemables?.[0]?.result.error,
    ).toMatchObject({ key: 'customer_rules_violated' });
  });

  test('an exclusive redeemable skips the common ones; ALL mode skips what follows a failure', async () => {
    const exclusive = state().categories.create({ name: 'Exclusive', hierarchy: 1 });
    state().stackingRules.create({ exclusive_categories: [exclusive.id] }, () => true);
    discountVoucher('ALONE', { type: 'AMOUNT', amount_off: 100 }, { category_id: exclusive.id });
    discountVoucher('COMMON', { type: 'AMOUNT', amount_off: 100 });
    const client = mock.serverClient();
    const result = await client.POST('/v1/validations', {
      body: {
        redeemables: [
          { object: 'voucher', id: 'COMMON' },
          { object: 'voucher', id: 'ALONE' },
        ],
        order: { amount: 5000 },
      },
    });
    expect(result.data?.skipped_redeemables?.map((entry) => [entry.id, entry.result.details?.key])).toEqual([
      ['COMMON', 'exclusion_rules_not_met'],
    ]);
    expect(result.data?.redeemables.find((entry) => entry.id === 'ALONE')).toMatchObject({
      status: 'APPLICABLE',
      categories: [{ id: exclusive.id, stacking_rules_type: 'EXCLUSIVE' }],
    });
    expect(result.data?.stacking_rules.exclusive_categories).toEqual([exclusive.id]);
  });
});

describe('lists and reads', () => {
  test('filters by result, customer, campaign and voucher code; sorts and pages; 404 for unknown ids', async () => {
    discountVoucher('L1', { type: 'AMOUNT', amount_off: 100 }, { redemption: { quantity: 1 } });
    const client = mock.serverClient();
    await client.POST('/v1/redemptions', {
      body: { redeemables: [{ object: 'voucher', id: 'L1' }], customer: { source_id: 'ana' }, order: { amount: 1000 } },
    });
    mock.service.clock.advance(1000);
    await client.POST('/v1/redemptions', {
      body: { redeemables: [{ object: 'voucher', id: 'L1' }], customer: { source_id: 'bob' }, order: { amount: 1000 } },
    });
    const all = await client.GET('/v1/redemptions', { params: { query: {} } });
    expect(all.data?.redemptions.map((entry) => entry.id.slice(0, 3))).toEqual([
      'rf_',
      'r_' + all.data?.redemptions[1]?.id.slice(2, 3),
    ]);
    const ascending = await client.GET('/v1/redemptions', {
      params: { query: { order: 'created_at', limit: 1, page: 2 } },
    });
    expect(ascending.data?.redemptions[0]?.id).toMatch(/^rf_/);
    const byAna = await client.GET('/v1/redemptions', { params: { query: { customer: 'ana' } } });
    expect(byAna.data?.total).toBe(1);
    const failures = await client.GET('/v1/redemptions', { params: { query: { result: 'FAILURE' } } });
    expect(failures.data?.redemptions[0]).toMatchObject({ failure_code: 'quantity_exceeded', status: 'FAILED' });
    const byCode = await mock.raw(
      '/v1/redemptions?filters[voucher_code][conditions][$is]=L1&filters[failure_code][conditions][$is]=quantity_exceeded',
      { headers: serverHeaders(mock.service) },
    );
    expect(((await byCode.json()) as { total: number }).total).toBe(1);
    const before = await client.GET('/v1/redemptions', {
      params: { query: { created_at: { before: '2026-01-01T00:00:00.500Z' } } },
    });
    expect(before.data?.total).toBe(1);
    const unknown = await client.GET('/v1/redemptions/{redemptionId}', {
      params: { path: { redemptionId: 'r_unknown' } },
    });
    expect(unknown.error).toMatchObject({ code: 404, key: 'not_found', resource_type: 'redemption' });
    const noVoucher = await client.GET('/v1/vouchers/{code}/redemption', { params: { path: { code: 'NOPE' } } });
    expect(noVoucher.response.status).toBe(404);
  });
});

describe('client side', () => {
  test('validates and redeems with client keys', async () => {
    discountVoucher('WEB', { type: 'PERCENT', percent_off: 10 });
    mock.service.projects.configure(mock.service.projects.primary.id, { client_redeem_enabled: true });
    const { clientAppId, clientToken } = mock.service.projects.primary.keys;
    const client = createClient({
      baseUrl: mock.service.baseUrl,
      auth: { type: 'client', clientAppId, clientToken, origin: 'https://shop.example' },
      retry: false,
    });
    const validated = await client.POST('/client/v1/validations', {
      params: {},
      body: { redeemables: [{ object: 'voucher', id: 'WEB' }], order: { amount: 2000 } },
    });
    expect(validated.data).toMatchObject({ valid: true, order: { total_amount: 1800 } });
    const redeemed = await client.POST('/client/v1/redemptions', {
      params: {},
      body: { redeemables: [{ object: 'voucher', id: 'WEB' }], order: { amount: 2000 } },
    });
    expect(redeemed.data?.redemptions?.[0]).toMatchObject({ result: 'SUCCESS', channel: { channel_id: clientAppId } });
  });
});

describe('promotion tiers', () => {
  test('a tier of a PROMOTION campaign validates and redeems through the promotion tier port; an unknown one is not_found', async () => {
    const campaign = state().campaigns.create({
      name: 'Autumn',
      campaign_type: 'PROMOTION',
      promotion: {
        tiers: [
          { name: '10% off', action: { discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } } },
        ],
      },
    } as never);
    const tierId = campaign.promotion?.tiers?.[0]?.id ?? '';
    discountVoucher('EXTRA', { type: 'AMOUNT', amount_off: 500 });
    const client = mock.serverClient();
    const redeemed = await client.POST('/v1/redemptions', {
      body: {
        redeemables: [
          { object: 'promotion_tier', id: tierId },
          { object: 'voucher', id: 'EXTRA' },
        ],
        order: { amount: 10000 },
        options: { expand: ['redeemable'] },
      },
    });
    expect(redeemed.data?.redemptions?.[0]).toMatchObject({
      related_object_type: 'promotion_tier',
      related_object_id: tierId,
      promotion_tier: { id: tierId },
    });
    expect(redeemed.data?.order?.total_amount).toBe(8500);
    // The tier's summary counts the redemption, and forgets it when it is rolled back.
    expect(state().promotions.get(tierId).summary).toMatchObject({
      redemptions: { total_redeemed: 1 },
      orders: { total_amount: 10000, total_discount_amount: 1000 },
    });
    await client.POST('/v1/redemptions/{parentRedemptionId}/rollbacks', {
      params: { path: { parentRedemptionId: redeemed.data?.parent_redemption?.id ?? '' }, query: {} },
      body: {},
    });
    expect(state().promotions.get(tierId).summary).toMatchObject({
      redemptions: { total_redeemed: 0 },
      orders: { total_amount: 0, total_discount_amount: 0 },
    });
    const unknown = await client.POST('/v1/validations', {
      body: { redeemables: [{ object: 'promotion_tier', id: 'promo_unknown' }] },
    });
    expect(unknown.data?.inapplicable_redeemables?.[0]?.result.error).toMatchObject({
      code: 404,
      key: 'not_found',
      resource_type: 'promotion_tier',
    });
    const stack = await client.POST('/v1/validations', {
      body: { redeemables: [{ object: 'promotion_stack', id: 'stack_unknown' }] },
    });
    expect(stack.data?.inapplicable_redeemables?.[0]?.result.error).toMatchObject({
      key: 'not_found',
      redeemable_type: 'promotion_stack',
    });
  });

  test("a promotion stack validates as its tiers in the stack's order; a switched-off tier is promotion_inactive", async () => {
    const campaign = state().campaigns.create({
      name: 'Winter',
      campaign_type: 'PROMOTION',
      promotion: {
        tiers: [
          { name: '10% off', action: { discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } } },
          { name: '5 off', action: { discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' } } },
        ],
      },
    } as never);
    const [ten, five] = (campaign.promotion?.tiers ?? []).map((tier) => tier.id);
    const stack = state().promotions.stacks.create('Winter', {
      name: 'Both',
      tiers: { ids: [five ?? '', ten ?? ''], hierarchy_mode: 'MANUAL' },
    });
    const client = mock.serverClient();
    const validated = await client.POST('/v1/validations', {
      body: { redeemables: [{ object: 'promotion_stack', id: stack.id }], order: { amount: 10000 } },
    });
    expect(validated.data?.valid).toBe(true);
    expect(validated.data?.redeemables?.map((redeemable) => redeemable.id)).toEqual([five, ten]);
    // 5 off first, then 10 % of what is left: 500 + 950.
    expect(validated.data?.order?.total_discount_amount).toBe(1450);
    state().promotions.setActive(ten ?? '', false);
    const off = await client.POST('/v1/validations', {
      body: { redeemables: [{ object: 'promotion_tier', id: ten ?? '' }], order: { amount: 10000 } },
    });
    expect(off.data?.inapplicable_redeemables?.[0]?.result.error).toMatchObject({
      key: 'promotion_inactive',
      redeemable_id: ten,
    });
  });

  test('sorts redemptions by voucher code and filters by campaign name', async () => {
    const campaign = state().campaigns.create({
      name: 'Coupons',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 } },
    } as never);
    state().campaigns.addVouchers(campaign.id, { code: 'B-CODE' }, 1);
    discountVoucher('A-CODE', { type: 'AMOUNT', amount_off: 100 });
    const client = mock.serverClient();
    for (const id of ['B-CODE', 'A-CODE'])
      await client.POST('/v1/redemptions', {
        body: { redeemables: [{ object: 'voucher', id }], order: { amount: 1000 } },
      });
    const sorted = await client.GET('/v1/redemptions', { params: { query: { order: 'voucher_code' } } });
    expect(sorted.data?.redemptions.map((entry) => ('voucher' in entry ? entry.voucher?.code : undefined))).toEqual([
      'A-CODE',
      'B-CODE',
    ]);
    const inCampaign = await client.GET('/v1/redemptions', { params: { query: { campaign: 'Coupons' } } });
    expect(inCampaign.data?.total).toBe(1);
  });
});
