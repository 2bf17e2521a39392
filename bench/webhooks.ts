/**
 * Outbound webhooks. Redemptions through the client and the mock, each followed by the delivery
 * it causes (`scheduler.runDue()`: the envelope is built, signed and POSTed through MSW to a bare
 * handler that reads it and answers 204), with one active webhook subscribed to `redemption.succeeded`, against the same
 * redemptions with the webhook switched off, in interleaved rounds of the same run (goal ≥ 0.8);
 * and a bare POST of the same body to the same handler, the transport's share: the ratio a
 * delivery would reach if the mock's own part of it cost nothing.
 * Then the heap a kept delivery holds: 20,000 customers created with a webhook subscribed to
 * `customer.created`, every delivery gone out; the heap before and after the deliveries are
 * forgotten (the events stay in the log either way).
 *
 *   npm run build
 *   node --expose-gc --input-type=module -e "import('./bench/webhooks.ts').then(async (m) => console.log((await m.webhooksBenchmark()).join('\n')))"
 */
import { createMockService } from '@voucherkit/mock-server';
import { fullService } from '@voucherkit/mock-server/internals';
import { type Rates, label, median, rates, settledHeapUsed } from './lib/measure.ts';
import { WEBHOOK_TARGET, benchServer } from './lib/mock-server.ts';

const ROUNDS = 3;
const DURATION_MS = 2_000;
const KEPT = 20_000;

const redemptionsWithWebhook = async (): Promise<{ off: Rates[]; on: Rates[]; post: Rates[]; delivered: number }> => {
  const service = fullService(
    createMockService({
      seed: 'bench-webhooks',
      scheduler: 'manual',
      clock: { frozenAt: '2026-03-10T12:00:00.000Z' },
    }),
  );
  const { state } = service.projects.primary;
  state.vouchers.create({
    code: 'UNLIMITED',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
  });
  const webhook = state.webhooks.create({
    target_url: WEBHOOK_TARGET,
    events: ['redemption.succeeded'],
    active: false,
  });
  const server = benchServer(service);
  let made = 0;
  const redeemAndDeliver = async () => {
    await server.client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'UNLIMITED' }],
      customer: { source_id: `customer-${made++ % 100}` },
      order: { items: [{ source_id: 'mug', related_object: 'product', price: 1000, quantity: 2 }] },
    });
    await service.scheduler.runDue();
  };
  const runs = { off: [] as Rates[], on: [] as Rates[], post: [] as Rates[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    state.webhooks.update(webhook.id, { active: false });
    runs.off.push(await rates(redeemAndDeliver, DURATION_MS, round === 0 ? 300 : 0));
    state.webhooks.update(webhook.id, { active: true });
    runs.on.push(await rates(redeemAndDeliver, DURATION_MS, 0));
    // The transport alone: the same body POSTed to the same handler, as a bare fetch.
    const { body = '' } = state.webhookDeliveries.list({ status: 'DELIVERED' }).at(-1) ?? {};
    const post = async () =>
      (
        await fetch(WEBHOOK_TARGET, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      ).arrayBuffer();
    runs.post.push(await rates(post, DURATION_MS, 0));
  }
  server.close();
  const delivered = state.webhookDeliveries.list({ status: 'DELIVERED' }).length;
  if (delivered === 0) throw new Error('no webhook was delivered');
  return { ...runs, delivered };
};

/** Heap held by `KEPT` delivered sendouts: measured before and after the deliveries are forgotten, in one service. */
const bytesPerDelivery = async (): Promise<number> => {
  const service = fullService(
    createMockService({
      seed: 'bench-webhook-memory',
      scheduler: 'manual',
      clock: { frozenAt: '2026-03-10T12:00:00.000Z' },
      webhooks: { retention: KEPT },
    }),
  );
  const { state } = service.projects.primary;
  const server = benchServer(service);
  state.webhooks.create({ target_url: WEBHOOK_TARGET, events: ['customer.created'] });
  for (let index = 0; index < KEPT; index += 1) state.customers.upsert({ source_id: `customer-${index}` });
  await service.scheduler.drain(KEPT);
  server.close();
  if (state.webhookDeliveries.list({ status: 'DELIVERED' }).length !== KEPT)
    throw new Error('not every delivery went out');
  const kept = settledHeapUsed();
  state.webhookDeliveries.clear();
  // The events stay in the log either way: what goes is the deliveries alone.
  return (kept - settledHeapUsed()) / KEPT;
};

export const webhooksBenchmark = async (): Promise<string[]> => {
  const { off, on, post, delivered } = await redemptionsWithWebhook();
  const ratio = (which: keyof Rates): string =>
    median(on.map((run, index) => run[which] / (off[index] as Rates)[which])).toFixed(2);
  // The best a delivery through MSW could do: a redemption plus one bare POST of the same body.
  const ceiling = median(off.map((run, index) => 1 / (1 + run.wall / (post[index] as Rates).wall))).toFixed(2);
  const perSecond = (runs: Rates[]): string =>
    `${median(runs.map((run) => run.wall)).toFixed(0)}/s (CPU clock ${median(runs.map((run) => run.cpu)).toFixed(0)})`;
  const bytes = await bytesPerDelivery();
  return [
    `Outbound webhooks: redemptions through the client and the mock, each followed by the deliveries it causes (medians of ${ROUNDS} interleaved rounds of ${DURATION_MS} ms)`,
    `  ${label('no active webhook')}${perSecond(off)}`,
    `  ${label('a webhook on redemption.succeeded, delivered')}${perSecond(on)} (${delivered.toLocaleString('en')} delivered)`,
    `  ${label('  ratio (goal ≥ 0.8)')}${ratio('wall')} (CPU clock ${ratio('cpu')})`,
    `  ${label('bare POST of the same body to the same handler')}${perSecond(post)}`,
    `  ${label('  ratio if a delivery cost only that POST')}${ceiling}`,
    `  ${label('heap held per kept delivery')}${bytes.toFixed(0)} B (${KEPT.toLocaleString('en')} customer.created deliveries, each with its attempt)`,
  ];
};
