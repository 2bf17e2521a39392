import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EarningRuleLoyalty, earnedPoints, mappedLoyalty, rewardPrice } from './earning.js';

const proportional = (
  calculation_type: 'ORDER_AMOUNT' | 'ORDER_TOTAL_AMOUNT',
  every: number,
  points: number,
): EarningRuleLoyalty => ({
  type: 'PROPORTIONAL',
  calculation_type,
  order: calculation_type === 'ORDER_AMOUNT' ? { amount: { every, points } } : { total_amount: { every, points } },
});

describe('earnedPoints', () => {
  it('gives fixed points, or the formula rounded to the nearest whole number with the points as fallback', () => {
    expect(earnedPoints({ type: 'FIXED', points: 50 }, {})).toBe(50);
    const formula = { type: 'FIXED' as const, points: 5, points_formula: 'ORDER_AMOUNT / 3' };
    expect(earnedPoints(formula, { formula: { now: 0, order: { amount: 1000 } } })).toBe(3); // 10.00 / 3 = 3.33
    expect(earnedPoints(formula, { formula: { now: 0, order: { amount: 500 } } })).toBe(2); // 1.67
    expect(
      earnedPoints(
        { type: 'FIXED', points: 5, points_formula: 'ORDER_METADATA("visits")' },
        { formula: { now: 0, order: { amount: 1 } } },
      ),
    ).toBe(5);
  });

  it('gives points for every whole increment of the order, as the reference shows', () => {
    expect(
      earnedPoints(proportional('ORDER_TOTAL_AMOUNT', 500, 10), { order: { amount: 50000, total_amount: 45000 } }),
    ).toBe(900);
    expect(earnedPoints(proportional('ORDER_AMOUNT', 100, 1), { order: { amount: 1000 } })).toBe(10);
    expect(earnedPoints(proportional('ORDER_AMOUNT', 1000, 1), { order: { amount: 4599 } })).toBe(4);
  });

  it('counts the lines of the products, SKUs and collections named, each line once', () => {
    const loyalty: EarningRuleLoyalty = {
      type: 'PROPORTIONAL',
      calculation_type: 'ORDER_ITEMS_QUANTITY',
      order_items: {
        quantity: {
          every: 1,
          points: 2,
          applicable_to: [
            { object: 'products_collection', id: 'pc_mugs' },
            { object: 'products_collection', id: 'pc_all' },
            { object: 'sku', id: 'sku_red' },
          ],
        },
      },
    };
    const items = [
      { product_id: 'prod_mug', collection_ids: ['pc_mugs', 'pc_all'], quantity: 3, amount: 3000 },
      { product_id: 'prod_tee', sku_id: 'sku_red', quantity: 1, amount: 2000 },
      { product_id: 'prod_cap', quantity: 5, amount: 1000 },
    ];
    expect(earnedPoints(loyalty, { order: { items } })).toBe(8);
    const amount: EarningRuleLoyalty = {
      type: 'PROPORTIONAL',
      calculation_type: 'ORDER_ITEMS_SUBTOTAL_AMOUNT',
      order_items: { subtotal_amount: { every: 1000, points: 1, object: 'product', id: 'prod_mug' } },
    };
    expect(earnedPoints(amount, { order: { items: [{ product_id: 'prod_mug', subtotal_amount: 2999 }] } })).toBe(2);
  });

  it('reads numbers of the order, the customer and the custom event metadata, and nothing else', () => {
    const byVisits: EarningRuleLoyalty = {
      type: 'PROPORTIONAL',
      calculation_type: 'CUSTOMER_METADATA',
      customer: { metadata: { every: 2, points: 5, property: 'visits' } },
    };
    expect(earnedPoints(byVisits, { customer: { metadata: { visits: 7 } } })).toBe(15);
    expect(earnedPoints(byVisits, { customer: { metadata: { visits: '7' } } })).toBe(0);
    const byEvent: EarningRuleLoyalty = {
      type: 'PROPORTIONAL',
      calculation_type: 'CUSTOM_EVENT_METADATA',
      custom_event: { metadata: { every: 1, points: 1, property: 'minutes' } },
    };
    expect(earnedPoints(byEvent, { customEvent: { metadata: { minutes: 42 } } })).toBe(42);
    const byOrder: EarningRuleLoyalty = {
      type: 'PROPORTIONAL',
      calculation_type: 'ORDER_METADATA',
      order: { metadata: { every: 10, points: 1, property: 'km' } },
    };
    expect(earnedPoints(byOrder, { order: { metadata: { km: 95 } } })).toBe(9);
  });

  it('applies a tier mapping: a multiplier on the result, a custom number instead of the points', () => {
    expect(earnedPoints({ type: 'FIXED', points: 50 }, {}, { type: 'MULTIPLY', multiplier: 1.5 })).toBe(75);
    expect(earnedPoints({ type: 'FIXED', points: 50 }, {}, { type: 'CUSTOM', points: 80 })).toBe(80);
    expect(
      earnedPoints(proportional('ORDER_AMOUNT', 1000, 1), { order: { amount: 4599 } }, { type: 'CUSTOM', points: 3 }),
    ).toBe(12);
    expect(rewardPrice(100, { type: 'MULTIPLY', multiplier: 0.8 })).toBe(80);
    expect(rewardPrice(100, { type: 'CUSTOM', points: 60 })).toBe(60);
    expect(rewardPrice(100)).toBe(100);
  });

  it('never gives negative or fractional points, and never fewer for a larger order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (every, points, a, b) => {
          const rule = proportional('ORDER_AMOUNT', every, points);
          const [low, high] = [
            earnedPoints(rule, { order: { amount: Math.min(a, b) } }),
            earnedPoints(rule, { order: { amount: Math.max(a, b) } }),
          ];
          expect(Number.isInteger(low) && low >= 0).toBe(true);
          expect(high).toBeGreaterThanOrEqual(low);
          expect(high).toBe(Math.floor(Math.max(a, b) / every) * points);
        },
      ),
    );
  });
});

describe('mappedLoyalty', () => {
  it("shows a rule's points for a tier: multiplied or replaced, per increment for proportional rules", () => {
    expect(mappedLoyalty({ type: 'FIXED', points: 10 }, { type: 'MULTIPLY', multiplier: 1.5 })).toEqual({
      type: 'FIXED',
      points: 15,
    });
    expect(mappedLoyalty({ type: 'FIXED', points: 10 }, { type: 'CUSTOM', points: 4 })).toEqual({
      type: 'FIXED',
      points: 4,
    });
    const doubled = mappedLoyalty(proportional('ORDER_AMOUNT', 1000, 2), { type: 'MULTIPLY', multiplier: 2 });
    expect(doubled).toMatchObject({ order: { amount: { every: 1000, points: 4 } } });
    // Groups the rule does not have stay absent (an answer shows no `order_items: undefined`).
    expect(
      Object.keys(doubled).filter((key) => ['order', 'order_items', 'customer', 'custom_event'].includes(key)),
    ).toEqual(['order']);
    const rule = proportional('ORDER_TOTAL_AMOUNT', 500, 3);
    expect(mappedLoyalty(rule, null)).toBe(rule);
  });

  it('agrees with earnedPoints for fixed rules and custom mappings', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.oneof(
          fc.record({ type: fc.constant('MULTIPLY' as const), multiplier: fc.double({ min: 0, max: 5, noNaN: true }) }),
          fc.record({ type: fc.constant('CUSTOM' as const), points: fc.integer({ min: 0, max: 1000 }) }),
        ),
        (points, mapping) => {
          const mapped = mappedLoyalty({ type: 'FIXED', points }, mapping);
          expect(earnedPoints(mapped, {})).toBe(earnedPoints({ type: 'FIXED', points }, {}, mapping));
        },
      ),
    );
  });
});
