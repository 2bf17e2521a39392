import { compileFilter } from '@voucherkit/domain';
import { patchMetadata } from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import type { TrackedList } from '../../../core/history/tracked-list.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { TrackedSet } from '../../../core/history/tracked-set.js';
import { type ListOrder, type Page, type SortedPageQuery, pageOf, sortByOrder } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import type { BinStore } from '../../platform/bin/store.js';
import type { MetadataSchemaStore } from '../metadata-schemas/store.js';

/** A product with its SKUs, as the API returns it. */
export type Product = Resource<'Product'>;

/** A product without its SKUs (`hide=sku`, collection members, SKUs' `product`). */
export type ProductWithoutSku = Resource<'ProductWithoutSku'>;

/** A SKU as the API returns it. */
export type Sku = Resource<'Sku'>;

/** The fields a product create, update or bulk request may send. */
export type ProductInput = Resource<'ProductCreateRequest'>;

/** The fields a SKU create or update request may send. */
export type SkuInput = Resource<'ProductSkuCreateRequest'>;

/**
 * The sort keys of product and SKU lists, as the spec lists them; the fields a product or SKU
 * lacks (`type`, `code`, `campaign`, `category`) leave the order as it is.
 */
type CatalogueOrder = ListOrder<'created_at' | 'updated_at' | 'type' | 'code' | 'campaign' | 'category'>;

/** The list parameters of the product and SKU lists. */
export interface CatalogueListQuery extends SortedPageQuery<CatalogueOrder> {
  /** Only records created at or after this moment. */
  readonly start_date?: string | undefined;
  /** Only records created at or before this moment. */
  readonly end_date?: string | undefined;
}

/** One page of records created within the query's window, in its order. */
const cataloguePage = <T extends { created_at?: string | null | undefined; updated_at?: string | null | undefined }>(
  records: readonly T[],
  query: CatalogueListQuery,
): Page<T> => {
  const conditions = {
    ...(query.start_date === undefined ? {} : { $more_than_equal: [query.start_date] }),
    ...(query.end_date === undefined ? {} : { $less_than_equal: [query.end_date] }),
  };
  const inWindow = compileFilter(Object.keys(conditions).length === 0 ? {} : { created_at: { conditions } });
  return pageOf(sortByOrder(records.filter(inWindow), query.order ?? '-created_at'), query);
};

/**
 * What a removal leaves behind: the product or SKU and, for a product, the SKUs removed with
 * it, so the caller can put them in the bin.
 */
export interface RemovedProduct {
  /** The product as it was, with its SKUs. */
  readonly product: Product;
  /** The SKUs removed with it. */
  readonly skus: readonly Sku[];
}

/** A stored product and the ids of its SKUs, oldest first, as the store reads them together. */
interface ProductEntry {
  readonly product: ProductWithoutSku;
  readonly skus: TrackedList<string>;
}

const duplicateSourceId = (kind: 'product' | 'SKU', sourceId: string): ApiError =>
  new ApiError(400, 'duplicate_source_id', 'Duplicate source_id', {
    details: `A ${kind} with source_id ${sourceId} already exists.`,
  });

/**
 * The product catalogue of one project: products and their SKUs, each addressed by id or by
 * `source_id`, which is unique among products and among SKUs. Creating with a known `id` or
 * `source_id` updates that record instead (upsert). A removed record's `source_id` stays taken
 * until it is released (when its bin entry is deleted, or at once with `force`).
 */
export class ProductStore {
  readonly #products: TrackedMap<string, ProductWithoutSku>;
  /** Ids of each product's SKUs, oldest first. */
  readonly #skusOf: TrackedMap<string, TrackedList<string>>;
  readonly #skus: TrackedMap<string, Sku>;
  readonly #productSources: TrackedMap<string, string>;
  readonly #skuSources: TrackedMap<string, string>;
  /** `source_id`s of removed records that are not released yet. */
  readonly #heldProductSources: TrackedSet<string>;
  readonly #heldSkuSources: TrackedSet<string>;

  constructor(
    private readonly context: ServiceContext,
    private readonly metadataSchemas: MetadataSchemaStore,
    private readonly bin: BinStore,
  ) {
    this.#products = context.tracked.map();
    this.#skusOf = context.tracked.map();
    this.#skus = context.tracked.map();
    this.#productSources = context.tracked.map();
    this.#skuSources = context.tracked.map();
    this.#heldProductSources = context.tracked.set();
    this.#heldSkuSources = context.tracked.set();
    bin.onPurge('product', (product) => this.releaseProduct(product.source_id));
    bin.onPurge('sku', (sku) => this.releaseSku(sku.source_id));
  }

  /**
   * The product with this id or `source_id`, if any.
   *
   * @param idOrSourceId - A product id (`prod_…`) or `source_id`.
   * @returns The product with its SKUs, or `undefined`.
   */
  find(idOrSourceId: string): Product | undefined {
    const entry = this.#entryOf(idOrSourceId);
    return entry && this.#withSkus(entry);
  }

  /**
   * The product with this id or `source_id`.
   *
   * @param idOrSourceId - A product id (`prod_…`) or `source_id`.
   * @returns The product with its SKUs.
   * @throws ApiError 404.
   */
  get(idOrSourceId: string): Product {
    const product = this.find(idOrSourceId);
    if (!product) throw ApiError.notFound('product', idOrSourceId);
    return product;
  }

  /**
   * The product without its `skus` list.
   *
   * @param product - A product as {@link get} returns it.
   * @returns The same product without `skus`.
   */
  withoutSkus(product: Product): ProductWithoutSku {
    return this.#entryOf(product.id)?.product ?? product;
  }

  /** Every product without its SKUs, oldest first. */
  allProducts(): ProductWithoutSku[] {
    return [...this.#products.values()];
  }

  /** Every SKU, oldest first. */
  allSkus(): Sku[] {
    return [...this.#skus.values()];
  }

  /** Every product with its SKUs, oldest first. */
  all(): Product[] {
    return [...this.#products.values()].map((product) => this.#withSkus(this.#entry(product)));
  }

  /**
   * One page of products with their SKUs.
   *
   * @param query - Page, limit, order and creation window.
   * @returns The page.
   */
  list(query: CatalogueListQuery = {}): Page<Product> {
    return cataloguePage(this.all(), query);
  }

  /**
   * One page of a product's SKUs.
   *
   * @param product - The product's id or `source_id`.
   * @param query - Page, limit, order and creation window.
   * @returns The page.
   * @throws ApiError 404.
   */
  listSkus(product: string, query: CatalogueListQuery = {}): Page<Sku> {
    return cataloguePage(this.skusOf(product), query);
  }

  /**
   * Creates a product, or updates the one that `id` or `source_id` names.
   *
   * @param input - The product's fields and its identifying field.
   * @returns The product with its SKUs and whether it was created.
   * @throws ApiError 404 when `id` names no product; 400 `duplicate_source_id` when the
   *   `source_id` belongs to a removed product still in the bin; DomainError `metadata_validation_failed`.
   */
  upsert(input: ProductInput): { product: Product; created: boolean } {
    const { id, source_id: sourceId, ...fields } = input;
    if (id !== undefined) {
      if (!this.#products.has(id)) throw ApiError.notFound('product', id);
      return { product: this.update(id, fields), created: false };
    }
    const existing = sourceId === undefined ? undefined : this.#productSources.get(sourceId);
    if (existing !== undefined) return { product: this.update(existing, fields), created: false };
    if (sourceId !== undefined && this.#heldProductSources.has(sourceId)) throw duplicateSourceId('product', sourceId);
    this.metadataSchemas.assertValid('product', fields.metadata);
    const product: ProductWithoutSku = {
      id: this.context.ids('prod'),
      source_id: sourceId ?? null,
      name: fields.name ?? null,
      price: fields.price ?? null,
      attributes: fields.attributes ?? [],
      metadata: fields.metadata ?? {},
      image_url: fields.image_url ?? null,
      created_at: this.context.timestamp(),
      updated_at: null,
      object: 'product',
    };
    const entry: ProductEntry = { product, skus: this.context.tracked.innerList() };
    this.#products.set(product.id, product);
    this.#skusOf.set(product.id, entry.skus);
    if (sourceId !== undefined) this.#productSources.set(sourceId, product.id);
    return { product: this.#withSkus(entry), created: true };
  }

  /**
   * Changes the fields sent and leaves the others as they are; metadata keys sent replace their
   * values (a key sent as `null` is removed).
   *
   * @param idOrSourceId - The product's id or `source_id`.
   * @param patch - The fields to change.
   * @returns The product with its SKUs.
   * @throws ApiError 404; DomainError `metadata_validation_failed`.
   */
  update(idOrSourceId: string, patch: Omit<ProductInput, 'id' | 'source_id'>): Product {
    const entry = this.#entryOf(idOrSourceId);
    if (!entry) throw ApiError.notFound('product', idOrSourceId);
    const metadata =
      patch.metadata === undefined ? entry.product.metadata : patchMetadata(entry.product.metadata, patch.metadata);
    if (patch.metadata !== undefined) this.metadataSchemas.assertValid('product', metadata);
    const product: ProductWithoutSku = {
      ...entry.product,
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.price === undefined ? {} : { price: patch.price }),
      ...(patch.attributes === undefined ? {} : { attributes: patch.attributes }),
      ...(patch.image_url === undefined ? {} : { image_url: patch.image_url }),
      metadata,
      updated_at: this.context.timestamp(),
    };
    this.#products.set(product.id, product);
    return this.#withSkus({ ...entry, product });
  }

  /**
   * Deletes a product and its SKUs. Without `force` they move to the bin and their `source_id`s
   * stay taken until their bin entries are deleted; with `force` they are gone at once.
   *
   * @param idOrSourceId - The product's id or `source_id`.
   * @param options - `force: true` releases the `source_id`s at once.
   * @returns The removed product and SKUs.
   * @throws ApiError 404.
   */
  remove(idOrSourceId: string, options: { force: boolean }): RemovedProduct {
    const entry = this.#entryOf(idOrSourceId);
    if (!entry) throw ApiError.notFound('product', idOrSourceId);
    const product = this.#withSkus(entry);
    const skus = entry.skus.items.map((id) => this.#skus.get(id)).filter((sku) => sku !== undefined);
    for (const sku of skus) this.#dropSku(sku, options.force);
    this.#products.delete(entry.product.id);
    this.#skusOf.delete(entry.product.id);
    const sourceId = entry.product.source_id;
    if (sourceId !== null) {
      this.#productSources.delete(sourceId);
      if (!options.force) this.#heldProductSources.add(sourceId);
    }
    if (!options.force) {
      this.bin.put({
        type: 'product',
        id: product.id,
        name: product.name ?? product.source_id ?? product.id,
        record: product,
      });
    }
    return { product, skus };
  }

  /**
   * Frees the `source_id` of a removed product for reuse.
   *
   * @param sourceId - The removed product's `source_id`.
   */
  releaseProduct(sourceId: string | null | undefined): void {
    if (sourceId !== null && sourceId !== undefined) this.#heldProductSources.delete(sourceId);
  }

  /**
   * Frees the `source_id` of a removed SKU for reuse.
   *
   * @param sourceId - The removed SKU's `source_id`.
   */
  releaseSku(sourceId: string | null | undefined): void {
    if (sourceId !== null && sourceId !== undefined) this.#heldSkuSources.delete(sourceId);
  }

  /**
   * The SKU with this id or `source_id`, if any.
   *
   * @param idOrSourceId - A SKU id (`sku_…`) or `source_id`.
   * @returns The SKU, or `undefined`.
   */
  findSku(idOrSourceId: string): Sku | undefined {
    return this.#skus.get(idOrSourceId) ?? this.#skus.get(this.#skuSources.get(idOrSourceId) ?? '');
  }

  /**
   * The SKU with this id or `source_id`.
   *
   * @param idOrSourceId - A SKU id (`sku_…`) or `source_id`.
   * @returns The SKU.
   * @throws ApiError 404.
   */
  getSku(idOrSourceId: string): Sku {
    const sku = this.findSku(idOrSourceId);
    if (!sku) throw ApiError.notFound('sku', idOrSourceId);
    return sku;
  }

  /**
   * The SKU with this id or `source_id`, which must belong to the product.
   *
   * @param product - The product's id or `source_id`.
   * @param idOrSourceId - The SKU's id or `source_id`.
   * @returns The SKU.
   * @throws ApiError 404 for an unknown product, or a SKU that is unknown or of another product.
   */
  getSkuOf(product: string, idOrSourceId: string): Sku {
    const owner = this.get(product);
    const sku = this.findSku(idOrSourceId);
    if (!sku || sku.product_id !== owner.id) throw ApiError.notFound('sku', idOrSourceId);
    return sku;
  }

  /**
   * The SKUs of a product, oldest first.
   *
   * @param product - The product's id or `source_id`.
   * @returns Its SKUs.
   * @throws ApiError 404.
   */
  skusOf(product: string): Sku[] {
    const entry = this.#entryOf(product);
    if (!entry) throw ApiError.notFound('product', product);
    return entry.skus.items.map((id) => this.#skus.get(id)).filter((sku) => sku !== undefined);
  }

  /**
   * Adds a SKU to a product, or updates the SKU that `id` or `source_id` names.
   *
   * @param product - The product's id or `source_id`.
   * @param input - The SKU's fields and its identifying field.
   * @returns The SKU and whether it was created.
   * @throws ApiError 404 for an unknown product or `id`; 400 `duplicate_source_id` when the
   *   `source_id` belongs to a SKU of another product or to a removed SKU still in the bin;
   *   DomainError `metadata_validation_failed`.
   */
  upsertSku(product: string, input: SkuInput): { sku: Sku; created: boolean } {
    const entry = this.#entryOf(product);
    if (!entry) throw ApiError.notFound('product', product);
    const { id, source_id: sourceId, ...fields } = input;
    const existingId = id ?? (sourceId === undefined ? undefined : this.#skuSources.get(sourceId));
    if (existingId !== undefined) {
      const existing = this.#skus.get(existingId);
      if (!existing) throw ApiError.notFound('sku', existingId);
      if (existing.product_id !== entry.product.id) throw duplicateSourceId('SKU', existing.source_id ?? existing.id);
      return { sku: this.updateSku(existing.id, fields), created: false };
    }
    if (sourceId !== undefined && this.#heldSkuSources.has(sourceId)) throw duplicateSourceId('SKU', sourceId);
    this.metadataSchemas.assertValid('sku', fields.metadata);
    const sku: Sku = {
      id: this.context.ids('sku'),
      source_id: sourceId ?? null,
      product_id: entry.product.id,
      sku: fields.sku ?? null,
      price: fields.price ?? null,
      currency: fields.currency ?? null,
      attributes: fields.attributes ?? {},
      image_url: fields.image_url ?? null,
      metadata: fields.metadata ?? {},
      created_at: this.context.timestamp(),
      updated_at: null,
      object: 'sku',
    };
    this.#skus.set(sku.id, sku);
    if (sourceId !== undefined) this.#skuSources.set(sourceId, sku.id);
    entry.skus.push(sku.id);
    return { sku, created: true };
  }

  /**
   * Changes the fields of a SKU that are sent.
   *
   * @param idOrSourceId - The SKU's id or `source_id`.
   * @param patch - The fields to change.
   * @returns The SKU.
   * @throws ApiError 404; DomainError `metadata_validation_failed`.
   */
  updateSku(idOrSourceId: string, patch: Omit<SkuInput, 'id' | 'source_id'>): Sku {
    const current = this.getSku(idOrSourceId);
    const metadata = patch.metadata === undefined ? current.metadata : patchMetadata(current.metadata, patch.metadata);
    if (patch.metadata !== undefined) this.metadataSchemas.assertValid('sku', metadata);
    const sku: Sku = {
      ...current,
      ...(patch.sku === undefined ? {} : { sku: patch.sku }),
      ...(patch.price === undefined ? {} : { price: patch.price }),
      ...(patch.currency === undefined ? {} : { currency: patch.currency }),
      ...(patch.attributes === undefined ? {} : { attributes: patch.attributes }),
      ...(patch.image_url === undefined ? {} : { image_url: patch.image_url }),
      metadata,
      updated_at: this.context.timestamp(),
    };
    this.#skus.set(sku.id, sku);
    return sku;
  }

  /**
   * Deletes a SKU of a product. Without `force` it moves to the bin and its `source_id` stays
   * taken until its bin entry is deleted.
   *
   * @param product - The product's id or `source_id`.
   * @param idOrSourceId - The SKU's id or `source_id`.
   * @param options - `force: true` releases the `source_id` at once.
   * @returns The removed SKU.
   * @throws ApiError 404.
   */
  removeSku(product: string, idOrSourceId: string, options: { force: boolean }): Sku {
    const sku = this.getSkuOf(product, idOrSourceId);
    this.#dropSku(sku, options.force);
    return sku;
  }

  #dropSku(sku: Sku, force: boolean): void {
    if (!force)
      this.bin.put({
        type: 'sku',
        id: sku.id,
        name: sku.sku ?? sku.source_id ?? sku.id,
        parentId: sku.product_id,
        record: sku,
      });
    this.#skus.delete(sku.id);
    const owner = this.#skusOf.get(sku.product_id);
    const place = owner?.items.indexOf(sku.id) ?? -1;
    if (owner && place >= 0) owner.splice(place, 1);
    if (sku.source_id !== null) {
      this.#skuSources.delete(sku.source_id);
      if (!force) this.#heldSkuSources.add(sku.source_id);
    }
  }

  #entryOf(idOrSourceId: string): ProductEntry | undefined {
    const product =
      this.#products.get(idOrSourceId) ?? this.#products.get(this.#productSources.get(idOrSourceId) ?? '');
    return product && this.#entry(product);
  }

  #entry(product: ProductWithoutSku): ProductEntry {
    return { product, skus: this.#skusOf.get(product.id) as TrackedList<string> };
  }

  #withSkus(entry: ProductEntry): Product {
    const data = entry.skus.items.map((id) => this.#skus.get(id)).filter((sku) => sku !== undefined);
    return { ...entry.product, skus: { object: 'list', data_ref: 'data', data, total: data.length } };
  }
}
