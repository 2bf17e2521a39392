/**
 * The filter engine on a list-sized workload: 100,000 customers filtered by three conditions
 * (`metadata.tier $is gold` AND `created_at $after …` AND `summary.orders.total_amount
 * $more_than 1000`), against a hand-written predicate with the same meaning in the same run.
 * The budget is 50 ms for the engine, compile included.
 */
import { compileFilter, createSeededRandom } from '@voucherkit/domain';
import { label, median } from './lib/measure.ts';

const CUSTOMERS = 100_000;
const ROUNDS = 9;
const TIERS = ['gold', 'silver', 'bronze', 'Gold'] as const;
const START = Date.UTC(2023, 0, 1);
const SPAN = 3 * 365 * 86_400_000;

interface BenchCustomer {
  readonly id: string;
  readonly created_at: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly summary: { readonly orders: { readonly total_amount: number } };
}

const customers = (): BenchCustomer[] => {
  const random = createSeededRandom('filter-engine');
  return Array.from({ length: CUSTOMERS }, (_, index) => ({
    id: `cust_${index.toString(16).padStart(18, '0')}`,
    created_at: new Date(START + Math.floor(random.next() * SPAN)).toISOString(),
    metadata: { tier: TIERS[Math.floor(random.next() * TIERS.length)], vip: random.next() < 0.1 },
    summary: { orders: { total_amount: Math.floor(random.next() * 5000) } },
  }));
};

/** The filter as the mock receives it from `filters[…]` query parameters: every operand is text. */
const FILTER = {
  junction: 'and',
  'metadata.tier': { conditions: { $is: 'gold' } },
  created_at: { conditions: { $after: ['2024-01-01T00:00:00Z'] } },
  'summary.orders.total_amount': { conditions: { $more_than: ['1000'] } },
};

const AFTER = Date.parse('2024-01-01T00:00:00Z');

const byHand = (customer: BenchCustomer): boolean =>
  customer.metadata.tier === 'gold' &&
  Date.parse(customer.created_at) > AFTER &&
  customer.summary.orders.total_amount > 1000;

const time = (run: () => unknown): number => {
  const start = performance.now();
  run();
  return performance.now() - start;
};

export const filterEngine = async (): Promise<string[]> => {
  const records = customers();
  const now = Date.UTC(2026, 10, 23);
  const engine: number[] = [];
  const hand: number[] = [];
  let matched = 0;
  for (let round = 0; round < ROUNDS + 2; round += 1) {
    const engineMs = time(() => {
      matched = records.filter(compileFilter(FILTER, { now })).length;
    });
    const handMs = time(() => records.filter(byHand).length);
    // The first two rounds warm the JIT up.
    if (round >= 2) {
      engine.push(engineMs);
      hand.push(handMs);
    }
  }
  if (matched !== records.filter(byHand).length) throw new Error('the engine and the hand-written predicate disagree');
  const [engineMs, handMs] = [median(engine), median(hand)];
  await Promise.resolve();
  return [
    `Filter engine (${CUSTOMERS.toLocaleString('en')} customers, 3 conditions; target ≤ 50 ms)`,
    `  ${label(`compile + filter (median of ${ROUNDS} rounds, ${matched} match)`)}${engineMs.toFixed(1)} ms`,
    `  ${label('hand-written predicate, same meaning')}${handMs.toFixed(1)} ms`,
    `  ${label('ratio engine / hand-written')}${(engineMs / handMs).toFixed(2)}`,
  ];
};
