import type { Client } from 'openapi-fetch';
import { VoucherkitError, errorFromResponse } from './errors.js';
import type { ListItems, ListParameters } from './generated/resources.js';
import type { paths } from './generated/schema.js';

/**
 * Paths whose GET answers with a list envelope (`{ object: 'list', data_ref, … }`).
 *
 * @example
 * ```ts
 * const path: ListPath = '/v1/categories';
 * ```
 */
export type ListPath = keyof ListItems;

/**
 * The item type of a list path: the element type of the array that the envelope's `data_ref`
 * names (generated from the spec, so it costs the type-checker nothing to look up).
 *
 * @typeParam P - A list path.
 * @example
 * ```ts
 * type Category = ListItem<'/v1/categories'>; // components['schemas']['Category']
 * ```
 */
export type ListItem<P extends ListPath> = ListItems[P];

/**
 * How the next page is requested.
 * - `page`: `page=1, 2, …` until a short or empty page, `has_more: false`, or `total` items.
 * - `starting_after_id`: send the previous response's `more_starting_after` as `starting_after_id`.
 * - `end_date`: while `has_more` is true, send the last item's `created_at` as `end_date`
 *   (lists sorted newest first, such as async actions).
 * - `auto` (default): `starting_after_id` when the response carries `more_starting_after`;
 *   `page` when the query has `page` or the response has `total`; `end_date` when it has only
 *   `has_more: true`; otherwise the first response is the whole list.
 *
 * @example
 * ```ts
 * const by: PaginationStyle = 'page';
 * ```
 */
export type PaginationStyle = 'auto' | 'page' | 'starting_after_id' | 'end_date';

/**
 * Options of `client.paginate` besides the parameters of the path's GET.
 *
 * @example
 * ```ts
 * const options: PaginateOptions = { by: 'starting_after_id' };
 * ```
 */
export interface PaginateOptions {
  /** How to request the next page. Default: `auto`. */
  readonly by?: PaginationStyle | undefined;
}

/**
 * The parameters a list path's GET takes, with `path` required exactly when the path has any.
 *
 * @typeParam P - A list path.
 * @example
 * ```ts
 * const params: ListParams<'/v1/loyalties/{campaignId}/members'> = { params: { path: { campaignId: 'camp_1' } } };
 * ```
 */
export type ListParams<P extends ListPath> = [ListParameters[P]['path']] extends [never | undefined]
  ? { readonly params?: { readonly query?: ListParameters[P]['query'] } | undefined }
  : {
      readonly params: {
        readonly path: NonNullable<ListParameters[P]['path']>;
        readonly query?: ListParameters[P]['query'];
      };
    };

/**
 * The options of `client.paginate` for a path: the first page's `params` (path values and query),
 * request extras, and {@link PaginateOptions}.
 *
 * @typeParam P - A list path.
 * @example
 * ```ts
 * const init: PaginateInit<'/v1/async-actions'> = { params: { query: { limit: 100 } } };
 * ```
 */
export type PaginateInit<P extends ListPath> = ListParams<P> &
  PaginateOptions & {
    /** Extra headers for every page request. */
    readonly headers?: Readonly<Record<string, string>> | undefined;
    /** Stops the iteration (and any request in flight) when it fires. */
    readonly signal?: AbortSignal | undefined;
  };

/**
 * The rest parameters of `client.paginate`: the options are required only when the path needs
 * parameters (for example a path id).
 *
 * @typeParam P - A list path.
 * @example
 * ```ts
 * const args: PaginateArgs<'/v1/categories'> = [];
 * ```
 */
export type PaginateArgs<P extends ListPath> = [ListParameters[P]['path']] extends [never | undefined]
  ? [init?: PaginateInit<P>]
  : [init: PaginateInit<P>];

type Query = Record<string, unknown>;
type LooseResult = { data?: unknown; error?: unknown; response: Response };
type LooseClient = { GET(path: string, init: Record<string, unknown>): Promise<LooseResult> };
type Envelope = Record<string, unknown> & { data_ref: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const readEnvelope = (body: unknown, path: string): { envelope: Envelope; items: unknown[] } => {
  if (isRecord(body) && typeof body['data_ref'] === 'string') {
    const envelope = { ...body, data_ref: body['data_ref'] };
    const items = body[envelope.data_ref];
    if (Array.isArray(items)) return { envelope, items };
  }
  throw new VoucherkitError(`GET ${path} did not answer with a list whose data_ref names an array`, { body });
};

const detectStyle = (query: Query, envelope: Envelope): PaginationStyle | undefined => {
  if (typeof envelope['more_starting_after'] === 'string') return 'starting_after_id';
  if (query['page'] !== undefined || typeof envelope['total'] === 'number') return 'page';
  if (envelope['has_more'] === true) return 'end_date';
  return undefined;
};

const nextQuery = (
  by: PaginationStyle,
  query: Query,
  envelope: Envelope,
  items: unknown[],
  seen: number,
): Query | undefined => {
  const style = by === 'auto' ? detectStyle(query, envelope) : by;
  if (items.length === 0 || envelope['has_more'] === false) return undefined;
  switch (style) {
    case 'starting_after_id': {
      const cursor = envelope['more_starting_after'];
      return typeof cursor === 'string' && cursor !== '' ? { ...query, starting_after_id: cursor } : undefined;
    }
    case 'page': {
      const total = envelope['total'];
      const limit = Number(query['limit']);
      if (typeof total === 'number' && seen >= total) return undefined;
      if (Number.isFinite(limit) && items.length < limit) return undefined;
      return { ...query, page: Number(query['page'] ?? 1) + 1 };
    }
    case 'end_date': {
      const last = items.at(-1);
      const createdAt = isRecord(last) ? last['created_at'] : undefined;
      return envelope['has_more'] === true && typeof createdAt === 'string'
        ? { ...query, end_date: createdAt }
        : undefined;
    }
    default:
      return undefined;
  }
};

const idOf = (item: unknown): unknown => (isRecord(item) ? item['id'] : undefined);

/**
 * Iterates over every item of a list endpoint, requesting further pages as needed. The items
 * are typed from the path's GET response (the array named by `data_ref`). Items already yielded
 * on the previous page are skipped, and iteration stops when a page brings nothing new, so an
 * inclusive cursor cannot loop.
 *
 * @param client - A client made by `createClient` (or any openapi-fetch client of these paths).
 * @param path - A list path.
 * @param init - Request options of the GET (`params` hold the first page's query) and `by`.
 * @returns An async iterator of the items.
 * @throws {@link VoucherkitError} (a subclass matching the status) when a page request fails.
 */
export async function* paginate<P extends ListPath>(
  client: Client<paths>,
  path: P,
  ...[init]: PaginateArgs<P>
): AsyncGenerator<ListItem<P>, void, undefined> {
  const { by = 'auto', params, ...rest } = (init ?? {}) as PaginateOptions & { params?: { query?: Query } };
  const loose = client as unknown as LooseClient;
  let query: Query = { ...params?.query };
  let previousIds = new Set<unknown>();
  let seen = 0;
  for (;;) {
    const { data, error, response } = await loose.GET(path, { ...rest, params: { ...params, query } });
    if (!response.ok) throw errorFromResponse(response, error);
    const { envelope, items } = readEnvelope(data, path);
    const ids = new Set<unknown>();
    let fresh = 0;
    for (const item of items) {
      const id = idOf(item);
      if (id !== undefined) {
        ids.add(id);
        if (previousIds.has(id)) continue;
      }
      fresh++;
      seen++;
      // The envelope was read from this path's GET response, whose items are ListItem<P>.
      yield item as ListItem<P>;
    }
    const next = nextQuery(by, query, envelope, items, seen);
    if (next === undefined || fresh === 0 || JSON.stringify(next) === JSON.stringify(query)) return;
    previousIds = ids;
    query = next;
  }
}
