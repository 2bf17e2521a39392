import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { anyOf } from './any-of.js';

/** What `anyOf` answers, without screening: every member parses, issues are kept as they come. */
const unscreened = (
  members: readonly z.ZodMiniType[],
  value: unknown,
): { ok: true; data: unknown } | { ok: false; errors: unknown[] } => {
  const errors: unknown[] = [];
  let matched = false;
  let parsed: unknown;
  for (const member of members) {
    const result = member.safeParse(value, { reportInput: true });
    if (!result.success) errors.push(result.error.issues);
    else if (!matched) [matched, parsed] = [true, result.data];
    else if (
      typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed) &&
      typeof result.data === 'object' &&
      result.data !== null &&
      !Array.isArray(result.data)
    ) {
      parsed = { ...result.data, ...parsed };
    }
  }
  return matched ? { ok: true, data: parsed } : { ok: false, errors };
};

const discount = z.object({
  type: z.optional(z.literal('DISCOUNT_VOUCHER')),
  discount: z.optional(z.object({ amount_off: z.number() })),
});
const base = z.object({ category: z.optional(z.string()), active: z.optional(z.boolean()) });

describe('anyOf for request values', () => {
  it('keeps the fields of every member that accepts the value', () => {
    expect(anyOf([discount, base]).parse({ discount: { amount_off: 500 }, category: 'Summer', extra: 1 })).toEqual({
      discount: { amount_off: 500 },
      category: 'Summer',
    });
  });

  it('lets the earlier member read a field both declare', () => {
    const trimmed = z.object({
      name: z.pipe(
        z.string(),
        z.transform((name) => name.trim()),
      ),
    });
    const raw = z.object({ name: z.string(), note: z.optional(z.string()) });
    expect(anyOf([trimmed, raw]).parse({ name: ' Ada ', note: 'x' })).toEqual({ name: 'Ada', note: 'x' });
  });

  it('answers the first accepted value when the members do not read objects', () => {
    expect(anyOf([z.coerce.number(), z.string()]).parse('12')).toBe(12);
    expect(anyOf([z.array(z.number()), z.array(z.string())]).parse(['a'])).toEqual(['a']);
  });

  it('skips members that refuse the value', () => {
    const gift = z.object({ type: z.literal('GIFT_VOUCHER'), gift: z.object({ amount: z.number() }) });
    expect(anyOf([gift, base]).parse({ type: 'DISCOUNT_VOUCHER', gift: { amount: 1 }, active: true })).toEqual({
      active: true,
    });
  });

  it('reports a value no member accepts as z.union does, at its path', () => {
    const schema = z.object({ body: anyOf([z.object({ a: z.number() }), z.object({ b: z.number() })]) });
    const result = schema.safeParse({ body: { a: 'x' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        code: 'invalid_union',
        path: ['body'],
        message: 'Invalid input',
        errors: [expect.any(Array), expect.any(Array)],
      }),
    ]);
  });

  it('answers what parsing every member answers, for members it screens and members it does not', () => {
    const members = [
      z.object({
        object: z._default(z.enum(['voucher']), 'voucher'),
        id: z.string(),
        gift: z.object({ credits: z.optional(z.number()) }),
      }),
      z.object({ object: z._default(z.enum(['voucher']), 'voucher'), id: z.string() }),
      z.object({ object: z.literal('promotion_tier'), id: z.string(), note: z.optional(z.nullable(z.string())) }),
      z.object({ kind: z.nullable(z.enum(['a', 'b'])), count: z.optional(z.number()) }),
      z.object({ note: z.coerce.string(), count: z.number() }),
      z.string(),
      z.coerce.number(),
      z.array(z.string()),
    ];
    const schema = anyOf(members);
    const values = fc.oneof(
      fc.record(
        {
          object: fc.constantFrom('voucher', 'promotion_tier', 'other', undefined, null),
          id: fc.oneof(fc.string({ maxLength: 3 }), fc.integer()),
          gift: fc.oneof(fc.record({ credits: fc.integer() }), fc.constant(undefined), fc.string()),
          note: fc.constantFrom(null, undefined, 'x', 1),
          kind: fc.constantFrom('a', 'b', 'c', null, undefined),
          count: fc.oneof(fc.integer(), fc.constant(undefined)),
        },
        { requiredKeys: [] },
      ),
      fc.string({ maxLength: 3 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(fc.string({ maxLength: 2 }), fc.integer()), { maxLength: 2 }),
    );
    fc.assert(
      fc.property(values, (value) => {
        const expected = unscreened(members, value);
        const result = schema.safeParse(value);
        if (expected.ok) expect(result).toEqual({ success: true, data: expected.data });
        else
          expect(result.error?.issues).toEqual([
            expect.objectContaining({ code: 'invalid_union', errors: expected.errors }),
          ]);
      }),
      { numRuns: 500 },
    );
  });
});
