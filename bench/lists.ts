/**
 * Lists over a large store. 100,000 codes of one campaign, each published to its own customer,
 * and 100,000 redemptions of them; then page 2 (10 a page) of the voucher, redemption and
 * publication lists in every order the API offers, both ways, through the stores. Target: each
 * page within 5 ms. Reported per list: the slowest order, and the first read of each order, which
 * sorts the store once (an index kept in step from then on, or, for vouchers, a sorted list kept
 * until a voucher changes).
 *
 *   npm run build
 *   node --input-type=module -e "import('./bench/lists.ts').then(async (m) => console.log((await m.listsBenchmark()).join('\n')))"
 */
import { createMockService } from '@voucherkit/mock-server';
import { fullService, loadEngine } from '@voucherkit/mock-server/internals';
import { label } from './lib/measure.ts';

const RECORDS = 100_000;
const REPEATS = 20;
const ORIGIN = { requestId: 'v-000000000000000000', channel: { channel_id: 'bench', channel_type: 'API' as const } };

/** Milliseconds of the first call, and the median of the calls after it. */
const timings = (read: () => unknown): { first: number; page: number } => {
  let start = performance.now();
  read();
  const first = performance.now() - start;
  const times: number[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    start = performance.now();
    read();
    times.push(performance.now() - start);
  }
  return { first, page: [...times].sort((a, b) => a - b)[Math.floor(REPEATS / 2)] ?? 0 };
};

const bothWays = <Field extends string>(fields: readonly Field[]): (Field | `-${Field}`)[] =>
  fields.flatMap((field) => [field, `-${field}` as const]);

export const listsBenchmark = async (): Promise<string[]> => {
  const service = fullService(
    createMockService({
      seed: 'bench-lists',
      scheduler: 'manual',
      clock: { frozenAt: '2026-03-10T12:00:00.000Z' },
    }),
  );
  const { state } = service.projects.primary;
  const campaign = state.campaigns.create({
    name: 'Bench Lists',
    campaign_type: 'DISCOUNT_COUPONS',
    type: 'AUTO_UPDATE',
    voucher: {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
      code_config: { pattern: 'L-########' },
    },
  });
  const codes: string[] = [];
  for (let index = 0; index < RECORDS; index += 1) {
    const answer = state.publications.publish(
      { campaign: { name: campaign.id }, customer: { source_id: `customer-${index}` } },
      {},
    );
    codes.push('voucher' in answer && answer.voucher ? (answer.voucher as { readonly code: string }).code : '');
  }
  // The redemptions below run the engine directly, so it is loaded first, as a request would load it.
  await loadEngine();
  for (let index = 0; index < RECORDS; index += 1) {
    state.redemptions.redeem(
      {
        redeemables: [{ object: 'voucher', id: codes[index] as string }],
        customer: { source_id: `customer-${index}` },
        order: { amount: 10_000 },
      },
      ORIGIN,
    );
  }
  const page = { page: 2, limit: 10 };
  const lists = [
    {
      name: 'vouchers',
      orders: bothWays(['created_at', 'updated_at', 'code'] as const).map(
        (order) => () => state.vouchers.list({ ...page, order }),
      ),
    },
    {
      name: "a campaign's vouchers",
      orders: bothWays(['created_at', 'updated_at', 'code'] as const).map(
        (order) => () => state.vouchers.list({ ...page, order, campaign_id: campaign.id }),
      ),
    },
    {
      name: 'redemptions',
      orders: bothWays(['created_at', 'id', 'voucher_code', 'tracking_id', 'customer_id'] as const).map(
        (order) => () => state.redemptions.list({ ...page, order }),
      ),
    },
    {
      name: 'publications',
      orders: bothWays(['created_at', 'id', 'voucher_code', 'tracking_id', 'customer_id', 'channel'] as const).map(
        (order) => () => state.publications.list({ ...page, order }),
      ),
    },
    {
      name: "a campaign's publications",
      orders: bothWays(['created_at', 'id', 'voucher_code', 'tracking_id', 'customer_id', 'channel'] as const).map(
        (order) => () => state.publications.list({ ...page, order, campaign: campaign.name }),
      ),
    },
  ];
  const lines = [
    `Lists over ${RECORDS.toLocaleString('en')} vouchers, publications and redemptions: page 2 of each list order, both ways, in the store (median of ${REPEATS}; target ≤ 5 ms)`,
  ];
  for (const { name, orders } of lists) {
    const measured = orders.map(timings);
    const slowest = Math.max(...measured.map((one) => one.page));
    const firstReads = measured.map((one) => one.first);
    lines.push(
      `  ${label(`${name}, ${orders.length} orders`)}slowest page ${slowest.toFixed(2)} ms; first read of an order ${Math.min(...firstReads).toFixed(0)}–${Math.max(...firstReads).toFixed(0)} ms`,
    );
  }
  return lines;
};
