/**
 * The request journal's cost: the same calls through the client against two mocks, one keeping a
 * journal of 1,000 requests (the default) and one keeping none, in interleaved rounds of the same
 * run: a small read (`client.categories.get`) and a redemption. Goal: ratio with over without
 * ≥ 0.9.
 *
 *   npm run build
 *   node --expose-gc --input-type=module -e "import('./bench/journal.ts').then(async (m) => console.log((await m.journalBenchmark()).join('\n')))"
 */
import { createMockService } from '@voucherkit/mock-server';
import { label, median, rate } from './lib/measure.ts';
import { benchServer } from './lib/mock-server.ts';

const ROUNDS = 3;
const DURATION_MS = 2_000;

const setUp = (size: number) => {
  const service = createMockService({ seed: 'bench-journal', journal: { size } });
  const { state } = service.projects.primary;
  const category = state.categories.create({ name: 'Bench', hierarchy: 1 });
  state.vouchers.create({
    code: 'UNLIMITED',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
  });
  return { service, category };
};

export const journalBenchmark = async (): Promise<string[]> => {
  const on = setUp(1_000);
  const off = setUp(0);
  const runs = { readOn: [] as number[], readOff: [] as number[], redeemOn: [] as number[], redeemOff: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [mock, read, redeem] of [
      [on, runs.readOn, runs.redeemOn],
      [off, runs.readOff, runs.redeemOff],
    ] as const) {
      // One MSW server at a time: each mock answers on the same base URL.
      const server = benchServer(mock.service);
      read.push(await rate(() => server.client.categories.get(mock.category.id), DURATION_MS, round === 0 ? 300 : 0));
      redeem.push(
        await rate(
          () =>
            server.client.redemptions.redeemStackable({
              redeemables: [{ object: 'voucher', id: 'UNLIMITED' }],
              order: { amount: 5000 },
            }),
          DURATION_MS,
          0,
        ),
      );
      server.close();
    }
  }
  if (on.service.journal.calls().length !== 1_000 || off.service.journal.calls().length !== 0)
    throw new Error('the journals did not keep what they should');
  const ratio = (with_: number[], without: number[]): string =>
    median(with_.map((value, index) => value / (without[index] as number))).toFixed(2);
  return [
    `Request journal: the same calls with a journal of 1,000 requests and with none (medians of ${ROUNDS} interleaved rounds of ${DURATION_MS} ms)`,
    `  ${label('client.categories.get, journal on / off')}${median(runs.readOn).toFixed(0)} / ${median(runs.readOff).toFixed(0)} calls/s`,
    `  ${label('  ratio (goal ≥ 0.9)')}${ratio(runs.readOn, runs.readOff)}`,
    `  ${label('a redemption, journal on / off')}${median(runs.redeemOn).toFixed(0)} / ${median(runs.redeemOff).toFixed(0)} calls/s`,
    `  ${label('  ratio (goal ≥ 0.9)')}${ratio(runs.redeemOn, runs.redeemOff)}`,
  ];
};
