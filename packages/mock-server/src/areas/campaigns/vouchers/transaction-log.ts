import type { TrackedList } from '../../../core/history/tracked-list.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { TrackedState } from '../../../core/history/tracked-state.js';
import { sortByOrder } from '../../../core/list.js';
import type { VoucherTransaction } from './types.js';

/** The balance a transaction carries in `details.balance`. */
type TransactionBalance = {
  readonly type: 'loyalty_card' | 'gift_voucher';
  readonly total: number;
  readonly balance: number;
  readonly points?: number | undefined;
  readonly amount?: number | undefined;
  readonly operation_type: 'MANUAL' | 'AUTOMATIC';
};

/**
 * A transaction as the log keeps it: its balance as plain fields, without the parts every
 * balance has (`object`, `related_object`, which names the transaction's own card). About half
 * the heap of the transaction it records, which matters at three or more per loyalty card.
 */
interface StoredTransaction {
  readonly id: string;
  readonly source_id: string | null;
  readonly voucher_id: string;
  readonly campaign_id: string | null;
  readonly source: string | null;
  readonly reason: string | null;
  readonly related_transaction_id: string | null;
  readonly created_at: string;
  readonly type: VoucherTransaction['type'];
  readonly balanceType: TransactionBalance['type'];
  /** Points for a loyalty card, an amount for a gift card. */
  readonly change: number;
  readonly total: number;
  readonly balance: number;
  readonly operationType: TransactionBalance['operation_type'];
  /** What `details` holds besides the balance (`order`, `redemption`, `earning_rule` …), if anything. */
  readonly details: Readonly<Record<string, unknown>> | undefined;
}

const compact = (transaction: VoucherTransaction): StoredTransaction => {
  const { balance, ...rest } = transaction.details as { readonly balance: TransactionBalance } & Record<string, unknown>;
  return {
    id: transaction.id,
    source_id: transaction.source_id ?? null,
    voucher_id: transaction.voucher_id,
    campaign_id: transaction.campaign_id ?? null,
    source: transaction.source ?? null,
    reason: transaction.reason ?? null,
    related_transaction_id: transaction.related_transaction_id ?? null,
    created_at: transaction.created_at,
    type: transaction.type,
    balanceType: balance.type,
    change: (balance.type === 'gift_voucher' ? balance.amount : balance.points) ?? 0,
    total: balance.total,
    balance: balance.balance,
    operationType: balance.operation_type,
    details: Object.keys(rest).length === 0 ? undefined : rest,
  };
};

const present = (stored: StoredTransaction): VoucherTransaction =>
  ({
    id: stored.id,
    source_id: stored.source_id,
    voucher_id: stored.voucher_id,
    campaign_id: stored.campaign_id,
    source: stored.source,
    reason: stored.reason,
    related_transaction_id: stored.related_transaction_id,
    created_at: stored.created_at,
    type: stored.type,
    details: {
      ...stored.details,
      balance: {
        type: stored.balanceType,
        total: stored.total,
        balance: stored.balance,
        object: 'balance',
        ...(stored.balanceType === 'gift_voucher' ? { amount: stored.change } : { points: stored.change }),
        operation_type: stored.operationType,
        related_object: { id: stored.voucher_id, type: 'voucher' },
      },
    },
  }) as VoucherTransaction;

/**
 * The balance transactions of gift and loyalty cards (`vtx_…`), by card, oldest first. Each is
 * kept compact and shown on read as the service sends it.
 *
 * @example
 * ```ts
 * const log = new TransactionLog(context.tracked);
 * log.append(transaction);
 * log.of(transaction.voucher_id); // [transaction], as it was recorded
 * ```
 */
export class TransactionLog {
  /** The places in `#recorded` of each card's transactions, oldest first (a transaction is kept once, in the image too). */
  readonly #byCard: TrackedMap<string, TrackedList<number>>;
  /** Every transaction in the order it was recorded, so that transactions of one moment list in that order. */
  readonly #recorded: TrackedList<StoredTransaction>;

  /** @param tracked - Where the log's state is made: its owner's tracked state. */
  constructor(private readonly tracked: TrackedState) {
    this.#byCard = tracked.map();
    this.#recorded = tracked.list();
  }

  /** Records a transaction; its `details.balance` is the change it made. */
  append(transaction: VoucherTransaction): void {
    const place = this.#recorded.push(compact(transaction)) - 1;
    const log = this.#byCard.get(transaction.voucher_id);
    if (log === undefined) this.#byCard.set(transaction.voucher_id, this.tracked.innerList([place]));
    else log.push(place);
  }

  /** The transactions of a card, oldest first. */
  of(voucherId: string): VoucherTransaction[] {
    const recorded = this.#recorded.items;
    return (this.#byCard.get(voucherId)?.items ?? []).map((place) => present(recorded[place] as StoredTransaction));
  }

  /** The transactions of every card of a campaign, oldest first. */
  ofCampaign(campaignId: string): VoucherTransaction[] {
    return this.#all((stored) => stored.campaign_id === campaignId);
  }

  /** The transactions of every card, oldest first. */
  all(): VoucherTransaction[] {
    return this.#all(() => true);
  }

  #all(keep: (stored: StoredTransaction) => boolean): VoucherTransaction[] {
    const kept: VoucherTransaction[] = [];
    for (const stored of this.#recorded.items) if (keep(stored)) kept.push(present(stored));
    return sortByOrder(kept, 'created_at');
  }
}
