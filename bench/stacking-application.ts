/**
 * Stacking application on the largest request the service accepts: 30 redeemables in ten
 * categories (common, joint and, in the second case, exclusive ones), sorted by hierarchy, with
 * the project's limits raised so that most of them are evaluated. The evaluation is a plain
 * percentage off the order, and the reference is the same evaluation called for the 30
 * redeemables in a bare loop in the same run, so the figures are the cost of the stacking rules
 * themselves, not of discount maths.
 */
import {
  STACKING_RULES_DEFAULTS,
  type StackingRedeemable,
  type StackingRulesSettings,
  type StackingVerdict,
  applyStackedRedeemables,
} from '@voucherkit/domain';
import { label, median } from './lib/measure.ts';

const REDEEMABLES = 30;
const CALLS = 20_000;
const ROUNDS = 9;

interface BenchOffer extends StackingRedeemable {
  readonly percent: number;
}

interface BenchOrder {
  readonly total: number;
}

const offers: BenchOffer[] = Array.from({ length: REDEEMABLES }, (_, index) => ({
  object: index % 3 === 0 ? 'promotion_tier' : 'voucher',
  id: `CODE${index}`,
  categories: [{ id: `cat_${index % 10}`, hierarchy: (index * 7) % 4 }],
  percent: 1 + (index % 5),
}));

const rules: StackingRulesSettings = {
  ...STACKING_RULES_DEFAULTS,
  applicable_redeemables_limit: 30,
  applicable_redeemables_per_category_limit: 3,
  applicable_exclusive_redeemables_limit: 5,
  applicable_exclusive_redeemables_per_category_limit: 5,
  exclusive_categories: [],
  joint_categories: ['cat_8', 'cat_9'],
  redeemables_sorting_rule: 'CATEGORY_HIERARCHY',
  redeemables_products_application_mode: 'ONCE',
  redeemables_no_effect_rule: 'SKIP',
};

const exclusive: StackingRulesSettings = { ...rules, exclusive_categories: ['cat_0', 'cat_1'] };

const evaluate = (offer: BenchOffer, order: BenchOrder): StackingVerdict<BenchOrder, number, never> => {
  const off = Math.round((order.total * offer.percent) / 100);
  return { status: 'APPLICABLE', order: { total: order.total - off }, effect: off > 0, result: off };
};

const START: BenchOrder = { total: 100_000 };

/** One stacked request; returns how many redeemables applied. */
const stacked = (settings: StackingRulesSettings): number =>
  applyStackedRedeemables({
    redeemables: offers,
    order: START,
    rules: settings,
    evaluate: (offer, step) => evaluate(offer, step.order),
  }).applicable.length;

/** The reference: every redeemable evaluated in request order, with no stacking rules at all. */
const bare = (): number => {
  let order = START;
  let applied = 0;
  for (const offer of offers) {
    const verdict = evaluate(offer, order);
    if (verdict.status === 'APPLICABLE') {
      order = verdict.order;
      applied += 1;
    }
  }
  return applied;
};

/** Microseconds per call of `run`, over {@link CALLS} calls. */
const time = (run: () => number): number => {
  const start = performance.now();
  let sink = 0;
  for (let call = 0; call < CALLS; call += 1) sink += run();
  if (sink < 0) throw new Error('unreachable: keeps the calls from being optimised away');
  return ((performance.now() - start) * 1000) / CALLS;
};

export const stackingApplication = async (): Promise<string[]> => {
  const reference: number[] = [];
  const common: number[] = [];
  const withExclusive: number[] = [];
  for (let round = 0; round < ROUNDS + 2; round += 1) {
    const figures = [time(bare), time(() => stacked(rules)), time(() => stacked(exclusive))];
    // The first two rounds warm the JIT up.
    if (round < 2) continue;
    reference.push(figures[0] ?? 0);
    common.push(figures[1] ?? 0);
    withExclusive.push(figures[2] ?? 0);
  }
  const [bareUs, commonUs, exclusiveUs] = [median(reference), median(common), median(withExclusive)];
  await Promise.resolve();
  return [
    `Stacking application (${REDEEMABLES} redeemables, ${CALLS} calls per round, median of ${ROUNDS} interleaved rounds)`,
    `  ${label(`bare loop of the same evaluation, ${bare()} apply`)}${bareUs.toFixed(2)} µs`,
    `  ${label(`common and joint categories, ${stacked(rules)} apply`)}${commonUs.toFixed(2)} µs`,
    `  ${label(`two exclusive categories, ${stacked(exclusive)} apply`)}${exclusiveUs.toFixed(2)} µs`,
    `  ${label('stacking cost per redeemable (common and joint)')}${((commonUs - bareUs) / REDEEMABLES).toFixed(2)} µs`,
    `  ${label('requests per ms (common and joint)')}${(1000 / commonUs).toFixed(0)}`,
    `  ${label('ratio stacked / bare (common and joint)')}${(commonUs / bareUs).toFixed(1)}`,
  ];
};
