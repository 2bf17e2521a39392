import { DomainError, applyStackingRulesDefaults, validateStackingRules } from '@voucherkit/domain';
import {
  categoriesInStackingRules,
  mergeStackingRules,
  removeCategoryFromStackingRules,
  stackingRulesReferenceCategory,
} from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import type { Cell } from '../../../core/history/cell.js';
import { ApiError } from '../../../http/api-error.js';
import type { Resource } from '../../../core/resource.js';

/** A project's stacking rules as the API returns them. */
export type StackingRules = Resource<'StackingRules'>;
type RulesInput = Parameters<typeof applyStackingRulesDefaults>[0];

/** The project's single set of stacking rules (management API). */
export class StackingRulesStore {
  /** The project's set, if it has one. */
  readonly #rules: Cell<StackingRules | undefined>;

  constructor(private readonly context: ServiceContext) {
    this.#rules = context.tracked.cell<StackingRules | undefined>(undefined);
  }

  /** The set, if the project has one (zero or one item). */
  list(): StackingRules[] {
    const rules = this.#rules.value;
    return rules ? [rules] : [];
  }

  /**
   * The project's set, by its id.
   * @throws ApiError 404 when the id is not the project's set.
   */
  get(id: string): StackingRules {
    const rules = this.#rules.value;
    if (rules?.id !== id) throw ApiError.notFound('stacking_rules', id);
    return rules;
  }

  /**
   * Creates the project's set with the service's defaults for every field left out.
   * @throws DomainError `stacking_rules_exist` (409) when the project already has a set; `invalid_payload`
   *   for limits out of range or contradicting category lists; ApiError 404 for unknown categories.
   */
  create(input: RulesInput, categoryExists: (id: string) => boolean): StackingRules {
    const existing = this.#rules.value;
    if (existing) {
      throw new DomainError('stacking_rules_exist', 'Stacking rules exist', {
        details: `Cannot exist more stacking rules for given project: it has ${existing.id}; update them instead.`,
      });
    }
    const rules = applyStackingRulesDefaults(input);
    validateStackingRules(rules);
    this.#assertCategoriesExist(rules, categoryExists);
    const now = this.context.timestamp();
    const created = { ...rules, id: this.context.ids('stk'), created_at: now } as StackingRules;
    this.#rules.value = created;
    return created;
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
    const updated = { ...current, ...merged, updated_at: this.context.timestamp() } as StackingRules;
    this.#rules.value = updated;
    return updated;
  }

  /** Removes the set; validations fall back to the defaults. */
  delete(id: string): void {
    this.get(id);
    this.#rules.value = undefined;
  }

  /**
   * Lets a category be deleted: refused while the rules name it, unless `force` removes it from them.
   * @throws DomainError `stacking_rules_exist` (409).
   */
  releaseCategory(categoryId: string, force: boolean): void {
    const rules = this.#rules.value;
    if (!rules || !stackingRulesReferenceCategory(rules, categoryId)) return;
    if (!force) {
      throw new DomainError('stacking_rules_exist', 'Category is used in stacking rules', {
        details: `Category ${categoryId} is used in stacking rules ${rules.id}; pass remove_from_stacking_rules=true to remove it from them and delete it.`,
      });
    }
    this.#rules.value = {
      ...rules,
      ...removeCategoryFromStackingRules(rules, categoryId),
      updated_at: this.context.timestamp(),
    } as StackingRules;
  }

  #assertCategoriesExist(
    rules: Parameters<typeof categoriesInStackingRules>[0],
    categoryExists: (id: string) => boolean,
  ): void {
    const unknown = categoriesInStackingRules(rules).find((id) => !categoryExists(id));
    if (unknown !== undefined) throw ApiError.notFound('category', unknown);
  }
}
