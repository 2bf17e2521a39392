/**
 * Dates as the formula language sees them: a moment plus whether it stands for a whole calendar
 * day (`TODAY`, `DATE("2024-08-17")`, a birthdate) or an instant (`NOW`, a voucher's start date).
 * Calendar days are those of the project's time zone, as everywhere else in the service.
 */
import { type ZoneCalendar, UTC_CALENDAR, createZoneCalendar, isCalendarDate, readInstant } from '../filters/time.js';

const DAY_MS = 86_400_000;

/** A date value inside a formula: epoch milliseconds, and whether it is a whole calendar day. */
export class FormulaDate {
  /**
   * @param ms - The instant; for a calendar day, the midnight that starts it in the time zone.
   * @param calendarDay - Whether the value names a whole day rather than an instant.
   */
  constructor(
    readonly ms: number,
    readonly calendarDay: boolean,
  ) {}
}

/** A day of the calendar (`month` 1–12). */
export interface LocalDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/**
 * The calendar of a time zone (UTC when none is given); throws a `RangeError` for an unknown zone.
 * Other zones ask `Intl` for a formatter, so the evaluator builds one only when a formula uses dates.
 */
export const calendarFor = (timeZone: string | undefined): ZoneCalendar =>
  timeZone === undefined || timeZone === 'UTC' ? UTC_CALENDAR : createZoneCalendar(timeZone);

/** The days since 1970-01-01 of a calendar day, by UTC arithmetic (years before 100 included). */
const dayNumber = ({ year, month, day }: LocalDay): number => {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / DAY_MS);
};

/** The calendar day, in the calendar's time zone, that contains the instant `ms`. */
export const localDay = (ms: number, calendar: ZoneCalendar): LocalDay => calendar.localParts(ms);

/** The whole calendar day that contains `ms`. */
export const calendarDayOf = (ms: number, calendar: ZoneCalendar): FormulaDate =>
  new FormulaDate(calendar.startOfDayFrom(ms, 0), true);

/**
 * Reads an ISO 8601 date or timestamp, a `Date` or a {@link FormulaDate}. A `YYYY-MM-DD` text is a
 * calendar day; a timestamp without an offset is wall-clock time in the calendar's zone. Returns
 * `undefined` for anything else.
 */
export const readFormulaDate = (value: unknown, calendar: ZoneCalendar): FormulaDate | undefined => {
  if (value instanceof FormulaDate) return value;
  const ms = readInstant(value, calendar);
  return ms === undefined ? undefined : new FormulaDate(ms, isCalendarDate(value));
};

/**
 * Orders two dates: by calendar day when either is a whole day (so `DATE("2024-08-17")` equals any
 * moment of that day), otherwise by instant. Negative when `a` comes first.
 */
export const compareDates = (a: FormulaDate, b: FormulaDate, calendar: ZoneCalendar): number =>
  a.calendarDay || b.calendarDay
    ? dayNumber(localDay(a.ms, calendar)) - dayNumber(localDay(b.ms, calendar))
    : a.ms - b.ms;

/** Whether two dates fall on the same calendar day. */
export const sameDay = (a: FormulaDate, b: FormulaDate, calendar: ZoneCalendar): boolean =>
  dayNumber(localDay(a.ms, calendar)) === dayNumber(localDay(b.ms, calendar));

/** Calendar days from the day of `from` to the day of `to`; negative when `to` is earlier. */
export const daysBetween = (from: FormulaDate, to: FormulaDate, calendar: ZoneCalendar): number =>
  dayNumber(localDay(to.ms, calendar)) - dayNumber(localDay(from.ms, calendar));

const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const lastDayOfMonth = (year: number, month: number): number =>
  month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/**
 * Whole calendar months from the day of `from` to the day of `to`; negative when `to` is earlier.
 * A month is complete on the same day of the month, or on the last day of a shorter month:
 * 31 January to 28 February 2025 is one month, 15 January to 14 February is none.
 */
export const monthsBetween = (from: FormulaDate, to: FormulaDate, calendar: ZoneCalendar): number => {
  const start = localDay(from.ms, calendar);
  const end = localDay(to.ms, calendar);
  if (dayNumber(end) < dayNumber(start)) return -monthsBetween(to, from, calendar);
  const months = (end.year - start.year) * 12 + (end.month - start.month);
  const complete = end.day >= start.day || end.day === lastDayOfMonth(end.year, end.month);
  return complete ? months : months - 1;
};
