import { type FilterCompileOptions, type FilterPredicate, compileFilter, parseFilter } from '@voucherkit/domain';
import { locationContains } from '@voucherkit/domain/internals';
import {
  type ActivityListBody,
  type ActivityListQuery,
  ActivityLog,
  activityListBody,
} from '../../../core/activity-log.js';
import type { ServiceContext } from '../../../core/context.js';
import { type EventLog, type EventType, type ServiceEvent, causedBy } from '../../../core/event-log.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { TrackedSet } from '../../../core/history/tracked-set.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import type { Customer, CustomerStore } from '../customers/store.js';
import type { LocationStore } from '../../catalog/locations/store.js';

/** A segment as the API returns it. */
export type Segment = Resource<'Segment'>;

/** What a segment's activity list holds. */
export type SegmentActivityType = Resource<'SegmentActivity'>['type'];

/** A segment create request: a static segment from customer ids, or a filter-based one. */
export type SegmentInput = Resource<'SegmentCreateRequest'>;

/** The list parameters of `GET /v1/segments` that the store applies. */
export interface SegmentListQuery {
  /** `created_at` oldest first, `-created_at` newest first (the default). */
  readonly order?: 'created_at' | '-created_at' | undefined;
  /** The `filters` deep-object parameter as parsed from the query. */
  readonly filters?: unknown;
  /** Only the segments with these ids. */
  readonly ids?: string | readonly string[] | undefined;
}

/** The events after which an active segment looks at the customer again. */
const CUSTOMER_CHANGES: ReadonlySet<EventType> = new Set<EventType>([
  'customer.created',
  'customer.updated',
  'customer.order.created',
  'customer.order.updated',
  'customer.order.paid',
  'customer.order.canceled',
  'customer.custom_event',
]);

/** How many passive and active segments a project may have, as the service limits them. */
const MAX_FILTER_SEGMENTS = 100;
/** How many customers a static segment may list. */
const MAX_STATIC_CUSTOMERS = 20_000;

const notEditable = (segment: Segment): ApiError =>
  new ApiError(400, 'segment_not_editable', 'Segment cannot be edited', {
    details:
      segment.type === 'static'
        ? `Segment ${segment.id} is static; its customers and name are fixed.`
        : `Segment ${segment.id} is active (auto-update); an active segment can no longer be edited.`,
  });

/**
 * Customer segments of one project. A static segment holds the customers it was created with;
 * a passive or active (`auto-update`) segment holds whoever matches its filter now, judged by the
 * domain's filter engine. Only passive segments can be edited; a passive segment becomes active
 * when an earning rule, a distribution or a referral tier uses it ({@link activate}).
 */
export class SegmentStore {
  /** The segments; a filter-based segment's filter is its `filter`, compiled again for each use so relative days count from now. */
  readonly #segments: TrackedMap<string, Segment>;
  /** The customer ids of each static segment. */
  readonly #members: TrackedMap<string, TrackedSet<string>>;
  readonly #activities: ActivityLog<SegmentActivityType>;
  /** The members of each active segment as last seen, to tell who entered and who left. */
  readonly #tracked: TrackedMap<string, TrackedSet<string>>;

  constructor(
    private readonly context: ServiceContext,
    private readonly customers: CustomerStore,
    private readonly events: EventLog,
    private readonly locations: LocationStore,
  ) {
    this.#segments = context.tracked.map();
    this.#members = context.tracked.map();
    this.#activities = new ActivityLog(context, 'evseg');
    this.#tracked = context.tracked.map();
    events.subscribe((event) => this.#onCustomerEvent(event));
  }

  /**
   * The segment with this id.
   *
   * @param id - The segment's id (`seg_…`).
   * @returns The segment.
   * @throws ApiError 404.
   */
  get(id: string): Segment {
    return this.#segment(id);
  }

  /**
   * Creates a segment. With a `filter` it is filter-based (passive unless `type` is
   * `auto-update`); without one it is static and lists `customers` (ids or `source_id`s).
   *
   * @param input - The request body.
   * @param origin - The request, for the `created` activity.
   * @returns The segment.
   * @throws ApiError 400 `invalid_payload` when the name is missing, a static segment names
   *   an unknown customer or more than 20,000 of them, or the project has 100 filter-based
   *   segments already; DomainError `invalid_payload` for a malformed filter.
   */
  create(input: SegmentInput, origin: Origin = {}): Segment {
    const body = input as {
      name?: string;
      type?: Segment['type'];
      filter?: Record<string, unknown>;
      customers?: string[];
    };
    if (body.name === undefined || body.name === '') throw ApiError.invalidPayload('Property .name is required');
    const filterBased = body.filter !== undefined;
    if (body.type === 'static' && filterBased)
      throw ApiError.invalidPayload('Property .filter is not allowed for a static segment');
    if (!filterBased && body.type !== undefined && body.type !== 'static') {
      throw ApiError.invalidPayload(`Property .filter is required for a segment of type ${body.type}`);
    }
    let segment: Segment;
    const now = this.context.timestamp();
    if (filterBased) {
      const filterSegments = this.#segments.size - this.#members.size;
      if (filterSegments >= MAX_FILTER_SEGMENTS) {
        throw ApiError.invalidPayload(`A project can have at most ${MAX_FILTER_SEGMENTS} passive and active segments.`);
      }
      this.#check(body.filter, false);
      segment = {
        id: this.context.ids('seg'),
        name: body.name,
        created_at: now,
        type: body.type === 'auto-update' ? 'auto-update' : 'passive',
        filter: body.filter as Segment['filter'],
        object: 'segment',
      };
    } else {
      segment = {
        id: this.context.ids('seg'),
        name: body.name,
        created_at: now,
        type: 'static',
        filter: null,
        object: 'segment',
      };
      this.#members.set(segment.id, this.context.tracked.innerSet(this.#staticMembers(body.customers ?? [])));
    }
    this.#segments.set(segment.id, segment);
    if (segment.type === 'auto-update') this.#track(segment.id);
    this.#activities.record(segment.id, 'created', { segment }, origin);
    return segment;
  }

  /**
   * Changes the name or the filter of a passive segment. A filter sent replaces the old one and
   * must have a `junction`.
   *
   * @param id - The segment's id.
   * @param patch - The new name and filter.
   * @param origin - The request, for the activities.
   * @returns The segment after the change.
   * @throws ApiError 404; 400 `segment_not_editable` for a static or active segment;
   *   DomainError `invalid_payload` for a malformed filter.
   */
  update(id: string, patch: Resource<'SegmentUpdateRequest'>, origin: Origin = {}): Segment {
    const before = this.#segment(id);
    if (before.type !== 'passive') throw notEditable(before);
    if (patch.filter !== undefined) this.#check(patch.filter, true);
    const renamed = patch.name !== undefined && patch.name !== before.name;
    const refiltered = patch.filter !== undefined && JSON.stringify(patch.filter) !== JSON.stringify(before.filter);
    if (!renamed && !refiltered) return before;
    const segment: Segment = {
      ...before,
      ...(renamed && patch.name !== undefined ? { name: patch.name } : {}),
      ...(refiltered ? { filter: patch.filter as Segment['filter'] } : {}),
      updated_at: this.context.timestamp(),
    };
    this.#segments.set(id, segment);
    if (renamed) this.#activities.record(id, 'updated', { segment, previous: { name: before.name } }, origin);
    if (refiltered)
      this.#activities.record(id, 'filters_updated', { segment, previous: { filter: before.filter } }, origin);
    return segment;
  }

  /**
   * Makes a passive segment active (`auto-update`), as using it in an earning rule, a
   * distribution or a referral tier does; from then on it cannot be edited. Active and static
   * segments are left as they are.
   *
   * @param id - The segment's id.
   * @param origin - The request that used the segment.
   * @returns The segment.
   * @throws ApiError 404.
   */
  activate(id: string, origin: Origin = {}): Segment {
    const current = this.#segment(id);
    if (current.type !== 'passive') return current;
    const segment: Segment = { ...current, type: 'auto-update', updated_at: this.context.timestamp() };
    this.#segments.set(id, segment);
    this.#track(id);
    this.#activities.record(id, 'activated', { segment }, origin, 'EFFECT');
    return segment;
  }

  /**
   * Removes a segment; its customers stay.
   *
   * @param id - The segment's id.
   * @throws ApiError 404.
   */
  delete(id: string): void {
    this.#segment(id);
    this.#segments.delete(id);
    this.#members.delete(id);
    this.#tracked.delete(id);
    this.#activities.forget(id);
  }

  /**
   * The segments that match the list's parameters, sorted (newest first by default).
   *
   * @param query - Order, `filters` and `ids`.
   * @returns The segments.
   * @throws DomainError `invalid_query_params` naming the offending part of `filters`.
   */
  list(query: SegmentListQuery = {}): Segment[] {
    const matches = compileFilter(query.filters, {
      source: { in: 'query', parameter: 'filters' },
      fields: ['id', 'name', 'type', 'created_at'],
      now: this.context.clock.now(),
    });
    const ids = query.ids === undefined ? undefined : new Set(typeof query.ids === 'string' ? [query.ids] : query.ids);
    const kept = [...this.#segments.values()].filter(
      (segment) => (ids === undefined || ids.has(segment.id)) && matches(segment),
    );
    return query.order === 'created_at' ? kept : kept.reverse();
  }

  /**
   * Whether a customer belongs to a segment now.
   *
   * @param id - The segment's id.
   * @param customer - A stored customer, or a would-be customer's record.
   * @returns `true` for a member.
   * @throws ApiError 404 for an unknown segment.
   */
  includes(id: string, customer: Customer | Record<string, unknown>): boolean {
    return this.membership(id)(this.#viewOf(customer));
  }

  /**
   * The membership test of a segment, to apply to many customers (`GET /v1/customers?segment_id=`).
   *
   * @param id - The segment's id.
   * @returns A predicate over customers as filters see them (`CustomerStore.filterView`).
   * @throws ApiError 404 for an unknown segment.
   */
  membership(id: string): FilterPredicate {
    const segment = this.#segment(id);
    const members = this.#members.get(id);
    if (members !== undefined) return (record) => members.has(String((record as { id?: unknown }).id));
    return compileFilter(segment.filter, this.#compileOptions());
  }

  /**
   * The segments a customer belongs to, oldest first.
   *
   * @param customer - A stored customer, or a would-be customer's record.
   * @returns The segments.
   */
  segmentsOf(customer: Customer | Record<string, unknown>): Segment[] {
    const view = this.#viewOf(customer);
    return [...this.#segments.keys()].filter((id) => this.membership(id)(view)).map((id) => this.get(id));
  }

  /**
   * Takes a customer out of every static segment (permanent deletion).
   *
   * @param customerId - The customer's id.
   * @returns How many segments listed the customer.
   */
  forgetCustomer(customerId: string): number {
    let count = 0;
    for (const members of this.#members.values()) if (members.delete(customerId)) count += 1;
    return count;
  }

  /**
   * The activities of a segment.
   *
   * @param id - The segment's id.
   * @param query - Window, type, category, order and cursors.
   * @returns The page as the activity operation answers it.
   * @throws ApiError 404.
   */
  activities(id: string, query: ActivityListQuery<SegmentActivityType> = {}): ActivityListBody<SegmentActivityType> {
    this.#segment(id);
    return activityListBody(this.#activities, id, query);
  }

  /** Starts following an active segment's members; those who match now are members without an event. */
  #track(id: string): void {
    const matches = this.membership(id);
    this.#tracked.set(
      id,
      this.context.tracked.innerSet(
        this.customers
          .all()
          .filter((customer) => matches(this.customers.filterView(customer)))
          .map((customer) => customer.id),
      ),
    );
  }

  /**
   * After a change of a customer, records `customer.segment.entered` and `customer.segment.left`
   * for the active segments whose membership it changed. Passive segments send no events.
   */
  #onCustomerEvent(event: ServiceEvent): void {
    if (event.type === 'customer.deleted') {
      for (const members of this.#tracked.values()) members.delete(event.entity_id);
      return;
    }
    if (!CUSTOMER_CHANGES.has(event.type)) return;
    const customer = this.customers.find(event.entity_id);
    if (!customer) return;
    const view = this.customers.filterView(customer);
    for (const [id, members] of this.#tracked) {
      const inside = this.membership(id)(view);
      if (inside === members.has(customer.id)) continue;
      if (inside) members.add(customer.id);
      else members.delete(customer.id);
      const segment = this.#segment(id);
      this.events.record(inside ? 'customer.segment.entered' : 'customer.segment.left', {
        entityId: customer.id,
        data: { customer, segment: { id: segment.id, name: segment.name, object: 'segment' } },
        origin: causedBy(event),
      });
    }
  }

  #segment(id: string): Segment {
    const segment = this.#segments.get(id);
    if (!segment) throw ApiError.notFound('segment', id);
    return segment;
  }

  #viewOf(record: Customer | Record<string, unknown>): Record<string, unknown> {
    const id = (record as { id?: unknown }).id;
    const stored = typeof id === 'string' ? this.customers.find(id) : undefined;
    return stored === undefined ? (record as Record<string, unknown>) : this.customers.filterView(stored);
  }

  /** Checks a filter the way the service does before storing it, compiling it once to catch what parsing alone lets through. */
  #check(filter: unknown, requireJunction: boolean): void {
    const source = { in: 'body', property: '.filter' } as const;
    parseFilter(filter, { source, requireJunction });
    compileFilter(filter, this.#compileOptions());
  }

  /**
   * How segment filters compile: from the body's `.filter`, relative days counted from now, and
   * `$in_location` answered by the project's locations (an unknown location holds no one).
   */
  #compileOptions(): FilterCompileOptions {
    return {
      source: { in: 'body', property: '.filter' },
      now: this.context.clock.now(),
      inLocation: (value, locationId) => {
        const location = this.locations.find(locationId);
        return location !== undefined && locationContains(location.shape, value);
      },
    };
  }

  #staticMembers(references: readonly string[]): string[] {
    if (references.length > MAX_STATIC_CUSTOMERS) {
      throw ApiError.invalidPayload(`Property .customers should have at most ${MAX_STATIC_CUSTOMERS} items`);
    }
    const unknown = references.filter((reference) => this.customers.find(reference) === undefined);
    if (unknown.length > 0)
      throw ApiError.invalidPayload(`Property .customers names unknown customers: ${unknown.slice(0, 10).join(', ')}`);
    return references.map((reference) => this.customers.get(reference).id);
  }
}
