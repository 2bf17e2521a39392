import { derivedId } from '@voucherkit/domain';
import type { TrackedList } from '../../../core/history/tracked-list.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { TrackedState } from '../../../core/history/tracked-state.js';
import { interned } from '../../../core/interned.js';
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

/** The fields most transactions leave empty, kept together so that a transaction without them holds one `null`. */
interface RareFields {
  readonly source_id: string | null;
  readonly reason: string | null;
  readonly related_transaction_id: string | null;
  /** What `details` holds besides the balance (`order`, `redemption`, `earning_rule` …), if anything. */
  readonly details: Readonly<Record<string, unknown>> | undefined;
}

/** What many transactions have in common: their type, campaign, source and operation type, kept once for all of them. */
interface TransactionKind {
  readonly type: VoucherTransaction['type'];
  readonly campaign_id: string | null;
  readonly source: string | null;
  readonly operationType: TransactionBalance['operation_type'];
}

const internedKind = interned((kind: TransactionKind) => [kind.type, kind.campaign_id ?? '\u0000', kind.source ?? '\u0000', kind.operationType].join('\u0001'));

// not state: the kind `sharedKind` answered last, a shared value like all it answers
let lastKind: TransactionKind | undefined;

/** The kept kind equal to this one; a run of transactions of one kind (a night's expiries) skips making the key. */
const sharedKind = (type: TransactionKind['type'], campaign_id: string | null, source: string | null, operationType: TransactionKind['operationType']): TransactionKind => {
  const last = lastKind;
  if (last !== undefined && last.type === type && last.campaign_id === campaign_id && last.source === source && last.operationType === operationType) return last;
  lastKind = internedKind({ type, campaign_id, source, operationType });
  return lastKind;
};

/** What `details` holds besides the balance, or `undefined` when it holds only the balance (most do). */
const otherDetails = (details: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> | undefined => {
  for (const key in details) {
    if (key === 'balance') continue;
    const { balance: _balance, ...others } = details;
    return others;
  }
  return undefined;
};

/**
 * A transaction as the log keeps it: its balance as plain fields, without the parts every
 * balance has (`object`, `related_object`, which names the transaction's own card, and `type`,
 * which the transaction's type tells: gift cards' are `CREDITS_…`), what it shares with other
 * transactions in one shared object, the fields most transactions leave empty in one, and the
 * place of the card's transaction before it. About a third of the heap of the transaction it
 * records, which matters at three or more per loyalty card.
 */
interface StoredTransaction {
  /** Its number among its card's transactions, from which its id is made (`derivedId`); the id itself when it was not made so. */
  readonly id: number | string;
  readonly voucher_id: string;
  readonly created_at: string;
  readonly kind: TransactionKind;
  /** Points for a loyalty card, an amount for a gift card. */
  readonly change: number;
  readonly total: number;
  readonly balance: number;
  /** The place in the log of the same card's transaction before this one, or -1 for its first. */
  readonly previous: number;
  readonly rare: RareFields | null;
}

const isGift = (type: VoucherTransaction['type']): boolean => type.startsWith('CREDITS_');

/** @param serial - The transaction's number on its card when its id was made from it (`nextId`). */
const compact = (transaction: VoucherTransaction, previous: number, serial: number | undefined): StoredTransaction => {
  const details = transaction.details as { readonly balance: TransactionBalance } & Record<string, unknown>;
  const { balance } = details;
  const source_id = transaction.source_id ?? null;
  const reason = transaction.reason ?? null;
  const related_transaction_id = transaction.related_transaction_id ?? null;
  const others = otherDetails(details);
  const rare = source_id === null && reason === null && related_transaction_id === null && others === undefined ? null : { source_id, reason, related_transaction_id, details: others };
  return {
    id: serial ?? transaction.id,
    voucher_id: transaction.voucher_id,
    created_at: transaction.created_at,
    kind: sharedKind(transaction.type, transaction.campaign_id ?? null, transaction.source ?? null, balance.operation_type),
    change: (isGift(transaction.type) ? balance.amount : balance.points) ?? 0,
    total: balance.total,
    balance: balance.balance,
    previous,
    rare,
  };
};

/** Brands {@link KeptTransaction}: no value has it, so only the log makes one. */
declare const kept: unique symbol;

/**
 * A transaction as the log keeps it, for a reader to show later (`VoucherStore.showTransaction`): it
 * never changes, so a payload made when first read may hold it instead of the transaction shown.
 *
 * @example
 * ```ts
 * const kept: KeptTransaction = vouchers.appendTransaction(transaction);
 * vouchers.showTransaction(kept).id; // the transaction's id, as recorded
 * ```
 */
export type KeptTransaction = { readonly [kept]: true };

/** The id of a card's transaction with this number. */
const transactionId = (voucherId: string, serial: number): string => derivedId('vtx', voucherId, serial);

const present = (stored: StoredTransaction): VoucherTransaction => {
  const { kind, rare } = stored;
  const gift = isGift(kind.type);
  return {
    id: typeof stored.id === 'number' ? transactionId(stored.voucher_id, stored.id) : stored.id,
    source_id: rare?.source_id ?? null,
    voucher_id: stored.voucher_id,
    campaign_id: kind.campaign_id,
    source: kind.source,
    reason: rare?.reason ?? null,
    related_transaction_id: rare?.related_transaction_id ?? null,
    created_at: stored.created_at,
    type: kind.type,
    details: {
      ...rare?.details,
      balance: {
        type: gift ? 'gift_voucher' : 'loyalty_card',
        total: stored.total,
        balance: stored.balance,
        object: 'balance',
        ...(gift ? { amount: stored.change } : { points: stored.change }),
        operation_type: kind.operationType,
        related_object: { id: stored.voucher_id, type: 'voucher' },
      },
    },
  } as VoucherTransaction;
};

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
  /** The place in `#recorded` of each card's latest transaction; each one names the place of the one before it. */
  readonly #latestByCard: TrackedMap<string, number>;
  /** Every transaction in the order it was recorded, so that transactions of one moment list in that order. */
  readonly #recorded: TrackedList<StoredTransaction>;
  // not state: the last id `nextId` made and its number, until the transaction that carries it is appended
  #issued: { readonly id: string; readonly serial: number } | undefined;

  /** @param tracked - Where the log's state is made: its owner's tracked state. */
  constructor(tracked: TrackedState) {
    this.#latestByCard = tracked.map();
    this.#recorded = tracked.list();
  }

  /** The id of the next transaction of a card: made from the card's id and the transaction's number on it, so the log keeps the number. */
  nextId(voucherId: string): string {
    const serial = this.#serialAfter(this.#latestByCard.get(voucherId) ?? -1);
    const id = transactionId(voucherId, serial);
    this.#issued = { id, serial };
    return id;
  }

  /** Records a transaction; its `details.balance` is the change it made. Answers the transaction as the log keeps it. */
  append(transaction: VoucherTransaction): KeptTransaction {
    const previous = this.#latestByCard.get(transaction.voucher_id) ?? -1;
    const issued = this.#issued;
    const serial = issued?.id === transaction.id && issued.serial === this.#serialAfter(previous) ? issued.serial : undefined;
    this.#issued = undefined;
    const stored = compact(transaction, previous, serial);
    const place = this.#recorded.push(stored) - 1;
    this.#latestByCard.set(transaction.voucher_id, place);
    return stored as unknown as KeptTransaction;
  }

  /** A kept transaction as it was recorded. */
  show(kept: KeptTransaction): VoucherTransaction {
    return present(kept as unknown as StoredTransaction);
  }

  /** The transactions of a card, oldest first. */
  of(voucherId: string): VoucherTransaction[] {
    const recorded = this.#recorded.items;
    const shown: VoucherTransaction[] = [];
    for (let place = this.#latestByCard.get(voucherId) ?? -1; place >= 0; ) {
      const stored = recorded[place] as StoredTransaction;
      shown.push(present(stored));
      place = stored.previous;
    }
    return shown.reverse();
  }
  /** The latest transaction of a card, if any. */
  latest(voucherId: string): VoucherTransaction | undefined {
    const place = this.#latestByCard.get(voucherId);
    return place === undefined ? undefined : present(this.#recorded.items[place] as StoredTransaction);
  }

  /** The transactions of every card of a campaign, oldest first. */
  ofCampaign(campaignId: string): VoucherTransaction[] {
    return this.#all((stored) => stored.kind.campaign_id === campaignId);
  }

  /** The transactions of every card, oldest first. */
  all(): VoucherTransaction[] {
    return this.#all(() => true);
  }

  /** The number of a card's next transaction, after its latest one at `latest` (-1 for none). */
  #serialAfter(latest: number): number {
    const recorded = this.#recorded.items;
    if (latest < 0) return 0;
    const stored = recorded[latest] as StoredTransaction;
    if (typeof stored.id === 'number') return stored.id + 1;
    // A transaction whose id was given: count the card's transactions.
    let count = 0;
    for (let place = latest; place >= 0; place = (recorded[place] as StoredTransaction).previous) count += 1;
    return count;
  }

  #all(keep: (stored: StoredTransaction) => boolean): VoucherTransaction[] {
    const kept: VoucherTransaction[] = [];
    for (const stored of this.#recorded.items) if (keep(stored)) kept.push(present(stored));
    return sortByOrder(kept, 'created_at');
  }
}
