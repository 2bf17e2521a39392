import { ApiError } from '../http/api-error.js';

/**
 * One page of a list, as stores return it (`AsyncActionStore.list`, `BinStore.list`); handlers
 * put it into the operation's list envelope.
 *
 * @typeParam T - The listed records.
 */
export interface Page<T> {
  /** The items of this page, in list order. */
  readonly items: T[];
  /** How many items the whole list holds (every page, after filters). */
  readonly total: number;
  /** Whether items follow this page. */
  readonly hasMore: boolean;
  /**
   * The cursor to send as `starting_after_id` for the next page: the id of this page's last item,
   * or for an empty page the cursor it was asked with (`''` when there was none). Only lists
   * paged by `starting_after_id` have it.
   */
  readonly moreStartingAfter?: string;
}

/**
 * The page size every kind of list takes. The operation's schema gives `limit` its default and
 * bounds before a handler runs.
 */
export interface LimitQuery {
  /** Items per page; default 10, the service's default. */
  readonly limit?: number | undefined;
}

/**
 * Page and limit of a `page`/`limit` list. The operation's schema gives `limit` its default and
 * bounds, and refuses a page over its maximum, before a handler runs.
 */
export interface PageQuery extends LimitQuery {
  /** The page, from 1; default 1. */
  readonly page?: number | undefined;
}

/**
 * Page, limit and sort order of a `page`/`limit` list that takes `order`: what most list queries
 * of the stores extend with their own conditions.
 *
 * @typeParam Order - The orders the operation takes, usually a {@link ListOrder}.
 */
export interface SortedPageQuery<Order extends string> extends PageQuery {
  /**
   * Sort key: a field, with a leading `-` for descending order. Left out, the list's default
   * (`-created_at`, newest first, unless the list says otherwise).
   */
  readonly order?: Order | undefined;
}

/**
 * A window of instants (ISO 8601) that a list query keeps records in, as `created_at[before]`
 * and `created_at[after]` give it; each end is exclusive and may be left out.
 */
export interface TimeWindow {
  /** Only records before this instant. */
  readonly before?: string | undefined;
  /** Only records after this instant. */
  readonly after?: string | undefined;
}

/**
 * A list in its order, as {@link pageOf} reads a page of it: an ordering strategy. An array
 * already in list order is one; the others supply a page's items without putting the whole
 * list in order (`sortedOrder` and `creationOrder` in `sorted-page.ts`, `indexOrder` in
 * `sorted-index.ts`).
 *
 * @typeParam T - The listed records.
 */
export interface Ordering<T> {
  /**
   * The items at ranks `start` to `end` (exclusive) of the list order, fewer where the list ends,
   * and how many items the list holds.
   */
  read(start: number, end: number): { readonly items: T[]; readonly total: number };
}

const isOrdering = <T>(list: readonly T[] | Ordering<T>): list is Ordering<T> => !Array.isArray(list);

/**
 * The one page computation of the lists: the `limit` items from page `page` (from 1) on, or from
 * rank `start` on when a cursor places the page, read from the list in its order, with the list's
 * total and whether items follow the page.
 *
 * @param list - The whole list: an array already in list order, or an {@link Ordering}.
 * @param query - Page (default 1) and limit (default 10).
 * @param start - The rank of the page's first item, given by a cursor instead of `page`.
 * @returns The page.
 */
export const pageOf = <T>(list: readonly T[] | Ordering<T>, query: PageQuery = {}, start?: number): Page<T> => {
  const limit = query.limit ?? 10;
  const first = start ?? ((query.page ?? 1) - 1) * limit;
  const end = first + limit;
  const { items, total } = isOrdering(list)
    ? list.read(first, end)
    : { items: list.slice(first, end), total: list.length };
  return { items, total, hasMore: end < total };
};

/** Limit and cursor of a `starting_after_id` list. */
export interface CursorQuery extends LimitQuery {
  /** Id of the item the page starts after: the `more_starting_after` of the previous page. */
  readonly startingAfterId?: string | undefined;
}

/**
 * The page that follows a cursor in a list that is already filtered and sorted: {@link pageOf}
 * from the first item ranked after the cursor.
 *
 * Ids of the mock do not sort in creation order, so the position of an id comes from `rank`,
 * which must also know the ids of items that are gone: a client that deletes the items it has
 * read (emptying the bin page by page) still sends the last of them as its cursor.
 *
 * @param items - The whole list, sorted by ascending `rank`.
 * @param query - Limit and cursor.
 * @param rank - Position of an id in the list's order, for every id the list ever held;
 *   `undefined` for an id it never held.
 * @returns The page, with `moreStartingAfter` set.
 * @throws ApiError 400 `invalid_query_params` when the cursor is neither empty nor an id of this list.
 */
export const cursorPageOf = <T extends { readonly id: string }>(
  items: readonly T[],
  query: CursorQuery,
  rank: (id: string) => number | undefined,
): Page<T> & { readonly moreStartingAfter: string } => {
  // '' is the cursor this function hands out when there is none, so it reads as no cursor.
  const cursor = query.startingAfterId === '' ? undefined : query.startingAfterId;
  let start = 0;
  if (cursor !== undefined) {
    const after = rank(cursor);
    if (after === undefined) {
      throw new ApiError(400, 'invalid_query_params', 'Invalid query parameters', {
        details: `Query parameter starting_after_id does not name an item of this list: ${cursor}`,
      });
    }
    // The first item ranked after the cursor: ranks grow along the list.
    let end = items.length;
    while (start < end) {
      const middle = (start + end) >>> 1;
      if ((rank((items[middle] as T).id) ?? Number.NEGATIVE_INFINITY) > after) end = middle;
      else start = middle + 1;
    }
  }
  const { items: page, total, hasMore } = pageOf(items, { limit: query.limit }, start);
  return { items: page, total, hasMore, moreStartingAfter: page.at(-1)?.id ?? cursor ?? '' };
};

/**
 * A sort order as list operations take it (`order=created_at`, `order=-created_at`): a field
 * name for ascending order, the name after `-` for descending.
 *
 * @typeParam Field - The fields the operation sorts on.
 */
export type ListOrder<Field extends string> = Field | `-${Field}`;

/** The field an order sorts on, without its `-`. */
export type OrderField<Order extends string> = Order extends `-${infer Field}` ? Field : Order;

/** A value lists sort on; ISO 8601 timestamps of one form sort as text. */
export type Sortable = string | number | boolean | null | undefined;

/** Ascending order of list values: values without a value last. */
export const compareAscending = (a: Sortable, b: Sortable): number => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return a < b ? -1 : 1;
};

/**
 * Sorts a list as an `order` query asks. Ascending order puts items without a value last and
 * keeps items with equal values in the order given (creation order, as the stores keep them);
 * descending order is exactly the reverse, so `-created_at` lists the newest first, ties
 * included.
 *
 * @param items - The list in creation order.
 * @param order - The field, with `-` for descending.
 * @returns A new, sorted array.
 */
export const sortByOrder = <T extends { readonly [Key in OrderField<Order>]?: Sortable }, Order extends string>(
  items: readonly T[],
  order: Order,
): T[] => {
  const descending = order.startsWith('-');
  const field = (descending ? order.slice(1) : order) as OrderField<Order>;
  const sorted = [...items].sort((a, b) => compareAscending(a[field], b[field]));
  return descending ? sorted.reverse() : sorted;
};

/**
 * Sorts items as {@link sortByOrder} does, on the sort keys `keysOf` gives each item, for items
 * that do not carry those keys as fields (an event's voucher code, a campaign's name as `code`).
 *
 * @param items - The list in creation order.
 * @param keysOf - The sort keys of an item, by field name.
 * @param order - The field, with `-` for descending.
 * @returns A new, sorted array of the same items.
 */
export const sortByKeys = <T>(
  items: readonly T[],
  keysOf: (item: T) => Readonly<Record<string, Sortable>>,
  order: string,
): T[] => {
  const field = order.startsWith('-') ? order.slice(1) : order;
  const rows = items.map((item, position) => ({ [field]: keysOf(item)[field], position }));
  return sortByOrder<Record<string, Sortable>, string>(rows, order).map((row) => items[row['position'] as number] as T);
};

/**
 * Limit and cursor of a list paged by a `starting_after` timestamp (customers, segments, product
 * collection members).
 */
export interface TimeCursorQuery extends LimitQuery {
  /** A `created_at` (ISO 8601): the page starts with the items created after it in list order. */
  readonly startingAfter?: string | undefined;
  /** Whether the list runs newest first, so "after" means created earlier. */
  readonly descending?: boolean | undefined;
}

/**
 * The items of a list created after a `starting_after` moment in the list's direction: strictly
 * after it, or strictly before it when the list is descending. Items created at the cursor's very
 * moment are left out, as the service's timestamp cursors do; the client pages on with the
 * `created_at` of the page's last item.
 *
 * @param items - The whole list, in list order.
 * @param startingAfter - The cursor, a `created_at` (ISO 8601).
 * @param descending - Whether the list runs newest first.
 * @returns The items after the moment, in list order.
 * @throws ApiError 400 `invalid_query_params` when the cursor is not a timestamp.
 */
export const afterMoment = <T extends { readonly created_at?: string | null | undefined }>(
  items: readonly T[],
  startingAfter: string,
  descending: boolean | undefined,
): T[] => {
  const cursor = Date.parse(startingAfter);
  if (Number.isNaN(cursor)) {
    throw new ApiError(400, 'invalid_query_params', 'Invalid query parameters', {
      details: `Query parameter starting_after should be an ISO 8601 timestamp, not ${startingAfter}`,
    });
  }
  return items.filter((item) => {
    const created = Date.parse(item.created_at ?? '');
    return descending ? created < cursor : created > cursor;
  });
};

/**
 * The page that follows a `starting_after` moment in a list that is already filtered and sorted:
 * the first items of {@link afterMoment}, whatever field the list is sorted on. `total` counts
 * the whole list.
 *
 * @param items - The whole list, in list order.
 * @param query - Limit, cursor and direction.
 * @returns The page.
 * @throws ApiError 400 `invalid_query_params` when the cursor is not a timestamp.
 */
export const timeCursorPageOf = <T extends { readonly created_at?: string | null | undefined }>(
  items: readonly T[],
  query: TimeCursorQuery,
): Page<T> => {
  if (query.startingAfter === undefined) return pageOf(items, { limit: query.limit });
  const rest = afterMoment(items, query.startingAfter, query.descending);
  // The items the cursor passes over rank before the page: the total counts them.
  const passed = items.length - rest.length;
  const after: Ordering<T> = {
    read: (start, end) => ({ items: rest.slice(start - passed, end - passed), total: items.length }),
  };
  return pageOf(after, { limit: query.limit }, passed);
};

/**
 * Envelope fields beyond `object`, `data_ref` and the items; which of them an operation sends
 * depends on its list schema.
 */
export type ListField = 'total' | 'has_more' | 'more_starting_after';

interface ListFieldValues {
  total: number;
  has_more: boolean;
  /** Only on a page that has a next one. */
  more_starting_after?: string;
}

/**
 * A list envelope: `object: 'list'`, `data_ref` naming the property that holds the items, the
 * items under that name, and the chosen {@link ListField}s.
 *
 * @typeParam Ref - The name of the items' property (`data`, `vouchers`, `async_actions` …).
 * @typeParam T - The items.
 * @typeParam Field - The envelope fields the list schema has.
 */
export type ListBody<Ref extends string, T, Field extends ListField = never> = { object: 'list'; data_ref: Ref } & {
  [Key in Ref]: T[];
} & Pick<ListFieldValues, Field>;

/**
 * Builds a list envelope from a page: the items go under `dataRef`, and only the fields the
 * operation's list schema has are added, so one function serves the service's differing
 * envelopes.
 *
 * @param dataRef - Name of the items' property, as the schema's `data_ref` enum gives it.
 * @param page - The page, from {@link pageOf} or {@link cursorPageOf}.
 * @param fields - The envelope fields to send.
 * @returns The response body.
 * @throws RangeError when `more_starting_after` is asked for a page without a cursor.
 */
export const listBody = <Ref extends string, T, Field extends ListField = never>(
  dataRef: Ref,
  page: Page<T>,
  fields: readonly Field[] = [],
): ListBody<Ref, T, Field> => {
  const body: Record<string, unknown> = { object: 'list', data_ref: dataRef, [dataRef]: page.items };
  for (const field of fields) {
    if (field === 'total') body['total'] = page.total;
    else if (field === 'has_more') body['has_more'] = page.hasMore;
    else {
      if (page.moreStartingAfter === undefined)
        throw new RangeError('more_starting_after needs a page made by cursorPageOf');
      // The cursor comes only with a page that has a next one, as the service sends it.
      if (page.hasMore) body['more_starting_after'] = page.moreStartingAfter;
    }
  }
  return body as ListBody<Ref, T, Field>;
};

/**
 * The whole list as one page, for operations that do not page.
 *
 * @param items - Every item, in list order.
 * @returns A page with every item and `hasMore: false`.
 */
export const wholeList = <T>(items: readonly T[]): Page<T> => pageOf(items, { limit: items.length });
