import { type OrderItemAmounts, calculateOrderAmounts } from '@voucherkit/domain';
import { describe, expect, test } from 'vitest';
import { withoutUnknownAmounts } from './unpriced-line.js';

/** A line's amounts as the domain computes them, and the line an answer would show. */
const line = (item: {
  price?: number;
  amount?: number;
  quantity: number;
}): { amounts: OrderItemAmounts; shown: Record<string, unknown> } => {
  const amounts = calculateOrderAmounts({ amount: 10_000, items: [{ product_id: 'p1', ...item }] })
    .items[0] as OrderItemAmounts;
  return { amounts, shown: { object: 'order_item', product_id: 'p1', ...amounts } };
};

describe('order lines without a price', () => {
  test('show their ids and quantities, not amounts they cannot have', () => {
    const { amounts, shown } = line({ quantity: 2 });
    expect(withoutUnknownAmounts(shown, amounts)).toEqual({
      object: 'order_item',
      product_id: 'p1',
      price: null,
      quantity: 2,
      initial_quantity: 2,
      applied_quantity: 0,
    });
  });

  test('a priced line, or one sent with an amount, is shown whole', () => {
    for (const item of [
      { price: 500, quantity: 2 },
      { amount: 700, quantity: 1 },
    ]) {
      const { amounts, shown } = line(item);
      expect(withoutUnknownAmounts(shown, amounts)).toBe(shown);
    }
  });

  test('an unpriced line a discount touched is shown whole', () => {
    const { amounts, shown } = line({ quantity: 2 });
    const touched = { ...amounts, discount_quantity: 1 };
    expect(withoutUnknownAmounts(shown, touched)).toBe(shown);
  });
});
