import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StackingCategory } from './categories.js';
import { stackingApplicationOrder } from './order.js';
import { STACKING_RULES_DEFAULTS, type StackingRulesSettings } from './rules.js';

const cat = (id: string, hierarchy: number): StackingCategory => ({ id, hierarchy });
const withCategories = (...categories: (StackingCategory | undefined)[]) =>
  categories.map((category) => ({ categories: category === undefined ? [] : [category] }));

const hierarchy: StackingRulesSettings = { ...STACKING_RULES_DEFAULTS, redeemables_sorting_rule: 'CATEGORY_HIERARCHY' };

describe('stackingApplicationOrder', () => {
  it('keeps the request order under REQUESTED_ORDER', () => {
    const redeemables = withCategories(cat('cat_a', 5), cat('cat_b', 0), undefined, cat('cat_c', 2));
    expect(stackingApplicationOrder(redeemables, STACKING_RULES_DEFAULTS)).toEqual([0, 1, 2, 3]);
  });

  it('sorts by ascending hierarchy under CATEGORY_HIERARCHY, ties in request order', () => {
    const redeemables = withCategories(cat('cat_a', 2), cat('cat_b', 1), cat('cat_c', 2), cat('cat_d', 0));
    expect(stackingApplicationOrder(redeemables, hierarchy)).toEqual([3, 1, 0, 2]);
  });

  it('puts redeemables without a category after categorised ones under CATEGORY_HIERARCHY', () => {
    const redeemables = withCategories(undefined, cat('cat_a', 9), undefined, cat('cat_b', 3));
    expect(stackingApplicationOrder(redeemables, hierarchy)).toEqual([3, 1, 0, 2]);
  });

  it('sorts a redeemable by its highest-priority category', () => {
    const redeemables = [{ categories: [cat('cat_a', 4)] }, { categories: [cat('cat_b', 7), cat('cat_c', 1)] }];
    expect(stackingApplicationOrder(redeemables, hierarchy)).toEqual([1, 0]);
  });

  it('applies exclusive redeemables first and joint ones last, whatever the sorting rule', () => {
    const redeemables = withCategories(cat('cat_joint', 0), cat('cat_plain', 1), cat('cat_never', 5), undefined);
    const grouped = { exclusive_categories: ['cat_never'], joint_categories: ['cat_joint'] };
    expect(stackingApplicationOrder(redeemables, { ...STACKING_RULES_DEFAULTS, ...grouped })).toEqual([2, 1, 3, 0]);
    expect(stackingApplicationOrder(redeemables, { ...hierarchy, ...grouped })).toEqual([2, 1, 3, 0]);
  });

  it('returns every index once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }), { maxLength: 30 }),
        fc.boolean(),
        (hierarchies, byHierarchy) => {
          const redeemables = withCategories(
            ...hierarchies.map((value, index) => (value === undefined ? undefined : cat(`cat_${index % 3}`, value))),
          );
          const order = stackingApplicationOrder(redeemables, {
            ...STACKING_RULES_DEFAULTS,
            exclusive_categories: ['cat_0'],
            joint_categories: ['cat_1'],
            redeemables_sorting_rule: byHierarchy ? 'CATEGORY_HIERARCHY' : 'REQUESTED_ORDER',
          });
          expect([...order].sort((a, b) => a - b)).toEqual(redeemables.map((_, index) => index));
        },
      ),
    );
  });

  it('is a stable sort on (exclusive, common, joint) and then, under CATEGORY_HIERARCHY, the hierarchy', () => {
    const categoryEntry = fc.record({
      id: fc.constantFrom('cat_x', 'cat_j', 'cat_a', 'cat_b'),
      hierarchy: fc.integer({ min: 0, max: 4 }),
    });
    const entry = fc.record({ categories: fc.array(categoryEntry, { maxLength: 2 }) });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), fc.boolean(), (redeemables, byHierarchy) => {
        const rules = {
          ...STACKING_RULES_DEFAULTS,
          exclusive_categories: ['cat_x'],
          joint_categories: ['cat_j'],
          redeemables_sorting_rule: byHierarchy ? 'CATEGORY_HIERARCHY' : 'REQUESTED_ORDER',
        } as const;
        const keyOf = (index: number): [number, number, number] => {
          const ids = (redeemables[index]?.categories ?? []).map(({ id }) => id);
          const group = ids.includes('cat_x') ? 0 : ids.includes('cat_j') ? 2 : 1;
          const hierarchies = (redeemables[index]?.categories ?? []).map(({ hierarchy }) => hierarchy);
          return [group, byHierarchy ? Math.min(Infinity, ...hierarchies) : 0, index];
        };
        const order = stackingApplicationOrder(redeemables, rules);
        for (let at = 1; at < order.length; at += 1) {
          const [group, hierarchy, index] = keyOf(order[at] ?? 0);
          const [previousGroup, previousHierarchy, previousIndex] = keyOf(order[at - 1] ?? 0);
          expect(previousGroup).toBeLessThanOrEqual(group);
          if (previousGroup === group) expect(previousHierarchy).toBeLessThanOrEqual(hierarchy);
          if (previousGroup === group && previousHierarchy === hierarchy) expect(previousIndex).toBeLessThan(index);
        }
      }),
    );
  });

  it('keeps the request order exactly under REQUESTED_ORDER without exclusive or joint categories', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }), { maxLength: 30 }),
        (hierarchies) => {
          const redeemables = withCategories(
            ...hierarchies.map((value, index) => (value === undefined ? undefined : cat(`cat_${index}`, value))),
          );
          const order = stackingApplicationOrder(redeemables, STACKING_RULES_DEFAULTS);
          expect(order).toEqual(redeemables.map((_, index) => index));
        },
      ),
    );
  });

  it('does not change its input', () => {
    const redeemables = Object.freeze(
      withCategories(cat('cat_b', 2), cat('cat_a', 1)).map((entry) => Object.freeze(entry)),
    );
    expect(stackingApplicationOrder(redeemables, hierarchy)).toEqual([1, 0]);
    expect(redeemables.map(({ categories }) => categories[0]?.id)).toEqual(['cat_b', 'cat_a']);
  });
});
