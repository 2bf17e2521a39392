import type { CalendarDate, PointsExpirationRules } from '@voucherkit/domain';
import type { PendingPointsEntry } from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import type { EventLog } from '../../../core/event-log.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { EMPTY_LIST } from '../../../core/immutable.js';
import type { TrackedSet } from '../../../core/history/tracked-set.js';
import { type Page, cursorPageOf } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import type { LoyaltyCardLedger, PointsBalance } from '../../campaigns/loyalty-cards/ledger.js';
import { simpleCampaign, simpleVoucher } from '../../campaigns/vouchers/shapes.js';
import type { VoucherStore } from '../../campaigns/vouchers/store.js';
import type { StoredVoucher } from '../../campaigns/vouchers/types.js';
import { simpleCustomer } from '../../customers/customers/profile.js';
import type { CustomerStore } from '../../customers/customers/store.js';
import type { Order } from '../../customers/orders/store.js';
import { simpleOrder } from '../../engine/redemptions/engine/records.js';

/** An entry of pending points as the API shows it (`lopp_…`). */
export type PendingPoints = Resource<'LoyaltyPendingPoints'>;

/** New pending points, as an `order.paid` earning rule with a waiting period earns them. */
export interface PendingPointsInput {
  /** Points to add on activation. */
  readonly points: number;
  /** The day they are added, in the project's time zone. */
  readonly activatesAt: CalendarDate;
  /** The paid order that earned them. */
  readonly order: Order;
  /** What earned them: the event, the earning rule, the order, the tiers. */
  readonly details: Resource<'LoyaltyPendingPointsDetails'>;
  /** When the points expire once active: the earning rule's rules, else the programme's. */
  readonly expirationRules: PointsExpirationRules | null;
}

/** Which pending points to list, and how. */
export interface PendingPointsQuery {
  /** Only the entries of this campaign. */
  readonly campaignId?: string | undefined;
  /** Only the entries of this card (`v_…`). */
  readonly voucherId?: string | undefined;
  /** `id` (oldest first, the default) or `-id`. */
  readonly order?: 'id' | '-id' | undefined;
  /** Entries per page, 10 by default. */
  readonly limit?: number | undefined;
  /** The `more_starting_after` of the previous page. */
  readonly startingAfterId?: string | undefined;
}

type PendingState = 'PENDING' | 'ACTIVATED' | 'CANCELED';

interface StoredEntry {
  readonly entry: PendingPoints;
  readonly state: PendingState;
  readonly order: Order;
  readonly expirationRules: PointsExpirationRules | null;
}

/**
 * Pending points of the project's loyalty cards (`lopp_…`): points a paid order earned that wait
 * for their activation day before they can be spent. They count in the card's
 * `loyalty_card.pending_points` until the nightly run (or a request) activates them, which adds
 * them to the card with a `PENDING_POINTS_ACTIVATION` transaction and starts their expiry clock,
 * or until they are canceled. Only entries still pending are listed.
 */
export class PendingPointsStore {
  /** Every entry ever made, by id, in creation order. */
  readonly #entries: TrackedMap<string, StoredEntry>;
  /** Position of each entry ever made, for cursors that name an entry no longer listed. */
  readonly #rank: TrackedMap<string, number>;
  /** Points still pending on each card, by card id. */
  readonly #pendingByCard: TrackedMap<string, number>;
  /** Ids of the entries still pending on each card, by card id. */
  readonly #openByCard: TrackedMap<string, TrackedSet<string>>;

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: {
      readonly vouchers: VoucherStore;
      readonly loyaltyCards: LoyaltyCardLedger;
      readonly customers: CustomerStore;
      readonly events: EventLog;
    },
  ) {
    this.#entries = context.tracked.map();
    this.#rank = context.tracked.map();
    this.#pendingByCard = context.tracked.map();
    this.#openByCard = context.tracked.map();
  }

  /**
   * Holds points back for a card until their activation day, and records
   * `voucher.loyalty_card.pending_points.added`.
   */
  add(card: StoredVoucher, input: PendingPointsInput, origin: Origin = {}): PendingPoints {
    const entry: PendingPoints = {
      id: this.context.ids('lopp'),
      voucher_id: card.id,
      campaign_id: card.campaign_id ?? '',
      customer_id: card.holder_id ?? '',
      order_id: input.order.id,
      points: input.points,
      activates_at: input.activatesAt,
      details: input.details,
      created_at: this.context.timestamp(),
    };
    this.#rank.set(entry.id, this.#rank.size);
    this.#entries.set(entry.id, {
      entry,
      state: 'PENDING',
      order: input.order,
      expirationRules: input.expirationRules,
    });
    this.#shift(card.id, input.points);
    this.#open(this.#stored(entry.id), true);
    this.#announce(
      'voucher.loyalty_card.pending_points.added',
      this.#stored(entry.id),
      input.points,
      'AUTOMATIC',
      origin,
    );
    return entry;
  }

  /** A page of pending entries (activated and canceled ones are left out), oldest first unless `order` is `-id`. */
  list(query: PendingPointsQuery = {}): Page<PendingPoints> & { readonly moreStartingAfter: string } {
    const entries: PendingPoints[] = [];
    for (const stored of this.#entries.values()) {
      if (stored.state !== 'PENDING') continue;
      if (query.campaignId !== undefined && stored.entry.campaign_id !== query.campaignId) continue;
      if (query.voucherId !== undefined && stored.entry.voucher_id !== query.voucherId) continue;
      entries.push(stored.entry);
    }
    const descending = query.order === '-id';
    if (descending) entries.reverse();
    return cursorPageOf(entries, query, (id) => {
      const rank = this.#rank.get(id);
      return rank === undefined ? undefined : descending ? -rank : rank;
    });
  }

  /** The pending points of a card, as `loyalty_card.pending_points` shows them. */
  pendingOf(voucherId: string): number {
    return this.#pendingByCard.get(voucherId) ?? 0;
  }

  /**
   * Adds pending points to their card now: a `PENDING_POINTS_ACTIVATION` transaction, their expiry
   * counted from today (or the nightly run's `day`), and `voucher.loyalty_card.pending_points.activated`.
   *
   * @param cardCode - The card's code or id; the entry must be the card's.
   * @param id - The entry (`lopp_…`).
   * @param origin - The request, and `AUTOMATIC` activations by the nightly run.
   * @throws ApiError 404 for an unknown card or entry; 400 `invalid_pending_points_state` for an
   *   entry activated or canceled before.
   */
  activate(
    cardCode: string,
    id: string,
    origin: Origin & { readonly automatic?: boolean; readonly day?: CalendarDate } = {},
  ): PointsBalance {
    const stored: StoredEntry = { ...this.#pending(cardCode, id, 'activated'), state: 'ACTIVATED' };
    const { entry } = stored;
    this.#entries.set(entry.id, stored);
    this.#shift(entry.voucher_id, -entry.points);
    this.#open(stored, false);
    const change = this.deps.loyaltyCards.credit(
      entry.voucher_id,
      {
        points: entry.points,
        type: 'PENDING_POINTS_ACTIVATION',
        expiry: { type: 'RULES', rules: stored.expirationRules, from: origin.day },
        source: origin.automatic === true ? 'Automation' : 'API',
        operation_type: origin.automatic === true ? 'AUTOMATIC' : 'MANUAL',
        details: {
          order: entry.details.order,
          event: { id: entry.details.event.id, type: entry.details.event.type },
          earning_rule: entry.details.earning_rule,
          pending_points: entry,
        },
      },
      origin,
    );
    // The card as it is after the activation: the points in its balance, no longer pending.
    const card = this.deps.loyaltyCards.setPending(entry.voucher_id, this.pendingOf(entry.voucher_id));
    if (origin.silent !== true) {
      const { customer, campaign } = this.#parties(entry);
      this.deps.events.record('voucher.loyalty_card.pending_points.activated', {
        entityId: entry.voucher_id,
        data: {
          customer,
          campaign,
          voucher: simpleVoucher(card),
          balance: change.balance,
          order: simpleOrder(stored.order),
          transaction: change.transaction,
          pending_points: entry,
        },
        origin,
      });
    }
    return change.balance;
  }

  /**
   * Adds points to a pending entry or takes them away, and records
   * `voucher.loyalty_card.pending_points.updated`.
   *
   * @throws ApiError 404; 400 `invalid_payload` without points, `invalid_pending_points_state`
   *   for an entry no longer pending, `invalid_amount` when the entry would hold no points.
   */
  adjust(
    cardCode: string,
    id: string,
    points: number | undefined,
    origin: Origin = {},
  ): Resource<'LoyaltyMemberPendingPointsBalanceResponse'> {
    if (points === undefined) throw ApiError.invalidPayload('Property .points is required');
    const current = this.#pending(cardCode, id, 'updated');
    const next = current.entry.points + points;
    if (!Number.isInteger(points) || next <= 0) {
      throw new ApiError(400, 'invalid_amount', 'Invalid Amount', {
        details: 'Amount has to be a valid positive number',
      });
    }
    const stored: StoredEntry = {
      ...current,
      entry: { ...current.entry, points: next, updated_at: this.context.timestamp() },
    };
    this.#entries.set(stored.entry.id, stored);
    this.#shift(stored.entry.voucher_id, points);
    const total = this.#announce('voucher.loyalty_card.pending_points.updated', stored, points, 'MANUAL', origin);
    return {
      points,
      total,
      object: 'balance',
      related_object: { type: 'voucher', id: stored.entry.voucher_id },
      operation_type: 'MANUAL',
    };
  }

  /**
   * Drops a pending entry: its points never reach the card. Records
   * `voucher.loyalty_card.pending_points.canceled`.
   *
   * @throws ApiError 404; 400 `invalid_pending_points_state` for an entry no longer pending.
   */
  cancel(cardCode: string, id: string, origin: Origin = {}): void {
    const current = this.#pending(cardCode, id, 'canceled');
    const stored: StoredEntry = {
      ...current,
      state: 'CANCELED',
      entry: { ...current.entry, updated_at: this.context.timestamp() },
    };
    this.#entries.set(stored.entry.id, stored);
    this.#shift(stored.entry.voucher_id, -stored.entry.points);
    this.#open(stored, false);
    this.#announce('voucher.loyalty_card.pending_points.canceled', stored, -stored.entry.points, 'MANUAL', origin);
  }

  /** Forgets the entries of a card that is gone. */
  releaseCard(voucherId: string): void {
    for (const [id, stored] of this.#entries) if (stored.entry.voucher_id === voucherId) this.#entries.delete(id);
    this.#pendingByCard.delete(voucherId);
    this.#openByCard.delete(voucherId);
  }

  #shift(voucherId: string, points: number): void {
    this.#pendingByCard.set(voucherId, this.pendingOf(voucherId) + points);
  }

  /** Marks an entry as pending on its card, or no longer. */
  #open(stored: StoredEntry, open: boolean): void {
    const { voucher_id: voucherId, id } = stored.entry;
    const ids = this.#openByCard.get(voucherId);
    if (open) {
      if (ids === undefined) this.#openByCard.set(voucherId, this.context.tracked.innerSet([id]));
      else ids.add(id);
    } else if (ids !== undefined) {
      ids.delete(id);
      if (ids.size === 0) this.#openByCard.delete(voucherId);
    }
  }

  /** The cards with points still pending, by id. */
  cardIds(): IterableIterator<string> {
    return this.#openByCard.keys();
  }

  /** Whether a card has points still pending. */
  keeps(voucherId: string): boolean {
    return this.#openByCard.has(voucherId);
  }

  /** The entries still pending on a card, oldest first, as the nightly run reads them. */
  openEntriesOf(voucherId: string): readonly PendingPointsEntry[] {
    const open = this.#openByCard.get(voucherId);
    if (open === undefined) return EMPTY_LIST;
    return [...open].flatMap((id) => {
      const stored = this.#entries.get(id);
      return stored
        ? [
            {
              id,
              points: stored.entry.points,
              activates_at: stored.entry.activates_at,
              expiration_rules: stored.expirationRules,
            },
          ]
        : [];
    });
  }

  #stored(id: string): StoredEntry {
    const stored = this.#entries.get(id);
    if (!stored) throw ApiError.notFound('pending_points', id);
    return stored;
  }

  /** The entry, if it is the card's and still pending. */
  #pending(cardCode: string, id: string, verb: 'activated' | 'updated' | 'canceled'): StoredEntry {
    const card = this.deps.vouchers.find(cardCode);
    if (!card || card.type !== 'LOYALTY_CARD') throw ApiError.notFound('voucher', cardCode);
    const stored = this.#entries.get(id);
    if (!stored || stored.entry.voucher_id !== card.id) throw ApiError.notFound('pending_points', id);
    if (stored.state !== 'PENDING') {
      throw new ApiError(400, 'invalid_pending_points_state', 'Invalid pending points state', {
        details: `Only pending points in 'PENDING' status can be ${verb}. Current status: '${stored.state}'.`,
      });
    }
    return stored;
  }

  #parties(entry: PendingPoints): { customer: Resource<'SimpleCustomer'>; campaign: Resource<'SimpleCampaign'> } {
    const customer = this.deps.customers.find(entry.customer_id);
    const campaign = this.deps.vouchers.campaignOf(this.deps.vouchers.get(entry.voucher_id));
    return {
      customer: (customer
        ? simpleCustomer(customer)
        : { id: entry.customer_id, object: 'customer' }) as Resource<'SimpleCustomer'>,
      campaign: campaign ? simpleCampaign(campaign) : (null as never),
    };
  }

  /** Writes the card's pending total and records the change; returns the card's pending total. */
  #announce(
    type:
      | 'voucher.loyalty_card.pending_points.added'
      | 'voucher.loyalty_card.pending_points.updated'
      | 'voucher.loyalty_card.pending_points.canceled',
    stored: StoredEntry,
    points: number,
    operationType: 'MANUAL' | 'AUTOMATIC',
    origin: Origin,
  ): number {
    const { entry } = stored;
    const total = this.pendingOf(entry.voucher_id);
    const card = this.deps.loyaltyCards.setPending(entry.voucher_id, total);
    if (origin.silent !== true) {
      const { customer, campaign } = this.#parties(entry);
      this.deps.events.record(type, {
        entityId: entry.voucher_id,
        data: {
          customer,
          campaign,
          voucher: simpleVoucher(card),
          voucher_pending_points_balance: {
            points,
            total,
            object: 'balance',
            operation_type: operationType,
            related_object: { id: card.id, type: 'voucher' },
          },
          order: simpleOrder(stored.order),
          redemption: null,
          pending_points: entry,
        },
        origin,
      });
    }
    return total;
  }
}
