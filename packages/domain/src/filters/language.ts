import { DomainError } from '../domain-error.js';
import { parseAbsoluteTimeframe, parseDailyHours, parseTimeframe } from './timeframe.js';
import { UTC_CALENDAR, isDateText } from './time.js';

/**
 * Every operator the filter engine understands, by its canonical name; other spellings the
 * service accepts (`$more_than_or_equal` for `$more_than_equal` …) are read as these. The last
 * five (`$timeframe`, `$timeframe_absolute`, `$timeframe_daily_hours`, `$dow`, `$from`) belong to
 * validation rules: a filter accepts them only where its place lists them in `operators`.
 *
 * @example
 * ```ts
 * FILTER_OPERATORS.includes('$starts_with'); // true
 * ```
 */
export const FILTER_OPERATORS = [
  '$is',
  '$is_not',
  '$in',
  '$not_in',
  '$has_value',
  '$is_unknown',
  '$starts_with',
  '$ends_with',
  '$contains',
  '$not_contain',
  '$more_than',
  '$less_than',
  '$more_than_equal',
  '$less_than_equal',
  '$after',
  '$before',
  '$is_days_ago',
  '$more_than_ago',
  '$less_than_ago',
  '$is_days_in_future',
  '$more_than_future',
  '$less_than_future',
  '$count',
  '$count_more',
  '$count_less',
  '$not_differ',
  '$not_intersect',
  '$in_location',
  '$timeframe',
  '$timeframe_absolute',
  '$timeframe_daily_hours',
  '$dow',
  '$from',
] as const;

/**
 * The canonical name of a filter operator.
 *
 * @example
 * ```ts
 * const operator: FilterOperator = '$more_than_equal';
 * ```
 */
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/**
 * Other spellings of operators, mapped to their canonical names: validation rules write
 * `$more_than_or_equal` and `$less_than_or_equal`, and sample rules `$greater_than_or_equal`,
 * where list filters write `$more_than_equal` and `$less_than_equal`.
 */
export const FILTER_OPERATOR_ALIASES: Readonly<Record<string, FilterOperator>> = Object.freeze({
  $more_than_or_equal: '$more_than_equal',
  $less_than_or_equal: '$less_than_equal',
  $greater_than_or_equal: '$more_than_equal',
});

/**
 * How the field conditions of a filter combine: `and` when all must hold, `or` when one is
 * enough. The service also accepts the upper-case spellings, which parse to these.
 *
 * @example
 * ```ts
 * const junction: FilterJunction = 'or';
 * ```
 */
export type FilterJunction = 'and' | 'or';

/**
 * One operand of a condition after parsing: text, a number, a boolean, or (for equality
 * operators) an object compared by its properties.
 *
 * @example
 * ```ts
 * const values: FilterValue[] = ['gold', 1000, true, { id: 'prod_1', object: 'product' }];
 * ```
 */
export type FilterValue = string | number | boolean | Readonly<Record<string, unknown>>;

/**
 * One operator applied to a field, with its operands as a list (a single operand becomes a list
 * of one; `$has_value` and `$is_unknown` keep none).
 *
 * @example
 * ```ts
 * const condition: FilterCondition = { operator: '$in', values: ['gold', 'silver'] };
 * ```
 */
export interface FilterCondition {
  /** The canonical operator. */
  readonly operator: FilterOperator;
  /** The operands, in the order given. */
  readonly values: readonly FilterValue[];
}

/**
 * The conditions on one field; all of them must hold.
 *
 * @example
 * ```ts
 * const field: FilterField = { path: 'summary.orders.total_amount', conditions: [{ operator: '$more_than', values: [1000] }] };
 * ```
 */
export interface FilterField {
  /** The dotted field path, as the filter names it. */
  readonly path: string;
  /** The operators on that field, in the order given. */
  readonly conditions: readonly FilterCondition[];
}

/**
 * A filter after validation: the junction in lower case, field conditions in the order given,
 * operators under their canonical names, operands as lists.
 *
 * @example
 * ```ts
 * const definition: FilterDefinition = {
 *   junction: 'and',
 *   fields: [{ path: 'metadata.tier', conditions: [{ operator: '$is', values: ['gold'] }] }],
 * };
 * ```
 */
export interface FilterDefinition {
  /** How the fields combine. */
  readonly junction: FilterJunction;
  /** The field conditions; none means every record matches. */
  readonly fields: readonly FilterField[];
}

/**
 * Where a filter came from, which decides the error key and how error details name the
 * offending part: a query parameter (`invalid_query_params`, `Query parameter
 * filters[metadata.tier][conditions][$iz] …`) or a property of a JSON body (`invalid_payload`,
 * `Property .filter.metadata.tier.conditions.$iz …`).
 *
 * @example
 * ```ts
 * const fromQuery: FilterSource = { in: 'query', parameter: 'filters' };
 * const fromBody: FilterSource = { in: 'body', property: '.parameters.filters' };
 * ```
 */
export type FilterSource =
  | { readonly in: 'query' /** Name of the query parameter, usually `filters`. */; readonly parameter: string }
  | {
      readonly in: 'body' /** Path of the filter in the body, `.filter` or `.parameters.filters`. */;
      readonly property: string;
    };

/**
 * What a place that takes filters allows, and where the filter came from.
 *
 * @example
 * ```ts
 * const options: FilterParseOptions = {
 *   source: { in: 'query', parameter: 'filters' },
 *   fields: ['id', 'name', 'type', 'created_at'],
 *   operators: ['$is', '$is_not', '$in', '$not_in', '$starts_with', '$after', '$before'],
 * };
 * ```
 */
export interface FilterParseOptions {
  /** Where the filter came from; defaults to the query parameter `filters`. */
  readonly source?: FilterSource | undefined;
  /**
   * The field paths that may be filtered on; without it, any path may. An entry ending in `.*`
   * allows every path below it (`metadata.*` allows `metadata.tier` and `metadata.a.b`).
   */
  readonly fields?: readonly string[] | undefined;
  /**
   * The operators allowed (canonical names; their aliases are allowed with them); without it, all
   * but the operators of validation rules (`$timeframe`, `$timeframe_absolute`,
   * `$timeframe_daily_hours`, `$dow`, `$from`), which must be listed to be accepted.
   */
  readonly operators?: readonly FilterOperator[] | undefined;
  /** When `true`, a filter without `junction` is refused, as segment updates and product collections demand. */
  readonly requireJunction?: boolean | undefined;
}

/** What kind of operand list each operator takes. */
export type OperandKind =
  | 'none'
  | 'equality'
  | 'text'
  | 'ordered'
  | 'date'
  | 'days'
  | 'count'
  | 'ids'
  | 'timeframe'
  | 'timeframe_absolute'
  | 'daily_hours'
  | 'weekday';

const OPERAND_KIND: Readonly<Record<FilterOperator, OperandKind>> = {
  $is: 'equality',
  $is_not: 'equality',
  $in: 'equality',
  $not_in: 'equality',
  $not_differ: 'equality',
  $not_intersect: 'equality',
  $has_value: 'none',
  $is_unknown: 'none',
  $starts_with: 'text',
  $ends_with: 'text',
  $contains: 'text',
  $not_contain: 'text',
  $more_than: 'ordered',
  $less_than: 'ordered',
  $more_than_equal: 'ordered',
  $less_than_equal: 'ordered',
  $after: 'date',
  $before: 'date',
  $is_days_ago: 'days',
  $more_than_ago: 'days',
  $less_than_ago: 'days',
  $is_days_in_future: 'days',
  $more_than_future: 'days',
  $less_than_future: 'days',
  $count: 'count',
  $count_more: 'count',
  $count_less: 'count',
  $in_location: 'ids',
  $timeframe: 'timeframe',
  $timeframe_absolute: 'timeframe_absolute',
  $timeframe_daily_hours: 'daily_hours',
  $dow: 'weekday',
  $from: 'equality',
};

/** The kind of operand list an operator takes (`days` for the relative date operators, `ordered` for the comparisons …). */
export const operandKindOf = (operator: FilterOperator): OperandKind => OPERAND_KIND[operator];

/**
 * Operators of validation rules, which judge dates by windows or items by their collections: a
 * filter accepts them only where the place lists them in `operators`, so list filters keep
 * refusing them as unknown.
 */
const OPT_IN = new Set<FilterOperator>([
  '$timeframe',
  '$timeframe_absolute',
  '$timeframe_daily_hours',
  '$dow',
  '$from',
]);

/** Operators whose operand list may be empty (an empty `$in` matches nothing, an empty `$not_in` everything). */
const MAY_BE_EMPTY = new Set<FilterOperator>(['$in', '$not_in', '$not_differ', '$not_intersect']);

const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/u;
const INTEGER_TEXT = /^\+?\d+$/u;

/**
 * Whether a text is a plain decimal number (`12`, `-3.5`, `1e3`); blank text, `0x10` and
 * `Infinity` are not.
 */
export const isNumberText = (text: string): boolean => NUMBER_TEXT.test(text) && Number.isFinite(Number(text));

const isPlainObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const isOperator = (name: string): name is FilterOperator => Object.hasOwn(OPERAND_KIND, name);

/** The canonical name of an operator or alias, or `undefined` for an unknown name. */
const canonicalOperator = (name: string): FilterOperator | undefined =>
  isOperator(name) ? name : Object.hasOwn(FILTER_OPERATOR_ALIASES, name) ? FILTER_OPERATOR_ALIASES[name] : undefined;

/** A problem with one part of a filter: where (path parts from the filter's root) and what. */
interface Issue {
  readonly at: readonly string[];
  readonly problem: string;
}

const DEFAULT_SOURCE: FilterSource = { in: 'query', parameter: 'filters' };

const locate = (source: FilterSource, at: readonly string[]): string =>
  source.in === 'query'
    ? `Query parameter ${source.parameter}${at.map((part) => `[${part}]`).join('')}`
    : `Property ${source.property}${at.map((part) => `.${part}`).join('')}`;

/**
 * The error a malformed filter raises: `invalid_query_params` for a query parameter,
 * `invalid_payload` for a body, with every problem in `details`, separated by `; `.
 */
const filterError = (source: FilterSource, issues: readonly Issue[]): DomainError => {
  const details = issues.map((issue) => `${locate(source, issue.at)} ${issue.problem}`).join('; ');
  return source.in === 'query'
    ? new DomainError('invalid_query_params', 'Invalid query parameters', { details })
    : new DomainError('invalid_payload', 'Invalid payload', { details });
};

/** Throws the error of a filter that cannot be used, naming the part at `at` (path parts from the filter's root). */
export const throwFilterError = (source: FilterSource | undefined, at: readonly string[], problem: string): never => {
  throw filterError(source ?? DEFAULT_SOURCE, [{ at, problem }]);
};

const isValidPath = (path: string): boolean =>
  path.length > 0 && path.split('.').every((segment) => segment.length > 0);

const fieldAllowed = (path: string, fields: readonly string[] | undefined): boolean =>
  fields === undefined ||
  fields.some((allowed) =>
    allowed.endsWith('.*')
      ? path.startsWith(allowed.slice(0, -1)) && path.length > allowed.length - 1
      : allowed === path,
  );

const show = (value: unknown): string =>
  typeof value === 'string'
    ? `'${value}'`
    : typeof value === 'number'
      ? String(value)
      : (JSON.stringify(value) ?? String(value));

/** Checks and normalises the operand of one operator; returns the values or the problem. */
const readOperands = (operator: FilterOperator, operand: unknown): readonly FilterValue[] | string => {
  const kind = OPERAND_KIND[operator];
  if (kind === 'none') return [];
  const list: readonly unknown[] = Array.isArray(operand) ? operand : [operand];
  if (list.length === 0 && !MAY_BE_EMPTY.has(operator)) return 'should have at least one value';
  const single = kind === 'ordered' || kind === 'date' || kind === 'days' || kind === 'count';
  if (single && list.length !== 1) return 'should have exactly one value';
  const values: FilterValue[] = [];
  for (const value of list) {
    const read = readOperand(kind, value);
    if (read === undefined) return `${describeKind(kind)} (actual value is ${show(value)})`;
    values.push(read);
  }
  return values;
};

const describeKind = (kind: OperandKind): string => {
  switch (kind) {
    case 'equality':
      return 'should hold text, numbers, booleans or objects';
    case 'text':
      return 'should hold text';
    case 'ordered':
      return 'should be a number or an ISO 8601 date';
    case 'date':
      return 'should be an ISO 8601 date or timestamp';
    case 'days':
      return 'should be a whole number of days, 0 or more';
    case 'count':
      return 'should be a whole number, 0 or more';
    case 'ids':
    case 'none':
      return 'should hold ids';
    case 'timeframe':
      return "should be 'start;interval;duration', an ISO 8601 date and two ISO 8601 durations";
    case 'timeframe_absolute':
      return "should be 'from;to', two ISO 8601 dates or timestamps in order";
    case 'daily_hours':
      return "should be 'HH:MM;HH:MM;days' with days 0 to 6 separated by commas";
    case 'weekday':
      return 'should be a day of the week, 0 (Sunday) to 6';
  }
};

const readOperand = (kind: OperandKind, value: unknown): FilterValue | undefined => {
  switch (kind) {
    case 'equality':
      if (typeof value === 'string' || typeof value === 'boolean' || isPlainObject(value)) return value;
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'text':
      if (typeof value === 'string') return value;
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
    case 'ordered':
      if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
      if (typeof value !== 'string') return undefined;
      if (isNumberText(value.trim())) return Number(value);
      return isDateText(value) ? value : undefined;
    case 'date':
      return typeof value === 'string' && isDateText(value) ? value : undefined;
    case 'days':
    case 'count': {
      const number = typeof value === 'string' && INTEGER_TEXT.test(value.trim()) ? Number(value) : value;
      return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
    }
    case 'ids':
      return typeof value === 'string' && value.length > 0 ? value : undefined;
    case 'timeframe':
      return typeof value === 'string' && parseTimeframe(value, UTC_CALENDAR) !== undefined ? value : undefined;
    case 'timeframe_absolute':
      return typeof value === 'string' && parseAbsoluteTimeframe(value, UTC_CALENDAR) !== undefined ? value : undefined;
    case 'daily_hours':
      return typeof value === 'string' && parseDailyHours(value) !== undefined ? value : undefined;
    case 'weekday': {
      const number = typeof value === 'string' && /^[0-6]$/u.test(value.trim()) ? Number(value) : value;
      return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= 6 ? number : undefined;
    }
    case 'none':
      return undefined;
  }
};

const readJunction = (value: unknown, options: FilterParseOptions, issues: Issue[]): FilterJunction => {
  if (value === undefined || value === null) {
    if (options.requireJunction === true) issues.push({ at: ['junction'], problem: 'is required' });
    return 'and';
  }
  if (value === 'and' || value === 'AND') return 'and';
  if (value === 'or' || value === 'OR') return 'or';
  issues.push({ at: ['junction'], problem: `should be one of: and, or, AND, OR (actual value is ${show(value)})` });
  return 'and';
};

/** A problem with one operator of a conditions object: the operator as written (none for the object itself) and what is wrong. */
export interface ConditionProblem {
  readonly operator: string | undefined;
  readonly problem: string;
}

/**
 * Reads one conditions object (`{ <operator>: operand, … }`): operators under their canonical
 * names and operands as lists. The operators of validation rules are accepted only when
 * `operators` lists them. Shared by filters and validation rules, so both read operators and
 * operands the same way.
 *
 * @param conditions - The conditions object as sent.
 * @param operators - The canonical operators allowed here; without it, every operator but those of validation rules.
 * @returns The conditions read, and the problems found (none when all is well).
 */
export const parseConditionList = (
  conditions: unknown,
  operators: readonly FilterOperator[] | undefined,
): { readonly conditions: readonly FilterCondition[]; readonly problems: readonly ConditionProblem[] } => {
  if (!isPlainObject(conditions))
    return { conditions: [], problems: [{ operator: undefined, problem: 'should be object' }] };
  const read: FilterCondition[] = [];
  const problems: ConditionProblem[] = [];
  for (const name of Object.keys(conditions)) {
    const operator = canonicalOperator(name);
    if (operator === undefined || (operators === undefined && OPT_IN.has(operator))) {
      problems.push({ operator: name, problem: 'is not a known operator' });
    } else if (operators !== undefined && !operators.includes(operator)) {
      problems.push({ operator: name, problem: `is not allowed here; allowed: ${operators.join(', ')}` });
    } else {
      const values = readOperands(operator, conditions[name]);
      if (typeof values === 'string') problems.push({ operator: name, problem: values });
      else read.push({ operator, values });
    }
  }
  return { conditions: read, problems };
};

const readConditions = (
  path: string,
  entry: unknown,
  options: FilterParseOptions,
  issues: Issue[],
): readonly FilterCondition[] => {
  if (!isPlainObject(entry) || !Object.hasOwn(entry, 'conditions')) {
    issues.push({ at: [path], problem: "should have required property 'conditions'" });
    return [];
  }
  const extra = Object.keys(entry).filter((key) => key !== 'conditions');
  if (extra.length > 0) issues.push({ at: [path], problem: `has unknown properties: ${extra.join(', ')}` });
  const { conditions } = entry;
  if (isPlainObject(conditions) && Object.keys(conditions).length === 0) {
    issues.push({ at: [path, 'conditions'], problem: 'should have at least one operator' });
  }
  const read = parseConditionList(conditions, options.operators);
  for (const { operator, problem } of read.problems) {
    issues.push({ at: operator === undefined ? [path, 'conditions'] : [path, 'conditions', operator], problem });
  }
  return read.conditions;
};

/**
 * Checks a filter and returns it normalised. A filter is an object with an optional `junction`
 * (`and`, `or`, `AND`, `OR`; `and` when absent) and, under each other key, a dotted field path,
 * an object `{ conditions: { <operator>: operand } }`. An operand is one value or a list of
 * values; `$has_value` and `$is_unknown` ignore theirs.
 *
 * @remarks
 * Operands, by operator:
 * - `$is`, `$is_not`, `$in`, `$not_in`, `$not_differ`, `$not_intersect`: text, numbers, booleans
 *   or objects; `$is` with several values means any of them, `$is_not` none of them.
 * - `$starts_with`, `$ends_with`, `$contains`, `$not_contain`: text (numbers are read as text);
 *   with several values, any of them (none of them for `$not_contain`).
 * - `$more_than`, `$less_than`, `$more_than_equal`, `$less_than_equal`: exactly one number
 *   (numeric text becomes a number) or ISO 8601 date or timestamp.
 * - `$after`, `$before`: exactly one ISO 8601 date or timestamp.
 * - the relative day operators and `$count`, `$count_more`, `$count_less`: exactly one whole
 *   number, 0 or more (text such as `'3'` becomes a number).
 * - `$in_location`: location ids.
 * - Only where `operators` lists them: `$timeframe` (`'start;interval;duration'`),
 *   `$timeframe_absolute` (`'from;to'`), `$timeframe_daily_hours` (`'HH:MM;HH:MM;days'`), `$dow`
 *   (days of the week 0–6) and `$from` (like `$in`).
 *
 * @param input - The filter as sent: `null` or `undefined` is the empty filter, which matches
 *   every record.
 * @param options - What the place allows and where the filter came from; see {@link FilterParseOptions}.
 * @returns The normalised filter.
 * @throws DomainError `invalid_query_params` (query source, the default) or `invalid_payload`
 *   (body source); `details` names every offending part, for example `Query parameter
 *   filters[metadata.tier][conditions][$iz] is not a known operator`.
 * @example
 * ```ts
 * parseFilter({ junction: 'AND', 'metadata.tier': { conditions: { $is: 'gold' } } });
 * // { junction: 'and', fields: [{ path: 'metadata.tier', conditions: [{ operator: '$is', values: ['gold'] }] }] }
 * ```
 */
export function parseFilter(input: unknown, options: FilterParseOptions = {}): FilterDefinition {
  const source = options.source ?? DEFAULT_SOURCE;
  if (input === undefined || input === null) {
    if (options.requireJunction === true) throw filterError(source, [{ at: ['junction'], problem: 'is required' }]);
    return { junction: 'and', fields: [] };
  }
  if (!isPlainObject(input)) throw filterError(source, [{ at: [], problem: 'should be object' }]);
  const issues: Issue[] = [];
  const junction = readJunction(input.junction, options, issues);
  const fields: FilterField[] = [];
  for (const path of Object.keys(input)) {
    if (path === 'junction') continue;
    if (!isValidPath(path)) {
      issues.push({ at: [path], problem: 'is not a valid field path' });
    } else if (!fieldAllowed(path, options.fields)) {
      issues.push({ at: [path], problem: 'is not a field that can be filtered on' });
    } else {
      const conditions = readConditions(path, input[path], options, issues);
      if (conditions.length > 0) fields.push({ path, conditions });
    }
  }
  if (issues.length > 0) throw filterError(source, issues);
  return { junction, fields };
}
