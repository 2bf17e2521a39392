import type {
  DistributionWebhookEventMap,
  DistributionWebhookEventType,
  WebhookEventMap,
  WebhookEventType,
} from '@voucherkit/client';
import type { IdPrefix } from '@voucherkit/domain/internals';
import { DEFAULT_EVENT_RETENTION, type ServiceContext } from './context.js';
import type { Cell } from './history/cell.js';
import type { TrackedList } from './history/tracked-list.js';
import { type OneOrList, appendTo, itemsOf } from './history/one-or-list.js';
import type { TrackedMap } from './history/tracked-map.js';
import type { TrackedSet } from './history/tracked-set.js';
import { immutable } from './immutable.js';
import type { Origin } from './origin.js';
import type { Resource } from './resource.js';

/**
 * The name of an event the service records: a project webhook event (`voucher.created`,
 * `redemption.succeeded` …) or a distribution trigger (`customer.order.paid` …), as the spec's
 * webhooks name them.
 *
 * @example
 * ```ts
 * const type: EventType = 'campaign.deleted';
 * ```
 */
export type EventType = WebhookEventType | DistributionWebhookEventType;

/**
 * The payload of an event: the `data` of its sendout in the spec.
 *
 * @typeParam T - The event's name.
 * @example
 * ```ts
 * const data: EventData<'voucher.deleted'> = { voucher };
 * ```
 */
export type EventData<T extends EventType> = (WebhookEventMap & DistributionWebhookEventMap)[T]['data'];

/**
 * Who or what caused an event (`event.event_source` of a sendout).
 *
 * @example
 * ```ts
 * const source: EventSource = { channel: 'API' };
 * ```
 */
export type EventSource = Resource<'WebhookEventSource'>;

/**
 * An event as the log keeps it: the fields of a sendout's `event` object plus its payload. A
 * union over the event names, so narrowing on `type` types `data`.
 *
 * @typeParam T - The event's name; all of them by default.
 * @example
 * ```ts
 * const [created] = project.state.events.list({ type: 'voucher.created' });
 * created?.data.voucher.code;
 * ```
 */
export type ServiceEvent<T extends EventType = EventType> = T extends EventType
  ? {
      /** Event id, prefixed by its family (`evcus_…`, `evred_…`). */
      readonly id: string;
      readonly type: T;
      /** When it happened, on the service's clock. */
      readonly created_at: string;
      /** Id of the object the event is about (`v_…`, `camp_…`, `cust_…`, `r_…`). */
      readonly entity_id: string;
      /** Shared by every event that one request caused: the request id, or the event's own id. */
      readonly group_id: string;
      readonly event_source: EventSource;
      /**
       * The payload, frozen: its objects are shared with the records they name, never copied, and
       * never change. Made when the event was recorded, or when it is first read (decision 0050).
       */
      readonly data: EventData<T>;
    }
  : never;

/**
 * What a store passes to {@link EventLog.record}: the entity, where the change came from, and
 * the payload or a function and its arguments that make it when the event's `data` is first read
 * (decision 0050).
 *
 * @typeParam T - The event's name.
 * @typeParam A - The arguments of the function that makes the payload.
 */
export type EventInput<T extends EventType, A = never> = {
  /** Id of the object the event is about. */
  readonly entityId: string;
  /**
   * Where the change came from: its `requestId` becomes the event's `group_id` (default the
   * event's own id), its `source` the `event_source` (default `{ channel: 'API' }`). A silent
   * origin is the store's to honour: it records nothing then.
   */
  readonly origin?: Origin | undefined;
} & (
  | {
      /**
       * The payload, shaped as the spec's sendout `data` of this event. The log freezes it and
       * every object in it (decision 0041): pass stored records as they are, and fresh objects
       * for the rest.
       */
      readonly data: EventData<T>;
    }
  | {
      /**
       * Makes the payload from `args` when the event's `data` is first read. It may read only
       * what never changes (stored versions of records, its arguments), so that it makes the
       * same payload whenever it runs: one function for all events of a kind, not a closure
       * for each, which a kept event would hold with everything it captured.
       */
      readonly make: (args: A) => EventData<T>;
      /** What `make` makes the payload from, kept with the event until then. */
      readonly args: A;
    }
);

/**
 * The origin of what follows from an event, for a store that reacts to it: the event's request
 * (`group_id`), and its source unless the reaction names its own.
 *
 * @param event - The event reacted to.
 * @param source - Who the reaction is from; default the event's source.
 * @returns The origin to pass to the stores the reaction changes.
 */
export const causedBy = (event: ServiceEvent, source: EventSource = event.event_source): Origin => ({
  requestId: event.group_id,
  source,
});

/**
 * Which events {@link EventsView.list} returns; every field left out matches all.
 *
 * @typeParam T - The event name to keep.
 * @example
 * ```ts
 * const filter: EventFilter<'voucher.created'> = { type: 'voucher.created', entityId: 'v_0b5f49fb31c3bf6ab0' };
 * ```
 */
export interface EventFilter<T extends EventType> {
  /** Only events of this name. */
  readonly type?: T | undefined;
  /** Only events about this object (`entity_id`). */
  readonly entityId?: string | undefined;
  /** Only events caused by this request (`group_id`). */
  readonly groupId?: string | undefined;
}

const matches = (event: ServiceEvent, filter: EventFilter<EventType>): boolean =>
  (filter.type === undefined || event.type === filter.type) &&
  (filter.entityId === undefined || event.entity_id === filter.entityId) &&
  (filter.groupId === undefined || event.group_id === filter.groupId);

interface Subscription {
  readonly listener: (event: ServiceEvent) => void;
  readonly filter: EventFilter<EventType>;
}

type Family = EventType extends infer Type ? (Type extends `${infer Head}.${string}` ? Head : Type) : never;

/** The id prefix of each event family; a family the spec adds fails to compile here until it has one. */
const PREFIX_BY_FAMILY: Readonly<Record<Family, IdPrefix>> = {
  redemption: 'evred',
  customer: 'evcus',
  voucher: 'evvou',
  campaign: 'evcam',
  publication: 'evpub',
  business_validation_rule: 'evbus',
  manual_distribution_schedule: 'evman',
};

/** The objects an event names, for {@link EventLog.about}: its entity, and the `customer` and `voucher` of its payload. */
const subjectsOf = (event: ServiceEvent): string[] => {
  const data = event.data as {
    readonly customer?: { readonly id?: unknown } | null;
    readonly voucher?: { readonly id?: unknown } | null;
  };
  const subjects = [event.entity_id];
  const customer = data.customer?.id;
  const voucher = data.voucher?.id;
  if (typeof customer === 'string' && customer !== event.entity_id) subjects.push(customer);
  if (typeof voucher === 'string' && voucher !== event.entity_id && voucher !== customer) subjects.push(voucher);
  return subjects;
};

/** The source of an event that names none, shared by all of them. */
const API_SOURCE: EventSource = Object.freeze({ channel: 'API' });

/**
 * The source of the events of the mock's own jobs (the nightly run, the earner, the schedules):
 * one shared object, since a kept event holds its source.
 */
export const INTERNAL_SOURCE: EventSource = Object.freeze({ channel: 'INTERNAL' });

/** Where an event whose payload is made when first read keeps the arguments of the function that makes it, then the payload. */
const PAYLOAD = Symbol('payload');
/** Where such an event keeps that function, until it has made the payload. */
const MAKER = Symbol('maker');

/**
 * The `data` of such an event: one getter for all of them, so that they share one shape (V8 keeps
 * an accessor in the shape, and reuses the shape when the getter is the same). It is enumerable,
 * so JSON, spreads and snapshot images see `data` as a field.
 */
const DATA_WHEN_READ: PropertyDescriptor = {
  enumerable: true,
  get(this: { [PAYLOAD]: unknown; [MAKER]: ((args: unknown) => unknown) | undefined }): unknown {
    const maker = this[MAKER];
    if (maker === undefined) return this[PAYLOAD];
    const data = immutable(maker(this[PAYLOAD]));
    this[PAYLOAD] = data;
    this[MAKER] = undefined;
    return data;
  },
};

const familyOf = (type: EventType): Family => {
  const dot = type.indexOf('.');
  return (dot < 0 ? type : type.slice(0, dot)) as Family;
};

/** The id prefix of each event name met so far: the name is not cut up again for every event. */
const prefixes = new Map<EventType, IdPrefix>();

const prefixOf = (type: EventType): IdPrefix => {
  let prefix = prefixes.get(type);
  if (prefix === undefined) {
    prefix = PREFIX_BY_FAMILY[familyOf(type)];
    prefixes.set(type, prefix);
  }
  return prefix;
};

/**
 * The events of one project, oldest first: the newest `eventRetention` of them (50,000 by
 * default; older ones are dropped). Stores record what happened (`voucher.created`,
 * `campaign.deleted`, `customer.updated`, `redemption.succeeded` …) here; tests read the log,
 * and webhook delivery subscribes to it. There is no HTTP operation for it.
 */
export class EventLog {
  /** The kept events, oldest first; a few beyond the retention wait for the next trim. */
  readonly #events: TrackedList<ServiceEvent>;
  /** How many events were dropped before `#events[0]`: an event's place in the log is its index plus this. */
  readonly #dropped: Cell<number>;
  /**
   * The places of the events that name each object (see `subjectsOf`), ascending; places dropped
   * since are cleared at each trim. One place is kept alone (most objects are named by one kept
   * event), two or more as a list. Built from the kept events at the first {@link EventLog.about}
   * and kept in step from then on: a run that never reads an activity list (a load test, a
   * nightly run over 100,000 cards) does not pay for it. Tracked with the events, so a restore
   * takes it back with them, but not part of an image.
   */
  readonly #bySubject: TrackedMap<string, OneOrList<number>>;
  /** Whether `#bySubject` is built; taken back by a restore together with it. */
  readonly #indexed: Cell<boolean>;
  /**
   * The listeners. Those the stores wire when the project is built stay for its life; one added
   * later (a test's) is taken back by a restore to a snapshot taken before it, as the writes made
   * since are. Kept alongside the state, never in its image: a function cannot be written down.
   */
  readonly #subscriptions: TrackedSet<Subscription>;

  constructor(private readonly context: ServiceContext) {
    this.#events = context.tracked.list();
    this.#dropped = context.tracked.cell(0);
    this.#bySubject = context.tracked.innerMap();
    this.#indexed = context.tracked.innerCell(false);
    this.#subscriptions = context.tracked.innerSet();
    context.tracked.afterLoad(() => {
      this.#bySubject.load([]);
      this.#indexed.load(false);
    });
  }

  /**
   * Appends an event stamped with a new id and the current time, and tells the subscribers. The
   * payload is frozen, not copied: the records it names are kept by reference. A payload given as
   * a function and its arguments is made when `data` is first read, by a subscriber, a test or a
   * delivery; events that nobody reads (most of a nightly run's) never make theirs.
   *
   * @param type - The event's name.
   * @param input - The entity, origin and payload.
   * @returns The recorded event.
   */
  record<T extends EventType, A = never>(type: T, input: EventInput<T, A>): ServiceEvent<T> {
    const id = this.context.ids(prefixOf(type));
    const created_at = this.context.timestamp();
    const group_id = input.origin?.requestId ?? id;
    const event_source = input.origin?.source ?? API_SOURCE;
    let event: ServiceEvent<T>;
    if ('make' in input) {
      event = {
        id,
        type,
        created_at,
        entity_id: input.entityId,
        group_id,
        event_source,
        [PAYLOAD]: input.args,
        [MAKER]: input.make,
      } as unknown as ServiceEvent<T>;
      Object.defineProperty(event, 'data', DATA_WHEN_READ);
    } else {
      event = {
        id,
        type,
        created_at,
        entity_id: input.entityId,
        group_id,
        event_source,
        data: immutable(input.data),
      } as ServiceEvent<T>;
    }
    const place = this.#dropped.value + this.#events.push(event as ServiceEvent) - 1;
    if (this.#indexed.value) this.#index(event as ServiceEvent, place);
    this.#trim();
    for (const { listener, filter } of this.#subscriptions) {
      if (matches(event as ServiceEvent, filter)) listener(event as ServiceEvent);
    }
    return event;
  }

  /**
   * The recorded events that match the filter, oldest first.
   *
   * @param filter - Event name, entity and request to keep.
   * @returns The matching events.
   */
  list<T extends EventType = EventType>(filter: EventFilter<T> = {}): ServiceEvent<T>[] {
    const kept: ServiceEvent<T>[] = [];
    const events = this.#events.items;
    for (let index = Math.max(0, events.length - this.#retention); index < events.length; index += 1) {
      const event = events[index] as ServiceEvent;
      if (matches(event, filter)) kept.push(event as ServiceEvent<T>);
    }
    return kept;
  }

  /**
   * The kept events that name any of the objects, oldest first: as their entity, or as the
   * `customer` or `voucher` of their payload. An activity list reads these instead of the whole log.
   *
   * @param subjects - Ids of the objects.
   * @returns The events, in log order.
   */
  about(subjects: readonly string[]): ServiceEvent[] {
    if (!this.#indexed.value) {
      this.#indexed.value = true;
      this.#events.items.forEach((event, index) => this.#index(event, this.#dropped.value + index));
    }
    const dropped = this.#dropped.value;
    const first = dropped + Math.max(0, this.#events.length - this.#retention);
    const places = new Set<number>();
    for (const subject of subjects)
      for (const place of itemsOf(this.#bySubject.get(subject))) if (place >= first) places.add(place);
    return [...places].sort((a, b) => a - b).map((place) => this.#events.items[place - dropped] as ServiceEvent);
  }

  /**
   * Calls `listener` with every matching event recorded from now on, synchronously, in order.
   * A listener added after a snapshot is gone once that snapshot is restored.
   *
   * @param listener - Receives each new event.
   * @param filter - Event name, entity and request to keep; every event by default.
   * @returns A function that stops the calls.
   */
  subscribe<T extends EventType = EventType>(
    listener: (event: ServiceEvent<T>) => void,
    filter: EventFilter<T> = {},
  ): () => void {
    const subscription: Subscription = { listener: listener as (event: ServiceEvent) => void, filter };
    this.#subscriptions.add(subscription);
    return () => {
      this.#subscriptions.delete(subscription);
    };
  }

  /** How many events the log keeps: the service's `eventRetention`. */
  get #retention(): number {
    return this.context.settings.eventRetention ?? DEFAULT_EVENT_RETENTION;
  }

  /** Files an event's place under each object it names. */
  #index(event: ServiceEvent, place: number): void {
    // The subjects of one event are distinct, so a place is filed once under each.
    for (const subject of subjectsOf(event)) appendTo(this.#bySubject, subject, place, this.context.tracked);
  }

  /** Drops the oldest events beyond the retention, in batches so that a record costs O(1) on average. */
  #trim(): void {
    const retention = this.#retention;
    if (this.#events.length <= retention + Math.max(64, retention >> 4)) return;
    const gone = this.#events.splice(0, this.#events.length - retention);
    const dropped = (this.#dropped.value += gone.length);
    if (!this.#indexed.value) return;
    // Each subject of a dropped event loses its leading places below the log's new start, once per trim.
    const touched = new Set<string>();
    for (const event of gone) for (const subject of subjectsOf(event)) touched.add(subject);
    for (const subject of touched) {
      const places = this.#bySubject.get(subject);
      if (places === undefined) continue;
      if (typeof places === 'number') {
        if (places < dropped) this.#bySubject.delete(subject);
        continue;
      }
      let stale = 0;
      while (stale < places.length && (places.items[stale] as number) < dropped) stale += 1;
      if (stale === places.length) this.#bySubject.delete(subject);
      else places.splice(0, stale);
    }
  }
}
