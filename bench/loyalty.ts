/**
 * Loyalty in the mock, in two parts.
 *
 * Points for paid orders: a programme (`POST /v1/loyalties`) with an `order.paid` earning rule of
 * a point per 10.00 (`POST …/earning-rules`), 1,000 customers who joined it (`POST …/members`),
 * each holding a card, and paid orders of those members through the client and MSW
 * (`POST /v1/orders`), against a bare POST of equal work (it reads a JSON body of the order's size
 * and answers one of the stored order's size) in interleaved rounds of the same run. The orders
 * then go on up to 100,000 straight through the order store, which records the same events, so
 * each order earns its points as a request's would; the store's part has a time budget, so that a
 * slow store keeps the run short (the line says how many orders it reached). The points on the
 * cards are summed against the points the orders should have earned.
 *
 * The nightly run: 100,000 members of a programme whose points expire at the end of the month
 * after the one they are earned in, with two tiers, each member with three buckets of points (one
 * whose last day is 31 January, one that expires by the programme's rules at the end of February
 * and one that never does) and 1,000 of them with pending points of a paid order, all on the last
 * day of January. The clock then moves past midnight and the nightly run of 1 February is timed:
 * it expires the January bucket of every card, activates the pending points and moves the tiers
 * that follow. Targets: the run within 2 s, and 2 kB of heap per card: the heap growth from before
 * the cards (the customers exist already) to after their buckets, with `--expose-gc` counting live
 * data only.
 *
 *   npm run build
 *   node --expose-gc --input-type=module -e "import('./bench/loyalty.ts').then(async (m) => console.log((await m.loyaltyBenchmark()).join('\n')))"
 */
import { createMockService } from '@voucherkit/mock-server';
import { fullService } from '@voucherkit/mock-server/internals';
import { type Rates, collectGarbage, label, median, rates, threadCpuMs } from './lib/measure.ts';
import { benchServer } from './lib/mock-server.ts';

const MEMBERS = 1_000;
const ORDERS = 100_000;
const ROUNDS = 3;
const DURATION_MS = 2_000;
/** The longest the orders after the HTTP rounds may take through the store. */
const STORE_BUDGET_MS = 60_000;
/** Orders per step of the store's part: its first and its last step give the rate as the store fills. */
const STEP = 5_000;

const CARDS = 100_000;
const PENDING_CARDS = 1_000;
const DAY_MS = 86_400_000;

/** The programme's points: they expire at the end of the month after the one they are earned in. */
const EXPIRATION_RULES = { period_type: 'MONTH', period_value: 1, rounding_type: 'END_OF_MONTH' } as const;
const TIERS = [
  { name: 'Silver', points: { from: 200, to: 499 } },
  { name: 'Gold', points: { from: 500 } },
];

/** The `index`-th paid order: a member's, of 50.00 to 297.50, so 5 to 29 points each. */
const paidOrder = (index: number) => ({
  customer: { source_id: `member-${index % MEMBERS}` },
  amount: 5_000 + (index % 100) * 250,
  status: 'PAID' as const,
});
const pointsOf = (index: number): number => Math.floor(paidOrder(index).amount / 1000);

export const loyaltyPaidOrders = async (): Promise<string[]> => {
  const service = fullService(
    createMockService({
      seed: 'bench-loyalty-orders',
      scheduler: 'manual',
      clock: { frozenAt: '2026-01-15T12:00:00.000Z' },
    }),
  );
  const { state } = service.projects.primary;
  const server = benchServer(service);
  const { client } = server;
  const programme = await client.loyalties.create({
    name: 'Bench Club',
    type: 'AUTO_UPDATE',
    voucher: {
      type: 'LOYALTY_CARD',
      loyalty_card: { points: 0, expiration_rules: EXPIRATION_RULES },
      code_config: { pattern: 'LC-######' },
    },
  });
  await service.scheduler.drain();
  await client.loyalties.createEarningRule(programme.id, [
    {
      event: 'order.paid',
      loyalty: {
        type: 'PROPORTIONAL',
        calculation_type: 'ORDER_AMOUNT',
        order: { amount: { every: 1000, points: 1 } },
      },
    },
  ]);
  for (let index = 0; index < MEMBERS; index += 1)
    await client.loyalties.createMember(programme.id, { customer: { source_id: `member-${index}` } });

  let placed = 0;
  const placeOne = () => client.orders.create(paidOrder(placed++));
  const answer = await placeOne();
  const barePost = server.barePost(paidOrder(0), answer);
  const sizes = `${JSON.stringify(paidOrder(0)).length.toLocaleString('en')} B in, ${JSON.stringify(answer).length.toLocaleString('en')} B out`;
  const runs = { post: [] as Rates[], order: [] as Rates[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    runs.post.push(await rates(barePost, DURATION_MS));
    runs.order.push(await rates(placeOne, DURATION_MS, round === 0 ? 300 : 0));
  }
  server.close();
  const throughHttp = placed;

  // The rest straight through the store: the events are the same, so the earning rule fires.
  const { orders, loyaltyCards } = state;
  const steps: number[] = [];
  const storeStart = performance.now();
  let stepStart = storeStart;
  while (placed < ORDERS && performance.now() - storeStart < STORE_BUDGET_MS) {
    orders.upsert(paidOrder(placed++));
    if ((placed - throughHttp) % STEP === 0) {
      const now = performance.now();
      steps.push(STEP / ((now - stepStart) / 1000));
      stepStart = now;
    }
  }
  const storeSeconds = (performance.now() - storeStart) / 1000;
  const throughStore = placed - throughHttp;

  let points = 0;
  for (const id of loyaltyCards.cardIds()) points += loyaltyCards.balance(id);
  let expected = 0;
  for (let index = 0; index < placed; index += 1) expected += pointsOf(index);
  if (points === 0) throw new Error(`${placed} paid orders landed no points on the cards`);

  const clock = (which: keyof Rates) => ({
    rate: (of: keyof typeof runs): number => median(runs[of].map((run) => run[which])),
    // The ratio of each round, then their median: a round is measured at one moment of a shared machine.
    ratio: (): string =>
      median(runs.order.map((run, index) => run[which] / (runs.post[index] as Rates)[which])).toFixed(2),
  });
  const [wall, cpu] = [clock('wall'), clock('cpu')];
  const both = (of: keyof typeof runs, unit: string): string =>
    `${wall.rate(of).toFixed(0)} ${unit}/s (CPU clock ${cpu.rate(of).toFixed(0)})`;
  const reached =
    placed === ORDERS
      ? `all ${ORDERS.toLocaleString('en')}`
      : `${placed.toLocaleString('en')} of ${ORDERS.toLocaleString('en')}, the ${STORE_BUDGET_MS / 1000} s budget ran out`;
  return [
    `Loyalty points for paid orders: ${MEMBERS.toLocaleString('en')} members, an order.paid rule of a point per 10.00, orders through the client and the mock against a bare POST (medians of ${ROUNDS} interleaved rounds of ${DURATION_MS} ms), then through the order store`,
    `  ${label('bare MSW handler, POST of equal work')}${both('post', 'fetches')}; ${sizes}`,
    `  ${label('mock: POST /v1/orders, PAID, a member earns points')}${both('order', 'orders')}`,
    `  ${label('  ratio vs bare POST of equal work')}${wall.ratio()} (CPU clock ${cpu.ratio()})`,
    `  ${label(`store: orders.upsert, orders ${(throughHttp + 1).toLocaleString('en')} on`)}${(throughStore / storeSeconds).toFixed(0)} orders/s over ${storeSeconds.toFixed(1)} s (${reached})`,
    `  ${label(`  first and last ${STEP.toLocaleString('en')} of them`)}${(steps[0] ?? 0).toFixed(0)} → ${(steps.at(-1) ?? 0).toFixed(0)} orders/s`,
    `  ${label(`points on the cards after ${placed.toLocaleString('en')} paid orders`)}${points.toLocaleString('en')} (expected ${expected.toLocaleString('en')})`,
  ];
};

export const loyaltyNightly = (): string[] => {
  // The last day of January: the nightly run catches up on every night the clock passed, so the
  // cards get their buckets on the day before the night that is timed.
  const service = fullService(
    createMockService({
      seed: 'bench-loyalty-nightly',
      scheduler: 'manual',
      clock: { frozenAt: '2026-01-31T12:00:00.000Z' },
    }),
  );
  const { state } = service.projects.primary;
  const { campaigns, customers, publications, loyaltyCards, loyaltyTiers, earningRules, orders, vouchers, nightly } =
    state;
  const programme = campaigns.create({
    name: 'Bench Nightly Club',
    campaign_type: 'LOYALTY_PROGRAM',
    type: 'AUTO_UPDATE',
    voucher: {
      type: 'LOYALTY_CARD',
      loyalty_card: { points: 0, expiration_rules: EXPIRATION_RULES },
      code_config: { pattern: 'NC-######' },
    },
  });
  loyaltyTiers.create(programme.id, TIERS);
  collectGarbage();
  const heapStart = process.memoryUsage().heapUsed;
  for (let index = 0; index < CARDS; index += 1) customers.upsert({ source_id: `member-${index}` });
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;

  // Every member joins and gets three buckets: points whose last day is today, points that expire
  // by the programme's rules (on 28 February) and points that never do.
  const seedStart = performance.now();
  const codes: string[] = [];
  for (let index = 0; index < CARDS; index += 1) {
    const answer = publications.publish(
      { campaign: { name: programme.id }, customer: { source_id: `member-${index}` } },
      { joinOnce: true },
    );
    const code = 'voucher' in answer ? ((answer.voucher as { readonly code?: string } | undefined)?.code ?? '') : '';
    codes.push(code);
    loyaltyCards.credit(code, {
      points: 100 + (index % 400),
      type: 'POINTS_ADDITION',
      expiry: { type: 'CUSTOM_DATE', date: '2026-01-31' },
      source: 'API',
    });
    loyaltyCards.credit(code, {
      points: 50 + (index % 200),
      type: 'POINTS_ADDITION',
      expiry: { type: 'PROGRAM_RULES' },
      source: 'API',
    });
    loyaltyCards.credit(code, { points: 20, type: 'POINTS_ADDITION', expiry: { type: 'NON_EXPIRING' }, source: 'API' });
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;
  collectGarbage();
  const heapAfter = process.memoryUsage().heapUsed;
  const bytesPerCard = Math.max(0, heapAfter - heapBefore) / CARDS;
  const bytesPerCustomer = Math.max(0, heapBefore - heapStart) / CARDS;

  // Paid orders of some members earn points that wait a day, until 1 February.
  earningRules.create(programme.id, [
    {
      event: 'order.paid',
      loyalty: { type: 'FIXED', points: 40 },
      pending_points: { period_type: 'DAY', period_value: 1 },
    },
  ]);
  for (let index = 0; index < PENDING_CARDS; index += 1)
    orders.upsert({
      customer: { source_id: `member-${index * (CARDS / PENDING_CARDS)}` },
      amount: 10_000,
      status: 'PAID',
    });

  // Past the end of January: the first night of February, and only that one.
  service.clock.advance(DAY_MS / 2 + 1_000);
  collectGarbage();
  const runStart = performance.now();
  const cpuStart = threadCpuMs();
  const summary = nightly.catchUp();
  const runSeconds = (performance.now() - runStart) / 1000;
  const cpuEnd = threadCpuMs();
  // The main thread's CPU time: a neighbour's load on a shared machine moves it less than the wall clock.
  const cpuTime =
    cpuStart === undefined || cpuEnd === undefined
      ? ''
      : ` (CPU time of the main thread ${((cpuEnd - cpuStart) / 1000).toFixed(2)} s)`;
  if (!summary || summary.expired === 0)
    throw new Error(`the nightly run expired no points: ${JSON.stringify(summary)}`);
  let expiredPoints = 0;
  for (const code of codes) expiredPoints += vouchers.get(code).loyalty_card?.expired_points ?? 0;

  return [
    `Loyalty nightly run: ${CARDS.toLocaleString('en')} members with three buckets of points each and two tiers, ${PENDING_CARDS.toLocaleString('en')} with pending points; the clock moves past the end of January`,
    `  ${label('seeding cards and buckets through the store')}${seedSeconds.toFixed(1)} s`,
    `  ${label('heap held per card (target ≤ 2 kB)')}${bytesPerCard.toFixed(0)} B (and ${bytesPerCustomer.toFixed(0)} B per customer before)`,
    `  ${label(`nightly run on ${summary.day} (target ≤ 2 s)`)}${runSeconds.toFixed(2)} s${cpuTime}`,
    `  ${label('  what it did')}${summary.cards.toLocaleString('en')} cards, ${summary.expired.toLocaleString('en')} expired, ${summary.activated.toLocaleString('en')} pending activated, ${summary.tierChanges.toLocaleString('en')} tier changes`,
    `  ${label('  points expired')}${expiredPoints.toLocaleString('en')}`,
  ];
};

export const loyaltyBenchmark = async (): Promise<string[]> => [
  ...(await loyaltyPaidOrders()),
  '',
  ...loyaltyNightly(),
];
