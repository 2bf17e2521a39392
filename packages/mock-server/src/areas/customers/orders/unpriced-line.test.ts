import type { OrderItemAmounts } from '@voucherkit/domain';
import { describe, expect, test } from 'vitest';
import { withoutUnknownAmounts } from './unpriced-line.js';

const zero: OrderItemAmounts = {
  price: null,
  quantity: 2,
  initial_quantity: 2,
  discount_quantity: 0,
  applied_discount_quantity: 0,
  applied_quantity: 0,
  applied_quantity_amount: 0,
  amount: 0,
  initial_amount: 0,
  discount_amount: 0,
  applied_discount_amount: 0,
  subtotal_amount: 0,
};

describe('order lines without a price', () => {
  test('show their quantities and ids, not amounts they cannot have', () => {
    const line = { object: 'order_item', product_id: 'p1', ...zero };
    expect(withoutUnknownAmounts(line, zero)).toEqual({ object: 'order_item', product_id: 'p1', price: null, quantity: 2, initial_quantity: 2, applied_quantity: 0 });
  });

  test('a priced line, one sent with an amount, or one a discount touched is shown whole', () => {
    const priced = { ...zero, price: 500, amount: 1000, initial_amount: 1000, subtotal_amount: 1000 };
    expect(withoutUnknownAmounts({ ...priced }, priced)).toEqual(priced);
    const amountOnly = { ...zero, amount: 700, initial_amount: 700, subtotal_amount: 700 };
    expect(withoutUnknownAmounts({ ...amountOnly }, amountOnly)).toEqual(amountOnly);
    const added = { ...zero, discount_quantity: 1 };
    expect(withoutUnknownAmounts({ ...added }, added)).toEqual(added);
  });
});
