import type { TrackedList } from '../../../core/history/tracked-list.js';
import type { TrackedState } from '../../../core/history/tracked-state.js';
import type { Sortable } from '../../../core/list.js';
import { ScopedIndexes, SortedIndexes } from '../../../core/sorted-index.js';
import type { StoredVoucher } from './types.js';

/** The fields the voucher list sorts on. */
export type VoucherListField = 'created_at' | 'updated_at' | 'code';

/**
 * The voucher list's orders: an index of every voucher in each order field, and one of each
 * campaign's vouchers, kept in step as the voucher store adds, changes and removes vouchers. A
 * voucher is known by its position in the store's sequence. The indexes are tracked, but made
 * again from the records once an image is loaded (they hold class instances).
 */
export class VoucherOrders {
  #all: SortedIndexes<VoucherListField>; // not state: indexes of the records in the store's sequence, tracked by their own lists and rebuilt after an image load
  #byCampaign: ScopedIndexes<VoucherListField>; // not state: as `#all`, by campaign

  /**
   * @param tracked - Where the indexes' lists are made: the store's tracked state.
   * @param sequence - The store's vouchers by position, `null` once removed.
   */
  constructor(
    private readonly tracked: TrackedState,
    private readonly sequence: TrackedList<StoredVoucher | null>,
  ) {
    this.#all = this.#newAll();
    this.#byCampaign = this.#newByCampaign();
    tracked.afterLoad(() => this.#rebuild());
  }

  /** The indexes of every voucher, or of one campaign's (none when the campaign has no voucher). */
  scope(campaignId?: string): SortedIndexes<VoucherListField> | undefined {
    return campaignId === undefined ? this.#all : this.#byCampaign.of(campaignId);
  }

  /** Adds the voucher the store keeps at a position, the newest. */
  add(position: number, campaignId: string | null | undefined): void {
    this.#all.add(position);
    if (campaignId) this.#byCampaign.add([campaignId], position);
  }

  /** Takes out the voucher at a position; call it while the voucher is still stored there, its keys read. */
  remove(position: number, campaignId: string | null | undefined): void {
    this.#all.remove(position);
    if (campaignId) this.#byCampaign.of(campaignId)?.remove(position);
  }

  /**
   * Stores a new version of the voucher at a position through `write`: its new `updated_at` moves
   * it in that order's indexes, out under the stored version's key, back under the new one.
   */
  rewrite(position: number, campaignId: string | null | undefined, write: () => void): void {
    const campaignOrders = campaignId ? this.#byCampaign.of(campaignId) : undefined;
    const scopes = campaignOrders ? [this.#all, campaignOrders] : [this.#all];
    for (const scope of scopes) scope.detach('updated_at', position);
    write();
    for (const scope of scopes) scope.attach('updated_at', position);
  }

  #newAll(): SortedIndexes<VoucherListField> {
    return new SortedIndexes<VoucherListField>((field, position) => this.#sortKey(field, position), this.tracked);
  }

  #newByCampaign(): ScopedIndexes<VoucherListField> {
    return new ScopedIndexes<VoucherListField>((field, position) => this.#sortKey(field, position), this.tracked);
  }

  /** Makes the indexes again from the loaded records, in creation order. */
  #rebuild(): void {
    this.#all = this.#newAll();
    this.#byCampaign = this.#newByCampaign();
    const sequence = this.sequence.items;
    for (let position = 0; position < sequence.length; position += 1) {
      const voucher = sequence[position];
      if (voucher === null || voucher === undefined) continue;
      this.add(position, voucher.campaign_id);
    }
  }

  /** A voucher's sort key in a list order; `created_at` sorts by position, the order the vouchers were stored in. */
  #sortKey(field: VoucherListField, position: number): Sortable {
    if (field === 'created_at') return position;
    const voucher = this.sequence.items[position];
    return field === 'code' ? voucher?.code : voucher?.updated_at;
  }
}
