/**
 * Wall-clock time in an IANA time zone, computed with `Intl.DateTimeFormat` and no dependency.
 *
 * Offsets are cached per zone and per week: the offset at the two ends of a week is read once,
 * and when they differ the change is located to the second by bisection. That is exact for every
 * zone that changes its offset at most once in any seven days, which holds for the rules of all
 * zones in current use. The caches are memoisation only: they never change an answer.
 */

/**
 * Milliseconds in a day of wall-clock time.
 */
export const MS_PER_DAY = 86_400_000;

const WEEK = 7 * MS_PER_DAY;
/** Above this many cached weeks per zone the cache is dropped (about 100 years of lookups). */
const MAX_CACHED_WEEKS = 5_000;

/**
 * Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
 *
 * @param year - Any integer year (0 is 1 BC).
 * @param month - 1 to 12.
 * @param day - 1 to 31.
 * @returns The day number; negative before 1970.
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/**
 * The proleptic Gregorian date of a day number (Howard Hinnant's `civil_from_days`).
 *
 * @param days - Days since 1970-01-01.
 * @returns `[year, month (1–12), day (1–31)]`.
 */
export function civilFromDays(days: number): [year: number, month: number, day: number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/**
 * Number of days in a month of the proleptic Gregorian calendar.
 *
 * @param year - Any integer year.
 * @param month - 1 to 12.
 * @returns 28 to 31.
 */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** One cached week: the offset before and after its single change (if any). */
interface CachedWeek {
  readonly index: number;
  readonly before: number;
  readonly after: number;
  /** First instant with the `after` offset; `Infinity` when the offset does not change. */
  readonly change: number;
}

/**
 * Converts between instants and wall-clock time in one zone. Obtain one with {@link zoneClock};
 * instances are shared per zone.
 */
export interface ZoneClock {
  /** The IANA name the clock was made for. */
  readonly timeZone: string;
  /** Whether the zone is UTC, where wall time equals the instant. */
  readonly isUtc: boolean;
  /**
   * The zone's offset from UTC at an instant, in milliseconds (wall time − UTC).
   *
   * @param instant - Epoch milliseconds.
   */
  offsetAt(instant: number): number;
  /**
   * The wall-clock time at an instant, as epoch milliseconds of that wall time read as UTC.
   *
   * @param instant - Epoch milliseconds.
   */
  toWall(instant: number): number;
  /**
   * The instant of a wall-clock time. A wall time that occurs twice (the clocks go back) gives
   * the earlier instant; one that does not exist (the clocks go forward) is moved forward by the
   * length of the gap, as `Temporal`'s `compatible` disambiguation does.
   *
   * @param wall - Wall-clock time as epoch milliseconds read as UTC.
   */
  fromWall(wall: number): number;
}

const UTC_NAMES = new Set([
  'UTC',
  'Etc/UTC',
  'Etc/UCT',
  'UCT',
  'Etc/Universal',
  'Universal',
  'Etc/Zulu',
  'Zulu',
  'Etc/GMT',
  'GMT',
]);

const utcClock = (timeZone: string): ZoneClock => ({
  timeZone,
  isUtc: true,
  offsetAt: () => 0,
  toWall: (instant) => instant,
  fromWall: (wall) => wall,
});

const createFormatter = (timeZone: string): Intl.DateTimeFormat => {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch (error) {
    throw new RangeError(`unknown time zone: ${timeZone}`, { cause: error });
  }
};

const intlClock = (timeZone: string): ZoneClock => {
  const format = createFormatter(timeZone);
  const weeks = new Map<number, CachedWeek>();
  let last: CachedWeek | undefined;

  /** The offset at the whole second containing `instant`, straight from Intl. */
  const rawOffset = (instant: number): number => {
    const second = Math.floor(instant / 1000) * 1000;
    let year = 0;
    let month = 1;
    let day = 1;
    let hour = 0;
    let minute = 0;
    let sec = 0;
    let beforeChrist = false;
    for (const part of format.formatToParts(second)) {
      switch (part.type) {
        case 'year':
          year = Number(part.value);
          break;
        case 'month':
          month = Number(part.value);
          break;
        case 'day':
          day = Number(part.value);
          break;
        case 'hour':
          hour = Number(part.value);
          break;
        case 'minute':
          minute = Number(part.value);
          break;
        case 'second':
          sec = Number(part.value);
          break;
        case 'era':
          beforeChrist = part.value.startsWith('B');
          break;
        default:
          break;
      }
    }
    if (beforeChrist) year = 1 - year;
    const wall = daysFromCivil(year, month, day) * MS_PER_DAY + hour * 3_600_000 + minute * 60_000 + sec * 1000;
    return wall - second;
  };

  const weekAt = (index: number): CachedWeek => {
    const start = index * WEEK;
    const end = start + WEEK;
    const before = rawOffset(start);
    const after = rawOffset(end);
    let change = Infinity;
    if (before !== after) {
      // Offsets change on whole seconds; bisect seconds in (start, end].
      let low = start / 1000;
      let high = end / 1000;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (rawOffset(middle * 1000) === before) low = middle;
        else high = middle;
      }
      change = high * 1000;
    }
    if (weeks.size >= MAX_CACHED_WEEKS) weeks.clear();
    const week = { index, before, after, change };
    weeks.set(index, week);
    return week;
  };

  const offsetAt = (instant: number): number => {
    const index = Math.floor(instant / WEEK);
    let week = last;
    if (week === undefined || week.index !== index) {
      week = weeks.get(index) ?? weekAt(index);
      last = week;
    }
    return instant < week.change ? week.before : week.after;
  };

  const fromWall = (wall: number): number => {
    // Offsets lie within ±1 day, so the instant is in [wall − 1 day, wall + 1 day]; with at most
    // one change in that span, the offsets at its ends are the only candidates.
    const early = offsetAt(wall - MS_PER_DAY);
    const late = offsetAt(wall + MS_PER_DAY);
    if (early === late) return wall - early;
    const first = wall - early;
    const second = wall - late;
    const firstFits = offsetAt(first) === early;
    const secondFits = offsetAt(second) === late;
    if (firstFits && secondFits) return Math.min(first, second);
    if (firstFits) return first;
    if (secondFits) return second;
    // In a gap: read the wall time with the offset from before the change, which lands after it.
    return first;
  };

  return { timeZone, isUtc: false, offsetAt, toWall: (instant) => instant + offsetAt(instant), fromWall };
};

const clocks = new Map<string, ZoneClock>();

/**
 * The shared {@link ZoneClock} of an IANA time zone; UTC and its aliases get a clock that does
 * no work.
 *
 * @param timeZone - An IANA zone name such as `Europe/Warsaw`.
 * @returns The zone's clock, created once per name.
 * @throws RangeError when the runtime does not know the zone.
 */
export function zoneClock(timeZone: string): ZoneClock {
  let clock = clocks.get(timeZone);
  if (clock === undefined) {
    clock = UTC_NAMES.has(timeZone) ? utcClock(timeZone) : intlClock(timeZone);
    clocks.set(timeZone, clock);
  }
  return clock;
}

/**
 * The calendar fields of an instant in a time zone.
 */
export interface ZonedDateTimeParts {
  /** Year, for example 2024. */
  readonly year: number;
  /** Month, 1 (January) to 12. */
  readonly month: number;
  /** Day of the month, 1 to 31. */
  readonly day: number;
  /** Hour, 0 to 23. */
  readonly hour: number;
  /** Minute, 0 to 59. */
  readonly minute: number;
  /** Second, 0 to 59. */
  readonly second: number;
  /** Millisecond, 0 to 999. */
  readonly millisecond: number;
  /** Day of the week as the API counts it: 0 Sunday, 1 Monday … 6 Saturday. */
  readonly day_of_week: number;
  /** The zone's offset from UTC at that instant, in milliseconds. */
  readonly offset: number;
}

/**
 * Splits an instant into the calendar fields of its wall-clock time in a time zone.
 *
 * @param instant - Epoch milliseconds or a `Date`.
 * @param timeZone - An IANA zone name.
 * @returns The year, month, day, time, day of the week and offset.
 * @throws RangeError when the runtime does not know the zone.
 */
export function zonedDateTime(instant: number | Date, timeZone: string): ZonedDateTimeParts {
  return partsOnClock(typeof instant === 'number' ? instant : instant.getTime(), zoneClock(timeZone));
}

/** {@link zonedDateTime} on a clock already looked up, for callers that read many instants in one zone. */
export const partsOnClock = (instant: number, clock: ZoneClock): ZonedDateTimeParts => {
  const offset = clock.offsetAt(instant);
  const wall = instant + offset;
  const days = Math.floor(wall / MS_PER_DAY);
  const inDay = wall - days * MS_PER_DAY;
  const [year, month, day] = civilFromDays(days);
  return {
    year,
    month,
    day,
    hour: Math.floor(inDay / 3_600_000),
    minute: Math.floor(inDay / 60_000) % 60,
    second: Math.floor(inDay / 1000) % 60,
    millisecond: inDay % 1000,
    day_of_week: dayOfWeekOfDays(days),
    offset,
  };
};

/**
 * The instant of a wall-clock date and time in a time zone. Times that occur twice give the
 * earlier instant; times skipped by a change of offset are moved forward by the gap.
 *
 * @param parts - `year`, `month` (1–12) and `day`, and optionally `hour`, `minute`, `second`,
 *   `millisecond` (0 when absent). Out-of-range values roll over (day 32 is the next month's 1st).
 * @param timeZone - An IANA zone name.
 * @returns Epoch milliseconds.
 * @throws RangeError when the runtime does not know the zone.
 */
export function instantOfZoned(
  parts: Pick<ZonedDateTimeParts, 'year' | 'month' | 'day'> &
    Partial<Pick<ZonedDateTimeParts, 'hour' | 'minute' | 'second' | 'millisecond'>>,
  timeZone: string,
): number {
  return zoneClock(timeZone).fromWall(
    wallOf(parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second, parts.millisecond),
  );
}

/**
 * A wall-clock date and time as epoch milliseconds read as UTC (the form {@link ZoneClock}
 * converts), by arithmetic alone. Out-of-range months and days roll over.
 */
export const wallOf = (
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  millisecond = 0,
): number => {
  const months = year * 12 + (month - 1);
  const wholeYear = Math.floor(months / 12);
  return (
    (daysFromCivil(wholeYear, months - wholeYear * 12 + 1, 1) + day - 1) * MS_PER_DAY +
    hour * 3_600_000 +
    minute * 60_000 +
    second * 1000 +
    millisecond
  );
};

/**
 * Day of the week of a day number, as the API counts it (0 Sunday … 6 Saturday).
 *
 * @param days - Days since 1970-01-01 (a Thursday).
 * @returns 0 to 6.
 */
export const dayOfWeekOfDays = (days: number): number => (((days + 4) % 7) + 7) % 7;
