import { type OrderInput } from '@voucherkit/domain';
import { startDiscountStack } from '@voucherkit/domain/internals';
import type { Resource } from '../../../../core/resource.js';
import type { EngineRuleSet } from '../ports.js';
import { type CheckContext, ruleContextOf, withCatalogueIds } from './checks.js';

/**
 * What one validation rule says of a request's customer and order, judged on its own: the lines
 * its `applicable_to` covers when it holds, the failure's key and message when it does not.
 */
export type RuleJudgement =
  | { readonly valid: true; readonly applicable_to: Resource<'ApplicableToResultList'> }
  | { readonly valid: false; readonly key: string; readonly message: string };

/** A rule judged on its own belongs to no redeemable that anyone redeemed. */
const NEVER_REDEEMED = { total: 0, daily: 0, weekly: 0, monthly: 0 };

/**
 * Judges a validation rule on its own: on the order before any discount, with the request's
 * customer and metadata, as the engine judges the rules of a redeemable that nobody holds and
 * nobody has redeemed (so rules on counts and budgets hold). Writes nothing.
 *
 * @param ruleSet - The compiled rule.
 * @param input - The order's input to the domain's order maths.
 * @param context - What the checks read.
 * @returns The judgement: the covered lines with the catalogue's ids, or the failure (the rule's own message first).
 */
export const judgeRuleAlone = (ruleSet: EngineRuleSet, input: OrderInput, context: CheckContext): RuleJudgement => {
  const ruleContext = ruleContextOf(startDiscountStack(input).order, context, {
    publication: null,
    gift: null,
    counts: { incentive: NEVER_REDEEMED, customer: NEVER_REDEEMED },
    campaign: null,
    collections: ruleSet.inputs?.collections ?? [],
  });
  const result = ruleSet.evaluate(ruleContext);
  if (!result.valid)
    return { valid: false, key: result.failure.key, message: result.failure.error?.message ?? result.failure.message };
  const { applicable_to } = result.applicable;
  return {
    valid: true,
    applicable_to: {
      ...applicable_to,
      data: applicable_to.data.map((entry) => withCatalogueIds(entry, context)),
    } as Resource<'ApplicableToResultList'>,
  };
};
