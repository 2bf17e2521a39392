/**
 * Exports in the mock: a CSV export of 100,000 vouchers (the job from `SCHEDULED` to `DONE`, its
 * rows picked, filtered, sorted and written in portions on the scheduler, then the download of
 * the file at `result.url`), with the default columns and with twelve columns, against
 * `JSON.stringify` of the same 100,000 stored records in the same run: the least any export of
 * them costs. Medians of interleaved rounds. Against the built packages:
 *
 *   npm run build
 *   node --expose-gc --input-type=module -e "import('./bench/exports.ts').then(async (m) => console.log((await m.exportsBenchmark()).join('\n')))"
 */
import { createMockService } from '@voucherkit/mock-server';
import { fullService } from '@voucherkit/mock-server/internals';
import { label, median, time } from './lib/measure.ts';

const CODES = 100_000;
const ROUNDS = 3;
const TWELVE = [
  'id',
  'code',
  'voucher_type',
  'value',
  'discount_type',
  'campaign',
  'active',
  'redemption_quantity',
  'redemption_count',
  'metadata',
  'created_at',
  'qr_code',
];

export const exportsBenchmark = async (): Promise<string[]> => {
  // A manual scheduler runs the jobs only when drained, as fast as they can, whatever the clock.
  const service = fullService(createMockService({ seed: 'bench-exports', scheduler: 'manual' }));
  const { campaigns, vouchers, exports } = service.projects.primary.state;
  campaigns.create({
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
  if (vouchers.size !== CODES) throw new Error(`expected ${CODES} vouchers, found ${vouchers.size}`);

  const bytes = { json: 0, defaults: 0, twelve: 0 };
  const exportOnce = async (fields?: string[]): Promise<number> => {
    const created = exports.create('voucher', fields === undefined ? {} : { fields });
    await service.scheduler.drain(CODES);
    const done = exports.present(exports.get(created.id), service.baseUrl);
    if (done.status !== 'DONE' || !done.result) throw new Error(`export ended ${done.status}`);
    const text = await (await service.handle(new Request(done.result.url))).text();
    exports.delete(created.id);
    return new TextEncoder().encode(text).byteLength;
  };
  const json: number[] = [];
  const defaults: number[] = [];
  const twelve: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    json.push(await time(() => (bytes.json = new TextEncoder().encode(JSON.stringify(vouchers.all())).byteLength)));
    defaults.push(await time(async () => (bytes.defaults = await exportOnce())));
    twelve.push(await time(async () => (bytes.twelve = await exportOnce(TWELVE))));
  }
  const [jsonMs, defaultsMs, twelveMs] = [median(json), median(defaults), median(twelve)];
  const mb = (count: number): string => `${(count / 1_000_000).toFixed(1)} MB`;
  return [
    `Exports: ${CODES.toLocaleString('en')} vouchers to CSV, created to DONE and downloaded, against JSON.stringify of the same records (median of ${ROUNDS} interleaved rounds)`,
    `  ${label('JSON.stringify of the stored vouchers (reference)')}${jsonMs.toFixed(0)} ms, ${mb(bytes.json)}`,
    `  ${label('export, default columns (4)')}${defaultsMs.toFixed(0)} ms, ${mb(bytes.defaults)} (ratio ${(defaultsMs / jsonMs).toFixed(2)})`,
    `  ${label('export, twelve columns')}${twelveMs.toFixed(0)} ms, ${mb(bytes.twelve)} (ratio ${(twelveMs / jsonMs).toFixed(2)})`,
  ];
};
