import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import { coinPointsValue } from './rounding.js';
import { calculateOrderAmounts } from './order-amounts.js';
import { applyPointsPayment } from './pay-with-points.js';

const HUNDRED_POINTS_TWENTY_DOLLARS = { exchange_ratio: 20, points_ratio: 100 };

describe('applyPointsPayment', () => {
  it('200 points at 100 points = $20 on 45.00 take 40.00 off (reference example)', () => {
    const { order, loyalty_card, has_effect } = applyPointsPayment(calculateOrderAmounts({ amount: 4500 }), {
      points: 200,
      balance: 1000,
      ...HUNDRED_POINTS_TWENTY_DOLLARS,
    });
    expect(order).toMatchObject({ discount_amount: 4000, applied_discount_amount: 4000, total_amount: 500 });
    expect(loyalty_card).toEqual({ points: 200 });
    expect(has_effect).toBe(true);
  });

  it('spends only the points that pay for what is left', () => {
    const { order, loyalty_card } = applyPointsPayment(calculateOrderAmounts({ amount: 3010 }), {
      points: 200,
      balance: 200,
      ...HUNDRED_POINTS_TWENTY_DOLLARS,
    });
    expect(loyalty_card.points).toBe(151);
    expect(order.total_amount).toBe(0);
  });

  it('without points, pays what is left up to the balance', () => {
    expect(
      applyPointsPayment(calculateOrderAmounts({ amount: 3000 }), { balance: 1000, ...HUNDRED_POINTS_TWENTY_DOLLARS })
        .loyalty_card.points,
    ).toBe(150);
    const short = applyPointsPayment(calculateOrderAmounts({ amount: 3000 }), {
      balance: 40,
      ...HUNDRED_POINTS_TWENTY_DOLLARS,
    });
    expect(short.loyalty_card.points).toBe(40);
    expect(short.order.total_amount).toBe(2200);
  });

  it('refuses more points than the balance, or points that are not a non-negative integer', () => {
    const error = catchDomainError(() =>
      applyPointsPayment(calculateOrderAmounts({ amount: 3000 }), {
        points: 201,
        balance: 200,
        ...HUNDRED_POINTS_TWENTY_DOLLARS,
      }),
    );
    expect(error.key).toBe('loyalty_card_points_exceeded');
    expect(
      catchDomainError(() =>
        applyPointsPayment(calculateOrderAmounts({ amount: 3000 }), {
          points: 1.5,
          balance: 200,
          ...HUNDRED_POINTS_TWENTY_DOLLARS,
        }),
      ).key,
    ).toBe('invalid_payload');
  });

  it('reads decimal exchange ratios exactly and rounds the value down', () => {
    const { order, loyalty_card } = applyPointsPayment(calculateOrderAmounts({ amount: 10000 }), {
      points: 7,
      balance: 7,
      exchange_ratio: 0.29,
      points_ratio: 3,
    });
    // 7 points at 0.29 per 3 points are worth 67.66… cents.
    expect(order.discount_amount).toBe(67);
    expect(loyalty_card.points).toBe(7);
  });

  it('spends nothing on an order already paid in full', () => {
    const paid = calculateOrderAmounts({ amount: 3000, discount_amount: 3000 });
    const { order, loyalty_card, has_effect } = applyPointsPayment(paid, {
      points: 100,
      balance: 100,
      ...HUNDRED_POINTS_TWENTY_DOLLARS,
    });
    expect(loyalty_card.points).toBe(0);
    expect(has_effect).toBe(false);
    expect(order.total_amount).toBe(0);
  });

  it('never spends more than asked or takes more than is left, in whole points and cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000 }).map((cents) => cents / 100),
        fc.integer({ min: 1, max: 1000 }),
        (amount, points, exchange, ratio) => {
          const { order, loyalty_card } = applyPointsPayment(calculateOrderAmounts({ amount }), {
            points,
            balance: points,
            exchange_ratio: exchange,
            points_ratio: ratio,
          });
          expect(Number.isSafeInteger(loyalty_card.points) && loyalty_card.points <= points).toBe(true);
          expect(Number.isSafeInteger(order.discount_amount)).toBe(true);
          expect(order.total_amount).toBeGreaterThanOrEqual(0);
          // The discount is what the spent points are worth, unless it pays the whole rest.
          const worth = coinPointsValue(loyalty_card.points, { exchange_ratio: exchange, points_ratio: ratio });
          expect(order.discount_amount).toBe(Math.min(worth, amount));
          // Fewer points than asked are spent only when they pay the whole rest, and one point fewer would not.
          if (loyalty_card.points < points) {
            expect(order.total_amount).toBe(0);
            if (loyalty_card.points > 0) {
              expect(
                coinPointsValue(loyalty_card.points - 1, { exchange_ratio: exchange, points_ratio: ratio }),
              ).toBeLessThan(amount);
            }
          }
        },
      ),
    );
  });
});
