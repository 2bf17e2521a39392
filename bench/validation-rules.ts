/**
 * The validation rule evaluator on a realistic rule set: a customer segment, a spend range, an
 * iPhone in the cart with a quantity sub-rule, one redemption per customer, a campaign budget,
 * customer metadata and the cheapest item of a collection, combined as
 * `1 and (2 or 3) and 4 and 5 and (6 or 7)`, with two `applicable_to` entries, judged against
 * carts of 8 lines in the Europe/Warsaw time zone. Reports evaluations per second three ways
 * (parse and evaluate each time, evaluate a parsed rule set, reuse a compiled one) against a
 * hand-written function with the same meaning in the same run, since only ratios are meaningful
 * on shared machines.
 */
import {
  type RuleOrderItemInput,
  type ValidationRuleContext,
  compileValidationRules,
  createSeededRandom,
  evaluateValidationRules,
  parseValidationRules,
} from '@voucherkit/domain';
import { label, median } from './lib/measure.ts';

const CONTEXTS = 2_000;
const ROUNDS = 9;
const LINES = 8;

/** The rule set as a create request sends it. */
const RULE_SET = {
  name: 'New iPhone buyers, once each',
  error: { message: 'This offer is not available for your order.' },
  rules: {
    1: {
      name: 'customer.segment',
      conditions: { $in: ['seg_new', 'seg_returning'] },
      error: { message: 'Only for new and returning customers' },
    },
    2: { name: 'order.amount', conditions: { $more_than_or_equal: [50_000], $less_than: [500_000] } },
    3: {
      name: 'order.items.any',
      conditions: { $is: [{ id: 'prod_iphone', object: 'product' }] },
      rules: { 1: { name: 'order.items.quantity', conditions: { $more_than_or_equal: [1] } }, logic: '1' },
    },
    4: {
      name: 'redemption.count.per_customer',
      conditions: { $less_than_or_equal: [1] },
      error: { message: 'Once per customer' },
    },
    5: { name: 'campaign.orders.amount_discounted', conditions: { $less_than_or_equal: [10_000_000] } },
    6: { name: 'customer.metadata', property: 'loyalty.level', conditions: { $in: ['gold', 'platinum'] } },
    7: {
      name: 'order.items.cheapest',
      conditions: { $from: [{ id: 'pc_accessories', object: 'products_collection' }] },
      rules: { 1: { name: 'order.items.price', conditions: { $less_than: [5_000] } }, logic: '1' },
    },
    logic: '1 and (2 or 3) and 4 and 5 and (6 or 7)',
  },
  applicable_to: {
    included: [
      {
        object: 'products_collection',
        id: 'pc_accessories',
        effect: 'APPLY_FROM_CHEAPEST',
        quantity_limit: 2,
        aggregated_quantity_limit: 3,
      },
      { object: 'product', id: 'prod_iphone', effect: 'APPLY_TO_EVERY' },
    ],
    excluded: [{ object: 'sku', id: 'sku_case_gift' }],
    included_all: false,
  },
};

const PRODUCTS = ['prod_iphone', 'prod_case', 'prod_cable', 'prod_charger', 'prod_mug', 'prod_tee'] as const;

const contexts = (): ValidationRuleContext[] => {
  const random = createSeededRandom('validation-rules');
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random.next() * values.length)] as T;
  const now = Date.UTC(2026, 10, 23, 12);
  return Array.from({ length: CONTEXTS }, (_, index) => {
    const items: RuleOrderItemInput[] = Array.from({ length: LINES }, () => {
      const product_id = pick(PRODUCTS);
      const accessory = product_id === 'prod_case' || product_id === 'prod_cable' || product_id === 'prod_charger';
      return {
        product_id,
        ...(product_id === 'prod_case' && random.next() < 0.3 ? { sku_id: 'sku_case_gift' } : {}),
        quantity: 1 + Math.floor(random.next() * 3),
        price: product_id === 'prod_iphone' ? 99_900 : 1_000 + Math.floor(random.next() * 9_000),
        collection_ids: accessory ? ['pc_accessories'] : [],
      };
    });
    return {
      now,
      timeZone: 'Europe/Warsaw',
      customer: {
        id: `cust_${index}`,
        segment_ids: [pick(['seg_new', 'seg_returning', 'seg_churned', 'seg_vip'])],
        metadata: { loyalty: { level: pick(['gold', 'silver', 'platinum', 'bronze']) } },
      },
      order: { items },
      redemption: { counts: { customer: { total: random.next() < 0.8 ? 0 : 1 } }, discount_amount: 1_000 },
      campaign: { orders_amount_discounted: Math.floor(random.next() * 10_000_000) },
    };
  });
};

/** The same rule set written by hand, to compare with (it answers only valid or not). */
const byHand = (context: ValidationRuleContext): boolean => {
  const items = context.order?.items ?? [];
  const segments = context.customer?.segment_ids ?? [];
  const amount = items.reduce((total, item) => total + (item.price ?? 0) * (item.quantity ?? 1), 0);
  const rule1 = segments.includes('seg_new') || segments.includes('seg_returning');
  const rule2 = amount >= 50_000 && amount < 500_000;
  const rule3 = items.some((item) => item.product_id === 'prod_iphone' && (item.quantity ?? 1) >= 1);
  const rule4 = (context.redemption?.counts?.customer?.total ?? 0) + 1 <= 1;
  const rule5 =
    (context.campaign?.orders_amount_discounted ?? 0) + (context.redemption?.discount_amount ?? 0) <= 10_000_000;
  const metadata = context.customer?.metadata as { loyalty?: { level?: string } } | undefined;
  const rule6 = metadata?.loyalty?.level === 'gold' || metadata?.loyalty?.level === 'platinum';
  const accessories = items.filter((item) => item.collection_ids?.includes('pc_accessories') === true);
  const cheapest = Math.min(...accessories.map((item) => item.price ?? Infinity));
  const rule7 = accessories.length > 0 && cheapest < 5_000;
  return rule1 && (rule2 || rule3) && rule4 && rule5 && (rule6 || rule7);
};

/** Milliseconds `run` takes, and what it returns. */
const time = (run: () => number): { readonly ms: number; readonly valid: number } => {
  const start = performance.now();
  const valid = run();
  return { ms: performance.now() - start, valid };
};

/** Each sample repeats a run until it lasts this long, so that fast runs are not lost in timer noise. */
const SAMPLE_MS = 25;

const perSecond = (msPerValidation: number): string =>
  `${Math.round(1000 / msPerValidation).toLocaleString('en-US')} /s`;

export const validationRules = async (): Promise<string[]> => {
  const cases = contexts();
  const definition = parseValidationRules(RULE_SET);
  const compiled = compileValidationRules(definition);
  const runs = {
    parse: () =>
      cases.filter((context) => evaluateValidationRules(parseValidationRules(RULE_SET), context).valid).length,
    evaluate: () => cases.filter((context) => evaluateValidationRules(definition, context).valid).length,
    compiled: () => cases.filter((context) => compiled(context).valid).length,
    hand: () => cases.filter(byHand).length,
  };
  type Run = keyof typeof runs;
  const names = Object.keys(runs) as Run[];
  const valid = cases.filter(byHand).length;
  // Warm up, check every way agrees with the hand-written rules, and size the samples.
  const repeats = {} as Record<Run, number>;
  for (const name of names) {
    let slowest = 0;
    for (let round = 0; round < 3; round += 1) {
      const { ms, valid: counted } = time(runs[name]);
      if (counted !== valid)
        throw new Error(`${name} finds ${counted} valid validations, the hand-written rules ${valid}`);
      slowest = Math.max(slowest, ms);
    }
    repeats[name] = Math.max(1, Math.ceil(SAMPLE_MS / Math.max(slowest, 0.01)));
  }
  const samples: Record<Run, number[]> = { parse: [], evaluate: [], compiled: [], hand: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    // Interleaved, so that a slow moment of a shared machine hits every way alike.
    for (const name of names) {
      const { ms } = time(() => {
        for (let repeat = 1; repeat < repeats[name]; repeat += 1) runs[name]();
        return runs[name]();
      });
      samples[name].push(ms / (repeats[name] * CONTEXTS));
    }
  }
  const ms = {
    parse: median(samples.parse),
    evaluate: median(samples.evaluate),
    compiled: median(samples.compiled),
    hand: median(samples.hand),
  };
  await Promise.resolve();
  return [
    `validation rules: a 7-rule set on ${CONTEXTS} validations (8-line carts, ${valid} valid), ${perSecond(ms.compiled)} compiled`,
    `  ${label(`parse + evaluate each time (median of ${ROUNDS} rounds)`)}${perSecond(ms.parse)}`,
    `  ${label('evaluate a parsed rule set')}${perSecond(ms.evaluate)}`,
    `  ${label('reuse a compiled rule set')}${perSecond(ms.compiled)}`,
    `  ${label('hand-written rules, same meaning (valid or not)')}${perSecond(ms.hand)}`,
    `  ${label('time per validation, compiled / hand-written')}${(ms.compiled / ms.hand).toFixed(1)}`,
  ];
};
