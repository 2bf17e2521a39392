import type { RuleOwner } from '../../campaigns/rule-assignments.js';
import type { SavedValidationRule, TemplateRules } from '../../campaigns/templates/template-rules.js';
import { targetOf } from './rule-assignments.js';
import type { ValidationRule, ValidationRuleStore } from './store.js';

/** The fields of a rule that a template keeps. */
const SAVED_FIELDS = ['name', 'rules', 'bundle_rules', 'error', 'applicable_to', 'type', 'context_type'] as const;

const saved = (rule: ValidationRule): SavedValidationRule =>
  Object.fromEntries(
    SAVED_FIELDS.flatMap((field) => (rule[field] === undefined ? [] : [[field, rule[field]]])),
  ) as SavedValidationRule;

/**
 * The context a kept rule takes on a new owner: its own when the owner takes it; a discount
 * campaign's or voucher's (`campaign.discount_coupons.discount.apply_to_order`) on a promotion
 * tier, or a promotion's on a discount campaign, becomes the owner's own kind with the same
 * effect (`campaign.promotion.discount.apply_to_order`), as the service turns a tier into a
 * discount campaign and back. Other contexts stay, and the assignment refuses them as usual.
 */
const fittedContext = (context: string, owner: RuleOwner): string => {
  const { contexts } = targetOf(owner);
  if (context === 'global' || contexts.some((prefix) => context === prefix || context.startsWith(`${prefix}.`)))
    return context;
  const [family, , ...effect] = context.split('.');
  const [own] = contexts;
  return own === undefined || (family !== 'campaign' && family !== 'voucher') ? context : [own, ...effect].join('.');
};

/**
 * The campaigns area's port for the validation rules of its templates, answered by the project's
 * validation rules: a kept rule is made anew with the same checks and events as any created
 * through the API, and assigned as any other.
 *
 * @param rules - The project's validation rules (a getter: the stores are built in turn).
 * @returns The port.
 */
export const templateRules = (rules: () => ValidationRuleStore): TemplateRules => ({
  saved: (ownerId) =>
    rules()
      .assignmentsOf(ownerId)
      .flatMap((assignment) => (rules().has(assignment.rule_id) ? [saved(rules().get(assignment.rule_id))] : [])),
  recreate: (rule, owner, origin = {}) => {
    const context = fittedContext(rule.context_type ?? 'global', owner);
    const created = rules().create(
      { ...rule, context_type: context as NonNullable<SavedValidationRule['context_type']> },
      origin,
    );
    rules().assignAll([created.id], targetOf(owner), origin);
    return created.id;
  },
});
