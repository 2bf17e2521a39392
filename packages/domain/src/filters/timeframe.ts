/**
 * The time-window operators of validation rules, read from their text operands and applied to a
 * date value: `$timeframe` (`start;interval;duration`, a recurring window), `$timeframe_absolute`
 * (`from;to`), `$timeframe_daily_hours` (`HH:MM;HH:MM;days`) and `$dow` (days of the week).
 * Internal to the filter engine: `language.ts` checks operands with the parsers here and
 * `operators.ts` compiles them with the tests here. Local times are read in the project's
 * time zone through a {@link ZoneCalendar}.
 */
import { type ZoneCalendar, isCalendarDate, readInstant } from './time.js';
import { daysInMonth } from '../time/zone.js';

/**
 * An ISO 8601 duration split into its calendar part (years, months, days; weeks count as seven
 * days), added on the wall clock of the time zone, and its exact part in milliseconds.
 */
export interface IsoDuration {
  readonly years: number;
  readonly months: number;
  readonly days: number;
  readonly milliseconds: number;
}

const DURATION =
  /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:[.,]\d{1,3})?)S)?)?$/u;

/**
 * Reads an ISO 8601 duration such as `P1D`, `PT1H30M` or `P1Y2M`; `undefined` for anything else,
 * including a duration of zero length. Fractions are allowed on seconds only, to the millisecond.
 */
export const parseIsoDuration = (text: string): IsoDuration | undefined => {
  const match = DURATION.exec(text.trim().toUpperCase());
  if (match === null) return undefined;
  const [, y, mo, w, d, h, mi, s] = match;
  const count = (part: string | undefined): number => (part === undefined ? 0 : Number(part));
  const seconds = s === undefined ? 0 : Math.round(Number(s.replace(',', '.')) * 1000);
  const duration: IsoDuration = {
    years: count(y),
    months: count(mo),
    days: count(w) * 7 + count(d),
    milliseconds: count(h) * 3_600_000 + count(mi) * 60_000 + seconds,
  };
  const { years, months, days, milliseconds } = duration;
  if (![years, months, days, milliseconds].every(Number.isSafeInteger)) return undefined;
  return years + months + days + milliseconds > 0 ? duration : undefined;
};

/**
 * The instant `times` durations after `ms`: the calendar part moves the wall-clock date in the
 * zone (a day that does not exist in the target month, such as 31 February, becomes the month's
 * last day), then the exact part is added.
 */
export const addDuration = (ms: number, duration: IsoDuration, times: number, calendar: ZoneCalendar): number => {
  let at = ms;
  if (duration.years !== 0 || duration.months !== 0 || duration.days !== 0) {
    const local = calendar.localParts(ms);
    const monthIndex = local.month - 1 + (duration.years * 12 + duration.months) * times;
    const year = local.year + Math.floor(monthIndex / 12);
    const month = (((monthIndex % 12) + 12) % 12) + 1;
    const day = Math.min(local.day, daysInMonth(year, month)) + duration.days * times;
    at = calendar.wallClock(year, month, day, local.hour, local.minute, local.second, local.millisecond);
  }
  return at + duration.milliseconds * times;
};

const AVERAGE_DAY_MS = 86_400_000;

/** Rough length of a duration, used only to guess how many intervals fit before an instant. */
const approximateLength = (duration: IsoDuration): number =>
  (duration.years * 365.2425 + duration.months * 30.436875 + duration.days) * AVERAGE_DAY_MS + duration.milliseconds;

/** A recurring window: from `start`, every `interval`, lasting `duration`. */
export interface Timeframe {
  readonly start: string;
  readonly interval: IsoDuration;
  readonly duration: IsoDuration;
}

/** Reads a `$timeframe` operand, `start;interval;duration` (`2026-01-01T00:00:00Z;P1D;PT1H`). */
export const parseTimeframe = (text: string, calendar: ZoneCalendar): Timeframe | undefined => {
  const parts = text.split(';').map((part) => part.trim());
  if (parts.length !== 3) return undefined;
  const [start = '', intervalText = '', durationText = ''] = parts;
  const interval = parseIsoDuration(intervalText);
  const duration = parseIsoDuration(durationText);
  if (readInstant(start, calendar) === undefined || interval === undefined || duration === undefined) return undefined;
  return { start, interval, duration };
};

/**
 * Whether an instant lies inside a recurring window: in `[start + k × interval, start + k ×
 * interval + duration)` for some whole `k ≥ 0`. Windows longer than their interval overlap, and
 * an instant inside any of them counts.
 */
export const inTimeframe = (ms: number, timeframe: Timeframe, calendar: ZoneCalendar): boolean => {
  const start = readInstant(timeframe.start, calendar);
  if (start === undefined || ms < start) return false;
  const { interval, duration } = timeframe;
  const startOf = (k: number): number => addDuration(start, interval, k, calendar);
  let k = Math.max(0, Math.floor((ms - start) / approximateLength(interval)));
  while (k > 0 && startOf(k) > ms) k -= 1;
  while (startOf(k + 1) <= ms) k += 1;
  // Windows end in the order they start, so when the latest window that has started is over, so
  // are all earlier ones, even when a duration exceeds the interval.
  return ms < addDuration(startOf(k), duration, 1, calendar);
};

/** Bounds `[from, to]` of a `$timeframe_absolute` operand, as texts. */
export interface AbsoluteTimeframe {
  readonly from: string;
  readonly to: string;
}

/** Reads a `$timeframe_absolute` operand, `from;to`, two ISO 8601 dates or timestamps. */
export const parseAbsoluteTimeframe = (text: string, calendar: ZoneCalendar): AbsoluteTimeframe | undefined => {
  const parts = text.split(';').map((part) => part.trim());
  if (parts.length !== 2) return undefined;
  const [from = '', to = ''] = parts;
  const fromMs = readInstant(from, calendar);
  const toMs = readInstant(to, calendar);
  return fromMs === undefined || toMs === undefined || toMs < fromMs ? undefined : { from, to };
};

/**
 * Whether an instant lies between the bounds, both included. A calendar date as a bound stands
 * for its whole day in the zone, so `2026-01-01;2026-01-31` covers all of January.
 */
export const inAbsoluteTimeframe = (ms: number, bounds: AbsoluteTimeframe, calendar: ZoneCalendar): boolean => {
  const from = readInstant(bounds.from, calendar);
  const to = readInstant(bounds.to, calendar);
  if (from === undefined || to === undefined) return false;
  const end = isCalendarDate(bounds.to) ? calendar.startOfDayFrom(to, 1) - 1 : to;
  return ms >= from && ms <= end;
};

/** Daily hours: minutes of the day `[from, to)` (`to` 1440 for the end of the day) on some days of the week. */
export interface DailyHours {
  readonly from: number;
  readonly to: number;
  /** Days of the week, 0 (Sunday) to 6; every day when empty. */
  readonly days: readonly number[];
}

const TIME_OF_DAY = /^(\d{1,2}):(\d{2})$/u;

const minutesOf = (text: string): number | undefined => {
  const match = TIME_OF_DAY.exec(text);
  if (match === null) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return undefined;
  return hours * 60 + minutes;
};

/**
 * Reads a `$timeframe_daily_hours` operand, `HH:MM;HH:MM;days` (`18:00;20:01;2,3`): the start, the
 * end (empty or `24:00` for the end of the day) and comma-separated days 0–6 (every day when
 * left out or empty).
 */
export const parseDailyHours = (text: string): DailyHours | undefined => {
  const parts = text.split(';').map((part) => part.trim());
  if (parts.length < 2 || parts.length > 3) return undefined;
  const [fromText = '', toText = '', daysText = ''] = parts;
  const from = minutesOf(fromText);
  const to = toText === '' ? 1440 : minutesOf(toText);
  if (from === undefined || to === undefined || from === 1440) return undefined;
  const days = daysText === '' ? [] : daysText.split(',').map((day) => day.trim());
  if (!days.every((day) => /^[0-6]$/u.test(day))) return undefined;
  return { from, to, days: [...new Set(days.map(Number))] };
};

/**
 * Whether an instant falls inside daily hours, read on the wall clock of the zone. The end is
 * excluded. A window that ends at or before it starts (`22:00;02:00`) runs past midnight, and its
 * early-morning part belongs to the day it started on.
 */
export const inDailyHours = (ms: number, hours: DailyHours, calendar: ZoneCalendar): boolean => {
  const local = calendar.localParts(ms);
  const minute = local.hour * 60 + local.minute;
  const onDay = (weekday: number): boolean => hours.days.length === 0 || hours.days.includes(weekday);
  if (hours.from < hours.to) return onDay(local.day_of_week) && minute >= hours.from && minute < hours.to;
  return (
    (onDay(local.day_of_week) && minute >= hours.from) || (onDay((local.day_of_week + 6) % 7) && minute < hours.to)
  );
};

/** Whether an instant falls on one of the days of the week (0 = Sunday) on the wall clock of the zone. */
export const onDayOfWeek = (ms: number, days: readonly number[], calendar: ZoneCalendar): boolean =>
  days.includes(calendar.localParts(ms).day_of_week);
