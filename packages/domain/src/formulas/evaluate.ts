import type { FormulaAst, FormulaBinaryNode, FormulaCallNode, FormulaSwitchNode } from './ast.js';
import { type FormulaContext, type FormulaScope, resolveMetadata, resolveOperand } from './context.js';
import {
  FormulaDate,
  calendarDayOf,
  calendarFor,
  compareDates,
  daysBetween,
  localDay,
  monthsBetween,
  readFormulaDate,
  sameDay,
} from './dates.js';
import { parseFormula } from './parser.js';
import {
  type RoundingMode,
  compareDecimals,
  readNumericText,
  roundToPrecision,
  withoutBinaryNoise,
} from './rounding.js';
import type { ZoneCalendar } from '../filters/time.js';

/**
 * What a formula evaluates to: a number, text, a boolean, a date (as a `Date`), or a list taken
 * from array metadata.
 *
 * @example
 * ```ts
 * const result: FormulaResult = evaluateFormula('IF(ORDER_AMOUNT > 400;0;20)', { now: 0, order: { amount: 45000 } }); // 0
 * ```
 */
export type FormulaResult = number | string | boolean | Date | readonly unknown[];

/**
 * Why a formula has no value:
 * - `missing_value`: an operand or metadata key the formula needs is not in the context (and no
 *   `DEFAULT_TO` supplies one), or no `SWITCH_CASE` matches a `SWITCH` without a default;
 * - `type_mismatch`: an operator or function got a value of the wrong kind (`"abc" * 2`,
 *   `IF(5;1;2)`, an object from metadata, a fractional precision);
 * - `division_by_zero`: `/` or `%` by zero;
 * - `not_finite`: a result too large to represent, or not a number (`POW(-8;0.5)`);
 * - `invalid_date`: text that a date function or comparison cannot read as an ISO 8601 date.
 *
 * @example
 * ```ts
 * const reason: FormulaFailureReason = 'missing_value';
 * ```
 */
export type FormulaFailureReason =
  | 'missing_value'
  | 'type_mismatch'
  | 'division_by_zero'
  | 'not_finite'
  | 'invalid_date';

/**
 * A formula that parsed but cannot be computed for this context. The service then uses the
 * static fallback value, as {@link formulaValue} does, so this is not a service error and has no
 * error key. `position` is the 0-based offset of the part of the formula that failed.
 *
 * @example
 * ```ts
 * try {
 *   evaluateFormula('ORDER_METADATA("visits") * 2', { now: 0, order: { metadata: {} } });
 * } catch (error) {
 *   if (error instanceof FormulaEvaluationError) error.reason; // 'missing_value'
 * }
 * ```
 */
export class FormulaEvaluationError extends Error {
  /** Always `FormulaEvaluationError`. */
  override readonly name: string = 'FormulaEvaluationError';
  /** Why the formula has no value. */
  readonly reason: FormulaFailureReason;
  /** The 0-based offset, in the formula text, of the part that failed. */
  readonly position: number;

  /**
   * @param reason - Why the formula has no value.
   * @param problem - What failed, in lower case, without the position.
   * @param position - The 0-based offset of the part that failed.
   */
  constructor(reason: FormulaFailureReason, problem: string, position: number) {
    super(`formula has no value at position ${position}: ${problem}`);
    this.reason = reason;
    this.position = position;
  }
}

/** A value during evaluation; `undefined` is a missing value, which propagates until `DEFAULT_TO`. */
type Value = number | string | boolean | FormulaDate | readonly unknown[] | undefined;

/** Gives the calendar of a time zone; a compiled formula remembers the last one it built. */
export type CalendarSource = (timeZone: string | undefined) => ZoneCalendar;

/** One evaluation's state. A class, because an object literal with a getter is slow to create. */
class Scope implements FormulaScope {
  /** The last operand, metadata reader or SWITCH found without a value, to name in the error. */
  lastMissing: FormulaAst | undefined = undefined;
  readonly now: number;
  #calendar: ZoneCalendar | undefined = undefined;
  #today: FormulaDate | undefined = undefined;

  constructor(
    readonly context: FormulaContext,
    private readonly calendarOf: CalendarSource,
  ) {
    this.now = typeof context.now === 'number' ? context.now : context.now.getTime();
    if (!Number.isFinite(this.now)) throw new RangeError('the evaluation context needs a valid `now`');
  }

  /** Built on first use, so formulas without dates never look the time zone up. */
  get calendar(): ZoneCalendar {
    this.#calendar ??= this.calendarOf(this.context.timeZone);
    return this.#calendar;
  }

  /** Found once per evaluation: in a time zone other than UTC, each lookup asks `Intl`. */
  get today(): FormulaDate {
    this.#today ??= calendarDayOf(this.now, this.calendar);
    return this.#today;
  }
}

const fail = (reason: FormulaFailureReason, problem: string, at: FormulaAst): never => {
  throw new FormulaEvaluationError(reason, problem, at.start);
};

const nameOf = (node: FormulaAst): string => {
  switch (node.type) {
    case 'operand':
      return node.name;
    case 'metadata':
      return `${node.reader}(${JSON.stringify(node.key)})`;
    case 'call':
      return node.name;
    case 'switch':
      return 'SWITCH';
    default:
      return 'the expression';
  }
};

const kindOf = (value: Value): string => {
  if (value instanceof FormulaDate) return 'a date';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the text ${JSON.stringify(value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  return `the boolean ${String(value)}`;
};

const finite = (value: number, at: FormulaAst): number =>
  Number.isFinite(value) ? value + 0 : fail('not_finite', `${nameOf(at)} does not give a finite number`, at);

/** A scalar element of a list from metadata; other elements (objects, null) count as absent. */
const scalar = (element: unknown): Value =>
  typeof element === 'string' ||
  typeof element === 'boolean' ||
  (typeof element === 'number' && Number.isFinite(element))
    ? element
    : undefined;

/** A value read from the context, checked: absent and `null` are missing, objects unusable. */
const fromContext = (raw: unknown, node: FormulaAst, scope: Scope): Value => {
  if (raw === null || raw === undefined) {
    scope.lastMissing = node;
    return undefined;
  }
  if (typeof raw === 'number') return finite(raw, node);
  if (typeof raw === 'string' || typeof raw === 'boolean' || raw instanceof FormulaDate || Array.isArray(raw))
    return raw as Value;
  if (raw instanceof Date)
    return readFormulaDate(raw, scope.calendar) ?? fail('invalid_date', `${nameOf(node)} is not a valid date`, node);
  return fail('type_mismatch', `${nameOf(node)} holds an object, which a formula cannot use`, node);
};

const numberOf = (value: Value): number | undefined =>
  typeof value === 'number' ? value : typeof value === 'string' ? readNumericText(value) : undefined;

const toNumber = (value: Value, at: FormulaAst): number =>
  numberOf(value) ?? fail('type_mismatch', `expected a number but found ${kindOf(value)}`, at);

const toDate = (value: Value, at: FormulaAst, calendar: ZoneCalendar): FormulaDate => {
  if (value instanceof FormulaDate) return value;
  if (typeof value === 'string') {
    return (
      readFormulaDate(value, calendar) ?? fail('invalid_date', `${JSON.stringify(value)} is not an ISO 8601 date`, at)
    );
  }
  return fail('type_mismatch', `expected a date but found ${kindOf(value)}`, at);
};

const toText = (value: Value, at: FormulaAst): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(withoutBinaryNoise(value));
  if (typeof value === 'boolean') return String(value);
  return fail('type_mismatch', `expected text but found ${kindOf(value)}`, at);
};

const truth = (value: Value, at: FormulaAst): boolean | undefined =>
  value === undefined || typeof value === 'boolean'
    ? value
    : fail('type_mismatch', `expected true or false but found ${kindOf(value)}`, at);

/**
 * `=`: dates by day or instant, numbers by value (numeric text included, binary noise ignored),
 * text exactly, booleans exactly; values of different kinds are unequal.
 */
const equals = (a: Value, b: Value, at: FormulaAst, calendar: ZoneCalendar): boolean => {
  if (Array.isArray(a) || Array.isArray(b)) {
    return fail('type_mismatch', 'a list cannot be compared with "="; use contains or IN_ARRAY', at);
  }
  if (a instanceof FormulaDate || b instanceof FormulaDate) {
    const x = readFormulaDate(a, calendar);
    const y = readFormulaDate(b, calendar);
    return x !== undefined && y !== undefined && compareDates(x, y, calendar) === 0;
  }
  if (typeof a === 'number' || typeof b === 'number') {
    const x = numberOf(a);
    const y = numberOf(b);
    return x !== undefined && y !== undefined && compareDecimals(x, y) === 0;
  }
  return a === b;
};

/** `>`, `<`, `>=`, `<=`: numbers (numeric text included) or dates; anything else is a mismatch. */
const order = (a: Value, b: Value, at: FormulaBinaryNode, calendar: ZoneCalendar): number => {
  if (typeof a === 'number' || typeof b === 'number') {
    return compareDecimals(toNumber(a, at.left), toNumber(b, at.right));
  }
  if (a instanceof FormulaDate || b instanceof FormulaDate) {
    return compareDates(toDate(a, at.left, calendar), toDate(b, at.right, calendar), calendar);
  }
  if (typeof a === 'string' && typeof b === 'string') {
    const x = readNumericText(a);
    const y = readNumericText(b);
    if (x !== undefined && y !== undefined) return compareDecimals(x, y);
    const dx = readFormulaDate(a, calendar);
    const dy = readFormulaDate(b, calendar);
    if (dx !== undefined && dy !== undefined) return compareDates(dx, dy, calendar);
  }
  return fail('type_mismatch', `cannot order ${kindOf(a)} and ${kindOf(b)}`, at);
};

/** A text test; on a list, it holds when it holds for one element. */
const textTest = (
  left: Value,
  right: Value,
  at: FormulaBinaryNode,
  test: (value: string, pattern: string) => boolean,
): boolean => {
  const pattern = toText(right, at.right);
  if (Array.isArray(left)) {
    return left.some((element) => {
      const value = scalar(element);
      return value !== undefined && test(toText(value, at.left), pattern);
    });
  }
  return test(toText(left, at.left), pattern);
};

/** The members of the right side of `IN_ARRAY`: a list's elements, or comma-separated text. */
const members = (value: Value): Value[] => {
  if (Array.isArray(value)) return value.map(scalar).filter((element) => element !== undefined);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
  return [value];
};

const inArray = (left: Value, right: Value, at: FormulaBinaryNode, calendar: ZoneCalendar): boolean => {
  const list = members(right);
  const candidates = Array.isArray(left) ? members(left) : [left];
  return candidates.some((candidate) => list.some((member) => equals(candidate, member, at, calendar)));
};

const arithmetic = (node: FormulaBinaryNode, a: number, b: number): number => {
  switch (node.operator) {
    case '+':
      return finite(a + b, node);
    case '-':
      return finite(a - b, node);
    case '*':
      return finite(a * b, node);
    default:
      if (b === 0) return fail('division_by_zero', 'division by zero', node.right);
      return finite(node.operator === '/' ? a / b : a % b, node);
  }
};

const logic = (node: FormulaBinaryNode, scope: Scope): Value => {
  // Three-valued: a missing side decides nothing unless the other side settles the answer.
  const settles = node.operator === 'OR';
  const left = truth(evaluate(node.left, scope), node.left);
  if (left === settles) return settles;
  const right = truth(evaluate(node.right, scope), node.right);
  if (right === settles) return settles;
  return left === undefined || right === undefined ? undefined : !settles;
};

const binary = (node: FormulaBinaryNode, scope: Scope): Value => {
  if (node.operator === 'AND' || node.operator === 'OR') return logic(node, scope);
  const left = evaluate(node.left, scope);
  const right = evaluate(node.right, scope);
  if (left === undefined || right === undefined) return undefined;
  const { calendar } = scope;
  switch (node.operator) {
    case '+':
    case '-':
    case '*':
    case '/':
    case '%':
      return arithmetic(node, toNumber(left, node.left), toNumber(right, node.right));
    case '=':
      return equals(left, right, node, calendar);
    case '!=':
      return !equals(left, right, node, calendar);
    case '>':
      return order(left, right, node, calendar) > 0;
    case '<':
      return order(left, right, node, calendar) < 0;
    case '>=':
      return order(left, right, node, calendar) >= 0;
    case '<=':
      return order(left, right, node, calendar) <= 0;
    case 'is':
      return textTest(left, right, node, (value, pattern) => value === pattern);
    case 'isNot':
      return !textTest(left, right, node, (value, pattern) => value === pattern);
    case 'contains':
      // On a list, `contains` asks for an element, not for a part of one.
      return Array.isArray(left)
        ? textTest(left, right, node, (value, pattern) => value === pattern)
        : textTest(left, right, node, (value, pattern) => value.includes(pattern));
    case 'startsWith':
      return textTest(left, right, node, (value, pattern) => value.startsWith(pattern));
    case 'endsWith':
      return textTest(left, right, node, (value, pattern) => value.endsWith(pattern));
    case 'IN_ARRAY':
      return inArray(left, right, node, calendar);
    case 'NOT_IN_ARRAY':
      return !inArray(left, right, node, calendar);
    case 'IS_AFTER':
      return compareDates(toDate(left, node.left, calendar), toDate(right, node.right, calendar), calendar) > 0;
    case 'IS_BEFORE':
      return compareDates(toDate(left, node.left, calendar), toDate(right, node.right, calendar), calendar) < 0;
    case 'DATE_IS':
      return sameDay(toDate(left, node.left, calendar), toDate(right, node.right, calendar), calendar);
    case 'DATE_IS_NOT':
      return !sameDay(toDate(left, node.left, calendar), toDate(right, node.right, calendar), calendar);
  }
};

const argument = (node: FormulaCallNode, index: number): FormulaAst =>
  node.args[index] ?? fail('type_mismatch', `${node.name} is missing argument ${index + 1}`, node);

const ROUNDING: Readonly<Record<string, RoundingMode>> = { ROUND: 'round', FLOOR: 'floor', CEIL: 'ceil' };

/** The numbers of MIN and MAX: every argument, with lists spread; any missing value makes none. */
const numbersOf = (node: FormulaCallNode, scope: Scope): number[] | undefined => {
  const numbers: number[] = [];
  for (const arg of node.args) {
    const value = evaluate(arg, scope);
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) {
      numbers.push(toNumber(value, arg));
      continue;
    }
    for (const element of value) {
      const item = scalar(element);
      if (item === undefined) return undefined;
      numbers.push(toNumber(item, arg));
    }
  }
  return numbers.length === 0 ? undefined : numbers;
};

const call = (node: FormulaCallNode, scope: Scope): Value => {
  switch (node.name) {
    case 'IF': {
      const condition = truth(evaluate(argument(node, 0), scope), argument(node, 0));
      if (condition === undefined) return undefined;
      return evaluate(argument(node, condition ? 1 : 2), scope);
    }
    case 'DEFAULT_TO':
      for (const arg of node.args) {
        const value = evaluate(arg, scope);
        if (value !== undefined) return value;
      }
      return undefined;
    case 'MIN':
    case 'MAX': {
      const numbers = numbersOf(node, scope);
      if (numbers === undefined) return undefined;
      // A loop, not Math.min(...numbers): a long list from metadata must not overflow the call stack.
      let result = numbers[0] ?? 0;
      for (const value of numbers) result = node.name === 'MIN' ? Math.min(result, value) : Math.max(result, value);
      return result;
    }
    default:
      break;
  }
  // The remaining functions need every argument; a missing one makes the call missing.
  const values: Value[] = [];
  for (const arg of node.args) {
    const value = evaluate(arg, scope);
    if (value === undefined) return undefined;
    values.push(value);
  }
  const { calendar } = scope;
  const first = argument(node, 0);
  const number = (index: number): number => toNumber(values[index], argument(node, index));
  const date = (index: number): FormulaDate => toDate(values[index], argument(node, index), calendar);
  switch (node.name) {
    case 'POW':
      return finite(number(0) ** number(1), node);
    case 'ROUND':
    case 'FLOOR':
    case 'CEIL': {
      const precision = values.length > 1 ? number(1) : 0;
      if (!Number.isInteger(precision))
        return fail('type_mismatch', `the precision of ${node.name} must be a whole number`, argument(node, 1));
      return finite(roundToPrecision(number(0), precision, ROUNDING[node.name] ?? 'round'), node);
    }
    case 'DATE':
      return calendarDayOf(date(0).ms, calendar);
    case 'DATE_TIME':
      return new FormulaDate(date(0).ms, false);
    case 'DAY_OF_MONTH':
      return localDay(date(0).ms, calendar).day;
    case 'MONTH':
      return localDay(date(0).ms, calendar).month;
    case 'YEAR':
      return localDay(date(0).ms, calendar).year;
    case 'DAYS_SINCE':
      return daysBetween(date(0), scope.today, calendar);
    case 'MONTHS_SINCE':
      return monthsBetween(date(0), scope.today, calendar);
    case 'YEARS_SINCE':
      return Math.trunc(monthsBetween(date(0), scope.today, calendar) / 12) + 0;
    case 'DAYS_UNTIL':
      return daysBetween(scope.today, date(0), calendar);
    case 'MONTHS_UNTIL':
      return monthsBetween(scope.today, date(0), calendar);
    case 'IS_AFTER':
      return compareDates(date(0), date(1), calendar) > 0;
    case 'IS_BEFORE':
      return compareDates(date(0), date(1), calendar) < 0;
    case 'DATE_IS':
      return sameDay(date(0), date(1), calendar);
    case 'DATE_IS_NOT':
      return !sameDay(date(0), date(1), calendar);
    default:
      return fail('type_mismatch', `unknown function ${node.name}`, first);
  }
};

const switchOf = (node: FormulaSwitchNode, scope: Scope): Value => {
  const subject = evaluate(node.subject, scope);
  if (subject === undefined) return undefined;
  for (const entry of node.cases) {
    const value = evaluate(entry.value, scope);
    if (value !== undefined && equals(subject, value, entry.value, scope.calendar))
      return evaluate(entry.result, scope);
  }
  if (node.otherwise !== undefined) return evaluate(node.otherwise, scope);
  scope.lastMissing = node;
  return undefined;
};

function evaluate(node: FormulaAst, scope: Scope): Value {
  switch (node.type) {
    case 'number':
    case 'text':
    case 'boolean':
      return node.value;
    case 'operand':
      return fromContext(resolveOperand(node.name, scope), node, scope);
    case 'metadata':
      return fromContext(resolveMetadata(node.reader, node.key, scope.context), node, scope);
    case 'unary': {
      const value = evaluate(node.operand, scope);
      if (value === undefined) return undefined;
      const number = toNumber(value, node.operand);
      return node.operator === '-' ? 0 - number : number;
    }
    case 'binary':
      return binary(node, scope);
    case 'call':
      return call(node, scope);
    case 'switch':
      return switchOf(node, scope);
  }
}

const missingProblem = (node: FormulaAst): string =>
  node.type === 'switch' ? 'no SWITCH_CASE matches and SWITCH has no default' : `${nameOf(node)} has no value`;

/**
 * Evaluates a formula for one context. Operands read the context (money in major units, see
 * {@link FormulaContext}); a missing value propagates through arithmetic and comparisons until
 * `DEFAULT_TO` replaces it, and `AND`/`OR` ignore it when the other side settles the answer
 * (`false AND missing` is false). `IF` and `SWITCH` evaluate only the branch they take.
 *
 * Kinds: arithmetic and `>`/`<` take numbers or numeric text (`"12"`), or dates for the
 * comparisons; `=` compares numbers by value, text and booleans exactly, dates by calendar day
 * when either is a whole day (else by instant); `is`, `contains`, `startsWith`, `endsWith` are
 * case-sensitive and hold on a list when they hold for one element (`contains` on a list asks for
 * an element); `IN_ARRAY` takes a list or comma-separated text on its right.
 *
 * Each call builds the calendar of a time zone other than UTC anew when the formula uses dates;
 * `compileFormula` keeps it between calls.
 *
 * @param formula - A tree from {@link parseFormula}, or the formula text (parsed on every call).
 * @param context - What the operands read, with `now` and the time zone.
 * @returns The value: a number, text, a boolean, a `Date`, or a list from array metadata.
 * @throws {@link FormulaEvaluationError} when the formula has no value for this context.
 * @throws {@link FormulaSyntaxError} when given text that does not parse.
 * @throws RangeError when `now` is not a valid instant or the time zone is unknown.
 * @example
 * ```ts
 * const ast = parseFormula('IF(CUSTOMER_METADATA("tier") is "VIP";25;10)');
 * evaluateFormula(ast, { now: Date.now(), customer: { metadata: { tier: 'VIP' } } }); // 25
 * evaluateFormula('DEFAULT_TO(REDEMPTION_METADATA("store_list") / 2;5)', { now: 0 }); // 5
 * ```
 */
export function evaluateFormula(formula: FormulaAst | string, context: FormulaContext): FormulaResult {
  return evaluateTree(typeof formula === 'string' ? parseFormula(formula) : formula, context, calendarFor);
}

/** {@link evaluateFormula} on a tree, with the calendars from `calendarOf`. */
export const evaluateTree = (ast: FormulaAst, context: FormulaContext, calendarOf: CalendarSource): FormulaResult => {
  const scope = new Scope(context, calendarOf);
  const value = evaluate(ast, scope);
  if (value === undefined) {
    const at = scope.lastMissing ?? ast;
    throw new FormulaEvaluationError('missing_value', missingProblem(at), at.start);
  }
  return value instanceof FormulaDate ? new Date(value.ms) : value;
};
