import type { ValidityCheckResult } from '../time/validity-window.js';

/**
 * The state of a redeemable in a customer's wallet (`redeemable.status` of a holder record).
 *
 * @example
 * ```ts
 * const status: RedeemableStatus = 'NO_BALANCE';
 * ```
 */
export type RedeemableStatus = 'ACTIVE' | 'USED' | 'DISABLED' | 'NOT_ACTIVE_YET' | 'EXPIRED' | 'NO_BALANCE';

/**
 * What {@link redeemableStatus} reads of a voucher: its kind, usage and balances.
 *
 * @example
 * ```ts
 * const input: RedeemableStatusInput = { type: 'GIFT_VOUCHER', redemption: { quantity: null, redeemed_quantity: 0 }, gift: { balance: 0 } };
 * ```
 */
export interface RedeemableStatusInput {
  /** `DISCOUNT_VOUCHER`, `GIFT_VOUCHER` or `LOYALTY_CARD`. */
  readonly type?: string | null | undefined;
  /** How many redemptions the voucher allows (null: no limit) and how many it had. */
  readonly redemption?:
    | { readonly quantity?: number | null | undefined; readonly redeemed_quantity?: number | null | undefined }
    | null
    | undefined;
  /** Credits left on a gift card. */
  readonly gift?: { readonly balance?: number | null | undefined } | null | undefined;
  /** Points left on a loyalty card. */
  readonly loyalty_card?: { readonly balance?: number | null | undefined } | null | undefined;
}

/**
 * The wallet state of a voucher now, from its validity check and its usage. The order of the
 * checks decides between several true ones: switched off (the voucher or its campaign) first,
 * then the dates, then a used-up redemption limit, then an empty gift card or loyalty card. A
 * voucher that only falls outside its recurring hours or days is still `ACTIVE`: it is usable
 * at other times without any change.
 *
 * @param voucher - The voucher's kind, usage and balances.
 * @param validity - The result of checking its (and its campaign's) validity window now.
 * @returns The status.
 * @example
 * ```ts
 * redeemableStatus({ type: 'DISCOUNT_VOUCHER', redemption: { quantity: 1, redeemed_quantity: 1 } }, { active: true }); // 'USED'
 * redeemableStatus({ type: 'DISCOUNT_VOUCHER' }, { active: false, reason: 'expired', key: 'campaign_not_active', message: 'campaign not active' }); // 'EXPIRED'
 * ```
 */
export const redeemableStatus = (voucher: RedeemableStatusInput, validity: ValidityCheckResult): RedeemableStatus => {
  if (!validity.active) {
    if (validity.reason === 'disabled') return 'DISABLED';
    if (validity.reason === 'not_started') return 'NOT_ACTIVE_YET';
    if (validity.reason === 'expired') return 'EXPIRED';
  }
  const quantity = voucher.redemption?.quantity;
  if (typeof quantity === 'number' && (voucher.redemption?.redeemed_quantity ?? 0) >= quantity) return 'USED';
  if (voucher.type === 'GIFT_VOUCHER' && (voucher.gift?.balance ?? 0) <= 0) return 'NO_BALANCE';
  if (voucher.type === 'LOYALTY_CARD' && (voucher.loyalty_card?.balance ?? 0) <= 0) return 'NO_BALANCE';
  return 'ACTIVE';
};
