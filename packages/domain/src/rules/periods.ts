import type { RedemptionPeriodCounts } from './context.js';
import { UTC_CALENDAR, createZoneCalendar, readInstant } from '../filters/time.js';

/**
 * Where periods are counted: the project's time zone and the first day of its week, given
 * directly or through the project's locale.
 */
export interface PeriodOptions {
  /** The project's IANA time zone; `UTC` by default. */
  readonly timeZone?: string | undefined;
  /** The first day of the week, 0 (Sunday) to 6 (the project setting offers Monday, Saturday and Sunday); wins over `locale`. */
  readonly weekStartsOn?: number | undefined;
  /** The project's locale (BCP 47, `en-US`, `pl-PL` …), read for the first day of the week when `weekStartsOn` is not given. */
  readonly locale?: string | undefined;
}

/**
 * The calendar periods that contain an instant, each as `[from, to)` in epoch milliseconds.
 */
export interface CalendarPeriods {
  /** The calendar day, from local midnight to the next. */
  readonly day: readonly [from: number, to: number];
  /** The week, from midnight of its first day, seven days long. */
  readonly week: readonly [from: number, to: number];
  /** The calendar month, from midnight of the 1st to the 1st of the next. */
  readonly month: readonly [from: number, to: number];
}

interface WeekInfo {
  readonly firstDay?: number;
}

/** `Intl.Locale` week data where the runtime has it (`getWeekInfo()` in current engines, `weekInfo` in older ones). */
const weekInfoOf = (locale: string): WeekInfo | undefined => {
  try {
    const intlLocale: unknown = new Intl.Locale(locale);
    const getter: unknown = Reflect.get(intlLocale as object, 'getWeekInfo');
    const info: unknown =
      typeof getter === 'function'
        ? Reflect.apply(getter, intlLocale, [])
        : Reflect.get(intlLocale as object, 'weekInfo');
    return typeof info === 'object' && info !== null ? (info as WeekInfo) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The first day of the week in a locale, 0 (Sunday) to 6, as the runtime's `Intl` data gives it;
 * Monday (the ISO week) when the runtime has no week data or the locale is unknown.
 *
 * @param locale - A BCP 47 locale such as `en-US` or `ar-EG`.
 * @returns The day the week starts on: 0 = Sunday, 1 = Monday, 6 = Saturday.
 */
export function firstDayOfWeek(locale: string): number {
  const firstDay = weekInfoOf(locale)?.firstDay;
  // Intl numbers the days 1 (Monday) to 7 (Sunday).
  return typeof firstDay === 'number' && firstDay >= 1 && firstDay <= 7 ? firstDay % 7 : 1;
}

const weekStartOf = (options: PeriodOptions): number => {
  const { weekStartsOn, locale } = options;
  if (weekStartsOn !== undefined) {
    if (!Number.isInteger(weekStartsOn) || weekStartsOn < 0 || weekStartsOn > 6)
      throw new RangeError(`weekStartsOn should be 0 to 6, not ${weekStartsOn}`);
    return weekStartsOn;
  }
  return locale === undefined ? 1 : firstDayOfWeek(locale);
};

const instantOf = (now: number | Date): number => (now instanceof Date ? now.getTime() : now);

/**
 * The calendar day, week and month that contain an instant, in the project's time zone: days
 * start at local midnight, weeks on the locale's first day, months on the 1st.
 *
 * @param now - The instant, in epoch milliseconds or as a `Date`.
 * @param options - Time zone and week start; see {@link PeriodOptions}.
 * @returns The three periods, each `[from, to)`.
 * @throws RangeError when the time zone is unknown or `weekStartsOn` is not 0–6.
 */
export function calendarPeriods(now: number | Date, options: PeriodOptions = {}): CalendarPeriods {
  const calendar = options.timeZone === undefined ? UTC_CALENDAR : createZoneCalendar(options.timeZone);
  const ms = instantOf(now);
  const local = calendar.localParts(ms);
  const back = (local.day_of_week - weekStartOf(options) + 7) % 7;
  return {
    day: [
      calendar.startOfDay(local.year, local.month, local.day),
      calendar.startOfDay(local.year, local.month, local.day + 1),
    ],
    week: [
      calendar.startOfDay(local.year, local.month, local.day - back),
      calendar.startOfDay(local.year, local.month, local.day - back + 7),
    ],
    month: [calendar.startOfDay(local.year, local.month, 1), calendar.startOfDay(local.year, local.month + 1, 1)],
  };
}

/**
 * Counts earlier redemptions over the calendar periods that contain `now`, ready for the
 * `counts` of a {@link ValidationRuleContext}: all of them, and those of this day, week and
 * month in the project's time zone (weeks start on the locale's first day).
 *
 * @param dates - When each earlier redemption happened: ISO 8601 timestamps, `Date`s or epoch
 *   milliseconds; unreadable entries are not counted.
 * @param now - The moment of the validation.
 * @param options - Time zone and week start; see {@link PeriodOptions}.
 * @returns The counts.
 * @throws RangeError when the time zone is unknown or `weekStartsOn` is not 0–6.
 */
export function countRedemptionsByPeriod(
  dates: Iterable<string | number | Date>,
  now: number | Date,
  options: PeriodOptions = {},
): Required<{ [K in keyof RedemptionPeriodCounts]: number }> {
  const { day, week, month } = calendarPeriods(now, options);
  const calendar = options.timeZone === undefined ? UTC_CALENDAR : createZoneCalendar(options.timeZone);
  const within = (ms: number, [from, to]: readonly [number, number]): number => (ms >= from && ms < to ? 1 : 0);
  const counts = { total: 0, daily: 0, weekly: 0, monthly: 0 };
  for (const date of dates) {
    const ms = typeof date === 'number' ? (Number.isFinite(date) ? date : undefined) : readInstant(date, calendar);
    if (ms === undefined) continue;
    counts.total += 1;
    counts.daily += within(ms, day);
    counts.weekly += within(ms, week);
    counts.monthly += within(ms, month);
  }
  return counts;
}
