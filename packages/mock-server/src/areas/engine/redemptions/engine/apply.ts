import {
  type BundleResult,
  type DiscountInput,
  type DiscountStackStep,
  type DiscountStackStepResult,
  type OrderAmounts,
  type OrderInput,
  type StackingApplication,
  type StackingRedeemable,
  type StackingRulesSettings,
  type StackingStepContext,
  applyStackedRedeemables,
  isDomainError,
} from '@voucherkit/domain';
import {
  type DiscountStackState,
  applyStackStep,
  finishDiscountStack,
  startDiscountStack,
} from '@voucherkit/domain/internals';
import type { ApiError } from '../../../../http/api-error.js';
import { fromDomainError } from '../../../../http/domain-errors.js';
import { type CheckContext, type RulesVerdict, checkRedeemable, checkRules, heldByOthers } from './checks.js';
import { discountFormulaEvaluator } from './formulas.js';
import { type FoundRedeemable, findRedeemable, stackingCategories } from './redeemables.js';
import type { RequestedRedeemable } from './request.js';

/** A requested redeemable as the stacking rules see it, with what finding it gave. */
export interface EngineRedeemable extends StackingRedeemable {
  /** The entry of the request. */
  readonly ref: RequestedRedeemable;
  /** The redeemable, or the 404 to report for it. */
  readonly found: FoundRedeemable | ApiError;
}

/** What applying one redeemable did: the redeemable, the domain's step result and the bundle its rules found. */
export interface AppliedRedeemable {
  readonly found: FoundRedeemable;
  readonly step: DiscountStackStepResult;
  /** How the order meets the bundle of its rules (the discount multiplied by `quantity`); absent without one. */
  readonly bundle?: BundleResult | undefined;
}

/**
 * The outcome of a stacked request: each redeemable's outcome (from the domain's stacking rules)
 * and the final order (the parent redemption's).
 */
export interface EngineApplication
  extends StackingApplication<EngineRedeemable, DiscountStackState, AppliedRedeemable, ApiError> {
  /** The order after every applicable redeemable, `applied_*` adding up all of them. */
  readonly finalOrder: OrderAmounts;
  /** The order before any redeemable. */
  readonly initialOrder: OrderAmounts;
}

const NO_DISCOUNT: DiscountInput = { type: 'AMOUNT', amount_off: 0, effect: 'APPLY_TO_ORDER' };

/** The discount of a voucher or promotion tier (none for a card), as stored. */
const discountOf = (found: FoundRedeemable): DiscountInput | undefined => {
  if (found.object === 'promotion_tier')
    return (found.tier.action?.discount as DiscountInput | undefined) ?? NO_DISCOUNT;
  if (found.voucher.type === 'GIFT_VOUCHER' || found.voucher.type === 'LOYALTY_CARD') return undefined;
  return (found.voucher.discount as DiscountInput | null | undefined) ?? NO_DISCOUNT;
};

/** Whether bundles multiply a discount's unit limits (per-unit amounts, new prices) rather than its amounts (decision 0035). */
const unitsScaleWithBundles = (discount: DiscountInput | undefined): boolean =>
  discount === undefined ||
  discount.type === 'FIXED' ||
  (discount.type === 'AMOUNT' && discount.effect === 'APPLY_TO_ITEMS_BY_QUANTITY');

/**
 * The domain's step for a redeemable: a discount reaching the lines its rules cover
 * (`applicable_to`; every line when absent), multiplied by the complete bundles of its rules,
 * gift credits, or a loyalty card's points, out of what no other session holds.
 */
const stepOf = (
  found: FoundRedeemable,
  ref: RequestedRedeemable,
  step: StackingStepContext<DiscountStackState>,
  context: CheckContext,
  discount: DiscountInput | undefined,
  rules: Extract<RulesVerdict, { valid: true }>,
): DiscountStackStep => {
  if (discount !== undefined || found.object !== 'voucher') {
    return {
      kind: 'discount',
      discount: discount ?? NO_DISCOUNT,
      calculation_mode: step.calculationMode,
      ...(rules.applicable_to === undefined ? {} : { applicable_to: rules.applicable_to }),
      ...(rules.bundle === undefined ? {} : { bundle_quantity: rules.bundle.quantity }),
    };
  }
  if (found.voucher.type === 'LOYALTY_CARD' && 'reward' in ref && ref.reward?.id !== undefined) {
    // The checks found a pay-with-points reward; points other sessions hold are not spendable.
    const coin = context.ports.loyaltyReward(found.voucher, ref.reward.id)?.coin ?? {
      exchange_ratio: 0,
      points_ratio: 1,
    };
    const balance = Math.max(
      0,
      context.state.loyaltyCards.balance(found.voucher.id) - heldByOthers(found, context).credits,
    );
    return {
      kind: 'pay_with_points',
      payment: {
        points: ref.reward.points ?? undefined,
        balance,
        exchange_ratio: coin.exchange_ratio,
        points_ratio: coin.points_ratio,
      },
    };
  }
  const balance = Math.max(0, (found.voucher.gift?.balance ?? 0) - heldByOthers(found, context).credits);
  const credits = 'gift' in ref ? ref.gift?.credits : undefined;
  return { kind: 'gift', gift: { credits, balance } };
};

/**
 * Validates and applies the redeemables of a request to its order, as the stacking rules say:
 * application order, limits, exclusions, `ALL`/`PARTIAL`, no-effect rule (the domain's
 * `applyStackedRedeemables`); for each redeemable its lifecycle and limits, its validation rules
 * on the order as the earlier ones left it, then its discount or credits (the domain's
 * `applyStackStep`), an item discount reaching only the lines and units its rules'
 * `applicable_to` covers, multiplied by the complete bundles of its rules, with its formulas
 * (and the rules' limit formulas) computed on the request. Synchronous, so a redemption commits
 * what it checked.
 *
 * @param refs - The request's redeemables (a promotion stack already replaced by its tiers).
 * @param order - The order's input to the domain's order maths.
 * @param rules - The stacking rules in force.
 * @param context - What the checks read.
 * @returns Each redeemable's outcome and the orders.
 * @throws DomainError `invalid_order`, `invalid_amount` for an order whose numbers are wrong.
 */
export const applyStack = (
  refs: readonly RequestedRedeemable[],
  order: OrderInput,
  rules: StackingRulesSettings,
  context: CheckContext,
): EngineApplication => {
  const start = startDiscountStack(order);
  const redeemables: EngineRedeemable[] = refs.map((ref) => {
    const found = findRedeemable(ref, context);
    const object = ref.object;
    return { object, id: ref.id, ref, found, categories: 'object' in found ? stackingCategories(found) : [] };
  });
  const application = applyStackedRedeemables<EngineRedeemable, DiscountStackState, AppliedRedeemable, ApiError>({
    redeemables,
    order: start,
    rules,
    precheck: (redeemable) => ('object' in redeemable.found ? undefined : redeemable.found),
    evaluate: (redeemable, step) => {
      const found = redeemable.found as FoundRedeemable;
      const failure = checkRedeemable(found, redeemable.ref, context);
      if (failure) return { status: 'INAPPLICABLE', error: failure };
      const discount = discountOf(found);
      const rules = checkRules(found, redeemable.ref, step.order.order, context, {
        unitsScaleWithBundles: unitsScaleWithBundles(discount),
      });
      if (!rules.valid) return { status: 'INAPPLICABLE', error: rules.error };
      try {
        const next = applyStackStep(step.order, stepOf(found, redeemable.ref, step, context, discount, rules), {
          calculation_mode: step.calculationMode,
          products_application_mode: step.productsApplicationMode,
          evaluate: discountFormulaEvaluator(found, context),
        });
        const result = next.steps[next.steps.length - 1] as DiscountStackStepResult;
        return {
          status: 'APPLICABLE',
          order: next,
          effect: result.has_effect,
          result: { found, step: result, ...(rules.bundle === undefined ? {} : { bundle: rules.bundle }) },
        };
      } catch (error) {
        if (!isDomainError(error)) throw error;
        const failed = fromDomainError(error);
        failed.extras.redeemable = { type: redeemable.ref.object, id: redeemable.ref.id };
        return { status: 'INAPPLICABLE', error: failed };
      }
    },
  });
  const finalOrder = application.applicable.length > 0 ? finishDiscountStack(application.order) : start.order;
  return { ...application, finalOrder, initialOrder: start.order };
};
