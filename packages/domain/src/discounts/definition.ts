import { roundToInteger } from './rounding.js';
import type { OrderAmounts } from './order-amounts.js';

/**
 * How an `AMOUNT` discount reaches the order: off the order, off each matching line, off each
 * matching unit, or shared among the matching lines by amount or by quantity.
 *
 * @example
 * ```ts
 * const effect: AmountDiscountEffect = 'APPLY_TO_ITEMS_PROPORTIONALLY';
 * ```
 */
export type AmountDiscountEffect =
  | 'APPLY_TO_ORDER'
  | 'APPLY_TO_ITEMS'
  | 'APPLY_TO_ITEMS_PROPORTIONALLY'
  | 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY'
  | 'APPLY_TO_ITEMS_BY_QUANTITY';

/**
 * How a `PERCENT` or `FIXED` discount reaches the order: the whole order or each matching line.
 *
 * @example
 * ```ts
 * const effect: OrderOrItemsEffect = 'APPLY_TO_ITEMS';
 * ```
 */
export type OrderOrItemsEffect = 'APPLY_TO_ORDER' | 'APPLY_TO_ITEMS';

/**
 * How the free units of a `UNIT` discount reach the order: top the product's lines up to the
 * free units (`ADD_MISSING_ITEMS`), always add them (`ADD_NEW_ITEMS`), or add them to each
 * ordered line of a collection (`ADD_SAME_ITEMS`).
 *
 * @example
 * ```ts
 * const effect: UnitDiscountEffect = 'ADD_MISSING_ITEMS';
 * ```
 */
export type UnitDiscountEffect = 'ADD_MISSING_ITEMS' | 'ADD_NEW_ITEMS' | 'ADD_SAME_ITEMS';

/**
 * An `AMOUNT` discount: takes `amount_off` (minor units) off the order or its lines.
 *
 * @example
 * ```ts
 * const discount: AmountDiscountInput = { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS' };
 * ```
 */
export interface AmountDiscountInput {
  /** Always `AMOUNT`. */
  readonly type: 'AMOUNT';
  /** Amount taken off, in minor units; the fallback of the formula. 0 when absent. */
  readonly amount_off?: number | null | undefined;
  /** Formula computing `amount_off`. */
  readonly amount_off_formula?: string | null | undefined;
  /** Most discount for the whole order, in minor units. */
  readonly aggregated_amount_limit?: number | null | undefined;
  /**
   * How the amount is applied. Default: `APPLY_TO_ITEMS` when the validation rule names products
   * (included or excluded), else `APPLY_TO_ORDER`.
   */
  readonly effect?: AmountDiscountEffect | null | undefined;
  /** Whether the value came from a formula (set in results). */
  readonly is_dynamic?: boolean | null | undefined;
}

/**
 * A `PERCENT` discount: takes `percent_off` per cent off the order or each matching line.
 *
 * @example
 * ```ts
 * const discount: PercentDiscountInput = { type: 'PERCENT', percent_off: 10, amount_limit: 5000 };
 * ```
 */
export interface PercentDiscountInput {
  /** Always `PERCENT`. */
  readonly type: 'PERCENT';
  /** The percentage, 0–100; the fallback of the formula. 0 when absent. */
  readonly percent_off?: number | null | undefined;
  /** Formula computing `percent_off`. */
  readonly percent_off_formula?: string | null | undefined;
  /** Most discount, in minor units: for the order (`APPLY_TO_ORDER`) or each line (`APPLY_TO_ITEMS`). */
  readonly amount_limit?: number | null | undefined;
  /** Most discount for the whole order, in minor units. */
  readonly aggregated_amount_limit?: number | null | undefined;
  /**
   * Order or lines. Default: `APPLY_TO_ITEMS` when the validation rule names products (included
   * or excluded), else `APPLY_TO_ORDER`.
   */
  readonly effect?: OrderOrItemsEffect | null | undefined;
  /** Whether the value came from a formula (set in results). */
  readonly is_dynamic?: boolean | null | undefined;
}

/**
 * A `FIXED` discount: sets a new price, for the order (`fixed_amount`) or for each matching unit
 * (`applicable_to[].price`, else `fixed_amount`).
 *
 * @example
 * ```ts
 * const discount: FixedDiscountInput = { type: 'FIXED', fixed_amount: 1000, effect: 'APPLY_TO_ITEMS' };
 * ```
 */
export interface FixedDiscountInput {
  /** Always `FIXED`. */
  readonly type: 'FIXED';
  /** The new price in minor units; the fallback of the formula. 0 when absent. */
  readonly fixed_amount?: number | null | undefined;
  /** Formula computing `fixed_amount`. */
  readonly fixed_amount_formula?: string | null | undefined;
  /**
   * Order or lines. Default: `APPLY_TO_ITEMS` when the validation rule names products (included
   * or excluded), else `APPLY_TO_ORDER`.
   */
  readonly effect?: OrderOrItemsEffect | null | undefined;
  /** Whether the value came from a formula (set in results). */
  readonly is_dynamic?: boolean | null | undefined;
}

/**
 * One free product of a `UNIT` discount: `unit_off` units of `unit_type`.
 *
 * @example
 * ```ts
 * const unit: UnitDiscountItemInput = { unit_off: 1, unit_type: 'prod_5h1pp1ng', effect: 'ADD_MISSING_ITEMS' };
 * ```
 */
export interface UnitDiscountItemInput {
  /** Number of free units; the fallback of the formula. 0 when absent. */
  readonly unit_off?: number | null | undefined;
  /** Formula computing `unit_off`. */
  readonly unit_off_formula?: string | null | undefined;
  /** Id of the free product (`prod_…`), SKU (`sku_…`) or, for `ADD_SAME_ITEMS`, collection (`pc_…`). */
  readonly unit_type?: string | null | undefined;
  /** How the units reach the order; `ADD_MISSING_ITEMS` when absent. */
  readonly effect?: UnitDiscountEffect | null | undefined;
}

/**
 * A `UNIT` discount with one free product.
 *
 * @example
 * ```ts
 * const shipping: UnitDiscountInput = { type: 'UNIT', unit_off: 1, unit_type: 'prod_5h1pp1ng', effect: 'ADD_MISSING_ITEMS' };
 * ```
 */
export interface UnitDiscountInput extends UnitDiscountItemInput {
  /** Always `UNIT`. */
  readonly type: 'UNIT';
  /** Whether the value came from a formula (set in results). */
  readonly is_dynamic?: boolean | null | undefined;
}

/**
 * A `UNIT` discount with several free products (`effect: ADD_MANY_ITEMS`).
 *
 * @example
 * ```ts
 * const discount: UnitMultipleDiscountInput = {
 *   type: 'UNIT',
 *   effect: 'ADD_MANY_ITEMS',
 *   units: [{ unit_off: 1, unit_type: 'prod_mug', effect: 'ADD_NEW_ITEMS' }],
 * };
 * ```
 */
export interface UnitMultipleDiscountInput {
  /** Always `UNIT`. */
  readonly type: 'UNIT';
  /** Always `ADD_MANY_ITEMS`. */
  readonly effect: 'ADD_MANY_ITEMS';
  /** The free products, applied in this order. */
  readonly units: readonly UnitDiscountItemInput[];
  /** Whether a unit count came from a formula (set in results). */
  readonly is_dynamic?: boolean | null | undefined;
}

/**
 * A discount as a voucher, campaign or promotion tier stores it (the API's `Discount`).
 *
 * @example
 * ```ts
 * const discount: DiscountInput = { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' };
 * ```
 */
export type DiscountInput =
  | AmountDiscountInput
  | PercentDiscountInput
  | FixedDiscountInput
  | UnitDiscountInput
  | UnitMultipleDiscountInput;

/**
 * What a formula of a discount is computed for, handed to a {@link DiscountFormulaEvaluator}.
 *
 * @example
 * ```ts
 * const context: DiscountFormulaContext = { field: 'amount_off', order: calculateOrderAmounts({ amount: 5000 }) };
 * ```
 */
export interface DiscountFormulaContext {
  /** The field the formula computes. */
  readonly field: 'amount_off' | 'percent_off' | 'fixed_amount' | 'unit_off' | 'price';
  /** The order as this step of the stack sees it (earlier discounts applied). */
  readonly order: OrderAmounts;
  /** For `price` (an `applicable_to` entry's `price_formula`), the index of the line priced. */
  readonly item_index?: number;
}

/**
 * Computes a discount formula (`amount_off_formula`, `price_formula` …). The formula language is
 * not this package's concern: the caller supplies it. It returns the value in the unit of the
 * field (minor units for money, per cent, units); returning `null`, `undefined` or a non-finite
 * number, or throwing, makes the discount use the field's static value instead.
 *
 * @example
 * ```ts
 * const evaluate: DiscountFormulaEvaluator = (formula, { order }) =>
 *   formula === 'TEN_PERCENT' ? order.amount / 10 : undefined;
 * ```
 */
export type DiscountFormulaEvaluator = (formula: string, context: DiscountFormulaContext) => number | null | undefined;

/** A discount value and whether it came from a formula. */
export interface EvaluatedValue {
  readonly value: number;
  readonly dynamic: boolean;
}

const hasFormula = (formula: string | null | undefined): formula is string =>
  typeof formula === 'string' && formula.trim() !== '';

/**
 * The value of a discount field: the formula's result when there is a formula and it computes,
 * else the static value, else 0. Money and units are rounded half up to integers and never
 * negative; percentages stay decimal and are clamped to 0–100 where they are used.
 */
export const evaluateDiscountValue = (
  staticValue: number | null | undefined,
  formula: string | null | undefined,
  context: DiscountFormulaContext,
  evaluate: DiscountFormulaEvaluator | undefined,
): EvaluatedValue => {
  const dynamic = hasFormula(formula);
  let value: number | null | undefined = staticValue;
  if (dynamic && evaluate !== undefined) {
    try {
      const computed = evaluate(formula, context);
      if (typeof computed === 'number' && Number.isFinite(computed)) value = computed;
    } catch {
      // A formula that cannot be computed falls back to the static value, as the service does.
    }
  }
  const number = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return {
    value: context.field === 'percent_off' ? Math.min(100, Math.max(0, number)) : roundToInteger(number),
    dynamic,
  };
};

/**
 * The effect a discount applies with: its own `effect`, or the service's default when it has
 * none. `AMOUNT`, `PERCENT` and `FIXED` default to `APPLY_TO_ITEMS` when the validation rule names
 * products (included or excluded) and to `APPLY_TO_ORDER` otherwise; `UNIT` defaults to
 * `ADD_MISSING_ITEMS`.
 *
 * @param discount - The discount.
 * @param namesProducts - Whether the discount's validation rule lists products, SKUs or collections.
 * @returns The effect.
 */
export function resolveDiscountEffect(
  discount: DiscountInput,
  namesProducts: boolean,
): AmountDiscountEffect | UnitDiscountEffect | 'ADD_MANY_ITEMS' {
  if (discount.type === 'UNIT') {
    if (discount.effect === 'ADD_MANY_ITEMS') return 'ADD_MANY_ITEMS';
    return discount.effect ?? 'ADD_MISSING_ITEMS';
  }
  return discount.effect ?? (namesProducts ? 'APPLY_TO_ITEMS' : 'APPLY_TO_ORDER');
}
