import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import { applyGiftCredits } from './gift-card-credits.js';
import { calculateOrderAmounts } from './order-amounts.js';

describe('applyGiftCredits', () => {
  it('takes the credits off the order as an order-level discount', () => {
    const { order, gift, has_effect } = applyGiftCredits(calculateOrderAmounts({ amount: 200000 }), {
      credits: 100,
      balance: 20500,
    });
    expect(order).toMatchObject({
      discount_amount: 100,
      applied_discount_amount: 100,
      items_discount_amount: 0,
      total_amount: 199900,
    });
    expect(gift).toEqual({ balance: 20500, credits: 100 });
    expect(has_effect).toBe(true);
  });

  it('uses no more credits than is left to pay', () => {
    const { order, gift } = applyGiftCredits(calculateOrderAmounts({ amount: 1500, discount_amount: 500 }), {
      credits: 2000,
      balance: 5000,
    });
    expect(gift.credits).toBe(1000);
    expect(order.total_amount).toBe(0);
  });

  it('without credits, pays what is left up to the balance', () => {
    expect(applyGiftCredits(calculateOrderAmounts({ amount: 3000 }), { balance: 5000 }).gift.credits).toBe(3000);
    expect(
      applyGiftCredits(calculateOrderAmounts({ amount: 3000 }), { credits: null, balance: 1200 }).gift.credits,
    ).toBe(1200);
    expect(applyGiftCredits(calculateOrderAmounts({ amount: 3000 }), { balance: 0 }).has_effect).toBe(false);
  });

  it('refuses more credits than the balance', () => {
    const error = catchDomainError(() =>
      applyGiftCredits(calculateOrderAmounts({ amount: 3000 }), { credits: 2001, balance: 2000 }),
    );
    expect(error.key).toBe('gift_amount_exceeded');
    expect(error.message).toBe('gift amount exceeded');
  });

  it('refuses credits that are not a non-negative integer', () => {
    for (const credits of [-1, 10.5]) {
      expect(
        catchDomainError(() => applyGiftCredits(calculateOrderAmounts({ amount: 3000 }), { credits, balance: 2000 }))
          .key,
      ).toBe('invalid_payload');
    }
  });

  it('treats the card as an order-level discount after item discounts', () => {
    const order = calculateOrderAmounts({ items: [{ price: 1000, quantity: 2, discount_amount: 500 }] });
    const { order: after } = applyGiftCredits(order, { balance: 10000 });
    expect(after).toMatchObject({
      discount_amount: 1500,
      applied_discount_amount: 1500,
      items_discount_amount: 500,
      items_applied_discount_amount: 0,
      total_amount: 0,
    });
  });

  it('uses min(asked or balance, what is left) and keeps the order consistent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }),
        (amount, earlier, balance, asked) => {
          const order = calculateOrderAmounts({ amount, discount_amount: Math.min(earlier, amount) });
          const credits = asked === undefined ? undefined : Math.min(asked, balance);
          const { order: after, gift } = applyGiftCredits(order, { credits, balance });
          expect(gift.credits).toBe(Math.min(credits ?? balance, order.total_amount));
          expect(gift.balance).toBe(balance);
          expect(after.applied_discount_amount).toBe(gift.credits);
          expect(after.total_amount).toBe(order.total_amount - gift.credits);
          expect(after.total_amount).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
