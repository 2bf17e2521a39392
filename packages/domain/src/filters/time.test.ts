import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UTC_CALENDAR, createZoneCalendar, isCalendarDate, isDateText, readInstant } from './time.js';

const warsaw = createZoneCalendar('Europe/Warsaw');
const newYork = createZoneCalendar('America/New_York');

const anyInstant = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) });

describe('readInstant', () => {
  it('reads the canonical form the service writes', () => {
    expect(readInstant('2024-01-31T09:30:00.000Z', UTC_CALENDAR)).toBe(Date.UTC(2024, 0, 31, 9, 30));
  });

  it('agrees with Date for every canonical timestamp from year 0 to 9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 }), (ms) => {
        expect(readInstant(new Date(ms).toISOString(), UTC_CALENDAR)).toBe(ms);
      }),
    );
  });

  it('reads offsets, missing seconds, fractions and lower-case separators', () => {
    const at = Date.UTC(2024, 0, 31, 9, 30);
    expect(readInstant('2024-01-31T10:30:00+01:00', UTC_CALENDAR)).toBe(at);
    expect(readInstant('2024-01-31T04:30-0500', UTC_CALENDAR)).toBe(at);
    expect(readInstant('2024-01-31t09:30z', UTC_CALENDAR)).toBe(at);
    expect(readInstant('2024-01-31T09:30:00.123456Z', UTC_CALENDAR)).toBe(at + 123);
    expect(readInstant('2024-01-31 09:30:00Z', UTC_CALENDAR)).toBe(at);
  });

  it('reads calendar dates and times without an offset in the calendar zone', () => {
    expect(readInstant('2024-01-31', UTC_CALENDAR)).toBe(Date.UTC(2024, 0, 31));
    expect(readInstant('2024-01-31', warsaw)).toBe(Date.UTC(2024, 0, 30, 23));
    expect(readInstant('2024-07-31', warsaw)).toBe(Date.UTC(2024, 6, 30, 22));
    expect(readInstant('2024-07-31T12:00:00', warsaw)).toBe(Date.UTC(2024, 6, 31, 10));
  });

  it('reads Date objects and refuses invalid ones', () => {
    expect(readInstant(new Date(5), UTC_CALENDAR)).toBe(5);
    expect(readInstant(new Date(Number.NaN), UTC_CALENDAR)).toBeUndefined();
  });

  it.each([
    '2024-02-30',
    '2023-02-29T00:00:00.000Z',
    '2024-13-01',
    '2024-01-31T24:00:00Z',
    '2024-01-31T09:60Z',
    '2024-01-31T09:30:00+24:00',
    '31/01/2024',
    '2024-1-31',
    'gold',
    '',
    '1706693400000',
  ])('refuses %j', (text) => {
    expect(readInstant(text, UTC_CALENDAR)).toBeUndefined();
    expect(isDateText(text)).toBe(false);
  });

  it('refuses values that are not text or dates', () => {
    for (const value of [1_706_693_400_000, null, undefined, true, {}, []])
      expect(readInstant(value, UTC_CALENDAR)).toBeUndefined();
  });

  it('tells calendar dates from timestamps', () => {
    expect(isCalendarDate('2024-01-31')).toBe(true);
    expect(isCalendarDate('2024-01-31T00:00Z')).toBe(false);
    expect(isCalendarDate(new Date(0))).toBe(false);
  });
});

describe('createZoneCalendar', () => {
  it('finds the start of local days across daylight saving changes', () => {
    // Warsaw moves to summer time on 2024-03-31 at 02:00 local time: that day has 23 hours.
    const noon = Date.UTC(2024, 2, 31, 10);
    expect(warsaw.startOfDayFrom(noon, 0)).toBe(Date.UTC(2024, 2, 30, 23));
    expect(warsaw.startOfDayFrom(noon, 1)).toBe(Date.UTC(2024, 2, 31, 22));
    expect(warsaw.startOfDayFrom(noon, -1)).toBe(Date.UTC(2024, 2, 29, 23));
    expect(newYork.startOfDayFrom(Date.UTC(2024, 10, 3, 12), 1)).toBe(Date.UTC(2024, 10, 4, 5));
  });

  it('lets days overflow months and years', () => {
    expect(UTC_CALENDAR.startOfDay(2024, 12, 32)).toBe(Date.UTC(2025, 0, 1));
    expect(UTC_CALENDAR.startOfDayFrom(Date.UTC(2024, 0, 1, 12), -1)).toBe(Date.UTC(2023, 11, 31));
  });

  it('puts every instant inside its own local day', () => {
    fc.assert(
      fc.property(anyInstant, fc.constantFrom(UTC_CALENDAR, warsaw, newYork), (ms, calendar) => {
        const start = calendar.startOfDayFrom(ms, 0);
        const next = calendar.startOfDayFrom(ms, 1);
        expect(start).toBeLessThanOrEqual(ms);
        expect(next).toBeGreaterThan(ms);
        expect(next - start).toBeGreaterThanOrEqual(22 * 3_600_000);
        expect(next - start).toBeLessThanOrEqual(26 * 3_600_000);
      }),
    );
  });

  it('names the local day of an instant, the one whose start startOfDayFrom finds', () => {
    expect(warsaw.localParts(Date.UTC(2024, 2, 30, 23))).toMatchObject({ year: 2024, month: 3, day: 31, hour: 0 });
    expect(newYork.localParts(Date.UTC(2024, 0, 1, 4, 59))).toMatchObject({
      year: 2023,
      month: 12,
      day: 31,
      hour: 23,
      minute: 59,
    });
    fc.assert(
      fc.property(anyInstant, fc.constantFrom(UTC_CALENDAR, warsaw, newYork), (ms, calendar) => {
        const { year, month, day } = calendar.localParts(ms);
        expect(calendar.startOfDay(year, month, day)).toBe(calendar.startOfDayFrom(ms, 0));
      }),
    );
  });

  it('refuses an unknown time zone once, when created', () => {
    expect(() => createZoneCalendar('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
