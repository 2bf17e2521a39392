import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { TrackedState } from '../../../core/history/tracked-state.js';
import type { CustomerOrderSummary } from '../customers/store.js';

/** The fields of an order that its customer's totals read. */
export interface CountedOrder {
  readonly id: string;
  readonly customer_id?: string | null | undefined;
  readonly status?: string | null | undefined;
  readonly total_amount?: number | null | undefined;
  readonly created_at: string;
}

/** A customer's running order totals; replaced at each change, never changed in place. */
interface OrderTotals {
  readonly amount: number;
  readonly count: number;
  /**
   * The newest counted order's total and creation time, as they were when it was counted (not
   * the order, which would keep an old version of it); absent without one.
   */
  readonly lastAmount: number | undefined;
  readonly lastDate: string | undefined;
}

const NO_TOTALS: OrderTotals = Object.freeze({ amount: 0, count: 0, lastAmount: undefined, lastDate: undefined });

/** Totals with these sums, and this last order (or the last order of `last` when it is totals). */
const totalsOf = (amount: number, count: number, last: CountedOrder | OrderTotals | undefined): OrderTotals =>
  last === undefined || 'id' in last
    ? {
        amount,
        count,
        lastAmount: last === undefined ? undefined : (last.total_amount ?? 0),
        lastDate: last?.created_at,
      }
    : { amount, count, lastAmount: last.lastAmount, lastDate: last.lastDate };

/** Statuses whose orders count in a customer's order summary. */
const COUNTED = new Set(['PAID', 'FULFILLED']);

/**
 * Each customer's totals of paid and fulfilled orders, what `summary.orders` shows, kept in step
 * as the order store writes orders rather than summed at each read.
 */
export class CustomerOrderTotals {
  readonly #totals: TrackedMap<string, OrderTotals>;
  /** What each counted order added to its customer's totals, to take back when it changes. */
  readonly #counted: TrackedMap<string, { readonly customerId: string; readonly amount: number }>;

  constructor(tracked: TrackedState) {
    this.#totals = tracked.map();
    this.#counted = tracked.map();
  }

  /**
   * Moves an order's part of its customer's totals: what it added before is taken back, and it
   * adds its amount again while it is paid or fulfilled. The last order is the newest counted one
   * (the latest created among equal times): a new order is compared with it, a changed one makes
   * the customer's last order be looked for again among `ordersOf` the customer.
   */
  count(order: CountedOrder, created: boolean, ordersOf: (customerId: string) => readonly CountedOrder[]): void {
    const before = this.#counted.get(order.id);
    if (before) {
      const totals = this.#totals.get(before.customerId);
      if (totals)
        this.#totals.set(before.customerId, totalsOf(totals.amount - before.amount, totals.count - 1, totals));
      this.#counted.delete(order.id);
    }
    const customerId = order.customer_id;
    if (customerId && COUNTED.has(order.status ?? '')) {
      const amount = order.total_amount ?? 0;
      const totals = this.#totals.get(customerId) ?? NO_TOTALS;
      const newest =
        created && (totals.lastAmount === undefined || (order.created_at ?? '') >= (totals.lastDate ?? ''));
      this.#totals.set(customerId, totalsOf(totals.amount + amount, totals.count + 1, newest ? order : totals));
      this.#counted.set(order.id, { customerId, amount });
    }
    if (created) return;
    for (const id of new Set([before?.customerId, customerId])) {
      const totals = id ? this.#totals.get(id) : undefined;
      if (!totals || !id) continue;
      const last = ordersOf(id).reduce<CountedOrder | undefined>(
        (latest, stored) =>
          this.#counted.has(stored.id) &&
          (latest === undefined || (stored.created_at ?? '') >= (latest.created_at ?? ''))
            ? stored
            : latest,
        undefined,
      );
      this.#totals.set(id, totalsOf(totals.amount, totals.count, last));
    }
  }

  /** Forgets a customer's totals and its orders' parts (the customer's permanent deletion). */
  forget(customerId: string, orders: readonly CountedOrder[]): void {
    for (const order of orders) this.#counted.delete(order.id);
    this.#totals.delete(customerId);
  }

  /**
   * Totals of a customer's paid and fulfilled orders: what `summary.orders` shows.
   *
   * @param customerId - The customer's id.
   * @returns The totals.
   */
  summaryOf(customerId: string): CustomerOrderSummary {
    const { amount, count, lastAmount, lastDate } = this.#totals.get(customerId) ?? NO_TOTALS;
    return {
      total_amount: amount,
      total_count: count,
      average_amount: count === 0 ? 0 : Math.round(amount / count),
      last_order_amount: lastAmount ?? 0,
      ...(lastDate ? { last_order_date: lastDate } : {}),
    };
  }
}
