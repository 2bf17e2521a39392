import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormulaContext } from './context.js';
import { parseFormula } from './parser.js';
import { FORMULA_FIELD_KINDS, formulaNumberToApiValue, formulaValue } from './value.js';

const NOW = Date.parse('2026-03-15T10:00:00.000Z');

describe('formulaNumberToApiValue', () => {
  it('turns major units into integer minor units, halves away from zero', () => {
    expect(formulaNumberToApiValue(20, 'money')).toBe(2000);
    expect(formulaNumberToApiValue(1.06, 'money')).toBe(106);
    expect(formulaNumberToApiValue(19.995, 'money')).toBe(2000);
    expect(formulaNumberToApiValue(1.005, 'money')).toBe(101);
    expect(formulaNumberToApiValue(0.125, 'money')).toBe(13);
    expect(formulaNumberToApiValue(-0.125, 'money')).toBe(-13);
    expect(formulaNumberToApiValue(0.1 + 0.2, 'money')).toBe(30);
    expect(formulaNumberToApiValue(-0.001, 'money')).toBe(0);
    expect(Object.is(formulaNumberToApiValue(-0.001, 'money'), -0)).toBe(false);
  });

  it('keeps percentages as they are, without binary noise', () => {
    expect(formulaNumberToApiValue(12.5, 'percent')).toBe(12.5);
    expect(formulaNumberToApiValue(0.1 * 3, 'percent')).toBe(0.3);
    expect(formulaNumberToApiValue(150 * 0.1, 'percent')).toBe(15);
  });

  it('rounds points and units to the nearest whole number', () => {
    expect(formulaNumberToApiValue(7.5, 'points')).toBe(8);
    expect(formulaNumberToApiValue(7.49, 'points')).toBe(7);
    expect(formulaNumberToApiValue(-7.5, 'points')).toBe(-8);
    expect(formulaNumberToApiValue(5.6, 'units')).toBe(6);
    expect(formulaNumberToApiValue(2.4999999999999996, 'units')).toBe(3);
  });
});

describe('formulaValue', () => {
  it('gives the service examples: money formulas in major units, results in minor units', () => {
    const price = 'IF(ORDER_AMOUNT > 400;0;20)';
    expect(formulaValue(price, { now: NOW, order: { amount: 45000 } }, { kind: 'money', fallback: 2000 })).toBe(0);
    expect(formulaValue(price, { now: NOW, order: { amount: 35000 } }, { kind: 'money', fallback: 2000 })).toBe(2000);
    const amountOff = 'IF(VOUCHER_PUBLISH_COUNT = 1;25;5)';
    expect(
      formulaValue(amountOff, { now: NOW, voucher: { publish: { count: 1 } } }, { kind: 'money', fallback: 200 }),
    ).toBe(2500);
    expect(
      formulaValue(amountOff, { now: NOW, voucher: { publish: { count: 0 } } }, { kind: 'money', fallback: 200 }),
    ).toBe(500);
    const newPrice = 'IF(ORDER_AMOUNT > 300;ORDER_ITEM_PRICE * 0.8;ORDER_ITEM_PRICE)';
    const item = { price: 99900, quantity: 1 };
    expect(
      formulaValue(newPrice, { now: NOW, order: { amount: 99900 }, item }, { kind: 'money', fallback: 99900 }),
    ).toBe(79920);
    expect(
      formulaValue(newPrice, { now: NOW, order: { amount: 20000 }, item }, { kind: 'money', fallback: 99900 }),
    ).toBe(99900);
    expect(
      formulaValue('ORDER_ITEM_PRICE * 0.01 + 1', { now: NOW, item: { price: 600 } }, { kind: 'money', fallback: 0 }),
    ).toBe(106);
  });

  it('gives percentages, units and points', () => {
    const context: FormulaContext = {
      now: NOW,
      order: { amount: 60050, items: [{ price: 1000, quantity: 8 }] },
      customer: { metadata: { tier: 'VIP', age: 27 } },
    };
    expect(
      formulaValue('IF(CUSTOMER_METADATA("tier") is "VIP";25;10)', context, { kind: 'percent', fallback: 10 }),
    ).toBe(25);
    expect(formulaValue('IF(ORDER_AMOUNT > 150;15;10)', context, { kind: 'percent', fallback: 5 })).toBe(15);
    expect(formulaValue('CUSTOMER_METADATA("age") / 10', context, { kind: 'units', fallback: 1 })).toBe(3);
    expect(
      formulaValue('IF(ORDER_UNITS_QUANTITY > 5;FLOOR(ORDER_UNITS_QUANTITY / 3;0);1)', context, {
        kind: 'units',
        fallback: 1,
      }),
    ).toBe(2);
    expect(
      formulaValue('IF(ORDER_AMOUNT > 500;ROUND(ORDER_AMOUNT * 1.5;0);ROUND(ORDER_AMOUNT;0))', context, {
        kind: 'points',
        fallback: 1,
      }),
    ).toBe(901);
    expect(formulaValue('ORDER_AMOUNT / 8', context, { kind: 'points', fallback: 1 })).toBe(75);
  });

  it('accepts numeric text as a result', () => {
    const context = { now: NOW, customer: { metadata: { discount: '15' } } };
    expect(formulaValue('CUSTOMER_METADATA("discount")', context, { kind: 'percent', fallback: 5 })).toBe(15);
  });

  it('accepts a parsed tree', () => {
    const ast = parseFormula('ORDER_AMOUNT * 0.1');
    expect(formulaValue(ast, { now: NOW, order: { amount: 12345 } }, { kind: 'money', fallback: 0 })).toBe(1235);
  });

  it('falls back to the static value whenever the formula has no number', () => {
    const fallback = { kind: 'money', fallback: 777 } as const;
    const context: FormulaContext = { now: NOW, order: { metadata: { word: 'ten', list: [1] } } };
    expect(formulaValue('ORDER_METADATA("missing") * 2', context, fallback)).toBe(777);
    expect(formulaValue('ORDER_METADATA("word") * 2', context, fallback)).toBe(777);
    expect(formulaValue('ORDER_METADATA("word")', context, fallback)).toBe(777);
    expect(formulaValue('ORDER_METADATA("list")', context, fallback)).toBe(777);
    expect(formulaValue('1 / 0', context, fallback)).toBe(777);
    expect(formulaValue('1 > 0', context, fallback)).toBe(777);
    expect(formulaValue('TODAY', context, fallback)).toBe(777);
    expect(formulaValue('IF(1;2', context, fallback)).toBe(777);
    expect(formulaValue('POW(10;308)', context, fallback)).toBe(777);
    expect(formulaValue('ORDER_AMOUNT', { now: NOW }, { kind: 'points', fallback: 5 })).toBe(5);
  });

  it('lets a broken context through instead of hiding it behind the fallback', () => {
    expect(() => formulaValue('1', { now: Number.NaN }, { kind: 'points', fallback: 1 })).toThrow(RangeError);
  });

  it('round-trips money: a money operand returned as is gives back the same minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (amount) => {
        expect(
          formulaValue('ORDER_AMOUNT', { now: NOW, order: { amount } }, { kind: 'money', fallback: Number.NaN }),
        ).toBe(amount + 0);
        expect(
          formulaValue(
            'ORDER_ITEM_PRICE',
            { now: NOW, item: { price: amount } },
            { kind: 'money', fallback: Number.NaN },
          ),
        ).toBe(amount + 0);
      }),
    );
  });

  it('scales money linearly: a percentage of the order amount is within half a cent of the exact value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 100 }), (amount, percent) => {
        const value = formulaValue(
          `ORDER_AMOUNT * ${percent} / 100`,
          { now: NOW, order: { amount } },
          { kind: 'money', fallback: Number.NaN },
        );
        expect(Number.isInteger(value)).toBe(true);
        expect(Math.abs(value - (amount * percent) / 100)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('gives whole points within half a point of the formula value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1000 }), (amount, divisor) => {
        const points = formulaValue(
          `ORDER_AMOUNT / ${divisor}`,
          { now: NOW, order: { amount } },
          { kind: 'points', fallback: Number.NaN },
        );
        expect(Number.isInteger(points)).toBe(true);
        expect(Math.abs(points - amount / 100 / divisor)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });
});

describe('FORMULA_FIELD_KINDS', () => {
  it('classifies every formula field of the API', () => {
    expect(FORMULA_FIELD_KINDS).toMatchObject({
      amount_off_formula: 'money',
      fixed_amount_formula: 'money',
      price_formula: 'money',
      percent_off_formula: 'percent',
      unit_off_formula: 'units',
      points_formula: 'points',
    });
    const limits = Object.entries(FORMULA_FIELD_KINDS).filter(([field]) => field.endsWith('_quantity_limit_formula'));
    expect(limits).toHaveLength(8);
    expect(limits.every(([, kind]) => kind === 'units')).toBe(true);
  });
});
