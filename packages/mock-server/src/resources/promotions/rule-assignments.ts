import type { ServiceContext } from '../../core/context.js';
import type { Resource } from '../../core/resource.js';

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
 * Where the validation rules named by a tier's `validation_rules` are assigned to it. The
 * promotion store asks this port and stores no assignment itself, so the project's validation
 * rules can take the assignments over.
 *
 * @example
 * ```ts
 * const rules: TierRuleAssignments = inlineTierRuleAssignments(context);
 * rules.assign('promo_0b5f49fb31c3bf6ab0', ['val_0b5f49fb31c3bf6ab1']);
 * ```
 */
export interface TierRuleAssignments {
  /** Assigns each rule to the tier (`related_object_type` `promotion_tier`). */
  assign(tierId: string, ruleIds: readonly string[]): void;
  /** The tier's assignments, or `null` when it has none (as the service shows a tier without rules). */
  of(tierId: string): TierRuleAssignmentList | null;
  /** Forgets the tier's assignments (the tier is deleted). */
  release(tierId: string): void;
}

/**
 * Assignments kept beside the tiers, without checking that the rules exist: what campaigns do
 * with their `validation_rules` until validation rules have a store of their own.
 *
 * @param context - The service context, for ids and timestamps.
 * @returns The port.
 * @example
 * ```ts
 * const promotions = new PromotionStore(context, { categories, events, metadataSchemas, campaigns: () => campaigns, rules: inlineTierRuleAssignments(context) });
 * ```
 */
export const inlineTierRuleAssignments = (context: ServiceContext): TierRuleAssignments => {
  const byTier = new Map<string, TierRuleAssignmentList['data']>();
  return {
    assign: (tierId, ruleIds) => {
      const data = byTier.get(tierId) ?? [];
      const created_at = context.timestamp();
      for (const ruleId of ruleIds) {
        data.push({ id: context.ids('asgm'), rule_id: ruleId, related_object_id: tierId, related_object_type: 'promotion_tier', created_at, object: 'validation_rules_assignment' });
      }
      if (data.length > 0) byTier.set(tierId, data);
    },
    of: (tierId) => {
      const data = byTier.get(tierId);
      return data ? { object: 'list', data_ref: 'data', data: data.map((assignment) => ({ ...assignment })), total: data.length } : null;
    },
    release: (tierId) => {
      byTier.delete(tierId);
    },
  };
};
