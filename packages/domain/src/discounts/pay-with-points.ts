import { type CoinRatio, coinPointsCost, coinPointsValue } from './rounding.js';
import { DomainError } from '../domain-error.js';
import { OrderDraft, type OrderAmounts } from './order-amounts.js';

/**
 * Loyalty points spent on an order through a `COIN` (pay with points) reward: the points asked
 * for, the card's balance and the reward's ratio.
 *
 * @example
 * ```ts
 * const payment: PayWithPointsInput = { points: 200, balance: 1000, exchange_ratio: 20, points_ratio: 100 };
 * ```
 */
export interface PayWithPointsInput extends CoinRatio {
  /** Points to spend; when absent, as many as pay for what is left, up to the balance. */
  readonly points?: number | null | undefined;
  /** Points available on the card. */
  readonly balance: number;
}

/**
 * The outcome of paying with points: the order after it and the API's `result.loyalty_card`.
 *
 * @example
 * ```ts
 * const { loyalty_card } = applyPointsPayment(calculateOrderAmounts({ amount: 4500 }), { points: 200, balance: 500, exchange_ratio: 20, points_ratio: 100 });
 * loyalty_card.points; // 200
 * ```
 */
export interface PayWithPointsResult {
  /** The order after the payment, as an order-level discount; `applied_*` are this step's. */
  readonly order: OrderAmounts;
  /** The points actually spent. */
  readonly loyalty_card: {
    /** Points spent: the redemption's `amount`. */
    readonly points: number;
  };
  /** Whether any points were spent. */
  readonly has_effect: boolean;
}

/**
 * Pays part of an order with loyalty points, as an order-level discount worth
 * `points * exchange_ratio * 100 / points_ratio` minor units (rounded down).
 *
 * @remarks
 * When the points asked for are worth more than is left to pay, only the points that pay for the
 * rest are spent (rounded up, so the last point may be worth a little more than the rest).
 * The reference makes `points` required; when it is absent we spend what pays for the rest, up
 * to the balance, as for gift credits (decision 0017).
 *
 * @param order - The order as the earlier discounts of the stack left it.
 * @param payment - The points asked for, the card's balance and the reward's ratio.
 * @returns The order after the payment, and the points spent.
 * @throws DomainError `loyalty_card_points_exceeded` when the points asked for exceed the
 *   balance; `invalid_payload` when they are not a non-negative integer.
 * @throws RangeError when the ratio is not positive.
 * @example
 * ```ts
 * const { order } = applyPointsPayment(calculateOrderAmounts({ amount: 4500 }), { points: 200, balance: 500, exchange_ratio: 20, points_ratio: 100 });
 * order.discount_amount; // 4000
 * order.total_amount; // 500
 * ```
 */
export function applyPointsPayment(order: OrderAmounts, payment: PayWithPointsInput): PayWithPointsResult {
  const balance = Math.max(0, Math.floor(payment.balance));
  const { points } = payment;
  if (points !== null && points !== undefined) {
    if (!Number.isSafeInteger(points) || points < 0) {
      throw new DomainError('invalid_payload', 'invalid reward points', {
        details: `Property .reward.points should be a non-negative integer (actual value is ${String(points)})`,
      });
    }
    if (points > balance) {
      throw new DomainError('loyalty_card_points_exceeded', 'loyalty card points exceeded', {
        details: `Requested points (${points}) exceed the card balance (${balance})`,
      });
    }
  }
  const draft = new OrderDraft(order);
  const left = draft.remaining();
  const spent = Math.min(points ?? balance, coinPointsCost(left, payment));
  draft.discountOrder(Math.min(left, coinPointsValue(spent, payment)));
  return Object.freeze({
    order: draft.snapshot(),
    loyalty_card: Object.freeze({ points: spent }),
    has_effect: spent > 0,
  });
}
