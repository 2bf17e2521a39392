import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RuleOrderItemInput, ValidationRuleContext } from './context.js';
import {
  type EvaluateValidationRulesOptions,
  type ValidationRulesResult,
  compileValidationRules,
  evaluateValidationRules,
} from './evaluate.js';
import { validationRuleCategory, validationRuleFailureKey } from './names.js';
import { parseValidationRules } from './parse.js';
import { countRedemptionsByPeriod } from './periods.js';

/** Wednesday 7 January 2026, 12:00 UTC. */
const NOW = Date.UTC(2026, 0, 7, 12);

type Context = Omit<ValidationRuleContext, 'now'> & { readonly now?: number | Date };

const evaluate = (
  input: unknown,
  context: Context = {},
  options: EvaluateValidationRulesOptions = {},
): ValidationRulesResult => evaluateValidationRules(parseValidationRules(input), { now: NOW, ...context }, options);

/** A rule set of one rule. */
const one = (rule: Record<string, unknown>): unknown => ({ rules: { 1: rule, logic: '1' } });

const valid = (input: unknown, context: Context = {}, options: EvaluateValidationRulesOptions = {}): boolean =>
  evaluate(input, context, options).valid;

const failureOf = (result: ValidationRulesResult) => (result.valid ? undefined : result.failure);

describe('the example of the reference', () => {
  const rules = {
    name: 'New iPhone buyers',
    error: { message: 'Fallback text' },
    rules: {
      1: {
        name: 'customer.segment',
        conditions: { $is: ['seg_new'] },
        rules: {},
        error: { message: 'Not a new customer' },
      },
      2: {
        name: 'order.items.any',
        conditions: { $is: [{ id: 'prod_iphone', object: 'product' }] },
        rules: { 1: { name: 'order.items.quantity', conditions: { $more_than_or_equal: [1] }, rules: {} }, logic: '1' },
      },
      logic: '1 and 2',
    },
  };
  const iphone: RuleOrderItemInput = { product_id: 'prod_iphone', sku_id: 'sku_iphone_128', quantity: 1, price: 99900 };

  it('holds for a new customer buying an iPhone', () => {
    expect(
      evaluate(rules, { customer: { id: 'cust_1', segment_ids: ['seg_new'] }, order: { items: [iphone] } }),
    ).toMatchObject({ valid: true, bundle: undefined });
  });

  it('fails rule 1 with customer_rules_violated and its own message', () => {
    const result = evaluate(rules, {
      customer: { id: 'cust_1', segment_ids: ['seg_old'] },
      order: { items: [iphone] },
    });
    expect(failureOf(result)).toEqual({
      key: 'customer_rules_violated',
      message: 'customer does not match validation rules',
      error: { message: 'Not a new customer' },
      rule: { path: ['1'], name: 'customer.segment' },
    });
  });

  it('fails rule 2 with order_rules_violated and the fallback text', () => {
    const result = evaluate(rules, {
      customer: { id: 'cust_1', segment_ids: ['seg_new'] },
      order: { items: [{ product_id: 'prod_case', quantity: 1 }] },
    });
    expect(failureOf(result)).toEqual({
      key: 'order_rules_violated',
      message: 'order does not match validation rules',
      error: { message: 'Fallback text' },
      rule: { path: ['2'], name: 'order.items.any' },
    });
  });

  it('blames the sub-rule when the iPhone is there but its quantity is not', () => {
    const result = evaluate(rules, {
      customer: { id: 'cust_1', segment_ids: ['seg_new'] },
      order: { items: [{ ...iphone, quantity: 0 }] },
    });
    expect(failureOf(result)).toMatchObject({
      key: 'order_rules_violated',
      error: { message: 'Fallback text' },
      rule: { path: ['2', '1'], name: 'order.items.quantity' },
    });
  });

  it('gives no error message when neither the rule nor the set has one', () => {
    const result = evaluate(one({ name: 'order.amount', conditions: { $more_than: [1000] } }), {
      order: { amount: 500 },
    });
    expect(failureOf(result)).toMatchObject({ key: 'order_rules_violated', error: undefined });
  });
});

describe('logic and blame', () => {
  const all: Record<string, unknown> = {
    1: { name: 'order.amount', conditions: { $more_than: [1000] }, error: { message: 'too small' } },
    2: { name: 'customer.metadata', property: 'vip', conditions: { $is: [true] }, error: { message: 'not a vip' } },
    3: { name: 'redemption.metadata', property: 'channel', conditions: { $is: ['pos'] } },
  };
  /** The rules the logic names, and the logic (a rule set may not hold rules its logic leaves out). */
  const set = (logic: string) => ({
    error: { message: 'fallback' },
    rules: {
      ...Object.fromEntries(Object.entries(all).filter(([key]) => new RegExp(`\\b${key}\\b`, 'u').test(logic))),
      logic,
    },
  });

  it('evaluates and/or with brackets', () => {
    const context = {
      order: { amount: 500 },
      customer: { id: 'c', metadata: { vip: true } },
      redemption: { metadata: { channel: 'web' } },
    };
    expect(valid(set('1 or 2'), context)).toBe(true);
    expect(valid(set('(1 or 2) and 3'), context)).toBe(false);
    expect(valid(set('1 or (2 AND 3)'), context)).toBe(false);
    expect(valid(set('(1 and 3) or 2'), context)).toBe(true);
  });

  it('blames the first operand of a failed or, and keys the failure by the blamed rule', () => {
    const context = { order: { amount: 500 }, customer: { id: 'c', metadata: {} }, redemption: { metadata: {} } };
    expect(failureOf(evaluate(set('1 or 2'), context))).toMatchObject({
      key: 'order_rules_violated',
      error: { message: 'too small' },
    });
    expect(failureOf(evaluate(set('2 or 1'), context))).toMatchObject({
      key: 'redemption_rules_violated',
      error: { message: 'not a vip' },
    });
    expect(failureOf(evaluate(set('3'), context))).toMatchObject({
      key: 'redemption_rules_violated',
      error: { message: 'fallback' },
    });
  });

  it('takes the nearest message on the way up from the rule at fault', () => {
    const rules = one({
      name: 'order.items.any',
      conditions: { $is: ['prod_1'] },
      error: { message: 'parent text' },
      rules: { 1: { name: 'order.items.price', conditions: { $more_than: [100] } } },
    });
    const result = evaluate(rules, { order: { items: [{ product_id: 'prod_1', price: 50 }] } });
    expect(failureOf(result)).toMatchObject({
      error: { message: 'parent text' },
      rule: { path: ['1', '1'], name: 'order.items.price' },
    });
  });

  it('skips rules the caller asks to skip', () => {
    const rules = one({ name: 'redemption.count.per_customer', conditions: { $less_than_or_equal: [1] } });
    const context = { customer: { id: 'c' }, redemption: { counts: { customer: { total: 1 } } } };
    expect(valid(rules, context)).toBe(false);
    expect(valid(rules, context, { skipRule: (name) => name.startsWith('redemption.count') })).toBe(true);
  });
});

describe('customer rules', () => {
  it('customer.segment: member of one of the segments, or of none with $is_not', () => {
    const customer = { id: 'cust_1', segment_ids: ['seg_a', 'seg_b'] };
    expect(valid(one({ name: 'customer.segment', conditions: { $is: ['seg_b'] } }), { customer })).toBe(true);
    expect(valid(one({ name: 'customer.segment', conditions: { $in: ['seg_x', 'seg_a'] } }), { customer })).toBe(true);
    expect(
      valid(one({ name: 'customer.segment', conditions: { $is: [{ id: 'seg_a', object: 'segment' }] } }), { customer }),
    ).toBe(true);
    expect(valid(one({ name: 'customer.segment', conditions: { $is_not: ['seg_a'] } }), { customer })).toBe(false);
    expect(valid(one({ name: 'customer.segment', conditions: { $is: ['seg_a'] } }), {})).toBe(false);
    expect(valid(one({ name: 'customer.segment', conditions: { $is_not: ['seg_a'] } }), {})).toBe(true);
  });

  it('customer.metadata: any operator of the filter engine on the property, dotted keys included', () => {
    const customer = {
      id: 'cust_1',
      metadata: { tier: 'gold', tags: ['a', 'b'], address: { city: 'Warsaw' }, 'a.b': 1 },
    };
    expect(
      valid(one({ name: 'customer.metadata', property: 'tier', conditions: { $in: ['gold', 'silver'] } }), {
        customer,
      }),
    ).toBe(true);
    expect(valid(one({ name: 'customer.metadata', property: 'tags', conditions: { $count: [2] } }), { customer })).toBe(
      true,
    );
    expect(
      valid(one({ name: 'customer.metadata', property: 'address.city', conditions: { $starts_with: ['war'] } }), {
        customer,
      }),
    ).toBe(true);
    expect(valid(one({ name: 'customer.metadata', property: 'a.b', conditions: { $is: [1] } }), { customer })).toBe(
      true,
    );
    expect(
      valid(one({ name: 'customer.metadata', property: 'tier', conditions: { $is: ['Gold'] } }), { customer }),
    ).toBe(false);
  });

  it('publication.redeemable_by_linked_customer: only the holder, by id or source id', () => {
    const rules = one({
      name: 'publication.redeemable_by_linked_customer',
      conditions: { $is: [true] },
      error: { message: 'Only the gift card owner' },
    });
    const publication = { customer_id: 'cust_1', customer_source_id: 'alice' };
    expect(valid(rules, { customer: { id: 'cust_1' }, publication })).toBe(true);
    expect(valid(rules, { customer: { source_id: 'alice' }, publication })).toBe(true);
    expect(failureOf(evaluate(rules, { customer: { id: 'cust_2' }, publication }))).toMatchObject({
      key: 'customer_rules_violated',
      error: { message: 'Only the gift card owner' },
    });
    expect(valid(rules, { customer: { id: 'cust_1' } })).toBe(false);
    expect(valid(rules, { publication })).toBe(false);
    // Without conditions the rule asks for the holder.
    expect(
      valid(one({ name: 'publication.redeemable_by_linked_customer' }), { customer: { id: 'cust_1' }, publication }),
    ).toBe(true);
  });
});

describe('order amounts', () => {
  it('order.amount sees the cart at this step of the stack, order.initial_amount the original cart', () => {
    // Cart 10.50; the coupon needs amount > 10 and initial amount < 11.
    const coupon = {
      rules: {
        1: { name: 'order.amount', conditions: { $more_than: [1000] } },
        2: { name: 'order.initial_amount', conditions: { $less_than: [1100] } },
        logic: '1 and 2',
      },
    };
    expect(valid(coupon, { order: { amount: 1050, initial_amount: 1050 } })).toBe(true);
    // After a gift card took 1.00 off.
    expect(failureOf(evaluate(coupon, { order: { amount: 950, initial_amount: 1050 } }))).toMatchObject({
      rule: { path: ['1'] },
    });
  });

  it('order.total_amount is after this discount; amounts fall back on one another and on the items', () => {
    expect(
      valid(one({ name: 'order.total_amount', conditions: { $more_than_or_equal: [5000] } }), {
        order: { amount: 6000, total_amount: 4500 },
      }),
    ).toBe(false);
    expect(valid(one({ name: 'order.total_amount', conditions: { $is: [6000] } }), { order: { amount: 6000 } })).toBe(
      true,
    );
    const items = [
      { product_id: 'p1', price: 1000, quantity: 2 },
      { product_id: 'p2', amount: 2500 },
    ];
    expect(valid(one({ name: 'order.amount', conditions: { $is: [4500] } }), { order: { items } })).toBe(true);
    expect(valid(one({ name: 'order.initial_amount', conditions: { $is: [4500] } }), { order: { items } })).toBe(true);
    expect(valid(one({ name: 'order.amount', conditions: { $more_than: [0] } }), {})).toBe(false);
  });

  it('order.metadata', () => {
    const rules = one({ name: 'order.metadata', property: 'location', conditions: { $is: ['Santorini'] } });
    expect(valid(rules, { order: { metadata: { location: 'Santorini' } } })).toBe(true);
    expect(valid(rules, { order: { metadata: { location: 'Mykonos' } } })).toBe(false);
  });
});

describe('order item rules', () => {
  const items: RuleOrderItemInput[] = [
    { product_id: 'prod_mug', quantity: 2, price: 1000, collection_ids: ['pc_adventure'], metadata: { color: 'red' } },
    {
      product_id: 'prod_poster',
      quantity: 3,
      price: 1500,
      collection_ids: ['pc_adventure'],
      metadata: { color: 'blue' },
    },
    {
      product_id: 'prod_tee',
      sku_id: 'sku_tee_m',
      quantity: 3,
      price: 2000,
      collection_ids: ['pc_adventure', 'pc_clothes'],
      product: { metadata: { size: 'M' } },
    },
    { product_id: 'prod_bottle', quantity: 2, price: 2500, product: { metadata: { size: 'L' } } },
  ];
  const order = { items };

  it('order.items.count counts units; price_any and price_each read unit prices', () => {
    expect(valid(one({ name: 'order.items.count', conditions: { $is: [10] } }), { order })).toBe(true);
    expect(valid(one({ name: 'order.items.price_any', conditions: { $more_than: [2000] } }), { order })).toBe(true);
    expect(valid(one({ name: 'order.items.price_each', conditions: { $more_than: [1000] } }), { order })).toBe(false);
    expect(valid(one({ name: 'order.items.price_each', conditions: { $more_than_or_equal: [1000] } }), { order })).toBe(
      true,
    );
    expect(
      valid(one({ name: 'order.items.price_each', conditions: { $more_than_or_equal: [1000] } }), {
        order: { items: [] },
      }),
    ).toBe(false);
  });

  it('order.items.metadata_any and metadata_each read the lines’ own metadata', () => {
    expect(
      valid(one({ name: 'order.items.metadata_any', property: 'color', conditions: { $is: ['blue'] } }), { order }),
    ).toBe(true);
    expect(
      valid(one({ name: 'order.items.metadata_each', property: 'color', conditions: { $has_value: [] } }), { order }),
    ).toBe(false);
    expect(
      valid(one({ name: 'order.items.metadata_each', property: 'color', conditions: { $has_value: [] } }), {
        order: { items: items.slice(0, 2) },
      }),
    ).toBe(true);
  });

  it('order.items.any matches products, their SKUs and collections', () => {
    expect(
      valid(one({ name: 'order.items.any', conditions: { $is: [{ id: 'prod_tee', object: 'product' }] } }), { order }),
    ).toBe(true);
    expect(
      valid(one({ name: 'order.items.any', conditions: { $is: [{ id: 'sku_tee_m', object: 'sku' }] } }), { order }),
    ).toBe(true);
    expect(
      valid(one({ name: 'order.items.any', conditions: { $is: [{ id: 'sku_tee_l', object: 'sku' }] } }), { order }),
    ).toBe(false);
    expect(
      valid(
        one({ name: 'order.items.any', conditions: { $is: [{ id: 'pc_clothes', object: 'products_collection' }] } }),
        { order },
      ),
    ).toBe(true);
    expect(valid(one({ name: 'order.items.any', conditions: { $in: ['prod_x', 'prod_mug'] } }), { order })).toBe(true);
    // A SKU id does not stand for its product's other lines.
    expect(
      valid(one({ name: 'order.items.any', conditions: { $is: [{ id: 'prod_tee', object: 'sku' }] } }), { order }),
    ).toBe(false);
  });

  it('$from narrows the items to collections', () => {
    const rule = (from: string) =>
      one({ name: 'order.items.any', conditions: { $is: [{ id: 'prod_tee', object: 'product' }], $from: [from] } });
    expect(valid(rule('pc_clothes'), { order })).toBe(true);
    expect(valid(rule('pc_kitchen'), { order })).toBe(false);
  });

  it('sub-rules judge the chosen lines: one line must pass every line rule, totals are over all chosen lines', () => {
    const adventure = (rules: Record<string, unknown>) =>
      one({
        name: 'order.items.any',
        conditions: { $is: [{ id: 'pc_adventure', object: 'products_collection' }] },
        rules,
      });
    expect(
      valid(adventure({ 1: { name: 'order.items.aggregated_quantity', conditions: { $is: [8] } } }), { order }),
    ).toBe(true);
    expect(
      valid(adventure({ 1: { name: 'order.items.aggregated_amount', conditions: { $is: [2000 + 4500 + 6000] } } }), {
        order,
      }),
    ).toBe(true);
    expect(valid(adventure({ 1: { name: 'order.items.price', conditions: { $is: [1500] } } }), { order })).toBe(true);
    // The mug has quantity 2 and the tee price 2000, but no line has both.
    const both = {
      1: { name: 'order.items.quantity', conditions: { $is: [2] } },
      2: { name: 'order.items.price', conditions: { $is: [2000] } },
      logic: '1 and 2',
    };
    expect(valid(adventure(both), { order })).toBe(false);
    const either = { ...both, logic: '1 or 2' };
    expect(valid(adventure(either), { order })).toBe(true);
    expect(
      valid(adventure({ 1: { name: 'order.items.metadata', property: 'color', conditions: { $is: ['blue'] } } }), {
        order,
      }),
    ).toBe(true);
    const mixed = {
      1: { name: 'order.items.quantity', conditions: { $is: [3] } },
      2: { name: 'order.items.aggregated_quantity', conditions: { $more_than: [7] } },
      logic: '1 and 2',
    };
    expect(valid(adventure(mixed), { order })).toBe(true);
  });

  it('order.items.every needs every line chosen, and each to pass the line rules', () => {
    const every = (is: unknown, rules: Record<string, unknown> = {}) =>
      one({ name: 'order.items.every', conditions: { $is: is }, rules });
    expect(valid(every([{ id: 'pc_adventure', object: 'products_collection' }]), { order })).toBe(false);
    expect(
      valid(every([{ id: 'pc_adventure', object: 'products_collection' }]), { order: { items: items.slice(0, 3) } }),
    ).toBe(true);
    const cheap = { 1: { name: 'order.items.price', conditions: { $less_than: [2000] } } };
    expect(
      valid(every([{ id: 'pc_adventure', object: 'products_collection' }], cheap), {
        order: { items: items.slice(0, 3) },
      }),
    ).toBe(false);
    expect(
      valid(every([{ id: 'pc_adventure', object: 'products_collection' }], cheap), {
        order: { items: items.slice(0, 2) },
      }),
    ).toBe(true);
    expect(valid(every([{ id: 'pc_adventure', object: 'products_collection' }]), { order: { items: [] } })).toBe(false);
  });

  it('order.items.none holds when no line is chosen', () => {
    expect(valid(one({ name: 'order.items.none', conditions: { $is: ['prod_bottle'] } }), { order })).toBe(false);
    expect(valid(one({ name: 'order.items.none', conditions: { $is: ['prod_lamp'] } }), { order })).toBe(true);
    expect(valid(one({ name: 'order.items.none', conditions: { $is: ['prod_lamp'] } }), {})).toBe(true);
  });

  it('order.items.cheapest and most_expensive pick by unit price, within $from collections, ties included', () => {
    const pick = (name: string, conditions: Record<string, unknown>, rules: Record<string, unknown> = {}) =>
      one({ name, conditions, rules });
    expect(valid(pick('order.items.cheapest', { $is: ['prod_mug'] }), { order })).toBe(true);
    expect(valid(pick('order.items.cheapest', { $is: ['prod_poster'] }), { order })).toBe(false);
    expect(valid(pick('order.items.most_expensive', { $is: ['prod_bottle'] }), { order })).toBe(true);
    expect(valid(pick('order.items.most_expensive', { $is: ['prod_tee'], $from: ['pc_adventure'] }), { order })).toBe(
      true,
    );
    expect(valid(pick('order.items.cheapest', { $is: ['prod_tee'], $from: ['pc_clothes'] }), { order })).toBe(true);
    const tied = [...items, { product_id: 'prod_spoon', quantity: 5, price: 1000 }];
    expect(valid(pick('order.items.cheapest', { $is: ['prod_spoon'] }), { order: { items: tied } })).toBe(true);
    expect(
      valid(
        pick('order.items.cheapest', {}, { 1: { name: 'order.items.aggregated_quantity', conditions: { $is: [7] } } }),
        { order: { items: tied } },
      ),
    ).toBe(true);
    expect(
      valid(pick('order.items.cheapest', {}, { 1: { name: 'order.items.quantity', conditions: { $is: [5] } } }), {
        order: { items: tied },
      }),
    ).toBe(false);
  });

  it('product and SKU rules', () => {
    expect(valid(one({ name: 'product.id', conditions: { $is: ['prod_tee'] } }), { order })).toBe(true);
    expect(valid(one({ name: 'product.id', conditions: { $is: ['prod_lamp'] } }), { order })).toBe(false);
    expect(valid(one({ name: 'sku.id', conditions: { $is: ['sku_tee_m'] } }), { order })).toBe(true);
    expect(valid(one({ name: 'sku.price', conditions: { $is: [2000] } }), { order })).toBe(true);
    expect(valid(one({ name: 'sku.price', conditions: { $is: [1000] } }), { order })).toBe(false);
    expect(valid(one({ name: 'product.price', conditions: { $more_than: [2400] } }), { order })).toBe(true);
    expect(valid(one({ name: 'sku.quantity', conditions: { $is: [3] } }), { order })).toBe(true);
    expect(valid(one({ name: 'product.discount_applicable', conditions: { $is: ['prod_mug'] } }), { order })).toBe(
      true,
    );
    expect(valid(one({ name: 'sku.discount_applicable', conditions: { $is: ['sku_x'] } }), { order })).toBe(false);
    const withQuantity = one({
      name: 'product.id',
      conditions: { $is: ['prod_poster'] },
      rules: { 1: { name: 'product.quantity', conditions: { $more_than_or_equal: [3] } } },
    });
    expect(valid(withQuantity, { order })).toBe(true);
  });

  it('product metadata rules choose lines by their product’s metadata', () => {
    const sized = (rules: Record<string, unknown> = {}) =>
      one({ name: 'product.metadata', property: 'size', conditions: { $in: ['M', 'L'] }, rules });
    expect(valid(sized(), { order })).toBe(true);
    expect(
      valid(sized({ 1: { name: 'product.metadata.aggregated_quantity', conditions: { $is: [5] } } }), { order }),
    ).toBe(true);
    expect(
      valid(sized({ 1: { name: 'product.metadata.aggregated_amount', conditions: { $is: [6000 + 5000] } } }), {
        order,
      }),
    ).toBe(true);
    expect(valid(sized({ 1: { name: 'product.metadata.match_all' } }), { order })).toBe(false);
    expect(valid(sized({ 1: { name: 'product.metadata.match_all' } }), { order: { items: items.slice(2) } })).toBe(
      true,
    );
    expect(
      valid(one({ name: 'product.metadata.discount_applicable', property: 'size', conditions: { $is: ['XL'] } }), {
        order,
      }),
    ).toBe(false);
  });
});

describe('campaign budget rules', () => {
  it('count this redemption on top of the earlier ones', () => {
    const rule = (name: string, limit: number) => one({ name, conditions: { $less_than_or_equal: [limit] } });
    const campaign = {
      redemptions: { total: 99, daily: 4, weekly: 9, monthly: 19 },
      customer_redemptions: { total: 2, daily: 0 },
    };
    const context = { campaign, customer: { id: 'cust_1' } };
    expect(valid(rule('campaign.redemptions.count', 100), context)).toBe(true);
    expect(valid(rule('campaign.redemptions.count', 99), context)).toBe(false);
    expect(valid(rule('campaign.redemptions.count.daily', 5), context)).toBe(true);
    expect(valid(rule('campaign.redemptions.count.weekly', 9), context)).toBe(false);
    expect(valid(rule('campaign.redemptions.count.monthly', 20), context)).toBe(true);
    expect(valid(rule('campaign.redemptions.customers_count', 3), context)).toBe(true);
    expect(valid(rule('campaign.redemptions.customers_count', 2), context)).toBe(false);
    expect(valid(rule('campaign.redemptions.customers_count.daily', 1), context)).toBe(true);
    expect(valid(rule('campaign.redemptions.customers_count.daily', 1), { campaign })).toBe(false);
    expect(valid(rule('campaign.redemptions.count', 1), {})).toBe(true);
  });

  it('add this order and this discount to the totals so far', () => {
    const context = {
      campaign: { orders_amount: 90000, orders_amount_discounted: 9000 },
      order: { amount: 10000 },
      redemption: { discount_amount: 1000 },
    };
    expect(valid(one({ name: 'campaign.orders.amount', conditions: { $less_than_or_equal: [100000] } }), context)).toBe(
      true,
    );
    expect(valid(one({ name: 'campaign.orders.amount', conditions: { $less_than: [100000] } }), context)).toBe(false);
    expect(
      valid(one({ name: 'campaign.orders.amount_discounted', conditions: { $less_than_or_equal: [10000] } }), context),
    ).toBe(true);
    const failure = failureOf(
      evaluate(one({ name: 'campaign.orders.amount_discounted', conditions: { $less_than: [10000] } }), context),
    );
    expect(failure?.key).toBe('redemption_rules_violated');
  });
});

describe('redemption rules', () => {
  it('per incentive and per customer counts, by period', () => {
    const rule = (name: string, limit: number) => one({ name, conditions: { $less_than_or_equal: [limit] } });
    const counts = {
      incentive: { daily: 2, weekly: 5, monthly: 10 },
      customer: { total: 1, daily: 0, weekly: 1, monthly: 1 },
    };
    const context = { redemption: { counts }, customer: { id: 'cust_1' } };
    expect(valid(rule('redemption.count.daily', 3), context)).toBe(true);
    expect(valid(rule('redemption.count.weekly', 5), context)).toBe(false);
    expect(valid(rule('redemption.count.monthly', 11), context)).toBe(true);
    expect(valid(rule('redemption.count.per_customer', 1), context)).toBe(false);
    expect(valid(rule('redemption.count.per_customer', 2), context)).toBe(true);
    expect(valid(rule('redemption.count.per_customer.daily', 1), context)).toBe(true);
    expect(valid(rule('redemption.count.per_customer.weekly', 1), context)).toBe(false);
    expect(valid(rule('redemption.count.per_customer.monthly', 2), context)).toBe(true);
    // Without a customer a per-customer limit cannot be met.
    expect(failureOf(evaluate(rule('redemption.count.per_customer', 5), { redemption: { counts } }))?.key).toBe(
      'redemption_rules_violated',
    );
  });

  it('API keys and users', () => {
    const redemption = { api_key: 'key_pos', user: { login: 'ann@shop.io' }, counts: { api_key: 9, user: 0 } };
    expect(
      valid(one({ name: 'redemption.api_key', conditions: { $in: ['key_pos', 'key_web'] } }), { redemption }),
    ).toBe(true);
    expect(valid(one({ name: 'redemption.api_key', conditions: { $is: ['key_web'] } }), { redemption })).toBe(false);
    expect(
      valid(one({ name: 'redemption.count.per_api_key', conditions: { $less_than_or_equal: [10] } }), { redemption }),
    ).toBe(true);
    expect(
      valid(one({ name: 'redemption.count.per_api_key', conditions: { $less_than_or_equal: [9] } }), { redemption }),
    ).toBe(false);
    expect(
      valid(one({ name: 'redemption.user.login', conditions: { $ends_with: ['@shop.io'] } }), { redemption }),
    ).toBe(true);
    expect(valid(one({ name: 'redemption.count.per_user', conditions: { $is: [1] } }), { redemption })).toBe(true);
    expect(valid(one({ name: 'redemption.count.per_user', conditions: { $is: [1] } }), {})).toBe(false);
  });

  it('metadata, gift credits and points', () => {
    expect(
      valid(one({ name: 'redemption.metadata', property: 'channel', conditions: { $is: ['pos'] } }), {
        redemption: { metadata: { channel: 'pos' } },
      }),
    ).toBe(true);
    const gift = one({ name: 'redemption.gift.amount', conditions: { $less_than_or_equal: [50000] } });
    expect(valid(gift, { campaign: { gift_amount: 45000 }, redemption: { gift: { credits: 5000 } } })).toBe(true);
    expect(valid(gift, { campaign: { gift_amount: 45000 }, redemption: { gift: { credits: 5001 } } })).toBe(false);
    const points = one({
      name: 'redemption.reward.pay_with_points.points_used',
      conditions: { $less_than_or_equal: [500] },
    });
    expect(valid(points, { redemption: { points_used: 500 } })).toBe(true);
    expect(valid(points, { redemption: { points_used: 501 } })).toBe(false);
    expect(valid(points, {})).toBe(false);
  });

  it('custom_event.metadata', () => {
    const rules = one({
      name: 'custom_event.metadata',
      property: 'score',
      conditions: { $greater_than_or_equal: [10] },
    });
    expect(valid(rules, { custom_event: { metadata: { score: 12 } } })).toBe(true);
    expect(failureOf(evaluate(rules, { custom_event: { metadata: { score: 2 } } }))?.key).toBe(
      'redemption_rules_violated',
    );
  });
});

describe('dates in metadata', () => {
  const visit = (conditions: Record<string, unknown>) =>
    one({ name: 'customer.metadata', property: 'visit', conditions });
  const at = (visitAt: string, timeZone?: string): Context => ({
    customer: { id: 'c', metadata: { visit: visitAt } },
    ...(timeZone === undefined ? {} : { timeZone }),
  });

  it('$timeframe: a recurring window from a start', () => {
    const everyDayOneHour = visit({ $timeframe: ['2026-01-01T18:00:00Z;P1D;PT1H'] });
    expect(valid(everyDayOneHour, at('2026-01-05T18:30:00Z'))).toBe(true);
    expect(valid(everyDayOneHour, at('2026-01-05T19:00:00Z'))).toBe(false);
    expect(valid(everyDayOneHour, at('2025-12-31T18:30:00Z'))).toBe(false);
    // Calendar days in the zone: across the change to summer time the window stays at 18:00 local.
    const warsaw = visit({ $timeframe: ['2026-03-20T18:00:00;P1D;PT1H'] });
    expect(valid(warsaw, at('2026-04-02T16:30:00Z', 'Europe/Warsaw'))).toBe(true);
    expect(valid(warsaw, at('2026-04-02T17:30:00Z', 'Europe/Warsaw'))).toBe(false);
    // Months end on their last day.
    const monthly = visit({ $timeframe: ['2026-01-31T00:00:00Z;P1M;P1D'] });
    expect(valid(monthly, at('2026-02-28T12:00:00Z'))).toBe(true);
    expect(valid(monthly, at('2026-03-01T12:00:00Z'))).toBe(false);
  });

  it('$timeframe_absolute: between two moments, calendar dates as whole days', () => {
    expect(valid(visit({ $timeframe_absolute: ['2026-01-01;2026-01-31'] }), at('2026-01-31T23:59:00Z'))).toBe(true);
    expect(valid(visit({ $timeframe_absolute: ['2026-01-01;2026-01-31'] }), at('2026-02-01T00:00:00Z'))).toBe(false);
    expect(
      valid(visit({ $timeframe_absolute: ['2026-01-01T10:00:00Z;2026-01-01T11:00:00Z'] }), at('2026-01-01T11:00:00Z')),
    ).toBe(true);
  });

  it('$timeframe_daily_hours and $dow: local hours and days in the project time zone', () => {
    // Tuesday 6 January 2026, 18:30 in Warsaw is 17:30 UTC.
    const happyHour = visit({ $timeframe_daily_hours: ['18:00;20:01;2,3'] });
    expect(valid(happyHour, at('2026-01-06T17:30:00Z', 'Europe/Warsaw'))).toBe(true);
    expect(valid(happyHour, at('2026-01-06T17:30:00Z'))).toBe(false);
    expect(valid(happyHour, at('2026-01-08T17:30:00Z', 'Europe/Warsaw'))).toBe(false);
    const overnight = visit({ $timeframe_daily_hours: ['22:00;02:00;5'] });
    expect(valid(overnight, at('2026-01-10T01:00:00Z'))).toBe(true); // Saturday 01:00, from Friday night
    expect(valid(overnight, at('2026-01-09T01:00:00Z'))).toBe(false);
    expect(valid(visit({ $dow: [0, 6] }), at('2026-01-10T12:00:00Z'))).toBe(true);
    expect(valid(visit({ $dow: [0, 6] }), at('2026-01-10T23:30:00Z', 'Europe/Warsaw'))).toBe(true); // already Sunday
    expect(valid(visit({ $dow: [0, 6] }), at('2026-01-09T12:00:00Z'))).toBe(false);
  });

  it('relative days count from now', () => {
    expect(valid(visit({ $less_than_ago: [3] }), at('2026-01-06T08:00:00Z'))).toBe(true);
    expect(valid(visit({ $more_than_ago: [3] }), at('2026-01-06T08:00:00Z'))).toBe(false);
    expect(valid(visit({ $less_than_ago: [3] }), { ...at('2026-01-06T08:00:00Z'), now: Date.UTC(2026, 0, 20) })).toBe(
      false,
    );
  });
});

describe('bundles', () => {
  const bundle = {
    error: { message: 'Complete the set' },
    bundle_rules: {
      limit: 2,
      1: {
        name: 'order.items.any',
        conditions: { $is: [{ id: 'prod_laptop', type: 'product_or_sku', object: 'product' }] },
      },
      2: {
        name: 'order.items.any',
        conditions: { $is: [{ id: 'prod_bag', type: 'product_or_sku', object: 'product' }] },
        error: { message: 'Add a bag' },
      },
    },
    applicable_to: {
      included: [{ object: 'product', id: 'prod_bag', quantity_limit: 1, aggregated_quantity_limit: 1 }],
      excluded: [],
      included_all: false,
    },
  };
  const laptops = (quantity: number): RuleOrderItemInput => ({ product_id: 'prod_laptop', quantity, price: 300000 });
  const bags = (quantity: number): RuleOrderItemInput => ({ product_id: 'prod_bag', quantity, price: 5000 });

  it('holds with a complete bundle and reports it, without a missing list', () => {
    const result = evaluate(bundle, { order: { items: [laptops(1), bags(1)] } });
    expect(result.valid).toBe(true);
    expect(result.bundle).toEqual({
      quantity: 1,
      limit: 2,
      identified: [
        { id: 'prod_laptop', object: 'product', item_index: 0, item_quantity: 1 },
        { id: 'prod_bag', object: 'product', item_index: 1, item_quantity: 1 },
      ],
    });
  });

  it('fails with order_rules_violated and the set’s fallback message, listing what is missing', () => {
    const result = evaluate(bundle, { order: { items: [laptops(1)] } });
    // Parts carry no message of their own: the reference marks bundle rule messages unsupported.
    expect(failureOf(result)).toEqual({
      key: 'order_rules_violated',
      message: 'order does not match validation rules',
      error: { message: 'Complete the set' },
      rule: { path: ['bundle_rules', '2'], name: 'order.items.any' },
    });
    expect(result.bundle?.missing).toEqual([{ id: 'prod_bag', object: 'product', item_quantity: 1 }]);
    const allowed = evaluate(bundle, { order: { items: [laptops(1)] } }, { allowIncompleteBundle: true });
    expect(allowed.valid).toBe(true);
    expect(allowed.bundle?.quantity).toBe(0);
  });

  it('judges the rules before the bundle, so a broken rule is blamed first', () => {
    const withRule = {
      ...bundle,
      rules: { 1: { name: 'order.amount', conditions: { $more_than: [1000000] } }, logic: '1' },
    };
    expect(failureOf(evaluate(withRule, { order: { items: [laptops(1)] } }))?.rule).toEqual({
      path: ['1'],
      name: 'order.amount',
    });
  });

  it('multiplies unit limits of applicable_to by the bundles found, unless told otherwise', () => {
    const items = [laptops(3), bags(5)];
    const result = evaluate(bundle, { order: { items } });
    expect(result.bundle?.quantity).toBe(2);
    expect(result.valid && result.applicable.covered).toEqual([{ index: 1, units: 2, first: 1, step: 1, entry: 0 }]);
    const once = evaluate(bundle, { order: { items } }, { applicableTo: { unitLimitMultiplier: 1 } });
    expect(once.valid && once.applicable.covered).toEqual([{ index: 1, units: 1, first: 1, step: 1, entry: 0 }]);
  });
});

describe('the answer on a pass: the items a discount may reduce', () => {
  const rules = {
    rules: {
      1: { name: 'order.items.any', conditions: { $is: [{ id: 'pc_kitchen', object: 'products_collection' }] } },
      logic: '1',
    },
    applicable_to: {
      included: [{ object: 'products_collection', id: 'pc_kitchen', effect: 'APPLY_TO_CHEAPEST' }],
      excluded: [{ object: 'product', id: 'prod_knife' }],
      included_all: false,
    },
  };
  const items: RuleOrderItemInput[] = [
    { product_id: 'prod_pan', quantity: 1, price: 4000, collection_ids: ['pc_kitchen'] },
    { product_id: 'prod_knife', quantity: 1, price: 1500, collection_ids: ['pc_kitchen'] },
    { product_id: 'prod_mug', quantity: 2, price: 1000, collection_ids: ['pc_kitchen'] },
  ];

  it('resolves applicable_to on the order of the validation', () => {
    const result = evaluate(rules, { order: { items } });
    if (!result.valid) throw new Error('expected a pass');
    expect(result.applicable.applicable_to.data).toEqual([
      {
        object: 'products_collection',
        id: 'pc_kitchen',
        effect: 'APPLY_TO_CHEAPEST',
        order_item_indices: [2],
        order_item_units: [{ index: 2, units: [1, 2] }],
      },
    ]);
    expect(result.applicable.inapplicable_to.data).toEqual([
      { object: 'product', id: 'prod_knife', order_item_indices: [1] },
    ]);
    expect(result.applicable.covered).toEqual([{ index: 2, units: 2, first: 1, step: 1, entry: 0 }]);
  });

  it('passes budgets and earlier discounted units through', () => {
    const limited = {
      ...rules,
      applicable_to: {
        ...rules.applicable_to,
        included: [{ object: 'products_collection', id: 'pc_kitchen', product_customer_campaign_quantity_limit: 3 }],
      },
    };
    const result = evaluate(
      limited,
      { order: { items } },
      { applicableTo: { discountedUnits: { customer: { pc_kitchen: 2 } } } },
    );
    expect(result.valid && result.applicable.covered).toEqual([{ index: 0, units: 1, first: 1, step: 1, entry: 0 }]);
  });

  it('takes budgets and earlier units per validation, over the compiled options', () => {
    const limited = {
      ...rules,
      applicable_to: {
        ...rules.applicable_to,
        included: [
          {
            object: 'products_collection',
            id: 'pc_kitchen',
            product_promotion_tier_quantity_limit: 2,
            product_campaign_quantity_limit: 10,
          },
        ],
      },
    };
    const compiled = compileValidationRules(parseValidationRules(limited), {
      applicableTo: { discountedUnits: { all: { pc_kitchen: 9 } } },
    });
    const covered = (result: ReturnType<typeof compiled>) =>
      result.valid ? result.applicable.covered.reduce((sum, line) => sum + line.units, 0) : -1;
    expect(covered(compiled({ now: 0, order: { items } }))).toBe(1);
    expect(covered(compiled({ now: 0, order: { items } }, { budget: 'promotion_tier' }))).toBe(0);
    expect(
      covered(compiled({ now: 0, order: { items } }, { budget: 'promotion_tier', discountedUnits: { all: {} } })),
    ).toBe(2);
    expect(
      covered(
        compiled(
          { now: 0, order: { items } },
          { budget: 'promotion_tier', discountedUnits: { all: { pc_kitchen: 1 } } },
        ),
      ),
    ).toBe(1);
    expect(covered(compiled({ now: 0, order: { items } }, { discountedUnits: { all: {} } }))).toBe(3);
  });

  it('covers nothing when the rule set names no items', () => {
    const result = evaluate(one({ name: 'order.amount', conditions: { $more_than: [0] } }), { order: { items } });
    expect(result.valid && result.applicable).toEqual({
      applicable_to: { object: 'list', data_ref: 'data', data: [], total: 0 },
      inapplicable_to: { object: 'list', data_ref: 'data', data: [], total: 0 },
      covered: [],
    });
  });
});

describe('failure keys and messages by rule family', () => {
  it('keys the failure by the family of the rule blamed', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'customer.segment', conditions: { $is: ['seg_1'] } }, 'customer_rules_violated'],
      [{ name: 'publication.redeemable_by_linked_customer' }, 'customer_rules_violated'],
      [{ name: 'order.amount', conditions: { $more_than: [1] } }, 'order_rules_violated'],
      [{ name: 'order.items.count', conditions: { $more_than: [1] } }, 'order_rules_violated'],
      [{ name: 'product.id', conditions: { $is: ['prod_1'] } }, 'order_rules_violated'],
      [{ name: 'sku.price', conditions: { $more_than: [1] } }, 'order_rules_violated'],
      [{ name: 'order.items.metadata_any', property: 'a', conditions: { $is: [1] } }, 'order_rules_violated'],
      // The metadata rules fail as redemption rules.
      [{ name: 'customer.metadata', property: 'a', conditions: { $is: [1] } }, 'redemption_rules_violated'],
      [{ name: 'order.metadata', property: 'currency', conditions: { $is: ['EUR'] } }, 'redemption_rules_violated'],
      [{ name: 'redemption.metadata', property: 'a', conditions: { $is: [1] } }, 'redemption_rules_violated'],
      [{ name: 'custom_event.metadata', property: 'a', conditions: { $is: [1] } }, 'redemption_rules_violated'],
      [{ name: 'campaign.redemptions.count', conditions: { $less_than: [1] } }, 'redemption_rules_violated'],
      [{ name: 'redemption.api_key', conditions: { $is: ['k'] } }, 'redemption_rules_violated'],
    ];
    for (const [rule, key] of cases) {
      const failure = failureOf(
        evaluate(one(rule), { customer: { id: 'c' }, order: { metadata: { currency: 'USD' } } }),
      );
      expect(failure, String(rule.name)).toMatchObject({ key, rule: { path: ['1'], name: rule.name } });
    }
  });

  it('gives the service’s message for each key', () => {
    const failure = (rule: Record<string, unknown>) => failureOf(evaluate(one(rule), {}));
    expect(failure({ name: 'customer.segment', conditions: { $is: ['seg_1'] } })?.message).toBe(
      'customer does not match validation rules',
    );
    expect(failure({ name: 'order.amount', conditions: { $more_than: [1] } })?.message).toBe(
      'order does not match validation rules',
    );
    expect(failure({ name: 'order.metadata', property: 'x', conditions: { $is: [1] } })?.message).toBe(
      'redemption does not match validation rules',
    );
  });

  it('blames the deepest rule at fault and keys the failure by it, with the nearest message above it', () => {
    const rules = one({
      name: 'order.items.any',
      conditions: { $is: ['prod_1'] },
      error: { message: 'Add product 1' },
      rules: {
        1: {
          name: 'order.items.quantity',
          conditions: { $more_than: [0] },
          rules: {
            1: {
              name: 'order.items.metadata',
              property: 'gift',
              conditions: { $is: [true] },
              error: { message: 'Wrap it' },
            },
          },
        },
      },
    });
    const unwrapped = { order: { items: [{ product_id: 'prod_1', quantity: 1, metadata: { gift: false } }] } };
    expect(failureOf(evaluate(rules, unwrapped))).toMatchObject({
      key: 'order_rules_violated',
      error: { message: 'Wrap it' },
      rule: { path: ['1', '1', '1'], name: 'order.items.metadata' },
    });
    expect(failureOf(evaluate(rules, { order: { items: [{ product_id: 'prod_1', quantity: 0 }] } }))).toMatchObject({
      error: { message: 'Add product 1' },
      rule: { path: ['1', '1'] },
    });
  });
});

describe('missing data', () => {
  it('reads what the context lacks as no value: positive operators fail, negative ones hold', () => {
    expect(valid(one({ name: 'order.amount', conditions: { $more_than: [0] } }), {})).toBe(false);
    expect(valid(one({ name: 'order.amount', conditions: { $is_not: [100] } }), {})).toBe(true);
    expect(valid(one({ name: 'order.items.any', conditions: { $is: ['prod_1'] } }), {})).toBe(false);
    expect(valid(one({ name: 'order.items.every', conditions: { $is: ['prod_1'] } }), {})).toBe(false);
    expect(valid(one({ name: 'order.items.cheapest', conditions: { $is: ['prod_1'] } }), {})).toBe(false);
    expect(valid(one({ name: 'order.items.price_any', conditions: { $more_than: [0] } }), {})).toBe(false);
    expect(valid(one({ name: 'order.items.count', conditions: { $is: [0] } }), {})).toBe(true);
    expect(valid(one({ name: 'customer.metadata', property: 'vip', conditions: { $is_unknown: [] } }), {})).toBe(true);
    expect(valid(one({ name: 'redemption.api_key', conditions: { $not_in: ['key_1'] } }), {})).toBe(true);
    expect(valid(one({ name: 'redemption.user.login', conditions: { $is: ['ann'] } }), {})).toBe(false);
  });

  it('reads order lines without a price: their price is unknown, their amount too unless given', () => {
    const items: RuleOrderItemInput[] = [
      { product_id: 'prod_1', quantity: 2 },
      { product_id: 'prod_2', amount: 3000, quantity: 3 },
    ];
    expect(valid(one({ name: 'order.items.price_each', conditions: { $more_than: [0] } }), { order: { items } })).toBe(
      false,
    );
    expect(valid(one({ name: 'order.items.price_any', conditions: { $is: [1000] } }), { order: { items } })).toBe(true);
    expect(valid(one({ name: 'order.amount', conditions: { $is: [3000] } }), { order: { items } })).toBe(true);
    // The cheapest line is picked among lines with a known price.
    expect(valid(one({ name: 'order.items.cheapest', conditions: { $is: ['prod_2'] } }), { order: { items } })).toBe(
      true,
    );
    // Catalogue prices stand in for missing ones: the SKU's, then the product's.
    const catalogue: RuleOrderItemInput[] = [
      { product_id: 'prod_1', sku_id: 'sku_1', sku: { price: 700 }, product: { price: 900 } },
    ];
    expect(
      valid(one({ name: 'order.items.price_any', conditions: { $is: [700] } }), { order: { items: catalogue } }),
    ).toBe(true);
    // Lines sent with only the nested product or SKU, as the reference's examples do.
    const nested: RuleOrderItemInput[] = [
      { product: { id: 'prod_1', price: 900, metadata: { brand: 'Star' } } },
      { sku: { id: 'sku_2', price: 100 } },
    ];
    expect(
      valid(one({ name: 'product.metadata', property: 'brand', conditions: { $is: ['Star'] } }), {
        order: { items: nested },
      }),
    ).toBe(true);
    expect(valid(one({ name: 'sku.id', conditions: { $is: ['sku_2'] } }), { order: { items: nested } })).toBe(true);
    expect(valid(one({ name: 'order.amount', conditions: { $is: [1000] } }), { order: { items: nested } })).toBe(true);
  });
});

describe('compileValidationRules', () => {
  const birthday = {
    rules: {
      1: { name: 'customer.metadata', property: 'birthday', conditions: { $less_than_ago: [7] } },
      2: { name: 'order.metadata', property: 'placed_at', conditions: { $dow: [0, 6] } },
      logic: '1 or 2',
    },
  };

  it('judges each call at its own moment and in its own time zone', () => {
    const evaluateOnce = compileValidationRules(parseValidationRules(birthday));
    const customer = { id: 'c', metadata: { birthday: '2026-01-05' } };
    expect(evaluateOnce({ now: Date.UTC(2026, 0, 7), customer }).valid).toBe(true);
    expect(evaluateOnce({ now: Date.UTC(2026, 0, 20), customer }).valid).toBe(false);
    expect(evaluateOnce({ now: new Date(Date.UTC(2026, 0, 8)), customer }).valid).toBe(true);
    // Friday 23:30 UTC is Saturday in Warsaw.
    const order = { metadata: { placed_at: '2026-01-09T23:30:00Z' } };
    expect(evaluateOnce({ now: Date.UTC(2026, 1, 1), order }).valid).toBe(false);
    expect(evaluateOnce({ now: Date.UTC(2026, 1, 1), order, timeZone: 'Europe/Warsaw' }).valid).toBe(true);
    expect(evaluateOnce({ now: Date.UTC(2026, 1, 1), order }).valid).toBe(false);
  });

  it('answers as evaluateValidationRules does, call after call (property)', () => {
    const definition = parseValidationRules({
      rules: {
        1: { name: 'order.amount', conditions: { $more_than_or_equal: [5000] } },
        2: { name: 'customer.metadata', property: 'joined', conditions: { $more_than: [30] } },
        3: {
          name: 'order.items.any',
          conditions: { $is: ['prod_a'] },
          rules: { 1: { name: 'order.items.quantity', conditions: { $more_than: [1] } } },
        },
        logic: '(1 or 2) and 3',
      },
    });
    const compiled = compileValidationRules(definition);
    const contextArbitrary = fc.record({
      now: fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }),
      joined: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }),
      timeZone: fc.constantFrom('UTC', 'Europe/Warsaw', 'America/New_York'),
      items: fc.array(
        fc.record({
          product_id: fc.constantFrom('prod_a', 'prod_b'),
          quantity: fc.integer({ min: 0, max: 3 }),
          price: fc.integer({ min: 0, max: 4000 }),
        }),
        {
          maxLength: 4,
        },
      ),
    });
    fc.assert(
      fc.property(fc.array(contextArbitrary, { minLength: 1, maxLength: 5 }), (cases) => {
        for (const { now, joined, timeZone, items } of cases) {
          const context: ValidationRuleContext = {
            now,
            timeZone,
            customer: { id: 'c', metadata: { joined: new Date(joined).toISOString() } },
            order: { items },
          };
          expect(compiled(context)).toEqual(evaluateValidationRules(definition, context));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('makes a calendar only when a rule reads a date, so an unknown zone fails only then', () => {
    const amounts = compileValidationRules(
      parseValidationRules(one({ name: 'order.amount', conditions: { $more_than: [1] } })),
    );
    expect(amounts({ now: NOW, timeZone: 'Mars/Olympus', order: { amount: 5 } }).valid).toBe(true);
    const dates = compileValidationRules(parseValidationRules(birthday));
    expect(() =>
      dates({ now: NOW, timeZone: 'Mars/Olympus', customer: { id: 'c', metadata: { birthday: '2026-01-05' } } }),
    ).toThrow(RangeError);
  });

  it('judges a rule the logic names twice only once', () => {
    const judged: string[] = [];
    const rules = {
      rules: {
        1: { name: 'order.amount', conditions: { $more_than: [100] } },
        2: { name: 'order.items.count', conditions: { $is: [9] } },
        3: { name: 'customer.segment', conditions: { $is: ['seg_1'] } },
        logic: '(1 and 2) or (1 and 3)',
      },
    };
    const result = evaluate(
      rules,
      { order: { amount: 500 }, customer: { id: 'c', segment_ids: ['seg_1'] } },
      {
        skipRule: (name) => {
          judged.push(name);
          return false;
        },
      },
    );
    expect(result.valid).toBe(true);
    expect(judged).toEqual(['order.amount', 'order.items.count', 'customer.segment']);
  });
});

describe('skipping rules by category', () => {
  const rules = {
    rules: {
      1: { name: 'customer.segment', conditions: { $is: ['seg_vip'] } },
      2: { name: 'redemption.count.per_customer', conditions: { $less_than_or_equal: [1] } },
      3: { name: 'order.amount', conditions: { $more_than: [10000] } },
      logic: '1 and 2 and 3',
    },
  };
  const context: Context = {
    customer: { id: 'c', segment_ids: ['seg_vip'] },
    redemption: { counts: { customer: { total: 3 } } },
    order: { amount: 100 },
  };

  it('judges only the audience, as a qualification of the audience does', () => {
    expect(valid(rules, context)).toBe(false);
    expect(valid(rules, context, { skipRule: (name) => validationRuleCategory(name) !== 'audience' })).toBe(true);
    expect(
      valid(
        rules,
        { ...context, customer: { id: 'c' } },
        { skipRule: (name) => validationRuleCategory(name) !== 'audience' },
      ),
    ).toBe(false);
  });

  it('ignores budgets', () => {
    const result = evaluate(rules, context, { skipRule: (name) => validationRuleCategory(name) === 'budget' });
    expect(failureOf(result)?.rule.name).toBe('order.amount');
  });
});

describe('redemption counts by calendar period', () => {
  it('feeds counts from countRedemptionsByPeriod into the period rules', () => {
    // Sunday 11 January 2026; weeks start on Monday in Poland and on Sunday in the United States.
    const now = Date.UTC(2026, 0, 11, 12);
    const earlier = ['2026-01-05T10:00:00Z', '2026-01-10T10:00:00Z', '2025-12-31T10:00:00Z'];
    const rule = one({ name: 'redemption.count.per_customer.weekly', conditions: { $less_than_or_equal: [2] } });
    const monday = countRedemptionsByPeriod(earlier, now, { locale: 'pl-PL' });
    const sunday = countRedemptionsByPeriod(earlier, now, { locale: 'en-US' });
    expect(valid(rule, { now, customer: { id: 'c' }, redemption: { counts: { customer: monday } } })).toBe(false);
    expect(valid(rule, { now, customer: { id: 'c' }, redemption: { counts: { customer: sunday } } })).toBe(true);
  });
});

/** A random and/or tree over rules 1–5. */
type Tree = { leaf: number } | { op: 'and' | 'or'; left: Tree; right: Tree };

const tree: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ leaf: fc.integer({ min: 1, max: 5 }) }),
    fc.record({ op: fc.constantFrom<'and' | 'or'>('and', 'or'), left: tie('tree'), right: tie('tree') }),
  ),
})).tree;

const text = (node: Tree): string =>
  'leaf' in node ? String(node.leaf) : `(${text(node.left)} ${node.op} ${text(node.right)})`;
const leaves = (node: Tree): number[] => ('leaf' in node ? [node.leaf] : [...leaves(node.left), ...leaves(node.right)]);
const truthOf = (node: Tree, truth: readonly boolean[]): boolean =>
  'leaf' in node
    ? truth[node.leaf] === true
    : node.op === 'and'
      ? truthOf(node.left, truth) && truthOf(node.right, truth)
      : truthOf(node.left, truth) || truthOf(node.right, truth);

/** Rule `n` of each family, which holds when the context's flag `r<n>` is set. */
const FAMILIES = [
  (n: number) => ({ name: 'customer.segment', conditions: { $is: [`seg_${n}`] } }),
  (n: number) => ({ name: 'order.items.any', conditions: { $is: [`prod_${n}`] } }),
  (n: number) => ({ name: 'redemption.metadata', property: `r${n}`, conditions: { $is: [true] } }),
] as const;

describe('rule sets against a direct evaluation (property)', () => {
  it('holds exactly when the logic holds, and blames a rule that fails, keyed by its family', () => {
    fc.assert(
      fc.property(
        tree,
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 6, maxLength: 6 }),
        (node, truth, families) => {
          const used = [...new Set(leaves(node))];
          const rules: Record<string, unknown> = { logic: text(node) };
          for (const n of used) rules[n] = { ...FAMILIES[families[n] ?? 0]?.(n), error: { message: `rule ${n}` } };
          const holding = used.filter((n) => truth[n] === true);
          const result = evaluate(
            { rules },
            {
              customer: { id: 'c', segment_ids: holding.map((n) => `seg_${n}`) },
              order: { items: holding.map((n) => ({ product_id: `prod_${n}` })) },
              redemption: { metadata: Object.fromEntries(holding.map((n) => [`r${n}`, true])) },
            },
          );
          expect(result.valid).toBe(truthOf(node, truth));
          if (!result.valid) {
            const [blamed] = result.failure.rule.path;
            expect(truth[Number(blamed)]).not.toBe(true);
            expect(result.failure.key).toBe(validationRuleFailureKey(result.failure.rule.name));
            expect(result.failure.error).toEqual({ message: `rule ${blamed}` });
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
