import type { Resource } from '../../../core/resource.js';
import type { ValidationResult } from '../redemptions/store.js';
import type { EnginePromotionTier } from '../redemptions/ports.js';
import { legacyFailure } from './failure.js';

type Valid = Resource<'LegacyPromotionTierValidationValid'>;
type Description = Pick<
  Valid,
  | 'id'
  | 'name'
  | 'banner'
  | 'discount'
  | 'start_date'
  | 'expiration_date'
  | 'campaign'
  | 'hierarchy'
  | 'metadata'
  | 'object'
>;

/**
 * What a tier did to the order: the engine's order after it and its lists, from a validation's
 * applicable redeemable or a tier judged alone.
 */
export type TierApplied = Pick<
  Resource<'ValidationRedeemableApplicable'>,
  'order' | 'applicable_to' | 'inapplicable_to'
>;

/** The categories the legacy answers show: a category by id, if the project has it. */
export type CategoryLookup = (id: string) => Resource<'Category'> | undefined;

/** The tier as both legacy answers describe it: its own fields, its discount and its campaign in short. */
const describe = (tier: EnginePromotionTier, category: CategoryLookup): Description => {
  const { campaign } = tier;
  const campaignCategory = typeof campaign?.category_id === 'string' ? category(campaign.category_id) : undefined;
  return {
    id: tier.id,
    name: tier.name ?? '',
    ...(typeof tier.banner === 'string' ? { banner: tier.banner } : {}),
    ...(tier.action?.discount ? { discount: tier.action.discount as NonNullable<Valid['discount']> } : {}),
    ...(typeof tier.start_date === 'string' ? { start_date: tier.start_date } : {}),
    ...(typeof tier.expiration_date === 'string' ? { expiration_date: tier.expiration_date } : {}),
    campaign: {
      id: campaign?.id ?? tier.campaign_id ?? '',
      start_date: campaign?.start_date ?? null,
      expiration_date: campaign?.expiration_date ?? null,
      active: campaign?.active ?? false,
      categories: campaignCategory === undefined ? [] : [campaignCategory],
      object: 'campaign',
    },
    hierarchy: tier.hierarchy ?? 1,
    metadata: { ...tier.metadata },
    object: 'promotion_tier',
  };
};

/**
 * A tier that applies, as the legacy answers show it (`POST /v1/promotions/validation` lists
 * them, `POST /v1/promotions/tiers/{promotionTierId}/validation` answers one): the order after
 * it, its lists, its description, and its whole discount on the order (order and items
 * together) as `discount_amount` and `applied_discount_amount`.
 *
 * @param applied - What the tier did to the order.
 * @param tier - The tier.
 * @param trackingId - The answer's tracking id.
 * @param category - The category lookup.
 * @returns The tier's entry.
 */
export const applicableTier = (
  applied: TierApplied,
  tier: EnginePromotionTier,
  trackingId: string,
  category: CategoryLookup,
): Valid => {
  const { order } = applied;
  const tierCategory = typeof tier.category_id === 'string' ? category(tier.category_id) : undefined;
  return {
    valid: true,
    applicable_to: applied.applicable_to,
    inapplicable_to: applied.inapplicable_to,
    tracking_id: trackingId,
    order,
    ...describe(tier, category),
    discount_amount: order.total_discount_amount ?? 0,
    applied_discount_amount: order.total_applied_discount_amount ?? 0,
    ...(tierCategory === undefined ? {} : { category_id: tierCategory.id }),
    categories: tierCategory === undefined ? [] : [tierCategory],
  };
};

/**
 * The legacy answer of a tier validation (`POST /v1/promotions/tiers/{promotionTierId}/validation`)
 * from the engine's validation of that tier alone: the tier's entry when it applies, else
 * `valid: false` with the `reason`, the `error` and the tier's description (decision 0059).
 *
 * @param result - The engine's validation of the tier alone.
 * @param tier - The tier.
 * @param trackingId - The answer's tracking id.
 * @param category - The category lookup.
 * @param requestId - The request's id, which a failure's `error` names.
 * @returns The legacy answer.
 */
export const tierValidationAnswer = (
  result: ValidationResult,
  tier: EnginePromotionTier,
  trackingId: string,
  category: CategoryLookup,
  requestId: string,
): Resource<'LegacyPromotionTierValidation'> => {
  const [outcome] = result.redeemables;
  if (outcome?.status === 'APPLICABLE') return applicableTier(outcome, tier, trackingId, category);
  const { reason, error } = legacyFailure(
    outcome as Resource<'ValidationRedeemableInapplicable'> | Resource<'ValidationRedeemableSkipped'>,
    requestId,
  );
  return { valid: false, reason, error, tracking_id: trackingId, ...describe(tier, category) };
};
