import type { EventData } from '../../../../core/event-log.js';
import { simpleCampaign } from '../../../campaigns/vouchers/shapes.js';
import type { Campaign } from '../../../campaigns/vouchers/types.js';
import type { Customer } from '../../../customers/customers/store.js';
import { type KeptRedemption, type KeptRollback, recordCustomer, simpleOrder, simpleRedemption } from './records.js';

/** What the payload of `redemption.succeeded` and `redemption.failed` is made of. */
export interface RedemptionEventSubjects {
  /** The `r_…` or `rf_…` record. */
  readonly record: KeptRedemption;
  /** The customer who redeemed, if the request named one. */
  readonly customer: Customer | undefined;
  /** The campaign of the redeemed code or tier, as it was then. */
  readonly campaign: Campaign | undefined;
}

/**
 * The payload of `redemption.succeeded` and `redemption.failed`: the redemption, or the refused
 * attempt, with the customer, order, campaign and code it names. Its subjects are stored versions
 * that never change, so the log makes it when it is first read (decision 0050).
 *
 * @param subjects - The record, its customer and its campaign.
 * @returns The payload.
 */
export const redemptionEventData = ({
  record,
  customer,
  campaign,
}: RedemptionEventSubjects): EventData<'redemption.succeeded'> => {
  const redemption = simpleRedemption(record);
  return {
    redemption,
    customer: recordCustomer(customer),
    order: record.order ? simpleOrder(record.order) : null,
    campaign: campaign ? simpleCampaign(campaign) : null,
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
