import { DomainError } from '../domain-error.js';

/**
 * The credits of a gift card as the voucher's `gift` object carries them, in minor units.
 */
export interface GiftBalanceInput {
  /** Credits put on the card over its lifetime. */
  readonly amount?: number | null | undefined;
  /** Credits removed by manual balance changes over its lifetime. */
  readonly subtracted_amount?: number | null | undefined;
  /** Credits left to spend. */
  readonly balance?: number | null | undefined;
}

/**
 * A gift card's credits after a manual change.
 */
export interface GiftBalance {
  /** Credits put on the card over its lifetime; an addition raises it. */
  readonly amount: number;
  /** Credits removed by manual changes; a removal raises it. */
  readonly subtracted_amount: number;
  /** Credits left to spend. */
  readonly balance: number;
}

/**
 * The points of a loyalty card as the voucher's `loyalty_card` object carries them.
 */
export interface LoyaltyPointsInput {
  /** Points earned over the card's lifetime. */
  readonly points?: number | null | undefined;
  /** Points removed by manual changes over its lifetime. */
  readonly subtracted_points?: number | null | undefined;
  /** Points available to spend. */
  readonly balance?: number | null | undefined;
}

/**
 * A loyalty card's points after a manual change.
 */
export interface LoyaltyPoints {
  /** Points earned over the card's lifetime; an addition raises it. */
  readonly points: number;
  /** Points removed by manual changes; a removal raises it. */
  readonly subtracted_points: number;
  /** Points available to spend. */
  readonly balance: number;
}

const count = (value: number | null | undefined): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0;

const assertChange = (change: number): void => {
  if (!Number.isSafeInteger(change) || change === 0) {
    throw new DomainError('invalid_amount', 'invalid amount', {
      details: `Property .amount should be a non-zero integer (actual value is ${String(change)})`,
    });
  }
};

/**
 * Adds credits to a gift card (positive `change`) or removes them (negative `change`), as
 * `POST /v1/vouchers/{code}/balance` does. An addition raises `amount` and `balance`; a removal
 * raises `subtracted_amount` and lowers `balance`, which never goes below zero.
 *
 * @param gift - The card's credits before the change.
 * @param change - Credits to add or, when negative, to remove, in minor units.
 * @returns The card's credits after the change.
 * @throws DomainError `invalid_amount` when `change` is zero or not an integer;
 *   `gift_amount_exceeded` when a removal exceeds the balance.
 */
export function changeGiftBalance(gift: GiftBalanceInput, change: number): GiftBalance {
  assertChange(change);
  const amount = count(gift.amount);
  const subtracted = count(gift.subtracted_amount);
  const balance = count(gift.balance);
  if (change > 0) return { amount: amount + change, subtracted_amount: subtracted, balance: balance + change };
  if (-change > balance) {
    throw new DomainError('gift_amount_exceeded', 'gift amount exceeded', {
      details: `Cannot remove ${-change} credits: the card balance is ${balance}`,
    });
  }
  return { amount, subtracted_amount: subtracted - change, balance: balance + change };
}

/**
 * Adds points to a loyalty card (positive `change`) or removes them (negative `change`), as
 * `POST /v1/vouchers/{code}/balance` does. An addition raises `points` and `balance`; a removal
 * raises `subtracted_points` and lowers `balance`, which never goes below zero.
 *
 * @param card - The card's points before the change.
 * @param change - Points to add or, when negative, to remove.
 * @returns The card's points after the change.
 * @throws DomainError `invalid_amount` when `change` is zero or not an integer;
 *   `loyalty_card_points_exceeded` when a removal exceeds the balance.
 */
export function changeLoyaltyPoints(card: LoyaltyPointsInput, change: number): LoyaltyPoints {
  assertChange(change);
  const points = count(card.points);
  const subtracted = count(card.subtracted_points);
  const balance = count(card.balance);
  if (change > 0) return { points: points + change, subtracted_points: subtracted, balance: balance + change };
  if (-change > balance) {
    throw new DomainError('loyalty_card_points_exceeded', 'loyalty card points exceeded', {
      details: `Cannot remove ${-change} points: the card balance is ${balance}`,
    });
  }
  return { points, subtracted_points: subtracted - change, balance: balance + change };
}
