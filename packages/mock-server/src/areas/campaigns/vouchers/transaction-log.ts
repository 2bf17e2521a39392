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
 * const log = new TransactionLog();
 * log.append(transaction);
 * log.of(transaction.voucher_id); // [transaction], as it was recorded
 * ```
 */
export class TransactionLog {
  readonly #byCard = new Map<string, StoredTransaction[]>();
  /** Every transaction in the order it was recorded, so that transactions of one moment list in that order. */
  readonly #recorded: StoredTransaction[] = [];

  /** Records a transaction; its `details.balance` is the change it made. */
  append(transaction: VoucherTransaction): void {
    const stored = compact(transaction);
    const log = this.#byCard.get(transaction.voucher_id);
    if (log === undefined) this.#byCard.set(transaction.voucher_id, [stored]);
    else log.push(stored);
    this.#recorded.push(stored);
  }

  /** The transactions of a card, oldest first. */
  of(voucherId: string): VoucherTransaction[] {
    return (this.#byCard.get(voucherId) ?? []).map(present);
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
    for (const stored of this.#recorded) if (keep(stored)) kept.push(present(stored));
    return sortByOrder(kept, 'created_at');
  }
}
