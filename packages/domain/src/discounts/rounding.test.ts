import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateProportionally,
  coinPointsCost,
  coinPointsValue,
  partOfAmount,
  percentOfAmount,
  roundToInteger,
} from './rounding.js';

const money = fc.integer({ min: 0, max: 10_000_000_000 });
/** Percentages with up to three decimals, as a user types them. */
const percent = fc.integer({ min: 0, max: 100_000 }).map((thousandths) => thousandths / 1000);

describe('percentOfAmount', () => {
  it('rounds half up to a whole minor unit', () => {
    expect(percentOfAmount(10500, 10)).toBe(1050);
    expect(percentOfAmount(199900, 20)).toBe(39980);
    expect(percentOfAmount(4550, 15)).toBe(683);
    expect(percentOfAmount(333, 12.5)).toBe(42);
    expect(percentOfAmount(1, 49.9)).toBe(0);
    expect(percentOfAmount(1, 50)).toBe(1);
  });

  it('reads decimals exactly and clamps to 0–100', () => {
    expect(percentOfAmount(100, 29)).toBe(29);
    expect(percentOfAmount(10000, 0.29)).toBe(29);
    expect(percentOfAmount(1000, 150)).toBe(1000);
    expect(percentOfAmount(1000, -5)).toBe(0);
  });

  it('refuses amounts that are not non-negative integers', () => {
    expect(() => percentOfAmount(10.5, 10)).toThrow(RangeError);
    expect(() => percentOfAmount(-1, 10)).toThrow(RangeError);
    expect(() => percentOfAmount(100, Number.NaN)).toThrow(RangeError);
  });

  it('rounds exactly at the top of the safe integer range', () => {
    const big = Math.floor((Number.MAX_SAFE_INTEGER - 100) / 200);
    for (const amount of [big, big - 1, big + 1, Number.MAX_SAFE_INTEGER]) {
      for (const share of [1, 7, 33, 99]) {
        const exact = (2n * BigInt(amount) * BigInt(share) + 100n) / 200n;
        expect(percentOfAmount(amount, share)).toBe(Number(exact));
      }
    }
  });

  it('is an integer within half a unit of the exact value, and never above the amount', () => {
    fc.assert(
      fc.property(money, percent, (amount, share) => {
        const result = percentOfAmount(amount, share);
        expect(Number.isSafeInteger(result)).toBe(true);
        expect(result).toBeLessThanOrEqual(amount);
        // Exact comparison in thousandths of a per cent: |result - amount * share / 100| <= 1/2.
        const exact = BigInt(amount) * BigInt(Math.round(share * 1000));
        const twice = 2n * (BigInt(result) * 100_000n - exact);
        expect(twice <= 100_000n && twice > -100_000n).toBe(true);
      }),
    );
  });
});

describe('partOfAmount', () => {
  it('rounds down and gives the whole amount for all pieces', () => {
    expect(partOfAmount(1000, 1, 3)).toBe(333);
    expect(partOfAmount(1000, 2, 3)).toBe(666);
    expect(partOfAmount(1000, 3, 3)).toBe(1000);
    expect(partOfAmount(1000, 5, 3)).toBe(1000);
    expect(partOfAmount(1000, 0, 3)).toBe(0);
    expect(partOfAmount(1000, 1, 0)).toBe(0);
  });

  it('never gives disjoint parts more than the whole', () => {
    fc.assert(
      fc.property(
        money,
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (amount, whole, part) => {
          const first = Math.min(part, whole);
          expect(partOfAmount(amount, first, whole) + partOfAmount(amount, whole - first, whole)).toBeLessThanOrEqual(
            amount,
          );
        },
      ),
    );
  });
});

describe('roundToInteger', () => {
  it('rounds half up and never goes below zero', () => {
    expect(roundToInteger(1234.5)).toBe(1235);
    expect(roundToInteger(1234.49)).toBe(1234);
    expect(roundToInteger(0.5)).toBe(1);
    expect(roundToInteger(-3)).toBe(0);
    expect(roundToInteger(1.005 * 1000)).toBe(1005);
    expect(() => roundToInteger(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('allocateProportionally', () => {
  it('shares by weight, rounding down, with the remainder on the last line', () => {
    expect(allocateProportionally(1000, [2000, 4500, 6000])).toEqual([160, 360, 480]);
    expect(allocateProportionally(1000, [2, 3, 3])).toEqual([250, 375, 375]);
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(allocateProportionally(0, [1, 2])).toEqual([0, 0]);
    expect(allocateProportionally(5, [])).toEqual([]);
  });

  it('moves what a capped line cannot take to the others', () => {
    expect(allocateProportionally(100, [1, 1, 1], [50, 50, 10])).toEqual([45, 45, 10]);
    expect(allocateProportionally(3, [1, 1, 1, 1], [1, 1, 1, 1])).toEqual([0, 1, 1, 1]);
    expect(allocateProportionally(500, [1, 1], [100, 100])).toEqual([100, 100]);
  });

  it('puts the remainder on the last line that has weight', () => {
    expect(allocateProportionally(101, [1, 1, 0])).toEqual([50, 51, 0]);
    expect(allocateProportionally(10, [0, 3, 0, 0])).toEqual([0, 10, 0, 0]);
    expect(allocateProportionally(7, [0, 0])).toEqual([7, 0]);
  });

  it('reads decimal weights exactly', () => {
    expect(allocateProportionally(100, [0.1, 0.2, 0.7])).toEqual([10, 20, 70]);
    expect(allocateProportionally(3, [1e-7, 2e-7])).toEqual([1, 2]);
  });

  it('shares by caps in order when no line that can take money has weight', () => {
    expect(allocateProportionally(30, [0, 0, 5], [20, 20, 0])).toEqual([20, 10, 0]);
  });

  it('refuses bad input', () => {
    expect(() => allocateProportionally(-1, [1])).toThrow(RangeError);
    expect(() => allocateProportionally(1, [-1])).toThrow(RangeError);
    expect(() => allocateProportionally(1, [1], [1, 2])).toThrow(RangeError);
  });

  it('always adds up to min(total, sum of caps), within each cap, in whole units', () => {
    fc.assert(
      fc.property(
        money,
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 1_000_000 }),
            fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: undefined }),
          ),
          { maxLength: 12 },
        ),
        (total, lines) => {
          const weights = lines.map(([weight]) => weight);
          const capped = lines.every(([, cap]) => cap !== undefined);
          const caps = capped ? lines.map(([, cap]) => cap ?? 0) : undefined;
          const shares = allocateProportionally(total, weights, caps);
          const expected =
            lines.length === 0
              ? 0
              : Math.min(total, caps === undefined ? total : caps.reduce((sum, cap) => sum + cap, 0));
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(expected);
          shares.forEach((share, index) => {
            expect(Number.isSafeInteger(share) && share >= 0).toBe(true);
            if (caps !== undefined) expect(share).toBeLessThanOrEqual(caps[index] ?? 0);
            // A line of weight 0 gets money only when no line with weight can take it.
            const weighted = weights.some(
              (weight, other) => weight > 0 && (caps === undefined || (shares[other] ?? 0) < (caps[other] ?? 0)),
            );
            if (weights[index] === 0 && weighted) expect(share).toBe(0);
          });
        },
      ),
    );
  });

  it('gives each uncapped line its share rounded down, or at most one line count more', () => {
    fc.assert(
      fc.property(
        money,
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        (total, weights) => {
          const shares = allocateProportionally(total, weights);
          const sum = weights.reduce((acc, weight) => acc + weight, 0);
          shares.slice(0, -1).forEach((share, index) => {
            expect(share).toBe(Number((BigInt(total) * BigInt(weights[index] ?? 0)) / BigInt(sum)));
          });
          const last = shares.at(-1) ?? 0;
          const lastExact = Number((BigInt(total) * BigInt(weights.at(-1) ?? 0)) / BigInt(sum));
          expect(last - lastExact).toBeGreaterThanOrEqual(0);
          expect(last - lastExact).toBeLessThanOrEqual(weights.length);
        },
      ),
    );
  });
});

describe('coin points', () => {
  const coin = { exchange_ratio: 20, points_ratio: 100 };

  it('values points in minor units, rounding down', () => {
    expect(coinPointsValue(200, coin)).toBe(4000);
    expect(coinPointsValue(1, coin)).toBe(20);
    expect(coinPointsValue(2, { exchange_ratio: 1, points_ratio: 3 })).toBe(66);
    expect(coinPointsValue(100, { exchange_ratio: 0.29, points_ratio: 1 })).toBe(2900);
  });

  it('prices an amount in points, rounding up', () => {
    expect(coinPointsCost(4000, coin)).toBe(200);
    expect(coinPointsCost(3010, coin)).toBe(151);
    expect(coinPointsCost(0, coin)).toBe(0);
    expect(coinPointsCost(1, { exchange_ratio: 0, points_ratio: 1 })).toBe(Number.POSITIVE_INFINITY);
    expect(() => coinPointsCost(1, { exchange_ratio: 1, points_ratio: 0 })).toThrow(RangeError);
  });

  it('round-trips: the points an amount costs are worth at least the amount, one point fewer less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 10_000 }).map((cents) => cents / 100),
        fc.integer({ min: 1, max: 10_000 }),
        (amount, exchange, points) => {
          const ratio = { exchange_ratio: exchange, points_ratio: points };
          const cost = coinPointsCost(amount, ratio);
          expect(coinPointsValue(cost, ratio)).toBeGreaterThanOrEqual(amount);
          if (cost > 0) expect(coinPointsValue(cost - 1, ratio)).toBeLessThan(amount);
        },
      ),
    );
  });
});
