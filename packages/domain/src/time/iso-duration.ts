import { DomainError } from '../domain-error.js';
import { MS_PER_DAY, civilFromDays, daysFromCivil, daysInMonth, zoneClock } from './zone.js';

/**
 * An ISO 8601 duration such as `P1M`, `P2D` or `PT1H30M`, split into its components. All are
 * non-negative; only the last component written may have a fraction, and only if it is hours,
 * minutes or seconds.
 */
export interface IsoDuration {
  /** Calendar years. */
  readonly years: number;
  /** Calendar months. */
  readonly months: number;
  /** Weeks of seven calendar days. */
  readonly weeks: number;
  /** Calendar days: 23, 24 or 25 hours long across a change of the clocks. */
  readonly days: number;
  /** Hours of exact time. */
  readonly hours: number;
  /** Minutes of exact time. */
  readonly minutes: number;
  /** Seconds of exact time, with up to millisecond precision. */
  readonly seconds: number;
}

const PATTERN =
  /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/u;

/** Largest value of one component: beyond it, dates leave the range a `Date` can hold anyway. */
const MAX_COMPONENT = 1e9;

/**
 * Durations already parsed, by text: projects use a handful of them, and the answer for a text
 * never changes (the objects are frozen), so this only saves work.
 */
const parsed = new Map<string, IsoDuration>();
const MAX_REMEMBERED = 1_000;

const invalidDuration = (text: string, property: string | undefined): DomainError =>
  new DomainError('invalid_payload', 'invalid ISO 8601 duration', {
    details: `${property === undefined ? 'Value' : `Property ${property}`} should be an ISO 8601 duration such as P1D or PT1H (actual value is ${JSON.stringify(text)})`,
  });

/**
 * Parses an ISO 8601 duration: `P[nY][nM][nW][nD][T[nH][nM][nS]]`, for example `P2D`, `PT1H`,
 * `P1M` or `P1Y2M3DT4H5M6.5S`. Weeks may be combined with other components. The last component,
 * if it is hours, minutes or seconds, may have a decimal fraction (`.` or `,`).
 *
 * @param text - The duration text; upper-case designators, no sign.
 * @param property - Optional path of the field being parsed (such as `.validity_timeframe.interval`),
 *   used in the error's details.
 * @returns The components; absent ones are 0.
 * @throws DomainError `invalid_payload` when the text is not such a duration or a component is
 *   larger than 10^9.
 */
export function parseIsoDuration(text: string, property?: string): IsoDuration {
  const known = parsed.get(text);
  if (known !== undefined) return known;
  const match = PATTERN.exec(text);
  if (match === null) throw invalidDuration(text, property);
  const values = match.slice(1).map((group) => (group === undefined ? undefined : Number(group.replace(',', '.'))));
  const lastWritten = values.findLastIndex((value) => value !== undefined);
  for (const [index, value] of values.entries()) {
    if (value === undefined) continue;
    if (value > MAX_COMPONENT || (!Number.isInteger(value) && index !== lastWritten))
      throw invalidDuration(text, property);
  }
  const [years = 0, months = 0, weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0] = values;
  const duration = Object.freeze({ years, months, weeks, days, hours, minutes, seconds });
  if (parsed.size >= MAX_REMEMBERED) parsed.clear();
  parsed.set(text, duration);
  return duration;
}

/**
 * Writes a duration in ISO 8601 form, leaving out zero components (`PT0S` when all are zero).
 *
 * @param duration - The components.
 * @returns The text, which {@link parseIsoDuration} reads back to the same components.
 */
export function formatIsoDuration(duration: IsoDuration): string {
  const part = (value: number, designator: string): string => (value === 0 ? '' : `${value}${designator}`);
  const date =
    part(duration.years, 'Y') + part(duration.months, 'M') + part(duration.weeks, 'W') + part(duration.days, 'D');
  const time = part(duration.hours, 'H') + part(duration.minutes, 'M') + part(duration.seconds, 'S');
  if (date === '' && time === '') return 'PT0S';
  return `P${date}${time === '' ? '' : `T${time}`}`;
}

/**
 * The exact-time part of a duration (hours, minutes, seconds) in milliseconds, rounded to the
 * millisecond. Years, months, weeks and days are calendar units and are not counted.
 *
 * @param duration - The components.
 * @returns Milliseconds.
 */
export function isoDurationTimeMs(duration: IsoDuration): number {
  return Math.round(((duration.hours * 60 + duration.minutes) * 60 + duration.seconds) * 1000);
}

/**
 * Tells whether a duration has calendar components (years, months, weeks or days), whose length
 * depends on the date and time zone it is added to.
 *
 * @param duration - The components.
 * @returns `true` when any of years, months, weeks or days is non-zero.
 */
export function hasCalendarUnits(duration: IsoDuration): boolean {
  return duration.years !== 0 || duration.months !== 0 || duration.weeks !== 0 || duration.days !== 0;
}

/** Largest distance from 1970 that a `Date` can represent, in milliseconds. */
const MAX_INSTANT = 8.64e15;

/**
 * Adds a duration (`times` times over) to an instant, in a time zone, the way `Temporal`'s
 * `ZonedDateTime.add` does:
 *
 * 1. years and months move the wall-clock date by calendar months, keeping the day of the month
 *    or, when the target month is shorter, taking its last day (31 January + `P1M` is the last
 *    day of February);
 * 2. weeks and days move the wall-clock date by calendar days, keeping the wall-clock time (so
 *    `P1D` is 23 or 25 hours across a change of the clocks);
 * 3. the wall-clock time is turned back into an instant (the earlier one when it occurs twice,
 *    moved forward when it is skipped);
 * 4. hours, minutes and seconds are added as exact time.
 *
 * Multiplying the components by `times` before adding (rather than adding `times` times) keeps
 * the day of the month: 31 January + 2 × `P1M` is 31 March.
 *
 * @param instant - Epoch milliseconds or a `Date`.
 * @param duration - The duration, parsed or as ISO 8601 text.
 * @param timeZone - IANA zone whose calendar the calendar units follow; `UTC` by default.
 * @param times - Integer multiple of the duration to add; 1 by default, may be negative.
 * @returns Epoch milliseconds.
 * @throws DomainError `invalid_payload` when `duration` is text that does not parse.
 * @throws RangeError when the zone is unknown, `times` is not an integer, or the result is outside
 *   the range of `Date`.
 */
export function addIsoDuration(
  instant: number | Date,
  duration: IsoDuration | string,
  timeZone = 'UTC',
  times = 1,
): number {
  if (!Number.isInteger(times)) throw new RangeError(`times must be an integer, got ${String(times)}`);
  const parsed = typeof duration === 'string' ? parseIsoDuration(duration) : duration;
  let at = typeof instant === 'number' ? instant : instant.getTime();
  if (hasCalendarUnits(parsed)) {
    const clock = zoneClock(timeZone);
    let wall = clock.toWall(at);
    const monthSteps = (parsed.years * 12 + parsed.months) * times;
    if (monthSteps !== 0) {
      const days = Math.floor(wall / MS_PER_DAY);
      const [year, month, day] = civilFromDays(days);
      const target = year * 12 + (month - 1) + monthSteps;
      const targetYear = Math.floor(target / 12);
      const targetMonth = target - targetYear * 12 + 1;
      const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
      wall += (daysFromCivil(targetYear, targetMonth, targetDay) - days) * MS_PER_DAY;
    }
    wall += (parsed.weeks * 7 + parsed.days) * times * MS_PER_DAY;
    if (!(Math.abs(wall) <= MAX_INSTANT + MS_PER_DAY)) throw new RangeError('the result is outside the range of Date');
    at = clock.fromWall(wall);
  }
  const result = at + isoDurationTimeMs(parsed) * times;
  if (!(Math.abs(result) <= MAX_INSTANT)) throw new RangeError('the result is outside the range of Date');
  return result;
}
