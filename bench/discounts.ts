/**
 * Cost of the discount maths of `@voucherkit/domain` on carts of 10 and 100 lines: one discount
 * of each kind and a stack of six redeemables (a percentage and a split amount on items, free
 * shipping, an amount on the order, a gift card and points), each measured against copying the same order through a JSON
 * round trip (what the mock does to every order it answers with), in interleaved rounds of one
 * run, so the ratios survive a noisy, shared machine.
 */
import {
  type DiscountStackStep,
  type DiscountStepInput,
  type OrderAmounts,
  type OrderInput,
  applyDiscount,
  applyDiscountStack,
  calculateOrderAmounts,
} from '@voucherkit/domain';
import { label, median } from './lib/measure.ts';

const ROUNDS = 3;
const DURATION_MS = 400;
/** Calls per timing check, so reading the clock costs little next to the work. */
const BATCH = 20;

/** Calls `once` for `durationMs` (after a warm-up) and returns calls per second. */
const syncRate = (once: () => unknown, durationMs: number): number => {
  for (let i = 0; i < 200; i += 1) once();
  const start = performance.now();
  let calls = 0;
  while (performance.now() - start < durationMs) {
    for (let i = 0; i < BATCH; i += 1) once();
    calls += BATCH;
  }
  return calls / ((performance.now() - start) / 1000);
};

/** A cart of `lines` lines with varied prices and quantities, every line priced. */
const cart = (lines: number): OrderInput => ({
  items: Array.from({ length: lines }, (_, index) => ({
    product_id: `prod_${index}`,
    price: 500 + ((index * 7919) % 9500),
    quantity: 1 + (index % 4),
  })),
});

/** Every line but the last covered by one collection. */
const collection = (lines: number): DiscountStepInput['applicable_to'] => ({
  included: [
    {
      object: 'products_collection',
      id: 'pc_bench',
      matched_item_indices: Array.from({ length: lines - 1 }, (_, index) => index),
    },
  ],
  excluded: [{ object: 'product', id: `prod_${lines - 1}`, matched_item_indices: [lines - 1] }],
});

interface Case {
  readonly name: string;
  readonly run: (order: OrderAmounts, input: OrderInput) => unknown;
}

const cases = (lines: number): Case[] => {
  const applicable = collection(lines);
  const stack: DiscountStackStep[] = [
    {
      kind: 'discount',
      discount: { type: 'PERCENT', percent_off: 12.5, effect: 'APPLY_TO_ITEMS' },
      applicable_to: applicable,
    },
    {
      kind: 'discount',
      discount: { type: 'AMOUNT', amount_off: 1500, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' },
      applicable_to: applicable,
    },
    {
      kind: 'discount',
      discount: { type: 'UNIT', unit_off: 1, unit_type: 'prod_5h1pp1ng', effect: 'ADD_MISSING_ITEMS' },
      free_items: { prod_5h1pp1ng: { matched_item_indices: [], price: 800 } },
    },
    { kind: 'discount', discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' } },
    { kind: 'gift', gift: { credits: 2500, balance: 10000 } },
    { kind: 'pay_with_points', payment: { points: 150, balance: 1000, exchange_ratio: 20, points_ratio: 100 } },
  ];
  return [
    { name: 'reference: JSON round trip of the order', run: (order) => JSON.parse(JSON.stringify(order)) },
    { name: 'calculateOrderAmounts', run: (_, input) => calculateOrderAmounts(input) },
    {
      name: 'PERCENT 10 APPLY_TO_ORDER',
      run: (order) => applyDiscount(order, { discount: { type: 'PERCENT', percent_off: 10 } }),
    },
    {
      name: 'AMOUNT APPLY_TO_ITEMS_PROPORTIONALLY',
      run: (order) =>
        applyDiscount(order, {
          discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' },
          applicable_to: applicable,
        }),
    },
    {
      name: 'AMOUNT per unit, from most expensive, UNIT',
      run: (order) =>
        applyDiscount(order, {
          discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' },
          applicable_to: {
            included: [
              {
                object: 'products_collection',
                id: 'pc_bench',
                matched_item_indices: Array.from({ length: lines }, (_, index) => index),
                effect: 'APPLY_FROM_MOST_EXPENSIVE',
                target: 'UNIT',
                skip_initially: 1,
                repeat: 2,
                aggregated_amount_limit: 50_000,
              },
            ],
          },
        }),
    },
    { name: 'stack of 6 redeemables', run: (_, input) => applyDiscountStack(input, stack) },
  ];
};

/** Rates of every case on a cart of `lines` lines, median over interleaved rounds. */
const measure = (lines: number): { name: string; rate: number }[] => {
  const input = cart(lines);
  const order = calculateOrderAmounts(input);
  const all = cases(lines);
  const rates = all.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round += 1) {
    all.forEach((entry, index) => rates[index]?.push(syncRate(() => entry.run(order, input), DURATION_MS)));
  }
  return all.map((entry, index) => ({ name: entry.name, rate: median(rates[index] ?? []) }));
};

/**
 * Measures the discount maths and returns the report lines: calls per second of each case and
 * its cost in JSON round trips of the same order.
 */
export const discounts = async (): Promise<string[]> => {
  const lines = [
    `Discount maths (median of ${ROUNDS} interleaved rounds of ${DURATION_MS} ms; cost = time of one call / one JSON round trip)`,
  ];
  for (const size of [10, 100]) {
    const results = measure(size);
    const reference = results[0]?.rate ?? 1;
    lines.push(`  ${size}-line order`);
    for (const { name, rate } of results) {
      const cost = rate === reference ? '' : `  (${(reference / rate).toFixed(2)}× a round trip)`;
      lines.push(`    ${label(name)}${Math.round(rate).toLocaleString('en-US')} calls/s${cost}`);
    }
  }
  return lines;
};
