import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import {
  type IsoDuration,
  addIsoDuration,
  formatIsoDuration,
  hasCalendarUnits,
  isoDurationTimeMs,
  parseIsoDuration,
} from './iso-duration.js';

const ZERO: IsoDuration = { years: 0, months: 0, weeks: 0, days: 0, hours: 0, minutes: 0, seconds: 0 };
const iso = (instant: number): string => new Date(instant).toISOString();

const durationArb: fc.Arbitrary<IsoDuration> = fc.record({
  years: fc.nat(5),
  months: fc.nat(30),
  weeks: fc.nat(10),
  days: fc.nat(60),
  hours: fc.nat(48),
  minutes: fc.nat(90),
  seconds: fc.nat(90),
});

describe('parseIsoDuration', () => {
  it('reads every component', () => {
    expect(parseIsoDuration('P1Y2M3W4DT5H6M7S')).toEqual({
      years: 1,
      months: 2,
      weeks: 3,
      days: 4,
      hours: 5,
      minutes: 6,
      seconds: 7,
    });
    expect(parseIsoDuration('P2D')).toEqual({ ...ZERO, days: 2 });
    expect(parseIsoDuration('PT1H')).toEqual({ ...ZERO, hours: 1 });
    expect(parseIsoDuration('P1M')).toEqual({ ...ZERO, months: 1 });
    expect(parseIsoDuration('PT1M')).toEqual({ ...ZERO, minutes: 1 });
    expect(parseIsoDuration('P0D')).toEqual(ZERO);
  });

  it('accepts a fraction on the last time component only', () => {
    expect(parseIsoDuration('PT1.5S')).toEqual({ ...ZERO, seconds: 1.5 });
    expect(parseIsoDuration('PT0,5H')).toEqual({ ...ZERO, hours: 0.5 });
    expect(parseIsoDuration('PT1H0.25M')).toEqual({ ...ZERO, hours: 1, minutes: 0.25 });
    for (const text of ['PT1.5H30M', 'P1.5D', 'P0.5M'])
      expect(catchDomainError(() => parseIsoDuration(text)).key).toBe('invalid_payload');
  });

  it('refuses what is not a duration, naming the property', () => {
    for (const text of [
      '',
      'P',
      'PT',
      'P1',
      '1D',
      'P1H',
      'PT1D',
      'P-1D',
      '-P1D',
      'p1d',
      'P1DT',
      'P1M1Y',
      'P 1D',
      'P1D ',
      'P99999999999D',
    ]) {
      expect(catchDomainError(() => parseIsoDuration(text)).key).toBe('invalid_payload');
    }
    const error = catchDomainError(() => parseIsoDuration('1 day', '.validity_timeframe.interval'));
    expect(error.details).toBe(
      'Property .validity_timeframe.interval should be an ISO 8601 duration such as P1D or PT1H (actual value is "1 day")',
    );
  });

  it('reads back what formatIsoDuration writes', () => {
    fc.assert(
      fc.property(durationArb, (duration) => {
        expect(parseIsoDuration(formatIsoDuration(duration))).toEqual(duration);
      }),
    );
    expect(formatIsoDuration(ZERO)).toBe('PT0S');
    expect(formatIsoDuration({ ...ZERO, weeks: 2, minutes: 5 })).toBe('P2WT5M');
  });
});

describe('isoDurationTimeMs and hasCalendarUnits', () => {
  it('count only exact time as milliseconds', () => {
    expect(isoDurationTimeMs(parseIsoDuration('P1DT1H30M0.5S'))).toBe(5_400_500);
    expect(hasCalendarUnits(parseIsoDuration('PT48H'))).toBe(false);
    expect(hasCalendarUnits(parseIsoDuration('P1W'))).toBe(true);
  });
});

describe('addIsoDuration', () => {
  it('adds calendar months, ending on the last day of a shorter month', () => {
    expect(iso(addIsoDuration(Date.parse('2025-01-31T10:00:00Z'), 'P1M'))).toBe('2025-02-28T10:00:00.000Z');
    expect(iso(addIsoDuration(Date.parse('2024-01-31T10:00:00Z'), 'P1M'))).toBe('2024-02-29T10:00:00.000Z');
    expect(iso(addIsoDuration(Date.parse('2024-02-29T00:00:00Z'), 'P1Y'))).toBe('2025-02-28T00:00:00.000Z');
    expect(iso(addIsoDuration(Date.parse('2025-01-25T00:00:00Z'), 'P1M'))).toBe('2025-02-25T00:00:00.000Z');
    expect(iso(addIsoDuration(Date.parse('2025-12-15T00:00:00Z'), 'P1M'))).toBe('2026-01-15T00:00:00.000Z');
  });

  it('multiplies before adding, so repeated months keep the day', () => {
    const january31 = Date.parse('2025-01-31T00:00:00Z');
    expect(iso(addIsoDuration(january31, 'P1M', 'UTC', 2))).toBe('2025-03-31T00:00:00.000Z');
    expect(iso(addIsoDuration(january31, 'P1M', 'UTC', -2))).toBe('2024-11-30T00:00:00.000Z');
    expect(addIsoDuration(january31, 'PT1H', 'UTC', 0)).toBe(january31);
  });

  it('keeps the local time across a change of the clocks for days, not for hours', () => {
    const saturdayNoon = Date.parse('2025-03-29T12:00:00+01:00');
    expect(iso(addIsoDuration(saturdayNoon, 'P1D', 'Europe/Warsaw'))).toBe('2025-03-30T10:00:00.000Z'); // 12:00 CEST, 23 h later
    expect(iso(addIsoDuration(saturdayNoon, 'PT24H', 'Europe/Warsaw'))).toBe('2025-03-30T11:00:00.000Z'); // 13:00 CEST
    expect(iso(addIsoDuration(saturdayNoon, 'P1D', 'UTC'))).toBe('2025-03-30T11:00:00.000Z');
    const autumn = Date.parse('2025-10-25T12:00:00+02:00');
    expect(addIsoDuration(autumn, 'P1D', 'Europe/Warsaw') - autumn).toBe(25 * 3_600_000);
  });

  it('adds days in the zone first, then exact time', () => {
    const start = Date.parse('2025-03-29T12:00:00+01:00');
    expect(iso(addIsoDuration(start, 'P1DT1H', 'Europe/Warsaw'))).toBe('2025-03-30T11:00:00.000Z');
    expect(iso(addIsoDuration(new Date(start), parseIsoDuration('P1W'), 'Europe/Warsaw'))).toBe(
      '2025-04-05T10:00:00.000Z',
    );
  });

  it('moves a skipped local time forward', () => {
    const before = Date.parse('2025-03-29T02:30:00+01:00');
    expect(iso(addIsoDuration(before, 'P1D', 'Europe/Warsaw'))).toBe('2025-03-30T01:30:00.000Z'); // 03:30 CEST
  });

  it('is the same in UTC as exact arithmetic for days and time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.nat(400), fc.nat(100_000), (instant, days, seconds) => {
        const duration = { ...ZERO, days, seconds };
        expect(addIsoDuration(instant, duration)).toBe(instant + days * 86_400_000 + seconds * 1000);
      }),
    );
  });

  const keepsOrder = (duration: fc.Arbitrary<IsoDuration>, minGap: number) =>
    fc.property(
      fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }),
      fc.integer({ min: minGap, max: 40 * 86_400_000 }),
      duration,
      fc.constantFrom('Europe/Warsaw', 'America/New_York', 'UTC'),
      (instant, gap, added, zone) => {
        const a = addIsoDuration(instant, added, zone);
        const b = addIsoDuration(instant + gap, added, zone);
        expect(a).toBeGreaterThanOrEqual(instant);
        expect(b).toBeGreaterThanOrEqual(a);
      },
    );

  it('never moves backwards, and keeps the order of instants an hour or more apart without months', () => {
    // Only within a repeated hour can a later instant have an earlier wall time, and so an
    // earlier result; skipped hours merge instants.
    fc.assert(
      keepsOrder(
        durationArb.map((duration) => ({ ...duration, years: 0, months: 0 })),
        3_600_000,
      ),
    );
  });

  it('keeps the order of instants four days or more apart with months', () => {
    // Clamping to a shorter month's end puts the last days of a month (up to 3 of them, 31 to
    // 28) on one day, where their times of day decide: 31 May 00:00 + P6M is before
    // 30 May 23:00 + P6M. Four days apart, two instants land on different days.
    fc.assert(keepsOrder(durationArb, 4 * 86_400_000 + 3_600_000));
  });

  it("puts instants of the last days of a month on the shorter month's last day", () => {
    const may30late = Date.UTC(2051, 4, 30, 22, 59);
    const may31 = Date.UTC(2051, 4, 31);
    expect(addIsoDuration(may30late, 'P6M')).toBe(Date.UTC(2051, 10, 30, 22, 59));
    expect(addIsoDuration(may31, 'P6M')).toBe(Date.UTC(2051, 10, 30));
  });

  it('refuses bad input', () => {
    expect(catchDomainError(() => addIsoDuration(0, 'one day')).key).toBe('invalid_payload');
    expect(() => addIsoDuration(0, 'P1D', 'UTC', 1.5)).toThrow(RangeError);
    expect(() => addIsoDuration(8.64e15 - 1000, 'P1D')).toThrow(RangeError);
    expect(() => addIsoDuration(8.64e15 - 1000, 'PT1H')).toThrow(RangeError);
    expect(() => addIsoDuration(0, 'P1D', 'Nowhere/Else')).toThrow(RangeError);
  });
});
