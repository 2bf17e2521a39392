import {
  DomainError,
  applyStackingRulesDefaults,
  categoriesInStackingRules,
  mergeStackingRules,
  removeCategoryFromStackingRules,
  stackingRulesReferenceCategory,
  validateStackingRules,
} from '@voucherkit/domain';
import type { ServiceContext } from '../../../core/context.js';
import { ApiError } from '../../../http/api-error.js';
import type { Resource } from '../../../core/resource.js';

/**
 * A project's stacking rules as the API returns them.
 *
 * @example
 * ```ts
 * const [rules]: StackingRules[] = service.projects.primary.state.stackingRules.list();
 * ```
 */
export type StackingRules = Resource<'StackingRules'>;
type RulesInput = Parameters<typeof applyStackingRulesDefaults>[0];

/**
 * The project's single set of stacking rules (management API).
 *
 * @example
 * ```ts
 * const { categories, stackingRules } = service.projects.primary.state;
 * const seasonal = categories.create({ name: 'Seasonal', hierarchy: 1 });
 * stackingRules.create({ exclusive_categories: [seasonal.id] }, (id) => categories.has(id));
 * ```
 */
export class StackingRulesStore {
  #rules: StackingRules | undefined;

  constructor(private readonly context: ServiceContext) {}

  /** The set, if the project has one (zero or one item). */
  list(): StackingRules[] {
    return this.#rules ? [this.#rules] : [];
  }

  /**
   * The project's set, by its id.
   * @throws ApiError 404 when the id is not the project's set.
   */
  get(id: string): StackingRules {
    if (this.#rules?.id !== id) throw ApiError.notFound('stacking_rules', id);
    return this.#rules;
  }

  /**
   * Creates the project's set with the service's defaults for every field left out.
   * @throws DomainError `stacking_rules_exist` (409) when the project already has a set; `invalid_payload`
   *   for limits out of range or contradicting category lists; ApiError 404 for unknown categories.
   */
  create(input: RulesInput, categoryExists: (id: string) => boolean): StackingRules {
    if (this.#rules) {
      throw new DomainError('stacking_rules_exist', 'Stacking rules exist', {
        details: `Cannot exist more stacking rules for given project: it has ${this.#rules.id}; update them instead.`,
      });
    }
    const rules = applyStackingRulesDefaults(input);
    validateStackingRules(rules);
    this.#assertCategoriesExist(rules, categoryExists);
    const now = this.context.timestamp();
    this.#rules = { ...rules, id: this.context.ids('stk'), created_at: now } as StackingRules;
    return this.#rules;
  }

  /**
   * Changes the fields given and keeps the others; the result is validated as a whole.
   * @throws like {@link create}, and ApiError 404 for an unknown id.
   */
  update(id: string, patch: RulesInput, categoryExists: (id: string) => boolean): StackingRules {
    const current = this.get(id);
    const merged = mergeStackingRules(applyStackingRulesDefaults(current), patch);
    validateStackingRules(merged);
    this.#assertCategoriesExist(merged, categoryExists);
    this.#rules = { ...current, ...merged, updated_at: this.context.timestamp() } as StackingRules;
    return this.#rules;
  }

  /** Removes the set; validations fall back to the defaults. */
  delete(id: string): void {
    this.get(id);
    this.#rules = undefined;
  }

  /**
   * Lets a category be deleted: refused while the rules name it, unless `force` removes it from them.
   * @throws DomainError `stacking_rules_exist` (409).
   */
  releaseCategory(categoryId: string, force: boolean): void {
    if (!this.#rules || !stackingRulesReferenceCategory(this.#rules, categoryId)) return;
    if (!force) {
      throw new DomainError('stacking_rules_exist', 'Category is used in stacking rules', {
        details: `Category ${categoryId} is used in stacking rules ${this.#rules.id}; pass remove_from_stacking_rules=true to remove it from them and delete it.`,
      });
    }
    this.#rules = { ...this.#rules, ...removeCategoryFromStackingRules(this.#rules, categoryId), updated_at: this.context.timestamp() } as StackingRules;
  }

  #assertCategoriesExist(rules: Parameters<typeof categoriesInStackingRules>[0], categoryExists: (id: string) => boolean): void {
    const unknown = categoriesInStackingRules(rules).find((id) => !categoryExists(id));
    if (unknown !== undefined) throw ApiError.notFound('category', unknown);
  }
}
