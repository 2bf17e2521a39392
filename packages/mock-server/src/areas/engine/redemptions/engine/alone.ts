import { type OrderInput, type StackingRulesSettings } from '@voucherkit/domain';
import { startDiscountStack } from '@voucherkit/domain/internals';
import type { Resource } from '../../../../core/resource.js';
import type { Customer } from '../../../customers/customers/store.js';
import { type OrderFrame, presentCategories, presentOrder, redeemableResult } from './answer.js';
import { applyStack } from './apply.js';
import type { CheckContext } from './checks.js';
import type { RequestedRedeemable } from './request.js';

/** An order as a qualification shows it: the amounts computed, with its lines. */
type QualifiedOrder = Resource<'OrderCalculated'> & { items: Resource<'OrderCalculatedItem'>[] };

/**
 * One redeemable applied on its own (or a tier of a stack applied with its stack): what it gives
 * and the order after it.
 */
interface AlonePart {
  /** Kind of redeemable. */
  readonly object: 'voucher' | 'promotion_tier';
  /** The id as requested: the code or the tier's id. */
  readonly id: string;
  /** Its stored id (`v_…`, `promo_…`), under which its rules were judged. */
  readonly storedId: string;
  /** What it gives: a discount, gift credits or loyalty points. */
  readonly result: Resource<'RedeemableResult'>;
  /** The order after it. */
  readonly order: QualifiedOrder;
  /** The lines its discount may reduce, as the engine computed them. */
  readonly applicable_to: Resource<'ApplicableToResultList'>;
  /** The lines its discount must not reduce. */
  readonly inapplicable_to: Resource<'ApplicableToResultList'>;
  /** Its categories with their stacking behaviour. */
  readonly categories: Resource<'CategoryWithStackingRulesType'>[];
}

/**
 * What the engine says of redeemables judged together on the order: each applicable one's part
 * and the order after all of them.
 */
export interface AloneVerdict {
  /** The applicable redeemables, in application order. */
  readonly parts: readonly AlonePart[];
  /** The order after every applicable redeemable. */
  readonly order: QualifiedOrder;
}

/**
 * A request's customer and order read once, and the engine's judge of redeemables on that order
 * (see {@link RedemptionStore.judgeAlone}).
 */
export interface AloneJudge {
  /** The request's customer as stored, if known. */
  readonly customer: Customer | undefined;
  /** The stacking rules in force. */
  readonly rules: StackingRulesSettings;
  /** The order before any redeemable. */
  readonly initialOrder: QualifiedOrder;
  /**
   * Checks and applies these redeemables together on the order, as a validation would, and
   * writes nothing.
   *
   * @returns The applicable ones, or `undefined` when none is.
   */
  judge(refs: readonly RequestedRedeemable[]): AloneVerdict | undefined;
}

const EMPTY: Resource<'ApplicableToResultList'> = { object: 'list', data_ref: 'data', data: [], total: 0 };

/**
 * The engine's judge of redeemables on one order: `applyStack` for each call, presented with the
 * validation answer's pieces.
 *
 * @param input - The order's input to the domain's order maths.
 * @param frame - What answers show of the order besides amounts.
 * @param rules - The stacking rules in force.
 * @param check - What the checks read.
 * @returns The judge.
 */
export const aloneJudge = (
  input: OrderInput,
  frame: OrderFrame,
  rules: StackingRulesSettings,
  check: CheckContext,
): AloneJudge => ({
  customer: check.customer,
  rules,
  initialOrder: presentOrder(startDiscountStack(input).order, frame),
  judge: (refs) => {
    const application = applyStack(refs, input, rules, check);
    if (application.applicable.length === 0) return undefined;
    const parts = application.applicable.map(({ redeemable, result }): AlonePart => {
      const { found, step } = result;
      const discount = step.kind === 'discount';
      return {
        object: found.object,
        id: redeemable.ref.id,
        storedId: found.object === 'voucher' ? found.voucher.id : found.tier.id,
        result: redeemableResult(result) as Resource<'RedeemableResult'>,
        order: presentOrder(step.order, frame),
        applicable_to: (discount ? step.applicable_to : EMPTY) as Resource<'ApplicableToResultList'>,
        inapplicable_to: (discount ? step.inapplicable_to : EMPTY) as Resource<'ApplicableToResultList'>,
        categories: presentCategories(found, rules),
      };
    });
    return { parts, order: presentOrder(application.finalOrder, frame) };
  },
});
