import type { IdPrefix } from '@voucherkit/domain/internals';
import type { ServiceContext } from './context.js';
import type { TrackedList } from './history/tracked-list.js';
import type { TrackedMap } from './history/tracked-map.js';
import { type LimitQuery, afterMoment, cursorPageOf } from './list.js';
import type { Origin } from './origin.js';

/**
 * One recorded change of a resource (a segment, a product collection), as its activity list
 * returns it.
 *
 * @typeParam Type - The activity names of the resource.
 */
export interface Activity<Type extends string> {
  /** Activity id (`evseg_…`, `evpro_…`). */
  readonly id: string;
  /** What happened. */
  readonly type: Type;
  /** `ACTION` for what a caller did, `EFFECT` for what followed from it; absent where the resource's activities have no category. */
  readonly category?: 'ACTION' | 'EFFECT';
  /** The resource after the change, and what it was before. */
  readonly data: Record<string, unknown>;
  /** When it happened, on the service's clock. */
  readonly created_at: string;
  /** The request that caused it; the activity's own id when none did. */
  readonly group_id: string;
}

/**
 * Which activities `ActivityLog.query` keeps and in which order.
 *
 * @typeParam Type - The activity names of the resource.
 */
export interface ActivityQuery<Type extends string> {
  /** `created_at` oldest first, `-created_at` newest first (the default). */
  readonly order?: 'created_at' | '-created_at' | undefined;
  /** Only activities at or after this moment. */
  readonly startDate?: string | undefined;
  /** Only activities at or before this moment. */
  readonly endDate?: string | undefined;
  /** Only activities of this name. */
  readonly type?: Type | undefined;
  /** Only activities of this category. */
  readonly category?: 'ACTION' | 'EFFECT' | undefined;
}

/**
 * The activities of the resources of one store, kept per resource: what their activity
 * operations list. The position of every activity that was ever recorded is kept, so a cursor
 * stays valid.
 *
 * @typeParam Type - The activity names.
 */
export class ActivityLog<Type extends string> {
  /** Each resource's activities, oldest first. */
  readonly #byResource: TrackedMap<string, TrackedList<Activity<Type>>>;
  /** The place of every activity ever recorded, forgotten resources' included, so that their cursors stay valid. */
  readonly #ranks: TrackedMap<string, number>;

  /**
   * @param context - The service's clock and ids.
   * @param prefix - The prefix of activity ids.
   * @param categorised - Whether activities carry a `category` (segments' do, collections' do not).
   */
  constructor(
    private readonly context: ServiceContext,
    private readonly prefix: IdPrefix,
    private readonly categorised = true,
  ) {
    this.#byResource = context.tracked.map();
    this.#ranks = context.tracked.map();
  }

  /**
   * Records an activity of a resource now.
   *
   * @param resourceId - The resource the activity belongs to.
   * @param type - What happened.
   * @param data - The resource after the change and what it was before.
   * @param origin - Where the change came from: its request is the activity's `group_id`.
   * @param category - `ACTION` for what a caller did, `EFFECT` for what followed from it.
   * @returns The activity.
   */
  record(
    resourceId: string,
    type: Type,
    data: Record<string, unknown>,
    origin: Origin = {},
    category: 'ACTION' | 'EFFECT' = 'ACTION',
  ): Activity<Type> {
    const id = this.context.ids(this.prefix);
    const activity: Activity<Type> = {
      id,
      type,
      ...(this.categorised ? { category } : {}),
      data: structuredClone(data),
      created_at: this.context.timestamp(),
      group_id: origin.requestId ?? id,
    };
    const list = this.#byResource.get(resourceId);
    if (list === undefined) this.#byResource.set(resourceId, this.context.tracked.innerList([activity]));
    else list.push(activity);
    this.#ranks.set(id, this.#ranks.size);
    return activity;
  }

  /**
   * The activities of a resource that match the query, in the asked order.
   *
   * @param resourceId - The resource.
   * @param query - Window, type, category and order.
   * @returns The activities.
   */
  query(resourceId: string, query: ActivityQuery<Type> = {}): Activity<Type>[] {
    const start = query.startDate === undefined ? Number.NEGATIVE_INFINITY : Date.parse(query.startDate);
    const end = query.endDate === undefined ? Number.POSITIVE_INFINITY : Date.parse(query.endDate);
    const kept = (this.#byResource.get(resourceId)?.items ?? []).filter((activity) => {
      const at = Date.parse(activity.created_at);
      return (
        at >= start &&
        at <= end &&
        (query.type === undefined || activity.type === query.type) &&
        (query.category === undefined || activity.category === query.category)
      );
    });
    return query.order === 'created_at' ? kept : kept.reverse();
  }

  /**
   * Where an activity stands in a list of the given order, for `starting_after_id` cursors;
   * `undefined` for an id this log never recorded.
   *
   * @param id - An activity id.
   * @param order - The list's order.
   * @returns The rank, growing along the list.
   */
  rank(id: string, order: 'created_at' | '-created_at' | undefined): number | undefined {
    const rank = this.#ranks.get(id);
    return rank === undefined ? undefined : order === 'created_at' ? rank : -rank;
  }

  /**
   * Forgets the activities of a resource.
   *
   * @param resourceId - The resource.
   */
  forget(resourceId: string): void {
    this.#byResource.delete(resourceId);
  }
}

/**
 * The list parameters of an activity operation (segment, product collection).
 *
 * @typeParam Type - The activity names.
 */
export interface ActivityListQuery<Type extends string> extends LimitQuery {
  /** `created_at` oldest first, `-created_at` newest first (the default). */
  readonly order?: 'created_at' | '-created_at' | undefined;
  /** Only activities after this moment, in the list's direction. */
  readonly starting_after?: string | undefined;
  /** Only activities after this one, in the list's direction. */
  readonly starting_after_id?: string | undefined;
  /** Only activities at or after this moment. */
  readonly start_date?: string | undefined;
  /** Only activities at or before this moment. */
  readonly end_date?: string | undefined;
  /** Only activities of this name. */
  readonly type?: Type | undefined;
  /** Only activities of this category (segments and customers). */
  readonly category?: 'ACTION' | 'EFFECT' | undefined;
}

/**
 * An activity list answer: `has_more`, and `starting_after_id` to send for the next page.
 *
 * @typeParam Type - The activity names.
 */
export interface ActivityListBody<Type extends string> {
  /** Always `list`. */
  object: 'list';
  /** Always `data`, the property that holds the activities. */
  data_ref: 'data';
  /** The activities of this page. */
  data: Activity<Type>[];
  /** Whether more activities follow. */
  has_more: boolean;
  /** The cursor to send as `starting_after_id` for the next page: the id of this page's last activity. */
  starting_after_id?: string;
}

/**
 * One page of a resource's activities, as the activity operations answer it.
 *
 * @param log - The store's activity log.
 * @param resourceId - The resource.
 * @param query - The list parameters.
 * @returns The answer's body.
 * @throws ApiError 400 `invalid_query_params` for a cursor that names no activity or a
 *   `starting_after` that is not a timestamp.
 */
export const activityListBody = <Type extends string>(
  log: ActivityLog<Type>,
  resourceId: string,
  query: ActivityListQuery<Type>,
): ActivityListBody<Type> => {
  const items = log.query(resourceId, {
    order: query.order,
    startDate: query.start_date,
    endDate: query.end_date,
    type: query.type,
    category: query.category,
  });
  const rest =
    query.starting_after === undefined ? items : afterMoment(items, query.starting_after, query.order !== 'created_at');
  const page = cursorPageOf(rest, { limit: query.limit, startingAfterId: query.starting_after_id }, (id) =>
    log.rank(id, query.order),
  );
  return {
    object: 'list',
    data_ref: 'data',
    data: page.items,
    has_more: page.hasMore,
    ...(page.items.length > 0 ? { starting_after_id: page.moreStartingAfter } : {}),
  };
};
