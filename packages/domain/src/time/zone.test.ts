import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { civilFromDays, daysFromCivil, daysInMonth, instantOfZoned, zoneClock, zonedDateTime } from './zone.js';

const ZONES = [
  'Europe/Warsaw',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'America/Santiago',
  'Pacific/Chatham',
  'UTC',
];
/** 1900 to 2100: instants whose offsets Intl reports from the tz database. */
const instantArb = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) });

/** The wall time of an instant in a zone, straight from Intl, as epoch ms read as UTC. */
const intlWall = (instant: number, timeZone: string): number => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const date = new Date(0);
  date.setUTCFullYear(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1);
  date.setUTCHours(parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, instant - Math.floor(instant / 1000) * 1000);
  return date.getTime();
};

describe('civil calendar', () => {
  it('agrees with Date on day numbers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (days) => {
        const date = new Date(days * 86_400_000);
        expect(civilFromDays(days)).toEqual([date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]);
        expect(daysFromCivil(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())).toBe(days);
      }),
    );
  });

  it('knows month lengths and leap years', () => {
    expect([2023, 2024, 1900, 2000].map((year) => daysInMonth(year, 2))).toEqual([28, 29, 28, 29]);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });
});

describe('zoneClock', () => {
  it('gives the same wall time as Intl, for any instant and zone', () => {
    fc.assert(
      fc.property(instantArb, fc.constantFrom(...ZONES), (instant, zone) => {
        expect(zoneClock(zone).toWall(instant)).toBe(intlWall(instant, zone));
      }),
      { numRuns: 500 },
    );
  });

  it('finds the exact second of a change of the clocks', () => {
    const warsaw = zoneClock('Europe/Warsaw');
    const change = Date.UTC(2025, 2, 30, 1); // 02:00 CET becomes 03:00 CEST
    expect(warsaw.offsetAt(change - 1)).toBe(3_600_000);
    expect(warsaw.offsetAt(change)).toBe(7_200_000);
    const back = Date.UTC(2025, 9, 26, 1); // 03:00 CEST becomes 02:00 CET
    expect(warsaw.offsetAt(back - 1)).toBe(7_200_000);
    expect(warsaw.offsetAt(back)).toBe(3_600_000);
  });

  it('maps wall time back to the instant, for any instant and zone', () => {
    fc.assert(
      fc.property(instantArb, fc.constantFrom(...ZONES), (instant, zone) => {
        const clock = zoneClock(zone);
        const back = clock.fromWall(clock.toWall(instant));
        // Wall times that occur twice map to the earlier instant.
        expect(clock.toWall(back)).toBe(clock.toWall(instant));
        expect(back).toBeLessThanOrEqual(instant);
      }),
      { numRuns: 500 },
    );
  });

  it('takes the earlier instant of a repeated wall time and moves a skipped one forward', () => {
    const warsaw = zoneClock('Europe/Warsaw');
    expect(warsaw.fromWall(Date.UTC(2025, 9, 26, 2, 30))).toBe(Date.UTC(2025, 9, 26, 0, 30));
    expect(warsaw.fromWall(Date.UTC(2025, 2, 30, 2, 30))).toBe(Date.UTC(2025, 2, 30, 1, 30));
    const lordHowe = zoneClock('Australia/Lord_Howe'); // half-hour change at 02:00 local
    expect(lordHowe.fromWall(Date.UTC(2025, 9, 5, 2, 15))).toBe(Date.UTC(2025, 9, 4, 15, 45)); // 02:45 +11:00
  });

  it('shares one clock per zone and refuses unknown zones', () => {
    expect(zoneClock('Europe/Warsaw')).toBe(zoneClock('Europe/Warsaw'));
    expect(zoneClock('Etc/UTC').isUtc).toBe(true);
    expect(() => zoneClock('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('zonedDateTime', () => {
  it('splits an instant into local fields with the day of the week', () => {
    expect(zonedDateTime(Date.UTC(2024, 0, 1, 23, 30, 15, 250), 'Europe/Warsaw')).toEqual({
      year: 2024,
      month: 1,
      day: 2,
      hour: 0,
      minute: 30,
      second: 15,
      millisecond: 250,
      day_of_week: 2,
      offset: 3_600_000,
    });
    expect(zonedDateTime(new Date(Date.UTC(2024, 6, 1, 3)), 'America/New_York')).toMatchObject({
      day: 30,
      hour: 23,
      day_of_week: 0,
    });
  });
});

describe('instantOfZoned', () => {
  it('is the inverse of zonedDateTime outside repeated hours', () => {
    fc.assert(
      fc.property(instantArb, fc.constantFrom(...ZONES), (instant, zone) => {
        const parts = zonedDateTime(instant, zone);
        const back = instantOfZoned(parts, zone);
        expect(zonedDateTime(back, zone)).toEqual({ ...parts, offset: zonedDateTime(back, zone).offset });
      }),
      { numRuns: 300 },
    );
  });

  it('rolls over out-of-range fields and moves skipped times forward', () => {
    expect(instantOfZoned({ year: 2024, month: 13, day: 32 }, 'UTC')).toBe(Date.UTC(2025, 1, 1));
    expect(instantOfZoned({ year: 2024, month: 3, day: 31, hour: 2, minute: 30 }, 'Europe/Warsaw')).toBe(
      Date.UTC(2024, 2, 31, 1, 30),
    );
  });
});
