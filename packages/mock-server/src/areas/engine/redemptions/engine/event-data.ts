import type { EventData } from '../../../../core/event-log.js';
import type { Resource } from '../../../../core/resource.js';
import { type KeptRedemption, type KeptRollback, simpleOrder, simpleRedemption } from './records.js';

/**
 * What the payload of `redemption.succeeded` and `redemption.failed` is made of: the record, which
 * holds the customer's short form, and the campaign's short form as it was then (not the
 * campaign's record, which a kept event would hold with every version of it).
 */
export interface RedemptionEventSubjects {
  /** The `r_…` or `rf_…` record. */
  readonly record: KeptRedemption;
  /** The campaign of the redeemed code or tier, in short form. */
  readonly campaign: Resource<'SimpleCampaign'> | null;
}

/**
 * The payload of `redemption.succeeded` and `redemption.failed`: the redemption, or the refused
 * attempt, with the customer, order, campaign and code it names. What it is made of never
 * changes, so the log makes it when it is first read (decision 0050).
 *
 * @param subjects - The record and its campaign.
 * @returns The payload.
 */
export const redemptionEventData = ({
  record,
  campaign,
}: RedemptionEventSubjects): EventData<'redemption.succeeded'> => {
  const redemption = simpleRedemption(record);
  return {
    redemption,
    customer: record.customer,
    order: record.order ? simpleOrder(record.order) : null,
    campaign,
    voucher: record.voucher ? (redemption.voucher ?? null) : null,
    holder: null,
    promotion_tier: null,
    promotion_stack: null,
    created_at: record.date,
  };
};

/**
 * The payload of `redemption.rollback.succeeded` and `redemption.rollback.failed`: the rollback,
 * or the refused attempt, with the redemption it concerns and its customer.
 *
 * @param redemption - The redemption rolled back (or not).
 * @param rollback - The `rr_…` or `rrf_…` record.
 * @returns The payload.
 */
export const rollbackEventData = (
  redemption: KeptRedemption,
  rollback: KeptRollback,
): EventData<'redemption.rollback.succeeded'> => ({
  redemption: simpleRedemption(redemption),
  redemption_rollback: simpleRedemption(rollback),
  customer: rollback.customer,
  order: null,
  campaign: null,
  voucher: null,
  holder: null,
  promotion_tier: null,
  promotion_stack: null,
});
