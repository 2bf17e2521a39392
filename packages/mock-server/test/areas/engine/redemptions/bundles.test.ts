/**
 * The engine's last rules gaps: a bundle multiplies the discount by the complete bundles and the
 * answer shows the bundle; limit formulas and discount formulas are computed on the request.
 */
import { describe, expect, test } from 'vitest';
import { seedDemoData } from '../../../../src/sandbox/demo-data.js';
import { createVoucherWithRule } from './rule-fixtures.js';
import { useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;

/** Mug 10.00 and tea 5.00. */
const catalogue = () => {
  const { products } = state();
  const mug = products.upsert({ source_id: 'mug', name: 'Mug', price: 1000 }).product;
  const tea = products.upsert({ source_id: 'tea', name: 'Tea', price: 500 }).product;
  return { mug, tea };
};

const line = (source_id: string, quantity: number) => ({ source_id, related_object: 'product' as const, quantity });

const voucherWithRule = (code: string, discount: Record<string, unknown>, rule: Record<string, unknown>) =>
  createVoucherWithRule(state(), code, discount, rule);

/** A bundle of one mug and one tea, counted up to `limit` times. */
const mugAndTea = (limit: number, extra: Record<string, unknown> = {}) => {
  const { mug, tea } = catalogue();
  const part = (id: string) => ({
    name: 'order.items.any',
    conditions: { $is: [{ id, type: 'product_or_sku', object: 'product' }] },
    rules: {},
  });
  return { mug, tea, rule: { bundle_rules: { limit, 1: part(mug.id), 2: part(tea.id) }, ...extra } };
};

const validate = (code: string, order: object, extra: object = {}) =>
  mock.serverClient().POST('/v1/validations', {
    body: { redeemables: [{ object: 'voucher', id: code }], order: order as never, ...extra } as never,
  });

type Validated = NonNullable<Awaited<ReturnType<typeof validate>>['data']>;

const applicable = (data: Validated | undefined) => {
  const first = data?.redeemables?.[0];
  if (first?.status !== 'APPLICABLE') throw new Error(`not applicable: ${JSON.stringify(first)}`);
  return first;
};

/** The bundle of an applicable redeemable's discount result. */
const bundleOf = (redeemable: ReturnType<typeof applicable>) =>
  'bundle' in redeemable.result ? redeemable.result.bundle : undefined;

const discounts = (data: Validated | undefined) => data?.order?.items?.map((item) => item.discount_amount ?? 0);

describe('a bundle multiplies the discount by the complete bundles', () => {
  test('3.00 off the order for each mug-and-tea bundle: two bundles take 6.00 off 30.00, and the answer shows the bundle', async () => {
    const { mug, tea, rule } = mugAndTea(3);
    voucherWithRule('BUNDLE3', { type: 'AMOUNT', amount_off: 300, effect: 'APPLY_TO_ORDER' }, rule);
    const result = await validate('BUNDLE3', { items: [line('mug', 2), line('tea', 2)] });
    expect(result.data?.valid).toBe(true);
    expect(result.data?.order).toMatchObject({ amount: 3000, discount_amount: 600, total_amount: 2400 });
    const redeemable = applicable(result.data);
    expect(redeemable.result).toMatchObject({ discount: { amount_off: 300 } });
    expect(bundleOf(redeemable)).toEqual({
      quantity: 2,
      limit: 3,
      identified: [
        { id: mug.id, object: 'product', item_index: 0, item_quantity: 2 },
        { id: tea.id, object: 'product', item_index: 1, item_quantity: 2 },
      ],
    });
  });

  test('the limit caps the multiplier: five bundles with a limit of 3 take 9.00 off', async () => {
    const { rule } = mugAndTea(3);
    voucherWithRule('CAPPED', { type: 'AMOUNT', amount_off: 300, effect: 'APPLY_TO_ORDER' }, rule);
    const result = await validate('CAPPED', { items: [line('mug', 5), line('tea', 5)] });
    expect(result.data?.order?.total_discount_amount).toBe(900);
    expect(bundleOf(applicable(result.data))).toMatchObject({ quantity: 3, limit: 3 });
  });

  test('one bundle leaves the discount as it is; no bundle makes the voucher inapplicable', async () => {
    const { rule } = mugAndTea(3);
    voucherWithRule('ONE', { type: 'AMOUNT', amount_off: 300, effect: 'APPLY_TO_ORDER' }, rule);
    const one = await validate('ONE', { items: [line('mug', 1), line('tea', 3)] });
    expect(one.data?.order?.total_discount_amount).toBe(300);
    const none = await validate('ONE', { items: [line('mug', 2)] });
    expect(none.data?.valid).toBe(false);
    expect(none.data?.inapplicable_redeemables?.[0]?.result.error?.key).toBe('order_rules_violated');
  });

  test('a percentage and its cap multiply: 10% per bundle, at most 2.00 per bundle', async () => {
    const { rule } = mugAndTea(5);
    voucherWithRule('PCT', { type: 'PERCENT', percent_off: 10, amount_limit: 200, effect: 'APPLY_TO_ORDER' }, rule);
    // Two bundles on 30.00: 20% is 6.00, capped at 2 × 2.00.
    const capped = await validate('PCT', { items: [line('mug', 2), line('tea', 2)] });
    expect(capped.data?.order?.total_discount_amount).toBe(400);
    // One bundle on 15.00: 10% is 1.50, under the cap.
    const one = await validate('PCT', { items: [line('mug', 1), line('tea', 1)] });
    expect(one.data?.order?.total_discount_amount).toBe(150);
  });

  test('an amount per line multiplies while the unit limits stay: 7.00 × 2 bundles on one mug unit is capped at the unit (10.00)', async () => {
    const { mug, rule } = mugAndTea(3);
    const entry = { object: 'product', id: mug.id, quantity_limit: 1 };
    voucherWithRule(
      'PERLINE',
      { type: 'AMOUNT', amount_off: 700, effect: 'APPLY_TO_ITEMS' },
      { ...rule, applicable_to: { included: [entry], excluded: [], included_all: false } },
    );
    const result = await validate('PERLINE', { items: [line('mug', 2), line('tea', 2)] });
    expect(discounts(result.data)).toEqual([1000, 0]);
    expect(applicable(result.data).applicable_to.data[0]).toMatchObject({
      id: mug.id,
      order_item_units: [{ index: 0, units: [1] }],
    });
    // With one bundle the amount is 7.00 on the one unit.
    const one = await validate('PERLINE', { items: [line('mug', 2), line('tea', 1)] });
    expect(discounts(one.data)).toEqual([700, 0]);
  });

  test('an amount per unit stays while the unit limits multiply: 1.00 per mug, one mug per bundle', async () => {
    const { mug, rule } = mugAndTea(3);
    const applicableTo = {
      included: [{ object: 'product', id: mug.id, quantity_limit: 1 }],
      excluded: [],
      included_all: false,
    };
    voucherWithRule(
      'PERUNIT',
      { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' },
      { ...rule, applicable_to: applicableTo },
    );
    const result = await validate('PERUNIT', { items: [line('mug', 4), line('tea', 2)] });
    expect(discounts(result.data)).toEqual([200, 0]);
    expect(applicable(result.data).applicable_to.data[0]).toMatchObject({
      order_item_units: [{ index: 0, units: [1, 2] }],
    });
  });

  test('a redemption takes the multiplied discount and records it', async () => {
    const { rule } = mugAndTea(3);
    voucherWithRule('REDEEM', { type: 'AMOUNT', amount_off: 300, effect: 'APPLY_TO_ORDER' }, rule);
    const result = await mock.serverClient().POST('/v1/redemptions', {
      body: {
        redeemables: [{ object: 'voucher', id: 'REDEEM' }],
        order: { items: [line('mug', 2), line('tea', 2)] },
      } as never,
    });
    expect(result.response.status).toBe(200);
    expect(result.data?.order).toMatchObject({ total_discount_amount: 600, total_amount: 2400 });
    expect(result.data?.redemptions?.[0]).toMatchObject({ amount: 600 });
  });
});

describe('formulas are computed on the request', () => {
  const mugEntry = (id: string, fields: Record<string, unknown>) => ({
    applicable_to: { included: [{ object: 'product', id, ...fields }], excluded: [], included_all: false },
  });
  const perMug = { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' };

  test("a product budget's formula replaces the static budget: 3 mugs under 50.00, 1 mug above", async () => {
    const { mug } = catalogue();
    voucherWithRule(
      'BUDGET',
      perMug,
      mugEntry(mug.id, {
        product_campaign_quantity_limit: 5,
        product_campaign_quantity_limit_formula: 'IF(ORDER_AMOUNT > 50;1;3)',
      }),
    );
    const small = await validate('BUDGET', { items: [line('mug', 4)] });
    expect(discounts(small.data)).toEqual([300]);
    const large = await validate('BUDGET', { items: [line('mug', 6)] });
    expect(discounts(large.data)).toEqual([100]);
  });

  test('a formula without a value (missing metadata) leaves the static limit; with the metadata it decides', async () => {
    const { mug } = catalogue();
    voucherWithRule(
      'META',
      perMug,
      mugEntry(mug.id, {
        product_campaign_quantity_limit: 2,
        product_campaign_quantity_limit_formula: 'ORDER_METADATA("mugs")',
      }),
    );
    const without = await validate('META', { items: [line('mug', 4)] });
    expect(discounts(without.data)).toEqual([200]);
    const withMetadata = await validate('META', { items: [line('mug', 4)], metadata: { mugs: 3 } });
    expect(discounts(withMetadata.data)).toEqual([300]);
  });

  test('a budget formula counts the units earlier redemptions discounted', async () => {
    const { mug } = catalogue();
    voucherWithRule(
      'SHARED',
      perMug,
      mugEntry(mug.id, { product_campaign_quantity_limit_formula: 'CUSTOMER_METADATA("mugs")' }),
    );
    const customer = { source_id: 'ann', metadata: { mugs: 3 } };
    state().customers.upsert(customer as never);
    const redeem = () =>
      mock.serverClient().POST('/v1/redemptions', {
        body: {
          redeemables: [{ object: 'voucher', id: 'SHARED' }],
          customer: { source_id: 'ann' },
          order: { items: [line('mug', 2)] },
        } as never,
      });
    expect((await redeem()).data?.order?.total_discount_amount).toBe(200);
    // One mug of the customer's three is left.
    expect((await redeem()).data?.order?.total_discount_amount).toBe(100);
  });

  test("an entry's price formula sets the new unit price of a FIXED item discount", async () => {
    const { mug } = catalogue();
    voucherWithRule(
      'HALF',
      { type: 'FIXED', fixed_amount: 900, effect: 'APPLY_TO_ITEMS' },
      mugEntry(mug.id, { price: 800, price_formula: 'ORDER_ITEM_PRICE / 2' }),
    );
    const result = await validate('HALF', { items: [line('mug', 2), line('tea', 1)] });
    expect(discounts(result.data)).toEqual([1000, 0]);
  });

  test("the discount's own formula is computed, its static value the fallback, and is_dynamic shows it", async () => {
    catalogue();
    state().vouchers.create({
      code: 'TENTH',
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100, amount_off_formula: 'ORDER_AMOUNT / 10', effect: 'APPLY_TO_ORDER' },
    } as never);
    const result = await validate('TENTH', { items: [line('mug', 3)] });
    expect(result.data?.order?.total_discount_amount).toBe(300);
    expect(applicable(result.data).result).toMatchObject({ discount: { amount_off: 300, is_dynamic: true } });
    state().vouchers.create({
      code: 'FALLBACK',
      type: 'DISCOUNT_VOUCHER',
      discount: {
        type: 'AMOUNT',
        amount_off: 100,
        amount_off_formula: 'ORDER_METADATA("none") * 2',
        effect: 'APPLY_TO_ORDER',
      },
    } as never);
    const fallback = await validate('FALLBACK', { items: [line('mug', 3)] });
    expect(fallback.data?.order?.total_discount_amount).toBe(100);
  });
});

describe('the sandbox shows a bundle', () => {
  test('MUGLAMP takes 5.00 off each mug-and-lamp pair, up to two', async () => {
    await seedDemoData(mock.service.projects.primary);
    const pairs = (count: number) => ({ items: [line('mug', count), line('lamp', count)] });
    expect((await validate('MUGLAMP', pairs(1))).data?.order?.total_discount_amount).toBe(500);
    const three = await validate('MUGLAMP', pairs(3));
    expect(three.data?.order?.total_discount_amount).toBe(1000);
    expect(bundleOf(applicable(three.data))).toMatchObject({ quantity: 2, limit: 2 });
  });
});
