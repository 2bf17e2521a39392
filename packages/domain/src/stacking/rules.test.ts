import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import {
  STACKING_RULES_DEFAULTS,
  type StackingRulesSettings,
  applyStackingRulesDefaults,
  categoriesInStackingRules,
  mergeStackingRules,
  removeCategoryFromStackingRules,
  stackingRulesReferenceCategory,
  validateStackingRules,
} from './rules.js';

const A = 'cat_0b5f49fb31c3bf6ab0';
const B = 'cat_0c5d710a63c4110ae9';
const C = 'cat_0e1d0ba99c2fff2b51';

const invalid = (rules: Partial<StackingRulesSettings>) =>
  catchDomainError(() => validateStackingRules({ ...STACKING_RULES_DEFAULTS, ...rules }));

describe('STACKING_RULES_DEFAULTS', () => {
  it('holds the documented defaults', () => {
    expect(STACKING_RULES_DEFAULTS).toMatchObject({
      redeemables_limit: 30,
      applicable_redeemables_limit: 5,
      applicable_redeemables_per_category_limit: 1,
      applicable_redeemables_category_limits: {},
      applicable_exclusive_redeemables_limit: 1,
      applicable_exclusive_redeemables_per_category_limit: 1,
      exclusive_categories: [],
      joint_categories: [],
      redeemables_sorting_rule: 'REQUESTED_ORDER',
      redeemables_rollback_order_mode: 'WITH_ORDER',
      no_effect_skip_categories: [],
      no_effect_redeem_anyway_categories: [],
    });
  });

  it('is valid and cannot be mutated', () => {
    expect(() => validateStackingRules(STACKING_RULES_DEFAULTS)).not.toThrow();
    expect(Object.isFrozen(STACKING_RULES_DEFAULTS)).toBe(true);
    expect(Object.isFrozen(STACKING_RULES_DEFAULTS.exclusive_categories)).toBe(true);
  });
});

describe('validateStackingRules', () => {
  it.each([
    ['redeemables_limit', 0, 1, 30],
    ['redeemables_limit', 31, 1, 30],
    ['applicable_redeemables_limit', 0, 1, 30],
    ['applicable_redeemables_per_category_limit', 0, 1, 30],
    ['applicable_exclusive_redeemables_limit', 6, 1, 5],
    ['applicable_exclusive_redeemables_limit', 0, 1, 5],
    ['applicable_exclusive_redeemables_per_category_limit', 6, 1, 5],
    ['redeemables_limit', 2.5, 1, 30],
  ] as const)('refuses %s = %s (range %s–%s) with invalid_payload naming the field', (field, value, min, max) => {
    const error = invalid({ [field]: value });
    expect(error.key).toBe('invalid_payload');
    expect(error.message).toBe(`${field} must be an integer from ${min} to ${max}`);
    expect(error.details).toContain(`Property .${field}`);
  });

  it('accepts every limit inside its range when the narrowing order holds', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 30 })
          .chain((limit) =>
            fc
              .integer({ min: 1, max: limit })
              .chain((applicable) =>
                fc.tuple(fc.constant(limit), fc.constant(applicable), fc.integer({ min: 1, max: applicable })),
              ),
          ),
        fc
          .integer({ min: 1, max: 5 })
          .chain((exclusive) => fc.tuple(fc.constant(exclusive), fc.integer({ min: 1, max: exclusive }))),
        ([limit, applicable, perCategory], [exclusive, exclusivePerCategory]) => {
          expect(() =>
            validateStackingRules({
              ...STACKING_RULES_DEFAULTS,
              redeemables_limit: limit,
              applicable_redeemables_limit: applicable,
              applicable_redeemables_per_category_limit: perCategory,
              applicable_exclusive_redeemables_limit: exclusive,
              applicable_exclusive_redeemables_per_category_limit: exclusivePerCategory,
            }),
          ).not.toThrow();
        },
      ),
    );
  });

  it('refuses an applicable limit above the limit it narrows', () => {
    expect(invalid({ redeemables_limit: 3, applicable_redeemables_limit: 4 }).message).toBe(
      'applicable_redeemables_limit must not exceed redeemables_limit',
    );
    expect(invalid({ applicable_redeemables_limit: 2, applicable_redeemables_per_category_limit: 3 }).message).toBe(
      'applicable_redeemables_per_category_limit must not exceed applicable_redeemables_limit',
    );
    expect(
      invalid({ applicable_exclusive_redeemables_limit: 2, applicable_exclusive_redeemables_per_category_limit: 3 })
        .message,
    ).toBe(
      'applicable_exclusive_redeemables_per_category_limit must not exceed applicable_exclusive_redeemables_limit',
    );
  });

  it('refuses category limits outside 1–10 and accepts those inside', () => {
    for (const limit of [0, 11, 1.5]) {
      const error = invalid({ applicable_redeemables_category_limits: { [A]: 2, [B]: limit } });
      expect(error.key).toBe('invalid_payload');
      expect(error.message).toBe(`applicable_redeemables_category_limits.${B} must be an integer from 1 to 10`);
    }
    expect(() =>
      validateStackingRules({
        ...STACKING_RULES_DEFAULTS,
        applicable_redeemables_category_limits: { [A]: 1, [B]: 10 },
      }),
    ).not.toThrow();
  });

  it('refuses a category that is both exclusive and joint', () => {
    const error = invalid({ exclusive_categories: [A, B], joint_categories: [C, B] });
    expect(error.key).toBe('invalid_payload');
    expect(error.message).toBe('joint_categories must not share categories with exclusive_categories');
    expect(error.details).toContain(B);
    expect(error.details).not.toContain(C);
  });

  it('refuses overlapping no-effect lists', () => {
    const error = invalid({ no_effect_skip_categories: [A], no_effect_redeem_anyway_categories: [A] });
    expect(error.message).toBe(
      'no_effect_redeem_anyway_categories must not share categories with no_effect_skip_categories',
    );
  });

  it('refuses overlapping calculation-mode lists', () => {
    const error = invalid({ initial_amount_mode_categories: [A], discounted_amount_mode_categories: [A] });
    expect(error.message).toBe(
      'discounted_amount_mode_categories must not share categories with initial_amount_mode_categories',
    );
  });

  it('allows one category in lists of different concerns', () => {
    expect(() =>
      validateStackingRules({
        ...STACKING_RULES_DEFAULTS,
        exclusive_categories: [A],
        no_effect_redeem_anyway_categories: [A],
        initial_amount_mode_categories: [A],
      }),
    ).not.toThrow();
  });

  it('refuses unknown enum values and malformed lists from untyped callers', () => {
    const badMode = {
      ...STACKING_RULES_DEFAULTS,
      redeemables_application_mode: 'SOME',
    } as unknown as StackingRulesSettings;
    expect(catchDomainError(() => validateStackingRules(badMode)).message).toBe(
      'redeemables_application_mode must be one of ALL, PARTIAL',
    );
    const badList = { ...STACKING_RULES_DEFAULTS, joint_categories: 'cat_1' } as unknown as StackingRulesSettings;
    expect(catchDomainError(() => validateStackingRules(badList)).message).toBe(
      'joint_categories must be an array of category ids',
    );
    const badMap = {
      ...STACKING_RULES_DEFAULTS,
      applicable_redeemables_category_limits: [],
    } as unknown as StackingRulesSettings;
    expect(catchDomainError(() => validateStackingRules(badMap)).message).toBe(
      'applicable_redeemables_category_limits must be an object',
    );
  });

  it('names the first problem and lists them all in details', () => {
    const error = invalid({
      redeemables_limit: 40,
      applicable_exclusive_redeemables_limit: 9,
      joint_categories: [A],
      exclusive_categories: [A],
    });
    expect(error.message).toBe('redeemables_limit must be an integer from 1 to 30');
    expect(error.details?.split('; ')).toHaveLength(3);
  });
});

describe('applyStackingRulesDefaults', () => {
  it('fills every field left out', () => {
    expect(applyStackingRulesDefaults({})).toEqual(STACKING_RULES_DEFAULTS);
    const rules = applyStackingRulesDefaults({ redeemables_sorting_rule: 'CATEGORY_HIERARCHY', joint_categories: [A] });
    expect(rules).toEqual({
      ...STACKING_RULES_DEFAULTS,
      redeemables_sorting_rule: 'CATEGORY_HIERARCHY',
      joint_categories: [A],
    });
  });

  it('treats fields sent as undefined as left out', () => {
    expect(applyStackingRulesDefaults({ redeemables_limit: undefined })).toEqual(STACKING_RULES_DEFAULTS);
  });

  it('does not change its input', () => {
    const input = { exclusive_categories: [A] };
    applyStackingRulesDefaults(input);
    expect(input).toEqual({ exclusive_categories: [A] });
  });

  it('lowers an omitted narrowing limit to the limit it narrows', () => {
    const rules = applyStackingRulesDefaults({ redeemables_limit: 3 });
    expect(rules.applicable_redeemables_limit).toBe(3);
    expect(rules.applicable_redeemables_per_category_limit).toBe(1);
    const cascaded = applyStackingRulesDefaults({
      applicable_redeemables_limit: 1,
      applicable_exclusive_redeemables_limit: 1,
    });
    expect(cascaded.redeemables_limit).toBe(30);
    expect(cascaded.applicable_redeemables_per_category_limit).toBe(1);
  });

  it('keeps sent limits as they are and refuses inconsistent ones', () => {
    expect(
      catchDomainError(() => applyStackingRulesDefaults({ redeemables_limit: 3, applicable_redeemables_limit: 4 })).key,
    ).toBe('invalid_payload');
  });

  it('refuses out-of-range values', () => {
    const error = catchDomainError(() => applyStackingRulesDefaults({ redeemables_limit: 0 }));
    expect(error.key).toBe('invalid_payload');
    expect(error.message).toBe('redeemables_limit must be an integer from 1 to 30');
  });

  it('always returns valid rules when the sent limits are in range and ordered', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }), (limit) => {
        const rules = applyStackingRulesDefaults({ redeemables_limit: limit });
        expect(rules.applicable_redeemables_limit).toBeLessThanOrEqual(rules.redeemables_limit);
      }),
    );
  });
});

describe('mergeStackingRules', () => {
  const current = applyStackingRulesDefaults({
    exclusive_categories: [A, B],
    applicable_redeemables_category_limits: { [A]: 2 },
  });

  it('changes only the fields sent', () => {
    const merged = mergeStackingRules(current, { redeemables_application_mode: 'ALL', redeemables_limit: undefined });
    expect(merged).toEqual({ ...current, redeemables_application_mode: 'ALL' });
  });

  it('replaces arrays and the category-limit map entirely', () => {
    const merged = mergeStackingRules(current, {
      exclusive_categories: [C],
      applicable_redeemables_category_limits: { [B]: 3 },
    });
    expect(merged.exclusive_categories).toEqual([C]);
    expect(merged.applicable_redeemables_category_limits).toEqual({ [B]: 3 });
  });

  it('validates the result against the stored values', () => {
    const error = catchDomainError(() => mergeStackingRules(current, { redeemables_limit: 2 }));
    expect(error.key).toBe('invalid_payload');
    expect(error.message).toBe('applicable_redeemables_limit must not exceed redeemables_limit');
    expect(catchDomainError(() => mergeStackingRules(current, { joint_categories: [B] })).message).toBe(
      'joint_categories must not share categories with exclusive_categories',
    );
  });

  it('does not change the stored rules', () => {
    mergeStackingRules(current, { exclusive_categories: [] });
    expect(current.exclusive_categories).toEqual([A, B]);
  });
});

describe('category references', () => {
  const stored = {
    id: 'stk_0e9bdfd48108548fd3',
    ...applyStackingRulesDefaults({
      exclusive_categories: [A],
      joint_categories: [B],
      no_effect_skip_categories: [A, C],
      no_effect_redeem_anyway_categories: [B],
      initial_amount_mode_categories: [C],
      discounted_amount_mode_categories: [A],
      applicable_redeemables_category_limits: { [A]: 2, [C]: 3 },
    }),
  };

  it('tells whether the rules name a category anywhere', () => {
    expect(stackingRulesReferenceCategory(stored, A)).toBe(true);
    expect(stackingRulesReferenceCategory({ applicable_redeemables_category_limits: { [C]: 1 } }, C)).toBe(true);
    expect(stackingRulesReferenceCategory({ discounted_amount_mode_categories: [C] }, C)).toBe(true);
    expect(stackingRulesReferenceCategory(stored, 'cat_unknown')).toBe(false);
    expect(stackingRulesReferenceCategory(STACKING_RULES_DEFAULTS, A)).toBe(false);
    expect(stackingRulesReferenceCategory({}, A)).toBe(false);
  });

  it('lists every named category once', () => {
    expect(categoriesInStackingRules(stored)).toEqual([A, B, C]);
    expect(categoriesInStackingRules({})).toEqual([]);
  });

  it('removes a category from every list and the limit map, keeping other fields', () => {
    const cleaned = removeCategoryFromStackingRules(stored, A);
    expect(stackingRulesReferenceCategory(cleaned, A)).toBe(false);
    expect(cleaned).toEqual({
      ...stored,
      exclusive_categories: [],
      no_effect_skip_categories: [C],
      discounted_amount_mode_categories: [],
      applicable_redeemables_category_limits: { [C]: 3 },
    });
    expect(cleaned.id).toBe(stored.id);
    expect(stored.exclusive_categories).toEqual([A]);
    expect(() => validateStackingRules(cleaned)).not.toThrow();
  });

  it('leaves absent fields absent and unrelated rules unchanged', () => {
    expect(removeCategoryFromStackingRules({ joint_categories: [A, B] }, A)).toEqual({ joint_categories: [B] });
    expect(removeCategoryFromStackingRules(stored, 'cat_unknown')).toEqual(stored);
  });

  it('never leaves a reference behind, for any lists', () => {
    const ids = fc.constantFrom(A, B, C);
    fc.assert(
      fc.property(
        fc.record({
          exclusive_categories: fc.array(ids),
          joint_categories: fc.array(ids),
          no_effect_skip_categories: fc.array(ids),
        }),
        fc.dictionary(ids, fc.integer({ min: 1, max: 10 })),
        ids,
        (lists, limits, removed) => {
          const rules = { ...lists, applicable_redeemables_category_limits: limits };
          const cleaned = removeCategoryFromStackingRules(rules, removed);
          expect(stackingRulesReferenceCategory(cleaned, removed)).toBe(false);
          expect(categoriesInStackingRules(cleaned)).toEqual(
            categoriesInStackingRules(rules).filter((id) => id !== removed),
          );
        },
      ),
    );
  });
});
