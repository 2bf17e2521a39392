import { compileFilter } from '@voucherkit/domain';
import { changeGiftBalance } from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import type { EventLog } from '../../../core/event-log.js';
import { type CursorQuery, type Page, cursorPageOf } from '../../../core/list.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import type { LoyaltyCardLedger } from '../loyalty-cards/ledger.js';
import { simpleCampaign, simpleVoucher } from './shapes.js';
import { type KeptTransaction, type TransactionEntry, TransactionLog } from './transaction-log.js';
import type { BalanceChangeInput, Campaign, StoredVoucher, Voucher, VoucherTransaction } from './types.js';

/** The outcome of a manual balance change: the card afterwards and the transaction recorded. */
export interface BalanceChange {
  /** The card after the change. */
  readonly voucher: StoredVoucher;
  /** The transaction that records the change. */
  readonly transaction: VoucherTransaction;
}

/** Which transactions a transaction listing returns: a page after a cursor, in id order. */
export interface TransactionQuery extends CursorQuery {
  /** `-id` (default): newest first; `id`: oldest first. */
  readonly order?: 'id' | '-id' | undefined;
  /** Conditions on transaction fields (`id`, `voucher_id`). */
  readonly filters?: unknown;
}

/**
 * A page of transactions in the order asked for, paged by `starting_after_id`.
 *
 * @param transactions - The transactions, oldest first.
 * @param query - Order, limit, cursor and filters.
 * @returns The page, with `moreStartingAfter`.
 * @throws DomainError `invalid_query_params` for a malformed filter; ApiError 400 for an unknown cursor.
 */
export const transactionPage = (
  transactions: readonly VoucherTransaction[],
  query: TransactionQuery,
): Page<VoucherTransaction> & { readonly moreStartingAfter: string } => {
  const keep = compileFilter(query.filters);
  const ordered = transactions.filter((transaction) => keep(transaction));
  if (query.order !== 'id') ordered.reverse();
  const rank = new Map(ordered.map((transaction, index) => [transaction.id, index]));
  return cursorPageOf(ordered, query, (id) => rank.get(id));
};

/**
 * What the transactions need of the voucher store: the cards they change, and how a card and its
 * campaign are shown in the events.
 */
export interface TransactionCards {
  /** The card with this code or id; throws 404 for none. */
  get(codeOrId: string): StoredVoucher;
  /** Stores a changed card and stamps `updated_at`. */
  replace(current: StoredVoucher, changes: Partial<StoredVoucher>): StoredVoucher;
  /** The card as the API shows it. */
  present(voucher: StoredVoucher): Voucher;
  /** The campaign a card belongs to, if any. */
  campaignOf(voucher: StoredVoucher): Campaign | undefined;
}

/**
 * The balance transactions of a project's gift and loyalty cards: the manual changes of a card's
 * balance, and the log every change is recorded in (the loyalty card ledger records its changes
 * of points there), read by card, by campaign or whole. The voucher store owns them.
 */
export class VoucherTransactions {
  readonly #log: TransactionLog;

  /**
   * @param context - The service's context: the log's containers are made in its tracked state.
   * @param deps - The cards, the event log and the loyalty card ledger.
   */
  constructor(
    private readonly context: ServiceContext,
    private readonly deps: {
      /** The cards whose balances change: the voucher store that owns the transactions. */
      readonly cards: TransactionCards;
      /** The project's event log (`voucher.gift.transaction.created` …). */
      readonly events: EventLog;
      /** The points of loyalty cards, which change through the ledger only. */
      readonly loyaltyCards: () => LoyaltyCardLedger;
    },
  ) {
    this.#log = new TransactionLog(context.tracked);
  }

  /**
   * Adds credits to a gift card or points to a loyalty card, or removes them with a negative
   * amount, and records the transaction (`CREDITS_ADDITION`, `CREDITS_REMOVAL`, `POINTS_ADDITION`,
   * `POINTS_REMOVAL`).
   *
   * @throws ApiError 404 for an unknown voucher; 400 `invalid_voucher` for a discount voucher,
   *   `not_published` for a loyalty card without a holder; DomainError `invalid_amount`,
   *   `gift_amount_exceeded` or `loyalty_card_points_exceeded`.
   */
  changeBalance(codeOrId: string, change: BalanceChangeInput, origin: Origin = {}): BalanceChange {
    const { cards } = this.deps;
    const current = cards.get(codeOrId);
    if (current.type === 'LOYALTY_CARD' && current.loyalty_card) {
      // Loyalty points live in buckets by expiry day: the ledger changes them and records the transaction.
      const fields = { source: 'API', source_id: change.source_id ?? null, reason: change.reason ?? null };
      const ledger = this.deps.loyaltyCards();
      const { voucher, transaction } =
        change.amount > 0
          ? ledger.credit(
              current.id,
              { ...fields, points: change.amount, type: 'POINTS_ADDITION', expiry: { type: 'PROGRAM_RULES' } },
              origin,
            )
          : ledger.debit(current.id, { ...fields, points: -change.amount, type: 'POINTS_REMOVAL' }, origin);
      return { voucher, transaction };
    }
    if (current.type !== 'GIFT_VOUCHER' || !current.gift) {
      throw new ApiError(400, 'invalid_voucher', 'Invalid voucher', {
        details: `The voucher ${current.code} is a ${current.type ?? 'voucher'}; only gift cards and loyalty cards have a balance.`,
      });
    }
    const gift = changeGiftBalance(current.gift, change.amount);
    const voucher = cards.replace(current, { gift: { ...current.gift, ...gift } });
    const kept = this.record({
      voucher_id: voucher.id,
      campaign_id: voucher.campaign_id ?? null,
      type: change.amount > 0 ? 'CREDITS_ADDITION' : 'CREDITS_REMOVAL',
      source: 'API',
      operation_type: 'MANUAL',
      created_at: voucher.updated_at ?? this.context.timestamp(),
      change: change.amount,
      total: gift.amount,
      balance: gift.balance,
      source_id: change.source_id,
      reason: change.reason,
    });
    const transaction = this.show(kept);
    this.#recordGiftEvents(voucher, transaction, change.amount, origin);
    return { voucher, transaction };
  }

  /** Records a change of a card's balance (the loyalty card ledger records points this way) as its card's next transaction; answers it as the log keeps it. */
  record(entry: TransactionEntry): KeptTransaction {
    return this.#log.record(entry);
  }

  /** A transaction the log keeps, as it was recorded. */
  show(kept: KeptTransaction): VoucherTransaction {
    return this.#log.show(kept);
  }

  /** The latest transaction of a card, by id, if any. */
  latest(voucherId: string): VoucherTransaction | undefined {
    return this.#log.latest(voucherId);
  }

  /**
   * The transactions of a card, oldest first.
   * @throws ApiError 404 for an unknown voucher.
   */
  of(codeOrId: string): readonly VoucherTransaction[] {
    return this.#log.of(this.deps.cards.get(codeOrId).id);
  }

  /** The transactions of every card of a campaign, oldest first. */
  ofCampaign(campaignId: string): VoucherTransaction[] {
    return this.#log.ofCampaign(campaignId);
  }

  /** The transactions of every card of the project, oldest first. */
  all(): VoucherTransaction[] {
    return this.#log.all();
  }

  /** Records `voucher.gift.transaction.created` and, for credits added to a campaign's card, `voucher.gift.balance_added`. */
  #recordGiftEvents(voucher: StoredVoucher, transaction: VoucherTransaction, amount: number, origin: Origin): void {
    if (origin.silent) return;
    const { balance } = transaction.details;
    const response = {
      amount,
      total: balance.total,
      balance: balance.balance,
      type: 'gift_voucher' as const,
      operation_type: 'MANUAL' as const,
      object: 'balance' as const,
      related_object: { type: 'voucher' as const, id: voucher.id },
    };
    const campaign = this.deps.cards.campaignOf(voucher);
    const common = { origin, entityId: voucher.id };
    this.deps.events.record('voucher.gift.transaction.created', {
      ...common,
      data: {
        transaction,
        voucher: this.deps.cards.present(voucher),
        balance: response,
        ...(campaign ? { campaign: simpleCampaign(campaign) } : {}),
      },
    });
    // The balance_added payload names the card's campaign; a standalone card has none to name.
    if (amount > 0 && campaign) {
      this.deps.events.record('voucher.gift.balance_added', {
        ...common,
        data: { voucher: simpleVoucher(voucher), campaign: simpleCampaign(campaign), balance: response, transaction },
      });
    }
  }
}
