/**
 * Listing customers through the mock with a three-condition filter: 100,000 customers, a passive
 * segment whose filter has the three conditions of `bench/filter-engine.ts` (`metadata.tier $is
 * gold` AND `created_at $after …` AND `summary.orders.total_amount $more_than 1000`), and
 * `GET /v1/customers?segment_id=…&limit=100` through the client and MSW. In the same run, the
 * domain alone (compile + filter over the same 100,000 records, as `bench/filter-engine.ts`
 * measures it) gives the filter's share of a request.
 */
import { compileFilter, createSeededRandom } from '@voucherkit/domain';
import { createMockService } from '@voucherkit/mock-server';
import { fullService } from '@voucherkit/mock-server/internals';
import { label, median, time } from './lib/measure.ts';
import { benchServer } from './lib/mock-server.ts';

const CUSTOMERS = 100_000;
const ROUNDS = 9;
const TIERS = ['gold', 'silver', 'bronze', 'Gold'] as const;
const START = Date.UTC(2023, 0, 1);
/** Three years over 100,000 customers: one every ~15.8 minutes. */
const STEP_MS = Math.floor((3 * 365 * 86_400_000) / CUSTOMERS);

const FILTER = {
  junction: 'and' as const,
  'metadata.tier': { conditions: { $is: ['gold'] } },
  created_at: { conditions: { $after: ['2024-01-01T00:00:00Z'] } },
  'summary.orders.total_amount': { conditions: { $more_than: [1000] } },
};

export const commerce = async (): Promise<string[]> => {
  const service = fullService(
    createMockService({ seed: 'bench-commerce', clock: { frozenAt: new Date(START).toISOString() } }),
  );
  const { customers, segments } = service.projects.primary.state;
  const random = createSeededRandom('commerce');
  const seedStart = performance.now();
  for (let index = 0; index < CUSTOMERS; index += 1) {
    const { customer } = customers.upsert(
      {
        source_id: `customer-${index}`,
        metadata: { tier: TIERS[Math.floor(random.next() * TIERS.length)], vip: random.next() < 0.1 },
      },
      { silent: true },
    );
    customers.setOrderSummary(customer.id, {
      total_amount: Math.floor(random.next() * 5000),
      total_count: 1,
      average_amount: 0,
      last_order_amount: 0,
    });
    service.clock.advance(STEP_MS);
  }
  const seedMs = performance.now() - seedStart;
  const segment = segments.create({ name: 'Gold since 2024 who spend', type: 'passive', filter: FILTER });

  const { client, close } = benchServer(service);
  const views = customers.all().map((customer) => customers.filterView(customer));
  const now = service.clock.now();

  const request: number[] = [];
  const store: number[] = [];
  const domain: number[] = [];
  let total = 0;
  let matched = 0;
  for (let round = 0; round < ROUNDS + 2; round += 1) {
    const requestMs = await time(async () => {
      total = (await client.customers.list({ segment_id: segment.id, limit: 100 })).total;
    });
    const storeMs = await time(() => customers.list({ limit: 100 }, segments.membership(segment.id)));
    const domainMs = await time(() => {
      matched = views.filter(compileFilter(FILTER, { now })).length;
    });
    // The first two rounds warm the JIT up.
    if (round >= 2) {
      request.push(requestMs);
      store.push(storeMs);
      domain.push(domainMs);
    }
  }
  close();
  if (total !== matched) throw new Error(`the mock listed ${total} customers, the domain matched ${matched}`);
  const [requestMs, storeMs, domainMs] = [median(request), median(store), median(domain)];
  return [
    `Customer list with a 3-condition segment (${CUSTOMERS.toLocaleString('en')} customers, ${matched} match, limit 100)`,
    `  ${label('seeding the customers through the store')}${(seedMs / 1000).toFixed(1)} s`,
    `  ${label(`GET /v1/customers?segment_id (median of ${ROUNDS})`)}${requestMs.toFixed(1)} ms per request`,
    `  ${label('the same list in the store, without HTTP')}${storeMs.toFixed(1)} ms`,
    `  ${label('domain only: compile + filter the same records')}${domainMs.toFixed(1)} ms`,
    `  ${label('filter share of a request (domain / request)')}${((domainMs / requestMs) * 100).toFixed(0)} %`,
  ];
};
