import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import { changeGiftBalance, changeLoyaltyPoints } from './card-balance.js';

describe('changeGiftBalance', () => {
  it('adds credits to the lifetime amount and the balance', () => {
    expect(changeGiftBalance({ amount: 5000, subtracted_amount: 200, balance: 4000 }, 1000)).toEqual({
      amount: 6000,
      subtracted_amount: 200,
      balance: 5000,
    });
  });

  it('removes credits from the balance and counts them as subtracted', () => {
    expect(changeGiftBalance({ amount: 5000, subtracted_amount: 0, balance: 5000 }, -1500)).toEqual({
      amount: 5000,
      subtracted_amount: 1500,
      balance: 3500,
    });
  });

  it('reads absent fields as zero', () => {
    expect(changeGiftBalance({ amount: 100 }, 50)).toEqual({ amount: 150, subtracted_amount: 0, balance: 50 });
  });

  it('refuses to remove more than the balance', () => {
    const error = catchDomainError(() => changeGiftBalance({ amount: 5000, balance: 1000 }, -1001));
    expect(error.key).toBe('gift_amount_exceeded');
    expect(error.details).toBe('Cannot remove 1001 credits: the card balance is 1000');
  });

  it('refuses a zero or fractional change', () => {
    for (const change of [0, 1.5, Number.NaN]) {
      expect(catchDomainError(() => changeGiftBalance({ amount: 1, balance: 1 }, change)).key).toBe('invalid_amount');
    }
  });

  it('keeps balance = amount − subtracted − redeemed for any series of changes', () => {
    fc.assert(
      fc.property(
        fc.nat(100_000),
        fc.array(fc.integer({ min: -50_000, max: 50_000 }).filter((n) => n !== 0)),
        (start, changes) => {
          let gift = { amount: start, subtracted_amount: 0, balance: start };
          for (const change of changes) {
            if (change < 0 && -change > gift.balance) continue;
            gift = changeGiftBalance(gift, change);
            expect(gift.balance).toBe(gift.amount - gift.subtracted_amount);
            expect(gift.balance).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});

describe('changeLoyaltyPoints', () => {
  it('adds and removes points', () => {
    const added = changeLoyaltyPoints({ points: 300, subtracted_points: 0, balance: 300 }, 50);
    expect(added).toEqual({ points: 350, subtracted_points: 0, balance: 350 });
    expect(changeLoyaltyPoints(added, -100)).toEqual({ points: 350, subtracted_points: 100, balance: 250 });
  });

  it('refuses to remove more points than the balance', () => {
    expect(catchDomainError(() => changeLoyaltyPoints({ points: 10, balance: 10 }, -11)).key).toBe(
      'loyalty_card_points_exceeded',
    );
  });
});
