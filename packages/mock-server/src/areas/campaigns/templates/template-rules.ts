import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import type { RuleOwner } from '../rule-assignments.js';

/**
 * A validation rule as a campaign template keeps it: its definition without id, dates or
 * assignments, so that a new rule can be made from it in any project, even after the original
 * changed or went.
 */
export type SavedValidationRule = Pick<
  Resource<'ValidationRule'>,
  'name' | 'rules' | 'bundle_rules' | 'error' | 'applicable_to' | 'type' | 'context_type'
>;

/**
 * What campaign templates need of the validation rules, which the rules area above owns: the
 * rules of a campaign or tier to keep, and a new rule made from a kept one for a new campaign or
 * tier. The rules area implements it (`templateRules`); the project's state wires it in, so this
 * area never imports the one above it.
 */
export interface TemplateRules {
  /** The definitions of the rules assigned to a campaign or a promotion tier, oldest assignment first. */
  saved(ownerId: string): SavedValidationRule[];
  /**
   * Creates a rule from a kept definition and assigns it to a campaign or tier just created,
   * recording the rule's and the assignment's events unless silent. A `context_type` written for
   * the other kind of discount (a discount campaign's or voucher's for a promotion tier, a
   * promotion's for a discount campaign) takes the new owner's kind, with the same effect.
   *
   * @returns The new rule's id.
   */
  recreate(rule: SavedValidationRule, owner: RuleOwner, origin?: Origin): string;
}
