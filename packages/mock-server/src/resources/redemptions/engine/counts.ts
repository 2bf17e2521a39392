import { type RedemptionPeriodCounts, type RuleCampaignInput, countRedemptionsByPeriod } from '@voucherkit/domain';
import { tierAmounts } from './commit.js';
import type { RedemptionEntry } from './records.js';

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
}

/**
 * Counts the successful redemptions (not rolled back) that validation rules read, in one pass
 * over the records: of the redeemable and of its campaign, in all and by this customer, over the
 * calendar periods that contain `now` (UTC), and the campaign's order amounts, discounts and gift
 * credits (the same amounts a promotion tier's summary counts).
 *
 * @param entries - The project's redemption records.
 * @param target - The redeemable, customer and campaign.
 * @param now - The instant of the request, epoch milliseconds.
 * @returns The counts.
 */
export const countRedemptions = (entries: Iterable<RedemptionEntry>, target: CountTarget, now: number): RedemptionCounts => {
  const { redeemableId, customerId, campaignId } = target;
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
  return {
    incentive: countRedemptionsByPeriod(incentive, now),
    customer: countRedemptionsByPeriod(customer, now),
    ...(campaignId === undefined
      ? {}
      : {
          campaign: {
            redemptions: countRedemptionsByPeriod(campaign, now),
            customer_redemptions: countRedemptionsByPeriod(campaignCustomer, now),
            orders_amount: ordersAmount,
            orders_amount_discounted: ordersDiscounted,
            gift_amount: giftAmount,
          },
        }),
  };
};
