import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import { calculateOrderAmounts } from './order-amounts.js';

describe('calculateOrderAmounts', () => {
  it('computes line amounts from price and quantity, and the order amount from the lines', () => {
    const order = calculateOrderAmounts({
      items: [
        { product_id: 'prod_mug', price: 1000, quantity: 2 },
        { sku_id: 'sku_poster', price: 1500, quantity: 3 },
      ],
    });
    expect(order).toMatchObject({
      amount: 6500,
      initial_amount: 6500,
      discount_amount: 0,
      items_discount_amount: 0,
      total_discount_amount: 0,
      total_amount: 6500,
      applied_discount_amount: 0,
      items_applied_discount_amount: 0,
      total_applied_discount_amount: 0,
    });
    expect(order.items[0]).toEqual({
      product_id: 'prod_mug',
      price: 1000,
      quantity: 2,
      initial_quantity: 2,
      discount_quantity: 0,
      applied_discount_quantity: 0,
      applied_quantity: 0,
      applied_quantity_amount: 0,
      amount: 2000,
      initial_amount: 2000,
      discount_amount: 0,
      applied_discount_amount: 0,
      subtotal_amount: 2000,
    });
    expect(order.items[1]).toMatchObject({ sku_id: 'sku_poster', amount: 4500 });
  });

  it('keeps amounts the caller sent, and counts a line without quantity as one unit', () => {
    const order = calculateOrderAmounts({ amount: 20050, items: [{ amount: 3000 }, { price: 700 }, { quantity: 4 }] });
    expect(order.amount).toBe(20050);
    expect(order.items.map((item) => [item.price, item.quantity, item.amount])).toEqual([
      [null, 1, 3000],
      [700, 1, 700],
      [null, 4, 0],
    ]);
    expect(calculateOrderAmounts({}).total_amount).toBe(0);
    expect(calculateOrderAmounts({ amount: null, items: null }).amount).toBe(0);
  });

  it('carries the discounts of a stored order', () => {
    const order = calculateOrderAmounts({
      amount: 14000,
      initial_amount: 14000,
      discount_amount: 2500,
      items: [
        { price: 1000, quantity: 3, discount_amount: 2000, discount_quantity: 3 },
        { price: 2000, quantity: 3, discount_amount: 2000, discount_quantity: 5 },
        { price: 2500, quantity: 2 },
      ],
    });
    expect(order).toMatchObject({
      discount_amount: 2500,
      items_discount_amount: 4000,
      total_discount_amount: 6500,
      total_amount: 7500,
      total_applied_discount_amount: 0,
    });
    expect(order.items[1]?.discount_quantity).toBe(3);
    expect(order.items[0]?.subtotal_amount).toBe(3000);
  });

  it('refuses lines whose numbers are not non-negative integers', () => {
    for (const item of [
      { quantity: -1 },
      { quantity: 1.5 },
      { price: 9.99 },
      { price: -100 },
      { amount: Number.NaN },
    ]) {
      const error = catchDomainError(() => calculateOrderAmounts({ items: [item] }));
      expect(error.key).toBe('invalid_order');
      expect(error.details).toMatch(/^Property \.items\[0\]\.\w+ should be a non-negative integer/u);
    }
    expect(catchDomainError(() => calculateOrderAmounts({ items: [{ price: 100, discount_amount: 200 }] })).key).toBe(
      'invalid_order',
    );
  });

  it('refuses order amounts that are not non-negative integers, or discounts above the amount', () => {
    expect(catchDomainError(() => calculateOrderAmounts({ amount: -5 })).key).toBe('invalid_amount');
    expect(catchDomainError(() => calculateOrderAmounts({ amount: 10.5 })).details).toBe(
      'Property .amount should be a non-negative integer (actual value is 10.5)',
    );
    expect(catchDomainError(() => calculateOrderAmounts({ amount: 1000, discount_amount: 1001 })).key).toBe(
      'invalid_amount',
    );
  });

  it('returns frozen values', () => {
    const order = calculateOrderAmounts({ items: [{ price: 1, quantity: 1 }] });
    expect(Object.isFrozen(order)).toBe(true);
    expect(Object.isFrozen(order.items)).toBe(true);
    expect(Object.isFrozen(order.items[0])).toBe(true);
  });

  it('sums the lines when the amount is absent and keeps every derived amount consistent', () => {
    const line = fc.record(
      {
        price: fc.integer({ min: 0, max: 1_000_000 }),
        quantity: fc.integer({ min: 0, max: 1000 }),
        discount_share: fc.integer({ min: 0, max: 100 }),
      },
      { requiredKeys: ['discount_share'] },
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), fc.integer({ min: 0, max: 100 }), (lines, orderShare) => {
        const items = lines.map(({ price, quantity, discount_share }) => {
          const amount = (price ?? 0) * (quantity ?? 1);
          return {
            price,
            quantity,
            discount_amount: price === undefined ? 0 : Math.floor((amount * discount_share) / 100),
          };
        });
        const sum = items.reduce((total, item) => total + (item.price ?? 0) * (item.quantity ?? 1), 0);
        const itemsDiscount = items.reduce((total, item) => total + item.discount_amount, 0);
        const orderDiscount = Math.floor(((sum - itemsDiscount) * orderShare) / 100);
        const order = calculateOrderAmounts({ items, discount_amount: orderDiscount });
        expect(order.amount).toBe(sum);
        expect(order.initial_amount).toBe(sum);
        expect(order.items_discount_amount).toBe(itemsDiscount);
        expect(order.total_discount_amount).toBe(orderDiscount + itemsDiscount);
        expect(order.total_amount).toBe(sum - orderDiscount - itemsDiscount);
        expect(order.total_amount).toBeGreaterThanOrEqual(0);
        expect(order.total_applied_discount_amount).toBe(0);
        order.items.forEach((item) => expect(item.subtotal_amount).toBe(item.amount));
      }),
    );
  });
});
