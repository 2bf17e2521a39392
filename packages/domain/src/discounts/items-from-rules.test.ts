import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DiscountStepInput, applyDiscount } from './application.js';
import type { DiscountInput } from './definition.js';
import { discountItemsFromRules } from './items-from-rules.js';
import { calculateOrderAmounts } from './order-amounts.js';
import { resolveApplicableTo } from '../rules/applicable-to.js';
import type { RuleOrderItemInput } from '../rules/context.js';
import { parseValidationRules } from '../rules/parse.js';

/** `applicable_to` as a rule set sends it, parsed and resolved on the items. */
const rulesOn = (
  input: { included?: unknown[]; excluded?: unknown[]; included_all?: boolean },
  items: readonly RuleOrderItemInput[],
) =>
  resolveApplicableTo(
    parseValidationRules({ applicable_to: { included: [], excluded: [], included_all: false, ...input } })
      .applicable_to,
    items,
  );

/** Applies a discount to the items under the rules, through the bridge. */
const discountUnder = (
  discount: DiscountInput,
  rules: Parameters<typeof rulesOn>[0],
  items: readonly RuleOrderItemInput[],
) => {
  const resolution = rulesOn(rules, items);
  const order = calculateOrderAmounts({
    items: items.map(({ product_id, sku_id, price, quantity }) => ({ product_id, sku_id, price, quantity })),
  });
  const step: DiscountStepInput = { discount, applicable_to: discountItemsFromRules(resolution) };
  return { resolution, result: applyDiscount(order, step) };
};

const appliedPerLine = (result: ReturnType<typeof applyDiscount>): number[] =>
  result.order.items.map((item) => item.applied_discount_amount);

/** The reference's example: mug 10×2, poster 15×3 and T-shirt 20×3 are Adventure items; a bottle 25×2 is not. */
const adventure: RuleOrderItemInput[] = [
  { product_id: 'prod_mug', quantity: 2, price: 1000, collection_ids: ['pc_adventure'] },
  { product_id: 'prod_poster', quantity: 3, price: 1500, collection_ids: ['pc_adventure'] },
  { product_id: 'prod_tee', sku_id: 'sku_tee_m', quantity: 3, price: 2000, collection_ids: ['pc_adventure'] },
  { product_id: 'prod_bottle', quantity: 2, price: 2500 },
];

const tenPercent: DiscountInput = { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' };

describe('discountItemsFromRules: worked examples', () => {
  it('a 10% item discount whose rule covers one product of a three-line cart discounts only that line', () => {
    const cart = adventure.slice(0, 3);
    const { result } = discountUnder(tenPercent, { included: [{ object: 'product', id: 'prod_poster' }] }, cart);
    expect(appliedPerLine(result)).toEqual([0, 450, 0]);
    expect(result.order.total_amount).toBe(12500 - 450);
    expect(result.applicable_to.data).toEqual([
      {
        object: 'product',
        id: 'prod_poster',
        effect: 'APPLY_TO_EVERY',
        order_item_indices: [1],
        order_item_units: [{ index: 1, units: [1, 2, 3] }],
      },
    ]);
    expect(result.inapplicable_to.total).toBe(0);
  });

  it('a collection entry reaches its products and not the bottle (the reference table)', () => {
    const percent = discountUnder(
      tenPercent,
      { included: [{ object: 'products_collection', id: 'pc_adventure' }] },
      adventure,
    ).result;
    expect(appliedPerLine(percent)).toEqual([200, 450, 600, 0]);
    expect(percent.order.total_amount).toBe(16250);
    const proportional = discountUnder(
      { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' },
      { included: [{ object: 'products_collection', id: 'pc_adventure' }] },
      adventure,
    ).result;
    expect(appliedPerLine(proportional)).toEqual([160, 360, 480, 0]);
    const byQuantity = discountUnder(
      { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' },
      { included: [{ object: 'products_collection', id: 'pc_adventure' }] },
      adventure,
    ).result;
    expect(appliedPerLine(byQuantity)).toEqual([2000, 3000, 3000, 0]);
    const fixed = discountUnder(
      { type: 'FIXED', fixed_amount: 1000, effect: 'APPLY_TO_ITEMS' },
      { included: [{ object: 'products_collection', id: 'pc_adventure' }] },
      adventure,
    ).result;
    expect(appliedPerLine(fixed)).toEqual([0, 1500, 3000, 0]);
  });

  it('an excluded product is never discounted and is listed in inapplicable_to', () => {
    const { result } = discountUnder(
      tenPercent,
      { included_all: true, excluded: [{ object: 'product', id: 'prod_bottle' }] },
      adventure,
    );
    expect(appliedPerLine(result)).toEqual([200, 450, 600, 0]);
    // included_all lines are reached under no entry.
    expect(result.applicable_to.total).toBe(0);
    expect(result.inapplicable_to.data).toEqual([{ object: 'product', id: 'prod_bottle', order_item_indices: [3] }]);
  });

  it('unit limits: per line and across the entry', () => {
    const perLine = discountUnder(
      tenPercent,
      { included: [{ object: 'products_collection', id: 'pc_adventure', quantity_limit: 1 }] },
      adventure,
    ).result;
    expect(appliedPerLine(perLine)).toEqual([100, 150, 200, 0]);
    expect(perLine.order.items.map((item) => item.applied_discount_quantity)).toEqual([1, 1, 1, 0]);
    const aggregated = discountUnder(
      tenPercent,
      { included: [{ object: 'products_collection', id: 'pc_adventure', aggregated_quantity_limit: 4 }] },
      adventure,
    ).result;
    expect(appliedPerLine(aggregated)).toEqual([200, 300, 0, 0]);
    expect(aggregated.applicable_to.data[0]?.order_item_units).toEqual([
      { index: 0, units: [1, 2] },
      { index: 1, units: [1, 2] },
    ]);
  });

  it('applies skip_initially and repeat once, not again on the lines the rules chose', () => {
    // $5 per line from the most expensive, skip 1, repeat 2: lines priced 20/15/10/5 get -0/-5/-0/-5.
    const lines: RuleOrderItemInput[] = [2000, 1500, 1000, 500].map((price, index) => ({
      product_id: `prod_${index}`,
      price,
      quantity: 1,
      collection_ids: ['pc_all'],
    }));
    const { result } = discountUnder(
      { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ITEMS' },
      {
        included: [
          {
            object: 'products_collection',
            id: 'pc_all',
            effect: 'APPLY_FROM_MOST_EXPENSIVE',
            skip_initially: 1,
            repeat: 2,
          },
        ],
      },
      lines,
    );
    expect(appliedPerLine(result)).toEqual([0, 500, 0, 500]);
  });

  it("keeps an entry's money limits and FIXED price", () => {
    const capped = discountUnder(
      tenPercent,
      { included: [{ object: 'products_collection', id: 'pc_adventure', aggregated_amount_limit: 500 }] },
      adventure,
    ).result;
    expect(appliedPerLine(capped)).toEqual([200, 300, 0, 0]);
    const priced = discountUnder(
      { type: 'FIXED', fixed_amount: 1000, effect: 'APPLY_TO_ITEMS' },
      { included: [{ object: 'product', id: 'prod_mug', price: 500 }] },
      adventure,
    ).result;
    expect(appliedPerLine(priced)).toEqual([1000, 0, 0, 0]);
  });

  it('a rule set that names no product gives every line, as without rules', () => {
    expect(discountItemsFromRules(rulesOn({}, adventure))).toBeUndefined();
    expect(discountItemsFromRules(rulesOn({ included_all: true }, adventure))).toBeUndefined();
    const { result } = discountUnder(tenPercent, {}, adventure);
    expect(appliedPerLine(result)).toEqual([200, 450, 600, 500]);
  });

  it('a named product that is not in the cart leaves the discount nothing to reach', () => {
    const { result } = discountUnder(tenPercent, { included: [{ object: 'product', id: 'prod_lamp' }] }, adventure);
    expect(result.order.items_applied_discount_amount).toBe(0);
    expect(result.has_effect).toBe(false);
    expect(result.applicable_to.data).toEqual([
      { object: 'product', id: 'prod_lamp', effect: 'APPLY_TO_EVERY', order_item_indices: [], order_item_units: [] },
    ]);
  });

  it('leaves out lines blocked by the ONCE mode', () => {
    const resolution = rulesOn({ included: [{ object: 'products_collection', id: 'pc_adventure' }] }, adventure);
    const order = calculateOrderAmounts({
      items: adventure.map(({ product_id, price, quantity }) => ({ product_id, price, quantity })),
    });
    const result = applyDiscount(
      order,
      { discount: tenPercent, applicable_to: discountItemsFromRules(resolution) },
      { blocked_item_indices: [1] },
    );
    expect(appliedPerLine(result)).toEqual([200, 0, 600, 0]);
    expect(result.applicable_to.data[0]?.order_item_indices).toEqual([0, 2]);
  });
});

describe('discountItemsFromRules: properties', () => {
  const item = fc.record({
    product_id: fc.constantFrom('prod_a', 'prod_b', 'prod_c'),
    sku_id: fc.option(fc.constantFrom('sku_1', 'sku_2'), { nil: undefined }),
    quantity: fc.integer({ min: 0, max: 5 }),
    price: fc.integer({ min: 0, max: 3000 }),
    collection_ids: fc.subarray(['pc_x', 'pc_y']),
  });
  const reference = fc.oneof(
    fc.record({ object: fc.constant('product'), id: fc.constantFrom('prod_a', 'prod_b', 'prod_c') }),
    fc.record({ object: fc.constant('sku'), id: fc.constantFrom('sku_1', 'sku_2') }),
    fc.record({ object: fc.constant('products_collection'), id: fc.constantFrom('pc_x', 'pc_y') }),
  );
  const entry = fc.record(
    {
      reference,
      effect: fc.constantFrom(
        'APPLY_TO_EVERY',
        'APPLY_TO_CHEAPEST',
        'APPLY_FROM_CHEAPEST',
        'APPLY_TO_MOST_EXPENSIVE',
        'APPLY_FROM_MOST_EXPENSIVE',
      ),
      target: fc.constantFrom('ITEM', 'UNIT'),
      skip_initially: fc.integer({ min: 0, max: 3 }),
      repeat: fc.integer({ min: 1, max: 3 }),
      quantity_limit: fc.integer({ min: 0, max: 5 }),
      aggregated_quantity_limit: fc.integer({ min: 0, max: 8 }),
      amount_limit: fc.integer({ min: 1, max: 3000 }),
    },
    { requiredKeys: ['reference', 'effect', 'target', 'skip_initially', 'repeat'] },
  );
  const discount: fc.Arbitrary<DiscountInput> = fc.oneof(
    fc.record({
      type: fc.constant('PERCENT' as const),
      percent_off: fc.integer({ min: 1, max: 100 }),
      effect: fc.constant('APPLY_TO_ITEMS' as const),
    }),
    fc.record({
      type: fc.constant('AMOUNT' as const),
      amount_off: fc.integer({ min: 1, max: 5000 }),
      effect: fc.constantFrom(
        'APPLY_TO_ITEMS' as const,
        'APPLY_TO_ITEMS_BY_QUANTITY' as const,
        'APPLY_TO_ITEMS_PROPORTIONALLY' as const,
        'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY' as const,
      ),
    }),
    fc.record({
      type: fc.constant('FIXED' as const),
      fixed_amount: fc.integer({ min: 0, max: 2000 }),
      effect: fc.constant('APPLY_TO_ITEMS' as const),
    }),
  );

  it('reaches only covered lines, never more units than covered, and selects each unit once', () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 6 }),
        fc.array(entry, { maxLength: 3 }),
        fc.array(reference, { maxLength: 2 }),
        fc.boolean(),
        discount,
        (items, entries, excluded, all, chosen) => {
          const included = entries.map(({ reference: ref, ...rest }) => ({ ...ref, ...rest }));
          const { resolution, result } = discountUnder(chosen, { included, excluded, included_all: all }, items);
          const bridged = discountItemsFromRules(resolution);
          if (bridged === undefined) return;
          const coveredUnits = new Map(resolution.covered.map((line) => [line.index, line.units]));
          result.order.items.forEach((line, index) => {
            const covered = coveredUnits.get(index);
            if (covered === undefined) {
              expect(line.applied_discount_amount).toBe(0);
              expect(line.applied_discount_quantity).toBe(0);
            } else {
              expect(line.applied_discount_quantity).toBeLessThanOrEqual(covered);
            }
          });
          // The discount lists exactly what the rules selected: nothing was selected a second time.
          if (result.applicable_to.total > 0 || resolution.applicable_to.total === 0)
            expect(result.applicable_to).toEqual(resolution.applicable_to);
          const listed = result.applicable_to.data.flatMap((data) => data.order_item_indices);
          expect(new Set(listed).size).toBe(listed.length);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('never reaches a line that an excluded entry names', () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 6 }),
        fc.array(reference, { minLength: 1, maxLength: 2 }),
        discount,
        (items, excluded, chosen) => {
          const { result } = discountUnder(chosen, { included_all: true, excluded }, items);
          for (const data of result.inapplicable_to.data) {
            for (const index of data.order_item_indices)
              expect(result.order.items[index]?.applied_discount_amount).toBe(0);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
