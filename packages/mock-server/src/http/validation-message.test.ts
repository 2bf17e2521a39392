import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { anyOf } from './any-of.js';
import { nullMeansAbsent } from './null-means-absent.js';
import { describeIssues } from './validation-message.js';

const issuesOf = (schema: z.ZodMiniType, value: unknown): z.core.$ZodIssue[] =>
  schema.safeParse(value, { reportInput: true }).error?.issues ?? [];

const base = { active: z.optional(z.boolean()), category: z.optional(z.string()) };
const loyaltyCard = nullMeansAbsent(
  z.object({ ...base, type: z.literal('LOYALTY_CARD'), loyalty_card: z.object({ points: z.int() }) }),
  ['active', 'category'],
);
const giftCard = nullMeansAbsent(
  z.object({ ...base, type: z.literal('GIFT_VOUCHER'), gift: z.object({ amount: z.int() }) }),
  ['active', 'category'],
);
const discount = nullMeansAbsent(
  z.object({
    ...base,
    type: z._default(z.literal('DISCOUNT_VOUCHER'), 'DISCOUNT_VOUCHER'),
    discount: z.object({ amount_off: z.int() }),
  }),
  ['active', 'category', 'type'],
);
const newVoucher = anyOf([loyaltyCard, giftCard, discount]);

describe('describeIssues', () => {
  it('says "should not be null" for a null where null is not allowed, and "is required" only for what is missing', () => {
    const schema = z.object({ name: z.string(), hierarchy: z.int() });
    expect(describeIssues('body', issuesOf(schema, { name: null }))).toBe(
      'Property .name should not be null; Property .hierarchy is required',
    );
  });

  it('names the member whose discriminating field the request matched', () => {
    expect(describeIssues('body', issuesOf(newVoucher, { type: 'GIFT_VOUCHER', gift: {} }))).toBe(
      'Property .gift.amount is required',
    );
    // The loyalty card member has one issue only (its type), yet the request says it is a gift card.
    const gift = { type: 'GIFT_VOUCHER', gift: { amount: 'x' }, loyalty_card: { points: 1 }, active: 'no' };
    expect(describeIssues('body', issuesOf(newVoucher, gift))).toBe(
      'Property .active should be boolean; Property .gift.amount should be number',
    );
    expect(
      describeIssues('body', issuesOf(newVoucher, { type: 'DISCOUNT_VOUCHER', discount: { amount_off: 'x' } })),
    ).toBe('Property .discount.amount_off should be number');
  });

  it('never names a member whose required field the request leaves out, when another explains better', () => {
    // No type: the default makes it a discount voucher, so the discount's own field is the cause.
    expect(describeIssues('body', issuesOf(newVoucher, { active: 'yes', discount: { amount_off: 100 } }))).toBe(
      'Property .active should be boolean',
    );
    expect(
      describeIssues('body', issuesOf(newVoucher, { active: null, category: 7, discount: { amount_off: 100 } })),
    ).toBe('Property .category should be string');
  });

  it('lists the values every member takes when the request matches none of them', () => {
    expect(describeIssues('body', issuesOf(newVoucher, { type: 'COUPON' }))).toBe(
      'Property .type should be one of: LOYALTY_CARD, GIFT_VOUCHER, DISCOUNT_VOUCHER',
    );
  });
});
