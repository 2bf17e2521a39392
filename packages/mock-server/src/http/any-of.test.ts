import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anyOf } from './any-of.js';

const discount = z.object({ type: z.literal('DISCOUNT_VOUCHER').optional(), discount: z.object({ amount_off: z.number() }).optional() });
const base = z.object({ category: z.string().optional(), active: z.boolean().optional() });

describe('anyOf for request values', () => {
  it('keeps the fields of every member that accepts the value', () => {
    expect(anyOf([discount, base]).parse({ discount: { amount_off: 500 }, category: 'Summer', extra: 1 })).toEqual({
      discount: { amount_off: 500 },
      category: 'Summer',
    });
  });

  it('lets the earlier member read a field both declare', () => {
    const trimmed = z.object({ name: z.string().transform((name) => name.trim()) });
    const raw = z.object({ name: z.string(), note: z.string().optional() });
    expect(anyOf([trimmed, raw]).parse({ name: ' Ada ', note: 'x' })).toEqual({ name: 'Ada', note: 'x' });
  });

  it('answers the first accepted value when the members do not read objects', () => {
    expect(anyOf([z.coerce.number(), z.string()]).parse('12')).toBe(12);
    expect(anyOf([z.array(z.number()), z.array(z.string())]).parse(['a'])).toEqual(['a']);
  });

  it('skips members that refuse the value', () => {
    const gift = z.object({ type: z.literal('GIFT_VOUCHER'), gift: z.object({ amount: z.number() }) });
    expect(anyOf([gift, base]).parse({ type: 'DISCOUNT_VOUCHER', gift: { amount: 1 }, active: true })).toEqual({ active: true });
  });

  it('reports a value no member accepts as z.union does, at its path', () => {
    const schema = z.object({ body: anyOf([z.object({ a: z.number() }), z.object({ b: z.number() })]) });
    const result = schema.safeParse({ body: { a: 'x' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'invalid_union', path: ['body'], message: 'Invalid input', errors: [expect.any(Array), expect.any(Array)] }),
    ]);
  });
});
