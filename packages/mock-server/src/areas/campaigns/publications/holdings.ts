import { derivedId } from '@voucherkit/domain/internals';
import { type OneOrList, appendTo, itemsOf } from '../../../core/history/one-or-list.js';
import { TrackedList } from '../../../core/history/tracked-list.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { TrackedSet } from '../../../core/history/tracked-set.js';
import type { TrackedState } from '../../../core/history/tracked-state.js';
import type { CustomerRedeemable } from './types.js';

/** A customer's hold on a voucher: an entry of their redeemables (`rh_…`). */
export interface Holding {
  /**
   * The holding's id (`rh_…`), or `0` for the owner of a code that is not a referral code: a code
   * has one owner ever, so that holding's id is made from the code's id ({@link holdingId}) and
   * the holding keeps no string.
   */
  readonly id: string | 0;
  /** When the customer became a holder. */
  readonly created_at: string;
  /** The holder (`cust_…`). */
  readonly customerId: string;
  /** The held voucher (`v_…`). */
  readonly voucherId: string;
  /** `OWNER`, or `REFERRER` or `REFEREE` of a referral code. */
  readonly role: CustomerRedeemable['holder_role'];
}

/** A holding's id as the API shows it (`rh_…`). */
export const holdingId = (holding: Holding): string =>
  holding.id === 0 ? derivedId('rh', holding.voucherId, 0) : holding.id;

/**
 * The fields every view of a holding shares (a customer's redeemables, a referral code's
 * holders): the holding, its customer and role, and the held voucher.
 */
export const holdingFields = (
  holding: Holding,
  voucher: { readonly id: string; readonly type?: 'DISCOUNT_VOUCHER' | 'GIFT_VOUCHER' | 'LOYALTY_CARD' | undefined },
) =>
  ({
    id: holdingId(holding),
    created_at: holding.created_at,
    redeemable_id: voucher.id,
    redeemable_object: 'voucher',
    customer_id: holding.customerId,
    holder_role: holding.role,
    voucher_type: voucher.type ?? 'DISCOUNT_VOUCHER',
  }) as const;

/** Up to this many holdings, a customer's are searched in order; beyond, through a set of their voucher ids. */
const SCAN_LIMIT = 16;

/**
 * Each customer's holdings, in the order they became holders. Most customers hold one voucher,
 * kept alone, or a few, kept as a plain list (a map per customer would cost several times the
 * heap); a customer with many gets a set of their voucher ids as well, so adding stays O(1). The holders
 * of a referral code (its referrer and referees) are listed by code as well; other codes have
 * one holder and no such list.
 */
export class Holdings {
  readonly #byCustomer: TrackedMap<string, OneOrList<Holding>>;
  /** The voucher ids of each customer with many holdings, made at the first look-up: tracked, but not in the image (a loaded image starts without them). */
  readonly #voucherIds: TrackedMap<string, TrackedSet<string>>;
  /** The holders of each referral code, oldest first. */
  readonly #byReferralCode: TrackedMap<string, TrackedList<Holding>>;

  /** @param tracked - Where the holdings are kept: their owner's tracked state. */
  constructor(private readonly tracked: TrackedState) {
    this.#byCustomer = tracked.map();
    this.#byReferralCode = tracked.map();
    this.#voucherIds = tracked.innerMap();
    tracked.afterLoad(() => this.#voucherIds.load([]));
  }

  /** Whether the customer holds the voucher. */
  has(customerId: string, voucherId: string): boolean {
    const held = this.#byCustomer.get(customerId);
    if (held === undefined) return false;
    if (!(held instanceof TrackedList)) return held.voucherId === voucherId;
    if (held.length <= SCAN_LIMIT) return held.items.some((holding) => holding.voucherId === voucherId);
    let ids = this.#voucherIds.get(customerId);
    if (ids === undefined) {
      ids = this.tracked.innerSet(held.items.map((holding) => holding.voucherId));
      this.#voucherIds.set(customerId, ids);
    }
    return ids.has(voucherId);
  }

  /** Adds a holding; the caller checks {@link Holdings.has} first. `referral`: the voucher is a referral code, whose holders are listed by code. */
  add(holding: Holding, referral = false): void {
    appendTo(this.#byCustomer, holding.customerId, holding, this.tracked);
    this.#voucherIds.get(holding.customerId)?.add(holding.voucherId);
    if (!referral) return;
    const holders = this.#byReferralCode.get(holding.voucherId);
    if (holders === undefined) this.#byReferralCode.set(holding.voucherId, this.tracked.innerList([holding]));
    else holders.push(holding);
  }

  /**
   * Ends a holding: the customer no longer holds the voucher. A customer holds a voucher once at
   * most, so the pair names the holding (owners' holdings all keep the id `0`).
   */
  remove(holding: Holding): void {
    const same = (other: Holding): boolean =>
      other.customerId === holding.customerId && other.voucherId === holding.voucherId;
    const drop = (list: TrackedList<Holding>): void => {
      for (let index = list.length - 1; index >= 0; index -= 1)
        if (same(list.items[index] as Holding)) list.splice(index, 1);
    };
    const held = this.#byCustomer.get(holding.customerId);
    if (held instanceof TrackedList) {
      drop(held);
      if (held.length === 0) this.#byCustomer.delete(holding.customerId);
    } else if (held !== undefined && same(held)) {
      this.#byCustomer.delete(holding.customerId);
    }
    this.#voucherIds.get(holding.customerId)?.delete(holding.voucherId);
    const holders = this.#byReferralCode.get(holding.voucherId);
    if (holders !== undefined) drop(holders);
  }

  /** The holders of a referral code (its referrer, then its referees), oldest first. */
  ofReferralCode(voucherId: string): readonly Holding[] {
    return this.#byReferralCode.get(voucherId)?.items ?? [];
  }

  /** A customer's holdings, oldest first. */
  of(customerId: string): readonly Holding[] {
    return itemsOf(this.#byCustomer.get(customerId));
  }
}
