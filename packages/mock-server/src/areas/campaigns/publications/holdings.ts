import type { CustomerRedeemable } from './types.js';

/**
 * A customer's hold on a voucher: an entry of their redeemables (`rh_…`).
 *
 * @example
 * ```ts
 * const holding: Holding = { id: 'rh_1', created_at: '2026-01-01T00:00:00.000Z', customerId: 'cust_1', voucherId: 'v_1', role: 'OWNER' };
 * ```
 */
export interface Holding {
  readonly id: string;
  readonly created_at: string;
  readonly customerId: string;
  readonly voucherId: string;
  readonly role: CustomerRedeemable['holder_role'];
}

/** Up to this many holdings, a customer's are searched in order; beyond, through a set of their voucher ids. */
const SCAN_LIMIT = 16;

/**
 * Each customer's holdings, in the order they became holders. Most customers hold a few
 * vouchers, kept as a plain list (a map per customer would cost several times the heap); a
 * customer with many gets a set of their voucher ids as well, so adding stays O(1).
 *
 * @example
 * ```ts
 * const holdings = new Holdings();
 * holdings.add(holding);
 * holdings.has('cust_1', 'v_1'); // true
 * ```
 */
export class Holdings {
  readonly #byCustomer = new Map<string, Holding[]>();
  readonly #voucherIds = new Map<string, Set<string>>();

  /** Whether the customer holds the voucher. */
  has(customerId: string, voucherId: string): boolean {
    const held = this.#byCustomer.get(customerId);
    if (held === undefined) return false;
    if (held.length <= SCAN_LIMIT) return held.some((holding) => holding.voucherId === voucherId);
    let ids = this.#voucherIds.get(customerId);
    if (ids === undefined) {
      ids = new Set(held.map((holding) => holding.voucherId));
      this.#voucherIds.set(customerId, ids);
    }
    return ids.has(voucherId);
  }

  /** Adds a holding; the caller checks {@link Holdings.has} first. */
  add(holding: Holding): void {
    const held = this.#byCustomer.get(holding.customerId);
    if (held === undefined) this.#byCustomer.set(holding.customerId, [holding]);
    else held.push(holding);
    this.#voucherIds.get(holding.customerId)?.add(holding.voucherId);
  }

  /** A customer's holdings, oldest first. */
  of(customerId: string): readonly Holding[] {
    return this.#byCustomer.get(customerId) ?? [];
  }
}
