/**
 * The validation engine in the mock: a stacked validation of five redeemables (three discount
 * vouchers of different kinds, a gift card spending credits and a promotion tier) on an order of
 * four lines, through the typed client, against two bare MSW handlers in interleaved rounds of the
 * same run: the small GET of `mock-throughput.ts`, and a POST of equal work (it reads a JSON body
 * of the same size and answers a JSON body of the same size as the validation's answer). Target:
 * at least half the rate of the bare POST, the fair reference (decision 0033). Rates are read by
 * the wall clock and by the main thread's CPU time, which other processes on a shared machine
 * disturb less; ratios are taken round by round. The engine alone (the store's `validate`, no
 * HTTP) is measured too, to tell its cost from the HTTP path's.
 *
 *   npm run build
 *   node --input-type=module -e "import('./bench/validations.ts').then(async (m) => console.log((await m.validationsBenchmark()).join('\n')))"
 */
import { createMockService } from '@voucherkit/mock-server';
import { fullService, loadEngine } from '@voucherkit/mock-server/internals';
import { type Rates, label, median, rates } from './lib/measure.ts';
import { benchServer } from './lib/mock-server.ts';

const ROUNDS = 6;
const DURATION_MS = 1_000;

export const validationsBenchmark = async (): Promise<string[]> => {
  const service = fullService(createMockService({ seed: 'bench-validations' }));
  const { state } = service.projects.primary;
  state.vouchers.create({
    code: 'AMOUNT-10',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' },
  });
  state.vouchers.create({
    code: 'PERCENT-5',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'PERCENT', percent_off: 5, effect: 'APPLY_TO_ITEMS' },
  });
  state.vouchers.create({
    code: 'FIXED',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' },
  });
  state.vouchers.create({ code: 'GIFT', type: 'GIFT_VOUCHER', gift: { amount: 100_000 } });
  const promotion = state.campaigns.create({
    name: 'Bench promotion',
    campaign_type: 'PROMOTION',
    promotion: {
      tiers: [
        { name: 'Five off', action: { discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' } } },
      ],
    },
  });
  const tierId = promotion.promotion?.tiers?.[0]?.id ?? '';
  const stacking = state.stackingRules;
  stacking.create({ applicable_redeemables_limit: 5 }, () => true);
  const body = {
    redeemables: [
      { object: 'voucher' as const, id: 'AMOUNT-10' },
      { object: 'voucher' as const, id: 'PERCENT-5' },
      { object: 'voucher' as const, id: 'FIXED' },
      { object: 'voucher' as const, id: 'GIFT', gift: { credits: 2000 } },
      { object: 'promotion_tier' as const, id: tierId },
    ],
    order: {
      items: [
        { source_id: 'mug', related_object: 'product' as const, price: 1000, quantity: 2 },
        { source_id: 'poster', related_object: 'product' as const, price: 1500, quantity: 3 },
        { source_id: 'tee', related_object: 'product' as const, price: 2000, quantity: 3 },
        { source_id: 'bottle', related_object: 'product' as const, price: 2500, quantity: 2 },
      ],
    },
    customer: { source_id: 'bench-customer' },
  };
  const server = benchServer(service);
  const { client } = server;
  const check = await client.validations.validateStackable(body);
  if (!check.valid || check.redeemables.length !== 5)
    throw new Error(`the bench validation is not valid: ${JSON.stringify(check.inapplicable_redeemables)}`);
  const barePost = server.barePost(body, check);
  const sizes = `${JSON.stringify(body).length.toLocaleString('en')} B in, ${JSON.stringify(check).length.toLocaleString('en')} B out`;
  const origin = { requestId: 'v-bench', channel: { channel_id: 'bench', channel_type: 'API' as const } };
  // The store's own validations below run the engine, which a request loads; said, not assumed.
  await loadEngine();
  const runs = { bare: [] as Rates[], post: [] as Rates[], validate: [] as Rates[], engine: [] as Rates[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    runs.bare.push(await rates(server.bare, DURATION_MS));
    runs.post.push(await rates(barePost, DURATION_MS));
    runs.validate.push(await rates(() => client.validations.validateStackable(body), DURATION_MS));
    runs.engine.push(await rates(async () => state.redemptions.validate(body, origin), DURATION_MS));
  }
  server.close();
  const clock = (which: keyof Rates) => ({
    rate: (of: keyof typeof runs): number => median(runs[of].map((run) => run[which])),
    // The ratio of each round, then their median: a round is measured at one moment of a shared machine.
    ratio: (of: keyof typeof runs, to: keyof typeof runs): string =>
      median(runs[of].map((run, index) => run[which] / (runs[to][index] as Rates)[which])).toFixed(2),
  });
  const [wall, cpu] = [clock('wall'), clock('cpu')];
  const both = (of: keyof typeof runs, unit: string): string =>
    `${wall.rate(of).toFixed(0)} ${unit}/s (CPU clock ${cpu.rate(of).toFixed(0)})`;
  const ratios = (to: keyof typeof runs): string =>
    `${wall.ratio('validate', to)} (CPU clock ${cpu.ratio('validate', to)})`;
  return [
    `Validations: a stacked validation of five redeemables through the client and the mock, against bare MSW handlers (medians of ${ROUNDS} interleaved rounds of ${DURATION_MS} ms; rates by the wall clock and by the thread's CPU time)`,
    `  ${label('bare MSW handler, GET (fetch + JSON)')}${both('bare', 'fetches')}`,
    `  ${label('bare MSW handler, POST of equal work')}${both('post', 'fetches')}; ${sizes}`,
    `  ${label('mock: validateStackedDiscounts, 5 redeemables')}${both('validate', 'validations')}`,
    `  ${label('  ratio vs bare POST of equal work (target ≥ 0.5)')}${ratios('post')}`,
    `  ${label('  ratio vs bare GET')}${ratios('bare')}`,
    `  ${label('the engine alone (store.validate, no HTTP)')}${both('engine', 'validations')}, ${(1000 / cpu.rate('engine')).toFixed(3)} ms of CPU each`,
  ];
};
