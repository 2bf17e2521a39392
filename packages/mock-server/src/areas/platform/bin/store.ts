import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { type CursorQuery, type Page, cursorPageOf } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import { type BinListFilters, binFilter } from './filters.js';

/** A bin entry as the API returns it. */
export type BinEntry = Resource<'BinEntry'>;

/** The kinds of resources that go to the bin when deleted without `force=true`. */
export type BinResourceType = BinEntry['resource_type'];

/** The record the bin keeps for each kind: the deleted resource as the API returned it. */
export interface BinRecords {
  /** A campaign, its name still taken; deleting the entry for good deletes its vouchers too (the owner's purge listener does). */
  campaign: Resource<'Campaign'>;
  /** A voucher, its code still taken. */
  voucher: Resource<'Voucher'>;
  /** A product, its `source_id` still taken. */
  product: Resource<'Product'>;
  /** A SKU, its `source_id` still taken. */
  sku: Resource<'Sku'>;
}

/**
 * What an owning store hands to {@link BinStore.put} when it deletes a resource without `force`.
 *
 * @typeParam T - The kind of resource.
 */
export interface BinInput<T extends BinResourceType> {
  /** The kind of resource, the entry's `resource_type`. */
  readonly type: T;
  /** Id of the deleted resource (`camp_…`, `v_…`, `prod_…`, `sku_…`). */
  readonly id: string;
  /** Name of the campaign, product or SKU, or the voucher's code. */
  readonly name: string;
  /** The campaign of a voucher or the product of a SKU; default null. */
  readonly parentId?: string | null | undefined;
  /** The dashboard user who deleted it; default null (deleted through the API). */
  readonly deletedByUserId?: string | null | undefined;
  /** The resource as it was; handed back to the owner when the entry is deleted for good. */
  readonly record: BinRecords[T];
}

/**
 * Told when a bin entry of its kind is deleted for good, so the owning store can free the code,
 * name or `source_id` and delete what hangs on the resource (a campaign's vouchers).
 *
 * @typeParam T - The kind of resource.
 */
export type BinPurgeListener<T extends BinResourceType> = (record: BinRecords[T], entry: BinEntry) => void;

/** Which entries {@link BinStore.list} returns, as `GET /v1/trash-bin` takes them. */
export interface BinListQuery extends CursorQuery {
  /** `id` (default): oldest first; `-id`: newest first. */
  readonly order?: 'id' | '-id' | undefined;
  /** The parsed `filters` query; every entry when left out. */
  readonly filters?: BinListFilters | undefined;
}

interface Stored {
  readonly entry: BinEntry;
  readonly record: BinRecords[BinResourceType];
}

type Listeners = { [T in BinResourceType]: Set<BinPurgeListener<T>> };

/**
 * The project's bin: campaigns, vouchers, products and SKUs deleted without `force=true`. The
 * owning store removes the resource from its own records and {@link BinStore.put}s it here; while
 * it waits here its code, name or `source_id` stays taken (owners check with
 * {@link BinStore.find}). When the entry is deleted for good (`DELETE /v1/trash-bin/{id}`), the
 * bin tells the listeners registered for that kind with {@link BinStore.onPurge}.
 *
 * Entry ids of the mock do not sort in time, so the bin's order by `id` is the order entries were
 * made in, as the service's time-ordered ids give.
 */
export class BinStore {
  readonly #entries: TrackedMap<string, Stored>;
  /** Position of every entry id ever made, kept after deletion so a cursor on a deleted entry still works. */
  readonly #ranks: TrackedMap<string, number>;
  /** Entry id by `type:resource id`, so moving a campaign's thousands of vouchers to the bin stays linear. */
  readonly #byResource: TrackedMap<string, string>;
  /** The owners of each kind, registered when the project is wired (or later by a test: a restore takes those back); functions, so not in the image. */
  readonly #listeners: Listeners;

  constructor(private readonly context: ServiceContext) {
    this.#entries = context.tracked.map();
    this.#ranks = context.tracked.map();
    this.#byResource = context.tracked.map();
    const { tracked } = context;
    this.#listeners = {
      campaign: tracked.innerSet(),
      voucher: tracked.innerSet(),
      product: tracked.innerSet(),
      sku: tracked.innerSet(),
    };
  }

  /**
   * Moves a deleted resource to the bin.
   *
   * @param input - The resource's kind, id, name, parent and record.
   * @returns The new entry.
   * @throws Error when the resource is already in the bin: the owner deleted it twice.
   */
  put<T extends BinResourceType>(input: BinInput<T>): BinEntry {
    const key = `${input.type}:${input.id}`;
    if (this.#byResource.has(key)) throw new Error(`${input.type} ${input.id} is already in the bin`);
    const entry: BinEntry = {
      id: this.context.ids('tbe'),
      created_at: this.context.timestamp(),
      deleted_by_user_id: input.deletedByUserId ?? null,
      resource_id: input.id,
      resource_type: input.type,
      resource_name: input.name,
      resource_parent_id: input.parentId ?? null,
      object: input.type,
    };
    this.#ranks.set(entry.id, this.#ranks.size);
    this.#entries.set(entry.id, { entry, record: input.record });
    this.#byResource.set(key, entry.id);
    return entry;
  }

  /**
   * The entry of a deleted resource, found by the resource's id.
   *
   * @param type - The kind of resource.
   * @param resourceId - Id of the deleted resource (`v_…`, `camp_…`, `prod_…`, `sku_…`).
   * @returns The entry, if the resource is in the bin.
   */
  entryOf(type: BinResourceType, resourceId: string): BinEntry | undefined {
    const id = this.#byResource.get(`${type}:${resourceId}`);
    return id === undefined ? undefined : this.#entries.get(id)?.entry;
  }

  /**
   * The entry with this id.
   *
   * @param id - The entry's id (`tbe_…`), not the resource's.
   * @returns The entry.
   * @throws ApiError 404 when the bin holds no such entry.
   */
  get(id: string): BinEntry {
    const stored = this.#entries.get(id);
    if (!stored) throw ApiError.notFound('bin_entry', id);
    return stored.entry;
  }

  /**
   * The first entry of a kind whose record matches, oldest first: how an owner checks that a
   * code, name or `source_id` is still taken by something in the bin, or finds a binned resource.
   *
   * @param type - The kind of resource.
   * @param match - Test of the record and its entry.
   * @returns The entry, if any.
   */
  find<T extends BinResourceType>(
    type: T,
    match: (record: BinRecords[T], entry: BinEntry) => boolean,
  ): BinEntry | undefined {
    for (const { entry, record } of this.#entries.values()) {
      if (entry.resource_type === type && match(record as BinRecords[T], entry)) return entry;
    }
    return undefined;
  }

  /**
   * Deletes an entry for good and tells the listeners of its kind, which free what the resource held.
   *
   * @param id - The entry's id.
   * @throws ApiError 404 when the bin holds no such entry.
   */
  delete(id: string): void {
    const stored = this.#entries.get(id);
    if (!stored) throw ApiError.notFound('bin_entry', id);
    this.#entries.delete(id);
    this.#byResource.delete(`${stored.entry.resource_type}:${stored.entry.resource_id}`);
    const listeners = this.#listeners[stored.entry.resource_type] as Set<BinPurgeListener<BinResourceType>>;
    for (const listener of listeners) listener(stored.record, stored.entry);
  }

  /**
   * Registers the owner of a kind, called with the record of each of its entries deleted for good.
   *
   * @param type - The kind of resource.
   * @param listener - Frees the resource's code, name or `source_id`.
   * @returns A function that removes the listener.
   */
  onPurge<T extends BinResourceType>(type: T, listener: BinPurgeListener<T>): () => void {
    const listeners = this.#listeners[type] as Set<BinPurgeListener<T>>;
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  /**
   * A page of entries in `id` order (the order they were made in) or `-id` order, filtered.
   *
   * @param query - Limit, order, cursor and filters.
   * @returns The page, with `total` matching entries and `moreStartingAfter`.
   * @throws ApiError 400 for a filter the bin does not support or a cursor that is not an entry id.
   */
  list(query: BinListQuery = {}): Page<BinEntry> & { readonly moreStartingAfter: string } {
    const keep = binFilter(query.filters);
    const descending = query.order === '-id';
    const entries = [...this.#entries.values()].map(({ entry }) => entry).filter(keep);
    if (descending) entries.reverse();
    return cursorPageOf(entries, query, (id) => {
      const rank = this.#ranks.get(id);
      return rank === undefined ? undefined : descending ? -rank : rank;
    });
  }
}
