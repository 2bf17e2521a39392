import { DomainError } from '../domain-error.js';
import {
  type IsoDuration,
  addIsoDuration,
  hasCalendarUnits,
  isoDurationTimeMs,
  parseIsoDuration,
} from './iso-duration.js';
import {
  MS_PER_DAY,
  type ZoneClock,
  civilFromDays,
  dayOfWeekOfDays,
  daysFromCivil,
  daysInMonth,
  zoneClock,
} from './zone.js';

/**
 * A recurring validity period: counted from `start_date`, active for `duration` at the start of
 * every `interval` (both ISO 8601 durations).
 *
 * @example
 * ```ts
 * const hourEveryOtherDay: ValidityTimeframeInput = { interval: 'P2D', duration: 'PT1H' };
 * ```
 */
export interface ValidityTimeframeInput {
  /** Time from the start of one active period to the start of the next, such as `P1D`. */
  readonly interval?: string | null | undefined;
  /** Length of each active period, such as `PT1H`. */
  readonly duration?: string | null | undefined;
}

/**
 * One daily window of `validity_hours.daily`.
 *
 * @example
 * ```ts
 * const happyHour: ValidityHoursEntryInput = { start_time: '17:00', expiration_time: '19:00', days_of_week: [5] };
 * ```
 */
export interface ValidityHoursEntryInput {
  /** Start of the window, `HH:MM` in the project's time zone (inclusive). */
  readonly start_time?: string | null | undefined;
  /**
   * End of the window, `HH:MM` (exclusive). Empty or absent means the end of the day; a time at
   * or before `start_time` means the window runs past midnight into the next day.
   */
  readonly expiration_time?: string | null | undefined;
  /** Days (0 Sunday … 6 Saturday) on which the window starts; absent means every day. */
  readonly days_of_week?: readonly number[] | null | undefined;
}

/**
 * The `validity_hours` object.
 *
 * @example
 * ```ts
 * const hours: ValidityHoursInput = { daily: [{ start_time: '09:00', expiration_time: '', days_of_week: [1, 2, 3, 4, 5] }] };
 * ```
 */
export interface ValidityHoursInput {
  /** The daily windows; absent or empty means no restriction by hour. */
  readonly daily?: readonly ValidityHoursEntryInput[] | null | undefined;
}

/**
 * The fields of a voucher, campaign or promotion tier that decide when it can be used, as the
 * API sends them. Every field may be absent or `null`.
 *
 * @example
 * ```ts
 * const window: ValidityWindowInput = {
 *   active: true,
 *   start_date: '2025-01-01T00:00:00.000Z',
 *   expiration_date: '2025-12-31T23:59:59.000Z',
 *   validity_day_of_week: [1, 2, 3, 4, 5],
 * };
 * ```
 */
export interface ValidityWindowInput {
  /** Whether the object is switched on; `false` disables it whatever its dates. Default `true`. */
  readonly active?: boolean | null | undefined;
  /** Start of validity (ISO 8601 timestamp); the object is not active before it. */
  readonly start_date?: string | null | undefined;
  /** End of validity (ISO 8601 timestamp); the object is expired after it. */
  readonly expiration_date?: string | null | undefined;
  /** Recurring validity periods, counted from `start_date` (which it requires). */
  readonly validity_timeframe?: ValidityTimeframeInput | null | undefined;
  /** Days of the week (0 Sunday … 6 Saturday); absent, `null` or empty means every day. */
  readonly validity_day_of_week?: readonly number[] | null | undefined;
  /** Daily windows of validity. */
  readonly validity_hours?: ValidityHoursInput | null | undefined;
}

/**
 * Why an object is not usable at an instant. `outside_*` reasons all map to the "not active now"
 * error key.
 *
 * @example
 * ```ts
 * const reason: ValidityFailureReason = 'outside_hours';
 * ```
 */
export type ValidityFailureReason =
  | 'not_started'
  | 'expired'
  | 'disabled'
  | 'outside_timeframe'
  | 'outside_day_of_week'
  | 'outside_hours';

/**
 * The service's error keys for an object that is not usable at an instant.
 *
 * @example
 * ```ts
 * const key: ValidityFailureKey = 'voucher_expired';
 * ```
 */
export type ValidityFailureKey =
  /** A voucher before its `start_date`. */
  | 'voucher_not_active'
  /** A voucher after its `expiration_date`. */
  | 'voucher_expired'
  /** A voucher with `active: false`. */
  | 'voucher_disabled'
  /** A voucher outside its timeframe, days of the week or hours. */
  | 'voucher_not_active_now'
  /** A promotion tier with `active: false`. */
  | 'promotion_inactive'
  /** A promotion tier outside its dates, timeframe, days or hours. */
  | 'promotion_not_active_now'
  /** A campaign that is switched off or outside its validity. */
  | 'campaign_not_active';

/**
 * The key and message answered for a failure.
 *
 * @example
 * ```ts
 * const failure: ValidityFailureText = { key: 'voucher_expired', message: 'voucher expired' };
 * ```
 */
export interface ValidityFailureText {
  /** The service's error key. */
  readonly key: ValidityFailureKey;
  /** The service's short message for it. */
  readonly message: string;
}

/**
 * Which key and message each kind of failure gets; see {@link VOUCHER_VALIDITY_KEYS},
 * {@link PROMOTION_TIER_VALIDITY_KEYS} and {@link CAMPAIGN_VALIDITY_KEYS}.
 *
 * @example
 * ```ts
 * const keys: ValidityFailureKeys = VOUCHER_VALIDITY_KEYS;
 * keys.not_active_now.key; // 'voucher_not_active_now'
 * ```
 */
export interface ValidityFailureKeys {
  /** Before `start_date`. */
  readonly not_started: ValidityFailureText;
  /** After `expiration_date`. */
  readonly expired: ValidityFailureText;
  /** `active` is `false`. */
  readonly disabled: ValidityFailureText;
  /** Outside the timeframe, the days of the week or the daily hours. */
  readonly not_active_now: ValidityFailureText;
}

/**
 * Failure keys of vouchers, as the service names them.
 *
 * @example
 * ```ts
 * VOUCHER_VALIDITY_KEYS.disabled; // { key: 'voucher_disabled', message: 'voucher is disabled' }
 * ```
 */
export const VOUCHER_VALIDITY_KEYS: ValidityFailureKeys = Object.freeze({
  not_started: { key: 'voucher_not_active', message: 'voucher not active' },
  expired: { key: 'voucher_expired', message: 'voucher expired' },
  disabled: { key: 'voucher_disabled', message: 'voucher is disabled' },
  not_active_now: { key: 'voucher_not_active_now', message: 'voucher not active now' },
} as const);

/**
 * Failure keys of promotion tiers. The service names only two: `promotion_inactive` for a
 * switched-off tier and `promotion_not_active_now` for the time frame, which we also answer
 * before the start and after the expiry (unverified; see decision 0015).
 *
 * @example
 * ```ts
 * PROMOTION_TIER_VALIDITY_KEYS.expired.key; // 'promotion_not_active_now'
 * ```
 */
export const PROMOTION_TIER_VALIDITY_KEYS: ValidityFailureKeys = Object.freeze({
  not_started: { key: 'promotion_not_active_now', message: 'promotion not active now' },
  expired: { key: 'promotion_not_active_now', message: 'promotion not active now' },
  disabled: { key: 'promotion_inactive', message: 'Inactive Promotion' },
  not_active_now: { key: 'promotion_not_active_now', message: 'promotion not active now' },
} as const);

/**
 * Failure keys of campaigns: the service answers `campaign_not_active` whatever the cause.
 *
 * @example
 * ```ts
 * CAMPAIGN_VALIDITY_KEYS.disabled.key; // 'campaign_not_active'
 * ```
 */
export const CAMPAIGN_VALIDITY_KEYS: ValidityFailureKeys = Object.freeze({
  not_started: { key: 'campaign_not_active', message: 'campaign is not active' },
  expired: { key: 'campaign_not_active', message: 'campaign is not active' },
  disabled: { key: 'campaign_not_active', message: 'campaign is not active' },
  not_active_now: { key: 'campaign_not_active', message: 'campaign is not active' },
} as const);

/**
 * The answer of a validity check: usable, or not with the reason and the service's key.
 *
 * @example
 * ```ts
 * const result: ValidityCheckResult = checkValidityWindow({ active: false }, Date.now());
 * if (!result.active) console.log(result.key); // 'voucher_disabled'
 * ```
 */
export type ValidityCheckResult =
  | { readonly active: true }
  | {
      readonly active: false;
      /** What failed. */
      readonly reason: ValidityFailureReason;
      /** The service's error key for it. */
      readonly key: ValidityFailureKey;
      /** The service's short message for it. */
      readonly message: string;
    };

/**
 * Options of a validity check.
 *
 * @example
 * ```ts
 * const options: ValidityWindowOptions = { timeZone: 'Europe/Warsaw', keys: PROMOTION_TIER_VALIDITY_KEYS };
 * ```
 */
export interface ValidityWindowOptions {
  /** The project's IANA time zone; days of the week, hours and calendar units follow it. Default `UTC`. */
  readonly timeZone?: string | undefined;
  /** Keys and messages of the failures. Default {@link VOUCHER_VALIDITY_KEYS}. */
  readonly keys?: ValidityFailureKeys | undefined;
}

/**
 * A compiled validity check: answers for an instant, as epoch milliseconds or a `Date`.
 *
 * @example
 * ```ts
 * const check: ValidityWindowCheck = compileValidityWindow({ validity_day_of_week: [6, 0] });
 * check(Date.parse('2025-06-07T12:00:00Z')).active; // true, a Saturday
 * ```
 */
export type ValidityWindowCheck = (at: number | Date) => ValidityCheckResult;

const ACTIVE: ValidityCheckResult = Object.freeze({ active: true });
const EVERY_DAY = 0b111_1111;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/u;

const invalid = (message: string, details: string): DomainError =>
  new DomainError('invalid_payload', message, { details });

const parseTimestamp = (value: string | null | undefined, property: string): number | undefined => {
  if (value === undefined || value === null) return undefined;
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) {
    throw invalid(
      'invalid date',
      `Property ${property} should be an ISO 8601 timestamp (actual value is ${JSON.stringify(value)})`,
    );
  }
  return instant;
};

const dayMaskOf = (days: readonly number[] | null | undefined, property: string, emptyMeansEvery: boolean): number => {
  if (days === undefined || days === null) return EVERY_DAY;
  if (days.length === 0 && emptyMeansEvery) return EVERY_DAY;
  let mask = 0;
  for (const day of days) {
    if (!Number.isInteger(day) || day < 0 || day > 6) {
      throw invalid(
        'invalid day of week',
        `Property ${property} should hold integers from 0 (Sunday) to 6 (Saturday) (actual value is ${JSON.stringify(day)})`,
      );
    }
    mask |= 1 << day;
  }
  return mask;
};

const minuteOf = (time: string, property: string): number => {
  const match = HH_MM.exec(time);
  if (match === null)
    throw invalid(
      'invalid time',
      `Property ${property} should be a time HH:MM (actual value is ${JSON.stringify(time)})`,
    );
  return Number(match[1]) * 60 + Number(match[2]);
};

/** A daily window in milliseconds of the local day; `end` ≤ `start` wraps into the next day. */
interface HoursWindow {
  readonly start: number;
  readonly end: number;
  readonly wraps: boolean;
  readonly days: number;
  /** Days whose following day the wrapped part covers: `days` shifted by one. */
  readonly nextDays: number;
}

const compileHours = (hours: ValidityHoursInput | null | undefined): HoursWindow[] => {
  const daily = hours?.daily;
  if (daily === undefined || daily === null) return [];
  return daily.map((entry, index) => {
    const base = `.validity_hours.daily[${index}]`;
    const startTime = entry.start_time;
    if (startTime === undefined || startTime === null)
      throw invalid('invalid time', `Property ${base}.start_time is required`);
    const start = minuteOf(startTime, `${base}.start_time`) * 60_000;
    const endTime = entry.expiration_time;
    const end =
      endTime === undefined || endTime === null || endTime === ''
        ? MS_PER_DAY
        : minuteOf(endTime, `${base}.expiration_time`) * 60_000;
    const days = dayMaskOf(entry.days_of_week, `${base}.days_of_week`, false);
    const wraps = end <= start;
    return { start, end, wraps, days, nextDays: ((days << 1) | (days >>> 6)) & EVERY_DAY };
  });
};

/** Finds the start of the last active period at or before an instant and its end. */
interface Timeframe {
  /** Whether `at` (not before the first period) lies inside an active period. */
  contains(at: number): boolean;
}

const compileTimeframe = (
  timeframe: ValidityTimeframeInput,
  start: number | undefined,
  clock: ZoneClock,
): Timeframe => {
  if (
    timeframe.interval === undefined ||
    timeframe.interval === null ||
    timeframe.duration === undefined ||
    timeframe.duration === null
  ) {
    throw invalid('invalid validity_timeframe', 'Property .validity_timeframe should have interval and duration');
  }
  const interval = parseIsoDuration(timeframe.interval, '.validity_timeframe.interval');
  const duration = parseIsoDuration(timeframe.duration, '.validity_timeframe.duration');
  if (start === undefined)
    throw invalid('invalid validity_timeframe', 'Property .start_date is required when .validity_timeframe is set');
  const intervalMs = isoDurationTimeMs(interval);
  const durationMs = isoDurationTimeMs(duration);
  const intervalIsCalendar = hasCalendarUnits(interval);
  const durationIsCalendar = hasCalendarUnits(duration);
  if (!intervalIsCalendar && intervalMs <= 0)
    throw invalid('invalid validity_timeframe', 'Property .validity_timeframe.interval should be longer than zero');
  if (!durationIsCalendar && durationMs <= 0)
    throw invalid('invalid validity_timeframe', 'Property .validity_timeframe.duration should be longer than zero');

  const endOf = (periodStart: number): number =>
    durationIsCalendar ? addIsoDuration(periodStart, duration, clock.timeZone) : periodStart + durationMs;

  if (!intervalIsCalendar) {
    return {
      contains: (at) => {
        const periodStart = start + Math.floor((at - start) / intervalMs) * intervalMs;
        return at < endOf(periodStart);
      },
    };
  }
  return compileCalendarTimeframe(interval, start, clock, endOf);
};

/** Timeframes whose interval has calendar units: period k starts at start + k × interval. */
const compileCalendarTimeframe = (
  interval: IsoDuration,
  start: number,
  clock: ZoneClock,
  endOf: (periodStart: number) => number,
): Timeframe => {
  const intervalMs = isoDurationTimeMs(interval);
  const stepMonths = interval.years * 12 + interval.months;
  const stepDays = interval.weeks * 7 + interval.days;
  const nominal = stepMonths * 30.436875 * MS_PER_DAY + stepDays * MS_PER_DAY + intervalMs;
  // The start's wall-clock date and time, split once: period k is the same as addIsoDuration(start, interval × k).
  const startWall = clock.toWall(start);
  const startDays = Math.floor(startWall / MS_PER_DAY);
  const timeOfDay = startWall - startDays * MS_PER_DAY;
  const [startYear, startMonth, startDay] = civilFromDays(startDays);
  const startMonthIndex = startYear * 12 + (startMonth - 1);

  // Period 0 is `start` itself, even when its wall time occurs twice and would read as the earlier one.
  const periodStart = (k: number): number => {
    if (k === 0) return start;
    let days = startDays;
    if (stepMonths !== 0) {
      const target = startMonthIndex + k * stepMonths;
      const year = Math.floor(target / 12);
      const month = target - year * 12 + 1;
      days = daysFromCivil(year, month, Math.min(startDay, daysInMonth(year, month)));
    }
    return clock.fromWall((days + k * stepDays) * MS_PER_DAY + timeOfDay) + k * intervalMs;
  };

  return {
    contains: (at) => {
      // Estimate the period from the nominal length, then step to the last start at or before `at`.
      let k = Math.max(0, Math.floor((at - start) / nominal));
      let current = periodStart(k);
      while (current > at && k > 0) current = periodStart(--k);
      for (let next = periodStart(k + 1); next <= at; next = periodStart(k + 1)) {
        k += 1;
        current = next;
      }
      return at < endOf(current);
    },
  };
};

/** The answers for each failure, made once per keys table. */
interface Failures {
  readonly notStarted: ValidityCheckResult;
  readonly expired: ValidityCheckResult;
  readonly disabled: ValidityCheckResult;
  readonly outsideTimeframe: ValidityCheckResult;
  readonly outsideDay: ValidityCheckResult;
  readonly outsideHours: ValidityCheckResult;
}

const failureCache = new WeakMap<ValidityFailureKeys, Failures>();

const failuresOf = (keys: ValidityFailureKeys): Failures => {
  let failures = failureCache.get(keys);
  if (failures === undefined) {
    const failure = (reason: ValidityFailureReason, text: ValidityFailureText): ValidityCheckResult =>
      Object.freeze({ active: false, reason, key: text.key, message: text.message });
    failures = {
      notStarted: failure('not_started', keys.not_started),
      expired: failure('expired', keys.expired),
      disabled: failure('disabled', keys.disabled),
      outsideTimeframe: failure('outside_timeframe', keys.not_active_now),
      outsideDay: failure('outside_day_of_week', keys.not_active_now),
      outsideHours: failure('outside_hours', keys.not_active_now),
    };
    failureCache.set(keys, failures);
  }
  return failures;
};

/**
 * Compiles the validity settings of a voucher, campaign or promotion tier into a fast check.
 * Compile once per object and call the check per request; parsing happens here, so invalid
 * settings fail at once (use it to validate a create or update request).
 *
 * Checks, in this order (the first failure wins):
 * 1. before `start_date` → `not_started` (`voucher_not_active`);
 * 2. after `expiration_date` → `expired` (`voucher_expired`); both dates are inclusive bounds of
 *    validity;
 * 3. `active: false` → `disabled` (`voucher_disabled`);
 * 4. outside the timeframe, the days of the week, or every daily window (all read on the
 *    wall clock of `timeZone`) → `outside_timeframe`, `outside_day_of_week` or `outside_hours`
 *    (`voucher_not_active_now`).
 *
 * A timeframe's periods start at `start_date` + k × `interval`, k = 0, 1, …, and last `duration`.
 * Calendar units (days, weeks, months, years) follow the zone's calendar, so a `P1D` interval
 * keeps the local time of day across changes of the clocks; hours, minutes and seconds are exact.
 *
 * @param window - The object's `active`, dates and `validity_*` fields.
 * @param options - The project's time zone and the failure keys (voucher keys by default).
 * @returns A function answering for an instant.
 * @throws DomainError `invalid_payload` when a date, duration, time or day is malformed, a
 *   timeframe lacks `interval`, `duration` or `start_date`, or a timeframe period is empty.
 * @throws RangeError when the time zone is unknown.
 * @example
 * ```ts
 * const happyHour = compileValidityWindow(
 *   { validity_hours: { daily: [{ start_time: '17:00', expiration_time: '19:00', days_of_week: [5] }] } },
 *   { timeZone: 'Europe/Warsaw' },
 * );
 * happyHour(Date.parse('2025-06-06T16:30:00Z')).active; // true: Friday 18:30 in Warsaw
 * ```
 */
export function compileValidityWindow(
  window: ValidityWindowInput,
  options: ValidityWindowOptions = {},
): ValidityWindowCheck {
  const keys = options.keys ?? VOUCHER_VALIDITY_KEYS;
  const clock = zoneClock(options.timeZone ?? 'UTC');
  const start = parseTimestamp(window.start_date, '.start_date');
  const expiration = parseTimestamp(window.expiration_date, '.expiration_date');
  const enabled = window.active !== false;
  const timeframe =
    window.validity_timeframe === undefined || window.validity_timeframe === null
      ? undefined
      : compileTimeframe(window.validity_timeframe, start, clock);
  const dayMask = dayMaskOf(window.validity_day_of_week, '.validity_day_of_week', true);
  const hours = compileHours(window.validity_hours);
  const needsWallClock = dayMask !== EVERY_DAY || hours.length > 0;

  const { notStarted, expired, disabled, outsideTimeframe, outsideDay, outsideHours } = failuresOf(keys);
  const firstStart = start ?? -Infinity;
  const lastExpiration = expiration ?? Infinity;

  return (input) => {
    const at = typeof input === 'number' ? input : input.getTime();
    if (at < firstStart) return notStarted;
    if (at > lastExpiration) return expired;
    if (!enabled) return disabled;
    if (timeframe !== undefined && !timeframe.contains(at)) return outsideTimeframe;
    if (!needsWallClock) return ACTIVE;
    const wall = clock.toWall(at);
    const days = Math.floor(wall / MS_PER_DAY);
    const day = 1 << dayOfWeekOfDays(days);
    if ((dayMask & day) === 0) return outsideDay;
    if (hours.length === 0) return ACTIVE;
    const inDay = wall - days * MS_PER_DAY;
    for (const window of hours) {
      if (window.wraps) {
        if (
          ((window.days & day) !== 0 && inDay >= window.start) ||
          ((window.nextDays & day) !== 0 && inDay < window.end)
        )
          return ACTIVE;
      } else if ((window.days & day) !== 0 && inDay >= window.start && inDay < window.end) {
        return ACTIVE;
      }
    }
    return outsideHours;
  };
}

/**
 * Tells whether a voucher, campaign or promotion tier can be used at an instant, and if not,
 * which of the service's keys to answer. A one-off form of {@link compileValidityWindow}: same
 * rules and order of checks; compile instead when checking one object many times.
 *
 * @param window - The object's `active`, dates and `validity_*` fields.
 * @param at - The instant, as epoch milliseconds or a `Date`.
 * @param options - The project's time zone and the failure keys (voucher keys by default).
 * @returns `{ active: true }`, or `{ active: false, reason, key, message }`.
 * @throws DomainError `invalid_payload` when the settings are malformed (see {@link compileValidityWindow}).
 * @throws RangeError when the time zone is unknown.
 * @example
 * ```ts
 * checkValidityWindow({ expiration_date: '2025-01-01T00:00:00Z' }, Date.parse('2025-02-01T00:00:00Z'));
 * // { active: false, reason: 'expired', key: 'voucher_expired', message: 'voucher expired' }
 * ```
 */
export function checkValidityWindow(
  window: ValidityWindowInput,
  at: number | Date,
  options: ValidityWindowOptions = {},
): ValidityCheckResult {
  return compileValidityWindow(window, options)(at);
}
