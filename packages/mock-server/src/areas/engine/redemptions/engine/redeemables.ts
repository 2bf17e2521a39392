import type { StackingCategory } from '@voucherkit/domain';
import type { Resource } from '../../../../core/resource.js';
import { ApiError } from '../../../../http/api-error.js';
import type { Campaign, StoredVoucher } from '../../../campaigns/vouchers/types.js';
import type { EnginePorts, EnginePromotionTier, EngineStores } from '../ports.js';
import type { RequestedRedeemable } from './request.js';

/**
 * A redeemable of a request found in the project: a voucher (discount voucher, gift card or
 * loyalty card) or a promotion tier, with its campaign and categories.
 */
export type FoundRedeemable =
  | {
      readonly object: 'voucher';
      /** The id as the request sent it (a code or a `v_` id). */
      readonly requestedId: string;
      readonly voucher: StoredVoucher;
      readonly campaign: Campaign | undefined;
      readonly categories: readonly Resource<'Category'>[];
    }
  | {
      readonly object: 'promotion_tier';
      readonly requestedId: string;
      readonly tier: EnginePromotionTier;
      readonly campaign: Campaign | undefined;
      readonly categories: readonly Resource<'Category'>[];
    };

/** What finding a redeemable reads. */
export interface FindContext {
  readonly state: EngineStores;
  readonly ports: EnginePorts;
}

/** Finds redeemables of one object type; the registry holds one per type. */
type Finder = (ref: RequestedRedeemable, context: FindContext) => FoundRedeemable | undefined;

const categoriesOf = (state: EngineStores, ids: readonly (string | null | undefined)[]): Resource<'Category'>[] =>
  ids
    .filter((id): id is string => typeof id === 'string' && state.categories.has(id))
    .map((id) => state.categories.get(id));

/** One finder per object type; `promotion_stack` is replaced by its tiers before finding. */
const FINDERS: Readonly<Record<'voucher' | 'promotion_tier', Finder>> = {
  voucher: (ref, { state }) => {
    const voucher = state.vouchers.find(ref.id);
    if (!voucher) return undefined;
    const campaign = voucher.campaign_id ? state.campaigns.find(voucher.campaign_id) : undefined;
    return {
      object: 'voucher',
      requestedId: ref.id,
      voucher,
      campaign,
      categories: categoriesOf(state, [voucher.category_id]),
    };
  },
  promotion_tier: (ref, { state, ports }) => {
    const tier = ports.promotionTier(ref.id);
    if (!tier) return undefined;
    const campaign = tier.campaign_id ? state.campaigns.find(tier.campaign_id) : undefined;
    return {
      object: 'promotion_tier',
      requestedId: ref.id,
      tier,
      campaign,
      categories: categoriesOf(state, [tier.category_id]),
    };
  },
};

/** The error of a redeemable the project does not have: 404 `not_found`, as the service answers. */
const notFoundError = (ref: RequestedRedeemable): ApiError => {
  const error = ApiError.notFound(ref.object, ref.id);
  error.extras.redeemable = { type: ref.object, id: ref.id };
  return error;
};

/**
 * Finds a requested redeemable by its object type.
 *
 * @returns The redeemable, or the 404 error to report for it.
 */
export const findRedeemable = (ref: RequestedRedeemable, context: FindContext): FoundRedeemable | ApiError => {
  if (ref.object === 'promotion_stack') return notFoundError(ref);
  return FINDERS[ref.object](ref, context) ?? notFoundError(ref);
};

/** The categories of a found redeemable as the stacking rules read them. */
export const stackingCategories = (found: FoundRedeemable): StackingCategory[] =>
  found.categories.map((category) => ({ id: category.id, hierarchy: category.hierarchy }));
