import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDays, dateOfDays, endOfPeriod } from '../time/calendar-date.js';
import { pointsExpirationDate } from './expiry.js';

const day = fc.integer({ min: calendarDays('2000-01-01'), max: calendarDays('2080-12-31') }).map(dateOfDays);

describe('pointsExpirationDate', () => {
  it('counts months from the day the points were earned, as the documentation shows', () => {
    expect(pointsExpirationDate({ period_type: 'MONTH', period_value: 1 }, '2026-01-25')).toBe('2026-02-25');
    expect(pointsExpirationDate({ period_type: 'MONTH', period_value: 1 }, '2026-01-31')).toBe('2026-02-28');
    expect(pointsExpirationDate({ period_type: 'MONTH', period_value: 0 }, '2026-01-01')).toBe('2026-01-01');
  });

  it('rounds to the end of the month, quarter, half year, year or a particular month', () => {
    const rules = (rounding_type: 'END_OF_MONTH' | 'END_OF_QUARTER' | 'END_OF_HALF_YEAR' | 'END_OF_YEAR') => ({
      period_type: 'MONTH' as const,
      period_value: 1,
      rounding_type,
    });
    expect(pointsExpirationDate(rules('END_OF_MONTH'), '2026-01-10')).toBe('2026-02-28');
    expect(pointsExpirationDate(rules('END_OF_QUARTER'), '2026-01-10')).toBe('2026-03-31');
    expect(pointsExpirationDate(rules('END_OF_HALF_YEAR'), '2026-06-10')).toBe('2026-12-31');
    expect(pointsExpirationDate(rules('END_OF_YEAR'), '2026-03-10')).toBe('2026-12-31');
    const february = {
      period_type: 'MONTH' as const,
      period_value: 1,
      rounding_type: 'PARTICULAR_MONTH' as const,
      rounding_value: 2,
    };
    expect(pointsExpirationDate(february, '2026-01-10')).toBe('2026-02-28');
    expect(pointsExpirationDate(february, '2026-02-10')).toBe('2027-02-28');
  });

  it('expires on a fixed day of the year, this year or the next', () => {
    const rules = { period_type: 'FIXED_DAY_OF_YEAR' as const, fixed_month: 3, fixed_day: 31 };
    expect(pointsExpirationDate(rules, '2026-03-31')).toBe('2026-03-31');
    expect(pointsExpirationDate(rules, '2026-04-01')).toBe('2027-03-31');
    expect(
      pointsExpirationDate({ period_type: 'FIXED_DAY_OF_YEAR', fixed_month: 2, fixed_day: 30 }, '2026-01-01'),
    ).toBe('2026-02-28');
  });

  it('lets points without rules never expire, and refuses rules without the values they need', () => {
    expect(pointsExpirationDate(null, '2026-01-01')).toBeNull();
    expect(pointsExpirationDate({ period_type: null }, '2026-01-01')).toBeNull();
    expect(() => pointsExpirationDate({ period_type: 'MONTH' }, '2026-01-01')).toThrow(
      expect.objectContaining({ key: 'invalid_payload' }),
    );
    expect(() =>
      pointsExpirationDate({ period_type: 'FIXED_DAY_OF_YEAR', fixed_month: 13, fixed_day: 1 }, '2026-01-01'),
    ).toThrow();
    expect(() =>
      pointsExpirationDate({ period_type: 'MONTH', period_value: 1, rounding_type: 'PARTICULAR_MONTH' }, '2026-01-01'),
    ).toThrow();
  });

  it('never expires points before they were earned, and rounding lands on the end of a period', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom(undefined, 'END_OF_MONTH', 'END_OF_QUARTER', 'END_OF_HALF_YEAR', 'END_OF_YEAR' as const),
        (earnedOn, months, rounding_type) => {
          const expires =
            pointsExpirationDate({ period_type: 'MONTH', period_value: months, rounding_type }, earnedOn) ?? '';
          expect(expires >= earnedOn).toBe(true);
          if (rounding_type === 'END_OF_QUARTER') expect(endOfPeriod('QUARTER', expires)).toBe(expires);
          if (rounding_type === 'END_OF_YEAR') expect(expires.slice(5)).toBe('12-31');
        },
      ),
    );
  });

  it('puts a fixed day of the year less than a year after the day the points were earned', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (earnedOn, fixed_month, fixed_day) => {
          const expires =
            pointsExpirationDate({ period_type: 'FIXED_DAY_OF_YEAR', fixed_month, fixed_day }, earnedOn) ?? '';
          expect(expires >= earnedOn).toBe(true);
          expect(calendarDays(expires) - calendarDays(earnedOn)).toBeLessThan(366);
        },
      ),
    );
  });
});
