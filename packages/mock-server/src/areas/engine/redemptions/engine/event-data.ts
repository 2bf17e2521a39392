import type { EventData } from '../../../../core/event-log.js';
import { simpleCampaign } from '../../../campaigns/vouchers/shapes.js';
import type { Campaign } from '../../../campaigns/vouchers/types.js';
import type { Customer } from '../../../customers/customers/store.js';
import { type KeptRedemption, type KeptRollback, recordCustomer, simpleOrder, simpleRedemption } from './records.js';

/**
 * The payload of `redemption.succeeded` and `redemption.failed`: the redemption, or the refused
 * attempt, with the customer, order, campaign and code it names.
 *
 * @param record - The `r_…` or `rf_…` record.
 * @param customer - The customer who redeemed, if the request named one.
 * @param campaign - The campaign of the redeemed code or tier, as it is now.
 * @returns The payload.
 */
export const redemptionEventData = (
  record: KeptRedemption,
  customer: Customer | undefined,
  campaign: Campaign | undefined,
): EventData<'redemption.succeeded'> => {
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
