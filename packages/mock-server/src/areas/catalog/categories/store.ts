import { DomainError } from '@voucherkit/domain';
import { derivedId } from '@voucherkit/domain/internals';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { ServiceContext } from '../../../core/context.js';
import { ApiError } from '../../../http/api-error.js';
import type { Resource } from '../../../core/resource.js';

/** A category as the API returns it. */
export type Category = Resource<'Category'>;

/**
 * The category a record names, as {@link CategoryStore.resolve} reads a request: its name and id,
 * or both `null` for none.
 */
export interface CategoryChoice {
  /** The category's name, or `null` for none. */
  readonly category: string | null;
  /** The category's id (`cat_…`), or `null` for none. */
  readonly category_id: string | null;
}

/**
 * What refers to categories from an area above the catalog (the project's stacking rules), and must
 * let one go before it is deleted. The rules area implements it; the project's state wires it in.
 */
export interface CategoryReferences {
  /** Throws the service's error while the category is referred to; with `force`, removes it from what refers to it. */
  releaseCategory(categoryId: string, force: boolean): void;
}

/** Categories of one project. Names are unique within a project. */
export class CategoryStore {
  readonly #items: TrackedMap<string, Category>;

  /**
   * @param context - The service's ids and clock.
   * @param references - What refers to categories (a getter: the stores are built in turn); none by default.
   */
  constructor(
    private readonly context: ServiceContext,
    private readonly references: () => CategoryReferences | undefined = () => undefined,
  ) {
    this.#items = context.tracked.map();
  }

  /** All categories, newest first (the service's listing order). */
  list(): Category[] {
    return [...this.#items.values()].reverse();
  }

  /**
   * The category with this id.
   * @throws ApiError 404 when the project has no such category.
   */
  get(id: string): Category {
    const category = this.#items.get(id);
    if (!category) throw ApiError.notFound('category', id);
    return category;
  }

  /** Whether the category exists. */
  has(id: string): boolean {
    return this.#items.has(id);
  }

  /**
   * The category a request names, by id (`category_id`) or by name (`category`); the id wins when
   * both are sent. Neither gives no category. A name that names no category is one to make, as the
   * service makes it (decision 0058): the answer holds the name and an id derived from it, and
   * {@link CategoryStore.ensure} makes the category when the record that names it is stored, so a
   * refused request makes none. Nothing is written here.
   *
   * @throws ApiError 404 when the id names no category.
   */
  resolve(name: string | null | undefined, id: string | null | undefined): CategoryChoice {
    if (id !== undefined && id !== null) return { category: this.get(id).name, category_id: id };
    if (name === undefined || name === null) return { category: null, category_id: null };
    const match = this.#named(name);
    if (match) return { category: match.name, category_id: match.id };
    // Derived from the name, so every record of one request that names it gets the same id.
    let serial = 0;
    let newId = derivedId('cat', name, serial);
    while (this.#items.has(newId)) newId = derivedId('cat', name, ++serial);
    return { category: name, category_id: newId };
  }

  /**
   * Makes the category that {@link CategoryStore.resolve} gave for a name it did not find, when the
   * record naming it is stored: with that id and name, and the hierarchy after the project's
   * highest, so it ranks after every category set up before it. A category that exists is left
   * as it is.
   */
  ensure({
    category,
    category_id,
  }: {
    readonly category?: string | null | undefined;
    readonly category_id?: string | null | undefined;
  }): void {
    if (
      category === undefined ||
      category === null ||
      category_id === undefined ||
      category_id === null ||
      this.#items.has(category_id) ||
      this.#named(category) !== undefined
    )
      return;
    const hierarchy = 1 + Math.max(0, ...[...this.#items.values()].map((existing) => existing.hierarchy));
    this.#items.set(category_id, {
      id: category_id,
      name: category,
      hierarchy,
      object: 'category',
      created_at: this.context.timestamp(),
    });
  }

  /**
   * Adds a category with a new id and the current time as `created_at`.
   * @throws DomainError `duplicate_found` when the name is taken.
   */
  create(input: { name: string; hierarchy: number }): Category {
    this.#assertNameFree(input.name);
    const category: Category = {
      id: this.context.ids('cat'),
      name: input.name,
      hierarchy: input.hierarchy,
      object: 'category',
      created_at: this.context.timestamp(),
    };
    this.#items.set(category.id, category);
    return category;
  }

  /**
   * Changes the name or the priority of a category and stamps `updated_at`.
   * @throws ApiError 404; DomainError `duplicate_found` when renaming onto a taken name.
   */
  update(id: string, patch: { name?: string | undefined; hierarchy?: number | undefined }): Category {
    const current = this.get(id);
    if (patch.name !== undefined && patch.name !== current.name) this.#assertNameFree(patch.name);
    const updated: Category = {
      ...current,
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.hierarchy === undefined ? {} : { hierarchy: patch.hierarchy }),
      updated_at: this.context.timestamp(),
    };
    this.#items.set(id, updated);
    return updated;
  }

  /**
   * Removes a category, once what refers to it (the stacking rules) lets it go.
   *
   * @param id - The category's id.
   * @param force - Remove the category from what refers to it (`remove_from_stacking_rules`).
   * @throws ApiError 404 when the project has no such category; DomainError `stacking_rules_exist`
   *   (409) while the stacking rules name it and `force` is not given.
   */
  delete(id: string, force = false): void {
    this.get(id);
    this.references()?.releaseCategory(id, force);
    this.#items.delete(id);
  }

  #named(name: string): Category | undefined {
    return [...this.#items.values()].find((category) => category.name === name);
  }

  #assertNameFree(name: string): void {
    if (this.#named(name) !== undefined) {
      throw new DomainError('duplicate_found', 'Duplicated resource found', {
        details: `A category named "${name}" already exists.`,
      });
    }
  }
}
