import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { anyOf } from './any-of.js';
import { nullMeansAbsent, nullMeansAbsentParts } from './null-means-absent.js';

const voucher = nullMeansAbsent(
  z.object({
    type: z._default(z.enum(['DISCOUNT_VOUCHER', 'GIFT_VOUCHER']), 'DISCOUNT_VOUCHER'),
    category: z.optional(z.string()),
    expiration_date: z.optional(z.nullable(z.string())),
  }),
  ['type', 'category'],
);

describe('nullMeansAbsent', () => {
  it('reads null on a listed key as a key never sent: the key is gone and its default applies', () => {
    const parsed = voucher.parse({ type: null, category: null });
    expect(parsed).toEqual({ type: 'DISCOUNT_VOUCHER' });
    expect(Object.keys(parsed as object)).not.toContain('category');
  });

  it('passes null through where the schema itself admits it, for the handler to clear the field', () => {
    expect(voucher.parse({ expiration_date: null })).toEqual({ type: 'DISCOUNT_VOUCHER', expiration_date: null });
  });

  it('leaves values that are not null alone, and refuses what the object refuses', () => {
    expect(voucher.parse({ type: 'GIFT_VOUCHER', category: 'Summer' })).toEqual({
      type: 'GIFT_VOUCHER',
      category: 'Summer',
    });
    expect(voucher.safeParse({ category: 5 }).success).toBe(false);
    expect(voucher.safeParse('text').success).toBe(false);
  });

  it('never changes the value it was given', () => {
    const body = { type: null, category: null };
    voucher.parse(body);
    expect(body).toEqual({ type: null, category: null });
  });

  it('answers, for any object, what the object answers once the listed nulls are taken out', () => {
    const object = z.object({
      a: z.optional(z.number()),
      b: z._default(z.string(), 'b'),
      c: z.optional(z.nullable(z.boolean())),
    });
    const schema = nullMeansAbsent(object, ['a', 'b']);
    const field = fc.oneof(
      fc.constant(null),
      fc.constant(undefined),
      fc.integer(),
      fc.string({ maxLength: 2 }),
      fc.boolean(),
    );
    fc.assert(
      fc.property(fc.record({ a: field, b: field, c: field }, { requiredKeys: [] }), (value) => {
        const cleaned = Object.fromEntries(
          Object.entries(value).filter(([key, inner]) => !(['a', 'b'].includes(key) && inner === null)),
        );
        expect(schema.safeParse(value)).toEqual(object.safeParse(cleaned));
      }),
    );
  });

  it('tells the request-side anyOf which object and keys it wraps, so members are screened right', () => {
    expect(nullMeansAbsentParts(voucher)?.keys).toEqual(new Set(['type', 'category']));
    expect(nullMeansAbsentParts(z.string())).toBeUndefined();
    const gift = nullMeansAbsent(
      z.object({ type: z.literal('GIFT_VOUCHER'), gift: z.object({ amount: z.number() }) }),
      [],
    );
    const union = anyOf([gift, voucher]);
    expect(union.parse({ type: null, category: null })).toEqual({ type: 'DISCOUNT_VOUCHER' });
    expect(union.parse({ type: 'GIFT_VOUCHER', gift: { amount: 1 } })).toEqual({
      type: 'GIFT_VOUCHER',
      gift: { amount: 1 },
    });
  });
});
