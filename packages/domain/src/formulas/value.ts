import type { FormulaAst } from './ast.js';
import type { FormulaContext } from './context.js';
import { FormulaEvaluationError, type FormulaResult, evaluateFormula } from './evaluate.js';
import { isDomainError } from '../domain-error.js';
import { readNumericText, toMinorUnits, toWholeNumber, withoutBinaryNoise } from './rounding.js';

/**
 * What a formula's number means, which decides how it becomes an API value:
 * - `money`: major units (`20` = $20) to integer minor units (`2000`), halves away from zero;
 * - `percent`: a percentage as is (`12.5`), without binary noise;
 * - `units`: item units, rounded to the nearest whole number;
 * - `points`: loyalty points, rounded to the nearest whole number.
 *
 * @example
 * ```ts
 * const kind: FormulaOutputKind = 'money';
 * ```
 */
export type FormulaOutputKind = 'money' | 'percent' | 'units' | 'points';

/**
 * The kind of every formula field of the API, by field name.
 *
 * @example
 * ```ts
 * FORMULA_FIELD_KINDS.price_formula; // 'money'
 * FORMULA_FIELD_KINDS.product_campaign_quantity_limit_formula; // 'units'
 * ```
 */
export const FORMULA_FIELD_KINDS = Object.freeze({
  amount_off_formula: 'money',
  fixed_amount_formula: 'money',
  price_formula: 'money',
  percent_off_formula: 'percent',
  unit_off_formula: 'units',
  product_campaign_quantity_limit_formula: 'units',
  product_customer_campaign_quantity_limit_formula: 'units',
  product_promotion_tier_quantity_limit_formula: 'units',
  product_customer_promotion_tier_quantity_limit_formula: 'units',
  product_in_collection_campaign_quantity_limit_formula: 'units',
  product_in_collection_customer_campaign_quantity_limit_formula: 'units',
  product_in_collection_promotion_tier_quantity_limit_formula: 'units',
  product_in_collection_customer_promotion_tier_quantity_limit_formula: 'units',
  points_formula: 'points',
} as const satisfies Readonly<Record<string, FormulaOutputKind>>);

/**
 * Options of {@link formulaValue}.
 *
 * @example
 * ```ts
 * const options: FormulaValueOptions = { kind: 'money', fallback: 2000 };
 * ```
 */
export interface FormulaValueOptions {
  /** What the result means; decides units and rounding. */
  readonly kind: FormulaOutputKind;
  /** The static value of the field (`amount_off`, `points` …), already in API units; used when the formula has no value. */
  readonly fallback: number;
}

/**
 * Turns a formula's number into the API's value of a kind: money from major to minor units
 * (`19.995` → `2000`), points and units to the nearest whole number, percentages as they are.
 * This is the one place where a formula result is rounded.
 *
 * @param value - The number the formula gave.
 * @param kind - What it means.
 * @returns The value in the API's units.
 */
export function formulaNumberToApiValue(value: number, kind: FormulaOutputKind): number {
  switch (kind) {
    case 'money':
      return toMinorUnits(value);
    case 'percent':
      return withoutBinaryNoise(value) + 0;
    case 'units':
    case 'points':
      return toWholeNumber(value);
  }
}

/**
 * The value of a formula field for one context, in the API's units, or the static fallback when
 * the formula has no value: a missing operand or metadata key, a value of the wrong kind, a
 * division by zero, a result that is not a number, or formula text that does not parse. The
 * caller sets `is_dynamic: true` on its output whenever the field has a formula, fallback or not,
 * and applies the field's own bounds (non-negative, at most 100 percent, at most the amount).
 *
 * Money operands are seen by the formula in major units (`ORDER_AMOUNT` of `45000` is `450`), so
 * `IF(ORDER_AMOUNT > 400;0;20)` as a `price_formula` gives `0` for that order and `2000` below $400.
 * For a stored formula evaluated many times, `compileFormula(text).value(context, options)` does
 * the same without parsing again.
 *
 * @param formula - A tree from `parseFormula` (parse a stored formula once), or the formula text (parsed on every call).
 * @param context - What the operands read, with `now` and the time zone.
 * @param options - The kind of result and the static fallback.
 * @returns The value in the API's units: integer minor units, whole points or units, or a percentage.
 * @throws RangeError when `now` is not a valid instant or the time zone is unknown.
 * @example
 * ```ts
 * const context = { now: Date.now(), order: { amount: 45000 } };
 * formulaValue('IF(ORDER_AMOUNT > 400;0;20)', context, { kind: 'money', fallback: 2000 }); // 0
 * formulaValue('ORDER_METADATA("visits") * 2', context, { kind: 'points', fallback: 10 }); // 10 (no such metadata)
 * ```
 */
export function formulaValue(
  formula: string | FormulaAst,
  context: FormulaContext,
  options: FormulaValueOptions,
): number {
  return apiValueOf(() => evaluateFormula(formula, context), options);
}

/** The API value of what `evaluate` gives, or the fallback when it gives no number or fails as a formula. */
export const apiValueOf = (evaluate: () => FormulaResult, options: FormulaValueOptions): number => {
  let result: FormulaResult;
  try {
    result = evaluate();
  } catch (error) {
    if (error instanceof FormulaEvaluationError || isDomainError(error)) return options.fallback;
    throw error;
  }
  const number = typeof result === 'number' ? result : typeof result === 'string' ? readNumericText(result) : undefined;
  if (number === undefined || !Number.isFinite(number)) return options.fallback;
  const value = formulaNumberToApiValue(number, options.kind);
  return Number.isFinite(value) ? value : options.fallback;
};
