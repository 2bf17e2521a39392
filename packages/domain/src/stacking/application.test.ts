import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  STACKING_SKIP_MESSAGES,
  type StackingApplication,
  type StackingSkipKey,
  type StackingStepContext,
  type StackingVerdict,
  applyStackedRedeemables,
} from './application.js';
import { type StackingCategory, type StackingRedeemable, redeemableStackingType } from './categories.js';
import { STACKING_RULES_DEFAULTS, type StackingRulesSettings, validateStackingRules } from './rules.js';

/** A cart reduced to what the tests need: the order total and the price left on each item, in cents. */
interface Cart {
  readonly total: number;
  readonly items: Readonly<Record<string, number>>;
}

/** A test redeemable: a percentage off the order, or off some items, with an optional order rule. */
interface Offer extends StackingRedeemable {
  readonly percent: number;
  /** Discount only these items; the whole order otherwise. */
  readonly items?: readonly string[];
  /** Order rule: the total after earlier discounts must be above this. */
  readonly above?: number;
  /** Fails its own checks with this key. */
  readonly fails?: string;
  /** Fails the precheck (the code does not exist), when the test passes {@link precheckOffer}. */
  readonly unknown?: boolean;
}

interface Failure {
  readonly key: string;
}

type Result = StackingApplication<Offer, Cart, number, Failure>;

/** What the caller's evaluation does: the order rule, then the discount on the base the mode names. */
const evaluateOffer = (offer: Offer, step: StackingStepContext<Cart>): StackingVerdict<Cart, number, Failure> => {
  if (offer.fails !== undefined) return { status: 'INAPPLICABLE', error: { key: offer.fails } };
  if (offer.above !== undefined && step.order.total <= offer.above) {
    return { status: 'INAPPLICABLE', error: { key: 'order_rules_violated' } };
  }
  const base = step.calculationMode === 'INITIAL_AMOUNT' ? step.initialOrder : step.order;
  if (offer.items === undefined) {
    const off = Math.min(Math.round((base.total * offer.percent) / 100), step.order.total);
    return {
      status: 'APPLICABLE',
      order: { ...step.order, total: step.order.total - off },
      effect: off > 0,
      result: off,
    };
  }
  const items = { ...step.order.items };
  const touched: string[] = [];
  let off = 0;
  for (const item of offer.items) {
    const left = items[item];
    if (left === undefined || step.excludedItems.has(item)) continue;
    const cut = Math.min(Math.round(((base.items[item] ?? 0) * offer.percent) / 100), left);
    if (cut === 0) continue;
    items[item] = left - cut;
    off += cut;
    touched.push(item);
  }
  return {
    status: 'APPLICABLE',
    order: { total: step.order.total - off, items },
    effect: off > 0,
    result: off,
    discountedItems: touched,
  };
};

/** The checks that need neither the order nor the other redeemables: here, only existence. */
const precheckOffer = (offer: Offer): Failure | undefined =>
  offer.unknown === true ? { key: 'not_found' } : undefined;

const cart = (total: number, items: Record<string, number> = {}): Cart => ({ total, items });

const run = (
  redeemables: readonly Offer[],
  rules: Partial<StackingRulesSettings> = {},
  order: Cart = cart(10500),
): Result =>
  applyStackedRedeemables({
    redeemables,
    order,
    rules: { ...STACKING_RULES_DEFAULTS, applicable_redeemables_per_category_limit: 5, ...rules },
    evaluate: evaluateOffer,
  });

/** `id:STATUS[:key]` for each outcome, in response order. */
const summary = (result: Result): string[] =>
  result.outcomes.map((outcome) => {
    if (outcome.status === 'SKIPPED') return `${outcome.redeemable.id}:SKIPPED:${outcome.details.key}`;
    if (outcome.status === 'INAPPLICABLE') return `${outcome.redeemable.id}:INAPPLICABLE:${outcome.error.key}`;
    return `${outcome.redeemable.id}:APPLICABLE`;
  });

const category = (id: string, hierarchy = 1): StackingCategory => ({ id, hierarchy });
const offer = (id: string, percent: number, extra: Partial<Offer> = {}): Offer => ({
  object: 'voucher',
  id,
  percent,
  ...extra,
});

// The reference's example: a $105 cart, A is 10% off, B is 20% off orders above $100.
const tenOff = (categories: StackingCategory[] = []) => offer('A', 10, { categories });
const twentyOffAbove100 = (categories: StackingCategory[] = []) => offer('B', 20, { above: 10000, categories });

describe('applyStackedRedeemables: application order', () => {
  it('REQUESTED_ORDER, A first: A takes $105 to $94.50, and B no longer meets its rule', () => {
    const result = run([tenOff(), twentyOffAbove100()]);
    expect(summary(result)).toEqual(['A:APPLICABLE', 'B:INAPPLICABLE:order_rules_violated']);
    expect(result.applicable.map(({ order }) => order.total)).toEqual([9450]);
    expect(result.order.total).toBe(9450);
    // B is inapplicable, so the validation says false; PARTIAL still redeems A.
    expect(result.valid).toBe(false);
    expect(result.canRedeem).toBe(true);
  });

  it('REQUESTED_ORDER, B first: B takes $105 to $84, then A to $75.60', () => {
    const result = run([twentyOffAbove100(), tenOff()]);
    expect(summary(result)).toEqual(['B:APPLICABLE', 'A:APPLICABLE']);
    expect(result.applicable.map(({ order }) => order.total)).toEqual([8400, 7560]);
    expect(result.applicable.map(({ result: off }) => off)).toEqual([2100, 840]);
    expect(result.order.total).toBe(7560);
    expect(result.valid).toBe(true);
    expect(result.canRedeem).toBe(true);
  });

  it('CATEGORY_HIERARCHY applies the higher-priority category first, whatever the request order', () => {
    const rules = { redeemables_sorting_rule: 'CATEGORY_HIERARCHY' } as const;
    // A's category comes first: the outcome of "A first".
    const aFirst = [category('cat_a', 0)];
    const bSecond = [category('cat_b', 1)];
    for (const request of [
      [tenOff(aFirst), twentyOffAbove100(bSecond)],
      [twentyOffAbove100(bSecond), tenOff(aFirst)],
    ]) {
      const result = run(request, rules);
      expect(summary(result)).toEqual(['A:APPLICABLE', 'B:INAPPLICABLE:order_rules_violated']);
      expect(result.order.total).toBe(9450);
    }
    // B's category comes first: the outcome of "B first".
    for (const request of [
      [tenOff(bSecond), twentyOffAbove100(aFirst)],
      [twentyOffAbove100(aFirst), tenOff(bSecond)],
    ]) {
      const result = run(request, rules);
      expect(summary(result)).toEqual(['B:APPLICABLE', 'A:APPLICABLE']);
      expect(result.order.total).toBe(7560);
    }
  });

  it('CATEGORY_HIERARCHY keeps the request order between equal hierarchies', () => {
    const same = [category('cat_a', 1)];
    const other = [category('cat_b', 1)];
    const rules = { redeemables_sorting_rule: 'CATEGORY_HIERARCHY' } as const;
    expect(summary(run([tenOff(same), twentyOffAbove100(other)], rules))[0]).toBe('A:APPLICABLE');
    expect(summary(run([twentyOffAbove100(other), tenOff(same)], rules))[0]).toBe('B:APPLICABLE');
  });

  it('applies joint redeemables last (JOINT_ALWAYS_LAST)', () => {
    const result = run([offer('J', 10, { categories: [category('cat_joint')] }), offer('C', 20)], {
      joint_categories: ['cat_joint'],
    });
    expect(summary(result)).toEqual(['C:APPLICABLE', 'J:APPLICABLE']);
    expect(result.outcomes.map(({ index }) => index)).toEqual([1, 0]);
  });
});

describe('applyStackedRedeemables: categories', () => {
  const rules = { exclusive_categories: ['cat_never'], joint_categories: ['cat_always'] };
  const never = (id: string, percent = 50) => offer(id, percent, { categories: [category('cat_never')] });
  const always = (id: string, percent = 5) => offer(id, percent, { categories: [category('cat_always')] });
  const common = (id: string, percent = 10) => offer(id, percent, { categories: [category('cat_plain')] });

  it('an applicable exclusive redeemable makes the common ones SKIPPED, whatever the request order', () => {
    for (const request of [
      [common('C'), never('N')],
      [never('N'), common('C')],
    ]) {
      const result = run(request, rules, cart(10000));
      expect(summary(result)).toEqual(['N:APPLICABLE', 'C:SKIPPED:exclusion_rules_not_met']);
      expect(result.skipped[0]?.details.message).toBe(STACKING_SKIP_MESSAGES.exclusion_rules_not_met);
      expect(result.order.total).toBe(5000);
      expect(result.valid).toBe(true);
    }
  });

  it('also under CATEGORY_HIERARCHY when the common category has the higher priority', () => {
    const result = run(
      [
        offer('C', 10, { categories: [category('cat_plain', 0)] }),
        offer('N', 50, { categories: [category('cat_never', 9)] }),
      ],
      { ...rules, redeemables_sorting_rule: 'CATEGORY_HIERARCHY' },
      cart(10000),
    );
    expect(summary(result)).toEqual(['N:APPLICABLE', 'C:SKIPPED:exclusion_rules_not_met']);
  });

  it('an inapplicable exclusive redeemable excludes nothing', () => {
    const result = run(
      [common('C'), offer('N', 50, { categories: [category('cat_never')], fails: 'voucher_expired' })],
      rules,
    );
    expect(summary(result)).toEqual(['N:INAPPLICABLE:voucher_expired', 'C:APPLICABLE']);
    expect(result.canRedeem).toBe(true);
  });

  it('joint redeemables stack with exclusive and common ones', () => {
    expect(summary(run([always('J'), never('N')], rules))).toEqual(['N:APPLICABLE', 'J:APPLICABLE']);
    expect(summary(run([always('J'), common('C')], rules))).toEqual(['C:APPLICABLE', 'J:APPLICABLE']);
    expect(summary(run([common('C'), always('J'), never('N')], rules))).toEqual([
      'N:APPLICABLE',
      'C:SKIPPED:exclusion_rules_not_met',
      'J:APPLICABLE',
    ]);
  });

  it('exclusive redeemables stack with each other up to the exclusive limits', () => {
    const twoNever = [never('N1', 10), offer('N2', 10, { categories: [category('cat_never2')] })];
    const both = { ...rules, exclusive_categories: ['cat_never', 'cat_never2'] };
    expect(summary(run(twoNever, { ...both, applicable_exclusive_redeemables_limit: 2 }))).toEqual([
      'N1:APPLICABLE',
      'N2:APPLICABLE',
    ]);
    expect(summary(run(twoNever, both))).toEqual([
      'N1:APPLICABLE',
      'N2:SKIPPED:applicable_exclusive_redeemables_limit_exceeded',
    ]);
  });

  it('counts exclusive redeemables of one category against the exclusive per-category limit', () => {
    const result = run([never('N1', 10), never('N2', 10), never('N3', 10)], {
      ...rules,
      applicable_exclusive_redeemables_limit: 5,
      applicable_exclusive_redeemables_per_category_limit: 2,
    });
    expect(summary(result)).toEqual([
      'N1:APPLICABLE',
      'N2:APPLICABLE',
      'N3:SKIPPED:applicable_exclusive_redeemables_per_category_limit_exceeded',
    ]);
  });

  it('an exclusive category is bounded by its own limit too, but not by the general per-category limit', () => {
    const exclusive = {
      ...rules,
      applicable_redeemables_per_category_limit: 1,
      applicable_exclusive_redeemables_limit: 5,
      applicable_exclusive_redeemables_per_category_limit: 3,
    };
    const request = [never('N1', 10), never('N2', 10), never('N3', 10)];
    expect(summary(run(request, exclusive)).filter((line) => line.endsWith('APPLICABLE'))).toHaveLength(3);
    expect(summary(run(request, { ...exclusive, applicable_redeemables_category_limits: { cat_never: 2 } }))).toEqual([
      'N1:APPLICABLE',
      'N2:APPLICABLE',
      'N3:SKIPPED:applicable_redeemables_per_category_limit_exceeded',
    ]);
  });
});

describe('applyStackedRedeemables: limits', () => {
  const five = ['A', 'B', 'C', 'D', 'E'].map((id) => offer(id, 1));

  it('skips what exceeds applicable_redeemables_limit, in application order', () => {
    const result = run(five, { applicable_redeemables_limit: 3 });
    expect(summary(result)).toEqual([
      'A:APPLICABLE',
      'B:APPLICABLE',
      'C:APPLICABLE',
      'D:SKIPPED:applicable_redeemables_limit_exceeded',
      'E:SKIPPED:applicable_redeemables_limit_exceeded',
    ]);
    expect(result.skipped[0]?.details).toEqual({
      key: 'applicable_redeemables_limit_exceeded',
      message: 'Applicable redeemables limit exceeded',
    });
  });

  it('counts only applicable redeemables against the limits', () => {
    const request = [offer('X', 10, { fails: 'voucher_expired' }), ...five];
    const result = run(request, { applicable_redeemables_limit: 2 });
    expect(summary(result).slice(0, 4)).toEqual([
      'X:INAPPLICABLE:voucher_expired',
      'A:APPLICABLE',
      'B:APPLICABLE',
      'C:SKIPPED:applicable_redeemables_limit_exceeded',
    ]);
  });

  it('does not evaluate a redeemable that a limit skips', () => {
    const seen: string[] = [];
    applyStackedRedeemables({
      redeemables: five,
      order: cart(10000),
      rules: { ...STACKING_RULES_DEFAULTS, applicable_redeemables_limit: 2 },
      evaluate: (redeemable, step) => {
        seen.push(redeemable.id);
        return evaluateOffer(redeemable, step);
      },
    });
    expect(seen).toEqual(['A', 'B']);
  });

  it('applies applicable_redeemables_per_category_limit to each category', () => {
    const inCategory = (id: string, categoryId: string) => offer(id, 1, { categories: [category(categoryId)] });
    const request = [
      inCategory('A1', 'cat_a'),
      inCategory('A2', 'cat_a'),
      inCategory('B1', 'cat_b'),
      inCategory('A3', 'cat_a'),
    ];
    expect(summary(run(request, { applicable_redeemables_per_category_limit: 1 }))).toEqual([
      'A1:APPLICABLE',
      'A2:SKIPPED:applicable_redeemables_per_category_limit_exceeded',
      'B1:APPLICABLE',
      'A3:SKIPPED:applicable_redeemables_per_category_limit_exceeded',
    ]);
    // The defaults allow one per category.
    const defaults = applyStackedRedeemables({
      redeemables: request,
      order: cart(10000),
      rules: STACKING_RULES_DEFAULTS,
      evaluate: evaluateOffer,
    });
    expect(defaults.applicable.map(({ redeemable }) => redeemable.id)).toEqual(['A1', 'B1']);
  });

  it('lets applicable_redeemables_category_limits replace the per-category limit for one category', () => {
    const inCategory = (id: string, categoryId: string) => offer(id, 1, { categories: [category(categoryId)] });
    const request = ['A1', 'A2', 'A3']
      .map((id) => inCategory(id, 'cat_a'))
      .concat(['B1', 'B2'].map((id) => inCategory(id, 'cat_b')));
    const result = run(request, {
      applicable_redeemables_per_category_limit: 1,
      applicable_redeemables_category_limits: { cat_a: 2 },
    });
    expect(summary(result)).toEqual([
      'A1:APPLICABLE',
      'A2:APPLICABLE',
      'A3:SKIPPED:applicable_redeemables_per_category_limit_exceeded',
      'B1:APPLICABLE',
      'B2:SKIPPED:applicable_redeemables_per_category_limit_exceeded',
    ]);
  });

  it('reports the global limit before a category limit', () => {
    const request = [
      offer('A1', 1, { categories: [category('cat_a')] }),
      offer('A2', 1, { categories: [category('cat_a')] }),
    ];
    expect(
      summary(run(request, { applicable_redeemables_limit: 1, applicable_redeemables_per_category_limit: 1 }))[1],
    ).toBe('A2:SKIPPED:applicable_redeemables_limit_exceeded');
  });
});

describe('applyStackedRedeemables: ALL and PARTIAL', () => {
  const request = [offer('A', 10), offer('X', 10, { fails: 'voucher_expired' }), offer('B', 10)];

  it('PARTIAL applies the valid ones and redeems them, though the validation is not valid', () => {
    const result = run(request, { redeemables_application_mode: 'PARTIAL' }, cart(10000));
    expect(summary(result)).toEqual(['A:APPLICABLE', 'X:INAPPLICABLE:voucher_expired', 'B:APPLICABLE']);
    expect(result.valid).toBe(false);
    expect(result.canRedeem).toBe(true);
    expect(result.order.total).toBe(8100);
  });

  it('ALL skips everything after the first inapplicable one with preceding_validation_failed, and is invalid', () => {
    const result = run(request, { redeemables_application_mode: 'ALL' }, cart(10000));
    expect(summary(result)).toEqual([
      'A:APPLICABLE',
      'X:INAPPLICABLE:voucher_expired',
      'B:SKIPPED:preceding_validation_failed',
    ]);
    expect(result.valid).toBe(false);
    expect(result.canRedeem).toBe(false);
    expect(result.inapplicable.map(({ index }) => index)).toEqual([1]);
    // The order still shows what A would have done; nothing is redeemed.
    expect(result.order.total).toBe(9000);
  });

  it('ALL skips from the first inapplicable one in application order, not in request order', () => {
    const result = run(
      [offer('A', 10), offer('N', 10, { categories: [category('cat_never')], fails: 'voucher_disabled' })],
      { redeemables_application_mode: 'ALL', exclusive_categories: ['cat_never'] },
    );
    expect(summary(result)).toEqual(['N:INAPPLICABLE:voucher_disabled', 'A:SKIPPED:preceding_validation_failed']);
    expect(result.skipped[0]?.details.message).toBe(STACKING_SKIP_MESSAGES.preceding_validation_failed);
  });

  it('ALL is valid and redeems when everything applies', () => {
    const result = run([offer('A', 10), offer('B', 10)], { redeemables_application_mode: 'ALL' }, cart(10000));
    expect(result.valid).toBe(true);
    expect(result.canRedeem).toBe(true);
  });

  it('skipped redeemables do not make a request invalid, in either mode', () => {
    for (const mode of ['ALL', 'PARTIAL'] as const) {
      const result = run([offer('A', 10), offer('B', 10)], {
        redeemables_application_mode: mode,
        applicable_redeemables_limit: 1,
      });
      expect(summary(result)).toEqual(['A:APPLICABLE', 'B:SKIPPED:applicable_redeemables_limit_exceeded']);
      expect(result.valid).toBe(true);
      expect(result.canRedeem).toBe(true);
    }
  });

  it('is neither valid nor redeemable when nothing applies, whatever the mode', () => {
    for (const mode of ['ALL', 'PARTIAL'] as const) {
      const result = run([offer('X', 10, { fails: 'voucher_expired' })], { redeemables_application_mode: mode });
      expect(result.valid).toBe(false);
      expect(result.canRedeem).toBe(false);
      expect(result.order).toEqual(cart(10500));
    }
  });
});

describe('applyStackedRedeemables: no effect', () => {
  const zero = (categories: StackingCategory[] = []) => offer('Z', 0, { categories });

  it('REDEEM_ANYWAY applies a redeemable without effect', () => {
    const result = run([zero(), offer('A', 10)], { redeemables_no_effect_rule: 'REDEEM_ANYWAY' });
    expect(summary(result)).toEqual(['Z:APPLICABLE', 'A:APPLICABLE']);
    expect(result.applicable[0]?.effect).toBe(false);
  });

  it('SKIP skips it with no_effect, and it counts against no limit', () => {
    const result = run([zero(), offer('A', 10)], {
      redeemables_no_effect_rule: 'SKIP',
      applicable_redeemables_limit: 1,
    });
    expect(summary(result)).toEqual(['Z:SKIPPED:no_effect', 'A:APPLICABLE']);
    expect(result.skipped[0]?.details.message).toBe(STACKING_SKIP_MESSAGES.no_effect);
  });

  it('the category lists override the project rule', () => {
    const lists = { no_effect_skip_categories: ['cat_skip'], no_effect_redeem_anyway_categories: ['cat_keep'] };
    expect(
      summary(run([zero([category('cat_skip')])], { ...lists, redeemables_no_effect_rule: 'REDEEM_ANYWAY' })),
    ).toEqual(['Z:SKIPPED:no_effect']);
    expect(summary(run([zero([category('cat_keep')])], { ...lists, redeemables_no_effect_rule: 'SKIP' }))).toEqual([
      'Z:APPLICABLE',
    ]);
  });

  it('a redeemable that loses its effect to earlier ones is judged on the order it is given', () => {
    const full = offer('F', 100);
    const result = run([full, offer('A', 10)], { redeemables_no_effect_rule: 'SKIP' });
    expect(summary(result)).toEqual(['F:APPLICABLE', 'A:SKIPPED:no_effect']);
    expect(result.order.total).toBe(0);
  });

  it('a request whose only redeemable is skipped for no effect is neither valid nor redeemable', () => {
    const result = run([zero()], { redeemables_no_effect_rule: 'SKIP' });
    expect(result.valid).toBe(false);
    expect(result.canRedeem).toBe(false);
  });

  it('a redeemable skipped for no effect excludes nothing', () => {
    const rules = { redeemables_no_effect_rule: 'SKIP', exclusive_categories: ['cat_never'] } as const;
    const result = run(
      [offer('C', 10, { items: ['mug'] }), offer('N', 0, { categories: [category('cat_never')], items: ['mug'] })],
      rules,
      cart(1000, { mug: 1000 }),
    );
    expect(summary(result)).toEqual(['N:SKIPPED:no_effect', 'C:APPLICABLE']);
    expect(result.order.items).toEqual({ mug: 900 });
  });

  it('an exclusive redeemable applied without effect under REDEEM_ANYWAY still excludes the common ones', () => {
    const result = run([offer('C', 10), offer('N', 0, { categories: [category('cat_never')] })], {
      exclusive_categories: ['cat_never'],
    });
    expect(summary(result)).toEqual(['N:APPLICABLE', 'C:SKIPPED:exclusion_rules_not_met']);
  });
});

describe('applyStackedRedeemables: calculation mode and products', () => {
  const hundred = cart(10000);

  it('DISCOUNTED_AMOUNT computes 10% then 20% of $100 as $10 + $18', () => {
    const result = run([offer('A', 10), offer('B', 20)], { discount_calculation_mode: 'DISCOUNTED_AMOUNT' }, hundred);
    expect(result.applicable.map(({ result: off }) => off)).toEqual([1000, 1800]);
    expect(result.order.total).toBe(7200);
  });

  it('INITIAL_AMOUNT computes 10% then 20% of $100 as $10 + $20', () => {
    const result = run([offer('A', 10), offer('B', 20)], { discount_calculation_mode: 'INITIAL_AMOUNT' }, hundred);
    expect(result.applicable.map(({ result: off }) => off)).toEqual([1000, 2000]);
    expect(result.order.total).toBe(7000);
  });

  it('the category lists override the project mode', () => {
    const result = run(
      [offer('A', 10), offer('B', 20, { categories: [category('cat_initial')] })],
      { discount_calculation_mode: 'DISCOUNTED_AMOUNT', initial_amount_mode_categories: ['cat_initial'] },
      hundred,
    );
    expect(result.applicable.map(({ result: off }) => off)).toEqual([1000, 2000]);
    const back = run(
      [offer('A', 10), offer('B', 20, { categories: [category('cat_discounted')] })],
      { discount_calculation_mode: 'INITIAL_AMOUNT', discounted_amount_mode_categories: ['cat_discounted'] },
      hundred,
    );
    expect(back.applicable.map(({ result: off }) => off)).toEqual([1000, 1800]);
  });

  const items = cart(6000, { mug: 1000, tee: 2000, cap: 3000 });
  const first = offer('A', 10, { items: ['mug', 'tee'] });
  const second = offer('B', 50, { items: ['tee', 'cap'] });

  it('STACK lets several redeemables discount the same item', () => {
    const result = run([first, second], { redeemables_products_application_mode: 'STACK' }, items);
    expect(result.order.items).toEqual({ mug: 900, tee: 900, cap: 1500 });
  });

  it('ONCE lets only the first redeemable discount an item', () => {
    const result = run([first, second], { redeemables_products_application_mode: 'ONCE' }, items);
    expect(result.order.items).toEqual({ mug: 900, tee: 1800, cap: 1500 });
  });

  it('tells each step which items earlier steps discounted', () => {
    const seen: string[][] = [];
    applyStackedRedeemables({
      redeemables: [first, second, offer('C', 10, { items: ['cap'] })],
      order: items,
      rules: { ...STACKING_RULES_DEFAULTS, redeemables_products_application_mode: 'ONCE' },
      evaluate: (redeemable, step) => {
        seen.push([...step.excludedItems].sort());
        return evaluateOffer(redeemable, step);
      },
    });
    expect(seen).toEqual([[], ['mug', 'tee'], ['cap', 'mug', 'tee']]);
  });

  it('never changes a set of discounted items once a step was given it', () => {
    const given: ReadonlySet<string>[] = [];
    applyStackedRedeemables({
      redeemables: [first, second, offer('C', 10, { items: ['cap'] })],
      order: items,
      rules: STACKING_RULES_DEFAULTS,
      evaluate: (redeemable, step) => {
        given.push(step.discountedItems);
        return evaluateOffer(redeemable, step);
      },
    });
    // Read after the run: under STACK nothing is excluded, but every step learns what was discounted.
    expect(given.map((set) => [...set].sort())).toEqual([[], ['mug', 'tee'], ['cap', 'mug', 'tee']]);
  });

  it('a redeemable left without items under ONCE has no effect', () => {
    const result = run(
      [first, offer('B', 50, { items: ['mug'] })],
      {
        redeemables_products_application_mode: 'ONCE',
        redeemables_no_effect_rule: 'SKIP',
      },
      items,
    );
    expect(summary(result)).toEqual(['A:APPLICABLE', 'B:SKIPPED:no_effect']);
  });
});

describe('applyStackedRedeemables: precheck', () => {
  const rules = { exclusive_categories: ['cat_never'], applicable_redeemables_limit: 2 };
  const unknown = new Set(['NOPE']);
  const precheck = (redeemable: Offer): Failure | undefined =>
    unknown.has(redeemable.id) ? { key: 'not_found' } : undefined;
  const runChecked = (redeemables: readonly Offer[], extra: Partial<StackingRulesSettings> = {}) =>
    applyStackedRedeemables({
      redeemables,
      order: cart(10000),
      rules: { ...STACKING_RULES_DEFAULTS, applicable_redeemables_per_category_limit: 5, ...rules, ...extra },
      evaluate: evaluateOffer,
      precheck,
    });

  it('reports an unknown redeemable as inapplicable where an exclusive one would have excluded it', () => {
    const result = runChecked([offer('NOPE', 10), offer('N', 50, { categories: [category('cat_never')] })]);
    expect(summary(result)).toEqual(['N:APPLICABLE', 'NOPE:INAPPLICABLE:not_found']);
  });

  it('reports it as inapplicable beyond the applicable limit too, and it takes no place in the count', () => {
    const result = runChecked([offer('A', 1), offer('NOPE', 1), offer('B', 1), offer('C', 1)]);
    expect(summary(result)).toEqual([
      'A:APPLICABLE',
      'NOPE:INAPPLICABLE:not_found',
      'B:APPLICABLE',
      'C:SKIPPED:applicable_redeemables_limit_exceeded',
    ]);
  });

  it('does not evaluate a redeemable that the precheck rejects', () => {
    const seen: string[] = [];
    applyStackedRedeemables({
      redeemables: [offer('A', 1), offer('NOPE', 1)],
      order: cart(10000),
      rules: STACKING_RULES_DEFAULTS,
      evaluate: (redeemable, step) => {
        seen.push(redeemable.id);
        return evaluateOffer(redeemable, step);
      },
      precheck,
    });
    expect(seen).toEqual(['A']);
  });

  it('in ALL mode, a rejected redeemable skips the later ones, which are not prechecked', () => {
    const checked: string[] = [];
    const result = applyStackedRedeemables({
      redeemables: [offer('A', 1), offer('NOPE', 1), offer('B', 1)],
      order: cart(10000),
      rules: { ...STACKING_RULES_DEFAULTS, redeemables_application_mode: 'ALL' },
      evaluate: evaluateOffer,
      precheck: (redeemable) => {
        checked.push(redeemable.id);
        return precheck(redeemable);
      },
    });
    expect(summary(result)).toEqual([
      'A:APPLICABLE',
      'NOPE:INAPPLICABLE:not_found',
      'B:SKIPPED:preceding_validation_failed',
    ]);
    expect(checked).toEqual(['A', 'NOPE']);
    expect(result.canRedeem).toBe(false);
  });
});

describe('applyStackedRedeemables: skip details', () => {
  it('pairs every skip key with the message the service sends', () => {
    expect(STACKING_SKIP_MESSAGES).toEqual({
      applicable_redeemables_limit_exceeded: 'Applicable redeemables limit exceeded',
      applicable_redeemables_per_category_limit_exceeded: 'Applicable redeemables limit per category exceeded',
      applicable_exclusive_redeemables_limit_exceeded: 'Applicable exclusive redeemables limit exceeded',
      applicable_exclusive_redeemables_per_category_limit_exceeded:
        'Applicable exclusive redeemables limit per category exceeded',
      exclusion_rules_not_met: 'Redeemable cannot be applied due to exclusion rules',
      preceding_validation_failed: 'Redeemable cannot be applied due to preceding validation failure',
      no_effect: 'Redeemable cannot be applied due to no effect',
    });
    expect(Object.isFrozen(STACKING_SKIP_MESSAGES)).toBe(true);
  });

  it('hands back the redeemable objects as passed, with their request positions', () => {
    const request = [offer('B', 10, { fails: 'voucher_expired' }), offer('A', 10), offer('C', 10)];
    const result = run(request, { applicable_redeemables_limit: 1 });
    for (const outcome of result.outcomes) expect(outcome.redeemable).toBe(request[outcome.index]);
    expect(result.outcomes.map(({ status }) => status)).toEqual(['INAPPLICABLE', 'APPLICABLE', 'SKIPPED']);
    // A failing redeemable beyond a limit is skipped, not evaluated.
    expect(summary(run([offer('A', 10), request[0] as Offer], { applicable_redeemables_limit: 1 }))).toEqual([
      'A:APPLICABLE',
      'B:SKIPPED:applicable_redeemables_limit_exceeded',
    ]);
  });

  it('tells evaluate the stacking type, the calculation mode and the position in application order', () => {
    const steps: Pick<
      StackingStepContext<Cart>,
      'stackingType' | 'calculationMode' | 'position' | 'productsApplicationMode'
    >[] = [];
    applyStackedRedeemables({
      redeemables: [
        offer('J', 1, { categories: [category('cat_always')] }),
        offer('C', 1, { categories: [category('cat_initial')] }),
        offer('N', 1, { categories: [category('cat_never')] }),
      ],
      order: cart(10000),
      rules: {
        ...STACKING_RULES_DEFAULTS,
        applicable_exclusive_redeemables_limit: 1,
        exclusive_categories: ['cat_never'],
        joint_categories: ['cat_always'],
        initial_amount_mode_categories: ['cat_initial'],
        redeemables_products_application_mode: 'ONCE',
      },
      evaluate: (redeemable, step) => {
        const { stackingType, calculationMode, position, productsApplicationMode } = step;
        steps.push({ stackingType, calculationMode, position, productsApplicationMode });
        return evaluateOffer(redeemable, step);
      },
    });
    // C is common, so N (exclusive) rules it out before it is evaluated.
    expect(steps).toEqual([
      { stackingType: 'EXCLUSIVE', calculationMode: 'DISCOUNTED_AMOUNT', position: 0, productsApplicationMode: 'ONCE' },
      { stackingType: 'JOINT', calculationMode: 'DISCOUNTED_AMOUNT', position: 2, productsApplicationMode: 'ONCE' },
    ]);
  });

  it('gives every step the initial order alongside the current one', () => {
    const initial: number[] = [];
    applyStackedRedeemables({
      redeemables: [offer('A', 10), offer('B', 10)],
      order: cart(10000),
      rules: STACKING_RULES_DEFAULTS,
      evaluate: (redeemable, step) => {
        initial.push(step.initialOrder.total, step.order.total);
        return evaluateOffer(redeemable, step);
      },
    });
    expect(initial).toEqual([10000, 10000, 10000, 9000]);
  });

  it('handles an empty list', () => {
    const result = run([]);
    expect(result.outcomes).toEqual([]);
    expect(result.valid).toBe(false);
    expect(result.canRedeem).toBe(false);
    expect(result.order).toEqual(cart(10500));
  });
});

// --- Properties ---------------------------------------------------------------------------------

const POOL = ['cat_0', 'cat_1', 'cat_2', 'cat_3'] as const;
type Role = 'EXCLUSIVE' | 'JOINT' | 'COMMON';

const rulesArbitrary: fc.Arbitrary<StackingRulesSettings> = fc
  .record({
    applicable: fc.integer({ min: 1, max: 8 }),
    perCategory: fc.integer({ min: 1, max: 8 }),
    exclusive: fc.integer({ min: 1, max: 5 }),
    exclusivePerCategory: fc.integer({ min: 1, max: 5 }),
    roles: fc.tuple(...POOL.map(() => fc.constantFrom<Role>('EXCLUSIVE', 'JOINT', 'COMMON'))),
    own: fc.dictionary(fc.constantFrom(...POOL), fc.integer({ min: 1, max: 10 })),
    applicationMode: fc.constantFrom('ALL', 'PARTIAL'),
    sortingRule: fc.constantFrom('REQUESTED_ORDER', 'CATEGORY_HIERARCHY'),
    noEffect: fc.constantFrom('REDEEM_ANYWAY', 'SKIP'),
    noEffectLists: fc.tuple(...POOL.map(() => fc.constantFrom('skip', 'keep', 'none'))),
    productsMode: fc.constantFrom('STACK', 'ONCE'),
    calculationMode: fc.constantFrom('INITIAL_AMOUNT', 'DISCOUNTED_AMOUNT'),
  })
  .map((drawn): StackingRulesSettings => {
    const where = <T>(values: readonly T[], wanted: T) => POOL.filter((_, index) => values[index] === wanted);
    const rules: StackingRulesSettings = {
      ...STACKING_RULES_DEFAULTS,
      applicable_redeemables_limit: drawn.applicable,
      applicable_redeemables_per_category_limit: Math.min(drawn.perCategory, drawn.applicable),
      applicable_redeemables_category_limits: drawn.own,
      applicable_exclusive_redeemables_limit: drawn.exclusive,
      applicable_exclusive_redeemables_per_category_limit: Math.min(drawn.exclusivePerCategory, drawn.exclusive),
      exclusive_categories: where(drawn.roles, 'EXCLUSIVE'),
      joint_categories: where(drawn.roles, 'JOINT'),
      redeemables_application_mode: drawn.applicationMode,
      redeemables_sorting_rule: drawn.sortingRule,
      redeemables_no_effect_rule: drawn.noEffect,
      no_effect_skip_categories: where(drawn.noEffectLists, 'skip'),
      no_effect_redeem_anyway_categories: where(drawn.noEffectLists, 'keep'),
      redeemables_products_application_mode: drawn.productsMode,
      discount_calculation_mode: drawn.calculationMode,
    };
    validateStackingRules(rules);
    return rules;
  });

const hierarchies = fc.tuple(...POOL.map(() => fc.integer({ min: 0, max: 3 })));

const offersArbitrary = (hierarchy: readonly number[]): fc.Arbitrary<Offer[]> =>
  fc
    .array(
      fc.record({
        categories: fc.subarray([...POOL.keys()], { maxLength: 2 }),
        percent: fc.integer({ min: 0, max: 40 }),
        above: fc.option(fc.integer({ min: 0, max: 10000 }), { nil: undefined }),
        fails: fc.boolean(),
        unknown: fc.integer({ min: 0, max: 9 }).map((draw) => draw === 0),
        items: fc.option(fc.subarray(['mug', 'tee', 'cap']), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 12 },
    )
    .map((drawn) =>
      drawn.map(
        (entry, index): Offer => ({
          object: index % 2 === 0 ? 'voucher' : 'promotion_tier',
          id: `R${index}`,
          categories: entry.categories.map((at) => ({ id: POOL[at] ?? 'cat_0', hierarchy: hierarchy[at] ?? 0 })),
          percent: entry.percent,
          ...(entry.above === undefined ? {} : { above: entry.above }),
          ...(entry.fails ? { fails: 'voucher_expired' } : {}),
          ...(entry.unknown ? { unknown: true } : {}),
          ...(entry.items === undefined ? {} : { items: entry.items }),
        }),
      ),
    );

const caseArbitrary = fc
  .tuple(rulesArbitrary, hierarchies)
  .chain(([rules, hierarchy]) => fc.tuple(fc.constant(rules), offersArbitrary(hierarchy)));

const ORDER = cart(10000, { mug: 1000, tee: 3000, cap: 6000 });

const apply = (rules: StackingRulesSettings, offers: readonly Offer[]) =>
  applyStackedRedeemables({
    redeemables: offers,
    order: ORDER,
    rules,
    evaluate: evaluateOffer,
    precheck: precheckOffer,
  });

const typeOf = (rules: StackingRulesSettings, offer: Offer) => redeemableStackingType(offer.categories, rules);

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
};

describe('applyStackedRedeemables: properties', () => {
  it('reports every redeemable exactly once', () => {
    fc.assert(
      fc.property(caseArbitrary, ([rules, offers]) => {
        const result = apply(rules, offers);
        expect(result.outcomes.map(({ index }) => index).sort((a, b) => a - b)).toEqual(
          offers.map((_, index) => index),
        );
        expect(result.applicable.length + result.inapplicable.length + result.skipped.length).toBe(offers.length);
        for (const outcome of result.outcomes) expect(outcome.redeemable).toBe(offers[outcome.index]);
      }),
    );
  });

  it('never applies more than the limits allow', () => {
    fc.assert(
      fc.property(caseArbitrary, ([rules, offers]) => {
        const applied = apply(rules, offers).applicable.map(({ redeemable }) => redeemable);
        expect(applied.length).toBeLessThanOrEqual(rules.applicable_redeemables_limit);
        const exclusive = applied.filter((offer) => typeOf(rules, offer) === 'EXCLUSIVE');
        expect(exclusive.length).toBeLessThanOrEqual(rules.applicable_exclusive_redeemables_limit);
        for (const id of POOL) {
          const inCategory = applied.filter((offer) => offer.categories?.some((category) => category.id === id)).length;
          const own = rules.applicable_redeemables_category_limits[id];
          if (own !== undefined) expect(inCategory).toBeLessThanOrEqual(own);
          if (rules.exclusive_categories.includes(id)) {
            expect(inCategory).toBeLessThanOrEqual(rules.applicable_exclusive_redeemables_per_category_limit);
          } else if (own === undefined) {
            expect(inCategory).toBeLessThanOrEqual(rules.applicable_redeemables_per_category_limit);
          }
        }
      }),
    );
  });

  it('an applicable exclusive redeemable leaves no common one applicable', () => {
    fc.assert(
      fc.property(caseArbitrary, ([rules, offers]) => {
        const result = apply(rules, offers);
        if (!result.applicable.some(({ redeemable }) => typeOf(rules, redeemable) === 'EXCLUSIVE')) return;
        for (const outcome of result.outcomes) {
          if (typeOf(rules, outcome.redeemable) !== 'COMMON') continue;
          // Skipped by the exclusion (or an earlier failure in ALL mode); only an unknown code is
          // reported for what it is.
          if (outcome.status === 'INAPPLICABLE') expect(outcome.redeemable.unknown).toBe(true);
          else {
            const key = outcome.status === 'SKIPPED' ? outcome.details.key : outcome.status;
            expect(['exclusion_rules_not_met', 'preceding_validation_failed']).toContain(key);
          }
        }
      }),
    );
  });

  it('exclusive redeemables come before all common and joint ones in the response', () => {
    fc.assert(
      fc.property(caseArbitrary, ([rules, offers]) => {
        const kinds = apply(rules, offers).outcomes.map(({ redeemable }) => typeOf(rules, redeemable));
        const rank = { EXCLUSIVE: 0, COMMON: 1, JOINT: 2 } as const;
        expect(kinds.map((kind) => rank[kind])).toEqual(kinds.map((kind) => rank[kind]).sort((a, b) => a - b));
      }),
    );
  });

  it('depends only on its documented inputs', () => {
    fc.assert(
      fc.property(caseArbitrary, fc.constantFrom('WITH_ORDER', 'WITHOUT_ORDER'), ([rules, offers], rollback) => {
        const reference = apply(rules, offers);
        // Frozen inputs: the function changes nothing, and a second run gives the same answer.
        const frozenRules = deepFreeze(structuredClone(rules));
        const frozenOffers = deepFreeze(structuredClone(offers));
        const frozenOrder = deepFreeze(structuredClone(ORDER));
        const again = applyStackedRedeemables({
          redeemables: frozenOffers,
          order: frozenOrder,
          rules: frozenRules,
          evaluate: evaluateOffer,
          precheck: precheckOffer,
        });
        expect(again).toEqual(reference);
        // Fields that stacking does not read change nothing.
        const decorated = offers.map((offer) => ({ ...offer, metadata: { note: offer.id } }));
        const other = applyStackedRedeemables({
          redeemables: decorated,
          order: ORDER,
          rules: { ...rules, redeemables_rollback_order_mode: rollback, redeemables_limit: 30 },
          evaluate: evaluateOffer,
          precheck: precheckOffer,
        });
        expect(summary(other as unknown as Result)).toEqual(summary(reference));
        expect(other.order).toEqual(reference.order);
        expect(other.valid).toBe(reference.valid);
        expect(other.canRedeem).toBe(reference.canRedeem);
      }),
    );
  });

  it('REQUESTED_ORDER keeps the request order among the applied redeemables of each kind', () => {
    fc.assert(
      fc.property(caseArbitrary, ([drawn, offers]) => {
        const rules = { ...drawn, redeemables_sorting_rule: 'REQUESTED_ORDER' } as const;
        const result = apply(rules, offers);
        for (const kind of ['EXCLUSIVE', 'COMMON', 'JOINT'] as const) {
          const indices = result.applicable
            .filter(({ redeemable }) => typeOf(rules, redeemable) === kind)
            .map(({ index }) => index);
          expect(indices).toEqual([...indices].sort((a, b) => a - b));
        }
        // Without exclusive and joint categories, the response is in request order.
        const plain = apply({ ...rules, exclusive_categories: [], joint_categories: [] }, offers);
        expect(plain.outcomes.map(({ index }) => index)).toEqual(offers.map((_, index) => index));
      }),
    );
  });

  it('CATEGORY_HIERARCHY applies each kind by ascending hierarchy, ties in request order', () => {
    fc.assert(
      fc.property(caseArbitrary, ([drawn, offers]) => {
        const rules = { ...drawn, redeemables_sorting_rule: 'CATEGORY_HIERARCHY' } as const;
        const result = apply(rules, offers);
        const rank = { EXCLUSIVE: 0, COMMON: 1, JOINT: 2 };
        const keys = result.outcomes.map(({ redeemable, index }) => ({
          kind: rank[typeOf(rules, redeemable)],
          hierarchy: Math.min(Infinity, ...(redeemable.categories ?? []).map(({ hierarchy }) => hierarchy)),
          index,
        }));
        keys.slice(1).forEach((key, at) => {
          const previous = keys[at];
          if (previous === undefined) return;
          const sameKind = previous.kind === key.kind;
          const sameHierarchy = sameKind && previous.hierarchy === key.hierarchy;
          expect(previous.kind).toBeLessThanOrEqual(key.kind);
          if (sameKind) expect(previous.hierarchy).toBeLessThanOrEqual(key.hierarchy);
          if (sameHierarchy) expect(previous.index).toBeLessThan(key.index);
        });
      }),
    );
  });

  it('in ALL mode, skips everything after the first inapplicable redeemable and is invalid', () => {
    fc.assert(
      fc.property(caseArbitrary, ([drawn, offers]) => {
        const rules = { ...drawn, redeemables_application_mode: 'ALL' } as const;
        const result = apply(rules, offers);
        const first = result.outcomes.findIndex(({ status }) => status === 'INAPPLICABLE');
        if (first === -1) return;
        expect(result.valid).toBe(false);
        for (const outcome of result.outcomes.slice(first + 1)) {
          expect(outcome.status === 'SKIPPED' && outcome.details.key).toBe('preceding_validation_failed');
        }
      }),
    );
  });

  it('in PARTIAL mode, redeems exactly when something applies', () => {
    fc.assert(
      fc.property(caseArbitrary, ([drawn, offers]) => {
        const result = apply({ ...drawn, redeemables_application_mode: 'PARTIAL' }, offers);
        expect(result.canRedeem).toBe(result.applicable.length > 0);
      }),
    );
  });

  it('is valid exactly when something applies and nothing is inapplicable, in either mode', () => {
    fc.assert(
      fc.property(caseArbitrary, ([rules, offers]) => {
        const result = apply(rules, offers);
        expect(result.valid).toBe(result.applicable.length > 0 && result.inapplicable.length === 0);
        // A valid request always redeems; in ALL mode, only a valid one does.
        if (result.valid) expect(result.canRedeem).toBe(true);
        if (rules.redeemables_application_mode === 'ALL') expect(result.canRedeem).toBe(result.valid);
      }),
    );
  });

  it('ends with the order of the last applicable step, each step continuing from the one before', () => {
    fc.assert(
      fc.property(caseArbitrary, ([rules, offers]) => {
        const result = apply(rules, offers);
        expect(result.order).toEqual(result.applicable.at(-1)?.order ?? ORDER);
        let total = ORDER.total;
        for (const { order, result: off } of result.applicable) {
          expect(order.total).toBe(total - off);
          total = order.total;
        }
      }),
    );
  });

  it('skips for no effect only under SKIP, and applies without effect only under REDEEM_ANYWAY', () => {
    fc.assert(
      fc.property(caseArbitrary, ([rules, offers]) => {
        const result = apply(rules, offers);
        const ruleOf = (offer: Offer) => {
          const ids = (offer.categories ?? []).map(({ id }) => id);
          for (const id of ids) {
            if (rules.no_effect_skip_categories.includes(id)) return 'SKIP';
            if (rules.no_effect_redeem_anyway_categories.includes(id)) return 'REDEEM_ANYWAY';
          }
          return rules.redeemables_no_effect_rule;
        };
        for (const outcome of result.skipped.filter(({ details }) => details.key === 'no_effect')) {
          expect(ruleOf(outcome.redeemable)).toBe('SKIP');
        }
        for (const outcome of result.applicable.filter(({ effect }) => !effect)) {
          expect(ruleOf(outcome.redeemable)).toBe('REDEEM_ANYWAY');
        }
      }),
    );
  });

  it('evaluates each redeemable at most once, and none that the precheck or the rules rule out beforehand', () => {
    const beforehand: readonly StackingSkipKey[] = [
      'applicable_redeemables_limit_exceeded',
      'applicable_redeemables_per_category_limit_exceeded',
      'applicable_exclusive_redeemables_limit_exceeded',
      'applicable_exclusive_redeemables_per_category_limit_exceeded',
      'exclusion_rules_not_met',
      'preceding_validation_failed',
    ];
    fc.assert(
      fc.property(caseArbitrary, ([rules, offers]) => {
        const calls: string[] = [];
        const prechecks: string[] = [];
        const result = applyStackedRedeemables({
          redeemables: offers,
          order: ORDER,
          rules,
          evaluate: (offer, step) => {
            calls.push(offer.id);
            return evaluateOffer(offer, step);
          },
          precheck: (offer) => {
            prechecks.push(offer.id);
            return precheckOffer(offer);
          },
        });
        expect(new Set(calls).size).toBe(calls.length);
        expect(new Set(prechecks).size).toBe(prechecks.length);
        const notEvaluated = result.outcomes.filter(
          (outcome) =>
            (outcome.status === 'SKIPPED' && beforehand.includes(outcome.details.key)) ||
            (outcome.status === 'INAPPLICABLE' && outcome.redeemable.unknown === true),
        );
        expect(calls.length).toBe(offers.length - notEvaluated.length);
        for (const { redeemable } of notEvaluated) expect(calls).not.toContain(redeemable.id);
        // Everything is prechecked except what an earlier failure in ALL mode skips.
        const notPrechecked = result.skipped.filter(({ details }) => details.key === 'preceding_validation_failed');
        expect(prechecks.length).toBe(offers.length - notPrechecked.length);
      }),
    );
  });

  it('reports a redeemable that fails the precheck as inapplicable, unless an earlier failure in ALL mode skips it', () => {
    fc.assert(
      fc.property(caseArbitrary, ([rules, offers]) => {
        const result = apply(rules, offers);
        for (const outcome of result.outcomes.filter(({ redeemable }) => redeemable.unknown === true)) {
          if (outcome.status === 'SKIPPED') expect(outcome.details.key).toBe('preceding_validation_failed');
          else expect(outcome.status === 'INAPPLICABLE' && outcome.error.key).toBe('not_found');
        }
      }),
    );
  });

  it('a skipped redeemable changes nothing for the others: leaving it out gives the same outcomes', () => {
    fc.assert(
      fc.property(caseArbitrary, ([rules, offers]) => {
        const result = apply(rules, offers);
        const skipped = new Set(result.skipped.map(({ redeemable }) => redeemable));
        const rest = apply(
          rules,
          offers.filter((offer) => !skipped.has(offer)),
        );
        const withoutSkipped = summary(result).filter((_, at) => result.outcomes[at]?.status !== 'SKIPPED');
        expect(summary(rest)).toEqual(withoutSkipped);
        expect(rest.order).toEqual(result.order);
      }),
    );
  });

  it('REQUESTED_ORDER without exclusive or joint categories: a redeemable added at the end changes no earlier outcome', () => {
    fc.assert(
      fc.property(caseArbitrary, ([drawn, offers]) => {
        const rules = {
          ...drawn,
          redeemables_sorting_rule: 'REQUESTED_ORDER',
          exclusive_categories: [],
          joint_categories: [],
        } as const;
        const full = summary(apply(rules, offers));
        for (let length = 0; length < offers.length; length += 1) {
          expect(summary(apply(rules, offers.slice(0, length)))).toEqual(full.slice(0, length));
        }
      }),
    );
  });

  it('CATEGORY_HIERARCHY with distinct priorities gives the same outcomes whatever the request order', () => {
    // Each redeemable has its own category with a priority no other one shares, and a role.
    const distinct = fc
      .tuple(rulesArbitrary, offersArbitrary([0, 0, 0, 0]), fc.func(fc.integer()))
      .chain(([rules, offers, key]) =>
        fc
          .array(fc.constantFrom<Role>('EXCLUSIVE', 'JOINT', 'COMMON'), {
            minLength: offers.length,
            maxLength: offers.length,
          })
          .map((roles) => {
            const own = offers.map((offer, at): Offer => ({ ...offer, categories: [category(`cat_own${at}`, at)] }));
            const withRole = (role: Role) =>
              own.filter((_, at) => roles[at] === role).map((offer) => offer.categories?.[0]?.id ?? '');
            const withRoles: StackingRulesSettings = {
              ...rules,
              redeemables_sorting_rule: 'CATEGORY_HIERARCHY',
              exclusive_categories: withRole('EXCLUSIVE'),
              joint_categories: withRole('JOINT'),
              applicable_redeemables_category_limits: {},
              no_effect_skip_categories: [],
              no_effect_redeem_anyway_categories: [],
            };
            return { rules: withRoles, offers: own, shuffled: [...own].sort((a, b) => key(a.id) - key(b.id)) };
          }),
      );
    fc.assert(
      fc.property(distinct, ({ rules, offers, shuffled }) => {
        const sorted = (result: Result) => summary(result);
        expect(sorted(apply(rules, shuffled))).toEqual(sorted(apply(rules, offers)));
      }),
    );
  });
});
