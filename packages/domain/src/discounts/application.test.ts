import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DiscountStepInput, applyDiscount } from './application.js';
import type { DiscountFormulaEvaluator, DiscountInput } from './definition.js';
import type { ApplicableItemsInput, ApplicableToEntryInput } from './item-selection.js';
import { type OrderAmounts, type OrderInput, calculateOrderAmounts } from './order-amounts.js';
import { resolveApplicableTo } from '../rules/applicable-to.js';
import { parseValidationRules } from '../rules/parse.js';

/** The reference's sample cart: mug, poster and T-shirt are Adventure items, the bottle is not. */
const ADVENTURE_CART: OrderInput = {
  items: [
    { product_id: 'prod_mug', price: 1000, quantity: 2 },
    { product_id: 'prod_poster', price: 1500, quantity: 3 },
    { product_id: 'prod_tshirt', price: 2000, quantity: 3 },
    { product_id: 'prod_bottle', price: 2500, quantity: 2 },
  ],
};
const ADVENTURE: ApplicableItemsInput = {
  included: [{ object: 'products_collection', id: 'pc_adventure', matched_item_indices: [0, 1, 2] }],
  excluded: [{ object: 'product', id: 'prod_bottle', matched_item_indices: [3] }],
};

const apply = (discount: DiscountInput, extra: Partial<DiscountStepInput> = {}, order: OrderInput = ADVENTURE_CART) =>
  applyDiscount(calculateOrderAmounts(order), { discount, applicable_to: ADVENTURE, ...extra });

const lineDiscounts = (order: OrderAmounts): number[] => order.items.map((item) => item.discount_amount);

describe('applyDiscount: the reference example (amount 17500)', () => {
  it('starts from an amount of 17500', () => {
    expect(calculateOrderAmounts(ADVENTURE_CART).amount).toBe(17500);
  });

  const rows: [string, DiscountInput, number[], number, number][] = [
    [
      'AMOUNT 1000 APPLY_TO_ORDER',
      { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' },
      [0, 0, 0, 0],
      1000,
      16500,
    ],
    [
      'AMOUNT 1000 APPLY_TO_ITEMS',
      { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS' },
      [1000, 1000, 1000, 0],
      3000,
      14500,
    ],
    [
      'AMOUNT 1000 APPLY_TO_ITEMS_BY_QUANTITY',
      { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' },
      [2000, 3000, 3000, 0],
      8000,
      9500,
    ],
    [
      'AMOUNT 1000 APPLY_TO_ITEMS_PROPORTIONALLY',
      { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' },
      [160, 360, 480, 0],
      1000,
      16500,
    ],
    [
      'AMOUNT 1000 APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY',
      { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY' },
      [250, 375, 375, 0],
      1000,
      16500,
    ],
    [
      'PERCENT 10 APPLY_TO_ITEMS',
      { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' },
      [200, 450, 600, 0],
      1250,
      16250,
    ],
    [
      'FIXED 1000 APPLY_TO_ITEMS',
      { type: 'FIXED', fixed_amount: 1000, effect: 'APPLY_TO_ITEMS' },
      [0, 1500, 3000, 0],
      4500,
      13000,
    ],
  ];

  it.each(rows)('%s', (_, discount, perLine, total, totalAmount) => {
    const { order } = apply(discount);
    expect(lineDiscounts(order)).toEqual(perLine);
    expect(order.total_discount_amount).toBe(total);
    expect(order.total_applied_discount_amount).toBe(total);
    expect(order.total_amount).toBe(totalAmount);
    expect(order.amount).toBe(17500);
  });

  it('keeps an order-level discount at the order and item discounts on the lines', () => {
    const atOrder = apply({ type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' }).order;
    expect(atOrder).toMatchObject({ discount_amount: 1000, applied_discount_amount: 1000, items_discount_amount: 0 });
    const onItems = apply({ type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS' }).order;
    expect(onItems).toMatchObject({
      discount_amount: 0,
      items_discount_amount: 3000,
      items_applied_discount_amount: 3000,
    });
    expect(onItems.items.map((item) => item.subtotal_amount)).toEqual([1000, 3500, 5000, 5000]);
  });

  it('lists the covered and the excluded lines', () => {
    const result = apply({ type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' });
    expect(result.applicable_to).toMatchObject({ object: 'list', data_ref: 'data', total: 1 });
    expect(result.applicable_to.data[0]).toMatchObject({
      object: 'products_collection',
      id: 'pc_adventure',
      order_item_indices: [0, 1, 2],
      order_item_units: [
        { index: 0, units: [1, 2] },
        { index: 1, units: [1, 2, 3] },
        { index: 2, units: [1, 2, 3] },
      ],
    });
    expect(result.inapplicable_to.data).toEqual([{ object: 'product', id: 'prod_bottle', order_item_indices: [3] }]);
  });

  it('marks each discounted unit', () => {
    const { order } = apply({ type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS' });
    expect(order.items.map((item) => item.discount_quantity)).toEqual([2, 3, 3, 0]);
    // A new price above the unit price discounts nothing, so no unit counts.
    const fixed = apply({ type: 'FIXED', fixed_amount: 1000, effect: 'APPLY_TO_ITEMS' });
    expect(fixed.order.items.map((item) => item.discount_quantity)).toEqual([0, 3, 3, 0]);
    // The mug is still covered by the rule, though its price leaves nothing to take off.
    expect(fixed.applicable_to.data[0]?.order_item_indices).toEqual([0, 1, 2]);
  });
});

describe('applyDiscount: application rules', () => {
  const ruleCart: OrderInput = {
    items: [
      { product_id: 'prod_tshirt', price: 2000, quantity: 3 },
      { product_id: 'prod_poster', price: 1500, quantity: 5 },
      { product_id: 'prod_mug', price: 1000, quantity: 2 },
      { product_id: 'prod_socks', price: 500, quantity: 4 },
      { product_id: 'prod_bottle', price: 2500, quantity: 2 },
    ],
  };
  const rule = (entry: Partial<ApplicableToEntryInput>): ApplicableItemsInput => ({
    included: [{ object: 'products_collection', id: 'pc_adventure', matched_item_indices: [0, 1, 2, 3], ...entry }],
  });

  it('$5 per line from the most expensive, skip 1, repeat 2: -0/-5/-0/-5 (reference example)', () => {
    const { order } = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ITEMS' },
      applicable_to: rule({ effect: 'APPLY_FROM_MOST_EXPENSIVE', skip_initially: 1, repeat: 2, target: 'ITEM' }),
    });
    expect(lineDiscounts(order)).toEqual([0, 500, 0, 500, 0]);
    expect(order.total_amount).toBe(22500 - 1000);
  });

  it('finds the most expensive line by unit price, whatever the request order', () => {
    const [tshirt, poster, mug, socks] = ruleCart.items ?? [];
    const shuffled: OrderInput = { items: [socks ?? {}, poster ?? {}, tshirt ?? {}, mug ?? {}] };
    const { order } = applyDiscount(calculateOrderAmounts(shuffled), {
      discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ITEMS' },
      applicable_to: rule({ effect: 'APPLY_FROM_MOST_EXPENSIVE', skip_initially: 1, repeat: 2 }),
    });
    // socks 5, poster 15, T-shirt 20, mug 10: discounted are the poster and the socks.
    expect(lineDiscounts(order)).toEqual([500, 500, 0, 0]);
  });

  it('$5 per unit from the most expensive, skip 1, repeat 2, target UNIT (reference example: 35 off 225)', () => {
    const { order, applicable_to } = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' },
      applicable_to: rule({ effect: 'APPLY_FROM_MOST_EXPENSIVE', skip_initially: 1, repeat: 2, target: 'UNIT' }),
    });
    expect(lineDiscounts(order)).toEqual([500, 1500, 500, 1000, 0]);
    expect(order.total_discount_amount).toBe(3500);
    expect(order.total_amount).toBe(19000);
    expect(applicable_to.data[0]?.order_item_units).toEqual([
      { index: 0, units: [2] },
      { index: 1, units: [1, 3, 5] },
      { index: 2, units: [2] },
      { index: 3, units: [2, 4] },
    ]);
  });

  it('reaches only the cheapest or the most expensive line', () => {
    const discount: DiscountInput = { type: 'PERCENT', percent_off: 50, effect: 'APPLY_TO_ITEMS' };
    const cheapest = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount,
      applicable_to: rule({ effect: 'APPLY_TO_CHEAPEST' }),
    });
    expect(lineDiscounts(cheapest.order)).toEqual([0, 0, 0, 1000, 0]);
    const priciest = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount,
      applicable_to: rule({ effect: 'APPLY_TO_MOST_EXPENSIVE' }),
    });
    expect(lineDiscounts(priciest.order)).toEqual([3000, 0, 0, 0, 0]);
    const oneUnit = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount,
      applicable_to: rule({ effect: 'APPLY_TO_CHEAPEST', target: 'UNIT' }),
    });
    expect(lineDiscounts(oneUnit.order)).toEqual([0, 0, 0, 250, 0]);
  });

  it('goes from the cheapest with skip and repeat', () => {
    const { order } = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS' },
      applicable_to: rule({ effect: 'APPLY_FROM_CHEAPEST', skip_initially: 2 }),
    });
    // cheapest first: socks, mug (skipped), poster, T-shirt.
    expect(lineDiscounts(order)).toEqual([100, 100, 0, 0, 0]);
  });

  it('caps units per line and across lines, and honours the remaining unit budget', () => {
    const discount: DiscountInput = { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' };
    const perLine = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount,
      applicable_to: rule({ quantity_limit: 2 }),
    });
    expect(lineDiscounts(perLine.order)).toEqual([200, 200, 200, 200, 0]);
    const across = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount,
      applicable_to: rule({ quantity_limit: 2, aggregated_quantity_limit: 5 }),
    });
    expect(lineDiscounts(across.order)).toEqual([200, 200, 100, 0, 0]);
    const budget = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount,
      applicable_to: rule({ remaining_units: 4, aggregated_quantity_limit: 5 }),
    });
    expect(lineDiscounts(budget.order)).toEqual([300, 100, 0, 0, 0]);
    const spent = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount,
      applicable_to: rule({ remaining_units: 0 }),
    });
    expect(spent.order.total_discount_amount).toBe(0);
    expect(spent.has_effect).toBe(false);
  });

  it('caps money per line and across the entry; the lowest cap wins', () => {
    const discount: DiscountInput = { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS' };
    const perLine = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount,
      applicable_to: rule({ amount_limit: 700 }),
    });
    expect(lineDiscounts(perLine.order)).toEqual([700, 700, 700, 700, 0]);
    const across = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount,
      applicable_to: rule({ amount_limit: 700, aggregated_amount_limit: 1500 }),
    });
    expect(lineDiscounts(across.order)).toEqual([700, 700, 100, 0, 0]);
  });

  it('gives a line matched by two entries to the first of them', () => {
    const { order } = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS' },
      applicable_to: {
        included: [
          { object: 'product', id: 'prod_tshirt', matched_item_indices: [0], amount_limit: 50 },
          { object: 'products_collection', id: 'pc_adventure', matched_item_indices: [0, 1] },
        ],
      },
    });
    expect(lineDiscounts(order)).toEqual([50, 100, 0, 0, 0]);
  });

  it('gives a line matched by two entries to the more specific one, whatever their order', () => {
    const { order } = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS' },
      applicable_to: {
        included: [
          { object: 'products_collection', id: 'pc_adventure', matched_item_indices: [0, 1] },
          { object: 'product', id: 'prod_tshirt', matched_item_indices: [0], amount_limit: 50 },
        ],
      },
    });
    expect(lineDiscounts(order)).toEqual([50, 100, 0, 0, 0]);
  });

  it('reads a unit limit of 0 as no units, and a money limit of 0 as no limit', () => {
    const discount: DiscountInput = { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS' };
    const noUnits = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount,
      applicable_to: rule({ quantity_limit: 0 }),
    });
    expect(noUnits.has_effect).toBe(false);
    expect(noUnits.applicable_to.data[0]?.order_item_indices).toEqual([]);
    const noCap = applyDiscount(calculateOrderAmounts(ruleCart), {
      discount,
      applicable_to: rule({ amount_limit: 0, aggregated_amount_limit: 0 }),
    });
    expect(lineDiscounts(noCap.order)).toEqual([100, 100, 100, 100, 0]);
  });

  it('breaks ties on unit price by the lower line amount, then by request order', () => {
    const { order } = applyDiscount(
      calculateOrderAmounts({
        items: [
          { price: 1000, quantity: 3 },
          { price: 1000, quantity: 1 },
          { price: 1000, quantity: 1 },
        ],
      }),
      {
        discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' },
        applicable_to: {
          included: [
            {
              object: 'products_collection',
              id: 'pc_all',
              matched_item_indices: [0, 1, 2],
              effect: 'APPLY_TO_CHEAPEST',
            },
          ],
        },
      },
    );
    expect(lineDiscounts(order)).toEqual([0, 100, 0]);
  });

  it('refuses a line index the order does not have', () => {
    expect(() =>
      applyDiscount(calculateOrderAmounts(ruleCart), {
        discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS' },
        applicable_to: rule({ matched_item_indices: [7] }),
      }),
    ).toThrow(RangeError);
  });
});

describe('applyDiscount: limits and defaults', () => {
  it('applies to items when the rule names products, else to the order', () => {
    expect(apply({ type: 'AMOUNT', amount_off: 1000 }).discount).toMatchObject({ effect: 'APPLY_TO_ITEMS' });
    const plain = applyDiscount(calculateOrderAmounts(ADVENTURE_CART), {
      discount: { type: 'PERCENT', percent_off: 10 },
    });
    expect(plain.discount).toMatchObject({ effect: 'APPLY_TO_ORDER' });
    expect(plain.order.discount_amount).toBe(1750);
  });

  it('reaches every line when an item effect comes without applicable_to', () => {
    const { order } = applyDiscount(calculateOrderAmounts(ADVENTURE_CART), {
      discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS' },
    });
    expect(lineDiscounts(order)).toEqual([100, 100, 100, 100]);
  });

  it('caps a PERCENT discount by amount_limit per order or per line', () => {
    expect(
      apply({ type: 'PERCENT', percent_off: 10, amount_limit: 1000, effect: 'APPLY_TO_ORDER' }).order.discount_amount,
    ).toBe(1000);
    expect(
      lineDiscounts(apply({ type: 'PERCENT', percent_off: 10, amount_limit: 400, effect: 'APPLY_TO_ITEMS' }).order),
    ).toEqual([200, 400, 400, 0]);
  });

  it('caps the whole discount by aggregated_amount_limit, filling lines in the order the discount reaches them', () => {
    expect(
      lineDiscounts(
        apply({ type: 'AMOUNT', amount_off: 1000, aggregated_amount_limit: 2500, effect: 'APPLY_TO_ITEMS' }).order,
      ),
    ).toEqual([1000, 1000, 500, 0]);
    expect(
      apply({ type: 'AMOUNT', amount_off: 1000, aggregated_amount_limit: 600, effect: 'APPLY_TO_ORDER' }).order
        .discount_amount,
    ).toBe(600);
    const shared = apply({
      type: 'AMOUNT',
      amount_off: 1000,
      aggregated_amount_limit: 500,
      effect: 'APPLY_TO_ITEMS_PROPORTIONALLY',
    });
    expect(lineDiscounts(shared.order)).toEqual([80, 180, 240, 0]);
  });

  it('never takes a line or the order below zero', () => {
    expect(lineDiscounts(apply({ type: 'AMOUNT', amount_off: 5000, effect: 'APPLY_TO_ITEMS' }).order)).toEqual([
      2000, 4500, 5000, 0,
    ]);
    expect(apply({ type: 'AMOUNT', amount_off: 99999, effect: 'APPLY_TO_ORDER' }).order.total_amount).toBe(0);
    expect(apply({ type: 'FIXED', fixed_amount: 20000, effect: 'APPLY_TO_ORDER' }).order.discount_amount).toBe(0);
  });

  it('sets a new order price with FIXED on the order', () => {
    const { order } = apply({ type: 'FIXED', fixed_amount: 15000, effect: 'APPLY_TO_ORDER' });
    expect(order.discount_amount).toBe(2500);
    expect(order.total_amount).toBe(15000);
  });

  it('prices FIXED items per entry, with the discount value as the fallback', () => {
    const { order } = applyDiscount(calculateOrderAmounts(ADVENTURE_CART), {
      discount: { type: 'FIXED', fixed_amount: 1000, effect: 'APPLY_TO_ITEMS' },
      applicable_to: {
        included: [
          { object: 'product', id: 'prod_poster', matched_item_indices: [1], price: 500 },
          { object: 'product', id: 'prod_tshirt', matched_item_indices: [2] },
        ],
      },
    });
    expect(lineDiscounts(order)).toEqual([0, 3000, 3000, 0]);
  });

  it('leaves blocked lines alone', () => {
    const { order } = applyDiscount(
      calculateOrderAmounts(ADVENTURE_CART),
      { discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS' }, applicable_to: ADVENTURE },
      { blocked_item_indices: [1] },
    );
    expect(lineDiscounts(order)).toEqual([100, 0, 100, 0]);
  });
});

describe('applyDiscount: formulas', () => {
  const evaluate: DiscountFormulaEvaluator = (formula, { order, item_index }) => {
    if (formula === 'HALF_OF_AMOUNT') return order.amount / 2;
    if (formula === 'LINE_PRICE_MINUS_1') return (order.items[item_index ?? 0]?.price ?? 0) - 100;
    if (formula === 'TWELVE_AND_A_HALF') return 12.5;
    if (formula === 'THROWS') throw new Error('cannot compute');
    return undefined;
  };

  it('uses the formula and marks the discount dynamic', () => {
    const { order, discount } = applyDiscount(
      calculateOrderAmounts({ amount: 3001 }),
      { discount: { type: 'AMOUNT', amount_off: 100, amount_off_formula: 'HALF_OF_AMOUNT' } },
      { evaluate },
    );
    expect(order.discount_amount).toBe(1501);
    expect(discount).toMatchObject({ amount_off: 1501, is_dynamic: true, amount_off_formula: 'HALF_OF_AMOUNT' });
  });

  it('falls back to the static value without an evaluator or when the formula fails', () => {
    const order = calculateOrderAmounts({ amount: 3000 });
    const withoutEvaluator = applyDiscount(order, {
      discount: { type: 'AMOUNT', amount_off: 100, amount_off_formula: 'HALF_OF_AMOUNT' },
    });
    expect(withoutEvaluator.order.discount_amount).toBe(100);
    expect(withoutEvaluator.discount).toMatchObject({ is_dynamic: true });
    for (const formula of ['THROWS', 'UNKNOWN']) {
      expect(
        applyDiscount(
          order,
          { discount: { type: 'AMOUNT', amount_off: 100, amount_off_formula: formula } },
          { evaluate },
        ).order.discount_amount,
      ).toBe(100);
    }
    const staticOnly = applyDiscount(order, { discount: { type: 'AMOUNT', amount_off: 100 } }, { evaluate });
    expect(staticOnly.discount).not.toHaveProperty('is_dynamic');
  });

  it('computes percentages, item prices and free units', () => {
    const percent = applyDiscount(
      calculateOrderAmounts({ amount: 333 }),
      { discount: { type: 'PERCENT', percent_off: 1, percent_off_formula: 'TWELVE_AND_A_HALF' } },
      { evaluate },
    );
    expect(percent.order.discount_amount).toBe(42);
    const priced = applyDiscount(
      calculateOrderAmounts(ADVENTURE_CART),
      {
        discount: { type: 'FIXED', fixed_amount: 0, effect: 'APPLY_TO_ITEMS' },
        applicable_to: {
          included: [
            {
              object: 'product',
              id: 'prod_mug',
              matched_item_indices: [0],
              price: 0,
              price_formula: 'LINE_PRICE_MINUS_1',
            },
          ],
        },
      },
      { evaluate },
    );
    expect(lineDiscounts(priced.order)).toEqual([200, 0, 0, 0]);
  });
});

describe('applyDiscount: free units', () => {
  const mugAndBottles: OrderInput = {
    items: [
      { product_id: 'prod_mug', price: 1000, quantity: 1 },
      { product_id: 'prod_bottle', price: 2500, quantity: 2 },
    ],
  };

  it('ADD_NEW_ITEMS: one more mug raises the amount and its discount offsets it (reference example)', () => {
    const { order } = applyDiscount(calculateOrderAmounts(mugAndBottles), {
      discount: { type: 'UNIT', unit_off: 1, unit_type: 'prod_mug', effect: 'ADD_NEW_ITEMS' },
      free_items: { prod_mug: { matched_item_indices: [0] } },
    });
    expect(order.items[0]).toMatchObject({
      quantity: 2,
      initial_quantity: 1,
      amount: 2000,
      initial_amount: 1000,
      discount_amount: 1000,
      discount_quantity: 1,
      applied_quantity: 1,
      applied_quantity_amount: 1000,
      subtotal_amount: 1000,
    });
    expect(order).toMatchObject({
      amount: 7000,
      initial_amount: 6000,
      items_discount_amount: 1000,
      total_amount: 6000,
    });
  });

  it('ADD_NEW_ITEMS without a price adds the quantity only', () => {
    const { order, has_effect } = applyDiscount(calculateOrderAmounts({ items: [{ amount: 5000, quantity: 2 }] }), {
      discount: { type: 'UNIT', unit_off: 1, unit_type: 'prod_pen', effect: 'ADD_NEW_ITEMS' },
    });
    expect(order.items[1]).toMatchObject({
      product_id: 'prod_pen',
      price: null,
      quantity: 1,
      amount: 0,
      discount_amount: 0,
      discount_quantity: 1,
    });
    expect(order).toMatchObject({ amount: 5000, total_amount: 5000 });
    expect(has_effect).toBe(true);
  });

  it('ADD_MANY_ITEMS: ADD_MISSING_ITEMS on a held product and ADD_NEW_ITEMS (reference example)', () => {
    const { order, discount } = applyDiscount(
      calculateOrderAmounts({
        amount: 6000,
        items: [
          { product_id: 'prod_a', quantity: 1, price: 2900 },
          { product_id: 'prod_b', quantity: 1, price: 3100 },
        ],
      }),
      {
        discount: {
          type: 'UNIT',
          effect: 'ADD_MANY_ITEMS',
          units: [
            { effect: 'ADD_MISSING_ITEMS', unit_off: 1, unit_type: 'prod_a' },
            { effect: 'ADD_NEW_ITEMS', unit_off: 1, unit_type: 'prod_b' },
          ],
        },
        free_items: { prod_a: { matched_item_indices: [0] }, prod_b: { matched_item_indices: [1] } },
      },
    );
    expect(order).toMatchObject({
      amount: 9100,
      items_discount_amount: 6000,
      total_discount_amount: 6000,
      total_amount: 3100,
      total_applied_discount_amount: 6000,
    });
    expect(order.items[0]).toMatchObject({
      quantity: 1,
      discount_quantity: 1,
      amount: 2900,
      discount_amount: 2900,
      subtotal_amount: 0,
    });
    expect(order.items[1]).toMatchObject({
      quantity: 2,
      discount_quantity: 1,
      amount: 6200,
      discount_amount: 3100,
      initial_amount: 3100,
      subtotal_amount: 3100,
    });
    expect(discount).toMatchObject({ type: 'UNIT', effect: 'ADD_MANY_ITEMS' });
  });

  it('ADD_MISSING_ITEMS tops the line up, or adds a line with the catalogue price (free shipping)', () => {
    const twoFree: DiscountInput = { type: 'UNIT', unit_off: 2, unit_type: 'prod_tshirt', effect: 'ADD_MISSING_ITEMS' };
    const topped = applyDiscount(
      calculateOrderAmounts({ items: [{ product_id: 'prod_tshirt', price: 2000, quantity: 1 }] }),
      {
        discount: twoFree,
        free_items: { prod_tshirt: { matched_item_indices: [0] } },
      },
    ).order;
    expect(topped.items[0]).toMatchObject({ quantity: 2, amount: 4000, discount_amount: 4000, applied_quantity: 1 });
    const enough = applyDiscount(
      calculateOrderAmounts({ items: [{ product_id: 'prod_tshirt', price: 2000, quantity: 3 }] }),
      {
        discount: twoFree,
        free_items: { prod_tshirt: { matched_item_indices: [0] } },
      },
    ).order;
    expect(enough.items[0]).toMatchObject({ quantity: 3, amount: 6000, discount_amount: 4000, applied_quantity: 0 });
    const shipping = applyDiscount(calculateOrderAmounts({ items: [{ price: 5000, quantity: 1 }] }), {
      discount: { type: 'UNIT', unit_off: 1, unit_type: 'prod_5h1pp1ng', effect: 'ADD_MISSING_ITEMS' },
      free_items: { prod_5h1pp1ng: { matched_item_indices: [], price: 800 } },
    }).order;
    expect(shipping.items[1]).toMatchObject({
      product_id: 'prod_5h1pp1ng',
      quantity: 1,
      price: 800,
      amount: 800,
      discount_amount: 800,
    });
    expect(shipping).toMatchObject({ amount: 5800, total_amount: 5000 });
  });

  it('ADD_SAME_ITEMS adds free units of each ordered collection item', () => {
    const { order } = applyDiscount(
      calculateOrderAmounts({
        items: [
          { price: 1000, quantity: 2 },
          { price: 300, quantity: 1 },
          { sku_id: 'sku_x', price: 700, quantity: 1 },
        ],
      }),
      {
        discount: { type: 'UNIT', unit_off: 1, unit_type: 'pc_bogo', effect: 'ADD_SAME_ITEMS' },
        free_items: { pc_bogo: { matched_item_indices: [0, 2] } },
      },
    );
    expect(order.items.map((item) => [item.quantity, item.discount_amount])).toEqual([
      [3, 1000],
      [1, 0],
      [2, 700],
    ]);
    expect(order).toMatchObject({ amount: 4700, total_discount_amount: 1700, total_amount: 3000 });
  });

  it('ADD_MISSING_ITEMS makes held units free across the product lines, adding none when enough are held', () => {
    const { order, has_effect } = applyDiscount(
      calculateOrderAmounts({
        items: [
          { sku_id: 'sku_red', price: 1200, quantity: 1 },
          { price: 999, quantity: 1 },
          { sku_id: 'sku_red', price: 1000, quantity: 2 },
        ],
      }),
      {
        discount: { type: 'UNIT', unit_off: 2, unit_type: 'sku_red', effect: 'ADD_MISSING_ITEMS' },
        free_items: { sku_red: { matched_item_indices: [0, 2] } },
      },
    );
    expect(order.items.map((item) => [item.quantity, item.discount_quantity, item.discount_amount])).toEqual([
      [1, 1, 1200],
      [1, 0, 0],
      [2, 1, 1000],
    ]);
    expect(order).toMatchObject({ amount: 4199, total_amount: 1999 });
    expect(has_effect).toBe(true);
  });

  it('ADD_MISSING_ITEMS adds a SKU line when the order lacks it, and prices held units without a price by their share', () => {
    const added = applyDiscount(calculateOrderAmounts({ items: [{ price: 5000, quantity: 1 }] }), {
      discount: { type: 'UNIT', unit_off: 2, unit_type: 'sku_socks_l', effect: 'ADD_MISSING_ITEMS' },
      free_items: { sku_socks_l: { matched_item_indices: [], price: 300 } },
    });
    expect(added.order.items[1]).toMatchObject({
      sku_id: 'sku_socks_l',
      quantity: 2,
      initial_quantity: 0,
      initial_amount: 0,
      amount: 600,
      discount_amount: 600,
    });
    expect(added.order.items[1]).not.toHaveProperty('product_id');
    const held = applyDiscount(
      calculateOrderAmounts({ items: [{ product_id: 'prod_cap', amount: 3000, quantity: 3 }] }),
      {
        discount: { type: 'UNIT', unit_off: 1, unit_type: 'prod_cap', effect: 'ADD_MISSING_ITEMS' },
        free_items: { prod_cap: { matched_item_indices: [0] } },
      },
    );
    expect(held.order.items[0]).toMatchObject({ quantity: 3, discount_quantity: 1, discount_amount: 1000 });
  });

  it('counts units made free without a price as an effect', () => {
    const { order, has_effect } = applyDiscount(
      calculateOrderAmounts({ items: [{ product_id: 'prod_gift', quantity: 1 }] }),
      {
        discount: { type: 'UNIT', unit_off: 1, unit_type: 'prod_gift', effect: 'ADD_MISSING_ITEMS' },
        free_items: { prod_gift: { matched_item_indices: [0] } },
      },
    );
    expect(order.items[0]).toMatchObject({
      quantity: 1,
      applied_quantity: 0,
      discount_quantity: 1,
      applied_discount_quantity: 1,
      discount_amount: 0,
    });
    expect(has_effect).toBe(true);
  });

  it('gives nothing for zero units or a unit without a type', () => {
    const cart = calculateOrderAmounts({ items: [{ price: 1000, quantity: 1 }] });
    expect(
      applyDiscount(cart, { discount: { type: 'UNIT', unit_off: 0, unit_type: 'prod_mug', effect: 'ADD_NEW_ITEMS' } })
        .has_effect,
    ).toBe(false);
    expect(applyDiscount(cart, { discount: { type: 'UNIT', unit_off: 1, effect: 'ADD_NEW_ITEMS' } }).order).toEqual(
      cart,
    );
  });

  it('refuses a free-item line index the order does not have', () => {
    expect(() =>
      applyDiscount(calculateOrderAmounts({ items: [{ price: 1000, quantity: 1 }] }), {
        discount: { type: 'UNIT', unit_off: 1, unit_type: 'prod_mug', effect: 'ADD_NEW_ITEMS' },
        free_items: { prod_mug: { matched_item_indices: [3] } },
      }),
    ).toThrow(RangeError);
  });

  it('defaults a unit effect to ADD_MISSING_ITEMS and marks ADD_MANY_ITEMS dynamic when a unit count has a formula', () => {
    const { discount } = applyDiscount(
      calculateOrderAmounts({}),
      {
        discount: {
          type: 'UNIT',
          effect: 'ADD_MANY_ITEMS',
          units: [
            { unit_off: 1, unit_type: 'prod_a' },
            { unit_off: 1, unit_off_formula: 'THREE', unit_type: 'prod_b', effect: 'ADD_NEW_ITEMS' },
          ],
        },
      },
      { evaluate: () => 3 },
    );
    expect(discount).toMatchObject({
      is_dynamic: true,
      units: [
        { unit_off: 1, unit_type: 'prod_a', effect: 'ADD_MISSING_ITEMS' },
        { unit_off: 3, unit_type: 'prod_b', effect: 'ADD_NEW_ITEMS' },
      ],
    });
  });

  it('computes unit_off with a formula and multiplies it by bundles', () => {
    const { order, discount } = applyDiscount(
      calculateOrderAmounts({ items: [{ product_id: 'prod_mug', price: 1000, quantity: 1 }] }),
      {
        discount: {
          type: 'UNIT',
          unit_off: 1,
          unit_off_formula: 'TWO',
          unit_type: 'prod_mug',
          effect: 'ADD_NEW_ITEMS',
        },
        free_items: { prod_mug: { matched_item_indices: [0] } },
        bundle_quantity: 2,
      },
      { evaluate: () => 2 },
    );
    expect(order.items[0]).toMatchObject({ quantity: 5, discount_amount: 4000 });
    expect(discount).toMatchObject({ unit_off: 2, is_dynamic: true });
  });
});

describe('applyDiscount: bundles (the reference bundle examples)', () => {
  // Two complete bundles (laptop + bag) make mice cheaper; prices in cents.
  const laptopsBagsMice = (mouseLines: number[]): OrderInput => ({
    items: [
      { product_id: 'prod_laptop', price: 300000, quantity: 2 },
      { product_id: 'prod_bag', price: 5000, quantity: 2 },
      ...mouseLines.map((quantity) => ({ product_id: 'prod_mouse', price: 4000, quantity })),
    ],
  });
  const mice = (lines: number[], entry: Partial<ApplicableToEntryInput> = {}): ApplicableItemsInput => ({
    included: [{ object: 'products_collection', id: 'pc_mice', matched_item_indices: lines, ...entry }],
  });

  it('AMOUNT on the order: the value times the bundles', () => {
    const { order } = applyDiscount(calculateOrderAmounts({ amount: 10000 }), {
      discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
      bundle_quantity: 5,
    });
    expect(order.discount_amount).toBe(500);
  });

  it('PERCENT on the order: the percentage times the bundles, at most 100', () => {
    const five = applyDiscount(calculateOrderAmounts({ amount: 10000 }), {
      discount: { type: 'PERCENT', percent_off: 5, effect: 'APPLY_TO_ORDER' },
      bundle_quantity: 5,
    });
    expect(five.order.discount_amount).toBe(2500);
    const many = applyDiscount(calculateOrderAmounts({ amount: 10000 }), {
      discount: { type: 'PERCENT', percent_off: 30, effect: 'APPLY_TO_ORDER' },
      bundle_quantity: 4,
    });
    expect(many.order.total_amount).toBe(0);
  });

  it('FIXED on the order: the new price never multiplies', () => {
    const { order } = applyDiscount(calculateOrderAmounts({ amount: 20000 }), {
      discount: { type: 'FIXED', fixed_amount: 5000, effect: 'APPLY_TO_ORDER' },
      bundle_quantity: 5,
    });
    expect(order.total_amount).toBe(5000);
  });

  it('AMOUNT per unit: the value stays and the unit limits multiply (20.00 off one mouse per bundle)', () => {
    const limited = applyDiscount(calculateOrderAmounts(laptopsBagsMice([3])), {
      discount: { type: 'AMOUNT', amount_off: 2000, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' },
      applicable_to: mice([2], { quantity_limit: 1 }),
      bundle_quantity: 2,
    });
    expect(limited.order.items_discount_amount).toBe(4000);
    expect(limited.order.items[2]?.discount_quantity).toBe(2);
    const unlimited = applyDiscount(calculateOrderAmounts(laptopsBagsMice([3])), {
      discount: { type: 'AMOUNT', amount_off: 2000, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' },
      applicable_to: mice([2]),
      bundle_quantity: 2,
    });
    expect(unlimited.order.items_discount_amount).toBe(6000);
  });

  it('AMOUNT per line: the value times the bundles, on each line', () => {
    const oneLine = applyDiscount(calculateOrderAmounts(laptopsBagsMice([3])), {
      discount: { type: 'AMOUNT', amount_off: 2000, effect: 'APPLY_TO_ITEMS' },
      applicable_to: mice([2]),
      bundle_quantity: 2,
    });
    expect(oneLine.order.items_discount_amount).toBe(4000);
    const threeLines = applyDiscount(calculateOrderAmounts(laptopsBagsMice([1, 1, 1])), {
      discount: { type: 'AMOUNT', amount_off: 2000, effect: 'APPLY_TO_ITEMS' },
      applicable_to: mice([2, 3, 4]),
      bundle_quantity: 2,
    });
    // Each 40.00 mouse line takes the whole 40.00.
    expect(lineDiscounts(threeLines.order)).toEqual([0, 0, 4000, 4000, 4000]);
  });

  it('PERCENT on items: the percentage multiplies, the unit limits do not', () => {
    const { order } = applyDiscount(calculateOrderAmounts({ items: [{ price: 1000, quantity: 4 }] }), {
      discount: { type: 'PERCENT', percent_off: 5, effect: 'APPLY_TO_ITEMS' },
      applicable_to: {
        included: [{ object: 'product', id: 'prod_soda', matched_item_indices: [0], quantity_limit: 2 }],
      },
      bundle_quantity: 2,
    });
    // 10 % of the two units the limit allows.
    expect(order.items_discount_amount).toBe(200);
  });

  it('FIXED on items: the price stays and the unit limits multiply', () => {
    const { order } = applyDiscount(calculateOrderAmounts({ items: [{ price: 1500, quantity: 5 }] }), {
      discount: { type: 'FIXED', fixed_amount: 1000, effect: 'APPLY_TO_ITEMS' },
      applicable_to: {
        included: [{ object: 'product', id: 'prod_ticket', matched_item_indices: [0], quantity_limit: 1 }],
      },
      bundle_quantity: 2,
    });
    expect(order.items_discount_amount).toBe(1000);
    expect(order.items[0]?.discount_quantity).toBe(2);
  });

  it('proportional split: the value times the bundles, shared 60/40 by amount', () => {
    const { order } = applyDiscount(
      calculateOrderAmounts({
        items: [
          { price: 3000, quantity: 1 },
          { price: 2000, quantity: 1 },
        ],
      }),
      { discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' }, bundle_quantity: 2 },
    );
    expect(lineDiscounts(order)).toEqual([1200, 800]);
  });

  it('multiplies the money limits of AMOUNT and PERCENT too', () => {
    const { order } = applyDiscount(calculateOrderAmounts({ amount: 100000 }), {
      discount: { type: 'PERCENT', percent_off: 10, amount_limit: 1000, effect: 'APPLY_TO_ORDER' },
      bundle_quantity: 3,
    });
    expect(order.discount_amount).toBe(3000);
  });

  it('has no effect without a complete bundle', () => {
    const none = apply({ type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' }, { bundle_quantity: 0 });
    expect(none.has_effect).toBe(false);
    expect(none.order.total_applied_discount_amount).toBe(0);
    const noFixedItems = applyDiscount(calculateOrderAmounts({ items: [{ price: 1500, quantity: 5 }] }), {
      discount: { type: 'FIXED', fixed_amount: 1000, effect: 'APPLY_TO_ITEMS' },
      applicable_to: {
        included: [{ object: 'product', id: 'prod_ticket', matched_item_indices: [0], quantity_limit: 1 }],
      },
      bundle_quantity: 0,
    });
    expect(noFixedItems.has_effect).toBe(false);
  });

  it('reports the per-bundle value in the discount', () => {
    expect(
      apply({ type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' }, { bundle_quantity: 3 }).discount,
    ).toMatchObject({ amount_off: 500 });
  });
});

describe('applyDiscount: applicable_to results', () => {
  it('lists the covered lines and units in the order the discount reached them', () => {
    const cart: OrderInput = {
      items: [
        { price: 500, quantity: 2 },
        { price: 2000, quantity: 1 },
        { price: 1000, quantity: 3 },
      ],
    };
    const result = applyDiscount(calculateOrderAmounts(cart), {
      discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' },
      applicable_to: {
        included: [
          {
            object: 'products_collection',
            id: 'pc_all',
            matched_item_indices: [0, 1, 2],
            effect: 'APPLY_FROM_MOST_EXPENSIVE',
            target: 'UNIT',
            repeat: 2,
          },
        ],
      },
    });
    // Units from the most expensive: 20.00 (1st), 10.00 ×3 (2nd–4th), 5.00 ×2 (5th–6th); every other one.
    expect(result.applicable_to.data[0]?.order_item_indices).toEqual([1, 2, 0]);
    expect(result.applicable_to.data[0]?.order_item_units).toEqual([
      { index: 1, units: [1] },
      { index: 2, units: [2] },
      { index: 0, units: [1] },
    ]);
    expect(lineDiscounts(result.order)).toEqual([100, 100, 100]);
  });

  it('lists no unit numbers when the order holds more than 1000 units', () => {
    const result = applyDiscount(
      calculateOrderAmounts({
        items: [
          { price: 10, quantity: 999 },
          { price: 20, quantity: 2 },
        ],
      }),
      {
        discount: { type: 'PERCENT', percent_off: 50, effect: 'APPLY_TO_ITEMS' },
        applicable_to: { included: [{ object: 'products_collection', id: 'pc_all', matched_item_indices: [0, 1] }] },
      },
    );
    expect(result.applicable_to.data[0]?.order_item_units).toEqual([
      { index: 0, units_limit_exceeded: true },
      { index: 1, units_limit_exceeded: true },
    ]);
    // The discount still covers every unit.
    expect(result.order.items_discount_amount).toBe(4995 + 20);
    const thousand = applyDiscount(calculateOrderAmounts({ items: [{ price: 10, quantity: 1000 }] }), {
      discount: { type: 'PERCENT', percent_off: 50, effect: 'APPLY_TO_ITEMS' },
      applicable_to: { included: [{ object: 'product', id: 'prod_pin', matched_item_indices: [0] }] },
    });
    expect(thousand.applicable_to.data[0]?.order_item_units?.[0]?.units).toHaveLength(1000);
  });

  it('echoes the entry fields, leaves out the caller-only ones, and lists nothing for order discounts', () => {
    const result = apply(
      { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS' },
      {
        applicable_to: {
          included: [
            {
              object: 'sku',
              id: 'sku_mug_blue',
              source_id: 'mug-blue',
              product_id: 'prod_mug',
              matched_item_indices: [0],
              quantity_limit: 5,
              remaining_units: 10,
              price: null,
            },
          ],
        },
      },
    );
    expect(result.applicable_to.data[0]).toEqual({
      object: 'sku',
      id: 'sku_mug_blue',
      source_id: 'mug-blue',
      product_id: 'prod_mug',
      quantity_limit: 5,
      order_item_indices: [0],
      order_item_units: [{ index: 0, units: [1, 2] }],
    });
    const atOrder = apply({ type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' });
    expect(atOrder.applicable_to).toEqual({ object: 'list', data_ref: 'data', data: [], total: 0 });
    expect(atOrder.inapplicable_to.total).toBe(0);
  });

  it('covers nothing when the rule includes no entry', () => {
    const result = applyDiscount(calculateOrderAmounts(ADVENTURE_CART), {
      discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS' },
      applicable_to: { included: [] },
    });
    expect(result.order.total_applied_discount_amount).toBe(0);
    expect(result.has_effect).toBe(false);
  });

  it('skips lines without units', () => {
    const result = applyDiscount(
      calculateOrderAmounts({
        items: [
          { price: 1000, quantity: 0 },
          { price: 1000, quantity: 1 },
        ],
      }),
      {
        discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS' },
      },
    );
    expect(lineDiscounts(result.order)).toEqual([0, 100]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const itemArb = fc.record({
  price: fc.integer({ min: 0, max: 100_000 }),
  quantity: fc.integer({ min: 0, max: 20 }),
});
const orderArb = fc
  .array(itemArb, { minLength: 1, maxLength: 8 })
  .chain((items) =>
    fc.record({
      items: fc.constant(items),
      extra: fc.integer({ min: -5000, max: 5000 }),
    }),
  )
  .map(({ items, extra }): OrderInput => {
    const sum = items.reduce((total, item) => total + item.price * item.quantity, 0);
    // Sometimes the order amount differs from the sum of its lines, as callers may send.
    return { items, amount: Math.max(0, sum + (extra > 2500 ? extra : 0)) };
  });

const entryArb = (lines: number): fc.Arbitrary<ApplicableToEntryInput> =>
  fc.record(
    {
      object: fc.constant('products_collection' as const),
      id: fc.constant('pc_any'),
      matched_item_indices: fc.subarray(Array.from({ length: lines }, (_, index) => index)),
      effect: fc.constantFrom(
        'APPLY_TO_EVERY',
        'APPLY_TO_CHEAPEST',
        'APPLY_FROM_CHEAPEST',
        'APPLY_TO_MOST_EXPENSIVE',
        'APPLY_FROM_MOST_EXPENSIVE',
      ),
      target: fc.constantFrom('ITEM', 'UNIT'),
      skip_initially: fc.integer({ min: 0, max: 4 }),
      repeat: fc.integer({ min: 0, max: 3 }),
      quantity_limit: fc.integer({ min: 0, max: 5 }),
      aggregated_quantity_limit: fc.integer({ min: 0, max: 10 }),
      amount_limit: fc.integer({ min: 0, max: 50_000 }),
      aggregated_amount_limit: fc.integer({ min: 0, max: 100_000 }),
      price: fc.integer({ min: 0, max: 100_000 }),
    },
    { requiredKeys: ['object', 'id', 'matched_item_indices'] },
  );

const discountArb: fc.Arbitrary<DiscountInput> = fc.oneof(
  fc.record({
    type: fc.constant('AMOUNT' as const),
    amount_off: fc.integer({ min: 0, max: 200_000 }),
    effect: fc.constantFrom(
      'APPLY_TO_ORDER',
      'APPLY_TO_ITEMS',
      'APPLY_TO_ITEMS_PROPORTIONALLY',
      'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY',
      'APPLY_TO_ITEMS_BY_QUANTITY',
    ),
    aggregated_amount_limit: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
  }),
  fc.record({
    type: fc.constant('PERCENT' as const),
    percent_off: fc.double({ min: 0, max: 100, noNaN: true }),
    effect: fc.constantFrom('APPLY_TO_ORDER', 'APPLY_TO_ITEMS'),
    amount_limit: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
  }),
  fc.record({
    type: fc.constant('FIXED' as const),
    fixed_amount: fc.integer({ min: 0, max: 200_000 }),
    effect: fc.constantFrom('APPLY_TO_ORDER', 'APPLY_TO_ITEMS'),
  }),
);

const caseArb = orderArb.chain((order) =>
  fc.record({
    order: fc.constant(order),
    discount: discountArb,
    included: fc.array(entryArb(order.items?.length ?? 0), { maxLength: 3 }),
    mode: fc.constantFrom('INITIAL_AMOUNT' as const, 'DISCOUNTED_AMOUNT' as const),
  }),
);

const isMoney = (value: number): boolean => Number.isSafeInteger(value) && value >= 0;

describe('applyDiscount: properties', () => {
  it('keeps every amount a non-negative integer and never discounts more than a line or the order holds', () => {
    fc.assert(
      fc.property(caseArb, ({ order, discount, included, mode }) => {
        const before = calculateOrderAmounts(order);
        const { order: after } = applyDiscount(
          before,
          { discount, applicable_to: { included } },
          { calculation_mode: mode },
        );
        for (const value of [
          after.amount,
          after.discount_amount,
          after.items_discount_amount,
          after.total_discount_amount,
          after.total_amount,
        ]) {
          expect(isMoney(value)).toBe(true);
        }
        expect(after.total_amount).toBeLessThanOrEqual(before.total_amount);
        expect(after.total_applied_discount_amount).toBe(before.total_amount - after.total_amount);
        after.items.forEach((item) => {
          expect(
            isMoney(item.discount_amount) && isMoney(item.applied_discount_amount) && isMoney(item.subtotal_amount),
          ).toBe(true);
          expect(item.discount_amount).toBeLessThanOrEqual(item.amount);
          expect(item.discount_quantity).toBeLessThanOrEqual(item.quantity);
        });
      }),
    );
  });

  it('covers the lines and units that validation rules resolve for the same entry', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 3 }), ({ order, included }, bundles) => {
        const [entry] = included;
        if (entry === undefined) return;
        const { matched_item_indices: matched, ...written } = entry;
        const items = (order.items ?? []).map((item, index) => ({
          ...item,
          product_id: `prod_${index}`,
          collection_ids: matched.includes(index) ? [entry.id] : [],
        }));
        // A rule set refuses `repeat: 0`, which the discount reads as 1.
        const rules = parseValidationRules({
          applicable_to: { included: [{ ...written, repeat: Math.max(1, written.repeat ?? 1) }] },
        });
        const resolved = resolveApplicableTo(rules.applicable_to, items, { unitLimitMultiplier: bundles });
        const discounted = applyDiscount(calculateOrderAmounts({ items }), {
          discount: { type: 'AMOUNT', amount_off: 1, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' },
          applicable_to: { included: [entry] },
          bundle_quantity: bundles,
        });
        const [byRules] = resolved.applicable_to.data;
        const [byDiscount] = discounted.applicable_to.data;
        expect(byDiscount?.order_item_indices).toEqual(byRules?.order_item_indices);
        expect(byDiscount?.order_item_units).toEqual(byRules?.order_item_units);
        expect(resolved.covered.map(({ index, units }) => [index, units])).toEqual(
          (byDiscount?.order_item_units ?? []).map((line) => [line.index, line.units?.length]),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('gives an APPLY_TO_ITEMS amount at most once per line', () => {
    fc.assert(
      fc.property(caseArb, ({ order, included }) => {
        const before = calculateOrderAmounts(order);
        const { order: after } = applyDiscount(before, {
          discount: { type: 'AMOUNT', amount_off: 700, effect: 'APPLY_TO_ITEMS' },
          applicable_to: {
            included: included.map((entry) => ({
              ...entry,
              amount_limit: undefined,
              aggregated_amount_limit: undefined,
            })),
          },
        });
        after.items.forEach((item) => expect(item.applied_discount_amount).toBeLessThanOrEqual(700));
      }),
    );
  });

  it('shares a proportional discount exactly: its line discounts add up to the discount', () => {
    fc.assert(
      fc.property(
        orderArb,
        fc.integer({ min: 0, max: 300_000 }),
        fc.constantFrom('APPLY_TO_ITEMS_PROPORTIONALLY' as const, 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY' as const),
        (order, amountOff, effect) => {
          const before = calculateOrderAmounts({ items: order.items ?? [] });
          const { order: after } = applyDiscount(before, {
            discount: { type: 'AMOUNT', amount_off: amountOff, effect },
          });
          const coveredValue = before.items.reduce((sum, item) => sum + (item.quantity > 0 ? item.amount : 0), 0);
          const expected = Math.min(amountOff, coveredValue);
          expect(after.items_applied_discount_amount).toBe(expected);
          expect(after.items.reduce((sum, item) => sum + item.applied_discount_amount, 0)).toBe(expected);
          expect(after.discount_amount).toBe(0);
        },
      ),
    );
  });

  it('respects an entry cap across its lines when sharing proportionally', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 0, max: 300_000 }), ({ order, included }, amountOff) => {
        const before = calculateOrderAmounts(order);
        const result = applyDiscount(before, {
          discount: { type: 'AMOUNT', amount_off: amountOff, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' },
          applicable_to: { included },
        });
        expect(result.order.items_applied_discount_amount).toBeLessThanOrEqual(amountOff);
        for (const entry of result.applicable_to.data) {
          const given = entry.order_item_indices.reduce(
            (sum, index) => sum + (result.order.items[index]?.applied_discount_amount ?? 0),
            0,
          );
          if (entry.aggregated_amount_limit !== undefined && entry.aggregated_amount_limit > 0) {
            expect(given).toBeLessThanOrEqual(entry.aggregated_amount_limit);
          }
        }
      }),
    );
  });

  it('free units never raise what is left to pay, and priced added units are offset exactly', () => {
    const unitArb = fc.record({
      unit_off: fc.integer({ min: 0, max: 5 }),
      effect: fc.constantFrom('ADD_MISSING_ITEMS' as const, 'ADD_NEW_ITEMS' as const, 'ADD_SAME_ITEMS' as const),
    });
    fc.assert(
      fc.property(
        orderArb,
        unitArb,
        fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
        fc.nat(),
        (input, unit, catalogue, pick) => {
          const before = calculateOrderAmounts(input);
          const lines = before.items.length;
          const matched = pick % 3 === 0 ? [] : [pick % lines];
          const { order: after } = applyDiscount(before, {
            discount: { type: 'UNIT', unit_type: 'prod_free', ...unit },
            free_items: { prod_free: { matched_item_indices: matched, price: catalogue } },
          });
          expect(after.total_amount).toBeLessThanOrEqual(before.total_amount);
          const added = after.items.reduce((sum, item) => sum + item.applied_quantity_amount, 0);
          expect(after.amount).toBe(before.amount + added);
          expect(before.total_amount + added - after.total_amount).toBe(after.total_applied_discount_amount);
          after.items.forEach((item) => {
            expect(item.discount_amount).toBeLessThanOrEqual(item.amount);
            expect(item.discount_quantity).toBeLessThanOrEqual(item.quantity);
          });
          const freeUnits = after.items.reduce((sum, item) => sum + item.applied_quantity, 0);
          if (unit.effect === 'ADD_NEW_ITEMS' && matched.length + (after.items.length - lines) > 0)
            expect(freeUnits).toBe(unit.unit_off);
        },
      ),
    );
  });
});
