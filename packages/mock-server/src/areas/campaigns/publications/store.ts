import { compileFilter, redeemableStatus } from '@voucherkit/domain';
import { expirationAfterPublishing } from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import type { EventLog } from '../../../core/event-log.js';
import { type OneOrList, firstOf, itemsOf, oneOrList } from '../../../core/history/one-or-list.js';
import type { TrackedList } from '../../../core/history/tracked-list.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { ScopedIndexes, SortedIndexes, indexOrder } from '../../../core/sorted-index.js';
import { EMPTY_LIST, copyOrEmpty } from '../../../core/immutable.js';
import { interned } from '../../../core/interned.js';
import type { Origin } from '../../../core/origin.js';
import {
  type CursorQuery,
  type ListOrder,
  type OrderField,
  type Page,
  type SortedPageQuery,
  cursorPageOf,
  pageOf,
} from '../../../core/list.js';
import { ApiError } from '../../../http/api-error.js';
import type { Customer, CustomerStore } from '../../customers/customers/store.js';
import { simpleCustomer } from '../../customers/customers/profile.js';
import { listPath, simpleCampaign, simpleVoucher } from '../vouchers/shapes.js';
import type { CampaignPort, VoucherStore } from '../vouchers/store.js';
import type { Campaign, StoredVoucher } from '../vouchers/types.js';
import { type Holding, Holdings, holdingFields, holdingId } from './holdings.js';
import type { CustomerRedeemable, PublicationAnswer, PublicationListItem, PublicationRequest } from './types.js';

export type { CustomerRedeemable, PublicationAnswer, PublicationListItem, PublicationRequest } from './types.js';

/** The stores a publication store reads and changes. */
export interface PublicationStoreDependencies {
  /** The project's vouchers: the codes handed out, and their holders. */
  readonly vouchers: VoucherStore;
  /** The project's campaigns, named by the requests. */
  readonly campaigns: CampaignPort;
  /** The project's customers, resolved (and created or updated) from the requests. */
  readonly customers: CustomerStore;
  /** The project's event log (`voucher.published`, `publication.succeeded`). */
  readonly events: EventLog;
}

/** How a publication request is handled beyond its fields. */
export interface PublishOptions {
  /** `join_once=true`: a customer who holds a code of the campaign gets that publication again. */
  readonly joinOnce?: boolean | undefined;
}

/** The parameters of `GET /v1/publications` that the store applies. */
export interface PublicationListQuery extends SortedPageQuery<PublicationOrder> {
  /** Only publications from the campaign with this name (or id). */
  readonly campaign?: string | undefined;
  /** Only publications to the customer with this id. */
  readonly customer?: string | undefined;
  /** Only publications of this code. */
  readonly voucher?: string | undefined;
  /** Only successful or only failed attempts. */
  readonly result?: 'SUCCESS' | 'FAILURE' | undefined;
  /** Only publications of discount codes or of loyalty cards. */
  readonly voucher_type?: 'discount' | 'loyalty' | undefined;
  /** `true`: only publications of referral codes; `false` does not filter. */
  readonly is_referral_code?: boolean | undefined;
  /** Only the publication with this `source_id`. */
  readonly source_id?: string | undefined;
  /** Conditions on publication fields, read by the domain's filter engine. */
  readonly filters?: unknown;
}

/** The sort keys of the publication list and of publication exports. */
type PublicationOrder = ListOrder<'id' | 'voucher_code' | 'tracking_id' | 'customer_id' | 'created_at' | 'channel'>;

/** The fields the publication list sorts on. */
type PublicationOrderField = OrderField<PublicationOrder>;

/** A publication's sort key in a list order: the field its filter view shows. */
const sortKey = (publication: StoredPublication, field: PublicationOrderField): string | null =>
  field === 'voucher_code'
    ? (firstOf(publication.codes) ?? null)
    : field === 'customer_id'
      ? customerIdOf(publication)
      : field === 'tracking_id'
        ? trackingIdOf(publication)
        : field === 'channel'
          ? publication.kind.channel
          : publication[field];

/**
 * One row of a publication export: one published code (a publication of several codes gives a
 * row for each), with every column an export may ask for.
 */
export interface PublicationExportRow {
  /** The published code; empty for a failed attempt that named none. */
  readonly voucher_code: string;
  /** Id of the receiving customer. */
  readonly customer_id: string;
  /** `source_id` of the receiving customer. */
  readonly customer_source_id: string | null;
  /** When the code was published. */
  readonly date: string;
  /** The publication's channel. */
  readonly channel: string;
  /** Name of the code's campaign, if any. */
  readonly campaign: string | null;
  /** Always false: the mock runs no lucky draws. */
  readonly is_winner: boolean;
  /** The publication's metadata. */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** The publication's id. */
  readonly publication_id: string;
}

/** The parameters of `GET /v1/customers/{customerId}/redeemables`. */
export interface CustomerRedeemableQuery extends CursorQuery {
  /** `id` (default): the oldest holding first; `-id`: the newest first. */
  readonly order?: 'id' | '-id' | undefined;
  /** Conditions on the holder record's fields (`campaign_id`, `voucher_type`, `holder_role` …). */
  readonly filters?: unknown;
}

type VoucherFamily = 'discount' | 'gift' | 'loyalty';

/** A publication as stored: what the list shows, and the fields its filters read. */
interface StoredPublication {
  readonly id: string;
  readonly created_at: string;
  readonly metadata: Record<string, unknown>;
  readonly source_id: string | null;
  /** The codes handed out: one alone, as most publications hand out one, or a list. */
  readonly codes: OneOrList<string, readonly string[]>;
  /** Their voucher ids, in the same form. */
  readonly voucherIds: OneOrList<string, readonly string[]>;
  /** What it shares with the publications like it, kept once for all of them. */
  readonly kind: PublicationKind;
  /** The customer when the publication was made, shown if the customer is deleted since. */
  readonly customer: Customer;
}

/** What many publications have in common (the campaign, the channel, the outcome), kept once for all of them. */
interface PublicationKind {
  readonly channel: string;
  readonly result: 'SUCCESS' | 'FAILURE';
  readonly campaign_id: string | null;
  readonly campaign_name: string | null;
  readonly voucher_type: VoucherFamily | null;
  readonly is_referral_code: boolean;
  readonly failure_code: string | null;
  readonly failure_message: string | null;
}

const sharedKind = interned((kind: PublicationKind) =>
  JSON.stringify([
    kind.channel,
    kind.result,
    kind.campaign_id,
    kind.campaign_name,
    kind.voucher_type,
    kind.is_referral_code,
    kind.failure_code,
    kind.failure_message,
  ]),
);

/** The customer's id and tracking id when the publication was made: its `customer` is that version. */
const customerIdOf = (publication: StoredPublication): string => publication.customer.id;
const trackingIdOf = (publication: StoredPublication): string =>
  publication.customer.source_id ?? publication.customer.id;

const familyOf = (voucher: StoredVoucher): VoucherFamily | null => {
  if (voucher.type === 'GIFT_VOUCHER') return 'gift';
  if (voucher.type === 'LOYALTY_CARD') return 'loyalty';
  return voucher.type === 'DISCOUNT_VOUCHER' ? 'discount' : null;
};

const isPast = (date: string | null | undefined, now: number): boolean =>
  typeof date === 'string' && Date.parse(date) <= now;

/** The fields filters of the list and of exports read, for one publication. */
const filterView = (publication: StoredPublication): Record<string, unknown> => ({
  id: publication.id,
  created_at: publication.created_at,
  customer_id: customerIdOf(publication),
  customer: customerIdOf(publication),
  tracking_id: trackingIdOf(publication),
  source_id: publication.source_id,
  channel: publication.kind.channel,
  result: publication.kind.result,
  failure_code: publication.kind.failure_code,
  campaign: publication.kind.campaign_name,
  campaign_name: publication.kind.campaign_name,
  parent_object_id: publication.kind.campaign_id,
  voucher: itemsOf(publication.codes),
  voucher_code: firstOf(publication.codes) ?? null,
  related_object_id: itemsOf(publication.voucherIds),
  voucher_type: publication.kind.voucher_type,
  is_referral_code: publication.kind.is_referral_code,
  metadata: publication.metadata,
});

/**
 * Publications of one project: codes handed to customers, and the failed attempts. A published
 * code belongs to its customer (its `holder_id`), who then lists it among their redeemables.
 * Every request is decided in one synchronous step, so of two simultaneous requests neither sees
 * the other half done: a code never goes to two customers, and `join_once` never gives two codes.
 */
export class PublicationStore {
  /** The publications in creation order (never removed), and the position of each by id. */
  readonly #sequence: TrackedList<StoredPublication>;
  readonly #positions: TrackedMap<string, number>;
  readonly #keyAt = (field: PublicationOrderField, position: number): string | null =>
    sortKey(this.#sequence.items[position] as StoredPublication, field);
  /**
   * The list orders' indexes over the publications, and the same by campaign (under its name and
   * its id): tracked, but made again from the records once an image is loaded (they hold class
   * instances).
   */
  #orders: SortedIndexes<PublicationOrderField>; // not state: indexes of the records in `#sequence`, tracked by their own lists and rebuilt after an image load
  #scopes: ScopedIndexes<PublicationOrderField>; // not state: as `#orders`, by campaign
  readonly #bySourceId: TrackedMap<string, string>;
  /** Each customer's holder records, in the order they became holders. */
  readonly #holdings: Holdings;
  /** The latest successful publication of a campaign to a customer, for `join_once`: by campaign, then by customer. */
  readonly #joined: TrackedMap<string, TrackedMap<string, string>>;

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: PublicationStoreDependencies,
  ) {
    const { tracked } = context;
    this.#sequence = tracked.list();
    this.#positions = tracked.map();
    this.#bySourceId = tracked.map();
    this.#holdings = new Holdings(tracked);
    this.#joined = tracked.map();
    this.#orders = new SortedIndexes(this.#keyAt, tracked);
    this.#scopes = new ScopedIndexes(this.#keyAt, tracked);
    tracked.afterLoad(() => {
      this.#orders = new SortedIndexes(this.#keyAt, tracked);
      this.#scopes = new ScopedIndexes(this.#keyAt, tracked);
      this.#sequence.items.forEach((publication, position) => this.#index(publication, position));
    });
  }

  /** Number of publications, failed attempts included. */
  get size(): number {
    return this.#sequence.length;
  }

  /** The publication with this id, if any. */
  #find(id: string | undefined): StoredPublication | undefined {
    const position = id === undefined ? undefined : this.#positions.get(id);
    return position === undefined ? undefined : this.#sequence.items[position];
  }

  /**
   * Publishes codes to a customer: the given `voucher`, or the next free codes of `campaign`
   * (`count`, default 1; an auto-update campaign with too few free codes generates the rest).
   * A failure the service records is stored as a `FAILURE` publication before it is thrown.
   *
   * @param request - What to publish and to whom.
   * @param options - `join_once`.
   * @param origin - The request, for the events of the publication and of what it makes (the
   *   customer, new codes), which name the API as their source whoever publishes.
   * @returns The publication, with the voucher for one code and the codes for several.
   * @throws ApiError 404 for an unknown voucher, campaign or customer id; 400 `invalid_payload`
   *   without a voucher or campaign, or with `source_id` and more than one code;
   *   `duplicate_source_id` for a `source_id` used for another customer;
   *   `voucher_already_published`, `voucher_disabled`, `voucher_expired`, `campaign_not_active`,
   *   `no_voucher_suitable_for_publication` (recorded as failed publications).
   */
  publish(request: PublicationRequest, options: PublishOptions = {}, origin: Origin = {}): PublicationAnswer {
    // What a publication records names the API as its source, whoever publishes (a programme's auto-join too).
    const fromApi: Origin = { requestId: origin.requestId };
    const target = this.#target(request);
    const sourceId = request.source_id ?? null;
    if (sourceId !== null && target.count > 1) {
      throw ApiError.invalidPayload('Property .source_id allows one code per publication; campaign.count must be 1.');
    }
    const { customer } = this.deps.customers.resolve(request.customer, fromApi);
    if (sourceId !== null) {
      const earlier = this.#find(this.#bySourceId.get(sourceId));
      if (earlier && customerIdOf(earlier) === customer.id) return this.#answer(earlier);
      if (earlier) {
        throw new ApiError(400, 'duplicate_source_id', 'Duplicated source_id', {
          details: `The publication source_id ${sourceId} was used for another customer.`,
          resourceId: sourceId,
          resourceType: 'publication',
        });
      }
    }
    const campaign =
      target.campaign ??
      (target.voucher?.campaign_id ? this.deps.campaigns.find(target.voucher.campaign_id) : undefined);
    if (campaign && (options.joinOnce === true || campaign.join_once === true)) {
      const joined = this.#find(this.#joined.get(campaign.id)?.get(customer.id));
      if (joined) return this.#answer(joined);
    }
    const base = { request, customer, campaign: campaign ?? null, sourceId };
    const refusal = this.#refusal(target, campaign, customer);
    if (refusal) throw this.#fail(base, refusal, target.voucher);
    const vouchers = target.voucher
      ? [target.voucher]
      : this.#freeCodes(target.campaign as Campaign, target.count, fromApi);
    if (vouchers.length < target.count) {
      throw this.#fail(base, {
        key: 'no_voucher_suitable_for_publication',
        message: "Couldn't find any voucher suitable for publication.",
        details: `The campaign ${campaign?.name ?? ''} has fewer than ${target.count} active codes that were not published.`,
      });
    }
    return this.#answer(this.#succeed(base, vouchers, fromApi));
  }

  /**
   * Publishes one code, as {@link PublicationStore.publish} does, and answers the voucher as stored
   * after it: what the areas that hand out codes themselves (members, rewards) keep working with.
   *
   * @throws As {@link PublicationStore.publish}.
   */
  publishOne(request: PublicationRequest, options: PublishOptions = {}, origin: Origin = {}): StoredVoucher {
    const answer = this.publish(request, options, origin);
    const code = 'voucher' in answer ? (answer.voucher as { readonly code?: string } | undefined)?.code : undefined;
    return this.deps.vouchers.get(code ?? '');
  }

  /**
   * A page of publications, failed attempts included, newest first unless `order` says otherwise.
   *
   * @param query - The list parameters.
   * @returns The page of list entries.
   * @throws DomainError `invalid_query_params` for a malformed `filters`.
   */
  list(query: PublicationListQuery = {}): Page<PublicationListItem> {
    // The query's own parameters test the stored publication; only `filters` reads its filter view.
    const tests: ((publication: StoredPublication) => boolean)[] = [];
    const equal = <V>(value: V | undefined, of: (publication: StoredPublication) => V): void => {
      if (value !== undefined) tests.push((publication) => of(publication) === value);
    };
    equal(query.customer, customerIdOf);
    equal(query.result as PublicationKind['result'] | undefined, (publication) => publication.kind.result);
    equal(
      query.voucher_type as PublicationKind['voucher_type'] | undefined,
      (publication) => publication.kind.voucher_type,
    );
    equal(query.source_id, (publication) => publication.source_id);
    if (query.is_referral_code === true) equal(true, (publication) => publication.kind.is_referral_code);
    if (query.voucher !== undefined) {
      const code = query.voucher;
      tests.push((publication) => itemsOf(publication.codes).includes(code));
    }
    if (query.filters !== undefined) {
      const filter = compileFilter(query.filters, {
        now: this.context.clock.now(),
        source: { in: 'query', parameter: 'filters' },
      });
      tests.push((publication) => filter(filterView(publication)));
    }
    const sequence = this.#sequence.items;
    const keep =
      tests.length === 0
        ? undefined
        : (position: number): boolean => tests.every((test) => test(sequence[position] as StoredPublication));
    const order = query.order ?? '-created_at';
    const descending = order.startsWith('-');
    const field = (descending ? order.slice(1) : order) as PublicationOrderField;
    // A campaign narrows the list to the publications of its scope.
    const scope = query.campaign === undefined ? this.#orders : this.#scopes.of(query.campaign);
    if (scope === undefined) return pageOf([], query);
    const page = pageOf(
      indexOrder(scope.of(field), descending, (position) => sequence[position] as StoredPublication, keep),
      query,
    );
    return { ...page, items: page.items.map((publication) => this.#listed(publication)) };
  }

  /**
   * The rows of a publication export: one per published code, in creation order. The exports
   * area filters and sorts them through {@link PublicationStore.filterViewOf} and builds its file.
   *
   * @returns Every row.
   */
  exportRows(): PublicationExportRow[] {
    // Publications are stored in creation order.
    return this.#sequence.items.flatMap((publication) => {
      const customer = this.#customerOf(publication);
      const row = {
        customer_id: customerIdOf(publication),
        customer_source_id: customer.source_id,
        date: publication.created_at,
        channel: publication.kind.channel,
        campaign: publication.kind.campaign_name,
        is_winner: false,
        metadata: publication.metadata,
        publication_id: publication.id,
      };
      const codes = itemsOf(publication.codes);
      if (codes.length === 0) return [{ voucher_code: '', ...row }];
      return codes.map((code) => ({ voucher_code: code, ...row }));
    });
  }

  /** The record that publication filters read (`campaign`, `customer`, `failure_code`, …), for the publication with this id. */
  filterViewOf(publicationId: string): Record<string, unknown> {
    const publication = this.#find(publicationId);
    return publication ? filterView(publication) : {};
  }

  /**
   * Makes a customer the holder of a voucher in their redeemables, unless they hold it already.
   * Publishing calls this; other areas that hand out codes (loyalty members, referrals) may too.
   *
   * @param customerId - The holder's id.
   * @param voucher - The held voucher.
   * @param role - `OWNER` (default), `REFERRER` or `REFEREE`.
   * @returns The new holding, or `undefined` when the customer held the voucher already.
   */
  hold(
    customerId: string,
    voucher: StoredVoucher,
    role: CustomerRedeemable['holder_role'] = 'OWNER',
  ): Holding | undefined {
    if (this.#holdings.has(customerId, voucher.id)) return undefined;
    // A code that is not a referral code has one owner ever: that holding's id is made from the code's id.
    const id = role === 'OWNER' && voucher.is_referral_code !== true ? 0 : this.context.ids('rh');
    const holding: Holding = { id, created_at: this.context.timestamp(), customerId, voucherId: voucher.id, role };
    this.#holdings.add(holding, voucher.is_referral_code === true);
    return holding;
  }

  /** Whether a customer holds a voucher, in any role. */
  holds(customerId: string, voucherId: string): boolean {
    return this.#holdings.has(customerId, voucherId);
  }

  /** A customer's role for each voucher they hold (owner, referrer or referee). */
  rolesOf(customerId: string): ReadonlyMap<string, CustomerRedeemable['holder_role']> {
    return new Map(this.#holdings.of(customerId).map((holding) => [holding.voucherId, holding.role]));
  }

  /** The holders of a referral code: its referrer, then its referees, oldest first. */
  holdersOf(voucherId: string): readonly Holding[] {
    return this.#holdings.ofReferralCode(voucherId);
  }

  /** Ends a holding (a referee removed from a referral code). */
  release(holding: Holding): void {
    this.#holdings.remove(holding);
  }

  /** The first voucher of a campaign that a customer holds now (a loyalty card, a gift card), if any. */
  heldIn(customerId: string, campaignId: string): StoredVoucher | undefined {
    for (const { voucherId } of this.#holdings.of(customerId)) {
      const voucher = this.deps.vouchers.find(voucherId);
      if (voucher?.campaign_id === campaignId && voucher.holder_id === customerId) return voucher;
    }
    return undefined;
  }

  /**
   * A page of the vouchers a customer holds, with their state now, oldest holding first unless
   * `order` is `-id`. Vouchers deleted since are left out.
   *
   * @param customerId - The customer's id.
   * @param query - Order, cursor, limit and filters on the holder records.
   * @returns The page, with `moreStartingAfter`.
   * @throws DomainError `invalid_query_params` for malformed filters; ApiError 400 for an unknown cursor.
   */
  redeemables(
    customerId: string,
    query: CustomerRedeemableQuery = {},
  ): Page<CustomerRedeemable> & { readonly moreStartingAfter: string } {
    const keep = compileFilter(query.filters, {
      now: this.context.clock.now(),
      source: { in: 'query', parameter: 'filters' },
    });
    const held = this.#holdings.of(customerId);
    const records: CustomerRedeemable[] = [];
    for (const holding of held) {
      const record = this.#redeemable(holding);
      if (record && keep(record)) records.push(record);
    }
    if (query.order === '-id') records.reverse();
    const rank = new Map(held.map((holding, index) => [holdingId(holding), query.order === '-id' ? -index : index]));
    return cursorPageOf(records, query, (id) => rank.get(id));
  }

  #target(request: PublicationRequest): { voucher?: StoredVoucher; campaign?: Campaign; count: number } {
    if (request.voucher !== undefined) return { voucher: this.deps.vouchers.get(request.voucher), count: 1 };
    const ref = typeof request.campaign === 'string' ? request.campaign : request.campaign?.name;
    if (ref === undefined || ref === null || ref === '')
      throw ApiError.invalidPayload(
        'Property .voucher or .campaign is required: name the code or the campaign to publish from.',
      );
    const count = typeof request.campaign === 'object' ? (request.campaign?.count ?? 1) : 1;
    return { campaign: this.deps.campaigns.get(ref), count };
  }

  /** Why the named code or campaign cannot be published now, if it cannot. */
  #refusal(
    target: { voucher?: StoredVoucher | undefined },
    campaign: Campaign | undefined,
    customer: Customer,
  ): Failure | undefined {
    const now = this.context.clock.now();
    if (campaign && (campaign.active === false || isPast(campaign.expiration_date, now))) {
      return {
        key: 'campaign_not_active',
        message: 'Campaign not active',
        details: `The campaign ${campaign.name} is switched off or expired.`,
      };
    }
    const { voucher } = target;
    if (!voucher) return undefined;
    if (voucher.holder_id && voucher.holder_id !== customer.id) {
      return {
        key: 'voucher_already_published',
        message: 'Voucher already published',
        details: `The code ${voucher.code} belongs to another customer.`,
      };
    }
    if (voucher.active === false)
      return { key: 'voucher_disabled', message: 'Voucher is disabled', details: voucher.code };
    if (isPast(voucher.expiration_date, now))
      return { key: 'voucher_expired', message: 'Voucher expired', details: voucher.code };
    return undefined;
  }

  /**
   * The next free codes of a campaign; an auto-update campaign makes the ones missing, and so does
   * a loyalty programme, whose members each get a card of their own whatever its type.
   */
  #freeCodes(campaign: Campaign, count: number, origin: Origin): StoredVoucher[] {
    const now = this.context.clock.now();
    const { vouchers } = this.deps;
    const found = vouchers.publishable(
      campaign.id,
      count,
      (voucher) => voucher.active !== false && !isPast(voucher.expiration_date, now),
    );
    if (
      (campaign.type === 'AUTO_UPDATE' && campaign.campaign_type !== 'PROMOTION') ||
      campaign.campaign_type === 'LOYALTY_PROGRAM'
    ) {
      while (found.length < count) found.push(vouchers.create({}, origin, campaign));
    }
    return found;
  }

  #succeed(base: Attempt, vouchers: readonly StoredVoucher[], origin: Origin): StoredPublication {
    const { customer, campaign } = base;
    const id = this.context.ids('pub');
    const expiration = campaign ? expirationAfterPublishing(campaign, this.context.clock.now()) : null;
    const published = vouchers.map((voucher) => {
      // A code already held by someone else is refused before this point; the check here keeps the rule whatever the caller.
      if (voucher.holder_id && voucher.holder_id !== customer.id)
        throw new RangeError(`voucher ${voucher.code} is held by another customer`);
      return this.deps.vouchers.publish(voucher.id, customer.id, expiration);
    });
    const publication = this.#store(id, base, published, null);
    // The customer a referral code is published to is its referrer, who shares it.
    for (const voucher of published)
      this.hold(customer.id, voucher, voucher.is_referral_code === true ? 'REFERRER' : 'OWNER');
    if (campaign) {
      const joined = this.#joined.get(campaign.id);
      if (joined === undefined)
        this.#joined.set(campaign.id, this.context.tracked.innerMap<string, string>().set(customer.id, id));
      else joined.set(customer.id, id);
    }
    this.#recordSuccess(publication, published, campaign, origin);
    return publication;
  }

  #fail(base: Attempt, failure: Failure, voucher?: StoredVoucher): ApiError {
    this.#store(this.context.ids('pub'), { ...base, sourceId: null }, voucher ? [voucher] : EMPTY_LIST, failure);
    return new ApiError(400, failure.key, failure.message, {
      details: failure.details,
      ...(voucher ? { resourceId: voucher.code, resourceType: 'voucher' } : {}),
    });
  }

  /** Stores a publication that handed out `vouchers`, or failed; its fields are written by name, so that V8 keeps them all inside the record. */
  #store(id: string, base: Attempt, vouchers: readonly StoredVoucher[], failure: Failure | null): StoredPublication {
    const { request, customer, campaign, sourceId } = base;
    const first = vouchers[0];
    const publication: StoredPublication = {
      id,
      created_at: this.context.timestamp(),
      metadata: copyOrEmpty(request.metadata),
      source_id: sourceId,
      codes: oneOrList(vouchers.map((voucher) => voucher.code)),
      voucherIds: oneOrList(vouchers.map((voucher) => voucher.id)),
      kind: sharedKind({
        channel: request.channel ?? 'API',
        result: failure ? 'FAILURE' : 'SUCCESS',
        campaign_id: campaign?.id ?? null,
        campaign_name: campaign?.name ?? null,
        voucher_type: first ? familyOf(first) : null,
        is_referral_code: first?.is_referral_code ?? (failure ? campaign?.is_referral_code : undefined) ?? false,
        failure_code: failure?.key ?? null,
        failure_message: failure?.message ?? null,
      }),
      customer,
    };
    const position = this.#sequence.push(publication) - 1;
    this.#positions.set(publication.id, position);
    this.#index(publication, position);
    if (publication.kind.result === 'SUCCESS' && publication.source_id !== null)
      this.#bySourceId.set(publication.source_id, publication.id);
    return publication;
  }

  /** Adds the publication at a position to the list orders' indexes. */
  #index(publication: StoredPublication, position: number): void {
    this.#orders.add(position);
    this.#scopes.add(
      [publication.kind.campaign_name, publication.kind.campaign_id].filter((campaign) => campaign !== null),
      position,
    );
  }

  #customerOf(publication: StoredPublication): Customer {
    return this.deps.customers.find(customerIdOf(publication)) ?? publication.customer;
  }

  #base(publication: StoredPublication) {
    return {
      id: publication.id,
      object: 'publication' as const,
      created_at: publication.created_at,
      customer_id: customerIdOf(publication),
      tracking_id: trackingIdOf(publication),
      metadata: { ...publication.metadata },
      channel: publication.kind.channel,
      source_id: publication.source_id,
      customer: this.#customerOf(publication),
      vouchers_id: [...itemsOf(publication.voucherIds)],
    };
  }

  #listed(publication: StoredPublication): PublicationListItem {
    const base = this.#base(publication);
    if (publication.kind.result === 'FAILURE') {
      return {
        ...base,
        result: 'FAILURE',
        failure_code: publication.kind.failure_code ?? '',
        failure_message: publication.kind.failure_message ?? '',
      };
    }
    const { codes, voucherIds } = publication;
    if (typeof codes !== 'string' || typeof voucherIds !== 'string')
      return { ...base, result: 'SUCCESS', vouchers: [...itemsOf(codes)] };
    const code = codes;
    const voucher = this.deps.vouchers.find(voucherIds);
    return {
      ...base,
      result: 'SUCCESS',
      voucher: {
        code,
        object: 'voucher',
        campaign: publication.kind.campaign_name,
        ...(voucher?.discount ? { discount: voucher.discount } : {}),
        ...(voucher?.gift ? { gift: { ...voucher.gift, effect: voucher.gift.effect ?? 'APPLY_TO_ORDER' } } : {}),
        ...(voucher?.loyalty_card ? { loyalty_card: voucher.loyalty_card } : {}),
        is_referral_code: publication.kind.is_referral_code,
      },
    };
  }

  /** The answer of a publication request: a repeat answers the vouchers as they are now. */
  #answer(publication: StoredPublication): PublicationAnswer {
    const base = { ...this.#base(publication), result: 'SUCCESS' as const };
    const { vouchers } = this.deps;
    const voucher = typeof publication.voucherIds === 'string' ? vouchers.find(publication.voucherIds) : undefined;
    if (voucher) return { ...base, voucher: vouchers.present(voucher) };
    return { ...base, vouchers: [...itemsOf(publication.codes)] };
  }

  #recordSuccess(
    publication: StoredPublication,
    published: readonly StoredVoucher[],
    campaign: Campaign | null,
    origin: Origin,
  ): void {
    const { events } = this.deps;
    const customer = simpleCustomer(publication.customer);
    const shown = this.#base(publication);
    const listed = { ...shown, result: 'SUCCESS' as const, vouchers: [...itemsOf(publication.codes)] };
    const simpleCampaignOrNull = campaign ? simpleCampaign(campaign) : null;
    for (const voucher of published) {
      events.record('voucher.published', {
        entityId: voucher.id,
        origin,
        data: {
          customer,
          campaign: simpleCampaignOrNull,
          publication: listed,
          voucher: simpleVoucher(voucher),
          created_at: publication.created_at,
        },
      });
    }
    const [first] = published;
    events.record('publication.succeeded', {
      entityId: publication.id,
      origin,
      data: {
        customer,
        campaign: simpleCampaignOrNull,
        publication: listed,
        ...(first && published.length === 1 ? { voucher: simpleVoucher(first) } : {}),
        vouchers: published.map((voucher) => simpleVoucher(voucher)),
        user: null,
      },
    });
  }

  #redeemable(holding: Holding): CustomerRedeemable | undefined {
    const { vouchers, campaigns } = this.deps;
    const voucher = vouchers.find(holding.voucherId);
    if (!voucher) return undefined;
    const campaign = voucher.campaign_id ? campaigns.find(voucher.campaign_id) : undefined;
    const shown = vouchers.listed(voucher);
    return {
      ...holdingFields(holding, voucher),
      campaign_id: campaign?.id ?? null,
      campaign_type: campaign?.campaign_type ?? null,
      redeemable: {
        type: 'voucher',
        voucher: {
          ...shown,
          object: 'voucher',
          campaign: voucher.campaign ?? '',
          campaign_id: voucher.campaign_id ?? '',
          category: voucher.category ?? null,
          category_id: voucher.category_id ?? null,
          type: voucher.type ?? 'DISCOUNT_VOUCHER',
          discount: voucher.discount ?? null,
          gift: voucher.gift ? { ...voucher.gift, effect: voucher.gift.effect ?? 'APPLY_TO_ORDER' } : null,
          loyalty_card: voucher.loyalty_card ?? null,
          start_date: voucher.start_date ?? null,
          expiration_date: voucher.expiration_date ?? null,
          validity_timeframe: voucher.validity_timeframe ?? null,
          validity_day_of_week: voucher.validity_day_of_week ?? null,
          validity_hours: voucher.validity_hours ?? null,
          active: voucher.active ?? null,
          additional_info: voucher.additional_info ?? null,
          metadata: { ...voucher.metadata },
          is_referral_code: voucher.is_referral_code ?? null,
          created_at: voucher.created_at ?? holding.created_at,
          updated_at: voucher.updated_at ?? voucher.created_at ?? holding.created_at,
          publish: { object: 'list', count: voucher.publish?.count ?? 0, url: listPath(voucher.code, 'publications') },
          redemption: {
            quantity: voucher.redemption?.quantity ?? null,
            redeemed_quantity: voucher.redemption?.redeemed_quantity ?? 0,
            ...(voucher.redemption?.redeemed_points === undefined
              ? {}
              : { redeemed_points: voucher.redemption.redeemed_points }),
            object: 'list',
            url: listPath(voucher.code, 'redemptions'),
          },
          holder_id: voucher.holder_id ?? holding.customerId,
        },
        status: redeemableStatus(voucher, vouchers.checkValidity(voucher.id)),
      },
    };
  }
}

interface Failure {
  readonly key: string;
  readonly message: string;
  readonly details: string;
}

interface Attempt {
  readonly request: PublicationRequest;
  readonly customer: Customer;
  readonly campaign: Campaign | null;
  readonly sourceId: string | null;
}
