import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import { compileFilter } from './compile.js';
import { parseFilter } from './language.js';
import { UTC_CALENDAR, createZoneCalendar } from './time.js';
import {
  addDuration,
  inAbsoluteTimeframe,
  inDailyHours,
  inTimeframe,
  onDayOfWeek,
  parseAbsoluteTimeframe,
  parseDailyHours,
  parseIsoDuration,
  parseTimeframe,
} from './timeframe.js';

const warsaw = createZoneCalendar('Europe/Warsaw');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('parseIsoDuration', () => {
  it('reads calendar and exact parts; weeks are seven days', () => {
    expect(parseIsoDuration('P1D')).toEqual({ years: 0, months: 0, days: 1, milliseconds: 0 });
    expect(parseIsoDuration('PT1H30M')).toEqual({ years: 0, months: 0, days: 0, milliseconds: 90 * 60_000 });
    expect(parseIsoDuration('P1Y2M3DT4H5M6.7S')).toEqual({
      years: 1,
      months: 2,
      days: 3,
      milliseconds: 4 * HOUR + 5 * 60_000 + 6700,
    });
    expect(parseIsoDuration('P2W')).toEqual({ years: 0, months: 0, days: 14, milliseconds: 0 });
    expect(parseIsoDuration(' pt0,5s ')).toEqual({ years: 0, months: 0, days: 0, milliseconds: 500 });
  });

  it('refuses empty, zero-length and malformed durations', () => {
    for (const text of ['', 'P', 'PT', 'P0D', 'PT0S', '1D', 'P1.5D', 'PT1.2345S', 'P1H', 'PT1D', 'P-1D', 'P1DT']) {
      expect(parseIsoDuration(text), text).toBeUndefined();
    }
  });
});

describe('addDuration', () => {
  it('moves calendar parts on the wall clock and ends months on their last day', () => {
    const jan31 = Date.UTC(2026, 0, 31, 9);
    const oneMonth = { years: 0, months: 1, days: 0, milliseconds: 0 };
    expect(addDuration(jan31, oneMonth, 1, UTC_CALENDAR)).toBe(Date.UTC(2026, 1, 28, 9));
    expect(addDuration(jan31, oneMonth, 2, UTC_CALENDAR)).toBe(Date.UTC(2026, 2, 31, 9));
    expect(addDuration(jan31, oneMonth, 13, UTC_CALENDAR)).toBe(Date.UTC(2027, 1, 28, 9));
    expect(addDuration(Date.UTC(2024, 1, 29), { years: 1, months: 0, days: 0, milliseconds: 0 }, 1, UTC_CALENDAR)).toBe(
      Date.UTC(2025, 1, 28),
    );
  });

  it('keeps the local time across a change of clocks, while exact parts do not', () => {
    // 28 March 2026, 12:00 in Warsaw (CET, UTC+1); clocks go forward that night.
    const noon = Date.UTC(2026, 2, 28, 11);
    expect(addDuration(noon, { years: 0, months: 0, days: 1, milliseconds: 0 }, 1, warsaw)).toBe(
      Date.UTC(2026, 2, 29, 10),
    );
    expect(addDuration(noon, { years: 0, months: 0, days: 0, milliseconds: 24 * HOUR }, 1, warsaw)).toBe(
      Date.UTC(2026, 2, 29, 11),
    );
  });
});

describe('$timeframe', () => {
  it('reads start;interval;duration and refuses anything else', () => {
    expect(parseTimeframe('2024-11-12T14:59:23.019Z;P1D;PT1H', UTC_CALENDAR)).toMatchObject({
      start: '2024-11-12T14:59:23.019Z',
    });
    expect(parseTimeframe(' 2026-01-01 ; P1W ; P1D ', UTC_CALENDAR)).toMatchObject({ start: '2026-01-01' });
    for (const text of [
      '2026-01-01;P1D',
      '2026-01-01;P1D;PT1H;x',
      'soon;P1D;PT1H',
      '2026-01-01;P0D;PT1H',
      '2026-01-01;P1D;1H',
    ]) {
      expect(parseTimeframe(text, UTC_CALENDAR), text).toBeUndefined();
    }
  });

  it('holds from each start for the duration, never before the first start', () => {
    const frame = parseTimeframe('2026-01-01T18:00:00Z;P1D;PT1H', UTC_CALENDAR);
    if (frame === undefined) throw new Error('unreadable');
    expect(inTimeframe(Date.UTC(2026, 0, 1, 18), frame, UTC_CALENDAR)).toBe(true);
    expect(inTimeframe(Date.UTC(2026, 0, 1, 19) - 1, frame, UTC_CALENDAR)).toBe(true);
    expect(inTimeframe(Date.UTC(2026, 0, 1, 19), frame, UTC_CALENDAR)).toBe(false);
    expect(inTimeframe(Date.UTC(2027, 5, 30, 18, 30), frame, UTC_CALENDAR)).toBe(true);
    expect(inTimeframe(Date.UTC(2025, 11, 31, 18, 30), frame, UTC_CALENDAR)).toBe(false);
  });

  it('lets windows longer than their interval overlap', () => {
    const frame = parseTimeframe('2026-01-01T00:00:00Z;PT1H;PT90M', UTC_CALENDAR);
    if (frame === undefined) throw new Error('unreadable');
    expect(inTimeframe(Date.UTC(2026, 0, 3, 5, 59), frame, UTC_CALENDAR)).toBe(true);
  });

  const minutes = fc.integer({ min: 1, max: 3 * 24 * 60 });

  it('agrees with counting fixed windows one by one (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 * DAY }),
        minutes,
        minutes,
        fc.integer({ min: -DAY, max: 40 * DAY }),
        (offset, every, lasting, after) => {
          const start = Date.UTC(2026, 0, 1) + offset;
          const frame = parseTimeframe(`${new Date(start).toISOString()};PT${every}M;PT${lasting}M`, UTC_CALENDAR);
          if (frame === undefined) throw new Error('unreadable');
          const at = start + after;
          let expected = false;
          for (let k = 0; start + k * every * 60_000 <= at; k += 1) {
            if (at < start + k * every * 60_000 + lasting * 60_000) expected = true;
          }
          expect(inTimeframe(at, frame, UTC_CALENDAR)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('agrees with calendar months counted by Date (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 0, max: DAY - 1 }),
        (day, month, every, lastingDays, daysAfter, timeOfDay) => {
          const start = Date.UTC(2025, month, day, 10);
          const frame = parseTimeframe(`${new Date(start).toISOString()};P${every}M;P${lastingDays}D`, UTC_CALENDAR);
          if (frame === undefined) throw new Error('unreadable');
          const at = Date.UTC(2025, month, day) + daysAfter * DAY + timeOfDay;
          let expected = false;
          for (let k = 0; Date.UTC(2025, month + k * every, day, 10) <= at; k += 1) {
            if (at < Date.UTC(2025, month + k * every, day + lastingDays, 10)) expected = true;
          }
          expect(inTimeframe(at, frame, UTC_CALENDAR)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('$timeframe_absolute', () => {
  it('reads from;to in order', () => {
    expect(parseAbsoluteTimeframe('2024-11-14T16:02:00.000Z;2024-11-28T16:02:00.000Z', UTC_CALENDAR)).toEqual({
      from: '2024-11-14T16:02:00.000Z',
      to: '2024-11-28T16:02:00.000Z',
    });
    expect(parseAbsoluteTimeframe('2026-01-31;2026-01-01', UTC_CALENDAR)).toBeUndefined();
    expect(parseAbsoluteTimeframe('2026-01-01', UTC_CALENDAR)).toBeUndefined();
    expect(parseAbsoluteTimeframe('2026-01-01;later', UTC_CALENDAR)).toBeUndefined();
  });

  it('includes both bounds; a calendar date stands for its whole day in the zone', () => {
    const bounds = { from: '2026-01-01', to: '2026-01-31' };
    expect(inAbsoluteTimeframe(Date.UTC(2026, 0, 1), bounds, UTC_CALENDAR)).toBe(true);
    expect(inAbsoluteTimeframe(Date.UTC(2026, 0, 1) - 1, bounds, UTC_CALENDAR)).toBe(false);
    expect(inAbsoluteTimeframe(Date.UTC(2026, 1, 1) - 1, bounds, UTC_CALENDAR)).toBe(true);
    expect(inAbsoluteTimeframe(Date.UTC(2026, 1, 1), bounds, UTC_CALENDAR)).toBe(false);
    // In Warsaw, 31 January ends at 23:00 UTC.
    expect(inAbsoluteTimeframe(Date.UTC(2026, 0, 31, 23, 30), bounds, warsaw)).toBe(false);
    expect(inAbsoluteTimeframe(Date.UTC(2025, 11, 31, 23, 30), bounds, warsaw)).toBe(true);
    const exact = { from: '2026-01-01T10:00:00Z', to: '2026-01-01T11:00:00Z' };
    expect(inAbsoluteTimeframe(Date.UTC(2026, 0, 1, 11), exact, UTC_CALENDAR)).toBe(true);
    expect(inAbsoluteTimeframe(Date.UTC(2026, 0, 1, 11) + 1, exact, UTC_CALENDAR)).toBe(false);
  });
});

describe('$timeframe_daily_hours and $dow', () => {
  it('reads HH:MM;HH:MM;days', () => {
    expect(parseDailyHours('18:00;20:01;2,3')).toEqual({ from: 1080, to: 1201, days: [2, 3] });
    expect(parseDailyHours('9:00;17:00')).toEqual({ from: 540, to: 1020, days: [] });
    expect(parseDailyHours('22:00;;')).toEqual({ from: 1320, to: 1440, days: [] });
    expect(parseDailyHours('00:00;24:00;1, 1 ,5')).toEqual({ from: 0, to: 1440, days: [1, 5] });
    for (const text of [
      '18:00',
      '24:00;24:00',
      '10:60;11:00',
      '25:00;26:00',
      '10:00;11:00;7',
      '10:00;11:00;1;2',
      'ten;eleven',
      '10:00;24:30',
    ]) {
      expect(parseDailyHours(text), text).toBeUndefined();
    }
  });

  it('holds from the start, up to but not at the end, on the listed days of the zone', () => {
    const hours = { from: 1080, to: 1201, days: [2] };
    // Tuesday 6 January 2026.
    expect(inDailyHours(Date.UTC(2026, 0, 6, 18), hours, UTC_CALENDAR)).toBe(true);
    expect(inDailyHours(Date.UTC(2026, 0, 6, 20, 0, 59), hours, UTC_CALENDAR)).toBe(true);
    expect(inDailyHours(Date.UTC(2026, 0, 6, 20, 1), hours, UTC_CALENDAR)).toBe(false);
    expect(inDailyHours(Date.UTC(2026, 0, 6, 17, 59), hours, UTC_CALENDAR)).toBe(false);
    expect(inDailyHours(Date.UTC(2026, 0, 7, 18), hours, UTC_CALENDAR)).toBe(false);
    expect(inDailyHours(Date.UTC(2026, 0, 6, 17), hours, warsaw)).toBe(true);
  });

  it('runs a window that ends before it starts past midnight, on the day it started', () => {
    const friday = { from: 22 * 60, to: 2 * 60, days: [5] };
    expect(inDailyHours(Date.UTC(2026, 0, 9, 23), friday, UTC_CALENDAR)).toBe(true);
    expect(inDailyHours(Date.UTC(2026, 0, 10, 1, 59), friday, UTC_CALENDAR)).toBe(true);
    expect(inDailyHours(Date.UTC(2026, 0, 10, 2), friday, UTC_CALENDAR)).toBe(false);
    expect(inDailyHours(Date.UTC(2026, 0, 9, 1), friday, UTC_CALENDAR)).toBe(false);
    expect(inDailyHours(Date.UTC(2026, 0, 10, 23), friday, UTC_CALENDAR)).toBe(false);
  });

  it('agrees with the wall clock read by Date in UTC (property)', () => {
    const minute = fc.integer({ min: 0, max: 1439 });
    fc.assert(
      fc.property(
        minute,
        minute,
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        (from, to, days, at) => {
          const date = new Date(at);
          const now = date.getUTCHours() * 60 + date.getUTCMinutes();
          const weekday = date.getUTCDay();
          const on = (day: number): boolean => days.length === 0 || days.includes(day);
          const expected =
            from < to
              ? on(weekday) && now >= from && now < to
              : (on(weekday) && now >= from) || (on((weekday + 6) % 7) && now < to);
          expect(inDailyHours(at, { from, to, days }, UTC_CALENDAR)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('$dow reads the day of the week in the zone', () => {
    // Saturday 10 January 2026, 23:30 UTC is already Sunday in Warsaw.
    const late = Date.UTC(2026, 0, 10, 23, 30);
    expect(onDayOfWeek(late, [6], UTC_CALENDAR)).toBe(true);
    expect(onDayOfWeek(late, [0], warsaw)).toBe(true);
    expect(onDayOfWeek(late, [1, 2, 3, 4, 5], warsaw)).toBe(false);
  });
});

describe('the window operators in filters', () => {
  const visits = [
    { at: '2026-01-06T18:30:00Z' },
    { at: '2026-01-07T12:00:00Z' },
    { at: '2026-01-10T09:00:00Z' },
    { at: null },
  ];
  const RULE_OPERATORS = [
    '$timeframe',
    '$timeframe_absolute',
    '$timeframe_daily_hours',
    '$dow',
    '$from',
    '$is',
  ] as const;

  it('are refused as unknown where a place does not list them, so list filters keep refusing them', () => {
    const error = catchDomainError(() => parseFilter({ at: { conditions: { $dow: [1] } } }));
    expect(error.key).toBe('invalid_query_params');
    expect(error.details).toBe('Query parameter filters[at][conditions][$dow] is not a known operator');
  });

  it('check their operands where they are listed', () => {
    const error = catchDomainError(() =>
      parseFilter(
        { at: { conditions: { $timeframe: ['2026-01-01;P1D'], $dow: [9] } } },
        { operators: [...RULE_OPERATORS], source: { in: 'body', property: '.filter' } },
      ),
    );
    expect(error.key).toBe('invalid_payload');
    expect(error.details).toBe(
      "Property .filter.at.conditions.$timeframe should be 'start;interval;duration', an ISO 8601 date and two ISO 8601 durations (actual value is '2026-01-01;P1D'); " +
        'Property .filter.at.conditions.$dow should be a day of the week, 0 (Sunday) to 6 (actual value is 9)',
    );
  });

  it('match dates in the windows, in the time zone of the filter', () => {
    const where = (conditions: Record<string, unknown>, timeZone?: string) =>
      visits
        .filter(
          compileFilter(
            { at: { conditions } },
            { operators: [...RULE_OPERATORS], ...(timeZone === undefined ? {} : { timeZone }) },
          ),
        )
        .map((visit) => visit.at);
    expect(where({ $dow: ['2', 6] })).toEqual(['2026-01-06T18:30:00Z', '2026-01-10T09:00:00Z']);
    expect(where({ $timeframe_daily_hours: ['18:00;19:00'] })).toEqual(['2026-01-06T18:30:00Z']);
    expect(where({ $timeframe_daily_hours: ['19:00;20:00'] }, 'Europe/Warsaw')).toEqual(['2026-01-06T18:30:00Z']);
    expect(where({ $timeframe_absolute: ['2026-01-07;2026-01-31'] })).toEqual([
      '2026-01-07T12:00:00Z',
      '2026-01-10T09:00:00Z',
    ]);
    expect(where({ $timeframe: ['2026-01-06T12:00:00Z;P1D;PT1H'] })).toEqual(['2026-01-07T12:00:00Z']);
    expect(where({ $timeframe: ['2026-01-06T12:00:00Z;P1D;PT1H', '2026-01-10T08:00:00Z;P1W;PT2H'] })).toEqual([
      '2026-01-07T12:00:00Z',
      '2026-01-10T09:00:00Z',
    ]);
  });

  it('$from is $in under another name', () => {
    const lines = [{ collections: ['pc_a', 'pc_b'] }, { collections: ['pc_c'] }, {}];
    expect(
      lines.filter(
        compileFilter({ collections: { conditions: { $from: ['pc_b', 'pc_x'] } } }, { operators: ['$from'] }),
      ),
    ).toEqual([lines[0]]);
  });
});

describe('the wall clock of a zone', () => {
  it('reads date, time and day of the week', () => {
    expect(warsaw.localParts(Date.UTC(2026, 0, 10, 23, 30, 15, 250))).toEqual({
      year: 2026,
      month: 1,
      day: 11,
      hour: 0,
      minute: 30,
      second: 15,
      millisecond: 250,
      day_of_week: 0,
      offset: 3_600_000,
    });
    expect(UTC_CALENDAR.localParts(Date.UTC(2026, 6, 1, 12))).toMatchObject({
      month: 7,
      day: 1,
      hour: 12,
      day_of_week: 3,
    });
  });

  it('round-trips through wallClock away from changes of clocks (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }), (at) => {
        const parts = warsaw.localParts(at);
        // Skip the hour that repeats when clocks go back.
        fc.pre(warsaw.localParts(at - HOUR).hour !== parts.hour && warsaw.localParts(at + HOUR).hour !== parts.hour);
        expect(
          warsaw.wallClock(
            parts.year,
            parts.month,
            parts.day,
            parts.hour,
            parts.minute,
            parts.second,
            parts.millisecond,
          ),
        ).toBe(at);
      }),
      { numRuns: 300 },
    );
  });
});
