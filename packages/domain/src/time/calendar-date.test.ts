import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  calendarDateAt,
  calendarDays,
  dateOfDays,
  endOfPeriod,
  periodOf,
  startOfCalendarDate,
  startOfNextPeriod,
} from './calendar-date.js';

const day = fc.integer({ min: daysOf('1990-01-01'), max: daysOf('2090-12-31') }).map(dateOfDays);
function daysOf(date: string): number {
  return calendarDays(date);
}

describe('calendar dates', () => {
  it('read and write YYYY-MM-DD, and refuse dates that do not exist', () => {
    expect(dateOfDays(calendarDays('2024-02-29'))).toBe('2024-02-29');
    expect(() => calendarDays('2025-02-29')).toThrow(expect.objectContaining({ key: 'invalid_payload' }));
    expect(() => calendarDays('2025-2-1')).toThrow();
  });

  it('tell the day of an instant in a time zone, and its midnight', () => {
    expect(calendarDateAt(Date.UTC(2026, 0, 31, 23, 30), 'Europe/Warsaw')).toBe('2026-02-01');
    expect(calendarDateAt(Date.UTC(2026, 0, 31, 23, 30))).toBe('2026-01-31');
    expect(startOfCalendarDate('2026-02-01', 'Europe/Warsaw')).toBe(Date.UTC(2026, 0, 31, 23));
    expect(startOfCalendarDate('2026-07-01', 'America/New_York')).toBe(Date.UTC(2026, 6, 1, 4));
  });

  it('add months as the service counts them: a day the month lacks becomes its last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('find the calendar periods: quarters from January, halves from January and July', () => {
    expect(periodOf('QUARTER', '2026-05-10')).toEqual({ start: '2026-04-01', end: '2026-06-30' });
    expect(periodOf('HALF_YEAR', '2026-07-01')).toEqual({ start: '2026-07-01', end: '2026-12-31' });
    expect(endOfPeriod('MONTH', '2024-02-03')).toBe('2024-02-29');
    expect(startOfNextPeriod('YEAR', '2026-06-01')).toBe('2027-01-01');
  });

  it('keep every day inside its period, and the next period right after it', () => {
    fc.assert(
      fc.property(day, fc.constantFrom('MONTH', 'QUARTER', 'HALF_YEAR', 'YEAR' as const), (date, period) => {
        const { start, end } = periodOf(period, date);
        expect(start <= date && date <= end).toBe(true);
        expect(startOfNextPeriod(period, date)).toBe(addDays(end, 1));
        expect(periodOf(period, start)).toEqual({ start, end });
      }),
    );
  });

  it('never add months past the target month, and undo them when the day exists in both', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -36, max: 36 }), (date, months) => {
        const moved = addMonths(date, months);
        expect(moved.slice(8) <= date.slice(8)).toBe(true);
        if (Number(date.slice(8)) <= 28) expect(addMonths(moved, -months)).toBe(date);
      }),
    );
  });
});
