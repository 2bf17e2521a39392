/**
 * Dates and instants as the filter engine reads them: ISO 8601 timestamps and calendar dates,
 * turned into epoch milliseconds, and calendar days counted in a time zone. Internal to the
 * filter engine and the formula language; `now` and the time zone are always parameters.
 */
import {
  MS_PER_DAY,
  type ZonedDateTimeParts,
  daysFromCivil,
  daysInMonth,
  partsOnClock,
  wallOf,
  zoneClock,
} from '../time/zone.js';

/** Calendar arithmetic in one IANA time zone. */
export interface ZoneCalendar {
  /** The time zone's name, for example `UTC` or `Europe/Warsaw`. */
  readonly timeZone: string;
  /** The instant at which the local day `year-month-day` begins (`month` 1–12; days may overflow). */
  readonly startOfDay: (year: number, month: number, day: number) => number;
  /** The instant at which the local day `days` days after (or before, when negative) the day of `ms` begins. */
  readonly startOfDayFrom: (ms: number, days: number) => number;
  /** The epoch milliseconds of a wall-clock time in the zone (`month` 1–12). */
  readonly wallClock: (
    year: number,
    month: number,
    day: number,
    hour: number,
    minute: number,
    second: number,
    millisecond: number,
  ) => number;
  /** The wall-clock reading of an instant in the zone (its local day among it), from one offset lookup. */
  readonly localParts: (ms: number) => LocalParts;
}

/** A wall-clock reading in a time zone: the date (`month` 1–12), the time of day, the day of the week (0 = Sunday) and the offset. */
type LocalParts = ZonedDateTimeParts;

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(?:([Zz])|([+-])(\d{2}):?(\d{2}))?)?$/u;

/**
 * A calendar for `timeZone`, over the zone's shared {@link zoneClock}: UTC (and `GMT`, `Z`, in
 * any case) needs no lookups; a name the runtime does not know throws a `RangeError` here, once,
 * not per record. A wall-clock time that occurs twice reads as the earlier instant; one skipped
 * by a change of offset moves forward by the gap.
 */
export const createZoneCalendar = (timeZone: string): ZoneCalendar => {
  const clock = zoneClock(/^(?:utc|gmt|etc\/utc|etc\/gmt|z)$/iu.test(timeZone) ? 'UTC' : timeZone);
  const wallClock = (
    year: number,
    month: number,
    day: number,
    hour: number,
    minute: number,
    second: number,
    millisecond: number,
  ): number => clock.fromWall(wallOf(year, month, day, hour, minute, second, millisecond));
  return {
    timeZone,
    wallClock,
    startOfDay: (year, month, day) => clock.fromWall(wallOf(year, month, day)),
    startOfDayFrom: (ms, days) => clock.fromWall((Math.floor(clock.toWall(ms) / MS_PER_DAY) + days) * MS_PER_DAY),
    localParts: (ms) => partsOnClock(ms, clock),
  };
};

const digit = (text: string, index: number): number => text.charCodeAt(index) - 48;

const twoDigits = (text: string, index: number): number => {
  const tens = digit(text, index);
  const units = digit(text, index + 1);
  return tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : -1;
};

/** The canonical form the service writes, `2024-01-31T09:30:00.000Z`, read without a regular expression. */
const readCanonical = (text: string): number | undefined => {
  if (text.length !== 24 || text.charCodeAt(23) !== 90 || text.charCodeAt(10) !== 84) return undefined;
  if (
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58 ||
    text.charCodeAt(19) !== 46
  ) {
    return undefined;
  }
  const century = twoDigits(text, 0);
  const yy = twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  const msHigh = digit(text, 20);
  const msLow = twoDigits(text, 21);
  if (century < 0 || yy < 0 || msHigh < 0 || msHigh > 9 || msLow < 0) return undefined;
  const year = century * 100 + yy;
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour > 23 ||
    hour < 0 ||
    minute > 59 ||
    minute < 0 ||
    second > 59 ||
    second < 0
  ) {
    return undefined;
  }
  return (
    daysFromCivil(year, month, day) * MS_PER_DAY +
    hour * 3_600_000 +
    minute * 60_000 +
    second * 1000 +
    msHigh * 100 +
    msLow
  );
};

/**
 * Reads a date or timestamp as epoch milliseconds: a `Date`, an ISO 8601 timestamp with or
 * without a zone offset, or a calendar date `YYYY-MM-DD`. Text without an offset (a calendar
 * date, or a time of day without `Z` or `±hh:mm`) is wall-clock time in the calendar's zone, so
 * a calendar date reads as its midnight there. Anything else, and impossible dates such as
 * `2024-02-30`, read as `undefined`. Returns a bare number so that filtering many records
 * allocates nothing.
 */
export const readInstant = (value: unknown, calendar: ZoneCalendar): number | undefined => {
  if (typeof value !== 'string') {
    if (!(value instanceof Date)) return undefined;
    const ms = value.getTime();
    return Number.isNaN(ms) ? undefined : ms;
  }
  const canonical = readCanonical(value);
  if (canonical !== undefined) return canonical;
  if (value.length < 10 || value.length > 40) return undefined;
  const match = TIMESTAMP.exec(value);
  if (match === null) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zulu, sign, offsetHours, offsetMinutes] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (h === undefined) return calendar.startOfDay(year, month, day);
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const millisecond = fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000);
  if (zulu !== undefined) return wallOf(year, month, day, hour, minute, second, millisecond);
  if (sign === undefined) return calendar.wallClock(year, month, day, hour, minute, second, millisecond);
  const offsetH = Number(offsetHours);
  const offsetM = Number(offsetMinutes);
  if (offsetH > 23 || offsetM > 59) return undefined;
  const offset = (sign === '-' ? -1 : 1) * (offsetH * 60 + offsetM) * 60_000;
  return wallOf(year, month, day, hour, minute, second, millisecond) - offset;
};

/**
 * Whether a value that {@link readInstant} reads is a calendar date without a time of day: only
 * `YYYY-MM-DD` is exactly ten characters long.
 */
export const isCalendarDate = (value: unknown): boolean => typeof value === 'string' && value.length === 10;

/** The UTC calendar, shared because it holds no state. */
export const UTC_CALENDAR: ZoneCalendar = createZoneCalendar('UTC');

/** Whether a text is a date or timestamp `readInstant` accepts (the zone does not matter for that). */
export const isDateText = (text: string): boolean => readInstant(text, UTC_CALENDAR) !== undefined;
