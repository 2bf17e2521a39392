import type { RedemptionRecord } from '../redemptions/engine/records.js';
import type { StackedRequest } from '../redemptions/engine/request.js';
import type { RedemptionStore } from '../redemptions/store.js';
import { legacyRedemptionError } from './failure.js';
import type { Origin } from '../../../core/origin.js';

/**
 * A legacy redemption (`POST /v1/vouchers/{code}/redemption`,
 * `POST /v1/promotions/tiers/{promotionTierId}/redemption`, `POST /client/v1/redeem`): the
 * engine's redemption of the one redeemable of `request`, answered with the stored redemption as
 * `GET /v1/redemptions/{redemptionId}` shows it (decision 0059). It is stored, listed and rolled
 * back like any other; a retry gets the earlier redemption.
 *
 * @param redemptions - The engine.
 * @param request - The engine's request, with one redeemable.
 * @param origin - The request's id and channel.
 * @returns The redemption.
 * @throws ApiError 400 with the failure's key and `resource_id` naming the stored `rf_…` record,
 *   without the redeemable the engine's error names; the request errors of a redemption.
 */
export const legacyRedemption = (
  redemptions: RedemptionStore,
  request: StackedRequest,
  origin: Origin<'requestId' | 'channel'>,
): RedemptionRecord => {
  let redeemed: string;
  try {
    redeemed = redemptions.redeemFirst(request, origin);
  } catch (error) {
    throw legacyRedemptionError(error);
  }
  // One applicable redeemable gives one redemption, without a parent.
  return redemptions.get(redeemed) as RedemptionRecord;
};
