import type { Resource } from '../../core/resource.js';
import type { Origin } from '../../core/origin.js';
import type { Campaign, StoredVoucher } from './vouchers/types.js';

/** A promotion tier as rule assignments need it: its id and its campaign. */
export interface PromotionTierRef {
  /** The tier's id (`promo_…`). */
  readonly id: string;
  /** The id of the tier's promotion campaign. */
  readonly campaign_id: string;
}

/**
 * An object of this area that validation rules are assigned to: a voucher (with its campaign, if
 * it has one), a campaign or a promotion tier.
 */
export type RuleOwner =
  | { readonly object: 'voucher'; readonly voucher: StoredVoucher; readonly campaign?: Campaign | undefined }
  | { readonly object: 'campaign'; readonly campaign: Campaign }
  | { readonly object: 'promotion_tier'; readonly tier: PromotionTierRef };

/** The validation rule assignments of a promotion tier, as the API shows them. */
type TierRuleAssignmentList = Resource<'ValidationRuleAssignmentList'>;

/**
 * The rule assignments of vouchers, campaigns and promotion tiers, as this area needs them while it
 * creates, shows and deletes its objects. The rules area owns the rules and their assignments and
 * implements this port (`ruleAssignments`); the project's state wires it in, so this area never
 * imports the one above it (docs/architecture.md).
 */
export interface RuleAssignments {
  /**
   * Throws the service's error when a rule does not exist or does not fit the object; called
   * before the object is stored, so that a refusal stores nothing.
   */
  check(owner: RuleOwner, ruleIds: readonly string[] | null | undefined): void;
  /** Assigns each rule to the stored object, recording the assignment events unless silent. */
  assign(owner: RuleOwner, ruleIds: readonly string[] | null | undefined, origin?: Origin): void;
  /** The assignments of these objects with their validation status, as vouchers and campaigns show them. */
  details(...ownerIds: string[]): NonNullable<Resource<'Voucher'>['validation_rules_assignments']>;
  /** A tier's assignments, or `null` when it has none (as the service shows a tier without rules). */
  ofTier(tierId: string): TierRuleAssignmentList | null;
  /** Forgets the object's assignments (the object is deleted). */
  release(ownerId: string): void;
}
