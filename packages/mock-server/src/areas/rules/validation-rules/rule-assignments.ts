import type { RuleAssignments, RuleOwner } from '../../campaigns/rule-assignments.js';
import type { ValidationRuleStore } from './store.js';
import { type AssignmentTarget, campaignTarget, tierTarget, voucherTarget } from './targets.js';

/**
 * The assignment target of a voucher, campaign or promotion tier of the campaigns area.
 *
 * @param owner - The object, as the campaigns area names it.
 * @returns Its target: kind, id and the rule contexts it takes.
 */
export const targetOf = (owner: RuleOwner): AssignmentTarget =>
  owner.object === 'voucher'
    ? voucherTarget(owner.voucher, owner.campaign)
    : owner.object === 'campaign'
      ? campaignTarget(owner.campaign)
      : tierTarget(owner.tier);

/**
 * The campaigns area's port for the rule assignments of its vouchers, campaigns and tiers,
 * answered by the project's validation rules: the same checks, events and lists as any other
 * assignment.
 *
 * @param rules - The project's validation rules (a getter: the stores are built in turn).
 * @returns The port.
 */
export const ruleAssignments = (rules: () => ValidationRuleStore): RuleAssignments => ({
  check: (owner, ruleIds) => {
    if (ruleIds && ruleIds.length > 0) rules().assertAssignable(ruleIds, targetOf(owner));
  },
  assign: (owner, ruleIds, origin) => {
    if (ruleIds && ruleIds.length > 0) rules().assignAll(ruleIds, targetOf(owner), origin);
  },
  details: (...ownerIds) => rules().assignmentPage(...ownerIds),
  ofTier: (tierId) => {
    const data = rules().assignmentsOf(tierId);
    return data.length === 0 ? null : { object: 'list', data_ref: 'data', data, total: data.length };
  },
  release: (ownerId) => rules().releaseObject(ownerId),
});
