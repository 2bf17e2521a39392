import { DomainError } from '../domain-error.js';

/**
 * The settings of a project's stacking rules: how many incentives one request may send and
 * apply, how categories combine, and in which order and on which amount discounts apply.
 * Field names are the API's. It is the minimal structural input of the functions in this
 * module; the stored resource adds `id`, `created_at` and `updated_at`.
 *
 * @example
 * ```ts
 * const rules: StackingRulesSettings = { ...STACKING_RULES_DEFAULTS, redeemables_limit: 10 };
 * ```
 */
export interface StackingRulesSettings {
  /** Most incentives one request may send, 1–30. */
  readonly redeemables_limit: number;
  /** Most incentives one request may apply, 1–30 and at most `redeemables_limit`. */
  readonly applicable_redeemables_limit: number;
  /** Most incentives of one category one request may apply, 1–30 and at most `applicable_redeemables_limit`. */
  readonly applicable_redeemables_per_category_limit: number;
  /** Own limits (1–10) for single categories, keyed by category id. */
  readonly applicable_redeemables_category_limits: Readonly<Record<string, number>>;
  /** Most incentives from exclusive categories one request may apply, 1–5. */
  readonly applicable_exclusive_redeemables_limit: number;
  /** Most incentives of one exclusive category one request may apply, 1–5 and at most `applicable_exclusive_redeemables_limit`. */
  readonly applicable_exclusive_redeemables_per_category_limit: number;
  /** Categories that combine only with other exclusive ones and with joint ones. */
  readonly exclusive_categories: readonly string[];
  /** Categories that combine with everything. */
  readonly joint_categories: readonly string[];
  /** All-or-nothing (`ALL`) or use what applies (`PARTIAL`). */
  readonly redeemables_application_mode: 'ALL' | 'PARTIAL';
  /** Apply in request order or by category hierarchy. */
  readonly redeemables_sorting_rule: 'REQUESTED_ORDER' | 'CATEGORY_HIERARCHY';
  /** Whether several discounts may reduce one product (`STACK`) or only the first (`ONCE`). */
  readonly redeemables_products_application_mode: 'STACK' | 'ONCE';
  /** Whether an incentive without effect is used up (`REDEEM_ANYWAY`) or left unused (`SKIP`). */
  readonly redeemables_no_effect_rule: 'REDEEM_ANYWAY' | 'SKIP';
  /** Categories whose no-effect incentives are always skipped. */
  readonly no_effect_skip_categories: readonly string[];
  /** Categories whose no-effect incentives are always redeemed. */
  readonly no_effect_redeem_anyway_categories: readonly string[];
  /** Whether a rollback also reverts the order. */
  readonly redeemables_rollback_order_mode: 'WITH_ORDER' | 'WITHOUT_ORDER';
  /** Whether discounts are computed on the initial or on the already discounted amount. */
  readonly discount_calculation_mode: 'INITIAL_AMOUNT' | 'DISCOUNTED_AMOUNT';
  /** Categories always computed on the initial amount. */
  readonly initial_amount_mode_categories: readonly string[];
  /** Categories always computed on the discounted amount. */
  readonly discounted_amount_mode_categories: readonly string[];
  /** Where joint incentives go when sorting; the service only knows `JOINT_ALWAYS_LAST`. */
  readonly grouped_redeemables_sorting_rule: 'JOINT_ALWAYS_LAST';
}

/**
 * Stacking-rules settings as a create or update request sends them: any field may be left out.
 *
 * @example
 * ```ts
 * const input: StackingRulesInput = { redeemables_limit: 10, exclusive_categories: ['cat_0b5f49fb31c3bf6ab0'] };
 * ```
 */
export type StackingRulesInput = {
  readonly [K in keyof StackingRulesSettings]?: StackingRulesSettings[K] | undefined;
};

/**
 * The parts of stacking rules that name categories: what deleting a category has to look at.
 */
export type StackingRulesCategoryRefs = Pick<
  StackingRulesInput,
  | 'exclusive_categories'
  | 'joint_categories'
  | 'no_effect_skip_categories'
  | 'no_effect_redeem_anyway_categories'
  | 'initial_amount_mode_categories'
  | 'discounted_amount_mode_categories'
  | 'applicable_redeemables_category_limits'
>;

/**
 * The values a field takes when a project has no stacking rules of its own, or when a create
 * request leaves it out.
 *
 * @remarks
 * The reference documents the limits, `redeemables_sorting_rule` and
 * `redeemables_rollback_order_mode` defaults. It leaves `redeemables_application_mode`
 * (`PARTIAL`), `redeemables_products_application_mode` (`STACK`), `redeemables_no_effect_rule`
 * (`REDEEM_ANYWAY`), `discount_calculation_mode` (`DISCOUNTED_AMOUNT`) and
 * `grouped_redeemables_sorting_rule` (`JOINT_ALWAYS_LAST`) open; those values are the ones in
 * all of its examples and in our spec.
 *
 * @example
 * ```ts
 * STACKING_RULES_DEFAULTS.applicable_redeemables_limit; // 5
 * ```
 */
export const STACKING_RULES_DEFAULTS: StackingRulesSettings = Object.freeze({
  redeemables_limit: 30,
  applicable_redeemables_limit: 5,
  applicable_redeemables_per_category_limit: 1,
  applicable_redeemables_category_limits: Object.freeze({}),
  applicable_exclusive_redeemables_limit: 1,
  applicable_exclusive_redeemables_per_category_limit: 1,
  exclusive_categories: Object.freeze([]),
  joint_categories: Object.freeze([]),
  redeemables_application_mode: 'PARTIAL',
  redeemables_sorting_rule: 'REQUESTED_ORDER',
  redeemables_products_application_mode: 'STACK',
  redeemables_no_effect_rule: 'REDEEM_ANYWAY',
  no_effect_skip_categories: Object.freeze([]),
  no_effect_redeem_anyway_categories: Object.freeze([]),
  redeemables_rollback_order_mode: 'WITH_ORDER',
  discount_calculation_mode: 'DISCOUNTED_AMOUNT',
  initial_amount_mode_categories: Object.freeze([]),
  discounted_amount_mode_categories: Object.freeze([]),
  grouped_redeemables_sorting_rule: 'JOINT_ALWAYS_LAST',
});

const CATEGORY_LIST_FIELDS: readonly (keyof StackingRulesCategoryRefs & `${string}_categories`)[] = [
  'exclusive_categories',
  'joint_categories',
  'no_effect_skip_categories',
  'no_effect_redeem_anyway_categories',
  'initial_amount_mode_categories',
  'discounted_amount_mode_categories',
];

type LimitField =
  | 'redeemables_limit'
  | 'applicable_redeemables_limit'
  | 'applicable_redeemables_per_category_limit'
  | 'applicable_exclusive_redeemables_limit'
  | 'applicable_exclusive_redeemables_per_category_limit';

/** Range of each limit, and the limit it narrows (it may not exceed that one). */
const LIMITS: readonly { field: LimitField; min: number; max: number; atMost?: LimitField }[] = [
  { field: 'redeemables_limit', min: 1, max: 30 },
  { field: 'applicable_redeemables_limit', min: 1, max: 30, atMost: 'redeemables_limit' },
  {
    field: 'applicable_redeemables_per_category_limit',
    min: 1,
    max: 30,
    atMost: 'applicable_redeemables_limit',
  },
  { field: 'applicable_exclusive_redeemables_limit', min: 1, max: 5 },
  {
    field: 'applicable_exclusive_redeemables_per_category_limit',
    min: 1,
    max: 5,
    atMost: 'applicable_exclusive_redeemables_limit',
  },
];

const CATEGORY_LIMIT_RANGE = { min: 1, max: 10 } as const;

type EnumField =
  | 'redeemables_application_mode'
  | 'redeemables_sorting_rule'
  | 'redeemables_products_application_mode'
  | 'redeemables_no_effect_rule'
  | 'redeemables_rollback_order_mode'
  | 'discount_calculation_mode'
  | 'grouped_redeemables_sorting_rule';

const ENUMS: { readonly [F in EnumField]: readonly StackingRulesSettings[F][] } = {
  redeemables_application_mode: ['ALL', 'PARTIAL'],
  redeemables_sorting_rule: ['REQUESTED_ORDER', 'CATEGORY_HIERARCHY'],
  redeemables_products_application_mode: ['STACK', 'ONCE'],
  redeemables_no_effect_rule: ['REDEEM_ANYWAY', 'SKIP'],
  redeemables_rollback_order_mode: ['WITH_ORDER', 'WITHOUT_ORDER'],
  discount_calculation_mode: ['INITIAL_AMOUNT', 'DISCOUNTED_AMOUNT'],
  grouped_redeemables_sorting_rule: ['JOINT_ALWAYS_LAST'],
};

/** Pairs of category lists that must not share an id: a category cannot be both. */
const DISJOINT_LISTS = [
  ['exclusive_categories', 'joint_categories'],
  ['no_effect_skip_categories', 'no_effect_redeem_anyway_categories'],
  ['initial_amount_mode_categories', 'discounted_amount_mode_categories'],
] as const;

interface Issue {
  readonly message: string;
  readonly details: string;
}

const isIntegerIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const describe = (value: unknown): string => JSON.stringify(value) ?? String(value);

const findIssues = (rules: StackingRulesSettings): Issue[] => {
  const issues: Issue[] = [];

  for (const { field, min, max, atMost } of LIMITS) {
    const value: unknown = rules[field];
    if (!isIntegerIn(value, min, max)) {
      issues.push({
        message: `${field} must be an integer from ${min} to ${max}`,
        details: `Property .${field} should be an integer from ${min} to ${max} (actual value is ${describe(value)})`,
      });
      continue;
    }
    const bound: unknown = atMost === undefined ? undefined : rules[atMost];
    if (atMost !== undefined && typeof bound === 'number' && value > bound) {
      issues.push({
        message: `${field} must not exceed ${atMost}`,
        details: `Property .${field} should be <= ${atMost} (${bound}) (actual value is ${value})`,
      });
    }
  }

  const categoryLimits: unknown = rules.applicable_redeemables_category_limits;
  if (typeof categoryLimits !== 'object' || categoryLimits === null || Array.isArray(categoryLimits)) {
    issues.push({
      message: 'applicable_redeemables_category_limits must be an object',
      details: 'Property .applicable_redeemables_category_limits should be object',
    });
  } else {
    for (const [categoryId, limit] of Object.entries(categoryLimits)) {
      if (!isIntegerIn(limit, CATEGORY_LIMIT_RANGE.min, CATEGORY_LIMIT_RANGE.max)) {
        issues.push({
          message: `applicable_redeemables_category_limits.${categoryId} must be an integer from 1 to 10`,
          details: `Property .applicable_redeemables_category_limits['${categoryId}'] should be an integer from 1 to 10 (actual value is ${describe(limit)})`,
        });
      }
    }
  }

  for (const field of Object.keys(ENUMS) as EnumField[]) {
    const allowed: readonly string[] = ENUMS[field];
    const value: unknown = rules[field];
    if (typeof value !== 'string' || !allowed.includes(value)) {
      issues.push({
        message: `${field} must be one of ${allowed.join(', ')}`,
        details: `Property .${field} should be equal to one of the allowed values: ${allowed.join(', ')} (actual value is ${describe(value)})`,
      });
    }
  }

  for (const field of CATEGORY_LIST_FIELDS) {
    const value: unknown = rules[field];
    if (!Array.isArray(value) || !value.every((id) => typeof id === 'string')) {
      issues.push({
        message: `${field} must be an array of category ids`,
        details: `Property .${field} should be array of strings`,
      });
    }
  }

  for (const [first, second] of DISJOINT_LISTS) {
    const a: unknown = rules[first];
    const b: unknown = rules[second];
    if (!Array.isArray(a) || !Array.isArray(b)) continue;
    const shared = [...new Set(b.filter((id) => a.includes(id)))];
    if (shared.length > 0) {
      issues.push({
        message: `${second} must not share categories with ${first}`,
        details: `Property .${second} should not contain categories listed in .${first}: ${shared.join(', ')}`,
      });
    }
  }

  return issues;
};

/**
 * Checks a complete set of stacking rules: every limit in its range, each applicable limit no
 * higher than the limit it narrows, per-category limits from 1 to 10, known enum values, and no
 * category both exclusive and joint, both skipped and redeemed anyway when without effect, or in
 * both calculation-mode lists. Whether the category ids exist is the caller's concern.
 *
 * @param rules - The rules to check, for example the result of {@link applyStackingRulesDefaults}.
 * @returns Nothing; returning means the rules are consistent.
 * @throws DomainError `invalid_payload`; the message names the first offending field and
 *   `details` lists every problem, separated by `; `.
 * @example
 * ```ts
 * validateStackingRules({ ...STACKING_RULES_DEFAULTS, applicable_redeemables_limit: 31 }); // throws
 * ```
 */
export function validateStackingRules(rules: StackingRulesSettings): void {
  const issues = findIssues(rules);
  const [first] = issues;
  if (first !== undefined) {
    throw new DomainError('invalid_payload', first.message, {
      details: issues.map((issue) => issue.details).join('; '),
    });
  }
}

// Fields sent as `undefined` count as not sent, so they never overwrite a value.
const definedFields = (input: StackingRulesInput): Partial<StackingRulesSettings> =>
  Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as Partial<StackingRulesSettings>;

/**
 * Completes a create request with {@link STACKING_RULES_DEFAULTS} and validates the result.
 *
 * @remarks
 * A narrowing limit that the request leaves out never exceeds the limit it narrows: sending only
 * `redeemables_limit: 3` gives `applicable_redeemables_limit: 3` rather than the default 5,
 * which would make the request fail for a value the caller never sent. The reference does not
 * say how the service resolves this (unverified).
 *
 * @param input - The fields the request sent.
 * @returns A complete, valid set of settings (a new object; `input` is not changed).
 * @throws DomainError `invalid_payload` when the completed rules break a rule of
 *   {@link validateStackingRules}.
 * @example
 * ```ts
 * applyStackingRulesDefaults({ redeemables_limit: 10 }).applicable_redeemables_limit; // 5
 * ```
 */
export function applyStackingRulesDefaults(input: StackingRulesInput): StackingRulesSettings {
  const sent = definedFields(input);
  const merged: { -readonly [K in keyof StackingRulesSettings]: StackingRulesSettings[K] } = {
    ...STACKING_RULES_DEFAULTS,
    ...sent,
  };
  // LIMITS lists each bound before the limits it narrows, so clamping cascades.
  for (const { field, max, atMost } of LIMITS) {
    if (atMost === undefined || sent[field] !== undefined) continue;
    const bound = merged[atMost];
    if (isIntegerIn(bound, 1, max)) merged[field] = Math.min(merged[field], bound);
  }
  validateStackingRules(merged);
  return merged;
}

/**
 * Applies an update request to stored stacking rules and validates the result. Only the fields
 * sent change; an array or the category-limits map that is sent replaces the stored one
 * entirely.
 *
 * @param current - The stored settings.
 * @param patch - The fields the update request sent.
 * @returns The updated settings (a new object; neither argument is changed).
 * @throws DomainError `invalid_payload` when the result breaks a rule of
 *   {@link validateStackingRules}, for example a lowered `redeemables_limit` below the stored
 *   `applicable_redeemables_limit`.
 */
export function mergeStackingRules(current: StackingRulesSettings, patch: StackingRulesInput): StackingRulesSettings {
  const merged: StackingRulesSettings = { ...current, ...definedFields(patch) };
  validateStackingRules(merged);
  return merged;
}

/**
 * Tells whether stacking rules name a category anywhere: in a category list or as a key of
 * `applicable_redeemables_category_limits`. Deleting such a category is refused with 409
 * `stacking_rules_exist` unless `remove_from_stacking_rules=true` is passed.
 *
 * @param rules - The stored rules (only the category fields are read).
 * @param categoryId - The category's id.
 * @returns `true` when the category is named.
 */
export function stackingRulesReferenceCategory(rules: StackingRulesCategoryRefs, categoryId: string): boolean {
  return categoriesInStackingRules(rules).includes(categoryId);
}

/**
 * Lists every category id that stacking rules name, each once, in field order. The mock uses it
 * to check that the categories exist.
 *
 * @param rules - The rules (only the category fields are read).
 * @returns The distinct category ids.
 */
export function categoriesInStackingRules(rules: StackingRulesCategoryRefs): string[] {
  const ids = new Set<string>();
  for (const field of CATEGORY_LIST_FIELDS) for (const id of rules[field] ?? []) ids.add(id);
  for (const id of Object.keys(rules.applicable_redeemables_category_limits ?? {})) ids.add(id);
  return [...ids];
}

/**
 * Removes every mention of a category from stacking rules: from the exclusive, joint, no-effect
 * and calculation-mode lists and from the per-category limits. This is what
 * `DELETE /v1/categories/{id}?remove_from_stacking_rules=true` does before deleting.
 *
 * @typeParam T - The stored rules' type; other fields (such as `id`) are kept as they are.
 * @param rules - The stored rules.
 * @param categoryId - The category being deleted.
 * @returns A copy of `rules` without the category (fields absent from `rules` stay absent).
 */
export function removeCategoryFromStackingRules<T extends StackingRulesCategoryRefs>(rules: T, categoryId: string): T {
  const result: Record<string, unknown> = { ...rules };
  for (const field of CATEGORY_LIST_FIELDS) {
    const ids = rules[field];
    if (ids !== undefined) result[field] = ids.filter((id) => id !== categoryId);
  }
  const limits = rules.applicable_redeemables_category_limits;
  if (limits !== undefined) {
    result['applicable_redeemables_category_limits'] = Object.fromEntries(
      Object.entries(limits).filter(([id]) => id !== categoryId),
    );
  }
  // The copy has exactly T's fields: only category fields that T already holds were replaced.
  return result as T;
}
