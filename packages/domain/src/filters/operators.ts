/**
 * The meaning of each filter operator, compiled into a test of one field's value. Internal to the
 * filter engine: `compileFilter` validates the filter and combines these tests.
 */
import { type FilterCondition, type FilterOperator, type FilterValue, isNumberText } from './language.js';
import { type ZoneCalendar, isCalendarDate, readInstant } from './time.js';
import {
  inAbsoluteTimeframe,
  inDailyHours,
  inTimeframe,
  onDayOfWeek,
  parseAbsoluteTimeframe,
  parseDailyHours,
  parseTimeframe,
} from './timeframe.js';

/** A test of the value a field path reads (an array stands for the set of its elements). */
export type ValueTest = (value: unknown) => boolean;

/** What the operators need besides their operands. */
export interface OperatorContext {
  /** Calendar of the time zone in which calendar dates and relative days are counted. */
  readonly calendar: ZoneCalendar;
  /** The current instant in epoch milliseconds, for relative day operators; `undefined` when not given. */
  readonly now: number | undefined;
  /** Whether a value lies inside a location, for `$in_location`. */
  readonly inLocation: ((value: unknown, locationId: string) => boolean) | undefined;
}

const isSet = (value: unknown): boolean => value !== undefined && value !== null;

/** Whether a field has a value: not missing, not `null`, not an array without a set element. */
const hasValue: ValueTest = (value) => (Array.isArray(value) ? value.some(isSet) : isSet(value));

/** Holds when `test` holds for the value or, for an array, for one of its set elements. */
const some =
  (test: (scalar: unknown) => boolean): ValueTest =>
  (value) => {
    if (!Array.isArray(value)) return isSet(value) && test(value);
    for (const element of value as readonly unknown[]) if (isSet(element) && test(element)) return true;
    return false;
  };

const not =
  (test: ValueTest): ValueTest =>
  (value) =>
    !test(value);

/** The set elements of a value: the value itself, or an array's elements. */
const elementsOf = (value: unknown): readonly unknown[] =>
  Array.isArray(value) ? value.filter(isSet) : isSet(value) ? [value] : [];

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null;

const deepEqual = (left: unknown, right: unknown): boolean => {
  if (Object.is(left, right)) return true;
  if (!isObject(left) || !isObject(right) || Array.isArray(left) !== Array.isArray(right)) return false;
  const keys = Object.keys(right);
  return (
    keys.length === Object.keys(left).length &&
    keys.every((key) => Object.hasOwn(left, key) && deepEqual(left[key], right[key]))
  );
};

/** An object operand matches an object value that has every property of the operand, equal. */
const hasProperties = (value: unknown, pattern: Readonly<Record<string, unknown>>): boolean =>
  isObject(value) &&
  !Array.isArray(value) &&
  Object.keys(pattern).every((key) => Object.hasOwn(value, key) && deepEqual(value[key], pattern[key]));

/**
 * A date operand as the instants it stands for: a timestamp is the single millisecond
 * `[ms, ms + 1)`, a calendar date its whole day in the time zone. `day` is the operand's day,
 * used when the value compared is itself a calendar date.
 */
interface DateBounds {
  readonly exact: readonly [from: number, to: number];
  readonly day: readonly [from: number, to: number];
}

const dateBounds = (text: string, calendar: ZoneCalendar): DateBounds | undefined => {
  const ms = readInstant(text, calendar);
  if (ms === undefined) return undefined;
  const day = [calendar.startOfDayFrom(ms, 0), calendar.startOfDayFrom(ms, 1)] as const;
  return { exact: isCalendarDate(text) ? day : [ms, ms + 1], day };
};

type Order = 'gt' | 'gte' | 'lt' | 'lte' | 'eq';

/** The instants `[from, to)` that stand in the given order to an interval: after it, from its start on, and so on. */
const rangeOf = (order: Order, [start, end]: readonly [number, number]): readonly [from: number, to: number] => {
  switch (order) {
    case 'gt':
      return [end, Infinity];
    case 'gte':
      return [start, Infinity];
    case 'lt':
      return [-Infinity, start];
    case 'lte':
      return [-Infinity, end];
    case 'eq':
      return [start, end];
  }
};

/**
 * Compares a value with a date operand. When either side is a calendar date, whole days in the
 * time zone are compared; otherwise instants.
 */
const dateTest = (bounds: DateBounds, order: Order, calendar: ZoneCalendar): ((scalar: unknown) => boolean) => {
  const [exactFrom, exactTo] = rangeOf(order, bounds.exact);
  const [dayFrom, dayTo] = rangeOf(order, bounds.day);
  return (scalar) => {
    const ms = readInstant(scalar, calendar);
    if (ms === undefined) return false;
    return isCalendarDate(scalar) ? ms >= dayFrom && ms < dayTo : ms >= exactFrom && ms < exactTo;
  };
};

/** Equality with any of several operands, with sets for the common cases so long `$in` lists stay fast. */
const equalityTest = (values: readonly FilterValue[], calendar: ZoneCalendar): ((scalar: unknown) => boolean) => {
  const texts = new Set<string>();
  const numbers = new Set<number>();
  const numbersOfText = new Set<number>();
  const booleans = new Set<boolean>();
  const booleanTexts = new Set<string>();
  const dates: ((scalar: unknown) => boolean)[] = [];
  const objects: Readonly<Record<string, unknown>>[] = [];
  for (const value of values) {
    if (typeof value === 'string') {
      texts.add(value);
      if (isNumberText(value)) numbersOfText.add(Number(value));
      if (value === 'true' || value === 'false') booleans.add(value === 'true');
      const bounds = dateBounds(value, calendar);
      if (bounds !== undefined) dates.push(dateTest(bounds, 'eq', calendar));
    } else if (typeof value === 'number') {
      numbers.add(value);
    } else if (typeof value === 'boolean') {
      booleans.add(value);
      booleanTexts.add(String(value));
    } else {
      objects.push(value);
    }
  }
  const [onlyText] = texts;
  if (
    values.length === 1 &&
    onlyText !== undefined &&
    numbersOfText.size === 0 &&
    booleans.size === 0 &&
    dates.length === 0
  ) {
    // The most common condition, `$is` with one plain text: a strict comparison.
    return (scalar) => scalar === onlyText;
  }
  return (scalar) => {
    switch (typeof scalar) {
      case 'string':
        return (
          texts.has(scalar) ||
          booleanTexts.has(scalar) ||
          (numbers.size > 0 && isNumberText(scalar) && numbers.has(Number(scalar))) ||
          dates.some((test) => test(scalar))
        );
      case 'number':
        return numbers.has(scalar) || numbersOfText.has(scalar);
      case 'boolean':
        return booleans.has(scalar);
      case 'object':
        if (scalar instanceof Date) return dates.some((test) => test(scalar));
        return objects.some((pattern) => hasProperties(scalar, pattern));
      default:
        return false;
    }
  };
};

/** `$not_differ`: the value's elements and the operands are the same set. */
const sameSetTest = (values: readonly FilterValue[], calendar: ZoneCalendar): ValueTest => {
  const anyOperand = equalityTest(values, calendar);
  const eachOperand = values.map((value) => equalityTest([value], calendar));
  return (value) => {
    const elements = elementsOf(value);
    return elements.every(anyOperand) && eachOperand.every((matches) => elements.some(matches));
  };
};

const textOf = (scalar: unknown): string | undefined =>
  typeof scalar === 'string' ? scalar.toLowerCase() : typeof scalar === 'number' ? String(scalar) : undefined;

/** Text operators ignore case: both sides are lower-cased. */
const textTest = (values: readonly FilterValue[], match: (text: string, part: string) => boolean): ValueTest => {
  const parts = values.map((value) => String(value).toLowerCase());
  return some((scalar) => {
    const text = textOf(scalar);
    return text !== undefined && parts.some((part) => match(text, part));
  });
};

const compareNumbers = (left: number, right: number, order: Order): boolean => {
  switch (order) {
    case 'gt':
      return left > right;
    case 'gte':
      return left >= right;
    case 'lt':
      return left < right;
    case 'lte':
      return left <= right;
    case 'eq':
      return left === right;
  }
};

/** The number a value stands for in a numeric comparison: a number, or numeric text. */
const numberOf = (scalar: unknown): number | undefined =>
  typeof scalar === 'number' ? scalar : typeof scalar === 'string' && isNumberText(scalar) ? Number(scalar) : undefined;

const ORDER: Readonly<Partial<Record<FilterOperator, Order>>> = {
  $more_than: 'gt',
  $more_than_equal: 'gte',
  $less_than: 'lt',
  $less_than_equal: 'lte',
  $after: 'gt',
  $before: 'lt',
};

const requireNow = (context: OperatorContext, operator: FilterOperator): number => {
  if (context.now === undefined) throw new TypeError(`compileFilter: options.now is required for ${operator}`);
  return context.now;
};

/**
 * The instants `[from, to)` whose local day is `fromDays` to `toDays` (exclusive) days from the
 * day of `now`; `undefined` ends are open.
 */
const relativeDays = (
  context: OperatorContext,
  now: number,
  fromDays: number | undefined,
  toDays: number | undefined,
): ValueTest => {
  const { calendar } = context;
  const from = fromDays === undefined ? -Infinity : calendar.startOfDayFrom(now, fromDays);
  const to = toDays === undefined ? Infinity : calendar.startOfDayFrom(now, toDays);
  return some((scalar) => {
    const ms = readInstant(scalar, calendar);
    return ms !== undefined && ms >= from && ms < to;
  });
};

/**
 * The days-ago reading of a numeric comparison on a date (`created_at $more_than 3`: more than
 * three days ago), as the service's date-time list filters define it. Only dates in the past
 * (today included) count as some days ago, and only a whole number of days, 0 or more, compares
 * with a date.
 */
const daysAgo = (context: OperatorContext, order: Order, days: number): ValueTest | undefined => {
  if (context.now === undefined || !Number.isSafeInteger(days) || days < 0) return undefined;
  const { now } = context;
  switch (order) {
    case 'gt':
      return relativeDays(context, now, undefined, -days);
    case 'gte':
      return relativeDays(context, now, undefined, -days + 1);
    case 'lt':
      return relativeDays(context, now, -days + 1, 1);
    case 'lte':
      return relativeDays(context, now, -days, 1);
    case 'eq':
      return relativeDays(context, now, -days, -days + 1);
  }
};

const orderedTest = (operand: FilterValue, order: Order, context: OperatorContext): ValueTest => {
  if (typeof operand === 'number') {
    const onDates = daysAgo(context, order, operand);
    return some((scalar) => {
      const number = numberOf(scalar);
      if (number !== undefined) return compareNumbers(number, operand, order);
      return onDates !== undefined && onDates(scalar);
    });
  }
  const bounds = typeof operand === 'string' ? dateBounds(operand, context.calendar) : undefined;
  return bounds === undefined ? () => false : some(dateTest(bounds, order, context.calendar));
};

const countOf = (value: unknown): number => elementsOf(value).length;

/**
 * A window test on dates: holds when the value, or one element of an array, is a date or
 * timestamp inside one of the windows the operands describe. Operands that do not read as a
 * window (they were checked when the filter was parsed) match nothing.
 */
const windowTest = <W>(
  values: readonly FilterValue[],
  read: (text: string) => W | undefined,
  inside: (ms: number, window: W) => boolean,
  calendar: ZoneCalendar,
): ValueTest => {
  const windows = values.flatMap((value) => {
    const window = typeof value === 'string' ? read(value) : undefined;
    return window === undefined ? [] : [window];
  });
  return some((scalar) => {
    const ms = readInstant(scalar, calendar);
    return ms !== undefined && windows.some((window) => inside(ms, window));
  });
};

const onlyNumber = (values: readonly FilterValue[]): number => {
  const [value] = values;
  return typeof value === 'number' ? value : Number(value);
};

/**
 * Compiles one condition into a test of the value its field path reads. Positive operators hold
 * when the value, or one element of an array value, matches (`$from` is `$in` under another name:
 * validation rules use it for the collections of an order item); the window operators
 * (`$timeframe`, `$timeframe_absolute`, `$timeframe_daily_hours`, `$dow`) hold for a date inside
 * the window, read in the calendar's zone; `$is_not`, `$not_in`,
 * `$not_contain`, `$not_intersect` and `$is_unknown` are their exact complements, so they also
 * hold for a missing field.
 *
 * @throws TypeError when a relative day operator is used without `now`, or `$in_location`
 *   without a location test.
 */
export const compileCondition = (condition: FilterCondition, context: OperatorContext): ValueTest => {
  const { operator, values } = condition;
  const { calendar } = context;
  switch (operator) {
    case '$has_value':
      return hasValue;
    case '$is_unknown':
      return not(hasValue);
    case '$is':
    case '$in':
    case '$from':
      return some(equalityTest(values, calendar));
    case '$is_not':
    case '$not_in':
    case '$not_intersect':
      return not(some(equalityTest(values, calendar)));
    case '$not_differ':
      return sameSetTest(values, calendar);
    case '$starts_with':
      return textTest(values, (text, part) => text.startsWith(part));
    case '$ends_with':
      return textTest(values, (text, part) => text.endsWith(part));
    case '$contains':
      return textTest(values, (text, part) => text.includes(part));
    case '$not_contain':
      return not(textTest(values, (text, part) => text.includes(part)));
    case '$more_than':
    case '$more_than_equal':
    case '$less_than':
    case '$less_than_equal':
    case '$after':
    case '$before': {
      const [operand] = values;
      const order = ORDER[operator];
      return operand === undefined || order === undefined ? () => false : orderedTest(operand, order, context);
    }
    case '$count': {
      const count = onlyNumber(values);
      return (value) => countOf(value) === count;
    }
    case '$count_more': {
      const count = onlyNumber(values);
      return (value) => countOf(value) > count;
    }
    case '$count_less': {
      const count = onlyNumber(values);
      return (value) => countOf(value) < count;
    }
    case '$is_days_ago': {
      const days = onlyNumber(values);
      return relativeDays(context, requireNow(context, operator), -days, -days + 1);
    }
    case '$more_than_ago':
      return relativeDays(context, requireNow(context, operator), undefined, -onlyNumber(values));
    case '$less_than_ago': {
      const days = onlyNumber(values);
      return relativeDays(context, requireNow(context, operator), -days + 1, 1);
    }
    case '$is_days_in_future': {
      const days = onlyNumber(values);
      return relativeDays(context, requireNow(context, operator), days, days + 1);
    }
    case '$more_than_future':
      return relativeDays(context, requireNow(context, operator), onlyNumber(values) + 1, undefined);
    case '$less_than_future':
      return relativeDays(context, requireNow(context, operator), 0, onlyNumber(values));
    case '$in_location': {
      const { inLocation } = context;
      if (inLocation === undefined)
        throw new TypeError('compileFilter: options.inLocation is required for $in_location');
      const ids = values.map(String);
      return some((scalar) => ids.some((id) => inLocation(scalar, id)));
    }
    case '$timeframe':
      return windowTest(
        values,
        (text) => parseTimeframe(text, calendar),
        (ms, window) => inTimeframe(ms, window, calendar),
        calendar,
      );
    case '$timeframe_absolute':
      return windowTest(
        values,
        (text) => parseAbsoluteTimeframe(text, calendar),
        (ms, window) => inAbsoluteTimeframe(ms, window, calendar),
        calendar,
      );
    case '$timeframe_daily_hours':
      return windowTest(values, parseDailyHours, (ms, window) => inDailyHours(ms, window, calendar), calendar);
    case '$dow': {
      const days = values.map(Number);
      return some((scalar) => {
        const ms = readInstant(scalar, calendar);
        return ms !== undefined && onDayOfWeek(ms, days, calendar);
      });
    }
  }
};
