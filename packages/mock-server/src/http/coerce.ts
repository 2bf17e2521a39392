/**
 * Coercions the generated request schemas apply before validation: URL values are strings, the
 * spec's types are not, and clients write dates in more forms than RFC 3339 (decision 0058). A
 * value that does not coerce is passed on unchanged so the schema reports it with the documented
 * type in the message.
 */
import { daysFromCivil, daysInMonth } from '@voucherkit/domain/internals';

/** `"10"` → 10; anything else unchanged. */
export const toNumber = (value: unknown): unknown => {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
};

const BOOLEANS: ReadonlyMap<string, boolean> = new Map([
  ['true', true],
  ['false', false],
  ['1', true],
  ['0', false],
]);

/**
 * `"true"`/`"false"` in any case and `"1"`/`"0"` → booleans, as clients write them (`force=1`,
 * Python's `True`); anything else unchanged.
 */
export const toBoolean = (value: unknown): unknown =>
  typeof value === 'string' ? (BOOLEANS.get(value.toLowerCase()) ?? value) : value;

/** A single repeated-key value → a one-item array. */
export const toArray = (value: unknown): unknown => (value === undefined || Array.isArray(value) ? value : [value]);

/**
 * An empty query value → `{}`: an operator whose operand is an empty object is written with
 * nothing after `=` (`filters[status][conditions][$active]=`); anything else unchanged.
 */
export const toEmptyObject = (value: unknown): unknown => (value === '' ? {} : value);

/**
 * The date and time forms clients send: a calendar date, then optionally `T` or a space, the time
 * (seconds and a fraction optional), and a zone: `Z`, `UTC`, `±hh:mm`, `±hhmm` or `±hh`, after an
 * optional space (Ruby's `Time#to_s`), or none.
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?: ?(?:([Zz]|UTC)|([+-])(\d{2})(?::?(\d{2}))?))?)?$/u;

const MS_PER_DAY = 86_400_000;

/** Epoch milliseconds of a date or timestamp in one of the {@link DATE_TIME} forms; a missing zone is UTC. */
const readMoment = (text: string): { ms: number; hasTime: boolean } | undefined => {
  const match = DATE_TIME.exec(text);
  if (match === null) return undefined;
  const [, y, mo, d, h, mi, s, fraction, utc, sign, offsetHours, offsetMinutes] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h ?? '0', mi ?? '0', s ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const offset = sign === undefined || utc !== undefined ? 0 : Number(offsetHours) * 60 + Number(offsetMinutes ?? '0');
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    Number(offsetHours ?? '0') > 23 ||
    Number(offsetMinutes ?? '0') > 59
  ) {
    return undefined;
  }
  const millisecond = fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000);
  const wall =
    daysFromCivil(year, month, day) * MS_PER_DAY + hour * 3_600_000 + minute * 60_000 + second * 1000 + millisecond;
  return { ms: wall - (sign === '-' ? -offset : offset) * 60_000, hasTime: h !== undefined };
};

/**
 * A date-time in any form clients send → the form the service answers, `2020-01-01T00:00:00.000Z`:
 * RFC 3339 (`…Z`, `…+01:00`), the basic offset `+0000` (Python's `strftime('%z')`), no zone
 * (a naive datetime, read as UTC), a space for `T` and ` UTC` or ` +0000` after it (Ruby's
 * `Time#to_s`), and a calendar date alone (its midnight UTC), which JavaScript's `Date` reads
 * the same. Anything else, impossible dates and times included, is unchanged.
 */
export const toDateTime = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const moment = readMoment(value);
  return moment === undefined ? value : new Date(moment.ms).toISOString();
};

/**
 * A full timestamp given for a calendar date (the reference's examples of date parameters are
 * timestamps) → the date it is written with: `2023-12-22T10:13:06.487Z` → `2023-12-22`. A
 * date alone, and anything that is not a timestamp, is unchanged.
 */
export const toDate = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  return readMoment(value)?.hasTime === true ? value.slice(0, 10) : value;
};
