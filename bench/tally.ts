/**
 * The request tally's cost: it is always on, so the reference is the same mock given a tally that
 * counts nothing. The same calls through the client against both, measured on, off, off, on in
 * each round of the same run: a small read (`client.categories.get`) and a redemption, each also
 * answered with an error (a 404 and a 400), so that statuses and error keys are counted too. Goal:
 * ratio with over without ≥ 0.97. Then the tally alone: nanoseconds per counted request, against
 * the time of a small read.
 *
 *   npm run build
 *   node --expose-gc --input-type=module -e "import('./bench/tally.ts').then(async (m) => console.log((await m.tallyBenchmark()).join('\n')))"
 */
import { type OperationId, RequestTally, createMockService } from '@voucherkit/mock-server';
import { collectGarbage, label, median, rates as measureRates } from './lib/measure.ts';
import { type BenchServer, benchServer } from './lib/mock-server.ts';

const ROUNDS = 6;
const SLICE_MS = 750;
const RECORDS = 5_000_000;

/** Calls per second of this thread's CPU time: what the other processes of a busy machine disturb least. */
const cpuRate = async (once: () => Promise<unknown>, durationMs: number, warmup: number): Promise<number> =>
  (await measureRates(once, durationMs, warmup)).cpu;

/** The reference: a tally that counts nothing, so the mock does all else it does with one. */
class NoTally extends RequestTally {
  override record(): void {}
}

const setUp = (tally: RequestTally) => {
  const service = createMockService({ seed: 'bench-tally', tally });
  const { state } = service.projects.primary;
  const category = state.categories.create({ name: 'Bench', hierarchy: 1 });
  state.vouchers.create({
    code: 'UNLIMITED',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
  });
  return { service, category };
};

/** Nanoseconds per `record` over a mix of operations, statuses and error keys like a suite's. */
const recordCost = (): number => {
  const tally = new RequestTally();
  const calls: [OperationId, number, string | undefined][] = [
    ['getCategory', 200, undefined],
    ['getCategory', 404, 'not_found'],
    ['redeemStackedDiscounts', 200, undefined],
    ['redeemStackedDiscounts', 400, 'quantity_exceeded'],
    ['createCustomer', 200, undefined],
    ['listVouchers', 401, 'unauthorized'],
  ];
  for (let i = 0; i < 100_000; i += 1) tally.record(...(calls[i % calls.length] as (typeof calls)[number]));
  const start = performance.now();
  for (let i = 0; i < RECORDS; i += 1) tally.record(...(calls[i % calls.length] as (typeof calls)[number]));
  const nanoseconds = ((performance.now() - start) * 1e6) / RECORDS;
  if (tally.requests !== RECORDS + 100_000) throw new Error('the tally did not count every request');
  return nanoseconds;
};

type Mock = ReturnType<typeof setUp>;

/** The two calls measured, each a quarter of the time answered with an error (404, 400). */
const workloads = {
  read: (server: BenchServer, mock: Mock) => {
    let turn = 0;
    return () =>
      (turn += 1) % 4 === 0
        ? server.client.categories.get('cat_0000000000000000ff').catch(() => undefined)
        : server.client.categories.get(mock.category.id);
  },
  redeem: (server: BenchServer) => {
    let turn = 0;
    return () =>
      (turn += 1) % 4 === 0
        ? server.client.redemptions
            .redeemStackable({ redeemables: [{ object: 'voucher', id: 'NO-SUCH-CODE' }], order: { amount: 5000 } })
            .catch(() => undefined)
        : server.client.redemptions.redeemStackable({
            redeemables: [{ object: 'voucher', id: 'UNLIMITED' }],
            order: { amount: 5000 },
          });
  },
};

/** Calls per CPU second of one workload against one mock, after a full collection so that neither side pays for the other's garbage. */
const measure = async (mock: Mock, workload: keyof typeof workloads, warmup: number): Promise<number> => {
  // One MSW server at a time: each mock answers on the same base URL.
  const server = benchServer(mock.service);
  collectGarbage();
  const rate = await cpuRate(workloads[workload](server, mock), SLICE_MS, warmup);
  server.close();
  return rate;
};

export const tallyBenchmark = async (): Promise<string[]> => {
  const on = setUp(new RequestTally());
  const off = setUp(new NoTally());
  const ratios = { read: [] as number[], redeem: [] as number[] };
  const rates = {
    readOn: [] as number[],
    readOff: [] as number[],
    redeemOn: [] as number[],
    redeemOff: [] as number[],
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const workload of ['read', 'redeem'] as const) {
      // on, off, off, on: a drift of the machine's speed during the round weighs on both alike.
      const warmup = round === 0 ? 300 : 0;
      const [a, b, c, d] = [
        await measure(on, workload, warmup),
        await measure(off, workload, warmup),
        await measure(off, workload, 0),
        await measure(on, workload, 0),
      ];
      ratios[workload].push((a + d) / (b + c));
      rates[`${workload}On`].push((a + d) / 2);
      rates[`${workload}Off`].push((b + c) / 2);
    }
  }
  if (on.service.tally.requests === 0 || off.service.tally.requests !== 0)
    throw new Error('the tallies did not count what they should');
  const nanoseconds = recordCost();
  const readMicroseconds = 1e6 / median(rates.readOn);
  return [
    `Request tally: the same calls with the tally counting and with a tally that counts nothing (calls per CPU second, medians of ${ROUNDS} rounds measured on, off, off, on for ${SLICE_MS} ms each; a quarter of the calls answered with an error)`,
    `  ${label('client.categories.get, tally on / off')}${median(rates.readOn).toFixed(0)} / ${median(rates.readOff).toFixed(0)} calls/s`,
    `  ${label('  ratio (goal ≥ 0.97)')}${median(ratios.read).toFixed(3)}`,
    `  ${label('a redemption, tally on / off')}${median(rates.redeemOn).toFixed(0)} / ${median(rates.redeemOff).toFixed(0)} calls/s`,
    `  ${label('  ratio (goal ≥ 0.97)')}${median(ratios.redeem).toFixed(3)}`,
    `  ${label('RequestTally.record alone')}${nanoseconds.toFixed(0)} ns per request (${((nanoseconds / 1000 / readMicroseconds) * 100).toFixed(3)} % of a small read)`,
  ];
};
