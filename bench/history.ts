/**
 * Redemptions as history grows. A voucher with unlimited redemptions and a per-customer daily
 * limit rule (which counts the customer's redemptions of the day) is redeemed through the client
 * and the mock (a two-unit order) in a timed round while none are stored, then 100,000 more go
 * straight through the engine's store, and a second timed round runs against them. Reported: the
 * rate of the last round over the first (goal ≥ 0.8) and the heap held per stored redemption
 * (goal ≤ 3 kB), once with one customer redeeming every time and once with a new customer for
 * each redemption; and, as the same rate over that of a second mock that holds none, in rounds
 * interleaved with its rounds (what the neighbours' load on a shared machine moves least). Then a
 * validation with the same rule against the 100,000 stored redemptions, over the same validation
 * with none stored (goal ≥ 0.8). Ratios are of rounds of the same run.
 *
 *   npm run build
 *   node --expose-gc --input-type=module -e "import('./bench/history.ts').then(async (m) => console.log((await m.historyBenchmark()).join('\n')))"
 */
import { createMockService } from '@voucherkit/mock-server';
import { fullService, loadEngine } from '@voucherkit/mock-server/internals';
import { type Rates, label, median, rates, settledHeapUsed } from './lib/measure.ts';
import { benchServer } from './lib/mock-server.ts';

const STORED = 100_000;
/** Each timed phase: a warm-up, then the median of a few short rounds (a single round swings with the machine and the JIT). */
const ROUNDS = 5;
const ROUND_MS = 600;
const WARM_UP_MS = 2_000;
const ORIGIN = { requestId: 'v-000000000000000000', channel: { channel_id: 'bench', channel_type: 'API' as const } };

/** A mock with the voucher and its rule, and the redemption request of the `index`-th redemption. */
const setUp = (oneCustomer: boolean, baseUrl?: string) => {
  const service = fullService(
    createMockService({
      seed: 'bench-history',
      scheduler: 'manual',
      clock: { frozenAt: '2026-03-10T12:00:00.000Z' },
      ...(baseUrl === undefined ? {} : { baseUrl }),
    }),
  );
  const { state } = service.projects.primary;
  state.vouchers.create({
    code: 'UNLIMITED',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
  });
  const rule = state.validationRules.create({
    name: 'A million a day per customer',
    rules: { 1: { name: 'redemption.count.per_customer.daily', conditions: { $less_than: [1_000_000] } }, logic: '1' },
  });
  state.validationRules.assign(rule.id, { related_object_type: 'voucher', related_object_id: 'UNLIMITED' });
  const request = (index: number) => ({
    redeemables: [{ object: 'voucher' as const, id: 'UNLIMITED' }],
    customer: { source_id: oneCustomer ? 'regular' : `customer-${index}` },
    order: { items: [{ source_id: 'mug', related_object: 'product' as const, price: 1000, quantity: 2 }] },
  });
  return { service, state, request };
};

/**
 * The median rate of `once` over a few rounds, after the same warm-up in every phase: the 100,000
 * redemptions stored straight through the engine between the phases reshape what the JIT has
 * optimised, and the rate climbs for a second or two after them (from about half to the steady
 * rate, in rounds of 600 ms), so a phase without a long warm-up times recompilation rather than
 * the history.
 */
const phaseRates = async (once: () => Promise<unknown>): Promise<Rates> => {
  await rates(once, WARM_UP_MS);
  const rounds: Rates[] = [];
  while (rounds.length < ROUNDS) rounds.push(await rates(once, ROUND_MS, 0));
  return { wall: median(rounds.map((round) => round.wall)), cpu: median(rounds.map((round) => round.cpu)) };
};

/**
 * Rounds before and after 100,000 stored redemptions, for one customer or a new one each time.
 * Then rounds of the mock that holds them interleaved with rounds of a second mock that holds
 * none, behind the same server: the phases before and after are minutes apart, and on a shared
 * machine the neighbours' load in between moves their ratio by more than the history does, while
 * interleaved rounds see the same load.
 */
const growingHistory = async (
  oneCustomer: boolean,
): Promise<{ first: Rates; last: Rates; bytes: number; interleaved: number }> => {
  const { service, state, request } = setUp(oneCustomer);
  const reference = setUp(oneCustomer, 'https://reference.bench.test');
  const server = benchServer(service, [reference.service]);
  const referenceClient = server.clientOf(reference.service);
  let made = 0;
  const redeemOne = () => server.client.redemptions.redeemStackable(request(made++));
  const redeemReference = () => referenceClient.redemptions.redeemStackable(reference.request(made++));
  const first = await phaseRates(redeemOne);
  const before = settledHeapUsed();
  const storedBefore = made;
  // The store's own redemptions run the engine, which the requests above loaded; said, not assumed.
  await loadEngine();
  for (let index = 0; index < STORED; index += 1) state.redemptions.redeem(request(made++), ORIGIN);
  const bytes = (settledHeapUsed() - before) / (made - storedBefore);
  const last = await phaseRates(redeemOne);
  await rates(redeemReference, WARM_UP_MS);
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1)
    ratios.push((await rates(redeemOne, ROUND_MS, 0)).cpu / (await rates(redeemReference, ROUND_MS, 0)).cpu);
  server.close();
  return { first, last, bytes, interleaved: median(ratios) };
};

/** A validation with the rule, with none stored and with 100,000 of the same customer stored. */
const validationAgainstHistory = async (): Promise<{ empty: Rates; full: Rates }> => {
  const { service, state, request } = setUp(true);
  const server = benchServer(service);
  const validateOne = () => server.client.validations.validateStackable(request(0));
  const empty = await phaseRates(validateOne);
  for (let index = 0; index < STORED; index += 1) state.redemptions.redeem(request(index), ORIGIN);
  const full = await phaseRates(validateOne);
  server.close();
  return { empty, full };
};

const perSecond = (rate: Rates): string => `${rate.wall.toFixed(0)}/s (CPU clock ${rate.cpu.toFixed(0)})`;
const ratio = (after: Rates, before: Rates): string =>
  `${(after.wall / before.wall).toFixed(2)} (CPU clock ${(after.cpu / before.cpu).toFixed(2)})`;

export const historyBenchmark = async (): Promise<string[]> => {
  const lines = [
    `Redemptions as history grows: a voucher with a per-customer daily limit rule, through the client and the mock before and after ${STORED.toLocaleString('en')} stored redemptions`,
  ];
  for (const oneCustomer of [true, false]) {
    const { first, last, bytes, interleaved } = await growingHistory(oneCustomer);
    lines.push(
      `  ${oneCustomer ? 'one customer redeeming every time' : 'a new customer for each redemption'}`,
      `  ${label('  first round, none stored')}${perSecond(first)}`,
      `  ${label(`  last round, ${STORED.toLocaleString('en')} stored`)}${perSecond(last)}`,
      `  ${label('  last over first (goal ≥ 0.8)')}${ratio(last, first)}`,
      `  ${label('  over a mock with none, interleaved (CPU clock)')}${interleaved.toFixed(2)}`,
      `  ${label('  heap held per stored redemption (goal ≤ 3 kB)')}${bytes.toFixed(0)} B`,
    );
  }
  const { empty, full } = await validationAgainstHistory();
  lines.push(
    `  ${label('validation with the rule, none stored')}${perSecond(empty)}`,
    `  ${label(`validation with the rule, ${STORED.toLocaleString('en')} stored`)}${perSecond(full)}`,
    `  ${label('  ratio (goal ≥ 0.8)')}${ratio(full, empty)}`,
  );
  return lines;
};
