/**
 * Vouchers in the mock: a campaign of 100,000 codes created through the API (the request, then
 * every portion of its generation job), with the time and the heap each voucher holds; then the
 * throughput of getting one voucher and of listing a page of that campaign, against the bare MSW
 * handler of `mock-throughput.ts`, in interleaved rounds of the same run. Targets: the campaign
 * within 10 s and 2 kB per voucher.
 *
 * Memory is the heap growth from before the campaign to after it, with `--expose-gc` counting live
 * data only (without it the figure also counts uncollected garbage). Against the built packages:
 *
 *   npm run build
 *   node --expose-gc --input-type=module -e "import('./bench/vouchers.ts').then(async (m) => console.log((await m.vouchersBenchmark()).join('\n')))"
 */
import { createMockService } from '@voucherkit/mock-server';
import { collectGarbage, label, median, rate } from './lib/measure.ts';
import { benchServer } from './lib/mock-server.ts';

const CODES = 100_000;
const ROUNDS = 3;
const DURATION_MS = 2_000;

export const vouchersBenchmark = async (): Promise<string[]> => {
  // A manual scheduler runs the generation job only when drained, as fast as it can, whatever the clock.
  const service = createMockService({ seed: 'bench-vouchers', scheduler: 'manual' });
  const server = benchServer(service);
  const { client } = server;

  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  const campaign = await client.campaigns.create({
    name: 'Bench',
    campaign_type: 'DISCOUNT_COUPONS',
    vouchers_count: CODES,
    voucher: {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
      code_config: { prefix: 'BENCH-', length: 8 },
    },
  });
  await service.scheduler.drain(CODES);
  const seconds = (performance.now() - start) / 1000;
  collectGarbage();
  const heapAfter = process.memoryUsage().heapUsed;
  const created = await client.campaigns.get(campaign.id);
  if (created.creation_status !== 'DONE' || created.vouchers_count !== CODES)
    throw new Error(`campaign not generated: ${created.creation_status} ${created.vouchers_count}`);
  const bytesPerVoucher = Math.max(0, heapAfter - heapBefore) / CODES;

  const [sample] = (await client.vouchers.list({ campaign_id: campaign.id, limit: 1 })).vouchers;
  const code = sample?.code ?? '';
  const bare: number[] = [];
  const get: number[] = [];
  const list: number[] = [];
  const byCode: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bare.push(await rate(server.bare, DURATION_MS));
    get.push(await rate(() => client.vouchers.get(code), DURATION_MS));
    list.push(
      await rate(() => client.vouchers.list({ campaign_id: campaign.id, limit: 10, page: 5 }), DURATION_MS, 20),
    );
    byCode.push(
      await rate(
        () => client.vouchers.list({ campaign_id: campaign.id, limit: 10, page: 2, order: '-code' }),
        DURATION_MS,
        5,
      ),
    );
  }
  server.close();
  const [bareRate, getRate, listRate, byCodeRate] = [median(bare), median(get), median(list), median(byCode)];
  return [
    `Vouchers: a campaign of ${CODES.toLocaleString('en')} codes through the mock; get and list against a bare MSW handler (median of ${ROUNDS} interleaved rounds of ${DURATION_MS} ms)`,
    `  ${label('campaign created and generated (target ≤ 10 s)')}${seconds.toFixed(2)} s`,
    `  ${label('heap held per voucher (target ≤ 2 kB)')}${bytesPerVoucher.toFixed(0)} B`,
    `  ${label('bare MSW handler (fetch + JSON)')}${bareRate.toFixed(0)} fetches/s`,
    `  ${label('mock: client.vouchers.get(code)')}${getRate.toFixed(0)} fetches/s (ratio ${(getRate / bareRate).toFixed(2)})`,
    `  ${label(`mock: list a page of the ${CODES.toLocaleString('en')}-code campaign`)}${listRate.toFixed(0)} fetches/s (ratio ${(listRate / bareRate).toFixed(3)})`,
    `  ${label('mock: the same list ordered by -code')}${byCodeRate.toFixed(0)} fetches/s (ratio ${(byCodeRate / bareRate).toFixed(3)})`,
  ];
};
