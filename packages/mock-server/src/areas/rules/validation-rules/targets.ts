import type { ValidationRuleSetDefinition } from '@voucherkit/domain';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import { simpleCampaign, simpleVoucher } from '../../campaigns/vouchers/shapes.js';
import type { PromotionTierRef } from '../../campaigns/rule-assignments.js';
import type { Campaign, StoredVoucher } from '../../campaigns/vouchers/types.js';

/**
 * The kinds of object a validation rule can be assigned to (`related_object_type`).
 *
 * @example
 * ```ts
 * const kind: RelatedObjectType = 'promotion_tier';
 * ```
 */
export type RelatedObjectType = Resource<'ValidationRuleAssignment'>['related_object_type'];

/**
 * The short forms of the object an assignment event names (`voucher`, `campaign`,
 * `promotion_tier`); the others are null.
 */
type AssignmentRelated = Partial<
  Pick<Resource<'ValidationRuleAssignmentEventData'>, 'voucher' | 'campaign' | 'promotion_tier'>
>;

/**
 * An object a validation rule may be assigned to, as the lookups find it: its id and the contexts
 * (`context_type` prefixes) that rules assigned to it may have.
 */
export interface AssignmentTarget {
  /** The kind of object. */
  readonly type: RelatedObjectType;
  /** The object's id, as assignments record it (a voucher's id even when it was named by its code). */
  readonly id: string;
  /** Prefixes of the `context_type`s a rule assigned to it may have; `global` always may. */
  readonly contexts: readonly string[];
  /** The object (and its campaign) in the short forms that assignment events carry. */
  readonly related?: AssignmentRelated | undefined;
}

/**
 * Finds the object an assignment names, by kind. Kinds the project cannot hold yet (earning
 * rules, reward assignments, distributions) find nothing, so assignments to them are refused
 * with 404 like any unknown id.
 */
export interface AssignmentTargetLookup {
  /** The object of this kind named by `id` (a voucher also by its code, a campaign by its name), if any. */
  find(type: RelatedObjectType, id: string): AssignmentTarget | undefined;
}

/** `campaign_type` as it appears in a `context_type` (`campaign.discount_coupons` …). */
const campaignContext = (campaignType: string | null | undefined): string =>
  `campaign.${String(campaignType ?? '').toLowerCase()}`;

/** The voucher type as it appears in a `context_type` (`voucher.discount_voucher` …). */
const voucherContext = (voucherType: string | null | undefined): string =>
  `voucher.${String(voucherType ?? '').toLowerCase()}`;

/** Kinds of object that discount something, so that `applicable_to` and bundles mean something for them. */
const DISCOUNTING: ReadonlySet<RelatedObjectType> = new Set<RelatedObjectType>([
  'voucher',
  'campaign',
  'promotion_tier',
]);

/** The `context_type` families that only one kind of object takes, whatever it is. */
const FAMILY_OF: Readonly<Record<string, RelatedObjectType>> = {
  earning_rule: 'earning_rule',
  reward_assignment: 'reward_assignment',
  distribution: 'distribution',
};

const LABEL: Readonly<Record<RelatedObjectType, string>> = {
  voucher: 'a voucher',
  campaign: 'a campaign',
  promotion_tier: 'a promotion tier',
  earning_rule: 'an earning rule',
  reward_assignment: 'a reward assignment',
  distribution: 'a distribution',
};

const refuse = (details: string): ApiError => ApiError.invalidPayload(details);

const limitsItems = (definition: ValidationRuleSetDefinition): boolean =>
  definition.bundle !== undefined ||
  definition.applicable_to.included_all ||
  definition.applicable_to.included.length > 0 ||
  definition.applicable_to.excluded.length > 0;

/**
 * Refuses an assignment that the kind of object alone rules out, before the object is looked up:
 * a rule whose `context_type` belongs to earning rules, reward assignments or distributions given
 * to another kind (or the reverse), and a rule that limits products (`applicable_to`,
 * `bundle_rules`) given to something that discounts nothing.
 *
 * @throws ApiError 400 `invalid_payload` naming the rule, its context and the kind of object.
 */
export const assertKindAccepts = (
  type: RelatedObjectType,
  rule: { readonly id: string; readonly context_type?: string | undefined },
  definition: ValidationRuleSetDefinition,
): void => {
  const context = rule.context_type ?? 'global';
  const family = FAMILY_OF[context.split('.')[0] ?? ''];
  const discounting = DISCOUNTING.has(type);
  if ((family !== undefined && family !== type) || (family === undefined && context !== 'global' && !discounting)) {
    throw refuse(`Validation rule ${rule.id} has context_type ${context}; it cannot be assigned to ${LABEL[type]}.`);
  }
  if (!discounting && limitsItems(definition)) {
    throw refuse(
      `Validation rule ${rule.id} limits the products a discount reaches (applicable_to or bundle_rules); ${LABEL[type]} discounts nothing, so it cannot take it.`,
    );
  }
};

/**
 * Refuses an assignment whose rule was written for another kind of campaign or voucher than the
 * object found (`campaign.gift_vouchers` on a discount code, `voucher.loyalty_card` on a promotion
 * tier). The discount effect that a `context_type` may end with is not compared: a campaign's
 * discount can change after the rule is assigned.
 *
 * @throws ApiError 400 `invalid_payload` naming the rule, its context and the object.
 */
export const assertTargetAccepts = (
  target: AssignmentTarget,
  rule: { readonly id: string; readonly context_type?: string | undefined },
): void => {
  const context = rule.context_type ?? 'global';
  if (context === 'global' || target.contexts.some((prefix) => context === prefix || context.startsWith(`${prefix}.`)))
    return;
  throw refuse(
    `Validation rule ${rule.id} has context_type ${context}; it cannot be assigned to ${LABEL[target.type]} ${target.id}, which takes ${target.contexts.join(' or ')} rules.`,
  );
};

/**
 * A voucher as an assignment target: it takes rules written for its kind of voucher and, in a
 * campaign, for its kind of campaign.
 */
export const voucherTarget = (voucher: StoredVoucher, campaign: Campaign | undefined): AssignmentTarget => ({
  type: 'voucher',
  id: voucher.id,
  contexts: [voucherContext(voucher.type), ...(campaign ? [campaignContext(campaign.campaign_type)] : [])],
  related: { voucher: simpleVoucher(voucher), campaign: campaign ? simpleCampaign(campaign) : null },
});

/**
 * A campaign as an assignment target: it takes rules written for its type of campaign and for the
 * kind of voucher it makes.
 */
export const campaignTarget = (campaign: Campaign): AssignmentTarget => ({
  type: 'campaign',
  id: campaign.id,
  contexts: [
    campaignContext(campaign.campaign_type),
    ...(campaign.voucher?.type ? [voucherContext(campaign.voucher.type)] : []),
  ],
  related: { campaign: simpleCampaign(campaign) },
});

/** A promotion tier as an assignment target: it takes rules written for promotions. */
export const tierTarget = (tier: PromotionTierRef): AssignmentTarget => ({
  type: 'promotion_tier',
  id: tier.id,
  contexts: ['campaign.promotion'],
  related: { promotion_tier: { id: tier.id, campaign: { id: tier.campaign_id } } },
});
