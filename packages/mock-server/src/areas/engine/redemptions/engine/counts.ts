import { type DiscountStackStepResult, type RedemptionPeriodCounts, type RuleCampaignInput, countRedemptionsByPeriod } from '@voucherkit/domain';
import type { TierRedemptionAmounts } from '../../../campaigns/promotions/store.js';
import type { RedemptionEntry } from './records.js';

/** The amounts a promotion tier's summary (and a campaign's `campaign.orders.*` counters) count for one redemption. */
export const tierAmounts = (order: { readonly amount?: number | null; readonly total_applied_discount_amount?: number | null }): TierRedemptionAmounts => ({
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
 *
 * @example
 * ```ts
 * const counts: RedemptionCounts = { incentive: { total: 3, daily: 1 }, customer: { total: 1 }, campaign: { redemptions: { total: 40 }, orders_amount: 250000 } };
 * ```
 */
export interface RedemptionCounts {
  /** Successful redemptions of the redeemable, in all and in the current day, week and month. */
  readonly incentive: RedemptionPeriodCounts;
  /** The same, by this customer. */
  readonly customer: RedemptionPeriodCounts;
  /** The campaign's counters and amounts; absent for a redeemable without a campaign. */
  readonly campaign?: RuleCampaignInput | undefined;
  /** Units discounted by earlier redemptions in the budget's scope, for all customers and for this one; only when asked for. */
  readonly discountedUnits?: { readonly all: Readonly<Record<string, number>>; readonly customer: Readonly<Record<string, number>> } | undefined;
}

/**
 * Which redeemable, customer and campaign the counts are for.
 *
 * @example
 * ```ts
 * const target: CountTarget = { redeemableId: 'v_1', customerId: 'cust_1', campaignId: 'camp_1' };
 * ```
 */
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

/**
 * Counts the successful redemptions (not rolled back) that validation rules read, in one pass
 * over the records: of the redeemable and of its campaign, in all and by this customer, over the
 * calendar periods that contain `now` (in the project's time zone, UTC by default), and the campaign's order amounts, discounts and gift
 * credits (the same amounts a promotion tier's summary counts), and, when `unitsOf` asks, the
 * units earlier discounts reached in the budget's scope.
 *
 * @param entries - The project's redemption records.
 * @param target - The redeemable, customer and campaign.
 * @param now - The instant of the request, epoch milliseconds.
 * @param timeZone - The project's IANA time zone, whose days, weeks and months the periods are; UTC when absent.
 * @returns The counts.
 */
export const countRedemptions = (entries: Iterable<RedemptionEntry>, target: CountTarget, now: number, timeZone?: string): RedemptionCounts => {
  const { redeemableId, customerId, campaignId, unitsOf } = target;
  const unitsAll: Record<string, number> = {};
  const unitsOwn: Record<string, number> = {};
  const addUnits = (into: Record<string, number>, units: Readonly<Record<string, number>>): void => {
    for (const [key, count] of Object.entries(units)) into[key] = (into[key] ?? 0) + count;
  };
  const incentive: string[] = [];
  const customer: string[] = [];
  const campaign: string[] = [];
  const campaignCustomer: string[] = [];
  let ordersAmount = 0;
  let ordersDiscounted = 0;
  let giftAmount = 0;
  for (const entry of entries) {
    const { record } = entry;
    if (record.object !== 'redemption' || record.status !== 'SUCCEEDED') continue;
    const own = customerId !== undefined && record.customer_id === customerId;
    const inScope = unitsOf === 'campaign' ? campaignId !== undefined && entry.campaign?.id === campaignId : record.related_object_id === redeemableId;
    if (unitsOf !== undefined && entry.discountedUnits !== undefined && inScope) {
      addUnits(unitsAll, entry.discountedUnits);
      if (own) addUnits(unitsOwn, entry.discountedUnits);
    }
    if (record.related_object_id === redeemableId) {
      incentive.push(record.date);
      if (own) customer.push(record.date);
    }
    if (campaignId !== undefined && entry.campaign?.id === campaignId) {
      campaign.push(record.date);
      if (own) campaignCustomer.push(record.date);
      const amounts = tierAmounts(record.order ?? {});
      ordersAmount += amounts.orderAmount;
      ordersDiscounted += amounts.discountAmount;
      giftAmount += entry.credits;
    }
  }
  const periods = timeZone === undefined ? {} : { timeZone };
  return {
    incentive: countRedemptionsByPeriod(incentive, now, periods),
    customer: countRedemptionsByPeriod(customer, now, periods),
    ...(campaignId === undefined
      ? {}
      : {
          campaign: {
            redemptions: countRedemptionsByPeriod(campaign, now, periods),
            customer_redemptions: countRedemptionsByPeriod(campaignCustomer, now, periods),
            orders_amount: ordersAmount,
            orders_amount_discounted: ordersDiscounted,
            gift_amount: giftAmount,
          },
        }),
    ...(unitsOf === undefined ? {} : { discountedUnits: { all: unitsAll, customer: unitsOwn } }),
  };
};
