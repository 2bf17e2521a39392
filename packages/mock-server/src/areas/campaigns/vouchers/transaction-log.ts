import { derivedId } from '@voucherkit/domain/internals';
import type { TrackedList } from '../../../core/history/tracked-list.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { TrackedState } from '../../../core/history/tracked-state.js';
import { immutable } from '../../../core/immutable.js';
import { interned } from '../../../core/interned.js';
import { sortByOrder } from '../../../core/list.js';
import type { VoucherTransaction } from './types.js';

/**
 * A change of a card's balance to record: the fields of the transaction that records it, without
 * its id (made from the card's id and the transaction's number on it when it is shown) and with
 * its balance as plain numbers.
 */
export interface TransactionEntry {
  /** The card (`v_…`). */
  readonly voucher_id: string;
  /** The card's campaign, if any. */
  readonly campaign_id: string | null;
  /** What changed the balance (`POINTS_ACCRUAL`, `CREDITS_REMOVAL` …). */
  readonly type: VoucherTransaction['type'];
  /** Who changed it (`API`, `Automation`), or `null`. */
  readonly source: string | null;
  /** `details.balance.operation_type`. */
  readonly operation_type: 'MANUAL' | 'AUTOMATIC';
  /** When, on the service's clock. */
  readonly created_at: string;
  /** Points for a loyalty card, an amount for a gift card: negative when taken (`details.balance.points` or `.amount`). */
  readonly change: number;
  /** `details.balance.total`. */
  readonly total: number;
  /** `details.balance.balance`. */
  readonly balance: number;
  /** The caller's id for the change, if it gave one. */
  readonly source_id?: string | null | undefined;
  /** Why, if the caller said. */
  readonly reason?: string | null | undefined;
  /** The transaction this one answers (a transfer's other side), if any. */
  readonly related_transaction_id?: string | null | undefined;
  /** What `details` holds besides the balance (`order`, `redemption`, `earning_rule` …), if anything. */
  readonly details?: Readonly<Record<string, unknown>> | undefined;
}

/** The fields most transactions leave empty, kept together so that a transaction without them holds one `null`. */
interface RareFields {
  readonly source_id: string | null;
  readonly reason: string | null;
  readonly related_transaction_id: string | null;
  readonly details: Readonly<Record<string, unknown>> | undefined;
}

/** What many transactions have in common: their type, campaign, source and operation type, kept once for all of them. */
interface TransactionKind {
  readonly type: VoucherTransaction['type'];
  readonly campaign_id: string | null;
  readonly source: string | null;
  readonly operationType: TransactionEntry['operation_type'];
}

const internedKind = interned((kind: TransactionKind) =>
  [kind.type, kind.campaign_id ?? '\u0000', kind.source ?? '\u0000', kind.operationType].join('\u0001'),
);

// not state: the kind `sharedKind` answered last, a shared value like all it answers
let lastKind: TransactionKind | undefined;

/** The kept kind equal to this one; a run of transactions of one kind (a night's expiries) skips making the key. */
const sharedKind = (
  type: TransactionKind['type'],
  campaign_id: string | null,
  source: string | null,
  operationType: TransactionKind['operationType'],
): TransactionKind => {
  const last = lastKind;
  if (
    last !== undefined &&
    last.type === type &&
    last.campaign_id === campaign_id &&
    last.source === source &&
    last.operationType === operationType
  )
    return last;
  lastKind = internedKind({ type, campaign_id, source, operationType });
  return lastKind;
};

/** The details besides the balance when there are any, else `undefined` (most transactions have none). */
const otherDetails = (
  details: Readonly<Record<string, unknown>> | undefined,
): Readonly<Record<string, unknown>> | undefined => {
  for (const _key in details) return immutable(details);
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
  /** Its number among its card's transactions, from which its id is made (`derivedId`). */
  readonly serial: number;
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

const compact = (entry: TransactionEntry, previous: number, serial: number): StoredTransaction => {
  const source_id = entry.source_id ?? null;
  const reason = entry.reason ?? null;
  const related_transaction_id = entry.related_transaction_id ?? null;
  const others = otherDetails(entry.details);
  const rare =
    source_id === null && reason === null && related_transaction_id === null && others === undefined
      ? null
      : { source_id, reason, related_transaction_id, details: others };
  return {
    serial,
    voucher_id: entry.voucher_id,
    created_at: entry.created_at,
    kind: sharedKind(entry.type, entry.campaign_id, entry.source, entry.operation_type),
    change: entry.change,
    total: entry.total,
    balance: entry.balance,
    previous,
    rare,
  };
};

/** Brands {@link KeptTransaction}: no value has it, so only the log makes one. */
declare const kept: unique symbol;

/**
 * A transaction as the log keeps it, for a reader to show later (`VoucherTransactions.show`): it
 * never changes, so a payload made when first read may hold it instead of the transaction shown.
 */
export type KeptTransaction = { readonly [kept]: true };

const present = (stored: StoredTransaction): VoucherTransaction => {
  const { kind, rare } = stored;
  const gift = isGift(kind.type);
  return {
    id: derivedId('vtx', stored.voucher_id, stored.serial),
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
 * kept compact and shown on read as the service sends it; its id is made from its card's id and
 * its number on the card, so the log keeps the number.
 */
export class TransactionLog {
  /** The place in `#recorded` of each card's latest transaction; each one names the place of the one before it. */
  readonly #latestByCard: TrackedMap<string, number>;
  /** Every transaction in the order it was recorded, so that transactions of one moment list in that order. */
  readonly #recorded: TrackedList<StoredTransaction>;

  /** @param tracked - Where the log's state is made: its owner's tracked state. */
  constructor(tracked: TrackedState) {
    this.#latestByCard = tracked.map();
    this.#recorded = tracked.list();
  }

  /** Records a change of a card's balance as its card's next transaction; answers it as the log keeps it, to show when asked. */
  record(entry: TransactionEntry): KeptTransaction {
    const previous = this.#latestByCard.get(entry.voucher_id) ?? -1;
    const serial = previous < 0 ? 0 : (this.#recorded.items[previous] as StoredTransaction).serial + 1;
    const stored = compact(entry, previous, serial);
    this.#latestByCard.set(entry.voucher_id, this.#recorded.push(stored) - 1);
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

  #all(keep: (stored: StoredTransaction) => boolean): VoucherTransaction[] {
    const kept: VoucherTransaction[] = [];
    for (const stored of this.#recorded.items) if (keep(stored)) kept.push(present(stored));
    return sortByOrder(kept, 'created_at');
  }
}
