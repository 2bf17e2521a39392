import { describe, expect, it } from 'vitest';
import { evaluateDiscountValue, resolveDiscountEffect } from './definition.js';
import { calculateOrderAmounts } from './order-amounts.js';

describe('resolveDiscountEffect', () => {
  it('keeps an effect the discount names', () => {
    expect(
      resolveDiscountEffect({ type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' }, false),
    ).toBe('APPLY_TO_ITEMS_BY_QUANTITY');
    expect(resolveDiscountEffect({ type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' }, true)).toBe(
      'APPLY_TO_ORDER',
    );
    expect(
      resolveDiscountEffect({ type: 'UNIT', unit_off: 1, unit_type: 'prod_a', effect: 'ADD_NEW_ITEMS' }, true),
    ).toBe('ADD_NEW_ITEMS');
    expect(resolveDiscountEffect({ type: 'UNIT', effect: 'ADD_MANY_ITEMS', units: [] }, false)).toBe('ADD_MANY_ITEMS');
  });

  it('defaults to items when the rule names products, else to the order', () => {
    for (const discount of [
      { type: 'AMOUNT', amount_off: 100 },
      { type: 'PERCENT', percent_off: 10, effect: null },
      { type: 'FIXED', fixed_amount: 500 },
    ] as const) {
      expect(resolveDiscountEffect(discount, true)).toBe('APPLY_TO_ITEMS');
      expect(resolveDiscountEffect(discount, false)).toBe('APPLY_TO_ORDER');
    }
  });

  it('defaults a unit discount to ADD_MISSING_ITEMS', () => {
    expect(resolveDiscountEffect({ type: 'UNIT', unit_off: 1, unit_type: 'prod_5h1pp1ng' }, false)).toBe(
      'ADD_MISSING_ITEMS',
    );
  });
});

describe('evaluateDiscountValue', () => {
  const order = calculateOrderAmounts({ amount: 5000 });

  it('uses the static value without a formula, rounded to whole units and never negative', () => {
    expect(evaluateDiscountValue(1234.5, undefined, { field: 'amount_off', order }, () => 1)).toEqual({
      value: 1235,
      dynamic: false,
    });
    expect(evaluateDiscountValue(-5, null, { field: 'unit_off', order }, undefined)).toEqual({
      value: 0,
      dynamic: false,
    });
    expect(evaluateDiscountValue(null, '  ', { field: 'amount_off', order }, () => 1)).toEqual({
      value: 0,
      dynamic: false,
    });
  });

  it('keeps percentages decimal and within 0–100', () => {
    expect(evaluateDiscountValue(12.5, undefined, { field: 'percent_off', order }, undefined).value).toBe(12.5);
    expect(evaluateDiscountValue(150, undefined, { field: 'percent_off', order }, undefined).value).toBe(100);
    expect(evaluateDiscountValue(1, 'F', { field: 'percent_off', order }, () => -3).value).toBe(0);
  });

  it("uses the formula's value, or the static value when it gives nothing usable", () => {
    expect(
      evaluateDiscountValue(100, 'F', { field: 'amount_off', order }, (_formula, { order: seen }) => seen.amount / 4),
    ).toEqual({ value: 1250, dynamic: true });
    for (const result of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(evaluateDiscountValue(100, 'F', { field: 'amount_off', order }, () => result)).toEqual({
        value: 100,
        dynamic: true,
      });
    }
    const throws = (): number => {
      throw new Error('unknown operand');
    };
    expect(evaluateDiscountValue(100, 'F', { field: 'amount_off', order }, throws)).toEqual({
      value: 100,
      dynamic: true,
    });
    expect(evaluateDiscountValue(100, 'F', { field: 'amount_off', order }, undefined)).toEqual({
      value: 100,
      dynamic: true,
    });
  });
});
