import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import type { ProductCollection, ProductCollectionStore } from '../../catalog/product-collections/store.js';
import type { ProductInput, ProductStore, ProductWithoutSku, Sku, SkuInput } from '../../catalog/products/store.js';
import type { SavedValidationRule } from './template-rules.js';

/**
 * A product, SKU or collection that a template's validation rules name, as it was when the
 * template was made: kept with the template, so that a copy of it in another project can make the
 * resource there (`created_resources`) when it is first used.
 */
export type SavedResource =
  | { readonly object: 'product'; readonly id: string; readonly record: ProductWithoutSku }
  | { readonly object: 'sku'; readonly id: string; readonly record: Sku }
  | { readonly object: 'products_collection'; readonly id: string; readonly record: ProductCollection };

/** A resource a campaign or tier made from a template brought into the project. */
type CreatedResource = NonNullable<Resource<'CampaignFromTemplateResponse'>['created_resources']>[number];

/** The kinds of catalog object a rule names by `{ id, object }`. */
const CATALOG_OBJECTS: ReadonlySet<string> = new Set(['product', 'sku', 'products_collection']);

/** The kinds in the order they are made: SKUs need their product, collections their members. */
const ORDER: Readonly<Record<SavedResource['object'], number>> = { product: 0, sku: 1, products_collection: 2 };

/** Every `{ id, object }` of the catalog that a value names, at any depth (conditions, bundle parts, `applicable_to`, members). */
const namedIn = (value: unknown, found: Map<string, SavedResource['object']>): void => {
  if (Array.isArray(value)) {
    for (const item of value) namedIn(item, found);
  } else if (value !== null && typeof value === 'object') {
    const { id, object } = value as { id?: unknown; object?: unknown };
    if (typeof id === 'string' && typeof object === 'string' && CATALOG_OBJECTS.has(object))
      found.set(id, object as SavedResource['object']);
    for (const inner of Object.values(value)) namedIn(inner, found);
  }
};

/** The fields of a record that have a value, as a request would send them (a stored `null` is a field left out). */
const given = <T extends object>(fields: { readonly [K in keyof T]?: T[K] | null | undefined }): T =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined)) as T;

/** A value with every string that is an id of `ids` replaced by its new id. */
const withIds = <T>(value: T, ids: ReadonlyMap<string, string>): T => {
  if (typeof value === 'string') return (ids.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withIds(item, ids)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withIds(inner, ids)])) as T;
  return value;
};

/**
 * The catalog of one project as templates use it: what a template's rules name, kept when the
 * template is made, and made again (or found) in the project where a copy of the template is used.
 */
export class TemplateResources {
  constructor(
    private readonly deps: { readonly products: ProductStore; readonly collections: () => ProductCollectionStore },
  ) {}

  /**
   * The products, SKUs and collections the rules name, with the products of the SKUs and the
   * members of static collections; a resource gone from the project is left out.
   */
  saved(rules: readonly SavedValidationRule[]): SavedResource[] {
    const named = new Map<string, SavedResource['object']>();
    namedIn(rules, named);
    const kept = new Map<string, SavedResource>();
    const keep = (id: string, object: SavedResource['object']): void => {
      if (kept.has(id)) return;
      const { products } = this.deps;
      if (object === 'product') {
        const product = products.find(id);
        if (product) kept.set(id, { object, id, record: products.withoutSkus(product) });
      } else if (object === 'sku') {
        const sku = products.findSku(id);
        if (!sku) return;
        kept.set(id, { object, id, record: sku });
        keep(sku.product_id ?? '', 'product');
      } else {
        const collection = this.deps.collections().find(id);
        if (!collection) return;
        kept.set(id, { object, id, record: collection });
        for (const member of collection.products ?? []) keep(member.id, member.object);
      }
    };
    for (const [id, object] of named) keep(id, object);
    return [...kept.values()].sort((a, b) => ORDER[a.object] - ORDER[b.object]);
  }

  /**
   * Finds or makes each saved resource in this project, and answers the rules with the ids they
   * have here. A resource is found by the id it had when made here for an earlier use (`known`),
   * by its own id (the template's own project), then by its `source_id` (a product or SKU) or its
   * name (a collection); otherwise it is made from its saved record and listed as created. The
   * answer's `ids` are the resources' ids here, by their saved ids, for the next use.
   */
  provide(
    saved: readonly SavedResource[],
    rules: readonly SavedValidationRule[],
    known: ReadonlyMap<string, string>,
    origin: Origin = {},
  ): { rules: SavedValidationRule[]; created: CreatedResource[]; ids: ReadonlyMap<string, string> } {
    const ids = new Map<string, string>();
    const created: CreatedResource[] = [];
    for (const resource of saved) {
      const found =
        [known.get(resource.id), resource.id].find(
          (candidate) => candidate !== undefined && this.#exists(resource.object, candidate),
        ) ?? this.#match(resource);
      const id = found ?? this.#make(withIds(resource, ids), origin);
      if (found === undefined) created.push({ id, object: resource.object });
      ids.set(resource.id, id);
    }
    return { rules: withIds([...rules], ids), created, ids };
  }

  /** Whether this project has the resource with this id. */
  #exists(object: SavedResource['object'], id: string): boolean {
    if (object === 'product') return this.deps.products.find(id)?.id === id;
    if (object === 'sku') return this.deps.products.findSku(id)?.id === id;
    return this.deps.collections().find(id) !== undefined;
  }

  /** The id of this project's resource that stands for a saved one made elsewhere: a product or SKU by its `source_id`, a collection by its name. */
  #match(resource: SavedResource): string | undefined {
    const { products } = this.deps;
    switch (resource.object) {
      case 'product':
        return resource.record.source_id ? products.find(resource.record.source_id)?.id : undefined;
      case 'sku':
        return resource.record.source_id ? products.findSku(resource.record.source_id)?.id : undefined;
      default:
        return this.deps.collections().findByName(resource.record.name)?.id;
    }
  }

  /** Makes a saved resource, its references already rewritten to this project's ids; answers its id. */
  #make(resource: SavedResource, origin: Origin): string {
    const { products } = this.deps;
    if (resource.object === 'product') {
      const { source_id, name, price, attributes, metadata, image_url } = resource.record;
      return products.upsert(given<ProductInput>({ source_id, name, price, attributes, metadata, image_url })).product
        .id;
    }
    if (resource.object === 'sku') {
      const {
        product_id: productId,
        source_id,
        sku,
        price,
        currency,
        attributes,
        metadata,
        image_url,
      } = resource.record;
      return products.upsertSku(
        productId ?? '',
        given<SkuInput>({ source_id, sku, price, currency, attributes, metadata, image_url }),
      ).sku.id;
    }
    const collection = resource.record;
    const input =
      collection.type === 'AUTO_UPDATE'
        ? { type: 'AUTO_UPDATE', name: collection.name, filter: collection.filter }
        : { type: 'STATIC', name: collection.name, products: collection.products ?? [] };
    return this.deps.collections().create(input as Resource<'ProductCollectionCreateRequest'>, origin).id;
  }
}
