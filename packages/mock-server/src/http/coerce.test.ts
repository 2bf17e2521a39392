import { describe, expect, test } from 'vitest';
import { toBoolean, toDate, toDateTime, toEmptyObject, toNumber } from './coerce.js';

describe('parameter coercions', () => {
  test.each([
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['1', true],
    ['false', false],
    ['False', false],
    ['0', false],
  ])('%s is a boolean', (text, expected) => {
    expect(toBoolean(text)).toBe(expected);
  });

  test.each(['yes', '', '2', 'constructor', 'toString'])(
    '%j stays as it is, for the schema to refuse by name',
    (text) => {
      expect(toBoolean(text)).toBe(text);
    },
  );

  test('numbers', () => {
    expect(toNumber('10')).toBe(10);
    expect(toNumber(' ')).toBe(' ');
    expect(toNumber('ten')).toBe('ten');
  });
});

describe('dates and timestamps', () => {
  test.each([
    ['2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z'],
    ['2020-01-01T00:00:00Z', '2020-01-01T00:00:00.000Z'],
    ['2020-01-01T01:00:00+01:00', '2020-01-01T00:00:00.000Z'],
    ['2020-01-01T00:00:00.000000+0000', '2020-01-01T00:00:00.000Z'],
    ['2020-01-01T02:30:00-0230', '2020-01-01T05:00:00.000Z'],
    ['2020-01-01T00:00:00+00', '2020-01-01T00:00:00.000Z'],
    ['2020-01-01T12:30:15.123456', '2020-01-01T12:30:15.123Z'],
    ['2020-01-01T00:00:00.000000', '2020-01-01T00:00:00.000Z'],
    ['2020-01-01 00:00:00 UTC', '2020-01-01T00:00:00.000Z'],
    ['2020-01-01 01:00:00 +0100', '2020-01-01T00:00:00.000Z'],
    ['2020-01-01t10:00z', '2020-01-01T10:00:00.000Z'],
    ['2020-01-01', '2020-01-01T00:00:00.000Z'],
    ['2024-02-29T23:59:59.999Z', '2024-02-29T23:59:59.999Z'],
    ['0099-06-01T00:00:00Z', '0099-06-01T00:00:00.000Z'],
  ])('%s is the moment %s', (text, expected) => {
    expect(toDateTime(text)).toBe(expected);
  });

  test.each([
    '2020-02-30',
    '2023-02-29T00:00:00Z',
    '2020-01-01T24:00:00Z',
    '2020-01-01T10:60:00Z',
    '2020-01-01T00:00:00+2400',
    '2020/01/01',
    'Jan 1 2020',
    '1577836800',
    '',
    '2020-01-01T',
    '2020-01-01T00:00:00  UTC',
  ])('%j stays as it is, for the schema to refuse', (text) => {
    expect(toDateTime(text)).toBe(text);
  });

  test('a date parameter takes a timestamp as the date it is written with', () => {
    expect(toDate('2023-12-22T10:13:06.487Z')).toBe('2023-12-22');
    expect(toDate('2023-12-22T23:30:00-05:00')).toBe('2023-12-22');
    expect(toDate('2023-12-22')).toBe('2023-12-22');
    expect(toDate('2023-12-32T00:00:00Z')).toBe('2023-12-32T00:00:00Z');
    expect(toDate(20231222)).toBe(20231222);
  });

  test('an empty query value is an empty object', () => {
    expect(toEmptyObject('')).toEqual({});
    expect(toEmptyObject('x')).toBe('x');
  });
});
