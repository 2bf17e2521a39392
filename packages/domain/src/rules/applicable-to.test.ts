import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderItemUnits } from '../discounts/applicable-to-results.js';
import { type ApplicableToOptions, resolveApplicableTo } from './applicable-to.js';
import type { RuleOrderItemInput } from './context.js';
import { parseValidationRules } from './parse.js';

/** `applicable_to` as a rule set sends it, parsed. */
const applicable = (input: { included?: unknown[]; excluded?: unknown[]; included_all?: boolean }) =>
  parseValidationRules({ applicable_to: { included: [], excluded: [], included_all: false, ...input } }).applicable_to;

const resolve = (
  input: Parameters<typeof applicable>[0],
  items: readonly RuleOrderItemInput[],
  options: ApplicableToOptions = {},
) => resolveApplicableTo(applicable(input), items, options);

/** The reference's example: mug 10×2, poster 15×3 and T-shirt 20×3 are Adventure items; a bottle 25×2 is not. */
const adventure: RuleOrderItemInput[] = [
  { product_id: 'prod_mug', quantity: 2, price: 1000, collection_ids: ['pc_adventure'] },
  { product_id: 'prod_poster', quantity: 3, price: 1500, collection_ids: ['pc_adventure'] },
  { product_id: 'prod_tee', sku_id: 'sku_tee_m', quantity: 3, price: 2000, collection_ids: ['pc_adventure'] },
  { product_id: 'prod_bottle', quantity: 2, price: 2500 },
];

describe('resolveApplicableTo: which lines', () => {
  it('covers the lines of a collection, with every unit numbered', () => {
    const result = resolve({ included: [{ object: 'products_collection', id: 'pc_adventure' }] }, adventure);
    expect(result.applicable_to).toEqual({
      object: 'list',
      data_ref: 'data',
      total: 1,
      data: [
        {
          object: 'products_collection',
          id: 'pc_adventure',
          effect: 'APPLY_TO_EVERY',
          order_item_indices: [0, 1, 2],
          order_item_units: [
            { index: 0, units: [1, 2] },
            { index: 1, units: [1, 2, 3] },
            { index: 2, units: [1, 2, 3] },
          ],
        },
      ],
    });
    expect(result.covered).toMatchObject([
      { index: 0, units: 2, entry: 0 },
      { index: 1, units: 3, entry: 0 },
      { index: 2, units: 3, entry: 0 },
    ]);
    expect(result.inapplicable_to.total).toBe(0);
  });

  it('lets a product cover its SKUs’ lines, and a SKU only its own', () => {
    const tee: RuleOrderItemInput[] = [
      { product_id: 'prod_tee', sku_id: 'sku_tee_m', quantity: 1, price: 2000 },
      { product_id: 'prod_tee', sku_id: 'sku_tee_l', quantity: 1, price: 2200 },
      { product_id: 'prod_tee', quantity: 1, price: 2000 },
    ];
    expect(
      resolve({ included: [{ object: 'product', id: 'prod_tee' }] }, tee).covered.map((line) => line.index),
    ).toEqual([0, 1, 2]);
    expect(resolve({ included: [{ object: 'sku', id: 'sku_tee_l' }] }, tee).covered.map((line) => line.index)).toEqual([
      1,
    ]);
  });

  it('never covers an excluded line, and lists the excluded entries with their lines', () => {
    const result = resolve(
      {
        included: [{ object: 'products_collection', id: 'pc_adventure' }],
        excluded: [
          { object: 'sku', id: 'sku_tee_m' },
          { object: 'product', id: 'prod_lamp' },
        ],
      },
      adventure,
    );
    expect(result.covered.map((line) => line.index)).toEqual([0, 1]);
    expect(result.inapplicable_to.data).toEqual([
      { object: 'sku', id: 'sku_tee_m', order_item_indices: [2] },
      { object: 'product', id: 'prod_lamp', order_item_indices: [] },
    ]);
  });

  it('covers every line not excluded with included_all; entries that match keep their settings', () => {
    const all = resolve({ included_all: true, excluded: [{ object: 'product', id: 'prod_bottle' }] }, adventure);
    expect(all.covered).toMatchObject([
      { index: 0, units: 2, entry: undefined },
      { index: 1, units: 3, entry: undefined },
      { index: 2, units: 3, entry: undefined },
    ]);
    expect(all.applicable_to.data).toEqual([]);
    const mixed = resolve(
      { included_all: true, included: [{ object: 'product', id: 'prod_poster', quantity_limit: 1 }] },
      adventure,
    );
    expect(mixed.covered).toMatchObject([
      { index: 1, units: 1, entry: 0 },
      { index: 0, units: 2, entry: undefined },
      { index: 2, units: 3, entry: undefined },
      { index: 3, units: 2, entry: undefined },
    ]);
  });

  it('gives a line several entries match to the most specific, then to the first listed', () => {
    const result = resolve(
      {
        included: [
          { object: 'products_collection', id: 'pc_adventure', quantity_limit: 1 },
          { object: 'product', id: 'prod_tee', quantity_limit: 2 },
          { object: 'sku', id: 'sku_tee_m', quantity_limit: 3 },
          { object: 'products_collection', id: 'pc_adventure', quantity_limit: 9 },
        ],
      },
      adventure,
    );
    expect(result.covered).toMatchObject([
      { index: 0, units: 1, entry: 0 },
      { index: 1, units: 1, entry: 0 },
      { index: 2, units: 3, entry: 2 },
    ]);
    expect(result.applicable_to.data.map((entry) => entry.order_item_indices)).toEqual([[0, 1], [], [2], []]);
  });

  it('echoes each entry as written, with its effect', () => {
    const entry = { object: 'product', id: 'prod_mug', source_id: 'mug', strict: false, price: 500, quantity_limit: 1 };
    const [echoed] = resolve({ included: [entry] }, adventure).applicable_to.data;
    expect(echoed).toEqual({
      ...entry,
      effect: 'APPLY_TO_EVERY',
      order_item_indices: [0],
      order_item_units: [{ index: 0, units: [1] }],
    });
  });
});

describe('resolveApplicableTo: effects, skip and repeat', () => {
  const lines: RuleOrderItemInput[] = [
    { product_id: 'prod_b', quantity: 1, price: 1500, collection_ids: ['pc'] },
    { product_id: 'prod_d', quantity: 1, price: 500, collection_ids: ['pc'] },
    { product_id: 'prod_a', quantity: 1, price: 2000, collection_ids: ['pc'] },
    { product_id: 'prod_c', quantity: 1, price: 1000, collection_ids: ['pc'] },
  ];
  const order = (effect: string, extra: Record<string, unknown> = {}) =>
    resolve({ included: [{ object: 'products_collection', id: 'pc', effect, ...extra }] }, lines).covered.map(
      (line) => line.index,
    );

  it('orders the lines by the effect', () => {
    expect(order('APPLY_TO_EVERY')).toEqual([0, 1, 2, 3]);
    expect(order('APPLY_FROM_CHEAPEST')).toEqual([1, 3, 0, 2]);
    expect(order('APPLY_FROM_MOST_EXPENSIVE')).toEqual([2, 0, 3, 1]);
    expect(order('APPLY_TO_CHEAPEST')).toEqual([1]);
    expect(order('APPLY_TO_MOST_EXPENSIVE')).toEqual([2]);
  });

  it('skips and repeats lines with target ITEM, as in the reference’s example', () => {
    // Lines priced 20/15/10/5, from the most expensive, skip 1, repeat 2: the 15 and the 5.
    expect(order('APPLY_FROM_MOST_EXPENSIVE', { skip_initially: 1, repeat: 2, target: 'ITEM' })).toEqual([0, 1]);
    expect(order('APPLY_TO_EVERY', { skip_initially: 3 })).toEqual([3]);
    expect(order('APPLY_TO_EVERY', { skip_initially: 4 })).toEqual([]);
  });

  it('skips and repeats units with target UNIT, across lines', () => {
    const units = resolve(
      { included: [{ object: 'product', id: 'prod_x', target: 'UNIT', skip_initially: 1, repeat: 3 }] },
      [
        { product_id: 'prod_x', quantity: 4, price: 100 },
        { product_id: 'prod_x', quantity: 5, price: 100 },
      ],
    );
    // Units 1–4 then 5–9 overall; positions 1, 4, 7 (from 0) are reached.
    expect(units.applicable_to.data[0]?.order_item_units).toEqual([
      { index: 0, units: [2] },
      { index: 1, units: [1, 4] },
    ]);
  });

  it('reaches one line, or one unit with target UNIT, for APPLY_TO_CHEAPEST, after the skipped ones', () => {
    const mugs: RuleOrderItemInput[] = [
      { product_id: 'prod_mug', quantity: 3, price: 1000 },
      { product_id: 'prod_mug', quantity: 2, price: 800 },
    ];
    const units = (extra: Record<string, unknown>) =>
      resolve({ included: [{ object: 'product', id: 'prod_mug', effect: 'APPLY_TO_CHEAPEST', ...extra }] }, mugs)
        .applicable_to.data[0]?.order_item_units;
    expect(units({})).toEqual([{ index: 1, units: [1, 2] }]);
    expect(units({ target: 'UNIT' })).toEqual([{ index: 1, units: [1] }]);
    expect(units({ skip_initially: 1 })).toEqual([{ index: 0, units: [1, 2, 3] }]);
    expect(units({ target: 'UNIT', skip_initially: 3 })).toEqual([{ index: 0, units: [2] }]);
  });

  it('gives lines without units no place in skipping', () => {
    const withEmpty: RuleOrderItemInput[] = [
      { product_id: 'prod_a', quantity: 1, price: 100, collection_ids: ['pc'] },
      { product_id: 'prod_b', quantity: 0, price: 100, collection_ids: ['pc'] },
      { product_id: 'prod_c', quantity: 1, price: 100, collection_ids: ['pc'] },
    ];
    expect(
      resolve({ included: [{ object: 'products_collection', id: 'pc', skip_initially: 1 }] }, withEmpty).covered,
    ).toMatchObject([{ index: 2, units: 1, entry: 0 }]);
  });

  it('breaks ties on unit price by the lower line amount, then by position', () => {
    const tied: RuleOrderItemInput[] = [
      { product_id: 'prod_a', quantity: 3, price: 1000 },
      { product_id: 'prod_b', quantity: 1, price: 1000 },
      { product_id: 'prod_c', quantity: 1, price: 1000 },
      { product_id: 'prod_d', quantity: 1 },
    ];
    const cheapest = resolve(
      { included: [{ object: 'products_collection', id: 'pc', effect: 'APPLY_FROM_CHEAPEST' }] },
      tied.map((item) => ({ ...item, collection_ids: ['pc'] })),
    );
    expect(cheapest.covered.map((line) => line.index)).toEqual([1, 2, 0, 3]);
  });
});

describe('resolveApplicableTo: unit limits', () => {
  it('caps units per line and across lines; the lowest cap wins', () => {
    const covered = (limits: Record<string, number>) =>
      resolve({ included: [{ object: 'products_collection', id: 'pc_adventure', ...limits }] }, adventure).covered.map(
        (line) => line.units,
      );
    expect(covered({ quantity_limit: 2 })).toEqual([2, 2, 2]);
    expect(covered({ aggregated_quantity_limit: 4 })).toEqual([2, 2]);
    expect(covered({ quantity_limit: 1, aggregated_quantity_limit: 2 })).toEqual([1, 1]);
    expect(covered({ quantity_limit: 0 })).toEqual([]);
  });

  it('takes what earlier redemptions used from the campaign budgets, for everyone and for the customer', () => {
    const entry = {
      object: 'product',
      id: 'prod_poster',
      product_campaign_quantity_limit: 100,
      product_customer_campaign_quantity_limit: 5,
    };
    const units = (options: ApplicableToOptions) =>
      resolve({ included: [entry] }, adventure, options).covered.map((line) => line.units);
    expect(units({})).toEqual([3]);
    expect(units({ discountedUnits: { all: { prod_poster: 98 } } })).toEqual([2]);
    expect(units({ discountedUnits: { customer: { prod_poster: 4 } } })).toEqual([1]);
    expect(units({ discountedUnits: { customer: { prod_poster: 7 } } })).toEqual([]);
    // A promotion tier reads its own budgets, and this entry sets none.
    expect(units({ budget: 'promotion_tier', discountedUnits: { customer: { prod_poster: 7 } } })).toEqual([3]);
  });

  it('limits each product of a collection on its own', () => {
    const entry = {
      object: 'products_collection',
      id: 'pc_adventure',
      product_in_collection_customer_promotion_tier_quantity_limit: 2,
    };
    const result = resolve({ included: [entry] }, adventure, {
      budget: 'promotion_tier',
      discountedUnits: { customer: { prod_mug: 1 } },
    });
    expect(result.covered).toMatchObject([
      { index: 0, units: 1, entry: 0 },
      { index: 1, units: 2, entry: 0 },
      { index: 2, units: 2, entry: 0 },
    ]);
  });

  it('lets formula results replace static limits, rounded down and never below zero', () => {
    const entry = { object: 'products_collection', id: 'pc_adventure', quantity_limit: 1 };
    const units = (formulaLimits: ApplicableToOptions['formulaLimits']) =>
      resolve({ included: [entry] }, adventure, { formulaLimits }).covered.map((line) => line.units);
    expect(units([{ quantity_limit: 2.9 }])).toEqual([2, 2, 2]);
    expect(units([{ quantity_limit: -3 }])).toEqual([]);
    expect(units([null])).toEqual([1, 1, 1]);
  });

  it('multiplies per-line and aggregated limits for bundles', () => {
    const entry = {
      object: 'products_collection',
      id: 'pc_adventure',
      quantity_limit: 1,
      aggregated_quantity_limit: 2,
    };
    expect(
      resolve({ included: [entry] }, adventure, { unitLimitMultiplier: 2 }).covered.map((line) => line.units),
    ).toEqual([2, 2]);
  });

  it('stops numbering units above 1000 units in the order', () => {
    const big = resolve({ included: [{ object: 'product', id: 'prod_bolt' }] }, [
      { product_id: 'prod_bolt', quantity: 1001, price: 1 },
    ]);
    expect(big.applicable_to.data[0]?.order_item_units).toEqual([{ index: 0, units_limit_exceeded: true }]);
    expect(big.covered).toMatchObject([{ index: 0, units: 1001, entry: 0 }]);
  });
});

describe('resolveApplicableTo (property)', () => {
  const item = fc.record({
    product_id: fc.constantFrom('prod_a', 'prod_b', 'prod_c'),
    sku_id: fc.option(fc.constantFrom('sku_1', 'sku_2'), { nil: undefined }),
    quantity: fc.integer({ min: 0, max: 6 }),
    price: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
    collection_ids: fc.subarray(['pc_x', 'pc_y']),
  });
  const reference = fc.oneof(
    fc.record({ object: fc.constant('product'), id: fc.constantFrom('prod_a', 'prod_b', 'prod_c') }),
    fc.record({ object: fc.constant('sku'), id: fc.constantFrom('sku_1', 'sku_2') }),
    fc.record({ object: fc.constant('products_collection'), id: fc.constantFrom('pc_x', 'pc_y') }),
  );
  const entry = fc.record({
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
    quantity_limit: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
    aggregated_quantity_limit: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
  });

  it('covers only included, unexcluded units within every limit, each unit once', () => {
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 6 }),
        fc.array(entry, { maxLength: 3 }),
        fc.array(reference, { maxLength: 2 }),
        fc.boolean(),
        (items, entries, excluded, all) => {
          const included = entries.map(({ reference: ref, quantity_limit, aggregated_quantity_limit, ...rest }) => ({
            ...ref,
            ...rest,
            ...(quantity_limit === undefined ? {} : { quantity_limit }),
            ...(aggregated_quantity_limit === undefined ? {} : { aggregated_quantity_limit }),
          }));
          const result = resolve({ included, excluded, included_all: all }, items);
          const matches = (ref: { object: string; id: string }, line: (typeof items)[number]): boolean =>
            ref.object === 'product'
              ? line.product_id === ref.id
              : ref.object === 'sku'
                ? line.sku_id === ref.id
                : line.collection_ids.includes(ref.id);
          const seen = new Set<number>();
          for (const covered of result.covered) {
            const line = items[covered.index];
            if (line === undefined) throw new Error('covered a line that does not exist');
            expect(seen.has(covered.index)).toBe(false);
            seen.add(covered.index);
            expect(covered.units).toBeGreaterThan(0);
            expect(covered.units).toBeLessThanOrEqual(line.quantity);
            expect(excluded.some((ref) => matches(ref, line))).toBe(false);
            const owner = covered.entry === undefined ? undefined : included[covered.entry];
            if (owner === undefined) {
              expect(all).toBe(true);
              expect(included.some((ref) => matches(ref, line))).toBe(false);
            } else {
              expect(matches(owner, line)).toBe(true);
              if (owner.quantity_limit !== undefined) expect(covered.units).toBeLessThanOrEqual(owner.quantity_limit);
            }
          }
          result.applicable_to.data.forEach((data, position) => {
            const limit = included[position]?.aggregated_quantity_limit;
            const total = result.covered
              .filter((covered) => covered.entry === position)
              .reduce((sum, covered) => sum + covered.units, 0);
            if (limit !== undefined) expect(total).toBeLessThanOrEqual(limit);
            // The numbered units are distinct, within the line, and as many as covered.
            for (const units of data.order_item_units ?? ([] as OrderItemUnits[])) {
              if (!('units' in units)) continue;
              const quantity = items[units.index]?.quantity ?? 0;
              expect(new Set(units.units).size).toBe(units.units.length);
              expect(units.units.every((unit) => unit >= 1 && unit <= quantity)).toBe(true);
              expect(units.units.length).toBe(result.covered.find((covered) => covered.index === units.index)?.units);
            }
          });
        },
      ),
      { numRuns: 400 },
    );
  });
});
