import { DomainError } from '../domain-error.js';
import { type CalendarDate, addMonths, calendarDays, dateOfDays, endOfPeriod } from '../time/calendar-date.js';
import { daysFromCivil, daysInMonth, civilFromDays } from '../time/zone.js';

/**
 * When points expire: the `expiration_rules` of a loyalty campaign's card template or of an
 * earning rule, which supersedes the campaign's.
 *
 * - `MONTH`: `period_value` months after the day the points were earned (or activated, or
 *   transferred), optionally pushed to the end of the month, quarter, half year or year that holds
 *   that day, or to the end of a particular month (`rounding_value`, 1 January to 12 December);
 * - `FIXED_DAY_OF_YEAR`: the next `fixed_month`/`fixed_day` on or after that day.
 *
 * @example
 * ```ts
 * const rules: PointsExpirationRules = { period_type: 'MONTH', period_value: 6, rounding_type: 'END_OF_QUARTER' };
 * ```
 */
export interface PointsExpirationRules {
  /** `MONTH` or `FIXED_DAY_OF_YEAR`; points never expire without it. */
  readonly period_type?: 'MONTH' | 'FIXED_DAY_OF_YEAR' | null | undefined;
  /** Months the points last, with `MONTH`. */
  readonly period_value?: number | null | undefined;
  /** Where a `MONTH` expiry is pushed to, if anywhere. */
  readonly rounding_type?:
    | 'END_OF_MONTH'
    | 'END_OF_QUARTER'
    | 'END_OF_HALF_YEAR'
    | 'END_OF_YEAR'
    | 'PARTICULAR_MONTH'
    | null
    | undefined;
  /** The month (1 January to 12) of `PARTICULAR_MONTH`. */
  readonly rounding_value?: number | null | undefined;
  /** Month of the yearly expiry (1 January to 12), with `FIXED_DAY_OF_YEAR`. */
  readonly fixed_month?: number | null | undefined;
  /** Day of the month of the yearly expiry, with `FIXED_DAY_OF_YEAR`. */
  readonly fixed_day?: number | null | undefined;
}

const invalid = (details: string): DomainError => new DomainError('invalid_payload', 'Invalid payload', { details });

/** The last day of a month: the month `month` (1–12) on or after `date`. */
const endOfMonthOnOrAfter = (date: CalendarDate, month: number): CalendarDate => {
  const [year, current] = civilFromDays(calendarDays(date));
  const targetYear = month >= current ? year : year + 1;
  return dateOfDays(daysFromCivil(targetYear, month, daysInMonth(targetYear, month)));
};

const rounded = (date: CalendarDate, rules: PointsExpirationRules): CalendarDate => {
  switch (rules.rounding_type ?? undefined) {
    case undefined:
      return date;
    case 'END_OF_MONTH':
      return endOfPeriod('MONTH', date);
    case 'END_OF_QUARTER':
      return endOfPeriod('QUARTER', date);
    case 'END_OF_HALF_YEAR':
      return endOfPeriod('HALF_YEAR', date);
    case 'END_OF_YEAR':
      return endOfPeriod('YEAR', date);
    case 'PARTICULAR_MONTH': {
      const month = rules.rounding_value;
      if (typeof month !== 'number' || !Number.isInteger(month) || month < 1 || month > 12) {
        throw invalid(
          'Property .expiration_rules.rounding_value should be a month from 1 (January) to 12 with rounding_type PARTICULAR_MONTH',
        );
      }
      return endOfMonthOnOrAfter(date, month);
    }
  }
};

/**
 * The last day on which points earned on a day can be spent, as the service computes it: they
 * are deducted at the start of the next day. Without rules, points never expire.
 *
 * @param rules - The expiration rules that apply (the earning rule's, else the campaign's).
 * @param earnedOn - The day the points became spendable, in the project's time zone.
 * @returns `YYYY-MM-DD`, or `null` when the points do not expire.
 * @throws DomainError `invalid_payload` for rules that lack the values their type needs.
 * @example
 * ```ts
 * pointsExpirationDate({ period_type: 'MONTH', period_value: 1 }, '2026-01-31'); // '2026-02-28'
 * pointsExpirationDate({ period_type: 'MONTH', period_value: 1, rounding_type: 'END_OF_QUARTER' }, '2026-01-10'); // '2026-03-31'
 * pointsExpirationDate({ period_type: 'FIXED_DAY_OF_YEAR', fixed_month: 3, fixed_day: 31 }, '2026-05-01'); // '2027-03-31'
 * ```
 */
export function pointsExpirationDate(
  rules: PointsExpirationRules | null | undefined,
  earnedOn: CalendarDate,
): CalendarDate | null {
  if (!rules?.period_type) return null;
  if (rules.period_type === 'MONTH') {
    const months = rules.period_value;
    if (typeof months !== 'number' || !Number.isInteger(months) || months < 0) {
      throw invalid(
        'Property .expiration_rules.period_value should be a whole number of months with period_type MONTH',
      );
    }
    return rounded(addMonths(earnedOn, months), rules);
  }
  const { fixed_month: month, fixed_day: day } = rules;
  if (
    typeof month !== 'number' ||
    !Number.isInteger(month) ||
    month < 1 ||
    month > 12 ||
    typeof day !== 'number' ||
    !Number.isInteger(day) ||
    day < 1 ||
    day > 31
  ) {
    throw invalid(
      'Properties .expiration_rules.fixed_month (1 to 12) and .fixed_day (1 to 31) are required with period_type FIXED_DAY_OF_YEAR',
    );
  }
  const [year] = civilFromDays(calendarDays(earnedOn));
  const onYear = (target: number): CalendarDate =>
    dateOfDays(daysFromCivil(target, month, Math.min(day, daysInMonth(target, month))));
  const thisYear = onYear(year);
  return thisYear >= earnedOn ? thisYear : onYear(year + 1);
}
