import type { TierRuleAssignments } from '../promotions/rule-assignments.js';
import type { ValidationRuleStore } from './store.js';
import { tierTarget } from './targets.js';

/**
 * The promotion store's port for its tiers' rule assignments, answered by the project's
 * validation rules: the same checks, events and lists as any other assignment.
 *
 * @param rules - The project's validation rules (a getter: the stores are built in turn).
 * @returns The port.
 * @example
 * ```ts
 * const promotions = new PromotionStore(context, { categories, events, metadataSchemas, campaigns: () => campaigns, rules: tierRuleAssignments(() => validationRules) });
 * ```
 */
export const tierRuleAssignments = (rules: () => ValidationRuleStore): TierRuleAssignments => ({
  check: (tier, ruleIds) => rules().assertAssignable(ruleIds, tierTarget(tier)),
  assign: (tier, ruleIds) => rules().assignAll(ruleIds, tierTarget(tier)),
  of: (tierId) => {
    const data = rules().assignmentsOf(tierId);
    return data.length === 0 ? null : { object: 'list', data_ref: 'data', data, total: data.length };
  },
  release: (tierId) => rules().releaseObject(tierId),
});
