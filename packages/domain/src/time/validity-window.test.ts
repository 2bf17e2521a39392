import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import { addIsoDuration } from './iso-duration.js';
import { zonedDateTime } from './zone.js';
import {
  CAMPAIGN_VALIDITY_KEYS,
  PROMOTION_TIER_VALIDITY_KEYS,
  VOUCHER_VALIDITY_KEYS,
  type ValidityHoursEntryInput,
  type ValidityWindowInput,
  checkValidityWindow,
  compileValidityWindow,
} from './validity-window.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONES = ['Europe/Warsaw', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'];
const at = (text: string): number => Date.parse(text);
const iso = (instant: number): string => new Date(instant).toISOString();

const instantArb = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) });
const daysArb = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 });
const hhmmArb = fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) });
const text = ({ hour, minute }: { hour: number; minute: number }): string =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/** Any settings, valid ones only: dates, flag, timeframe, days and hours in any combination. */
const windowArb: fc.Arbitrary<ValidityWindowInput> = fc
  .record(
    {
      active: fc.option(fc.boolean()),
      start: instantArb,
      length: fc.integer({ min: 0, max: 400 * DAY }),
      timeframe: fc.option(
        fc.record({
          interval: fc.constantFrom('P1D', 'P2D', 'P1W', 'PT6H', 'P1M', 'PT90M'),
          duration: fc.constantFrom('PT1H', 'PT12H', 'P1D', 'PT30M'),
        }),
      ),
      days: fc.option(daysArb),
      hours: fc.option(
        fc.array(
          fc.record({
            start_time: hhmmArb.map(text),
            expiration_time: fc.oneof(hhmmArb.map(text), fc.constant('')),
            days_of_week: daysArb,
          }),
          {
            maxLength: 3,
          },
        ),
      ),
      hasStart: fc.boolean(),
      hasExpiration: fc.boolean(),
    },
    { requiredKeys: ['start', 'length', 'hasStart', 'hasExpiration'] },
  )
  .map(({ active, start, length, timeframe, days, hours, hasStart, hasExpiration }) => ({
    active,
    start_date: hasStart || timeframe !== undefined ? iso(start) : null,
    expiration_date: hasExpiration ? iso(start + length) : undefined,
    validity_timeframe: timeframe,
    validity_day_of_week: days,
    validity_hours: hours === null || hours === undefined ? hours : { daily: hours },
  }));

describe('checkValidityWindow: dates and flag', () => {
  it('is active with no settings at all', () => {
    expect(checkValidityWindow({}, 0)).toEqual({ active: true });
  });

  it('answers the voucher keys for each failure', () => {
    const window = { start_date: '2025-01-01T00:00:00Z', expiration_date: '2025-12-31T23:59:59Z' };
    expect(checkValidityWindow(window, at('2024-12-31T23:59:59.999Z'))).toEqual({
      active: false,
      reason: 'not_started',
      key: 'voucher_not_active',
      message: 'voucher not active',
    });
    expect(checkValidityWindow(window, at('2026-01-01T00:00:00Z'))).toEqual({
      active: false,
      reason: 'expired',
      key: 'voucher_expired',
      message: 'voucher expired',
    });
    expect(checkValidityWindow({ ...window, active: false }, at('2025-06-01T00:00:00Z'))).toEqual({
      active: false,
      reason: 'disabled',
      key: 'voucher_disabled',
      message: 'voucher is disabled',
    });
  });

  it('counts both dates as part of the validity', () => {
    const window = { start_date: '2025-01-01T00:00:00Z', expiration_date: '2025-01-31T00:00:00Z' };
    expect(checkValidityWindow(window, at('2025-01-01T00:00:00Z')).active).toBe(true);
    expect(checkValidityWindow(window, new Date('2025-01-31T00:00:00Z')).active).toBe(true);
    expect(checkValidityWindow(window, at('2025-01-31T00:00:00.001Z')).active).toBe(false);
  });

  it('reports the dates before the flag, and the flag before the recurring windows', () => {
    const window: ValidityWindowInput = {
      active: false,
      start_date: '2025-01-01T00:00:00Z',
      expiration_date: '2025-01-31T00:00:00Z',
      validity_day_of_week: [1],
    };
    expect(checkValidityWindow(window, at('2024-06-01T00:00:00Z'))).toMatchObject({ key: 'voucher_not_active' });
    expect(checkValidityWindow(window, at('2025-06-01T00:00:00Z'))).toMatchObject({ key: 'voucher_expired' });
    expect(checkValidityWindow(window, at('2025-01-04T00:00:00Z'))).toMatchObject({ key: 'voucher_disabled' }); // a Saturday
    expect(checkValidityWindow({ ...window, active: true }, at('2025-01-04T00:00:00Z'))).toMatchObject({
      key: 'voucher_not_active_now',
      reason: 'outside_day_of_week',
    });
  });

  it('treats a missing or null flag as switched on', () => {
    expect(checkValidityWindow({ active: null }, 0).active).toBe(true);
    expect(checkValidityWindow({ active: undefined }, 0).active).toBe(true);
  });

  it('uses the promotion tier and campaign keys when asked', () => {
    const window = { active: false, expiration_date: '2025-01-01T00:00:00Z' };
    const tier = { keys: PROMOTION_TIER_VALIDITY_KEYS };
    expect(checkValidityWindow(window, at('2024-06-01T00:00:00Z'), tier)).toMatchObject({
      key: 'promotion_inactive',
      message: 'Inactive Promotion',
    });
    expect(checkValidityWindow(window, at('2025-06-01T00:00:00Z'), tier)).toMatchObject({
      key: 'promotion_not_active_now',
      reason: 'expired',
    });
    expect(
      checkValidityWindow({ validity_day_of_week: [] as number[], start_date: '2030-01-01T00:00:00Z' }, 0, tier),
    ).toMatchObject({
      key: 'promotion_not_active_now',
      reason: 'not_started',
    });
    const campaign = { keys: CAMPAIGN_VALIDITY_KEYS };
    expect(checkValidityWindow(window, at('2024-06-01T00:00:00Z'), campaign)).toMatchObject({
      key: 'campaign_not_active',
      reason: 'disabled',
    });
    expect(checkValidityWindow(window, at('2025-06-01T00:00:00Z'), campaign)).toMatchObject({
      key: 'campaign_not_active',
      reason: 'expired',
    });
    expect(VOUCHER_VALIDITY_KEYS.not_active_now.key).toBe('voucher_not_active_now');
  });

  it('is never active before the start or after the expiry, and never when disabled', () => {
    fc.assert(
      fc.property(windowArb, instantArb, fc.constantFrom(...ZONES), (window, instant, timeZone) => {
        const result = checkValidityWindow(window, instant, { timeZone });
        const start =
          window.start_date === null || window.start_date === undefined ? -Infinity : Date.parse(window.start_date);
        const expiration =
          window.expiration_date === null || window.expiration_date === undefined
            ? Infinity
            : Date.parse(window.expiration_date);
        if (instant < start) expect(result).toMatchObject({ reason: 'not_started' });
        else if (instant > expiration) expect(result).toMatchObject({ reason: 'expired' });
        else if (window.active === false) expect(result).toMatchObject({ reason: 'disabled' });
        else if (result.active === false) expect(result.key).toBe('voucher_not_active_now');
      }),
      { numRuns: 500 },
    );
  });

  it('is always active inside the dates when nothing else restricts it', () => {
    fc.assert(
      fc.property(
        instantArb,
        fc.integer({ min: 0, max: 1000 * DAY }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (start, length, share) => {
          const window = {
            active: true,
            start_date: iso(start),
            expiration_date: iso(start + length),
            validity_day_of_week: [],
            validity_hours: { daily: [] },
          };
          expect(
            checkValidityWindow(window, start + Math.floor(length * share), { timeZone: 'Europe/Warsaw' }),
          ).toEqual({ active: true });
        },
      ),
    );
  });

  it('refuses malformed dates', () => {
    const error = catchDomainError(() => compileValidityWindow({ start_date: 'soon' }));
    expect(error.key).toBe('invalid_payload');
    expect(error.details).toBe('Property .start_date should be an ISO 8601 timestamp (actual value is "soon")');
  });
});

describe('checkValidityWindow: days of the week', () => {
  it('follows the local day of the week in the project time zone', () => {
    const weekdays = { validity_day_of_week: [1, 2, 3, 4, 5] };
    // Friday 23:30 UTC is Saturday 00:30 in Warsaw.
    const fridayNight = at('2025-06-06T23:30:00Z');
    expect(checkValidityWindow(weekdays, fridayNight).active).toBe(true);
    expect(checkValidityWindow(weekdays, fridayNight, { timeZone: 'Europe/Warsaw' })).toMatchObject({
      active: false,
      reason: 'outside_day_of_week',
    });
  });

  it('is active exactly on the listed local days', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        instantArb,
        fc.constantFrom(...ZONES),
        (days, instant, timeZone) => {
          const result = checkValidityWindow({ validity_day_of_week: days }, instant, { timeZone });
          expect(result.active).toBe(days.includes(zonedDateTime(instant, timeZone).day_of_week));
        },
      ),
    );
  });

  it('refuses days outside 0 to 6', () => {
    expect(catchDomainError(() => compileValidityWindow({ validity_day_of_week: [7] })).details).toBe(
      'Property .validity_day_of_week should hold integers from 0 (Sunday) to 6 (Saturday) (actual value is 7)',
    );
  });
});

describe('checkValidityWindow: daily hours', () => {
  const hoursWindow = (entries: ValidityHoursEntryInput[]): ValidityWindowInput => ({
    validity_hours: { daily: entries },
  });

  it('is active exactly for local times in [start, expiration) on the listed days', () => {
    fc.assert(
      fc.property(
        hhmmArb,
        hhmmArb,
        daysArb,
        instantArb,
        fc.constantFrom(...ZONES),
        (from, to, days, instant, timeZone) => {
          const start = from.hour * 60 + from.minute;
          const end = to.hour * 60 + to.minute;
          fc.pre(start < end);
          const result = checkValidityWindow(
            hoursWindow([{ start_time: text(from), expiration_time: text(to), days_of_week: days }]),
            instant,
            { timeZone },
          );
          const local = zonedDateTime(instant, timeZone);
          const minute = local.hour * 60 + local.minute;
          expect(result.active).toBe(days.includes(local.day_of_week) && minute >= start && minute < end);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads an empty expiration as the end of the day', () => {
    const evening = hoursWindow([{ start_time: '18:00', expiration_time: '', days_of_week: [0, 1, 2, 3, 4, 5, 6] }]);
    expect(checkValidityWindow(evening, at('2025-06-02T23:59:59.999Z')).active).toBe(true);
    expect(checkValidityWindow(evening, at('2025-06-03T00:00:00Z')).active).toBe(false);
    expect(checkValidityWindow(evening, at('2025-06-02T17:59:59Z'))).toMatchObject({
      reason: 'outside_hours',
      key: 'voucher_not_active_now',
    });
    const noEnd = hoursWindow([{ start_time: '18:00' }]);
    expect(checkValidityWindow(noEnd, at('2025-06-02T23:00:00Z')).active).toBe(true);
  });

  it('runs a window that ends at or before its start past midnight, from the listed days', () => {
    const lateFriday = hoursWindow([{ start_time: '22:00', expiration_time: '02:00', days_of_week: [5] }]);
    expect(checkValidityWindow(lateFriday, at('2025-06-06T22:00:00Z')).active).toBe(true); // Friday
    expect(checkValidityWindow(lateFriday, at('2025-06-07T01:59:00Z')).active).toBe(true); // Saturday
    expect(checkValidityWindow(lateFriday, at('2025-06-07T02:00:00Z')).active).toBe(false);
    expect(checkValidityWindow(lateFriday, at('2025-06-06T01:00:00Z')).active).toBe(false); // Friday early: Thursday's night is not listed
    expect(checkValidityWindow(lateFriday, at('2025-06-07T22:30:00Z')).active).toBe(false); // Saturday night
    const saturdayToSunday = hoursWindow([{ start_time: '23:00', expiration_time: '01:00', days_of_week: [6] }]);
    expect(checkValidityWindow(saturdayToSunday, at('2025-06-08T00:30:00Z')).active).toBe(true); // Sunday, wraps 6 → 0
    const midnight = hoursWindow([{ start_time: '20:00', expiration_time: '00:00', days_of_week: [1] }]);
    expect(checkValidityWindow(midnight, at('2025-06-02T23:59:00Z')).active).toBe(true);
    expect(checkValidityWindow(midnight, at('2025-06-03T00:00:00Z')).active).toBe(false);
  });

  it('is active when any of several windows is', () => {
    const twice = hoursWindow([
      { start_time: '08:00', expiration_time: '10:00', days_of_week: [1] },
      { start_time: '18:00', expiration_time: '20:00', days_of_week: [1, 2] },
    ]);
    expect(checkValidityWindow(twice, at('2025-06-02T09:00:00Z')).active).toBe(true);
    expect(checkValidityWindow(twice, at('2025-06-03T19:00:00Z')).active).toBe(true);
    expect(checkValidityWindow(twice, at('2025-06-03T09:00:00Z')).active).toBe(false);
  });

  it('follows the wall clock across changes of the clocks', () => {
    const options = { timeZone: 'Europe/Warsaw' };
    const nightHour = hoursWindow([{ start_time: '02:00', expiration_time: '03:00', days_of_week: [0] }]);
    // 30 March 2025: 02:00–03:00 does not exist in Warsaw, so the window never opens.
    for (let instant = at('2025-03-29T22:00:00Z'); instant < at('2025-03-30T22:00:00Z'); instant += 60_000) {
      expect(checkValidityWindow(nightHour, instant, options).active).toBe(false);
    }
    // 26 October 2025: 02:00–03:00 happens twice, so the window is open for two real hours.
    let open = 0;
    for (let instant = at('2025-10-25T22:00:00Z'); instant < at('2025-10-26T23:00:00Z'); instant += 60_000) {
      if (checkValidityWindow(nightHour, instant, options).active) open += 1;
    }
    expect(open).toBe(120);
    const morning = hoursWindow([{ start_time: '09:00', expiration_time: '10:00', days_of_week: [0, 1] }]);
    expect(checkValidityWindow(morning, at('2025-03-30T07:30:00Z'), options).active).toBe(true); // 09:30 CEST
    expect(checkValidityWindow(morning, at('2025-03-30T08:30:00Z'), options).active).toBe(false);
    expect(checkValidityWindow(morning, at('2025-03-31T07:30:00Z'), options).active).toBe(true);
  });

  it('refuses malformed times', () => {
    for (const entry of [
      { start_time: '9:00' },
      { start_time: '24:00' },
      { start_time: '10:00', expiration_time: '10:60' },
      {},
    ]) {
      expect(catchDomainError(() => compileValidityWindow(hoursWindow([entry]))).key).toBe('invalid_payload');
    }
    expect(catchDomainError(() => compileValidityWindow(hoursWindow([{ start_time: '9:00' }]))).details).toBe(
      'Property .validity_hours.daily[0].start_time should be a time HH:MM (actual value is "9:00")',
    );
  });
});

describe('checkValidityWindow: timeframe', () => {
  it('is active for the duration at the start of every interval, counted from start_date', () => {
    const window = { start_date: '2025-01-01T10:00:00Z', validity_timeframe: { interval: 'P2D', duration: 'PT1H' } };
    expect(checkValidityWindow(window, at('2025-01-01T10:30:00Z')).active).toBe(true);
    expect(checkValidityWindow(window, at('2025-01-01T11:00:00Z'))).toMatchObject({
      reason: 'outside_timeframe',
      key: 'voucher_not_active_now',
    });
    expect(checkValidityWindow(window, at('2025-01-02T10:30:00Z')).active).toBe(false);
    expect(checkValidityWindow(window, at('2025-01-03T10:00:00Z')).active).toBe(true);
    expect(checkValidityWindow(window, at('2025-01-03T09:59:59Z')).active).toBe(false);
  });

  it('matches (t − start) mod interval < duration for exact intervals', () => {
    fc.assert(
      fc.property(
        instantArb,
        fc.integer({ min: 1, max: 72 }),
        fc.integer({ min: 1, max: 72 }),
        fc.integer({ min: 0, max: 365 * DAY }),
        (start, hours, minutes, elapsed) => {
          const window = {
            start_date: iso(start),
            validity_timeframe: { interval: `PT${hours}H`, duration: `PT${minutes}M` },
          };
          const result = checkValidityWindow(window, start + elapsed, { timeZone: 'Europe/Warsaw' });
          expect(result.active).toBe(elapsed % (hours * HOUR) < minutes * 60_000);
        },
      ),
    );
  });

  it('keeps the local start time of daily periods across changes of the clocks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * 365 * DAY }),
        fc.constantFrom('Europe/Warsaw', 'America/New_York', 'Australia/Lord_Howe'),
        (elapsed, timeZone) => {
          // Periods 10:00–12:00 local, every day from 1 January 2025.
          const start = zonedStart(timeZone);
          const window = { start_date: iso(start), validity_timeframe: { interval: 'P1D', duration: 'PT2H' } };
          const instant = start + elapsed;
          const local = zonedDateTime(instant, timeZone);
          expect(checkValidityWindow(window, instant, { timeZone }).active).toBe(local.hour >= 10 && local.hour < 12);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('counts calendar months from the start, ending on the last day of shorter months', () => {
    const window = { start_date: '2025-01-31T12:00:00Z', validity_timeframe: { interval: 'P1M', duration: 'PT6H' } };
    expect(checkValidityWindow(window, at('2025-02-28T13:00:00Z')).active).toBe(true);
    expect(checkValidityWindow(window, at('2025-03-01T13:00:00Z')).active).toBe(false);
    expect(checkValidityWindow(window, at('2025-03-31T17:59:59Z')).active).toBe(true);
    expect(checkValidityWindow(window, at('2025-04-30T12:00:00Z')).active).toBe(true);
    expect(checkValidityWindow(window, at('2026-01-31T12:00:00Z')).active).toBe(true);
    expect(checkValidityWindow(window, at('2026-01-30T12:00:00Z')).active).toBe(false);
  });

  it('allows calendar durations and a duration longer than the interval', () => {
    const weekends = {
      start_date: '2025-06-07T00:00:00+02:00',
      validity_timeframe: { interval: 'P1W', duration: 'P2D' },
    };
    const options = { timeZone: 'Europe/Warsaw' };
    expect(checkValidityWindow(weekends, at('2025-06-08T23:59:00+02:00'), options).active).toBe(true);
    expect(checkValidityWindow(weekends, at('2025-06-09T00:00:00+02:00'), options).active).toBe(false);
    expect(checkValidityWindow(weekends, at('2025-11-01T00:30:00+01:00'), options).active).toBe(true);
    const always = { start_date: '2025-01-01T00:00:00Z', validity_timeframe: { interval: 'PT1H', duration: 'PT2H' } };
    expect(checkValidityWindow(always, at('2025-03-01T07:59:00Z')).active).toBe(true);
  });

  it('combines with days and hours: all must hold', () => {
    const window: ValidityWindowInput = {
      start_date: '2025-01-01T00:00:00Z',
      validity_timeframe: { interval: 'P1D', duration: 'PT12H' },
      validity_day_of_week: [1, 2, 3, 4, 5],
      validity_hours: { daily: [{ start_time: '09:00', expiration_time: '17:00', days_of_week: [1, 2, 3, 4, 5] }] },
    };
    const check = compileValidityWindow(window);
    expect(check(at('2025-06-02T10:00:00Z')).active).toBe(true);
    expect(check(at('2025-06-02T08:00:00Z'))).toMatchObject({ reason: 'outside_hours' });
    expect(check(at('2025-06-02T13:00:00Z'))).toMatchObject({ reason: 'outside_timeframe' });
    expect(check(at('2025-06-07T10:00:00Z'))).toMatchObject({ reason: 'outside_day_of_week' });
  });

  it('agrees with the definition for calendar intervals in any zone', () => {
    fc.assert(
      fc.property(
        instantArb,
        fc.integer({ min: 0, max: 3 * 365 * DAY }),
        fc.constantFrom('P1D', 'P3D', 'P1W', 'P1M', 'P2M', 'P1Y', 'P1DT6H'),
        fc.constantFrom('PT1H', 'PT5H', 'P1D'),
        fc.constantFrom(...ZONES),
        (start, elapsed, interval, duration, timeZone) => {
          const window = { start_date: iso(start), validity_timeframe: { interval, duration } };
          const instant = start + elapsed;
          expect(checkValidityWindow(window, instant, { timeZone }).active).toBe(
            bruteForceTimeframe(start, instant, interval, duration, timeZone),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a timeframe without start_date, interval or duration, or with an empty period', () => {
    expect(
      catchDomainError(() => compileValidityWindow({ validity_timeframe: { interval: 'P1D', duration: 'PT1H' } }))
        .details,
    ).toBe('Property .start_date is required when .validity_timeframe is set');
    const start_date = '2025-01-01T00:00:00Z';
    for (const validity_timeframe of [
      { interval: 'P1D' },
      { duration: 'PT1H' },
      { interval: 'P0D', duration: 'PT1H' },
      { interval: 'P1D', duration: 'PT0S' },
    ]) {
      expect(catchDomainError(() => compileValidityWindow({ start_date, validity_timeframe })).key).toBe(
        'invalid_payload',
      );
    }
    expect(
      catchDomainError(() =>
        compileValidityWindow({ start_date, validity_timeframe: { interval: 'daily', duration: 'PT1H' } }),
      ).details,
    ).toContain('Property .validity_timeframe.interval');
  });
});

describe('compileValidityWindow', () => {
  it('answers like checkValidityWindow, with shared result objects', () => {
    fc.assert(
      fc.property(
        windowArb,
        fc.array(instantArb, { maxLength: 5 }),
        fc.constantFrom(...ZONES),
        (window, instants, timeZone) => {
          const check = compileValidityWindow(window, { timeZone });
          for (const instant of instants)
            expect(check(instant)).toEqual(checkValidityWindow(window, instant, { timeZone }));
        },
      ),
      { numRuns: 200 },
    );
    const check = compileValidityWindow({ active: false });
    expect(check(0)).toBe(check(1));
  });

  it('refuses an unknown time zone', () => {
    expect(() => compileValidityWindow({}, { timeZone: 'Europe/Atlantis' })).toThrow(RangeError);
  });
});

/** 1 January 2025, 10:00 local time in the zone. */
const zonedStart = (timeZone: string): number => {
  const guess = Date.UTC(2025, 0, 1, 10);
  return guess - zonedDateTime(guess, timeZone).offset;
};

/**
 * Walks the periods one by one from the start: the timeframe's definition without the estimate
 * the implementation jumps with. Calendar arithmetic itself is tested with addIsoDuration.
 */
const bruteForceTimeframe = (
  start: number,
  instant: number,
  interval: string,
  duration: string,
  timeZone: string,
): boolean => {
  const periodStart = (k: number): number => (k === 0 ? start : addIsoDuration(start, interval, timeZone, k));
  let k = 0;
  while (periodStart(k + 1) <= instant) k += 1;
  return instant < addIsoDuration(periodStart(k), duration, timeZone);
};
