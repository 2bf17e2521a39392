import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDays, dateOfDays } from '../time/calendar-date.js';
import {
  type MemberTier,
  type TierQualification,
  evaluateMemberTier,
  tierExpirationDate,
  tierForPoints,
} from './tiers.js';

const tiers = [
  { id: 'bronze', points: { from: 0, to: 249 } },
  { id: 'silver', points: { from: 250, to: 499 } },
  { id: 'gold', points: { from: 500 } },
];
const held = (tier_id: string, expiration_date: string | null = null, start_date = '2026-01-01'): MemberTier => ({
  tier_id,
  start_date,
  expiration_date,
});
const quarterly: TierQualification = {
  qualification_type: 'POINTS_IN_PERIOD',
  qualification_period: 'QUARTER',
  start_date: { type: 'IMMEDIATE' },
  expiration_date: { type: 'END_OF_PERIOD' },
};

describe('tiers', () => {
  it('find the tier whose range holds the points', () => {
    expect(tierForPoints(tiers, 0)?.id).toBe('bronze');
    expect(tierForPoints(tiers, 499)?.id).toBe('silver');
    expect(tierForPoints(tiers, 10_000)?.id).toBe('gold');
    expect(tierForPoints([{ id: 'silver', points: { from: 250, to: 499 } }], 100)).toBeUndefined();
  });

  it('find the highest tier, in any order given, whose from the points reach and whose to they do not pass', () => {
    const range = fc.record({
      from: fc.integer({ min: 0, max: 1_000 }),
      span: fc.option(fc.integer({ min: 0, max: 1_000 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(range, { selector: (tier) => tier.from, maxLength: 5 }),
        fc.integer({ min: 0, max: 2_500 }),
        (ranges, points) => {
          const given = ranges.map((tier, index) => ({
            id: `t${index}`,
            points: { from: tier.from, ...(tier.span === undefined ? {} : { to: tier.from + tier.span }) },
          }));
          const holding = given.filter(
            (tier) => points >= tier.points.from && (tier.points.to === undefined || points <= tier.points.to),
          );
          const highest = holding.sort((a, b) => b.points.from - a.points.from)[0];
          expect(tierForPoints(given, points)?.id).toBe(highest?.id);
        },
      ),
    );
  });

  it('date a tier to the end of its period, of the next one, or by a grace period rounded', () => {
    expect(tierExpirationDate(quarterly, '2026-03-10')).toBe('2026-03-31');
    expect(
      tierExpirationDate(
        { ...quarterly, qualification_period: 'MONTH', expiration_date: { type: 'END_OF_NEXT_PERIOD', extend: 'P7D' } },
        '2026-03-10',
      ),
    ).toBe('2026-05-07');
    expect(
      tierExpirationDate(
        {
          qualification_type: 'BALANCE',
          expiration_date: { type: 'CUSTOM', extend: 'P3M', rounding: { type: 'MONTH', strategy: 'END' } },
        },
        '2026-03-10',
      ),
    ).toBe('2026-06-30');
    expect(
      tierExpirationDate(
        {
          qualification_type: 'BALANCE',
          expiration_date: { type: 'CUSTOM', extend: 'P1M', rounding: { type: 'CUSTOM', unit: 'MONTH', value: 1 } },
        },
        '2026-03-10',
      ),
    ).toBe('2027-02-28');
    expect(
      tierExpirationDate({ qualification_type: 'BALANCE', expiration_date: { type: 'BALANCE_DROP' } }, '2026-03-10'),
    ).toBeNull();
  });

  it('follow the balance at once when the tier is held by the balance', () => {
    const up = evaluateMemberTier({
      tiers,
      current: held('silver'),
      balance: 600,
      periodPoints: 0,
      today: '2026-03-10',
    });
    expect(up.change).toEqual({ type: 'UPGRADED', event: 'upgraded', tier_from: 'silver', tier_to: 'gold' });
    expect(up.tier).toEqual({ tier_id: 'gold', start_date: '2026-03-10', expiration_date: null });
    expect(
      evaluateMemberTier({ tiers, current: held('gold'), balance: 100, periodPoints: 0, today: '2026-03-10' }).change,
    ).toMatchObject({ type: 'DOWNGRADED', tier_to: 'bronze' });
    expect(evaluateMemberTier({ tiers, balance: 10, periodPoints: 0, today: '2026-03-10' }).change).toEqual({
      type: 'JOINED',
      event: 'joined',
      tier_to: 'bronze',
    });
    expect(
      evaluateMemberTier({
        tiers: tiers.slice(1),
        current: held('silver'),
        balance: 10,
        periodPoints: 0,
        today: '2026-03-10',
      }).change,
    ).toEqual({ type: 'LEFT', event: 'left', tier_from: 'silver' });
    expect(
      evaluateMemberTier({ tiers, current: held('silver'), balance: 300, periodPoints: 0, today: '2026-03-10' }).change,
    ).toBeNull();
  });

  it('keep a dated tier until its day has passed, then decide again, prolonging what is reached again', () => {
    const base = { tiers, qualification: quarterly, current: held('gold', '2026-03-31'), balance: 0 };
    expect(evaluateMemberTier({ ...base, periodPoints: 0, today: '2026-03-31' }).change).toBeNull();
    expect(evaluateMemberTier({ ...base, periodPoints: 300, today: '2026-04-01' }).change).toMatchObject({
      type: 'DOWNGRADED',
      tier_to: 'silver',
    });
    const again = evaluateMemberTier({ ...base, periodPoints: 600, today: '2026-04-01' });
    expect(again.change).toMatchObject({ type: 'PROLONGED', event: 'prolonged' });
    expect(again.tier).toEqual({ tier_id: 'gold', start_date: '2026-04-01', expiration_date: '2026-06-30' });
  });

  it('make an upgrade under NEXT_PERIOD wait for the next period, as an evaluation refresh', () => {
    const next: TierQualification = { ...quarterly, start_date: { type: 'NEXT_PERIOD' } };
    const waiting = evaluateMemberTier({
      tiers,
      qualification: next,
      current: held('silver', '2026-06-30'),
      balance: 0,
      periodPoints: 700,
      today: '2026-05-10',
    });
    expect(waiting.change).toEqual({ type: 'EVALUATION_REFRESHED', tier_from: 'silver', tier_to: 'gold' });
    expect(waiting.tier?.tier_id).toBe('silver');
    expect(waiting.pending).toEqual({ tier_id: 'gold', start_date: '2026-07-01', expiration_date: '2026-09-30' });
    const started = evaluateMemberTier({
      tiers,
      qualification: next,
      current: waiting.tier,
      pending: waiting.pending,
      balance: 0,
      periodPoints: 0,
      today: '2026-07-01',
    });
    expect(started.change).toEqual({ type: 'UPGRADED', event: 'upgraded', tier_from: 'silver', tier_to: 'gold' });
    expect(started.tier?.tier_id).toBe('gold');
  });

  it('never lets a higher tier wait behind a held one: retention does not delay an upgrade', () => {
    const day = fc.integer({ min: calendarDays('2026-01-01'), max: calendarDays('2027-12-31') }).map(dateOfDays);
    fc.assert(
      fc.property(
        fc.constantFrom('bronze', 'silver', 'gold'),
        day,
        fc.integer({ min: 0, max: 1000 }),
        (current, today, points) => {
          const result = evaluateMemberTier({
            tiers,
            qualification: quarterly,
            current: held(current, '2099-12-31'),
            balance: 0,
            periodPoints: points,
            today,
          });
          const rank = (id: string | undefined) => tiers.findIndex((tier) => tier.id === id);
          expect(rank(result.tier?.tier_id)).toBeGreaterThanOrEqual(
            Math.max(rank(current), rank(tierForPoints(tiers, points)?.id)),
          );
        },
      ),
    );
  });
});
