import { type FilterPredicate, compileFilter } from '@voucherkit/domain';
import { allOf, dateRangeFilter } from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import type { EventLog } from '../../../core/event-log.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { type Page, type SortedPageQuery, pageOf, sortByOrder, timeCursorPageOf } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import type { MetadataSchemaStore } from '../../catalog/metadata-schemas/store.js';
import {
  type Customer,
  type CustomerProfile,
  type CustomerReference,
  applyProfile,
  profileChanged,
} from './profile.js';
import { EMPTY_OBJECT, freezeDeep } from '../../../core/immutable.js';
import type { Origin } from '../../../core/origin.js';

export type { Customer, CustomerProfile, CustomerReference } from './profile.js';

/** The record of a customer's permanent deletion, as the API returns it. */
export type CustomerPermanentDeletion = Resource<'CustomerPermanentDeletion'>;

/** Totals of a customer's orders (`summary.orders`), kept by the order store. */
export type CustomerOrderSummary = Resource<'CustomerSummaryOrder'>;

/**
 * A create-or-update request: the profile fields, and the `id` or `source_id` that names the
 * customer (neither creates a customer without a `source_id`).
 *
 * @example
 * ```ts
 * const input: CustomerUpsert = { source_id: 'ana@example.com', name: 'Ana' };
 * ```
 */
export type CustomerUpsert = CustomerProfile & { id?: string | undefined; source_id?: string | undefined };

/**
 * What a change to a customer reports, so callers can tell a creation from an update and a
 * real change from a repeat.
 *
 * @example
 * ```ts
 * const { customer, created, changed }: CustomerChange = customers.upsert({ source_id: 'ana' });
 * ```
 */
export interface CustomerChange {
  /** The customer after the change. */
  readonly customer: Customer;
  /** The customer before the change; `undefined` when it was created. */
  readonly before: Customer | undefined;
  /** Whether the customer was created. */
  readonly created: boolean;
  /** Whether a profile field changed (always `true` for a creation). */
  readonly changed: boolean;
}

/** The list parameters of `GET /v1/customers` that the store applies. */
export interface CustomerListQuery extends SortedPageQuery<CustomerOrder> {
  /** Only the customers with this email address. */
  readonly email?: string | undefined;
  /** Only the customers whose address is in this city. */
  readonly city?: string | undefined;
  /** Only the customers with this name. */
  readonly name?: string | undefined;
  /** Only the customers created before this moment. */
  readonly 'created_at[before]'?: string | undefined;
  /** Only the customers created after this moment. */
  readonly 'created_at[after]'?: string | undefined;
  /** Only the customers last changed before this moment. */
  readonly 'updated_at[before]'?: string | undefined;
  /** Only the customers last changed after this moment. */
  readonly 'updated_at[after]'?: string | undefined;
  /**
   * Cursor: a `created_at`. The page holds the customers created after it (before it when the
   * order is descending), in the list's order; `page` is ignored when it is sent.
   */
  readonly starting_after?: string | undefined;
}

/** The sort keys of the customer list. */
type CustomerOrder = 'created_at' | '-created_at' | 'updated_at' | '-updated_at' | 'source_id' | '-source_id';

/** A customer's answer to one of the project's consents: given (`true`) or withdrawn, and when. */
export type CustomerConsent = Resource<'CustomerConsents'>[string];

/** A custom event's tally on a customer, as segments read it (`events.<name>.count`). */
interface EventTally {
  readonly count: number;
  readonly last_occurred: string;
}

/** A stored customer; replaced whole at each change, never changed in place. */
interface Entry {
  readonly customer: Customer;
  /** The tallies of the custom events the customer performed, by name; absent until the first. */
  readonly events?: Readonly<Record<string, EventTally>>;
}

/**
 * What every new customer starts with, shared and frozen: a change replaces the part it changes,
 * so most customers (who never earn loyalty points or refer anyone) keep sharing them.
 */
const EMPTY_SUMMARY: NonNullable<Customer['summary']> = freezeDeep({
  redemptions: {
    total_redeemed: 0,
    total_failed: 0,
    total_succeeded: 0,
    total_rolled_back: 0,
    total_rollback_failed: 0,
    total_rollback_succeeded: 0,
    gift: { redeemed_amount: 0, amount_to_go: 0 },
    loyalty_card: { redeemed_points: 0, points_to_go: 0 },
  },
  orders: { total_amount: 0, total_count: 0, average_amount: 0, last_order_amount: 0 },
});
const NO_LOYALTY: NonNullable<Customer['loyalty']> = freezeDeep({ points: 0, referred_customers: 0, campaigns: {} });
const NO_REFERRALS: NonNullable<Customer['referrals']> = freezeDeep({ total: 0, campaigns: [] });

const ID_PREFIX = 'cust_';

/**
 * Customers of one project, addressed by id (`cust_…`) or `source_id`, which is unique in the
 * project. Creating with a known `id` or `source_id` updates that customer instead (upsert).
 * Other areas resolve the `customer` object of their requests here with {@link resolve}.
 */
export class CustomerStore {
  readonly #entries: TrackedMap<string, Entry>;
  readonly #idsBySource: TrackedMap<string, string>;
  readonly #deletions: TrackedMap<string, CustomerPermanentDeletion>;
  /** not state: the filter view of each entry that has event tallies, made once per (never changed) entry. */
  readonly #views = new WeakMap<Entry, Record<string, unknown>>();

  constructor(
    private readonly context: ServiceContext,
    private readonly metadataSchemas: MetadataSchemaStore,
    private readonly events: EventLog,
  ) {
    this.#entries = context.tracked.map();
    this.#idsBySource = context.tracked.map();
    this.#deletions = context.tracked.map();
  }

  /** Number of customers in the project. */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The customer with this id or `source_id`, if any. An id is looked up first, so a
   * `source_id` that equals another customer's id names that other customer.
   *
   * @param idOrSourceId - A customer id (`cust_…`) or `source_id`.
   * @returns The customer, or `undefined`.
   */
  find(idOrSourceId: string): Customer | undefined {
    return this.#entryOf(idOrSourceId)?.customer;
  }

  /**
   * The customer with this id or `source_id`.
   *
   * @param idOrSourceId - A customer id (`cust_…`) or `source_id`.
   * @returns The customer.
   * @throws ApiError 404 when the project has no such customer.
   */
  get(idOrSourceId: string): Customer {
    const customer = this.find(idOrSourceId);
    if (!customer) throw ApiError.notFound('customer', idOrSourceId);
    return customer;
  }

  /** Every customer, oldest first. */
  all(): Customer[] {
    return [...this.#entries.values()].map((entry) => entry.customer);
  }

  /**
   * The customer as filters and segments see it: the profile with `summary`, plus
   * `events.<name>.count` and `events.<name>.last_occurred` for each custom event it performed.
   *
   * @param customer - A stored customer.
   * @returns The record to match filters against.
   */
  filterView(customer: Customer): Record<string, unknown> {
    const entry = this.#entries.get(customer.id);
    return entry === undefined ? customer : this.#viewOf(entry);
  }

  /**
   * Creates a customer, or updates the one that `id` or `source_id` names (the service's
   * upsert). With `id`, `source_id` is ignored.
   *
   * Records `customer.created`, or `customer.updated` when a profile field changed.
   *
   * @param input - The profile and the identifying field.
   * @param origin - The request, or `silent` for bulk jobs.
   * @returns What happened.
   * @throws ApiError 404 when `id` names no customer; DomainError `metadata_validation_failed`.
   */
  upsert(input: CustomerUpsert, origin: Origin = {}): CustomerChange {
    return this.#announce(this.#upsert(input), origin);
  }

  /**
   * Changes the profile fields sent and leaves the others as they are: metadata keys sent replace
   * their values (a key sent as `null` is removed), address parts likewise, `address: null`
   * clears the address. `updated_at` changes only when a field does.
   *
   * Records `customer.updated` when a field changed.
   *
   * @param idOrSourceId - The customer's id or `source_id`.
   * @param profile - The fields to change.
   * @param origin - The request, or `silent` for bulk jobs.
   * @returns What happened.
   * @throws ApiError 404; DomainError `metadata_validation_failed`.
   */
  update(idOrSourceId: string, profile: CustomerProfile, origin: Origin = {}): CustomerChange {
    return this.#announce(this.#update(idOrSourceId, profile), origin);
  }

  #upsert(input: CustomerUpsert): CustomerChange {
    const { id, source_id: sourceId, ...profile } = input;
    if (id !== undefined) return this.#update(this.#byIdOnly(id).id, profile);
    const existing = sourceId === undefined ? undefined : this.#entries.get(this.#idsBySource.get(sourceId) ?? '');
    if (existing) return this.#update(existing.customer.id, profile);
    return this.#create(sourceId ?? null, profile);
  }

  #update(idOrSourceId: string, profile: CustomerProfile): CustomerChange {
    const entry = this.#entryOf(idOrSourceId);
    if (!entry) throw ApiError.notFound('customer', idOrSourceId);
    const before = entry.customer;
    const patched = applyProfile(before, profile);
    if (profile.metadata !== undefined) this.metadataSchemas.assertValid('customer', patched.metadata);
    const changed = profileChanged(before, patched);
    if (!changed) return { customer: before, before, created: false, changed: false };
    const customer = { ...patched, updated_at: this.context.timestamp() };
    this.#entries.set(customer.id, { ...entry, customer });
    return { customer, before, created: false, changed: true };
  }

  /**
   * Finds the customer a request's `customer` names without changing anything: by `id`, else
   * by `source_id`; a plain string is an id or a `source_id`.
   *
   * @param reference - The request's `customer`.
   * @returns The stored customer, or `undefined` when there is none yet.
   */
  lookup(reference: CustomerReference): Customer | undefined {
    if (typeof reference === 'string') return this.find(reference);
    if (reference.id !== undefined) return this.#entries.get(reference.id)?.customer;
    return reference.source_id === undefined
      ? undefined
      : this.#entries.get(this.#idsBySource.get(reference.source_id) ?? '')?.customer;
  }

  /**
   * Resolves the `customer` of a validation, redemption, publication, order or event request,
   * creating or updating the customer as the service does:
   * - `{ id }` (other fields ignored but the profile) names an existing customer; its profile is
   *   updated with the fields sent;
   * - `{ source_id, name, email, metadata … }` updates the customer with that `source_id`, or
   *   creates it;
   * - `{ name, email, metadata … }` without `id` or `source_id` creates a new customer each time,
   *   without a `source_id` (decision 0036);
   * - a plain string is an id (`cust_…`) or a `source_id`; an unknown `source_id` creates a
   *   customer with it.
   *
   * It records `customer.created` for a new customer and `customer.updated` for a profile that
   * changed, like the customer endpoints.
   *
   * @param reference - The request's `customer`.
   * @param origin - The request, or `silent` for bulk jobs (order imports).
   * @returns What happened: the customer, and whether it was created or changed.
   * @throws ApiError 404 when an id (`cust_…`) names no customer; DomainError
   *   `metadata_validation_failed`.
   */
  resolve(reference: CustomerReference, origin: Origin = {}): CustomerChange {
    if (typeof reference === 'string') {
      const known = this.find(reference);
      if (known) return { customer: known, before: known, created: false, changed: false };
      if (reference.startsWith(ID_PREFIX)) throw ApiError.notFound('customer', reference);
      return this.#announce(this.#create(reference, {}), origin);
    }
    return this.upsert(reference, origin);
  }

  /**
   * Removes a customer; its `source_id` can be used again.
   *
   * Records `customer.deleted`.
   *
   * @param idOrSourceId - The customer's id or `source_id`.
   * @param origin - The request.
   * @returns The removed customer.
   * @throws ApiError 404.
   */
  delete(idOrSourceId: string, origin: Origin = {}): Customer {
    const customer = this.get(idOrSourceId);
    this.#entries.delete(customer.id);
    if (customer.source_id !== null) this.#idsBySource.delete(customer.source_id);
    if (origin.silent !== true) {
      this.events.record('customer.deleted', {
        entityId: customer.id,
        data: { customer },
        origin,
      });
    }
    return customer;
  }

  /**
   * Erases a customer for good and keeps the record of the deletion, with counts of what went.
   * Asking again for the same customer id returns that record.
   *
   * Records `customer.deleted`.
   *
   * @param idOrSourceId - The customer's id or `source_id`.
   * @param erased - Counts of the linked data the other stores erased.
   * @param origin - The request.
   * @returns The deletion record.
   * @throws ApiError 404 when the customer neither exists nor was permanently deleted.
   */
  deletePermanently(
    idOrSourceId: string,
    erased: Partial<Omit<CustomerPermanentDeletion['data_json'], 'customer'>> = {},
    origin: Origin = {},
  ): CustomerPermanentDeletion {
    const previous = this.#deletions.get(idOrSourceId);
    if (previous) return previous;
    const customer = this.delete(idOrSourceId, origin);
    const record: CustomerPermanentDeletion = {
      id: this.context.ids('del'),
      created_at: this.context.timestamp(),
      related_object_id: customer.id,
      related_object: 'customer',
      status: 'DONE',
      data_json: {
        events: erased.events ?? 0,
        customer_events: erased.customer_events ?? 0,
        daily_events: erased.daily_events ?? 0,
        segments: erased.segments ?? 0,
        orders: erased.orders ?? 0,
        order_events: erased.order_events ?? 0,
        customer: 1,
      },
      object: 'pernament_deletion',
    };
    this.#deletions.set(customer.id, record);
    return record;
  }

  /**
   * The record of a customer's permanent deletion, if there was one.
   *
   * @param customerId - The deleted customer's id.
   * @returns The record, or `undefined`.
   */
  deletion(customerId: string): CustomerPermanentDeletion | undefined {
    return this.#deletions.get(customerId);
  }

  /**
   * One page of the customers that match the list's parameters and `extra` (a segment), sorted
   * as asked (newest first by default). With `starting_after`, the page holds the customers
   * created after that moment in the list's direction: later ones for an ascending order,
   * earlier ones for a descending one, whatever field the list is sorted on.
   *
   * @param query - The list parameters; a parameter the caller did not send is left out.
   * @param extra - Another condition every listed customer must meet, on the filter view.
   * @returns The page.
   */
  list(query: CustomerListQuery = {}, extra?: FilterPredicate): Page<Customer> {
    const filter = {
      ...(query.email === undefined ? {} : { email: { conditions: { $is: [query.email] } } }),
      ...(query.city === undefined ? {} : { 'address.city': { conditions: { $is: [query.city] } } }),
      ...(query.name === undefined ? {} : { name: { conditions: { $is: [query.name] } } }),
    };
    const filters = [
      filter,
      dateRangeFilter('created_at', { after: query['created_at[after]'], before: query['created_at[before]'] }),
      dateRangeFilter('updated_at', { after: query['updated_at[after]'], before: query['updated_at[before]'] }),
    ].filter((part) => Object.keys(part).length > 0);
    // Parameters that were not sent add no predicate, so a segment alone costs only its filter.
    const predicates = [...filters.map((part) => compileFilter(part)), ...(extra === undefined ? [] : [extra])];
    const matches = predicates.length === 1 ? (predicates[0] as FilterPredicate) : allOf(...predicates);
    const items: Customer[] = [];
    for (const entry of this.#entries.values()) if (matches(this.#viewOf(entry))) items.push(entry.customer);
    const order = query.order ?? '-created_at';
    const sorted = sortByOrder(items, order);
    if (query.starting_after === undefined) return pageOf(sorted, { page: query.page, limit: query.limit });
    return timeCursorPageOf(sorted, {
      limit: query.limit,
      startingAfter: query.starting_after,
      descending: order.startsWith('-'),
    });
  }

  /**
   * Counts a custom event on the customer (`events.<name>.count`, `events.<name>.last_occurred`),
   * which segments can filter on. The profile is unchanged.
   *
   * @param customerId - The customer's id.
   * @param eventName - The custom event's name.
   */
  countEvent(customerId: string, eventName: string): void {
    const entry = this.#entries.get(customerId);
    if (!entry) return;
    const tally = entry.events?.[eventName] ?? { count: 0, last_occurred: '' };
    this.#entries.set(customerId, {
      ...entry,
      events: { ...entry.events, [eventName]: { count: tally.count + 1, last_occurred: this.context.timestamp() } },
    });
  }

  /**
   * Replaces `summary.orders` with totals the order store computed; no event, and `updated_at`
   * stays, as the summary is not part of the profile.
   *
   * @param customerId - The customer's id.
   * @param orders - The new totals.
   */
  setOrderSummary(customerId: string, orders: CustomerOrderSummary): void {
    const entry = this.#entries.get(customerId);
    if (!entry) return;
    const summary = entry.customer.summary ?? EMPTY_SUMMARY;
    this.#entries.set(customerId, { ...entry, customer: { ...entry.customer, summary: { ...summary, orders } } });
  }

  /**
   * Counts a referral: the referee's `referrals` gain an entry (who referred them, in which
   * campaign, through which redemption or event) and the referrer's `loyalty.referred_customers`
   * grows by one. No event, and `updated_at` stays: these are the service's own counters.
   *
   * @param referral - The referee, the referrer, the campaign and what recorded it.
   */
  countReferral(referral: {
    readonly refereeId: string;
    readonly referrerId: string;
    readonly campaignId: string;
    readonly relatedObject: { readonly id: string; readonly type: string };
  }): void {
    const referee = this.#entries.get(referral.refereeId);
    const referrer = this.#entries.get(referral.referrerId);
    if (!referee || !referrer) return;
    const referrals = referee.customer.referrals ?? { total: 0, campaigns: [] };
    const entry = {
      campaign_id: referral.campaignId,
      referrer_id: referral.referrerId,
      related_object_id: referral.relatedObject.id,
      related_object_type: referral.relatedObject.type,
      date: this.context.timestamp(),
    };
    this.#entries.set(referee.customer.id, {
      ...referee,
      customer: {
        ...referee.customer,
        referrals: { total: referrals.total + 1, campaigns: [...referrals.campaigns, entry] },
      },
    });
    // Read again: referee and referrer are the same customer when one refers themselves.
    const current = this.#entries.get(referral.referrerId) as Entry;
    const loyalty = current.customer.loyalty ?? { points: 0, referred_customers: 0, campaigns: {} };
    this.#entries.set(current.customer.id, {
      ...current,
      customer: { ...current.customer, loyalty: { ...loyalty, referred_customers: loyalty.referred_customers + 1 } },
    });
  }

  /**
   * Replaces the customer's answers to the project's consents, kept under
   * `system_metadata.consents`; the customer's `updated_at` moves. No event is recorded: the
   * service's consent events left its description with its consent operations.
   *
   * @param customerId - The customer's id.
   * @param consents - Every answer of the customer, by consent id.
   * @returns The customer after the change.
   * @throws ApiError 404 when the project has no such customer.
   */
  setConsents(customerId: string, consents: Readonly<Record<string, CustomerConsent>>): Customer {
    const entry = this.#entries.get(customerId);
    if (!entry) throw ApiError.notFound('customer', customerId);
    const customer = {
      ...entry.customer,
      system_metadata: { ...entry.customer.system_metadata, consents },
      updated_at: this.context.timestamp(),
    };
    this.#entries.set(customerId, { ...entry, customer });
    return customer;
  }

  #announce(change: CustomerChange, origin: Origin): CustomerChange {
    if (origin.silent === true || !change.changed) return change;
    const { customer } = change;
    const input = { entityId: customer.id, data: { customer }, origin };
    if (change.created) this.events.record('customer.created', input);
    else this.events.record('customer.updated', input);
    return change;
  }

  #byIdOnly(id: string): Customer {
    const entry = this.#entries.get(id);
    if (!entry) throw ApiError.notFound('customer', id);
    return entry.customer;
  }

  #entryOf(idOrSourceId: string): Entry | undefined {
    return this.#entries.get(idOrSourceId) ?? this.#entries.get(this.#idsBySource.get(idOrSourceId) ?? '');
  }

  #create(sourceId: string | null, profile: CustomerProfile): CustomerChange {
    const now = this.context.timestamp();
    const blank: Customer = {
      id: this.context.ids('cust'),
      source_id: sourceId,
      metadata: EMPTY_OBJECT,
      summary: EMPTY_SUMMARY,
      loyalty: NO_LOYALTY,
      referrals: NO_REFERRALS,
      system_metadata: EMPTY_OBJECT,
      created_at: now,
      object: 'customer',
    };
    const customer = applyProfile(blank, profile);
    this.metadataSchemas.assertValid('customer', customer.metadata);
    this.#entries.set(customer.id, { customer });
    if (sourceId !== null) this.#idsBySource.set(sourceId, customer.id);
    return { customer, before: undefined, created: true, changed: true };
  }

  /** The customer as filters see it: the profile plus the tallies of custom events. */
  #viewOf(entry: Entry): Record<string, unknown> {
    if (entry.events === undefined) return entry.customer;
    let view = this.#views.get(entry);
    if (view === undefined) {
      view = { ...entry.customer, events: entry.events };
      this.#views.set(entry, view);
    }
    return view;
  }
}
