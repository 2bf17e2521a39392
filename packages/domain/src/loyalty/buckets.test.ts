import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import {
  type PointsBucket,
  bucketBalance,
  creditBuckets,
  expireBuckets,
  nextExpiration,
  spendBuckets,
} from './buckets.js';

const expiry = fc.option(fc.constantFrom('2026-01-31', '2026-02-28', '2026-03-31', '2026-12-31'), { nil: null });
const buckets = fc
  .array(fc.record({ expires_at: expiry, points: fc.integer({ min: 1, max: 500 }) }), { maxLength: 6 })
  .map((list) =>
    list.reduce<PointsBucket[]>((all, bucket) => creditBuckets(all, bucket.points, bucket.expires_at), []),
  );

describe('points buckets', () => {
  it('merge points that expire the same day and keep the soonest first, never-expiring last', () => {
    const one = creditBuckets(creditBuckets(creditBuckets([], 5, null), 10, '2026-03-31'), 3, '2026-03-31');
    expect(one).toEqual([
      { expires_at: '2026-03-31', points: 13 },
      { expires_at: null, points: 5 },
    ]);
    expect(nextExpiration(one)).toEqual({ date: '2026-03-31', points: 13 });
  });

  it('spend the soonest-expiring points first', () => {
    const spent = spendBuckets(
      [
        { expires_at: null, points: 50 },
        { expires_at: '2026-02-28', points: 5 },
        { expires_at: '2026-01-31', points: 10 },
      ],
      20,
    );
    expect(spent.taken).toEqual([
      { expires_at: '2026-01-31', points: 10 },
      { expires_at: '2026-02-28', points: 5 },
      { expires_at: null, points: 5 },
    ]);
    expect(spent.buckets).toEqual([{ expires_at: null, points: 45 }]);
  });

  it('name as the next expiry the soonest day that still has points, and the balance as their sum', () => {
    const anyBuckets = fc.array(fc.record({ expires_at: expiry, points: fc.integer({ min: 0, max: 500 }) }), {
      maxLength: 6,
    });
    fc.assert(
      fc.property(anyBuckets, (list) => {
        const due = list
          .filter((bucket) => bucket.expires_at !== null && bucket.points > 0)
          .map((bucket) => bucket.expires_at as string);
        const soonest = due.length === 0 ? null : due.reduce((a, b) => (b < a ? b : a));
        const first = list.find((bucket) => bucket.expires_at === soonest && bucket.points > 0);
        expect(nextExpiration(list)).toEqual(
          first && soonest !== null ? { date: soonest, points: first.points } : null,
        );
        expect(bucketBalance(list)).toBe(list.reduce((sum, bucket) => sum + bucket.points, 0));
      }),
    );
  });

  it('refuse to spend more than the card holds, with the card code', () => {
    expect(catchDomainError(() => spendBuckets([{ expires_at: null, points: 5 }], 6, 'LC-1'))).toMatchObject({
      key: 'loyalty_card_points_exceeded',
      details: 'LC-1',
    });
    expect(catchDomainError(() => creditBuckets([], 0, null))).toMatchObject({ key: 'invalid_amount' });
  });

  it('expire the buckets whose last day has passed, and nothing else', () => {
    expect(
      expireBuckets(
        [
          { expires_at: '2026-01-31', points: 10 },
          { expires_at: '2026-02-01', points: 4 },
          { expires_at: null, points: 1 },
        ],
        '2026-02-01',
      ),
    ).toEqual({
      kept: [
        { expires_at: '2026-02-01', points: 4 },
        { expires_at: null, points: 1 },
      ],
      expired: [{ expires_at: '2026-01-31', points: 10 }],
    });
  });

  it('expire exactly the buckets past their day, with points, and keep the rest in order; a card with none past keeps its own list', () => {
    const day = fc.constantFrom('2026-01-31', '2026-02-01', '2026-03-01', '2027-01-01');
    const withEmpty = fc.array(fc.record({ expires_at: expiry, points: fc.integer({ min: 0, max: 500 }) }), {
      maxLength: 6,
    });
    fc.assert(
      fc.property(withEmpty, day, (before, today) => {
        const past = (bucket: PointsBucket) => bucket.expires_at !== null && bucket.expires_at < today;
        const { kept, expired } = expireBuckets(before, today);
        expect([...kept]).toEqual(before.filter((bucket) => !past(bucket)));
        expect([...expired]).toEqual(before.filter((bucket) => past(bucket) && bucket.points > 0));
        if (!before.some(past)) expect(kept).toBe(before);
      }),
    );
  });

  it('keep every point: what spending takes plus what is left is what there was, taken in expiry order', () => {
    fc.assert(
      fc.property(buckets, fc.integer({ min: 1, max: 3000 }), (before, points) => {
        const balance = bucketBalance(before);
        if (points > balance) {
          expect(() => spendBuckets(before, points)).toThrow();
          return;
        }
        const { buckets: after, taken } = spendBuckets(before, points);
        expect(bucketBalance(taken)).toBe(points);
        expect(bucketBalance(after)).toBe(balance - points);
        const order = taken.map((bucket) => bucket.expires_at ?? '9999');
        expect(order).toEqual([...order].sort());
        // Nothing left expires sooner than something taken, but for the bucket spent in part.
        const last = taken.at(-1)?.expires_at ?? '9999';
        expect(after.every((bucket) => (bucket.expires_at ?? '9999') >= last)).toBe(true);
      }),
    );
  });
});
