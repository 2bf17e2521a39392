import { type CalendarDate, type PointsExpirationRules, pointsExpirationDate } from '@voucherkit/domain';
import {
  type PointsBucket,
  bucketBalance,
  calendarDateAt,
  creditBuckets,
  derivedId,
  expireBuckets,
  nextExpiration,
  spendBuckets,
} from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import { type EventData, type EventLog, INTERNAL_SOURCE } from '../../../core/event-log.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { EMPTY_LIST } from '../../../core/immutable.js';
import { interned } from '../../../core/interned.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import { simpleCampaign, simpleVoucher, withListUrls } from '../vouchers/shapes.js';
import type { CustomerStore } from '../../customers/customers/store.js';
import { type Customer, simpleCustomer } from '../../customers/customers/profile.js';
import type { KeptTransaction, TransactionEntry } from '../vouchers/transaction-log.js';
import type { StoredVoucher, VoucherTransaction } from '../vouchers/types.js';

/** What the ledger needs of the project's vouchers: the cards themselves and their transaction log. */
export interface LedgerVoucherPort {
  /** The card with this code or id; throws 404 for none. */
  get(codeOrId: string): StoredVoucher;
  /** The card with this code or id, if any. */
  find(codeOrId: string): StoredVoucher | undefined;
  /** Stores a changed card and stamps `updated_at`. */
  replace(current: StoredVoucher, changes: Partial<StoredVoucher>): StoredVoucher;
  /** The cards' transaction log (`VoucherStore.transactions`). */
  readonly transactions: {
    /** Records a change of a card's points as its card's next transaction; answers it as the log keeps it. */
    record(entry: TransactionEntry): KeptTransaction;
    /** A transaction the log keeps, as it was recorded. */
    show(kept: KeptTransaction): VoucherTransaction;
  };
  /** The loyalty campaign of a card, for its points' expiration rules. */
  campaignOf(voucher: StoredVoucher):
    | ({
        readonly id: string;
        readonly voucher?: { readonly loyalty_card?: { readonly expiration_rules?: unknown } | null } | null;
      } & Parameters<typeof simpleCampaign>[0])
    | undefined;
}

/**
 * The balance a change of points answers with (`POST …/members/{memberId}/balance`), and that
 * transactions carry in `details.balance`.
 */
export type PointsBalance = Resource<'LoyaltyMemberBalanceUpdateResponse'> & { readonly type: 'loyalty_card' };

/** How points added to a card expire. */
export type PointsExpiry =
  | { readonly type: 'PROGRAM_RULES' }
  | { readonly type: 'NON_EXPIRING' }
  | { readonly type: 'CUSTOM_DATE'; readonly date: CalendarDate }
  /** The rules of an earning rule, else the programme's, counted from `from` (default today): the day the points became spendable. */
  | { readonly type: 'RULES'; readonly rules: PointsExpirationRules | null; readonly from?: CalendarDate | undefined };

/** A transaction's fields that a change names itself. */
interface TransactionFields {
  readonly source?: string | null | undefined;
  readonly source_id?: string | null | undefined;
  readonly reason?: string | null | undefined;
  readonly related_transaction_id?: string | null | undefined;
  /** Parts of `details` besides the balance (`order`, `earning_rule`, `redemption` …). */
  readonly details?: Readonly<Record<string, unknown>> | undefined;
  readonly operation_type?: 'MANUAL' | 'AUTOMATIC' | undefined;
}

/** Points added to a card. */
export interface PointsCredit extends TransactionFields {
  /** Points to add, a positive whole number. */
  readonly points: number;
  /** The transaction that records them. */
  readonly type:
    | 'POINTS_ACCRUAL'
    | 'POINTS_ADDITION'
    | 'POINTS_REFUND'
    | 'POINTS_TRANSFER_IN'
    | 'PENDING_POINTS_ACTIVATION';
  /** When they expire. */
  readonly expiry: PointsExpiry;
}

/** Points taken from a card, soonest-expiring first. */
export interface PointsDebit extends TransactionFields {
  /** Points to take, a positive whole number. */
  readonly points: number;
  /** The transaction that records them. */
  readonly type: 'POINTS_REMOVAL' | 'POINTS_REDEMPTION' | 'POINTS_TRANSFER_OUT';
}

/**
 * A bucket of a card's points that expire on the same day, as the ledger keeps it. The
 * points-expiration list shows it with its id (`lopb_…`), made from the card's id and the bucket's
 * number on the card (`derivedId`), so the bucket keeps the number.
 */
export interface StoredBucket extends PointsBucket {
  /** Its number among the card's buckets, from 0: its id is `derivedId('lopb', cardId, serial)`. */
  readonly serial: number;
  /** `EXPIRED` once its day has passed. */
  readonly status: 'ACTIVE' | 'EXPIRED';
  /** When its first points came. */
  readonly created_at: string;
  /** When its points last changed, or `null`. */
  readonly updated_at: string | null;
}

/** A bucket as the points expiration export writes it. */
export interface PointsBucketRow {
  /** The bucket (`lopb_…`). */
  readonly id: string;
  /** The card's campaign. */
  readonly campaign_id: string;
  /** The card. */
  readonly voucher_id: string;
  /** Its points. */
  readonly points: number;
  /** `ACTIVE`, or `EXPIRED` once its day has passed. */
  readonly status: 'ACTIVE' | 'EXPIRED';
  /** Its last day; `null` for points that never expire. */
  readonly expires_at: string | null;
  /** When its first points came. */
  readonly created_at: string;
}

/** A card's buckets as the ledger keeps them: replaced, never changed, by each change of points. */
interface KeptBuckets {
  readonly buckets: readonly StoredBucket[];
  /** Buckets that expired, kept for exports. */
  readonly expired: readonly StoredBucket[];
  /** How many buckets the card has had: the number of its next one. */
  readonly bucketsMade: number;
}

/**
 * A card's points: its buckets, and the counters it shows. The counters are the card's own
 * (`loyalty_card`, `redemption.redeemed_points`), which the ledger writes with every change, so
 * it keeps only the buckets.
 */
interface CardPoints extends KeptBuckets {
  /** Added over the card's life (additions, accruals, activations, transfers in, the starting points). */
  readonly points: number;
  readonly subtracted: number;
  readonly expiredPoints: number;
  readonly redeemed: number;
  readonly pending: number;
}

/** The outcome of a change of points: the card after it, its transaction and its balance. */
export interface PointsChange {
  /** The card after the change. */
  readonly voucher: StoredVoucher;
  /** The transaction that records it. */
  readonly transaction: VoucherTransaction;
  /** The balance the change answers with. */
  readonly balance: PointsBalance;
}

/**
 * A change as the ledger recorded it. It holds its transaction as the log keeps it, which the
 * payloads of its events hold too (made when first read, they show it then), and shows it when
 * `transaction` is first read: most changes of a nightly run are never asked for it.
 */
class RecordedChange implements PointsChange {
  // not state: the answer of one change, shown from the log, which holds the transaction itself
  #shown: VoucherTransaction | undefined;

  constructor(
    readonly voucher: StoredVoucher,
    readonly balance: PointsBalance,
    readonly kept: KeptTransaction,
    private readonly vouchers: LedgerVoucherPort,
  ) {}

  get transaction(): VoucherTransaction {
    this.#shown ??= this.vouchers.transactions.show(this.kept);
    return this.#shown;
  }
}

/** What the payloads of a change's events are made from (`LoyaltyCardLedger.#shownAt`). */
interface ChangeShown {
  readonly voucher: StoredVoucher;
  readonly holder: Customer | undefined;
  readonly campaign: Resource<'SimpleCampaign'> | null;
  readonly kept: KeptTransaction;
}

/** What the payload of an expiry adds to it: the points and the buckets that expired. */
interface ExpiryShown {
  readonly points: number;
  readonly gone: readonly StoredBucket[];
}

/** A bucket's id (`lopb_…`): made from its card's id and its number on the card. */
const bucketId = (voucherId: string, bucket: StoredBucket): string => derivedId('lopb', voucherId, bucket.serial);

/** A bucket's last day: the buckets of many cards end on the same days. */
const sharedDate = interned((date: CalendarDate) => date);

/** The balance a card's transaction records, as the change's answer and its events show it. */
const balanceOf = (transaction: VoucherTransaction): PointsBalance =>
  (transaction.details as { readonly balance: PointsBalance }).balance;

const n = (value: number | null | undefined): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

/**
 * The points of the project's loyalty cards (decision 0038): buckets by expiry day (`lopb_…`),
 * spent soonest-expiring first, the lifetime counters a card shows (`points`, `expired_points`,
 * `subtracted_points`, `redemption.redeemed_points`, `pending_points`) and a transaction
 * (`vtx_…`) for every change. A card's points start as it was created (`loyalty_card.points`),
 * as one bucket that does not expire. The card's `loyalty_card` is rewritten after each change,
 * so the vouchers' own reads show the same numbers.
 */
export class LoyaltyCardLedger {
  readonly #cards: TrackedMap<string, KeptBuckets>;

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: {
      readonly vouchers: () => LedgerVoucherPort;
      readonly customers: CustomerStore;
      readonly events: EventLog;
      readonly timeZone: () => string | undefined;
    },
  ) {
    this.#cards = context.tracked.map();
  }

  /** Today in the project's time zone. */
  today(): CalendarDate {
    return calendarDateAt(this.context.clock.now(), this.deps.timeZone() ?? 'UTC');
  }

  /**
   * Adds points to a card and records the transaction.
   *
   * @throws ApiError 404 for an unknown card; 400 `not_published` for a card without a holder;
   *   DomainError `invalid_amount` for points that are not a positive whole number.
   */
  credit(codeOrId: string, credit: PointsCredit, origin: Origin = {}): PointsChange {
    const voucher = this.#card(codeOrId);
    const before = this.#pointsOf(voucher);
    const expiresAt = this.#expiryDate(voucher, credit.expiry);
    const stamped = this.#stamp(creditBuckets(before.buckets, credit.points, expiresAt), before);
    // A refund gives back redeemed points; everything else adds to the card's lifetime points.
    const card = this.#keep(
      voucher,
      before,
      credit.type === 'POINTS_REFUND'
        ? { ...before, ...stamped, redeemed: before.redeemed - credit.points }
        : { ...before, ...stamped, points: before.points + credit.points },
    );
    return this.#record(voucher, card, credit.points, credit, origin);
  }

  /**
   * Takes points from a card, soonest-expiring first, and records the transaction.
   *
   * @throws ApiError 404 for an unknown card; 400 `not_published` for a card without a holder;
   *   DomainError `loyalty_card_points_exceeded` when the card holds fewer points.
   */
  debit(codeOrId: string, debit: PointsDebit, origin: Origin = {}): PointsChange {
    const voucher = this.#card(codeOrId);
    const before = this.#pointsOf(voucher);
    const stamped = this.#stamp(spendBuckets(before.buckets, debit.points, voucher.code).buckets, before);
    const card = this.#keep(
      voucher,
      before,
      debit.type === 'POINTS_REDEMPTION'
        ? { ...before, ...stamped, redeemed: before.redeemed + debit.points }
        : { ...before, ...stamped, subtracted: before.subtracted + debit.points },
    );
    return this.#record(voucher, card, -debit.points, debit, origin);
  }

  /** The spendable points of a card (the card itself, or its code or id), soonest-expiring first, with the expired ones after them when asked. */
  buckets(card: StoredVoucher | string, options: { readonly expired?: boolean } = {}): readonly StoredBucket[] {
    const kept = this.#keptOf(this.#voucher(card));
    return options.expired ? [...kept.buckets, ...kept.expired] : kept.buckets;
  }

  /** Whether the ledger keeps the points of a card, by id. */
  keeps(voucherId: string): boolean {
    return this.#cards.has(voucherId);
  }

  /** Every bucket of every card, spendable and expired, as the points expiration export lists them. */
  bucketRows(): PointsBucketRow[] {
    const rows: PointsBucketRow[] = [];
    for (const [voucherId, card] of this.#cards) {
      const campaignId = this.deps.vouchers().find(voucherId)?.campaign_id ?? '';
      for (const bucket of [...card.buckets, ...card.expired]) {
        rows.push({
          id: bucketId(voucherId, bucket),
          campaign_id: campaignId,
          voucher_id: voucherId,
          points: bucket.points,
          status: bucket.status,
          expires_at: bucket.expires_at,
          created_at: bucket.created_at,
        });
      }
    }
    return rows;
  }

  /** The cards whose points the ledger keeps, by id. */
  cardIds(): IterableIterator<string> {
    return this.#cards.keys();
  }

  /** The spendable points of a card. */
  balance(codeOrId: string): number {
    return bucketBalance(this.#keptOf(this.deps.vouchers().get(codeOrId)).buckets);
  }

  /**
   * Expires the points of a card whose last day is before `today`: a `POINTS_EXPIRATION`
   * transaction and `voucher.loyalty_card.points_expired`. Nothing happens when none is due.
   */
  expire(cardOrCode: StoredVoucher | string, today: CalendarDate, origin: Origin = {}): PointsChange | undefined {
    const voucher = this.#voucher(cardOrCode);
    const held = this.#keptOf(voucher);
    const { kept, expired } = expireBuckets(held.buckets, today);
    if (expired.length === 0) return undefined;
    const before = this.#pointsOf(voucher, held);
    const points = bucketBalance(expired);
    const now = this.context.timestamp();
    const gone = expired.map((bucket) => ({ ...bucket, status: 'EXPIRED' as const, updated_at: now }));
    const card = this.#keep(voucher, before, {
      ...before,
      buckets: kept,
      expired: [...before.expired, ...gone],
      expiredPoints: before.expiredPoints + points,
    });
    const change = this.#record(
      voucher,
      card,
      -points,
      { type: 'POINTS_EXPIRATION', source: 'Automation', operation_type: 'AUTOMATIC' },
      { ...origin, silent: true },
    );
    if (origin.silent !== true) this.#announceExpiry(change, points, gone, origin);
    return change;
  }

  /** `voucher.loyalty_card.points_expired`, its payload made when first read. */
  #announceExpiry(change: RecordedChange, points: number, gone: readonly StoredBucket[], origin: Origin): void {
    const { voucher, kept } = change;
    this.deps.events.record('voucher.loyalty_card.points_expired', {
      entityId: voucher.id,
      make: this.#expiredPayload,
      args: { ...this.#shownAt(voucher, kept), points, gone },
      // Points expire on the mock's own clock, whoever asked for the run.
      origin: { ...origin, source: INTERNAL_SOURCE },
    });
  }

  /** A bucket as `GET …/members/{memberId}/points-expiration` lists it. */
  presentBucket(codeOrId: string, bucket: StoredBucket): Resource<'LoyaltyPointsBucket'> {
    return this.#presentBucket(this.deps.vouchers().get(codeOrId), bucket);
  }

  /** Pending points of a card, as `loyalty_card.pending_points` shows them. */
  setPending(codeOrId: string, pending: number): StoredVoucher {
    const voucher = this.deps.vouchers().get(codeOrId);
    const before = this.#pointsOf(voucher);
    return this.#write(voucher, this.#keep(voucher, before, { ...before, pending }));
  }

  /**
   * The card's campaign as its events show it, taken now for a payload made when first read: the
   * campaign's records change with every card it makes, its short form does not.
   */
  #campaignShown(voucher: StoredVoucher): Resource<'SimpleCampaign'> | null {
    const programme = this.deps.vouchers().campaignOf(voucher);
    return programme ? simpleCampaign(programme) : null;
  }

  /** The card's holder as the customers store keeps them now (a version that never changes). */
  #holder(voucher: StoredVoucher): Customer | undefined {
    return voucher.holder_id ? this.deps.customers.find(voucher.holder_id) : undefined;
  }

  #presentBucket(voucher: StoredVoucher, bucket: StoredBucket): Resource<'LoyaltyPointsBucket'> {
    return {
      id: bucketId(voucher.id, bucket),
      voucher_id: voucher.id,
      campaign_id: voucher.campaign_id ?? '',
      bucket: { total_points: bucket.points },
      status: bucket.status,
      ...(bucket.expires_at === null ? {} : { expires_at: bucket.expires_at }),
      created_at: bucket.created_at,
      ...(bucket.updated_at === null ? {} : { updated_at: bucket.updated_at }),
      object: 'loyalty_points_bucket',
    } as Resource<'LoyaltyPointsBucket'>;
  }

  /** The card itself, or the stored card with this code or id (the nightly run passes the card it holds, as the ledger last wrote it). */
  #voucher(card: StoredVoucher | string): StoredVoucher {
    return typeof card === 'string' ? this.deps.vouchers().get(card) : card;
  }

  #card(codeOrId: string): StoredVoucher {
    const voucher = this.deps.vouchers().get(codeOrId);
    if (voucher.type !== 'LOYALTY_CARD') {
      throw new ApiError(400, 'invalid_voucher', 'Invalid voucher', {
        details: `The voucher ${voucher.code} is not a loyalty card.`,
      });
    }
    if (!voucher.holder_id) {
      throw new ApiError(400, 'not_published', 'Loyalty card not published', {
        details: `The loyalty card ${voucher.code} has no holder; points change only on a card published to a customer.`,
      });
    }
    return voucher;
  }

  /** A card's points: its buckets (`kept`, when the caller has read them already) and its counters. */
  #pointsOf(voucher: StoredVoucher, kept: KeptBuckets = this.#keptOf(voucher)): CardPoints {
    const { loyalty_card: counters, redemption } = voucher;
    return {
      buckets: kept.buckets,
      expired: kept.expired,
      bucketsMade: kept.bucketsMade,
      points: n(counters?.points),
      subtracted: n(counters?.subtracted_points),
      expiredPoints: n(counters?.expired_points),
      redeemed: n(redemption?.redeemed_points),
      pending: n(counters?.pending_points),
    };
  }

  #keptOf(voucher: StoredVoucher): KeptBuckets {
    let kept = this.#cards.get(voucher.id);
    if (kept === undefined) {
      // A card the ledger has not seen yet starts with the points it was created with.
      const start = n(voucher.loyalty_card?.balance ?? voucher.loyalty_card?.points);
      const bucket: StoredBucket = {
        serial: 0,
        expires_at: null,
        points: start,
        status: 'ACTIVE',
        created_at: voucher.created_at ?? this.context.timestamp(),
        updated_at: null,
      };
      kept = { buckets: start > 0 ? [bucket] : EMPTY_LIST, expired: EMPTY_LIST, bucketsMade: start > 0 ? 1 : 0 };
      this.#cards.set(voucher.id, kept);
    }
    return kept;
  }

  /** Stores a card's buckets after a change, in place of the ones `before` it when they differ; its counters go on the card (`#write`). */
  #keep(voucher: StoredVoucher, before: KeptBuckets, card: CardPoints): CardPoints {
    if (before.buckets !== card.buckets || before.expired !== card.expired || before.bucketsMade !== card.bucketsMade) {
      this.#cards.set(voucher.id, { buckets: card.buckets, expired: card.expired, bucketsMade: card.bucketsMade });
    }
    return card;
  }

  /** Keeps the numbers of buckets that stay, and numbers new ones on from the card's count. */
  #stamp(buckets: readonly PointsBucket[], before: CardPoints): Pick<CardPoints, 'buckets' | 'bucketsMade'> {
    const now = this.context.timestamp();
    let bucketsMade = before.bucketsMade;
    const stamped = buckets.map((bucket): StoredBucket => {
      const previous = before.buckets.find((candidate) => candidate.expires_at === bucket.expires_at);
      if (previous)
        return previous.points === bucket.points ? previous : { ...previous, points: bucket.points, updated_at: now };
      const serial = bucketsMade;
      bucketsMade += 1;
      return {
        serial,
        expires_at: bucket.expires_at,
        points: bucket.points,
        status: 'ACTIVE',
        created_at: now,
        updated_at: null,
      };
    });
    return { buckets: stamped, bucketsMade };
  }

  #expiryDate(voucher: StoredVoucher, expiry: PointsExpiry): CalendarDate | null {
    const date = this.#unsharedExpiryDate(voucher, expiry);
    return date === null ? null : sharedDate(date);
  }

  #unsharedExpiryDate(voucher: StoredVoucher, expiry: PointsExpiry): CalendarDate | null {
    switch (expiry.type) {
      case 'NON_EXPIRING':
        return null;
      case 'CUSTOM_DATE':
        if (expiry.date < this.today()) {
          throw new ApiError(400, 'invalid_expiration_date', 'Invalid Expiration Date', {
            details: 'Expiration date cannot be set in the past',
          });
        }
        return expiry.date;
      case 'RULES':
        return pointsExpirationDate(expiry.rules ?? this.#programmeRules(voucher), expiry.from ?? this.today());
      case 'PROGRAM_RULES':
        return pointsExpirationDate(this.#programmeRules(voucher), this.today());
    }
  }

  #programmeRules(voucher: StoredVoucher): PointsExpirationRules | null {
    const rules = this.deps.vouchers().campaignOf(voucher)?.voucher?.loyalty_card?.expiration_rules;
    return (rules ?? null) as PointsExpirationRules | null;
  }

  #write(voucher: StoredVoucher, card: CardPoints): StoredVoucher {
    const next = nextExpiration(card.buckets);
    // Every field by name, the next expiry's `undefined` (which JSON leaves out) when none: V8 then
    // keeps all seven inside the object, where a spread of them would add a second array.
    const loyalty_card = {
      points: card.points,
      balance: bucketBalance(card.buckets),
      next_expiration_date: next?.date,
      next_expiration_points: next?.points,
      pending_points: card.pending,
      expired_points: card.expiredPoints,
      subtracted_points: card.subtracted,
    };
    const redemption =
      voucher.redemption && voucher.redemption.redeemed_points !== card.redeemed
        ? { ...voucher.redemption, redeemed_points: card.redeemed }
        : voucher.redemption;
    return this.deps
      .vouchers()
      .replace(voucher, { loyalty_card, ...(redemption ? { redemption } : {}) } as Partial<StoredVoucher>);
  }

  #record(
    before: StoredVoucher,
    card: CardPoints,
    points: number,
    fields: TransactionFields & { readonly type: VoucherTransaction['type'] },
    origin: Origin,
  ): RecordedChange {
    const voucher = this.#write(before, card);
    const operation_type = fields.operation_type ?? 'MANUAL';
    const balance: PointsBalance = {
      points,
      total: card.points - card.subtracted - card.expiredPoints,
      balance: bucketBalance(card.buckets),
      type: 'loyalty_card',
      object: 'balance',
      related_object: { type: 'voucher', id: voucher.id },
      operation_type,
    };
    const vouchers = this.deps.vouchers();
    const kept = vouchers.transactions.record({
      voucher_id: voucher.id,
      campaign_id: voucher.campaign_id ?? null,
      type: fields.type,
      source: fields.source ?? null,
      operation_type,
      created_at: this.context.timestamp(),
      change: points,
      total: balance.total,
      balance: balance.balance,
      source_id: fields.source_id,
      reason: fields.reason,
      related_transaction_id: fields.related_transaction_id,
      details: fields.details,
    });
    if (origin.silent !== true) this.#announce(voucher, fields.type, kept, origin);
    return new RecordedChange(voucher, balance, kept, vouchers);
  }

  /** `voucher.loyalty_card.points_added` for points added by hand or by an earning rule, then `voucher.loyalty_card.transaction.created` for every change (what reacts to the transaction, a tier, comes after both). */
  #announce(voucher: StoredVoucher, type: VoucherTransaction['type'], kept: KeptTransaction, origin: Origin): void {
    const args = this.#shownAt(voucher, kept);
    if (!args.campaign) return;
    const common = { entityId: voucher.id, args, origin };
    if (type === 'POINTS_ADDITION' || type === 'POINTS_ACCRUAL')
      this.deps.events.record('voucher.loyalty_card.points_added', { ...common, make: this.#addedPayload });
    this.deps.events.record('voucher.loyalty_card.transaction.created', { ...common, make: this.#transactionPayload });
  }

  /**
   * What the payloads of a change's events are made from when first read: the card, its holder
   * and its campaign as they are now, and the transaction as the log keeps it.
   */
  #shownAt(voucher: StoredVoucher, kept: KeptTransaction): ChangeShown {
    return { voucher, holder: this.#holder(voucher), campaign: this.#campaignShown(voucher), kept };
  }

  // One function for each kind of payload, shared by all its events (decision 0050).
  readonly #addedPayload = ({
    voucher,
    holder,
    campaign,
    kept,
  }: ChangeShown): EventData<'voucher.loyalty_card.points_added'> => {
    const transaction = this.deps.vouchers().transactions.show(kept);
    return {
      voucher: simpleVoucher(voucher),
      balance: balanceOf(transaction),
      campaign: campaign as never,
      customer: (holder ? simpleCustomer(holder) : null) as never,
      transaction,
    };
  };

  readonly #transactionPayload = ({
    voucher,
    holder,
    campaign,
    kept,
  }: ChangeShown): EventData<'voucher.loyalty_card.transaction.created'> => {
    const transaction = this.deps.vouchers().transactions.show(kept);
    const details = transaction.details as Readonly<Record<string, unknown>>;
    // The transaction's details carry the objects the event names; the rest are null.
    const part = (key: string): never => (details[key] ?? null) as never;
    return {
      transaction,
      voucher: withListUrls(voucher) as never,
      campaign: campaign as never,
      holder: holder ? simpleCustomer(holder) : null,
      holder_loyalty_tier: null,
      balance: balanceOf(transaction),
      order: part('order'),
      event: part('event'),
      earning_rule: part('earning_rule'),
      segment: part('segment'),
      loyalty_tier: null,
      redemption: part('redemption'),
      rollback: part('rollback'),
      reward: null,
      custom_event: null,
      source_voucher: part('source_voucher'),
      destination_voucher: part('destination_voucher'),
    };
  };

  readonly #expiredPayload = ({
    voucher,
    holder,
    campaign,
    kept,
    points,
    gone,
  }: ChangeShown & ExpiryShown): EventData<'voucher.loyalty_card.points_expired'> => ({
    customer: holder ? simpleCustomer(holder) : (null as never),
    campaign: campaign as never,
    voucher: simpleVoucher(voucher),
    points,
    buckets: gone.map((bucket) => this.#presentBucket(voucher, bucket)),
    transaction: this.deps.vouchers().transactions.show(kept),
  });
}
