import { compileFormula } from '@voucherkit/domain';
import { describe, expect, it } from 'vitest';
import { MAX_COMPILED_TEXTS, compiled, compiledTextCount } from './limit-formulas.js';

describe('compiled limit formulas', () => {
  it('compiles a text once and answers the same formula again', () => {
    const formula = compiled('IF(ORDER_AMOUNT > 50;1;3)');
    expect(formula).toBeDefined();
    expect(compiled('IF(ORDER_AMOUNT > 50;1;3)')).toBe(formula);
  });

  it('answers undefined for text that does not parse, so the static limit applies', () => {
    expect(compiled('IF(ORDER_AMOUNT >')).toBeUndefined();
  });

  it('keeps at most MAX_COMPILED_TEXTS texts however many distinct ones it is given', () => {
    for (let index = 0; index < MAX_COMPILED_TEXTS * 2 + 5; index += 1) {
      expect(compiled(`ORDER_AMOUNT + ${index}`)).toBeDefined();
      expect(compiledTextCount()).toBeLessThanOrEqual(MAX_COMPILED_TEXTS);
    }
    // Still right after it started again.
    const context = { now: Date.parse('2026-01-01T00:00:00Z'), order: { amount: 10_000 } };
    const options = { kind: 'units', fallback: Number.NaN } as const;
    expect(compiled('ORDER_AMOUNT + 3')?.value(context, options)).toBe(
      compileFormula('ORDER_AMOUNT + 3').value(context, options),
    );
  });
});
