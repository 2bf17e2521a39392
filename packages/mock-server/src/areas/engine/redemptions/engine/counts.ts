import type { DiscountStackStepResult, RedemptionPeriodCounts, RuleCampaignInput } from '@voucherkit/domain';
import type { TierRedemptionAmounts } from '../../../campaigns/promotions/store.js';

/** The amounts a promotion tier's summary (and a campaign's `campaign.orders.*` counters) count for one redemption. */
export const tierAmounts = (order: {
  readonly amount?: number | null;
  readonly total_applied_discount_amount?: number | null;
}): TierRedemptionAmounts => ({
  orderAmount: order.amount ?? 0,
  discountAmount: order.total_applied_discount_amount ?? 0,
});

/**
 * The units a discount step reached, for product budgets: by the id of each `applicable_to`
 * entry, and under a collection also by the line's product (else SKU), as the rules' budgets read
 * them (`discountedUnits` of the domain's `ApplicableToOptions`).
 *
 * @returns The units by key, or `undefined` when the step reached no listed entry.
 */
export const discountedUnitsOf = (step: DiscountStackStepResult): Record<string, number> | undefined => {
  if (step.kind !== 'discount' || step.applicable_to.total === 0) return undefined;
  const units: Record<string, number> = {};
  const add = (key: string, count: number): void => {
    units[key] = (units[key] ?? 0) + count;
  };
  for (const entry of step.applicable_to.data) {
    for (const index of entry.order_item_indices) {
      const item = step.order.items[index];
      const reached = item?.applied_discount_quantity ?? 0;
      if (item === undefined || reached <= 0) continue;
      add(entry.id, reached);
      if (entry.object === 'products_collection') add(item.product_id ?? item.sku_id ?? `#${index}`, reached);
    }
  }
  return Object.keys(units).length > 0 ? units : undefined;
};

/**
 * What the counting rules of one redeemable read: its redemptions, this customer's, and its
 * campaign's (`campaign.redemptions.*`, `campaign.orders.*`).
 */
export interface RedemptionCounts {
  /** Successful redemptions of the redeemable, in all and in the current day, week and month. */
  readonly incentive: RedemptionPeriodCounts;
  /** The same, by this customer. */
  readonly customer: RedemptionPeriodCounts;
  /** The campaign's counters and amounts; absent for a redeemable without a campaign. */
  readonly campaign?: RuleCampaignInput | undefined;
  /** Units discounted by earlier redemptions in the budget's scope, for all customers and for this one; only when asked for. */
  readonly discountedUnits?:
    | { readonly all: Readonly<Record<string, number>>; readonly customer: Readonly<Record<string, number>> }
    | undefined;
}

/** Which redeemable, customer and campaign the counts are for. */
export interface CountTarget {
  /** The voucher's or promotion tier's id. */
  readonly redeemableId: string;
  /** The customer's id, if the request names a known customer. */
  readonly customerId: string | undefined;
  /** The campaign's id, if the redeemable has one. */
  readonly campaignId?: string | undefined;
  /**
   * Whose discounted units to add up, for product budgets: the campaign's redemptions (a code of
   * a campaign) or the redeemable's own (a tier, a standalone code); none when absent.
   */
  readonly unitsOf?: 'campaign' | 'redeemable' | undefined;
}
