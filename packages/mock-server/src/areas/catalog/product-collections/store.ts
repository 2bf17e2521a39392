import { DomainError, compileFilter, parseFilter } from '@voucherkit/domain';
import {
  type ActivityListBody,
  type ActivityListQuery,
  ActivityLog,
  activityListBody,
} from '../../../core/activity-log.js';
import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import {
  type ListOrder,
  type Page,
  type SortedPageQuery,
  pageOf,
  sortByOrder,
  timeCursorPageOf,
} from '../../../core/list.js';
import { sortedOrder } from '../../../core/sorted-page.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import type { ProductStore, ProductWithoutSku, Sku } from '../products/store.js';

/** A product collection as the API returns it. */
export type ProductCollection = Resource<'ProductCollectionItem'>;

/**
 * A member of a collection as `listProductsInCollection` returns it: a product without its
 * SKUs, or a SKU with its product.
 */
export type CollectionMember = ProductWithoutSku | Resource<'SkuWithProduct'>;

/** The activity names of a product collection: its creation, name changes and filter changes. */
export type CollectionActivityType = 'created' | 'updated' | 'filters_updated';

/**
 * The list parameters of the collection lists: collections newest first, a collection's
 * products and SKUs oldest first, unless `order` says otherwise.
 */
export type CollectionListQuery = SortedPageQuery<CollectionOrder>;

/**
 * The sort keys the collection lists take (the service shares them with other lists; the
 * fields a collection or product lacks leave the order as it is).
 */
type CollectionOrder = ListOrder<'created_at' | 'updated_at' | 'type' | 'code' | 'campaign' | 'category'>;

const SOURCE = { in: 'body', property: '.filter' } as const;

/** Fields an auto-update collection may filter on, as the spec lists them. */
const FILTER_FIELDS = [
  'id',
  'product_id',
  'source_id',
  'name',
  'price',
  'object',
  'attributes',
  'image_url',
  'skus',
  'created_at',
  'updated_at',
  'metadata.*',
];

/**
 * Product collections of one project: `STATIC` ones list their products and SKUs, `AUTO_UPDATE`
 * ones hold every product and SKU that matches their filter at the moment of asking, judged by
 * the domain's filter engine. Names are unique in a project.
 */
export class ProductCollectionStore {
  readonly #items: TrackedMap<string, ProductCollection>;
  readonly #activities: ActivityLog<CollectionActivityType>;

  constructor(
    private readonly context: ServiceContext,
    private readonly products: ProductStore,
  ) {
    this.#items = context.tracked.map();
    this.#activities = new ActivityLog(context, 'evpro', false);
  }

  /**
   * The collection with this id.
   *
   * @param id - The collection's id (`pc_…`).
   * @returns The collection.
   * @throws ApiError 404.
   */
  get(id: string): ProductCollection {
    const collection = this.find(id);
    if (!collection) throw ApiError.notFound('products_collection', id);
    return collection;
  }

  /** The collection with this id, if any. */
  find(id: string): ProductCollection | undefined {
    return this.#items.get(id);
  }

  /** The collection with this name, if any: names are unique in the project. */
  findByName(name: string): ProductCollection | undefined {
    for (const collection of this.#items.values()) if (collection.name === name) return collection;
    return undefined;
  }

  /**
   * One page of the collections, newest first unless `order` says otherwise.
   *
   * @param query - Page, limit and order.
   * @returns The page.
   */
  list(query: CollectionListQuery = {}): Page<ProductCollection> {
    return pageOf(sortedOrder([...this.#items.values()], query.order ?? '-created_at'), query);
  }

  /**
   * One page of the products and SKUs in a collection, oldest first unless `order` says
   * otherwise; `starting_after` (a `created_at`) starts after that moment in the list's direction.
   *
   * @param id - The collection's id.
   * @param query - Page, limit, order and cursor.
   * @returns The page.
   * @throws ApiError 404.
   */
  listMembers(
    id: string,
    query: CollectionListQuery & { readonly starting_after?: string | undefined } = {},
  ): Page<CollectionMember> {
    const order = query.order ?? 'created_at';
    const sorted = sortByOrder(this.members(id), order);
    if (query.starting_after === undefined) return pageOf(sorted, query);
    return timeCursorPageOf(sorted, {
      limit: query.limit,
      startingAfter: query.starting_after,
      descending: order.startsWith('-'),
    });
  }

  /**
   * Creates a collection.
   *
   * @param input - A `STATIC` collection with its `products`, or an `AUTO_UPDATE` one with a
   *   `filter` that has a `junction`.
   * @param origin - The request, for the `created` activity.
   * @returns The collection.
   * @throws DomainError `duplicate_found` when the name is taken, `invalid_payload` for a
   *   malformed filter; ApiError 400 `invalid_payload` for a member that is not in the catalogue.
   */
  create(input: Resource<'ProductCollectionCreateRequest'>, origin: Origin = {}): ProductCollection {
    this.#assertNameFree(input.name);
    const base = {
      id: this.context.ids('pc'),
      name: input.name,
      created_at: this.context.timestamp(),
      object: 'products_collection',
    } as const;
    let collection: ProductCollection;
    if (input.type === 'AUTO_UPDATE') {
      const filter = (input as Resource<'ProductCollectionCreateAutoUpdateRequest'>).filter;
      this.#check(filter);
      collection = { ...base, type: 'AUTO_UPDATE', filter };
    } else {
      const members = (input as Resource<'ProductCollectionCreateStaticRequest'>).products ?? [];
      collection = { ...base, type: 'STATIC', products: members.map((member, index) => this.#member(member, index)) };
    }
    this.#items.set(collection.id, collection);
    this.#activities.record(collection.id, 'created', { products_collection: collection }, origin);
    return collection;
  }

  /**
   * Renames a collection and, for an `AUTO_UPDATE` one, replaces its filter.
   *
   * @param id - The collection's id.
   * @param patch - The new name and filter.
   * @param origin - The request, for the activities.
   * @returns The collection after the change.
   * @throws ApiError 404; 400 `invalid_payload` for a filter sent to a `STATIC` collection;
   *   DomainError `duplicate_found`, `invalid_payload` for a malformed filter.
   */
  update(id: string, patch: Resource<'ProductCollectionUpdateRequest'>, origin: Origin = {}): ProductCollection {
    const before = this.get(id);
    if (patch.filter !== undefined && before.type === 'STATIC') {
      throw ApiError.invalidPayload('Property .filter can only be changed on an AUTO_UPDATE collection');
    }
    const renamed = patch.name !== undefined && patch.name !== before.name;
    if (renamed && patch.name !== undefined) this.#assertNameFree(patch.name);
    if (patch.filter !== undefined) this.#check(patch.filter);
    const refiltered = patch.filter !== undefined && JSON.stringify(patch.filter) !== JSON.stringify(before.filter);
    const after: ProductCollection = {
      ...before,
      ...(renamed && patch.name !== undefined ? { name: patch.name } : {}),
      ...(refiltered && patch.filter !== undefined ? { filter: patch.filter } : {}),
      updated_at: this.context.timestamp(),
    };
    this.#items.set(id, after);
    if (renamed)
      this.#activities.record(id, 'updated', { products_collection: after, previous: { name: before.name } }, origin);
    if (refiltered)
      this.#activities.record(
        id,
        'filters_updated',
        { products_collection: after, previous: { filter: before.filter } },
        origin,
      );
    return after;
  }

  /**
   * Removes a collection; its products and SKUs stay.
   *
   * @param id - The collection's id.
   * @throws ApiError 404.
   */
  delete(id: string): void {
    this.get(id);
    this.#items.delete(id);
    this.#activities.forget(id);
  }

  /**
   * The products and SKUs in a collection now: the listed ones that still exist for a `STATIC`
   * collection, every product and SKU that matches the filter for an `AUTO_UPDATE` one. Products
   * come without their SKUs; each SKU comes with its product.
   *
   * @param id - The collection's id.
   * @returns The members, oldest first (products before SKUs of the same moment).
   * @throws ApiError 404.
   */
  members(id: string): CollectionMember[] {
    const collection = this.get(id);
    if (collection.type === 'STATIC') {
      return (collection.products ?? []).flatMap((member): CollectionMember[] => {
        if (member.object === 'product') {
          const product = this.products.find(member.id);
          return product ? [this.products.withoutSkus(product)] : [];
        }
        const sku = this.products.findSku(member.id);
        return sku ? [this.#withProduct(sku)] : [];
      });
    }
    const matches = compileFilter(collection.filter, { source: SOURCE, now: this.context.clock.now() });
    const candidates: (ProductWithoutSku | Sku)[] = [...this.products.allProducts(), ...this.products.allSkus()];
    return candidates
      .filter((record) => matches(record))
      .sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? ''))
      .map((record) => (record.object === 'sku' ? this.#withProduct(record) : record));
  }

  /**
   * Whether a product or SKU belongs to a collection now; a SKU also belongs when its product does.
   *
   * @param id - The collection's id.
   * @param item - The product or SKU id.
   * @returns `true` for a member.
   * @throws ApiError 404.
   */
  includes(
    id: string,
    item: { readonly productId?: string | undefined; readonly skuId?: string | undefined },
  ): boolean {
    const ids = new Set(this.members(id).map((member) => member.id));
    return (
      (item.skuId !== undefined && ids.has(item.skuId)) || (item.productId !== undefined && ids.has(item.productId))
    );
  }

  /**
   * The activities of a collection.
   *
   * @param id - The collection's id.
   * @param query - Window, order and cursors.
   * @returns The page as the activity operation answers it.
   * @throws ApiError 404.
   */
  activities(
    id: string,
    query: ActivityListQuery<CollectionActivityType> = {},
  ): ActivityListBody<CollectionActivityType> {
    this.get(id);
    return activityListBody(this.#activities, id, query);
  }

  #withProduct(sku: Sku): Resource<'SkuWithProduct'> {
    const product = this.products.find(sku.product_id);
    if (!product) throw new Error(`SKU ${sku.id} has no product`);
    return { ...sku, product: this.products.withoutSkus(product) };
  }

  #member(member: Resource<'ProductCollectionMember'>, index: number): Resource<'ProductCollectionMember'> {
    if (member.object === 'product') {
      const product = this.products.find(member.id);
      if (!product) throw ApiError.invalidPayload(`Property .products[${index}].id names no product: ${member.id}`);
      return { id: product.id, object: 'product' };
    }
    const sku = this.products.findSku(member.id);
    if (!sku) throw ApiError.invalidPayload(`Property .products[${index}].id names no SKU: ${member.id}`);
    return { id: sku.id, product_id: sku.product_id, object: 'sku' };
  }

  #check(filter: unknown): void {
    parseFilter(filter, { source: SOURCE, fields: FILTER_FIELDS, requireJunction: true });
    compileFilter(filter, { source: SOURCE, fields: FILTER_FIELDS, now: this.context.clock.now() });
  }

  #assertNameFree(name: string): void {
    if (this.findByName(name) !== undefined) {
      throw new DomainError('duplicate_found', 'Duplicated resource found', {
        details: `A product collection named "${name}" already exists.`,
      });
    }
  }
}
