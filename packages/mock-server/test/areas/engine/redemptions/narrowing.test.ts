/**
 * The engine with the rules' `applicable_to`: item discounts reach only the lines and units the
 * rules cover; rules read the collections and metadata of order lines and the campaign's counters; rollbacks
 * have an age limit.
 */
import { describe, expect, test } from 'vitest';
import { createVoucherWithRule } from './rule-fixtures.js';
import { useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;

/** The reference's catalogue: mug 10, poster 15 and T-shirt 20 are Adventure items; a bottle 25 is not. */
const catalogue = () => {
  const { products, productCollections } = state();
  const mug = products.upsert({ source_id: 'mug', name: 'Mug', price: 1000, metadata: { kind: 'adventure' } }).product;
  const poster = products.upsert({
    source_id: 'poster',
    name: 'Poster',
    price: 1500,
    metadata: { kind: 'adventure' },
  }).product;
  const tee = products.upsert({
    source_id: 'tee',
    name: 'T-shirt',
    price: 2000,
    metadata: { kind: 'adventure' },
  }).product;
  const bottle = products.upsert({
    source_id: 'bottle',
    name: 'Bottle',
    price: 2500,
    metadata: { kind: 'kitchen' },
  }).product;
  const picked = productCollections.create({
    type: 'STATIC',
    name: 'Adventure (static)',
    products: [mug, poster, tee].map((product) => ({ id: product.id, object: 'product' as const })),
  });
  const auto = productCollections.create({
    type: 'AUTO_UPDATE',
    name: 'Adventure (auto)',
    filter: { junction: 'and', 'metadata.kind': { conditions: { $is: ['adventure'] } } },
  } as never);
  return { mug, poster, tee, bottle, picked, auto };
};

/** Mug 10×2, poster 15×3, T-shirt 20×3, bottle 25×2: 17500. */
const CART = {
  items: [
    { source_id: 'mug', related_object: 'product' as const, quantity: 2 },
    { source_id: 'poster', related_object: 'product' as const, quantity: 3 },
    { source_id: 'tee', related_object: 'product' as const, quantity: 3 },
    { source_id: 'bottle', related_object: 'product' as const, quantity: 2 },
  ],
};

const voucherWithRule = (code: string, discount: Record<string, unknown>, rule: Record<string, unknown>) =>
  createVoucherWithRule(state(), code, discount, rule);

const validate = (code: string, order: object = CART) =>
  mock
    .serverClient()
    .POST('/v1/validations', { body: { redeemables: [{ object: 'voucher', id: code }], order: order as never } });

type Validated = NonNullable<Awaited<ReturnType<typeof validate>>['data']>;

/** The first redeemable of a validation, which must be applicable. */
const applicable = (data: Validated | undefined) => {
  const first = data?.redeemables?.[0];
  if (first?.status !== 'APPLICABLE') throw new Error(`not applicable: ${JSON.stringify(first)}`);
  return first;
};

const tenPercent = { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' };
const entries = (included: unknown[], excluded: unknown[] = [], included_all = false) => ({
  applicable_to: { included, excluded, included_all },
});

describe('item discounts reach only the lines the rules cover', () => {
  test('a 10% item voucher whose rule covers one product of a three-line cart discounts that line only', async () => {
    const { poster } = catalogue();
    voucherWithRule('POSTER10', tenPercent, entries([{ object: 'product', id: poster.id }]));
    const result = await validate('POSTER10', { items: CART.items.slice(0, 3) });
    expect(result.data?.valid).toBe(true);
    expect(result.data?.order?.items?.map((item) => item.discount_amount ?? 0)).toEqual([0, 450, 0]);
    expect(result.data?.order).toMatchObject({ amount: 12500, items_discount_amount: 450, total_amount: 12050 });
    const redeemable = applicable(result.data);
    expect(redeemable.applicable_to.data).toEqual([
      expect.objectContaining({
        object: 'product',
        id: poster.id,
        order_item_indices: [1],
        order_item_units: [{ index: 1, units: [1, 2, 3] }],
      }),
    ]);
    expect(redeemable.inapplicable_to.total).toBe(0);
  });

  test('a static collection entry covers its products; the bottle stays at full price (reference table)', async () => {
    const { picked } = catalogue();
    voucherWithRule('ADV10', tenPercent, entries([{ object: 'products_collection', id: picked.id }]));
    voucherWithRule(
      'ADVQTY',
      { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' },
      entries([{ object: 'products_collection', id: picked.id }]),
    );
    const percent = await validate('ADV10');
    expect(percent.data?.order?.items?.map((item) => item.discount_amount ?? 0)).toEqual([200, 450, 600, 0]);
    expect(percent.data?.order?.total_amount).toBe(16250);
    const byQuantity = await validate('ADVQTY');
    expect(byQuantity.data?.order?.items?.map((item) => item.discount_amount ?? 0)).toEqual([2000, 3000, 3000, 0]);
    expect(byQuantity.data?.order?.total_amount).toBe(9500);
  });

  test('an auto-update collection entry covers the products its filter matches now', async () => {
    const { auto } = catalogue();
    voucherWithRule('AUTO10', tenPercent, entries([{ object: 'products_collection', id: auto.id }]));
    const result = await validate('AUTO10');
    expect(result.data?.order?.items?.map((item) => item.discount_amount ?? 0)).toEqual([200, 450, 600, 0]);
  });

  test('excluded products are not discounted and are listed in inapplicable_to', async () => {
    const { bottle, tee } = catalogue();
    voucherWithRule(
      'NOBOTTLE',
      tenPercent,
      entries(
        [],
        [
          { object: 'product', id: bottle.id },
          { object: 'product', id: tee.id },
        ],
        true,
      ),
    );
    const result = await validate('NOBOTTLE');
    expect(result.data?.order?.items?.map((item) => item.discount_amount ?? 0)).toEqual([200, 450, 0, 0]);
    expect(applicable(result.data).inapplicable_to.data.map((entry) => entry.order_item_indices)).toEqual([[3], [2]]);
  });

  test('unit limits: one unit per line, then four units across the collection', async () => {
    const { picked } = catalogue();
    voucherWithRule(
      'ONEEACH',
      tenPercent,
      entries([{ object: 'products_collection', id: picked.id, quantity_limit: 1 }]),
    );
    voucherWithRule(
      'FOUR',
      tenPercent,
      entries([{ object: 'products_collection', id: picked.id, aggregated_quantity_limit: 4 }]),
    );
    const one = await validate('ONEEACH');
    expect(one.data?.order?.items?.map((item) => item.discount_amount ?? 0)).toEqual([100, 150, 200, 0]);
    const four = await validate('FOUR');
    expect(four.data?.order?.items?.map((item) => item.discount_amount ?? 0)).toEqual([200, 300, 0, 0]);
    expect(applicable(four.data).applicable_to.data[0]?.order_item_units).toEqual([
      { index: 0, units: [1, 2] },
      { index: 1, units: [1, 2] },
    ]);
  });

  test("entries show the catalogue's ids: a product's source_id, a SKU's source_id and product", async () => {
    const { products } = state();
    const { tee, poster } = catalogue();
    const large = products.upsertSku(tee.id, { source_id: 'tee-l', sku: 'Large T-shirt', price: 2200 }).sku;
    voucherWithRule(
      'TEEL',
      tenPercent,
      entries([{ object: 'sku', id: large.id }], [{ object: 'product', id: poster.id }]),
    );
    const result = await validate('TEEL', {
      items: [{ sku_id: large.id, related_object: 'sku', quantity: 1 }, CART.items[1]],
    });
    const redeemable = applicable(result.data);
    expect(redeemable.applicable_to.data[0]).toMatchObject({
      object: 'sku',
      id: large.id,
      source_id: 'tee-l',
      product_id: tee.id,
      product_source_id: 'tee',
      order_item_indices: [0],
    });
    expect(redeemable.inapplicable_to.data[0]).toMatchObject({
      object: 'product',
      id: poster.id,
      source_id: 'poster',
      order_item_indices: [1],
    });
    expect(result.data?.order?.items?.map((item) => item.discount_amount ?? 0)).toEqual([220, 0]);
  });

  test('a voucher whose rules name no products still discounts every line', async () => {
    catalogue();
    voucherWithRule('ANY10', tenPercent, {
      rules: { 1: { name: 'order.amount', conditions: { $more_than: [1000] } }, logic: '1' },
    });
    const result = await validate('ANY10');
    expect(result.data?.order?.items?.map((item) => item.discount_amount ?? 0)).toEqual([200, 450, 600, 500]);
  });

  test('a redemption stores the narrowed per-item amounts; a stacked order-level voucher is unaffected', async () => {
    const { poster } = catalogue();
    voucherWithRule('POSTER10', tenPercent, entries([{ object: 'product', id: poster.id }]));
    state().vouchers.create({
      code: 'FIVE',
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' },
    } as never);
    const redeemed = await mock.serverClient().POST('/v1/redemptions', {
      body: {
        redeemables: [
          { object: 'voucher', id: 'POSTER10' },
          { object: 'voucher', id: 'FIVE' },
        ],
        order: { source_id: 'narrow-1', ...CART },
      },
    });
    expect(redeemed.data?.order).toMatchObject({
      items_discount_amount: 450,
      discount_amount: 500,
      total_amount: 17500 - 950,
    });
    const stored = state().orders.find('narrow-1');
    expect(stored?.items?.map((item) => item.discount_amount ?? 0)).toEqual([0, 450, 0, 0]);
  });
});

describe('rule context: collections of order lines', () => {
  test('order.items.any $is a collection passes when a line belongs to it (static and auto-update)', async () => {
    const { picked, auto } = catalogue();
    for (const [code, collection] of [
      ['INSTATIC', picked],
      ['INAUTO', auto],
    ] as const) {
      voucherWithRule(
        code,
        { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
        {
          rules: {
            1: { name: 'order.items.any', conditions: { $is: [{ id: collection.id, object: 'products_collection' }] } },
            logic: '1',
          },
        },
      );
      const withAdventure = await validate(code, { items: [CART.items[1]] });
      expect(withAdventure.data?.valid).toBe(true);
      const bottleOnly = await validate(code, { items: [CART.items[3]] });
      expect(bottleOnly.data?.valid).toBe(false);
      expect(bottleOnly.data?.inapplicable_redeemables?.[0]?.result.error).toMatchObject({
        key: 'order_rules_violated',
      });
    }
  });

  test('a rule naming a deleted collection sees no members', async () => {
    const { picked } = catalogue();
    voucherWithRule(
      'GONE',
      { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
      {
        rules: {
          1: { name: 'order.items.none', conditions: { $is: [{ id: 'pc_deleted', object: 'products_collection' }] } },
          2: { name: 'order.items.any', conditions: { $is: [{ id: picked.id, object: 'products_collection' }] } },
          logic: '1 and 2',
        },
      },
    );
    expect((await validate('GONE')).data?.valid).toBe(true);
  });
});

describe('rule context: metadata of order lines and their products', () => {
  const orderVoucher = { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' };

  test('product.metadata reads the catalogue product of each line', async () => {
    catalogue();
    voucherWithRule('KITCHEN', orderVoucher, {
      rules: { 1: { name: 'product.metadata', property: 'kind', conditions: { $is: ['kitchen'] } }, logic: '1' },
    });
    expect((await validate('KITCHEN', { items: [CART.items[3]] })).data?.valid).toBe(true);
    const adventureOnly = await validate('KITCHEN', { items: [CART.items[0], CART.items[1]] });
    expect(adventureOnly.data?.valid).toBe(false);
    expect(adventureOnly.data?.inapplicable_redeemables?.[0]?.result.error).toMatchObject({
      key: 'order_rules_violated',
    });
  });

  test('order.items.metadata reads the metadata the request gives a line', async () => {
    catalogue();
    voucherWithRule('GIFTWRAP', orderVoucher, {
      rules: { 1: { name: 'order.items.metadata', property: 'gift_wrap', conditions: { $is: [true] } }, logic: '1' },
    });
    const wrapped = { items: [CART.items[0], { ...CART.items[1], metadata: { gift_wrap: true } }] };
    expect((await validate('GIFTWRAP', wrapped)).data?.valid).toBe(true);
    expect((await validate('GIFTWRAP', { items: [CART.items[0], CART.items[1]] })).data?.valid).toBe(false);
  });
});

describe('rule context: campaign counters', () => {
  const campaignWithRule = async (name: string, rules: Record<string, unknown>) => {
    const { campaigns, vouchers, validationRules } = state();
    const campaign = campaigns.create({
      name,
      campaign_type: 'DISCOUNT_COUPONS',
      vouchers_count: 3,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' } },
    } as never);
    const rule = validationRules.create({ name: `${name} budget`, rules } as never);
    validationRules.assign(rule.id, { related_object_type: 'campaign', related_object_id: campaign.id });
    await mock.service.scheduler.drain();
    return vouchers.list({ campaign: name }).items.map((voucher) => voucher.code);
  };
  const redeem = (code: string, amount: number, customer?: string) =>
    mock.serverClient().POST('/v1/redemptions', {
      body: {
        redeemables: [{ object: 'voucher', id: code }],
        order: { amount },
        ...(customer ? { customer: { source_id: customer } } : {}),
      },
    });

  test('campaign.redemptions.count counts the redemptions of every code of the campaign, less rollbacks', async () => {
    const [a, b, c] = await campaignWithRule('Two per campaign', {
      1: { name: 'campaign.redemptions.count', conditions: { $less_than_or_equal: [2] } },
      logic: '1',
    });
    const first = await redeem(a ?? '', 5000);
    expect(first.response.status).toBe(200);
    expect((await redeem(b ?? '', 5000)).response.status).toBe(200);
    const third = await redeem(c ?? '', 5000);
    expect(third.error).toMatchObject({ key: 'redemption_rules_violated' });
    await mock.serverClient().POST('/v1/redemptions/{redemptionId}/rollback', {
      params: { path: { redemptionId: first.data?.redemptions?.[0]?.id ?? '' } },
      body: {},
    });
    expect((await redeem(c ?? '', 5000)).response.status).toBe(200);
  });

  test('campaign.orders.amount adds up the orders redeemed in the campaign', async () => {
    const [a, b] = await campaignWithRule('Budget 10000', {
      1: { name: 'campaign.orders.amount', conditions: { $less_than_or_equal: [10000] } },
      logic: '1',
    });
    expect((await redeem(a ?? '', 6000)).response.status).toBe(200);
    const over = await validate(b ?? '', { amount: 5000 });
    expect(over.data?.valid).toBe(false);
    expect((await validate(b ?? '', { amount: 4000 })).data?.valid).toBe(true);
  });

  test('redemption.count.per_customer.daily counts today only, from zero for a customer the redemption creates', async () => {
    const { vouchers, validationRules } = state();
    const voucher = vouchers.create({
      code: 'DAILY',
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
    } as never);
    const rule = validationRules.create({
      name: 'Once a day',
      rules: {
        1: { name: 'redemption.count.per_customer.daily', conditions: { $less_than_or_equal: [1] } },
        logic: '1',
      },
    } as never);
    validationRules.assign(rule.id, { related_object_type: 'voucher', related_object_id: voucher.id });
    const once = await redeem('DAILY', 1000, 'alice');
    expect(once.response.status).toBe(200);
    expect((await redeem('DAILY', 1000, 'alice')).error).toMatchObject({ key: 'redemption_rules_violated' });
    mock.service.clock.advance(24 * 3600 * 1000);
    expect((await redeem('DAILY', 1000, 'alice')).response.status).toBe(200);
  });
});

describe('rule context: product budgets read the units earlier redemptions discounted', () => {
  test("a campaign's budget of 3 mugs: the second order gets 1 discounted mug, and a rollback gives the units back", async () => {
    const { mug } = catalogue();
    const { campaigns, vouchers, validationRules } = state();
    const campaign = campaigns.create({
      name: 'Mug budget',
      campaign_type: 'DISCOUNT_COUPONS',
      vouchers_count: 3,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: tenPercent },
    } as never);
    const rule = validationRules.create({
      name: 'Three mugs in all',
      ...entries([{ object: 'product', id: mug.id, product_campaign_quantity_limit: 3 }]),
    } as never);
    validationRules.assign(rule.id, { related_object_type: 'campaign', related_object_id: campaign.id });
    await mock.service.scheduler.drain();
    const [a, b, c] = vouchers.list({ campaign: 'Mug budget' }).items.map((voucher) => voucher.code);
    const mugs = { items: CART.items.slice(0, 1) };
    const client = mock.serverClient();
    const first = await client.POST('/v1/redemptions', {
      body: { redeemables: [{ object: 'voucher', id: a ?? '' }], order: mugs },
    });
    expect(first.data?.order?.items?.[0]).toMatchObject({ discount_amount: 200, discount_quantity: 2 });
    const second = await client.POST('/v1/redemptions', {
      body: { redeemables: [{ object: 'voucher', id: b ?? '' }], order: mugs },
    });
    expect(second.data?.order?.items?.[0]).toMatchObject({ discount_amount: 100, discount_quantity: 1 });
    const spent = await validate(c ?? '', mugs);
    expect(spent.data?.order?.items_discount_amount ?? 0).toBe(0);
    await client.POST('/v1/redemptions/{redemptionId}/rollback', {
      params: { path: { redemptionId: first.data?.redemptions?.[0]?.id ?? '' } },
      body: {},
    });
    expect((await validate(c ?? '', mugs)).data?.order?.items_discount_amount).toBe(200);
  });

  test("a promotion tier's per-customer budget counts this customer's units only", async () => {
    const { picked, mug } = catalogue();
    const { campaigns, validationRules } = state();
    const promotion = campaigns.create({
      name: 'Tier budget',
      campaign_type: 'PROMOTION',
      promotion: { tiers: [{ name: 'Ten off mugs', action: { discount: tenPercent } }] },
    } as never);
    const tierId = promotion.promotion?.tiers?.[0]?.id ?? '';
    const rule = validationRules.create({
      name: 'Two per customer',
      ...entries([
        {
          object: 'products_collection',
          id: picked.id,
          product_in_collection_customer_promotion_tier_quantity_limit: 2,
        },
      ]),
    } as never);
    validationRules.assign(rule.id, { related_object_type: 'promotion_tier', related_object_id: tierId });
    const client = mock.serverClient();
    const redeem = (customer: string) =>
      client.POST('/v1/redemptions', {
        body: {
          redeemables: [{ object: 'promotion_tier', id: tierId }],
          order: { items: [{ product_id: mug.id, quantity: 3 }] },
          customer: { source_id: customer },
        },
      });
    const check = (customer: string) =>
      client.POST('/v1/validations', {
        body: {
          redeemables: [{ object: 'promotion_tier', id: tierId }],
          order: { items: [{ product_id: mug.id, quantity: 3 }] },
          customer: { source_id: customer },
        },
      });
    expect((await redeem('ann')).data?.order?.items?.[0]).toMatchObject({ discount_quantity: 2, discount_amount: 200 });
    expect((await check('ann')).data?.order?.items_discount_amount ?? 0).toBe(0);
    expect((await check('bob')).data?.order?.items?.[0]).toMatchObject({ discount_quantity: 2, discount_amount: 200 });
  });
});

describe('rollback limits', () => {
  const DAY = 24 * 3600 * 1000;
  const redeemOne = async () => {
    state().vouchers.create({
      code: 'OLD',
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
    } as never);
    const redeemed = await mock
      .serverClient()
      .POST('/v1/redemptions', { body: { redeemables: [{ object: 'voucher', id: 'OLD' }], order: { amount: 1000 } } });
    return redeemed.data?.redemptions?.[0]?.id ?? '';
  };

  test('a redemption older than 3 months is refused, with an rrf_ record; a younger one rolls back', async () => {
    const id = await redeemOne();
    mock.service.clock.advance(95 * DAY);
    const client = mock.serverClient();
    const old = await client.POST('/v1/redemptions/{redemptionId}/rollback', {
      params: { path: { redemptionId: id } },
      body: {},
    });
    expect(old.error).toMatchObject({
      code: 400,
      key: 'invalid_redemption',
      resource_type: 'redemption_rollback',
      resource_id: expect.stringMatching(/^rrf_/),
    });
    expect(old.error?.details).toContain('older than 3 months');
    const stacked = await client.POST('/v1/redemptions/{parentRedemptionId}/rollbacks', {
      params: { path: { parentRedemptionId: id } },
      body: {},
    });
    expect(stacked.error).toMatchObject({ key: 'invalid_redemption' });
    expect(state().vouchers.get('OLD').redemption?.redeemed_quantity).toBe(1);
  });

  test('a redemption 2 months old rolls back', async () => {
    const id = await redeemOne();
    mock.service.clock.advance(60 * DAY);
    const done = await mock
      .serverClient()
      .POST('/v1/redemptions/{redemptionId}/rollback', { params: { path: { redemptionId: id } }, body: {} });
    expect(done.response.status).toBe(200);
  });

  test('a rollback of an unknown redemption is 404 and stores nothing', async () => {
    const client = mock.serverClient();
    const missing = await client.POST('/v1/redemptions/{redemptionId}/rollback', {
      params: { path: { redemptionId: 'r_0123456789abcdef01' } },
      body: {},
    });
    expect(missing.error).toMatchObject({ code: 404, key: 'not_found', resource_type: 'redemption' });
    const missingStack = await client.POST('/v1/redemptions/{parentRedemptionId}/rollbacks', {
      params: { path: { parentRedemptionId: 'r_0123456789abcdef01' } },
      body: {},
    });
    expect(missingStack.response.status).toBe(404);
    expect(state().redemptions.list().items).toHaveLength(0);
  });
});
