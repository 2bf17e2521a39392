import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFormula } from './compile.js';
import { FormulaEvaluationError, evaluateFormula } from './evaluate.js';
import { FormulaSyntaxError, parseFormula } from './parser.js';
import { formulaValue } from './value.js';

const NOW = Date.parse('2026-03-15T23:30:00.000Z');

describe('compileFormula', () => {
  it('evaluates and values like evaluateFormula and formulaValue', () => {
    const formula = compileFormula('IF(ORDER_AMOUNT > 400;0;20)');
    expect(formula.ast).toEqual(parseFormula('IF(ORDER_AMOUNT > 400;0;20)'));
    expect(formula.evaluate({ now: NOW, order: { amount: 45000 } })).toBe(0);
    expect(formula.value({ now: NOW, order: { amount: 35000 } }, { kind: 'money', fallback: 2000 })).toBe(2000);
    expect(formula.value({ now: NOW }, { kind: 'money', fallback: 777 })).toBe(777);
    expect(() => formula.evaluate({ now: NOW })).toThrow(FormulaEvaluationError);
    expect(Object.isFrozen(formula)).toBe(true);
  });

  it('accepts a parsed tree', () => {
    const ast = parseFormula('ORDER_AMOUNT * 0.1');
    expect(compileFormula(ast).ast).toBe(ast);
    expect(compileFormula(ast).value({ now: NOW, order: { amount: 12345 } }, { kind: 'money', fallback: 0 })).toBe(
      1235,
    );
  });

  it('refuses text that does not parse when compiling, naming the property', () => {
    expect(() => compileFormula('IF(1;2)', { property: '.loyalty.points_formula' })).toThrow(FormulaSyntaxError);
    try {
      compileFormula('IF(1;2)', { property: '.loyalty.points_formula' });
    } catch (error) {
      expect((error as FormulaSyntaxError).details).toBe(
        'Property .loyalty.points_formula is not a valid formula at position 0: IF takes 3 arguments, not 2',
      );
    }
  });

  it('follows the time zone of each context, whichever it evaluated in before', () => {
    const today = compileFormula('DAY_OF_MONTH(TODAY)');
    expect(today.evaluate({ now: NOW })).toBe(15);
    expect(today.evaluate({ now: NOW, timeZone: 'Europe/Warsaw' })).toBe(16);
    expect(today.evaluate({ now: NOW, timeZone: 'Europe/Warsaw' })).toBe(16);
    expect(today.evaluate({ now: NOW, timeZone: 'America/New_York' })).toBe(15);
    expect(today.evaluate({ now: NOW })).toBe(15);
    expect(() => today.evaluate({ now: NOW, timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
    expect(today.evaluate({ now: NOW, timeZone: 'Asia/Tokyo' })).toBe(16);
  });

  it('gives what the one-shot functions give, for any order and zone', () => {
    const formula =
      'IF(DAYS_UNTIL(VOUCHER_EXPIRATION_DATE) < 3 AND ORDER_AMOUNT >= 100;ROUND(ORDER_AMOUNT * 0.125;1);DEFAULT_TO(ORDER_METADATA("bonus");5))';
    const compiled = compileFormula(formula);
    const zones = fc.constantFrom(undefined, 'UTC', 'Europe/Warsaw', 'Pacific/Auckland', 'America/Los_Angeles');
    const bonuses = fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e7 }),
        fc.integer({ min: -5, max: 5 }),
        bonuses,
        zones,
        (amount, days, bonus, timeZone) => {
          const context = {
            now: NOW,
            ...(timeZone === undefined ? {} : { timeZone }),
            order: { amount, metadata: bonus === undefined ? {} : { bonus } },
            voucher: { expiration_date: new Date(NOW + days * 86_400_000).toISOString() },
          };
          expect(compiled.evaluate(context)).toEqual(evaluateFormula(formula, context));
          expect(compiled.value(context, { kind: 'money', fallback: 1 })).toBe(
            formulaValue(formula, context, { kind: 'money', fallback: 1 }),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
