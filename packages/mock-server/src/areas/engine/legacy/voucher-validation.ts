import type { Resource } from '../../../core/resource.js';
import type { StoredVoucher } from '../../campaigns/vouchers/types.js';
import type { EngineLoyaltyReward } from '../redemptions/ports.js';
import type { ValidationResult } from '../redemptions/store.js';
import { legacyFailure } from './failure.js';
import { type LegacyContext, legacyTrackingId } from './requests.js';

type LegacyVoucherValidation = Resource<'LegacyVoucherValidation'>;
type Valid = Resource<'LegacyVoucherValidationValid'>;
type Applicable = Resource<'ValidationRedeemableApplicable'>;

/**
 * What answering a legacy voucher validation reads besides the engine's result: the voucher as
 * stored and, for a loyalty card, the reward it pays with.
 */
export interface VoucherLookups {
  /** The voucher with this code, if the project has it. */
  readonly voucher: (code: string) => StoredVoucher | undefined;
  /** The pay-with-points reward of a loyalty card's campaign, if it offers it. */
  readonly reward: (card: StoredVoucher, rewardId: string) => EngineLoyaltyReward | undefined;
}

/** A gift card's state, as the legacy answer shows it. */
const giftOf = (gift: NonNullable<StoredVoucher['gift']>): Resource<'Gift'> => ({
  amount: gift.amount,
  ...(gift.subtracted_amount === undefined ? {} : { subtracted_amount: gift.subtracted_amount }),
  balance: gift.balance,
  ...(gift.effect === null || gift.effect === undefined ? {} : { effect: gift.effect }),
});

/** What the voucher gives, by its kind: a discount, a gift card's state, or a loyalty card's points and reward. */
const benefitOf = (
  applicable: Applicable,
  voucher: StoredVoucher,
  context: LegacyContext,
  lookups: VoucherLookups,
): Pick<Valid, 'discount' | 'gift' | 'loyalty' | 'reward'> => {
  const { result } = applicable;
  if ('discount' in result) return { discount: result.discount };
  if ('gift' in result) return voucher.gift ? { gift: giftOf(voucher.gift) } : {};
  const points = result.loyalty_card.points;
  const rewardId = context.reward?.id ?? '';
  const reward = lookups.reward(voucher, rewardId);
  return {
    loyalty: { points_cost: points },
    reward: { id: rewardId, ...(reward === undefined ? {} : { assignment_id: reward.assignmentId }), points },
  };
};

/** The voucher's campaign and dates, each when it has one. */
const describe = (
  voucher: StoredVoucher,
): Pick<Valid, 'campaign' | 'campaign_id' | 'start_date' | 'expiration_date'> => ({
  ...(typeof voucher.campaign === 'string' ? { campaign: voucher.campaign } : {}),
  ...(typeof voucher.campaign_id === 'string' ? { campaign_id: voucher.campaign_id } : {}),
  ...(typeof voucher.start_date === 'string' ? { start_date: voucher.start_date } : {}),
  ...(typeof voucher.expiration_date === 'string' ? { expiration_date: voucher.expiration_date } : {}),
});

/**
 * The legacy answer of a voucher validation (`POST /v1/vouchers/{code}/validate`,
 * `GET /client/v1/validate`) from the engine's validation of that code alone: with the code
 * applicable, `valid: true`, its lists, the order after it, what it gives and the voucher's
 * metadata, campaign and dates; otherwise `valid: false`, the `reason` and the `error`
 * (decision 0059).
 *
 * @param result - The engine's validation of the code alone.
 * @param code - The code as requested.
 * @param context - The request's context (for the tracking id and a loyalty card's reward).
 * @param lookups - The voucher and reward lookups.
 * @param requestId - The request's id, which a failure's `error` names.
 * @returns The legacy answer.
 * @throws ApiError for a failure of the request itself (see {@link legacyFailure}).
 */
export const voucherValidationAnswer = (
  result: ValidationResult,
  code: string,
  context: LegacyContext,
  lookups: VoucherLookups,
  requestId: string,
): LegacyVoucherValidation => {
  const [outcome] = result.redeemables;
  const voucher = lookups.voucher(code);
  const trackingId = legacyTrackingId(context, () => result.tracking_id);
  if (outcome?.status !== 'APPLICABLE' || voucher === undefined) {
    // One redeemable that does not apply is inapplicable or skipped, never absent.
    const { reason, error } = legacyFailure(
      outcome as Resource<'ValidationRedeemableInapplicable'> | Resource<'ValidationRedeemableSkipped'>,
      requestId,
    );
    return {
      valid: false,
      reason,
      error,
      tracking_id: trackingId,
      code: voucher?.code ?? code,
      ...(voucher ? { metadata: { ...voucher.metadata } } : {}),
    };
  }
  return {
    valid: true,
    code: voucher.code,
    applicable_to: outcome.applicable_to,
    inapplicable_to: outcome.inapplicable_to,
    tracking_id: trackingId,
    ...(result.session === undefined ? {} : { session: result.session }),
    order: outcome.order,
    ...benefitOf(outcome, voucher, context, lookups),
    metadata: { ...voucher.metadata },
    ...describe(voucher),
  };
};
