import {
  type StackingRedeemable,
  type StackingType,
  redeemableHierarchy,
  redeemableStackingType,
} from './categories.js';
import type { StackingRulesSettings } from './rules.js';

/** Exclusive redeemables are decided first, joint ones last (`JOINT_ALWAYS_LAST`). */
const GROUP_RANK: Readonly<Record<StackingType, number>> = { EXCLUSIVE: 0, COMMON: 1, JOINT: 2 };

/**
 * The order in which the redeemables of a stacked request are applied, which is also the order
 * of the response: exclusive redeemables first, then common ones, then joint ones
 * (`grouped_redeemables_sorting_rule` `JOINT_ALWAYS_LAST`); inside each group in request order
 * (`REQUESTED_ORDER`) or by ascending category hierarchy with ties in request order
 * (`CATEGORY_HIERARCHY`).
 *
 * @remarks
 * Exclusive redeemables go first because one that applies rules out every common one whatever
 * their order, so it has to be decided before any common one changes the order. Redeemables
 * without a category sort after categorised ones under `CATEGORY_HIERARCHY`; a redeemable with
 * several categories sorts by the highest priority (lowest number) among them.
 *
 * @param redeemables - The request's redeemables, in request order.
 * @param rules - The stacking rules (sorting rule and exclusive and joint categories are read).
 * @returns Indices into `redeemables`, in application order; each index appears once.
 * @example
 * ```ts
 * stackingApplicationOrder(
 *   [
 *     { object: 'voucher', id: 'A', categories: [{ id: 'cat_a', hierarchy: 2 }] },
 *     { object: 'voucher', id: 'B', categories: [{ id: 'cat_b', hierarchy: 1 }] },
 *   ],
 *   { ...STACKING_RULES_DEFAULTS, redeemables_sorting_rule: 'CATEGORY_HIERARCHY' },
 * ); // [1, 0]
 * ```
 */
export function stackingApplicationOrder(
  redeemables: readonly Pick<StackingRedeemable, 'categories'>[],
  rules: Pick<
    StackingRulesSettings,
    'redeemables_sorting_rule' | 'exclusive_categories' | 'joint_categories' | 'grouped_redeemables_sorting_rule'
  >,
): number[] {
  const byHierarchy = rules.redeemables_sorting_rule === 'CATEGORY_HIERARCHY';
  const keys = redeemables.map(({ categories }, index) => ({
    index,
    group: GROUP_RANK[redeemableStackingType(categories, rules)],
    hierarchy: byHierarchy ? redeemableHierarchy(categories) : 0,
  }));
  // Infinity − Infinity is NaN, so hierarchies are compared, not subtracted.
  keys.sort(
    (a, b) =>
      a.group - b.group || (a.hierarchy < b.hierarchy ? -1 : a.hierarchy > b.hierarchy ? 1 : 0) || a.index - b.index,
  );
  return keys.map(({ index }) => index);
}
