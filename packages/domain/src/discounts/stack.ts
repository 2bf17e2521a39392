import { type CalculationMode, type DiscountStepInput, type DiscountStepResult, applyDiscount } from './application.js';
import type { DiscountFormulaEvaluator } from './definition.js';
import { type GiftCreditsInput, type GiftCreditsResult, applyGiftCredits } from './gift-card-credits.js';
import { OrderDraft, type OrderAmounts, type OrderInput, calculateOrderAmounts } from './order-amounts.js';
import { type PayWithPointsInput, type PayWithPointsResult, applyPointsPayment } from './pay-with-points.js';

/**
 * A discount (voucher or promotion tier) in a stack.
 *
 * @example
 * ```ts
 * const step: DiscountStackDiscountStep = { kind: 'discount', discount: { type: 'PERCENT', percent_off: 20, effect: 'APPLY_TO_ORDER' } };
 * ```
 */
export interface DiscountStackDiscountStep extends DiscountStepInput {
  /** Always `discount`. */
  readonly kind: 'discount';
  /** This discount's calculation mode (from its category's list), overriding the stack's. */
  readonly calculation_mode?: CalculationMode | null | undefined;
}

/**
 * A gift card in a stack.
 *
 * @example
 * ```ts
 * const step: DiscountStackGiftStep = { kind: 'gift', gift: { credits: 100, balance: 20500 } };
 * ```
 */
export interface DiscountStackGiftStep {
  /** Always `gift`. */
  readonly kind: 'gift';
  /** The credits asked for and the card's balance. */
  readonly gift: GiftCreditsInput;
}

/**
 * A loyalty card paying with points in a stack.
 *
 * @example
 * ```ts
 * const step: DiscountStackPointsStep = { kind: 'pay_with_points', payment: { points: 200, balance: 500, exchange_ratio: 20, points_ratio: 100 } };
 * ```
 */
export interface DiscountStackPointsStep {
  /** Always `pay_with_points`. */
  readonly kind: 'pay_with_points';
  /** The points asked for, the card's balance and the reward's ratio. */
  readonly payment: PayWithPointsInput;
}

/**
 * One redeemable of a stack, in application order.
 *
 * @example
 * ```ts
 * const steps: DiscountStackStep[] = [
 *   { kind: 'gift', gift: { credits: 100, balance: 20500 } },
 *   { kind: 'discount', discount: { type: 'PERCENT', percent_off: 20, effect: 'APPLY_TO_ORDER' } },
 * ];
 * ```
 */
export type DiscountStackStep = DiscountStackDiscountStep | DiscountStackGiftStep | DiscountStackPointsStep;

/**
 * The result of a discount step of a stack.
 *
 * @example
 * ```ts
 * const result = applyDiscountStack({ amount: 10000 }, [{ kind: 'discount', discount: { type: 'AMOUNT', amount_off: 500 } }]).steps[0];
 * if (result?.kind === 'discount') result.discount; // { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' }
 * ```
 */
export interface DiscountStackDiscountResult extends DiscountStepResult {
  /** Always `discount`. */
  readonly kind: 'discount';
}

/**
 * The result of a gift card step of a stack.
 *
 * @example
 * ```ts
 * const result = applyDiscountStack({ amount: 10000 }, [{ kind: 'gift', gift: { credits: 100, balance: 500 } }]).steps[0];
 * if (result?.kind === 'gift') result.gift.credits; // 100
 * ```
 */
export interface DiscountStackGiftResult extends GiftCreditsResult {
  /** Always `gift`. */
  readonly kind: 'gift';
}

/**
 * The result of a pay-with-points step of a stack.
 *
 * @example
 * ```ts
 * const payment = { points: 200, balance: 500, exchange_ratio: 20, points_ratio: 100 };
 * const result = applyDiscountStack({ amount: 4500 }, [{ kind: 'pay_with_points', payment }]).steps[0];
 * if (result?.kind === 'pay_with_points') result.loyalty_card.points; // 200
 * ```
 */
export interface DiscountStackPointsResult extends PayWithPointsResult {
  /** Always `pay_with_points`. */
  readonly kind: 'pay_with_points';
}

/**
 * What one step of a stack did; its `order` is the snapshot after the step, with the step's own
 * `applied_*` amounts (a child redemption's `order`).
 *
 * @example
 * ```ts
 * const results: DiscountStackStepResult[] = applyDiscountStack({ amount: 10000 }, []).steps.slice();
 * ```
 */
export type DiscountStackStepResult = DiscountStackDiscountResult | DiscountStackGiftResult | DiscountStackPointsResult;

/**
 * How the discounts of a stack combine, from the project's stacking rules.
 *
 * @example
 * ```ts
 * const options: DiscountStackOptions = { calculation_mode: 'INITIAL_AMOUNT', products_application_mode: 'ONCE' };
 * ```
 */
export interface DiscountStackOptions {
  /** `discount_calculation_mode`; `DISCOUNTED_AMOUNT` when absent. */
  readonly calculation_mode?: CalculationMode | undefined;
  /** `redeemables_products_application_mode`: with `ONCE`, a line discounted by one item discount is left alone by the later ones. `STACK` when absent. */
  readonly products_application_mode?: 'STACK' | 'ONCE' | undefined;
  /** Computes discount formulas; without it, static values are used. */
  readonly evaluate?: DiscountFormulaEvaluator | undefined;
}

/**
 * A stack being applied: the order before it, the order after the last step, and every step's
 * result. Built by {@link startDiscountStack} and {@link applyStackStep}.
 */
export interface DiscountStackState {
  /** The order before the stack. */
  readonly start: OrderAmounts;
  /** The order after the last step; its `applied_*` amounts are that step's. */
  readonly order: OrderAmounts;
  /** The result of each step, in application order. */
  readonly steps: readonly DiscountStackStepResult[];
}

/**
 * The outcome of a whole stack: each step's result and the final order.
 *
 * @example
 * ```ts
 * const { order }: DiscountStackResult = applyDiscountStack({ amount: 10000 }, []);
 * ```
 */
export interface DiscountStackResult {
  /** The result of each step; each `order` is the snapshot after that step. */
  readonly steps: readonly DiscountStackStepResult[];
  /** The final order; its `applied_*` amounts add up all the steps (the parent redemption's `order`). */
  readonly order: OrderAmounts;
}

/**
 * Starts applying a stack to an order: computes the order's amounts (see
 * {@link calculateOrderAmounts}).
 *
 * @param order - The order of the request, or a stored order with its earlier discounts.
 * @returns A stack without steps.
 * @throws DomainError `invalid_order` or `invalid_amount` when the order's numbers are invalid.
 */
export function startDiscountStack(order: OrderInput): DiscountStackState {
  const start = calculateOrderAmounts(order);
  return Object.freeze({ start, order: start, steps: Object.freeze([]) });
}

/** Lines that an item discount of the stack already discounted. */
const discountedLines = (steps: readonly DiscountStackStepResult[]): number[] => {
  const lines = new Set<number>();
  for (const step of steps) {
    if (step.kind !== 'discount') continue;
    step.order.items.forEach((item, index) => {
      if (item.applied_discount_amount > 0) lines.add(index);
    });
  }
  return [...lines];
};

/**
 * Applies the next redeemable of a stack to the order the earlier ones left. The caller can
 * check validation rules against `state.order` before each step and skip a redeemable that
 * fails.
 *
 * @param state - The stack so far.
 * @param step - The next discount, gift card or pay-with-points payment.
 * @param options - Calculation and products application modes, formula evaluator.
 * @returns The stack with the step's result added.
 * @throws DomainError `gift_amount_exceeded` or `loyalty_card_points_exceeded` when a card's
 *   balance is too low; RangeError when the step names a line the order does not have.
 */
export function applyStackStep(
  state: DiscountStackState,
  step: DiscountStackStep,
  options: DiscountStackOptions = {},
): DiscountStackState {
  let result: DiscountStackStepResult;
  switch (step.kind) {
    case 'gift':
      result = { kind: 'gift', ...applyGiftCredits(state.order, step.gift) };
      break;
    case 'pay_with_points':
      result = { kind: 'pay_with_points', ...applyPointsPayment(state.order, step.payment) };
      break;
    case 'discount':
      result = {
        kind: 'discount',
        ...applyDiscount(state.order, step, {
          calculation_mode: step.calculation_mode ?? options.calculation_mode,
          evaluate: options.evaluate,
          blocked_item_indices: options.products_application_mode === 'ONCE' ? discountedLines(state.steps) : [],
        }),
      };
      break;
  }
  return Object.freeze({
    start: state.start,
    order: result.order,
    steps: Object.freeze([...state.steps, Object.freeze(result)]),
  });
}

/**
 * The final order of a stack: the last step's amounts, with `applied_*` fields that add up every
 * step (what the parent redemption and the response's `order` show).
 *
 * @param state - The stack after its last step.
 * @returns The final order.
 */
export function finishDiscountStack(state: DiscountStackState): OrderAmounts {
  const draft = new OrderDraft(state.order);
  for (const step of state.steps) {
    draft.appliedDiscountAmount += step.order.applied_discount_amount;
    step.order.items.forEach((item, index) => {
      const line = draft.lines[index];
      if (line === undefined) return;
      line.applied_discount_amount += item.applied_discount_amount;
      line.applied_discount_quantity = Math.min(
        line.quantity,
        line.applied_discount_quantity + item.applied_discount_quantity,
      );
      line.applied_quantity += item.applied_quantity;
      line.applied_quantity_amount += item.applied_quantity_amount;
    });
  }
  return draft.snapshot();
}

/**
 * Applies redeemables to an order in stack order: each sees the order after the previous ones.
 * Returns each step's snapshot (a child redemption's `order`) and the final order (the parent's).
 *
 * @remarks
 * `calculation_mode` decides whether percentages and new prices are computed on the amount before
 * discounts or on what the earlier steps left; `ONCE` keeps later item discounts off lines an
 * earlier one discounted. Order-level discounts accumulate in `discount_amount`; no step takes
 * more than is left to pay. Validation rules, limits and the ALL/PARTIAL mode are the caller's,
 * decided before the steps are passed.
 *
 * @param order - The order of the request, or a stored order with its earlier discounts.
 * @param steps - The redeemables, in application order.
 * @param options - Calculation and products application modes, formula evaluator.
 * @returns Each step's result and the final order.
 * @throws DomainError `invalid_order`, `invalid_amount`, `gift_amount_exceeded` or
 *   `loyalty_card_points_exceeded`; RangeError when a step names a line the order does not have.
 * @example
 * ```ts
 * const { steps, order } = applyDiscountStack({ amount: 10000 }, [
 *   { kind: 'discount', discount: { type: 'PERCENT', percent_off: 10 } },
 *   { kind: 'discount', discount: { type: 'PERCENT', percent_off: 20 } },
 * ]);
 * steps[1]?.order.applied_discount_amount; // 1800
 * order.total_discount_amount; // 2800
 * ```
 */
export function applyDiscountStack(
  order: OrderInput,
  steps: readonly DiscountStackStep[],
  options: DiscountStackOptions = {},
): DiscountStackResult {
  let state = startDiscountStack(order);
  for (const step of steps) state = applyStackStep(state, step, options);
  return Object.freeze({ steps: state.steps, order: finishDiscountStack(state) });
}
