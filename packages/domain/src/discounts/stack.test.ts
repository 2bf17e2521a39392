import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import type { DiscountInput } from './definition.js';
import {
  type DiscountStackStep,
  applyDiscountStack,
  applyStackStep,
  finishDiscountStack,
  startDiscountStack,
} from './stack.js';
import type { OrderAmounts, OrderInput } from './order-amounts.js';

const discountStep = (discount: DiscountInput, extra: Partial<DiscountStackStep> = {}): DiscountStackStep =>
  ({ kind: 'discount', discount, ...extra }) as DiscountStackStep;

describe('applyDiscountStack: the reference examples', () => {
  it('14000 with item discounts 2×2000 and 2500 at order level: total discount 6500, total 7500', () => {
    const order: OrderInput = {
      items: [
        { product_id: 'prod_mug', price: 1000, quantity: 3 },
        { product_id: 'prod_tshirt', price: 2000, quantity: 3 },
        { product_id: 'prod_bottle', price: 2500, quantity: 2 },
      ],
    };
    const { steps, order: final } = applyDiscountStack(order, [
      discountStep(
        { type: 'AMOUNT', amount_off: 2000, aggregated_amount_limit: 5000, effect: 'APPLY_TO_ITEMS' },
        {
          applicable_to: {
            included: [{ object: 'products_collection', id: 'pc_adventure', matched_item_indices: [0, 1] }],
          },
        },
      ),
      discountStep({ type: 'AMOUNT', amount_off: 2500, effect: 'APPLY_TO_ORDER' }),
    ]);
    expect(steps[0]?.order).toMatchObject({
      amount: 14000,
      discount_amount: 0,
      items_discount_amount: 4000,
      items_applied_discount_amount: 4000,
      total_discount_amount: 4000,
      total_applied_discount_amount: 4000,
      total_amount: 10000,
    });
    expect(steps[1]?.order).toMatchObject({
      amount: 14000,
      discount_amount: 2500,
      applied_discount_amount: 2500,
      items_discount_amount: 4000,
      items_applied_discount_amount: 0,
      total_discount_amount: 6500,
      total_applied_discount_amount: 2500,
      total_amount: 7500,
    });
    expect(final).toMatchObject({
      amount: 14000,
      discount_amount: 2500,
      applied_discount_amount: 2500,
      items_discount_amount: 4000,
      items_applied_discount_amount: 4000,
      total_discount_amount: 6500,
      total_applied_discount_amount: 6500,
      total_amount: 7500,
    });
    expect(
      final.items.map((item) => [item.discount_amount, item.applied_discount_amount, item.subtotal_amount]),
    ).toEqual([
      [2000, 2000, 1000],
      [2000, 2000, 4000],
      [0, 0, 5000],
    ]);
  });

  it('stack on 200000: 100, 39980 and 8000 add up to 48080 and a total of 151920', () => {
    const { steps, order } = applyDiscountStack({ amount: 200000 }, [
      { kind: 'gift', gift: { credits: 100, balance: 20500 } },
      discountStep({ type: 'PERCENT', percent_off: 20, effect: 'APPLY_TO_ORDER' }),
      discountStep({ type: 'AMOUNT', amount_off: 8000, effect: 'APPLY_TO_ORDER' }),
    ]);
    expect(steps.map((step) => step.order.applied_discount_amount)).toEqual([100, 39980, 8000]);
    expect(steps.map((step) => step.order.discount_amount)).toEqual([100, 40080, 48080]);
    expect(steps.map((step) => step.order.total_amount)).toEqual([199900, 159920, 151920]);
    expect(order).toMatchObject({
      amount: 200000,
      discount_amount: 48080,
      total_discount_amount: 48080,
      applied_discount_amount: 48080,
      total_applied_discount_amount: 48080,
      total_amount: 151920,
    });
    expect(steps[0]?.kind === 'gift' && steps[0].gift).toEqual({ balance: 20500, credits: 100 });
  });

  it('calculation mode: 10% then 20% on 100.00 is 30.00 on the initial amount and 28.00 on the discounted one', () => {
    const steps = [
      discountStep({ type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' }),
      discountStep({ type: 'PERCENT', percent_off: 20, effect: 'APPLY_TO_ORDER' }),
    ];
    const initial = applyDiscountStack({ amount: 10000 }, steps, { calculation_mode: 'INITIAL_AMOUNT' });
    expect(initial.order.total_discount_amount).toBe(3000);
    expect(initial.steps.map((step) => step.order.applied_discount_amount)).toEqual([1000, 2000]);
    const discounted = applyDiscountStack({ amount: 10000 }, steps, { calculation_mode: 'DISCOUNTED_AMOUNT' });
    expect(discounted.order.total_discount_amount).toBe(2800);
    expect(discounted.steps.map((step) => step.order.applied_discount_amount)).toEqual([1000, 1800]);
    expect(applyDiscountStack({ amount: 10000 }, steps).order.total_discount_amount).toBe(2800);
  });

  it('calculation mode applies to item discounts too, never taking a line below zero', () => {
    const line: OrderInput = { items: [{ price: 10000, quantity: 1 }] };
    const onItems = (percent: number) =>
      discountStep({ type: 'PERCENT', percent_off: percent, effect: 'APPLY_TO_ITEMS' });
    expect(
      applyDiscountStack(line, [onItems(10), onItems(20)], { calculation_mode: 'INITIAL_AMOUNT' }).order
        .items_discount_amount,
    ).toBe(3000);
    expect(applyDiscountStack(line, [onItems(10), onItems(20)]).order.items_discount_amount).toBe(2800);
    expect(
      applyDiscountStack(line, [onItems(60), onItems(60)], { calculation_mode: 'INITIAL_AMOUNT' }).order.total_amount,
    ).toBe(0);
  });

  it('application order on a 105.00 cart: A then B gives 94.50 first; B then A gives 84.00 then 75.60', () => {
    const a = discountStep({ type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' });
    const b = discountStep({ type: 'PERCENT', percent_off: 20, effect: 'APPLY_TO_ORDER' });
    // A first: 94.50, which fails B's "order over 100.00" rule, so the caller stops there.
    const aFirst = applyStackStep(startDiscountStack({ amount: 10500 }), a);
    expect(aFirst.order.total_amount).toBe(9450);
    const bThenA = applyDiscountStack({ amount: 10500 }, [b, a]);
    expect(bThenA.steps.map((step) => step.order.total_amount)).toEqual([8400, 7560]);
    expect(bThenA.order.total_amount).toBe(7560);
  });

  it('adds this request to the discounts a stored order already has, never beyond its amount', () => {
    const { order } = applyDiscountStack({ amount: 10000, discount_amount: 9200 }, [
      discountStep({ type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' }),
    ]);
    expect(order).toMatchObject({
      amount: 10000,
      discount_amount: 10000,
      applied_discount_amount: 800,
      total_discount_amount: 10000,
      total_amount: 0,
    });
  });
});

describe('applyDiscountStack: modes and steps', () => {
  const cart: OrderInput = {
    items: [
      { price: 1000, quantity: 1 },
      { price: 2000, quantity: 1 },
    ],
  };
  const tenOff = discountStep({ type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS' });

  it('lets several item discounts reach a line under STACK, only the first under ONCE', () => {
    const first = discountStep(
      { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS' },
      { applicable_to: { included: [{ object: 'product', id: 'prod_a', matched_item_indices: [0] }] } },
    );
    const stacked = applyDiscountStack(cart, [first, tenOff]);
    expect(stacked.order.items.map((item) => item.discount_amount)).toEqual([200, 100]);
    const once = applyDiscountStack(cart, [first, tenOff], { products_application_mode: 'ONCE' });
    expect(once.order.items.map((item) => item.discount_amount)).toEqual([100, 100]);
  });

  it("lets a step's own calculation mode override the stack's", () => {
    const steps = [
      discountStep({ type: 'PERCENT', percent_off: 50, effect: 'APPLY_TO_ORDER' }),
      discountStep(
        { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
        { calculation_mode: 'INITIAL_AMOUNT' },
      ),
    ];
    expect(applyDiscountStack({ amount: 10000 }, steps).order.total_discount_amount).toBe(6000);
  });

  it('computes an order-level percentage on what item discounts left, and an item percentage on the line alone', () => {
    const order: OrderInput = {
      items: [
        { price: 6000, quantity: 1 },
        { price: 4000, quantity: 1 },
      ],
    };
    const itemsThenOrder = applyDiscountStack(order, [
      discountStep({ type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' }),
      discountStep({ type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' }),
    ]);
    expect(itemsThenOrder.steps.map((step) => step.order.total_applied_discount_amount)).toEqual([1000, 900]);
    const orderThenItems = applyDiscountStack(order, [
      discountStep({ type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' }),
      discountStep({ type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' }),
    ]);
    // The order-level 10.00 is not spread over the lines, so the item step still sees 60.00 and 40.00.
    expect(orderThenItems.steps.map((step) => step.order.total_applied_discount_amount)).toEqual([1000, 1000]);
    expect(orderThenItems.order.total_amount).toBe(8000);
  });

  it("starts from a stored order's discounts: item discounts reduce the line a new item discount sees", () => {
    const { order } = applyDiscountStack(
      { items: [{ price: 10000, quantity: 1, discount_amount: 5000 }], discount_amount: 1000 },
      [discountStep({ type: 'PERCENT', percent_off: 50, effect: 'APPLY_TO_ITEMS' })],
    );
    expect(order).toMatchObject({
      discount_amount: 1000,
      items_discount_amount: 7500,
      items_applied_discount_amount: 2500,
      total_amount: 1500,
    });
    expect(order.items[0]).toMatchObject({
      discount_amount: 7500,
      applied_discount_amount: 2500,
      subtotal_amount: 7500,
    });
  });

  it('ONCE also keeps later item discounts off lines that free units made free', () => {
    const { order } = applyDiscountStack(
      {
        items: [
          { product_id: 'prod_mug', price: 1000, quantity: 2 },
          { price: 2000, quantity: 1 },
        ],
      },
      [
        discountStep(
          { type: 'UNIT', unit_off: 1, unit_type: 'prod_mug', effect: 'ADD_MISSING_ITEMS' },
          { free_items: { prod_mug: { matched_item_indices: [0] } } },
        ),
        discountStep({ type: 'PERCENT', percent_off: 50, effect: 'APPLY_TO_ITEMS' }),
      ],
      { products_application_mode: 'ONCE' },
    );
    expect(order.items.map((item) => item.discount_amount)).toEqual([1000, 1000]);
  });

  it('pays with points after discounts', () => {
    const { steps, order } = applyDiscountStack({ amount: 5500 }, [
      discountStep({ type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' }),
      { kind: 'pay_with_points', payment: { points: 200, balance: 300, exchange_ratio: 20, points_ratio: 100 } },
    ]);
    expect(order).toMatchObject({ discount_amount: 5000, total_amount: 500 });
    expect(steps[1]?.kind === 'pay_with_points' && steps[1].loyalty_card.points).toBe(200);
  });

  it('fails on a card asked for more than its balance', () => {
    expect(
      catchDomainError(() =>
        applyDiscountStack({ amount: 5000 }, [{ kind: 'gift', gift: { credits: 600, balance: 500 } }]),
      ).key,
    ).toBe('gift_amount_exceeded');
    expect(
      catchDomainError(() =>
        applyDiscountStack({ amount: 5000 }, [
          { kind: 'pay_with_points', payment: { points: 600, balance: 500, exchange_ratio: 1, points_ratio: 1 } },
        ]),
      ).key,
    ).toBe('loyalty_card_points_exceeded');
  });

  it('builds the same result step by step, so the caller can check rules in between', () => {
    const steps = [tenOff, { kind: 'gift', gift: { credits: 500, balance: 500 } } as const];
    let state = startDiscountStack(cart);
    expect(state.order.total_amount).toBe(3000);
    for (const step of steps) state = applyStackStep(state, step);
    expect(finishDiscountStack(state)).toEqual(applyDiscountStack(cart, steps).order);
    expect(state.start.total_amount).toBe(3000);
  });

  it('sums the units that free-item steps added into the final order', () => {
    const { order } = applyDiscountStack({ items: [{ product_id: 'prod_mug', price: 1000, quantity: 1 }] }, [
      discountStep(
        { type: 'UNIT', unit_off: 1, unit_type: 'prod_mug', effect: 'ADD_NEW_ITEMS' },
        { free_items: { prod_mug: { matched_item_indices: [0] } } },
      ),
      discountStep(
        { type: 'UNIT', unit_off: 1, unit_type: 'prod_cup', effect: 'ADD_NEW_ITEMS' },
        { free_items: { prod_cup: { matched_item_indices: [], price: 300 } } },
      ),
    ]);
    expect(
      order.items.map((item) => [
        item.quantity,
        item.applied_quantity,
        item.applied_quantity_amount,
        item.applied_discount_amount,
      ]),
    ).toEqual([
      [2, 1, 1000, 1000],
      [1, 1, 300, 300],
    ]);
    expect(order).toMatchObject({ amount: 2300, initial_amount: 1000, total_amount: 1000 });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const orderArb: fc.Arbitrary<OrderInput> = fc.record({
  items: fc.array(fc.record({ price: fc.integer({ min: 0, max: 50_000 }), quantity: fc.integer({ min: 0, max: 6 }) }), {
    minLength: 1,
    maxLength: 6,
  }),
});

const stepArb = (lines: number): fc.Arbitrary<DiscountStackStep> => {
  const applicable = fc.record({
    included: fc.array(
      fc.record({
        object: fc.constant('product' as const),
        id: fc.constant('prod_x'),
        matched_item_indices: fc.subarray(Array.from({ length: lines }, (_, index) => index)),
        effect: fc.constantFrom(
          'APPLY_TO_EVERY' as const,
          'APPLY_FROM_CHEAPEST' as const,
          'APPLY_TO_MOST_EXPENSIVE' as const,
        ),
        quantity_limit: fc.integer({ min: 0, max: 3 }),
      }),
      { maxLength: 2 },
    ),
  });
  return fc.oneof(
    fc.record({
      kind: fc.constant('discount' as const),
      discount: fc.record({
        type: fc.constant('AMOUNT' as const),
        amount_off: fc.integer({ min: 0, max: 60_000 }),
        effect: fc.constantFrom(
          'APPLY_TO_ORDER' as const,
          'APPLY_TO_ITEMS' as const,
          'APPLY_TO_ITEMS_BY_QUANTITY' as const,
          'APPLY_TO_ITEMS_PROPORTIONALLY' as const,
          'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY' as const,
        ),
      }),
      applicable_to: applicable,
    }),
    fc.record({
      kind: fc.constant('discount' as const),
      discount: fc.record({
        type: fc.constant('PERCENT' as const),
        percent_off: fc.double({ min: 0, max: 100, noNaN: true }),
        effect: fc.constantFrom('APPLY_TO_ORDER' as const, 'APPLY_TO_ITEMS' as const),
      }),
      applicable_to: applicable,
    }),
    fc.record({
      kind: fc.constant('discount' as const),
      discount: fc.record({
        type: fc.constant('FIXED' as const),
        fixed_amount: fc.integer({ min: 0, max: 60_000 }),
        effect: fc.constantFrom('APPLY_TO_ORDER' as const, 'APPLY_TO_ITEMS' as const),
      }),
      applicable_to: applicable,
    }),
    fc.record({
      kind: fc.constant('discount' as const),
      discount: fc.record({
        type: fc.constant('UNIT' as const),
        unit_off: fc.integer({ min: 0, max: 3 }),
        unit_type: fc.constant('prod_free'),
        effect: fc.constantFrom('ADD_MISSING_ITEMS' as const, 'ADD_NEW_ITEMS' as const),
      }),
      free_items: fc.record({
        prod_free: fc.record({
          matched_item_indices: fc.constant([] as number[]),
          price: fc.integer({ min: 0, max: 5000 }),
        }),
      }),
    }),
    fc
      .integer({ min: 0, max: 30_000 })
      .map((credits): DiscountStackStep => ({ kind: 'gift', gift: { credits, balance: 30_000 } })),
    fc.integer({ min: 0, max: 3000 }).map(
      (points): DiscountStackStep => ({
        kind: 'pay_with_points',
        payment: { points, balance: 3000, exchange_ratio: 0.5, points_ratio: 3 },
      }),
    ),
  );
};

const stackArb = orderArb.chain((order) =>
  fc.record({
    order: fc.constant(order),
    steps: fc.array(stepArb(order.items?.length ?? 0), { maxLength: 6 }),
    mode: fc.constantFrom('INITIAL_AMOUNT' as const, 'DISCOUNTED_AMOUNT' as const),
    products: fc.constantFrom('STACK' as const, 'ONCE' as const),
  }),
);

const isMoney = (value: number): boolean => Number.isSafeInteger(value) && value >= 0;

/** Every amount of an order is a non-negative integer and its sums hold. */
const expectConsistent = (order: OrderAmounts): void => {
  for (const [key, value] of Object.entries(order))
    if (typeof value === 'number') expect(isMoney(value), key).toBe(true);
  expect(order.items_discount_amount).toBe(order.items.reduce((sum, item) => sum + item.discount_amount, 0));
  expect(order.items_applied_discount_amount).toBe(
    order.items.reduce((sum, item) => sum + item.applied_discount_amount, 0),
  );
  expect(order.total_discount_amount).toBe(order.discount_amount + order.items_discount_amount);
  expect(order.total_applied_discount_amount).toBe(order.applied_discount_amount + order.items_applied_discount_amount);
  expect(order.total_amount).toBe(order.amount - order.total_discount_amount);
  for (const item of order.items) {
    for (const [key, value] of Object.entries(item))
      if (typeof value === 'number') expect(isMoney(value), key).toBe(true);
    expect(item.discount_amount).toBeLessThanOrEqual(item.amount);
    expect(item.subtotal_amount).toBe(item.amount - item.applied_discount_amount);
  }
};

describe('applyDiscountStack: properties', () => {
  it('each snapshot follows from the one before it, and the final order adds up the steps', () => {
    fc.assert(
      fc.property(stackArb, ({ order, steps, mode, products }) => {
        const start = startDiscountStack(order).order;
        const result = applyDiscountStack(order, steps, {
          calculation_mode: mode,
          products_application_mode: products,
        });
        let previous = start;
        let applied = 0;
        for (const step of result.steps) {
          const snapshot = step.order;
          expectConsistent(snapshot);
          expect(snapshot.discount_amount).toBe(previous.discount_amount + snapshot.applied_discount_amount);
          snapshot.items.forEach((item, index) => {
            const before = previous.items[index];
            expect(item.discount_amount).toBe((before?.discount_amount ?? 0) + item.applied_discount_amount);
            expect(item.quantity).toBe((before?.quantity ?? 0) + item.applied_quantity);
            expect(item.amount).toBe((before?.amount ?? 0) + item.applied_quantity_amount);
          });
          // What a step takes off is exactly its applied amounts: added units are paid for by their own discount.
          const added = snapshot.items.reduce((sum, item) => sum + item.applied_quantity_amount, 0);
          expect(previous.total_amount + added - snapshot.total_amount).toBe(snapshot.total_applied_discount_amount);
          applied += snapshot.total_applied_discount_amount;
          previous = snapshot;
        }
        expectConsistent(result.order);
        expect(result.order.total_applied_discount_amount).toBe(applied);
        expect(result.order.total_amount).toBe(previous.total_amount);
        expect(result.order.discount_amount - start.discount_amount).toBe(result.order.applied_discount_amount);
      }),
    );
  });

  it('applied in another order, the amounts may differ but every chain stays consistent', () => {
    fc.assert(
      fc.property(
        stackArb.chain((stack) =>
          fc.record({
            stack: fc.constant(stack),
            reordered: fc.shuffledSubarray(stack.steps, { minLength: stack.steps.length }),
          }),
        ),
        ({ stack, reordered }) => {
          const forward = applyDiscountStack(stack.order, stack.steps, { calculation_mode: stack.mode });
          const other = applyDiscountStack(stack.order, reordered, { calculation_mode: stack.mode });
          for (const result of [forward, other]) {
            expectConsistent(result.order);
            expect(result.order.total_amount).toBeGreaterThanOrEqual(0);
          }
          expect(other.order.amount - forward.order.amount).toBe(0);
        },
      ),
    );
  });
});
