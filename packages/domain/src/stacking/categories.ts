import type { StackingRulesSettings } from './rules.js';

/**
 * A category of a redeemable, as far as stacking reads it: its id and its priority.
 *
 * @example
 * ```ts
 * const category: StackingCategory = { id: 'cat_0b5f49fb31c3bf6ab0', hierarchy: 1 };
 * ```
 */
export interface StackingCategory {
  /** The category's id (`cat_…`), matched against the ids in the stacking rules. */
  readonly id: string;
  /** Priority under `CATEGORY_HIERARCHY`: 0 is the highest, a lower number applies earlier. */
  readonly hierarchy: number;
}

/**
 * A redeemable of a stacked request as the stacking rules see it: what it is and which
 * categories it belongs to (a voucher's or a promotion tier's, taken from its campaign).
 *
 * @example
 * ```ts
 * const redeemable: StackingRedeemable = {
 *   object: 'voucher',
 *   id: 'SUMMER10',
 *   categories: [{ id: 'cat_0b5f49fb31c3bf6ab0', hierarchy: 1 }],
 * };
 * ```
 */
export interface StackingRedeemable {
  /** Kind of redeemable, as the request names it. */
  readonly object: 'voucher' | 'promotion_tier' | 'promotion_stack';
  /** The id as sent in the request: a voucher code or `v_` id, a promotion tier or stack id. */
  readonly id: string;
  /** Its categories; absent, `null` or empty when it has none. */
  readonly categories?: readonly StackingCategory[] | null | undefined;
}

/**
 * How a redeemable combines with others. `EXCLUSIVE` (a category of `exclusive_categories`,
 * "never stackable") combines only with exclusive and joint ones; `JOINT` (a category of
 * `joint_categories`, "always stackable") combines with everything; `COMMON` (any other
 * category, or none) combines with common and joint ones.
 *
 * @example
 * ```ts
 * const type: StackingType = 'EXCLUSIVE';
 * ```
 */
export type StackingType = 'EXCLUSIVE' | 'JOINT' | 'COMMON';

/**
 * The `stacking_rules_type` of a category in validation and redemption responses.
 *
 * @param categoryId - The category's id.
 * @param rules - The stacking rules (only the exclusive and joint lists are read).
 * @returns `EXCLUSIVE` or `JOINT` when the rules list the category, `undefined` otherwise (the
 *   response then leaves the field out).
 */
export function categoryStackingRulesType(
  categoryId: string,
  rules: Pick<StackingRulesSettings, 'exclusive_categories' | 'joint_categories'>,
): 'EXCLUSIVE' | 'JOINT' | undefined {
  if (rules.exclusive_categories.includes(categoryId)) return 'EXCLUSIVE';
  if (rules.joint_categories.includes(categoryId)) return 'JOINT';
  return undefined;
}

/**
 * How a redeemable combines with others, from its categories.
 *
 * @remarks
 * A redeemable usually has one category. With several, one exclusive category makes it
 * exclusive (it then blocks common redeemables and counts against the exclusive limits), else
 * one joint category makes it joint; the reference does not cover mixed categories
 * (unverified).
 *
 * @param categories - The redeemable's categories (`null` or absent for none).
 * @param rules - The stacking rules (only the exclusive and joint lists are read).
 * @returns Its {@link StackingType}; `COMMON` without categories.
 */
export function redeemableStackingType(
  categories: readonly StackingCategory[] | null | undefined,
  rules: Pick<StackingRulesSettings, 'exclusive_categories' | 'joint_categories'>,
): StackingType {
  const types = (categories ?? []).map(({ id }) => categoryStackingRulesType(id, rules));
  if (types.includes('EXCLUSIVE')) return 'EXCLUSIVE';
  if (types.includes('JOINT')) return 'JOINT';
  return 'COMMON';
}

/**
 * The hierarchy a redeemable sorts by under `CATEGORY_HIERARCHY`: the highest priority (lowest
 * number) of its categories.
 *
 * @remarks
 * A redeemable without a category has no priority and sorts after every categorised one
 * (`Infinity`); the reference does not say where it goes (unverified).
 *
 * @param categories - The redeemable's categories.
 * @returns The lowest `hierarchy`, or `Infinity` without categories.
 */
export function redeemableHierarchy(categories: readonly StackingCategory[] | null | undefined): number {
  return Math.min(Infinity, ...(categories ?? []).map(({ hierarchy }) => hierarchy));
}

/**
 * The amount a redeemable's discount is computed on: its category's own setting
 * (`initial_amount_mode_categories` or `discounted_amount_mode_categories`) or else the
 * project's `discount_calculation_mode`.
 *
 * @remarks
 * With several listed categories, the first one in the redeemable's own order decides.
 *
 * @param categories - The redeemable's categories.
 * @param rules - The stacking rules (only the calculation-mode fields are read).
 * @returns `INITIAL_AMOUNT` (on the order as sent) or `DISCOUNTED_AMOUNT` (on what earlier
 *   discounts left).
 */
export function discountCalculationModeFor(
  categories: readonly StackingCategory[] | null | undefined,
  rules: Pick<
    StackingRulesSettings,
    'discount_calculation_mode' | 'initial_amount_mode_categories' | 'discounted_amount_mode_categories'
  >,
): StackingRulesSettings['discount_calculation_mode'] {
  for (const { id } of categories ?? []) {
    if (rules.initial_amount_mode_categories.includes(id)) return 'INITIAL_AMOUNT';
    if (rules.discounted_amount_mode_categories.includes(id)) return 'DISCOUNTED_AMOUNT';
  }
  return rules.discount_calculation_mode;
}

/**
 * What happens to a redeemable that would change nothing: its category's own setting
 * (`no_effect_skip_categories` or `no_effect_redeem_anyway_categories`) or else the project's
 * `redeemables_no_effect_rule`.
 *
 * @remarks
 * With several listed categories, the first one in the redeemable's own order decides.
 *
 * @param categories - The redeemable's categories.
 * @param rules - The stacking rules (only the no-effect fields are read).
 * @returns `SKIP` (left unused, reported as skipped with `no_effect`) or `REDEEM_ANYWAY`.
 */
export function noEffectRuleFor(
  categories: readonly StackingCategory[] | null | undefined,
  rules: Pick<
    StackingRulesSettings,
    'redeemables_no_effect_rule' | 'no_effect_skip_categories' | 'no_effect_redeem_anyway_categories'
  >,
): StackingRulesSettings['redeemables_no_effect_rule'] {
  for (const { id } of categories ?? []) {
    if (rules.no_effect_skip_categories.includes(id)) return 'SKIP';
    if (rules.no_effect_redeem_anyway_categories.includes(id)) return 'REDEEM_ANYWAY';
  }
  return rules.redeemables_no_effect_rule;
}
