import { describe, expect, it } from 'vitest';
import {
  categoryStackingRulesType,
  discountCalculationModeFor,
  noEffectRuleFor,
  redeemableHierarchy,
  redeemableStackingType,
} from './categories.js';
import { STACKING_RULES_DEFAULTS, type StackingRulesSettings } from './rules.js';

const NEVER = { id: 'cat_never', hierarchy: 3 };
const ALWAYS = { id: 'cat_always', hierarchy: 2 };
const PLAIN = { id: 'cat_plain', hierarchy: 1 };

const rules: StackingRulesSettings = {
  ...STACKING_RULES_DEFAULTS,
  exclusive_categories: [NEVER.id],
  joint_categories: [ALWAYS.id],
};

describe('categoryStackingRulesType', () => {
  it('says EXCLUSIVE or JOINT for listed categories and nothing for the others', () => {
    expect(categoryStackingRulesType(NEVER.id, rules)).toBe('EXCLUSIVE');
    expect(categoryStackingRulesType(ALWAYS.id, rules)).toBe('JOINT');
    expect(categoryStackingRulesType(PLAIN.id, rules)).toBeUndefined();
  });
});

describe('redeemableStackingType', () => {
  it('is COMMON without categories or with unlisted ones', () => {
    expect(redeemableStackingType(undefined, rules)).toBe('COMMON');
    expect(redeemableStackingType(null, rules)).toBe('COMMON');
    expect(redeemableStackingType([], rules)).toBe('COMMON');
    expect(redeemableStackingType([PLAIN], rules)).toBe('COMMON');
  });

  it('follows the category lists, an exclusive category winning over a joint one', () => {
    expect(redeemableStackingType([NEVER], rules)).toBe('EXCLUSIVE');
    expect(redeemableStackingType([ALWAYS], rules)).toBe('JOINT');
    expect(redeemableStackingType([PLAIN, ALWAYS], rules)).toBe('JOINT');
    expect(redeemableStackingType([ALWAYS, NEVER], rules)).toBe('EXCLUSIVE');
  });
});

describe('redeemableHierarchy', () => {
  it('takes the highest priority of the categories, and Infinity without one', () => {
    expect(redeemableHierarchy([NEVER, PLAIN])).toBe(1);
    expect(redeemableHierarchy([{ id: 'cat_top', hierarchy: 0 }])).toBe(0);
    expect(redeemableHierarchy([])).toBe(Infinity);
    expect(redeemableHierarchy(null)).toBe(Infinity);
  });
});

describe('discountCalculationModeFor', () => {
  const modes = {
    discount_calculation_mode: 'DISCOUNTED_AMOUNT',
    initial_amount_mode_categories: [NEVER.id],
    discounted_amount_mode_categories: [PLAIN.id],
  } as const;

  it('uses the project mode unless a category is listed', () => {
    expect(discountCalculationModeFor([], modes)).toBe('DISCOUNTED_AMOUNT');
    expect(discountCalculationModeFor([ALWAYS], modes)).toBe('DISCOUNTED_AMOUNT');
    expect(discountCalculationModeFor([NEVER], modes)).toBe('INITIAL_AMOUNT');
    expect(discountCalculationModeFor([PLAIN], { ...modes, discount_calculation_mode: 'INITIAL_AMOUNT' })).toBe(
      'DISCOUNTED_AMOUNT',
    );
  });

  it('lets the first listed category decide', () => {
    expect(discountCalculationModeFor([ALWAYS, PLAIN, NEVER], modes)).toBe('DISCOUNTED_AMOUNT');
    expect(discountCalculationModeFor([NEVER, PLAIN], modes)).toBe('INITIAL_AMOUNT');
  });
});

describe('noEffectRuleFor', () => {
  const noEffect = {
    redeemables_no_effect_rule: 'REDEEM_ANYWAY',
    no_effect_skip_categories: [NEVER.id],
    no_effect_redeem_anyway_categories: [PLAIN.id],
  } as const;

  it('uses the project rule unless a category is listed', () => {
    expect(noEffectRuleFor(undefined, noEffect)).toBe('REDEEM_ANYWAY');
    expect(noEffectRuleFor([NEVER], noEffect)).toBe('SKIP');
    expect(noEffectRuleFor([PLAIN], { ...noEffect, redeemables_no_effect_rule: 'SKIP' })).toBe('REDEEM_ANYWAY');
    expect(noEffectRuleFor([ALWAYS], { ...noEffect, redeemables_no_effect_rule: 'SKIP' })).toBe('SKIP');
  });
});
