import { DomainError } from '../domain-error.js';
import { OrderDraft, type OrderAmounts } from './order-amounts.js';

/**
 * A gift card spent on an order: the credits the request asks for and the card's balance.
 *
 * @example
 * ```ts
 * const gift: GiftCreditsInput = { credits: 2000, balance: 5000 };
 * ```
 */
export interface GiftCreditsInput {
  /** Credits to spend, in minor units; when absent, as much as the balance and the order allow. */
  readonly credits?: number | null | undefined;
  /** Credits on the card before this request, in minor units. */
  readonly balance: number;
}

/**
 * The outcome of spending a gift card: the order after it and the API's `result.gift`.
 *
 * @example
 * ```ts
 * const { gift } = applyGiftCredits(calculateOrderAmounts({ amount: 200000 }), { credits: 100, balance: 20500 });
 * gift; // { credits: 100, balance: 20500 }
 * ```
 */
export interface GiftCreditsResult {
  /** The order after the credits, as an order-level discount; `applied_*` are this step's. */
  readonly order: OrderAmounts;
  /** The card's balance before the request and the credits actually used. */
  readonly gift: {
    /** Credits on the card before this request. */
    readonly balance: number;
    /** Credits used, in minor units: the redemption's `amount`. */
    readonly credits: number;
  };
  /** Whether any credits were used. */
  readonly has_effect: boolean;
}

/**
 * Spends gift card credits on an order, as an order-level discount (the card's `effect` does not
 * change that). The credits used are those asked for, but never more than is left to pay.
 *
 * @remarks
 * Without `credits`, the card pays what is left, up to its balance; the reference leaves this
 * open (decision 0017). A card whose `effect` is `APPLY_TO_ITEMS` is still an order-level
 * discount here: the caller checks that the order has priced items
 * (`missing_order_items_amount`).
 *
 * @param order - The order as the earlier discounts of the stack left it.
 * @param gift - The credits asked for and the card's balance.
 * @returns The order after the credits, and the credits used.
 * @throws DomainError `gift_amount_exceeded` when the credits asked for exceed the balance;
 *   `invalid_payload` when they are not a non-negative integer.
 * @example
 * ```ts
 * const { order } = applyGiftCredits(calculateOrderAmounts({ amount: 200000 }), { credits: 100, balance: 20500 });
 * order.total_amount; // 199900
 * ```
 */
export function applyGiftCredits(order: OrderAmounts, gift: GiftCreditsInput): GiftCreditsResult {
  const balance = Math.max(0, Math.floor(gift.balance));
  const { credits } = gift;
  if (credits !== null && credits !== undefined) {
    if (!Number.isSafeInteger(credits) || credits < 0) {
      throw new DomainError('invalid_payload', 'Invalid payload', {
        details: `Property .gift.credits should be a non-negative integer (actual value is ${String(credits)})`,
      });
    }
    if (credits > balance) {
      throw new DomainError('gift_amount_exceeded', 'gift amount exceeded', {
        details: `Requested credits (${credits}) exceed the card balance (${balance})`,
      });
    }
  }
  const draft = new OrderDraft(order);
  const used = draft.discountOrder(credits ?? balance);
  return Object.freeze({
    order: draft.snapshot(),
    gift: Object.freeze({ balance, credits: used }),
    has_effect: used > 0,
  });
}
