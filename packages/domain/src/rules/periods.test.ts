import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarPeriods, countRedemptionsByPeriod, firstDayOfWeek } from './periods.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

describe('firstDayOfWeek', () => {
  it('reads the locale’s first day, Monday when unknown', () => {
    expect(firstDayOfWeek('en-US')).toBe(0);
    expect(firstDayOfWeek('pl-PL')).toBe(1);
    expect(firstDayOfWeek('ar-EG')).toBe(6);
    expect(firstDayOfWeek('not a locale')).toBe(1);
  });
});

describe('calendarPeriods', () => {
  it('gives the day, the week from its first day, and the month that contain the moment', () => {
    // Wednesday 7 January 2026, 12:00 UTC.
    const now = Date.UTC(2026, 0, 7, 12);
    expect(calendarPeriods(now)).toEqual({
      day: [Date.UTC(2026, 0, 7), Date.UTC(2026, 0, 8)],
      week: [Date.UTC(2026, 0, 5), Date.UTC(2026, 0, 12)],
      month: [Date.UTC(2026, 0, 1), Date.UTC(2026, 1, 1)],
    });
    expect(calendarPeriods(now, { weekStartsOn: 0 }).week).toEqual([Date.UTC(2026, 0, 4), Date.UTC(2026, 0, 11)]);
    expect(calendarPeriods(now, { locale: 'ar-EG' }).week).toEqual([Date.UTC(2026, 0, 3), Date.UTC(2026, 0, 10)]);
    expect(calendarPeriods(now, { locale: 'en-US', weekStartsOn: 1 }).week).toEqual([
      Date.UTC(2026, 0, 5),
      Date.UTC(2026, 0, 12),
    ]);
    expect(calendarPeriods(new Date(now)).day).toEqual([Date.UTC(2026, 0, 7), Date.UTC(2026, 0, 8)]);
  });

  it('counts in the project’s time zone, a short day when clocks go forward', () => {
    // 29 March 2026 in Warsaw has 23 hours; 00:30 local on 1 March is 23:30 UTC on 28 February.
    const { day } = calendarPeriods(Date.UTC(2026, 2, 29, 12), { timeZone: 'Europe/Warsaw' });
    expect(day).toEqual([Date.UTC(2026, 2, 28, 23), Date.UTC(2026, 2, 29, 22)]);
    const { month } = calendarPeriods(Date.UTC(2026, 1, 28, 23, 30), { timeZone: 'Europe/Warsaw' });
    expect(month).toEqual([Date.UTC(2026, 1, 28, 23), Date.UTC(2026, 2, 31, 22)]);
  });

  it('refuses a first day outside 0–6 and an unknown time zone', () => {
    expect(() => calendarPeriods(0, { weekStartsOn: 7 })).toThrow(RangeError);
    expect(() => calendarPeriods(0, { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });

  it('always contains the moment, in periods of the right length that nest (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom('UTC', 'Europe/Warsaw', 'America/New_York', 'Asia/Kolkata'),
        (now, weekStartsOn, timeZone) => {
          const { day, week, month } = calendarPeriods(now, { weekStartsOn, timeZone });
          for (const [from, to] of [day, week, month]) {
            expect(from).toBeLessThanOrEqual(now);
            expect(now).toBeLessThan(to);
          }
          expect(day[1] - day[0]).toBeGreaterThanOrEqual(23 * HOUR);
          expect(day[1] - day[0]).toBeLessThanOrEqual(25 * HOUR);
          expect(Math.abs(week[1] - week[0] - 7 * DAY)).toBeLessThanOrEqual(HOUR);
          expect(month[1] - month[0]).toBeGreaterThanOrEqual(28 * DAY - HOUR);
          expect(month[1] - month[0]).toBeLessThanOrEqual(31 * DAY + HOUR);
          expect(week[0]).toBeLessThanOrEqual(day[0]);
          expect(day[1]).toBeLessThanOrEqual(week[1]);
          expect(month[0]).toBeLessThanOrEqual(day[0]);
          expect(day[1]).toBeLessThanOrEqual(month[1]);
          // The week starts at midnight of the chosen day of the week, on the zone's wall clock.
          const local = new Intl.DateTimeFormat('en-US', {
            timeZone,
            weekday: 'short',
            hour: 'numeric',
            minute: 'numeric',
            hourCycle: 'h23',
          }).format(week[0]);
          expect(local).toBe(`${WEEKDAYS[weekStartsOn] ?? ''} 00:00`);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('countRedemptionsByPeriod', () => {
  it('counts all earlier redemptions and those of this day, week and month', () => {
    const now = Date.UTC(2026, 0, 7, 12);
    const dates = [
      '2026-01-05T10:00:00Z',
      new Date(Date.UTC(2026, 0, 7, 9)),
      Date.UTC(2026, 0, 7, 13),
      '2025-12-30T10:00:00Z',
      'never',
      Number.NaN,
    ];
    expect(countRedemptionsByPeriod(dates, now, { weekStartsOn: 1 })).toEqual({
      total: 4,
      daily: 2,
      weekly: 3,
      monthly: 3,
    });
    expect(countRedemptionsByPeriod([], now)).toEqual({ total: 0, daily: 0, weekly: 0, monthly: 0 });
  });

  it('reads dates without an offset in the project’s time zone', () => {
    // 23:30 on 6 January in New York is already 7 January in UTC.
    const now = Date.UTC(2026, 0, 7, 4, 30);
    expect(countRedemptionsByPeriod(['2026-01-06T23:00:00'], now, { timeZone: 'America/New_York' }).daily).toBe(1);
    expect(countRedemptionsByPeriod(['2026-01-06T23:00:00'], now).daily).toBe(0);
  });
});
