import type { FormulaAst } from './ast.js';
import type { FormulaContext } from './context.js';
import { calendarFor } from './dates.js';
import { type FormulaResult, evaluateTree } from './evaluate.js';
import { type FormulaParseOptions, parseFormula } from './parser.js';
import { type FormulaValueOptions, apiValueOf } from './value.js';
import type { ZoneCalendar } from '../filters/time.js';

/**
 * A formula parsed once and ready to evaluate for many contexts. It remembers the calendar of
 * the last time zone it evaluated in, so a date formula in a project's zone does not ask `Intl`
 * for a new formatter on every call. Holds no other state; keep one per stored formula.
 *
 * @example
 * ```ts
 * const formula: CompiledFormula = compileFormula('IF(ORDER_AMOUNT > 400;0;20)');
 * formula.value({ now: 0, order: { amount: 45000 } }, { kind: 'money', fallback: 2000 }); // 0
 * ```
 */
export interface CompiledFormula {
  /** The frozen syntax tree. */
  readonly ast: FormulaAst;
  /**
   * Evaluates the formula for one context, as {@link evaluateFormula} does.
   *
   * @throws {@link FormulaEvaluationError} when the formula has no value for this context.
   * @throws RangeError when `now` is not a valid instant or the time zone is unknown.
   */
  readonly evaluate: (context: FormulaContext) => FormulaResult;
  /**
   * The value in the API's units, or the fallback when the formula has no value, as
   * {@link formulaValue} gives it.
   *
   * @throws RangeError when `now` is not a valid instant or the time zone is unknown.
   */
  readonly value: (context: FormulaContext, options: FormulaValueOptions) => number;
}

/**
 * Parses a formula once for repeated evaluation: the mock compiles a stored `*_formula` when it
 * stores it (a syntax error is then the 400 of the request that sent it) and evaluates the
 * result at every validation, redemption or points estimate.
 *
 * @param formula - The formula text, or a tree from `parseFormula`.
 * @param options - The body property that holds the formula, named in the details of a syntax error.
 * @returns The compiled formula.
 * @throws {@link FormulaSyntaxError} (a `DomainError` with key `invalid_payload`) when the text does not parse.
 * @example
 * ```ts
 * const points = compileFormula('ROUND(ORDER_AMOUNT / 10;0)', { property: '.loyalty.points_formula' });
 * points.value({ now: Date.now(), order: { amount: 45950 } }, { kind: 'points', fallback: 1 }); // 46
 * points.evaluate({ now: Date.now(), order: { amount: 45950 } }); // 46
 * ```
 */
export function compileFormula(formula: string | FormulaAst, options: FormulaParseOptions = {}): CompiledFormula {
  const ast = typeof formula === 'string' ? parseFormula(formula, options) : formula;
  let zone: string | undefined;
  let calendar: ZoneCalendar | undefined;
  const calendarOf = (timeZone: string | undefined): ZoneCalendar => {
    if (calendar === undefined || timeZone !== zone) {
      calendar = calendarFor(timeZone);
      zone = timeZone;
    }
    return calendar;
  };
  const evaluate = (context: FormulaContext): FormulaResult => evaluateTree(ast, context, calendarOf);
  return Object.freeze({
    ast,
    evaluate,
    value: (context: FormulaContext, valueOptions: FormulaValueOptions): number =>
      apiValueOf(() => evaluate(context), valueOptions),
  });
}
