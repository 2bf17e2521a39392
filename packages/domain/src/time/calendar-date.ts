import { DomainError } from '../domain-error.js';
import { MS_PER_DAY, civilFromDays, daysFromCivil, daysInMonth, zoneClock } from './zone.js';

/**
 * A calendar date as the service writes dates without a time (`2026-02-28`): points expiry, tier
 * periods, pending points' activation.
 *
 * @example
 * ```ts
 * const date: CalendarDate = '2026-02-28';
 * ```
 */
export type CalendarDate = string;

/**
 * A calendar period that loyalty tiers and point rounding count in. Quarters start in January,
 * April, July and October; half years in January and July.
 *
 * @example
 * ```ts
 * const period: CalendarPeriod = 'QUARTER';
 * ```
 */
export type CalendarPeriod = 'MONTH' | 'QUARTER' | 'HALF_YEAR' | 'YEAR';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/**
 * Days since 1970-01-01 of a calendar date.
 *
 * @param date - `YYYY-MM-DD`.
 * @returns The day number.
 * @throws DomainError `invalid_payload` for text that is not a real date.
 */
export function calendarDays(date: CalendarDate): number {
  const match = DATE.exec(date);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new DomainError('invalid_payload', 'Invalid payload', {
      details: `${JSON.stringify(date)} is not a date written YYYY-MM-DD`,
    });
  }
  return daysFromCivil(year, month, day);
}

/**
 * The calendar date of a day number.
 *
 * @param days - Days since 1970-01-01.
 * @returns `YYYY-MM-DD`.
 */
export function dateOfDays(days: number): CalendarDate {
  const [year, month, day] = civilFromDays(days);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * The calendar date of an instant in a time zone: the day the project's clock shows.
 *
 * @param instant - Epoch milliseconds.
 * @param timeZone - An IANA zone; UTC when absent.
 * @returns `YYYY-MM-DD`.
 */
export function calendarDateAt(instant: number, timeZone = 'UTC'): CalendarDate {
  return dateOfDays(Math.floor(zoneClock(timeZone).toWall(instant) / MS_PER_DAY));
}

/**
 * The instant a calendar date starts (its midnight) in a time zone.
 *
 * @param date - `YYYY-MM-DD`.
 * @param timeZone - An IANA zone; UTC when absent.
 * @returns Epoch milliseconds.
 */
export function startOfCalendarDate(date: CalendarDate, timeZone = 'UTC'): number {
  return zoneClock(timeZone).fromWall(calendarDays(date) * MS_PER_DAY);
}

/**
 * A date moved by whole days.
 *
 * @param date - `YYYY-MM-DD`.
 * @param days - Days to add; negative goes back.
 * @returns `YYYY-MM-DD`.
 */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return dateOfDays(calendarDays(date) + days);
}

/**
 * A date moved by whole months; a day the target month lacks becomes its last day (31 January
 * plus one month is 28 or 29 February), as the service counts points expiry.
 *
 * @param date - `YYYY-MM-DD`.
 * @param months - Months to add; negative goes back.
 * @returns `YYYY-MM-DD`.
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [year, month, day] = civilFromDays(calendarDays(date));
  const index = year * 12 + (month - 1) + months;
  const [targetYear, targetMonth] = [Math.floor(index / 12), (index % 12) + 1];
  return dateOfDays(daysFromCivil(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth))));
}

const MONTHS_IN: Readonly<Record<CalendarPeriod, number>> = { MONTH: 1, QUARTER: 3, HALF_YEAR: 6, YEAR: 12 };

/**
 * The first and last day of the calendar period that holds a date.
 *
 * @param period - Month, quarter, half year or year.
 * @param date - `YYYY-MM-DD`.
 * @returns Both days, inclusive.
 */
export function periodOf(period: CalendarPeriod, date: CalendarDate): { start: CalendarDate; end: CalendarDate } {
  const [year, month] = civilFromDays(calendarDays(date));
  const size = MONTHS_IN[period];
  const first = Math.floor((month - 1) / size) * size + 1;
  const last = first + size - 1;
  return {
    start: dateOfDays(daysFromCivil(year, first, 1)),
    end: dateOfDays(daysFromCivil(year, last, daysInMonth(year, last))),
  };
}

/**
 * The last day of the period that holds a date: where rounding to the end of a month, quarter,
 * half year or year lands.
 *
 * @param period - Month, quarter, half year or year.
 * @param date - `YYYY-MM-DD`.
 * @returns `YYYY-MM-DD`.
 */
export function endOfPeriod(period: CalendarPeriod, date: CalendarDate): CalendarDate {
  return periodOf(period, date).end;
}

/**
 * The first day of the period after the one that holds a date.
 *
 * @param period - Month, quarter, half year or year.
 * @param date - `YYYY-MM-DD`.
 * @returns `YYYY-MM-DD`.
 */
export function startOfNextPeriod(period: CalendarPeriod, date: CalendarDate): CalendarDate {
  return addDays(endOfPeriod(period, date), 1);
}
