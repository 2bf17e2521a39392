import type { Resource } from '../../core/resource.js';
import type { PromotionTierRef } from '../validation-rules/targets.js';

/**
 * The validation rule assignments of a promotion tier, as the API shows them.
 *
 * @example
 * ```ts
 * const assignments: TierRuleAssignmentList = { object: 'list', data_ref: 'data', data: [], total: 0 };
 * ```
 */
export type TierRuleAssignmentList = Resource<'ValidationRuleAssignmentList'>;

/**
 * Where the validation rules named by a tier's `validation_rules` are assigned to it: the
 * project's validation rules, which own every assignment. The promotion store checks a new tier's
 * rules before it stores anything, and assigns them once the tier is stored.
 *
 * @example
 * ```ts
 * const rules: TierRuleAssignments = tierRuleAssignments(() => validationRules);
 * rules.check({ id: 'promo_0b5f49fb31c3bf6ab0', campaign_id: 'camp_1' }, ['val_0b5f49fb31c3bf6ab1']);
 * ```
 */
export interface TierRuleAssignments {
  /** Throws the service's error when a rule does not exist or does not fit a promotion tier. */
  check(tier: PromotionTierRef, ruleIds: readonly string[]): void;
  /** Assigns each rule to the tier (`related_object_type` `promotion_tier`). */
  assign(tier: PromotionTierRef, ruleIds: readonly string[]): void;
  /** The tier's assignments, or `null` when it has none (as the service shows a tier without rules). */
  of(tierId: string): TierRuleAssignmentList | null;
  /** Forgets the tier's assignments (the tier is deleted). */
  release(tierId: string): void;
}
