import { compileFieldPath } from './field-path.js';
import { type FilterDefinition, type FilterParseOptions, parseFilter, throwFilterError } from './language.js';
import { type OperatorContext, type ValueTest, compileCondition } from './operators.js';
import { UTC_CALENDAR, createZoneCalendar } from './time.js';

/**
 * A compiled filter: tells whether one record matches. Pure and cheap to call; compile once,
 * apply to many records.
 *
 * @example
 * ```ts
 * const gold: FilterPredicate = compileFilter({ 'metadata.tier': { conditions: { $is: 'gold' } } });
 * customers.filter(gold);
 * ```
 */
export type FilterPredicate = (record: unknown) => boolean;

/**
 * Options of {@link compileFilter}: what the place allows and where the filter came from (see
 * {@link FilterParseOptions}), plus what the operators need to know about the world.
 *
 * @example
 * ```ts
 * const options: FilterCompileOptions = {
 *   source: { in: 'body', property: '.filter' },
 *   now: clock.now(),
 *   timeZone: 'Europe/Warsaw',
 * };
 * ```
 */
export interface FilterCompileOptions extends FilterParseOptions {
  /**
   * The current instant, for the relative day operators (`$is_days_ago`, `$less_than_future`, …)
   * and for numeric comparisons on dates (`created_at $more_than 3`: more than three days ago).
   * Required when the filter uses a relative day operator; without it, a numeric comparison
   * never matches a date.
   */
  readonly now?: number | Date | undefined;
  /**
   * IANA time zone in which calendar dates (`2024-01-31`), timestamps without an offset and
   * relative days are read: the project's time zone. Defaults to `UTC`.
   */
  readonly timeZone?: string | undefined;
  /**
   * Tells whether a field value (a geopoint) lies inside the location with the given id, for
   * `$in_location`. Without it, `$in_location` is refused as unsupported.
   */
  readonly inLocation?: ((value: unknown, locationId: string) => boolean) | undefined;
}

const RELATIVE = new Set([
  '$is_days_ago',
  '$more_than_ago',
  '$less_than_ago',
  '$is_days_in_future',
  '$more_than_future',
  '$less_than_future',
]);

const contextOf = (options: FilterCompileOptions): OperatorContext => {
  const { now, timeZone, inLocation } = options;
  return {
    calendar: timeZone === undefined ? UTC_CALENDAR : createZoneCalendar(timeZone),
    now: now instanceof Date ? now.getTime() : now,
    inLocation,
  };
};

const fieldTest = (read: (record: unknown) => unknown, tests: readonly ValueTest[]): FilterPredicate => {
  const [only] = tests;
  if (tests.length === 1 && only !== undefined) return (record) => only(read(record));
  return (record) => {
    const value = read(record);
    for (const test of tests) if (!test(value)) return false;
    return true;
  };
};

/**
 * Compiles a filter that {@link parseFilter} has already checked; see {@link compileFilter}.
 *
 * @param definition - A normalised filter.
 * @param options - `now`, `timeZone` and `inLocation`; the parse options are used only to name
 *   the offending part when `$in_location` cannot be served.
 * @returns The predicate.
 * @throws DomainError `invalid_query_params` or `invalid_payload` when `$in_location` is used
 *   without `inLocation`.
 * @throws TypeError when a relative day operator is used without `now`.
 */
function compileFilterDefinition(definition: FilterDefinition, options: FilterCompileOptions = {}): FilterPredicate {
  const context = contextOf(options);
  const tests = definition.fields.map((field) => {
    const conditionTests = field.conditions.map((condition) => {
      if (condition.operator === '$in_location' && context.inLocation === undefined) {
        throwFilterError(options.source, [field.path, 'conditions', condition.operator], 'is not supported');
      }
      if (RELATIVE.has(condition.operator) && context.now === undefined) {
        throw new TypeError(`compileFilter: options.now is required for ${condition.operator} (field ${field.path})`);
      }
      return compileCondition(condition, context);
    });
    return fieldTest(compileFieldPath(field.path), conditionTests);
  });
  const [only] = tests;
  if (only === undefined) return () => true;
  if (tests.length === 1) return only;
  return definition.junction === 'and'
    ? (record) => {
        for (const test of tests) if (!test(record)) return false;
        return true;
      }
    : (record) => {
        for (const test of tests) if (test(record)) return true;
        return false;
      };
}

/**
 * Checks a filter and compiles it into a predicate over records of any kind (customers,
 * products, vouchers, orders, segments, redemptions …): the filter language of lists, segments,
 * product collections, exports and validation rules.
 *
 * @remarks
 * The rules, in short (the decision note on the filter engine has the reasons):
 * - Fields: a dotted path reads own properties only, and a key that itself holds dots when the
 *   shorter one is missing; an array is the set of its elements, and a path through an array
 *   reads every element.
 * - Combining: the `junction` combines the fields; the operators of one field always all must
 *   hold. A filter without fields matches every record.
 * - Positive operators hold when the value, or one element of an array, matches. `$is_not`,
 *   `$not_in`, `$not_contain`, `$not_intersect` and `$is_unknown` are their exact complements,
 *   so they hold for records that lack the field.
 * - Missing: a field is unknown when it is absent, `null`, or an array without set elements.
 * - Equality is exact and case-sensitive. Query text is compared with numbers and booleans by
 *   meaning (`'10'` equals `10`, `'true'` equals `true`); dates by the instant or the day.
 * - `$starts_with`, `$ends_with`, `$contains`, `$not_contain` ignore case.
 * - `$more_than`, `$less_than` and their `_equal` forms compare numbers (and numeric text)
 *   numerically, and dates by time; a number compared with a date counts days ago.
 * - Dates: when either side is a calendar date, whole days in `timeZone` are compared;
 *   otherwise instants, to the millisecond. Relative day operators count calendar days from
 *   the day of `now`, today being day 0.
 * - Counts (`$count`, `$count_more`, `$count_less`) count the set elements; a scalar counts as
 *   one, a missing field as none.
 *
 * @param filter - The filter as sent (a query parameter parsed into nested objects, or a JSON
 *   body part); `null` or `undefined` matches everything.
 * @param options - See {@link FilterCompileOptions}.
 * @returns The predicate.
 * @throws DomainError `invalid_query_params` (query source, the default) or `invalid_payload`
 *   (body source) when the filter is malformed, names an unknown or disallowed operator or field,
 *   or has operands of the wrong kind; `details` names every offending part.
 * @throws TypeError when a relative day operator is used without `now`.
 * @throws RangeError when `timeZone` is not a time zone the runtime knows.
 * @example
 * ```ts
 * const matches = compileFilter(
 *   {
 *     junction: 'and',
 *     'metadata.tier': { conditions: { $is: 'gold' } },
 *     created_at: { conditions: { $after: ['2024-01-01T00:00:00Z'] } },
 *     'summary.orders.total_amount': { conditions: { $more_than: '1000' } },
 *   },
 *   { source: { in: 'query', parameter: 'filters' }, now: Date.UTC(2026, 0, 31) },
 * );
 * const gold = customers.filter(matches);
 * ```
 */
export function compileFilter(filter: unknown, options: FilterCompileOptions = {}): FilterPredicate {
  return compileFilterDefinition(parseFilter(filter, options), options);
}

/**
 * Tells whether one record matches a filter. To test many records, {@link compileFilter} once.
 *
 * @param record - Any plain record.
 * @param filter - The filter as sent.
 * @param options - See {@link FilterCompileOptions}.
 * @returns `true` when the record matches.
 * @throws DomainError as {@link compileFilter} does.
 * @example
 * ```ts
 * matchesFilter({ price: 1500 }, { price: { conditions: { $more_than: [1000] } } }); // true
 * ```
 */
export function matchesFilter(record: unknown, filter: unknown, options: FilterCompileOptions = {}): boolean {
  return compileFilter(filter, options)(record);
}

/**
 * Combines predicates so that all must hold, for example a `filters` parameter and the
 * shortcut parameters of the same list.
 *
 * @param predicates - The predicates; none gives a predicate that always holds.
 * @returns A predicate that holds when every one holds.
 */
export function allOf(...predicates: readonly FilterPredicate[]): FilterPredicate {
  return (record) => predicates.every((predicate) => predicate(record));
}

/**
 * Combines predicates so that one is enough.
 *
 * @param predicates - The predicates; none gives a predicate that never holds.
 * @returns A predicate that holds when any one holds.
 */
export function anyOf(...predicates: readonly FilterPredicate[]): FilterPredicate {
  return (record) => predicates.some((predicate) => predicate(record));
}

/**
 * Turns a date range parameter (`created_at[after]=…&created_at[before]=…`, the service's
 * `DateRangeFilter`) into a filter on the same field, to compile like any other.
 *
 * @param path - The field the range applies to, for example `created_at`.
 * @param range - `after` and `before`, each optional; both are exclusive.
 * @returns A filter with `$after` and `$before` conditions on `path`, or an empty filter when the
 *   range sets neither.
 */
export function dateRangeFilter(
  path: string,
  range: { readonly after?: string | null | undefined; readonly before?: string | null | undefined } | null | undefined,
): Record<string, { conditions: Record<string, string[]> }> {
  const conditions: Record<string, string[]> = {};
  if (range?.after !== undefined && range.after !== null) conditions.$after = [range.after];
  if (range?.before !== undefined && range.before !== null) conditions.$before = [range.before];
  return Object.keys(conditions).length === 0 ? {} : { [path]: { conditions } };
}
