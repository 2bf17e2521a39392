import type { ActivityListQuery } from '../../../core/activity-log.js';
import type { EventLog, ServiceEvent } from '../../../core/event-log.js';
import { type Page, cursorPageOf } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import type { Customer } from './profile.js';

/** One entry of a customer's activity list. */
export type CustomerActivity = Resource<'CustomerActivity'>;

/**
 * The parameters of `GET /v1/customers/{customerId}/activity`: those of the other activity lists
 * (without their `starting_after` moment), and the campaign an event is about.
 */
export interface CustomerActivityQuery extends Omit<ActivityListQuery<string>, 'starting_after'> {
  /** Only events about the campaign with this id. */
  readonly campaign_id?: string | undefined;
  /** Only events about a campaign of this type. */
  readonly campaign_type?: string | undefined;
}

/**
 * Events that follow from something else (a segment move, a reward, a loyalty change) rather
 * than from what the customer or the caller did; they form the `EFFECT` category.
 */
const EFFECT_PREFIXES = ['customer.segment.', 'customer.rewarded', 'customer.loyalty.', 'customer.voucher.'];

/**
 * Whether an activity is an action (something done by or for the customer) or an effect of one.
 *
 * @param type - The event's name.
 * @returns `ACTION` or `EFFECT`.
 */
export const activityCategory = (type: string): 'ACTION' | 'EFFECT' =>
  EFFECT_PREFIXES.some((prefix) => type.startsWith(prefix)) ? 'EFFECT' : 'ACTION';

/** Parts of an event's payload that the activity shape leaves out rather than sending as `null`. */
const OPTIONAL_PARTS = ['referrer', 'redemption'];

const activityData = (data: unknown): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(data as Record<string, unknown>).filter(
      ([key, value]) => !(value === null && OPTIONAL_PARTS.includes(key)),
    ),
  );

const belongsTo = (event: ServiceEvent, customerId: string): boolean => {
  if (!event.type.startsWith('customer.')) return false;
  if (event.entity_id === customerId) return true;
  return (event.data as { customer?: { id?: unknown } }).customer?.id === customerId;
};

const campaignOf = (event: ServiceEvent): { id?: unknown; campaign_type?: unknown } | undefined =>
  (event.data as { campaign?: { id?: unknown; campaign_type?: unknown } }).campaign;

/**
 * Which events of the log a customer's activity list holds: the `customer.*` events that concern
 * the customer, narrowed by time window, campaign, category and event name.
 *
 * @param customer - The customer.
 * @param query - The list's conditions.
 * @returns Whether an event belongs in the list.
 */
export const customerActivityFilter = (
  customer: Customer,
  query: Omit<CustomerActivityQuery, 'limit' | 'order' | 'starting_after_id'>,
): ((event: ServiceEvent) => boolean) => {
  const start = query.start_date === undefined ? Number.NEGATIVE_INFINITY : Date.parse(query.start_date);
  const end = query.end_date === undefined ? Number.POSITIVE_INFINITY : Date.parse(query.end_date);
  return (event) => {
    if (!belongsTo(event, customer.id)) return false;
    const at = Date.parse(event.created_at);
    if (at < start || at > end) return false;
    if (query.type !== undefined && event.type !== query.type) return false;
    if (query.category !== undefined && activityCategory(event.type) !== query.category) return false;
    const campaign = campaignOf(event);
    if (query.campaign_id !== undefined && campaign?.id !== query.campaign_id) return false;
    return query.campaign_type === undefined || campaign?.campaign_type === query.campaign_type;
  };
};

/**
 * A customer's activity: the `customer.*` events of the project's event log that concern the
 * customer, as `listCustomerActivity` returns them, narrowed by time window, campaign, category
 * and event name, and paged by `starting_after_id`.
 *
 * @param events - The project's event log.
 * @param customer - The customer.
 * @param query - The list parameters.
 * @returns The page, with `moreStartingAfter` for the next request.
 * @throws ApiError 400 `invalid_query_params` for a cursor that names no activity.
 */
export const listCustomerActivity = (
  events: EventLog,
  customer: Customer,
  query: CustomerActivityQuery,
): Page<CustomerActivity> & { moreStartingAfter: string } =>
  eventActivityPage(events, [customer.id], customerActivityFilter(customer, query), query) as Page<CustomerActivity> & {
    moreStartingAfter: string;
  };

/**
 * One entry of an activity list built from the event log: the event's id, name, payload (with its
 * source) and time.
 */
export interface EventActivity {
  /** The event's id. */
  readonly id: string;
  /** The event's name, as the list shows it. */
  readonly type: string;
  /** The event's payload and who caused it. */
  readonly data: { readonly data: Record<string, unknown>; readonly event_source: ServiceEvent['event_source'] };
  /** When it happened. */
  readonly created_at: string;
  /** The request that caused it. */
  readonly group_id: string;
}

/**
 * An event of the log as activity lists show it: its id, name, payload (with its source) and time.
 *
 * @param event - The event.
 * @param typeOf - The name the event has in the list; its own by default.
 * @returns The activity.
 */
export const eventActivity = (
  event: ServiceEvent,
  typeOf: (event: ServiceEvent) => string = (known) => known.type,
): EventActivity => ({
  id: event.id,
  type: typeOf(event),
  data: { data: activityData(event.data), event_source: event.event_source },
  created_at: event.created_at,
  group_id: event.group_id,
});

/**
 * A page of the events of the log that `keep` selects, as an activity list shows them: newest
 * first unless `order` is `created_at`, paged by `starting_after_id`. Customers' and loyalty
 * members' activity lists are built on it.
 *
 * @param events - The project's event log.
 * @param subjects - Ids of the objects every event `keep` selects names (see `EventLog.about`).
 * @param keep - Which events the list holds.
 * @param query - Order, limit and cursor.
 * @param typeOf - The name an event has in the list; its own by default.
 * @returns The page, with `moreStartingAfter` for the next request.
 * @throws ApiError 400 `invalid_query_params` for a cursor that names no entry.
 */
export const eventActivityPage = (
  events: EventLog,
  subjects: readonly string[],
  keep: (event: ServiceEvent) => boolean,
  query: {
    readonly limit?: number | undefined;
    readonly order?: string | undefined;
    readonly starting_after_id?: string | undefined;
  },
  typeOf: (event: ServiceEvent) => string = (event) => event.type,
): Page<EventActivity> & { moreStartingAfter: string } => {
  // A first page reads the events that name the subjects; a page after a cursor ranks the cursor in the whole log.
  const paged = query.starting_after_id !== undefined && query.starting_after_id !== '';
  const all = paged ? events.list() : events.about(subjects);
  const descending = query.order !== 'created_at';
  const kept = all.filter(keep);
  if (descending) kept.reverse();
  // Ranks in the log, made only for a page after a cursor: a first page does not pay for a map of every event.
  let ranks: Map<string, number> | undefined;
  const activities = kept.map((event) => eventActivity(event, typeOf));
  return cursorPageOf(activities, { limit: query.limit, startingAfterId: query.starting_after_id }, (id) => {
    ranks ??= new Map(all.map((event, index) => [event.id, index]));
    const rank = ranks.get(id);
    return rank === undefined ? undefined : descending ? -rank : rank;
  });
};

/**
 * How many events of the log concern a customer, for the record of its permanent deletion.
 *
 * @param events - The project's event log.
 * @param customerId - The customer's id.
 * @returns The count.
 */
export const countCustomerEvents = (events: EventLog, customerId: string): number =>
  events.list().filter((event) => belongsTo(event, customerId)).length;
