/**
 * Publications in the mock: codes handed out one by one from a campaign of 100,000 codes through
 * the client, each to a new customer, against the bare MSW handler in interleaved rounds of the
 * same run; then a page of the publication list filtered by campaign, and a customer's
 * redeemables. Then 50,000 more codes are published straight through the store and the client's
 * publishing rate is measured again: against the early rate it shows that a campaign is not read
 * again from the start for each code (the target is a ratio of at least 0.8).
 *
 *   npm run build
 *   node --expose-gc --input-type=module -e "import('./bench/publications.ts').then(async (m) => console.log((await m.publicationsBenchmark()).join('\n')))"
 */
import { createMockService } from '@voucherkit/mock-server';
import { fullService } from '@voucherkit/mock-server/internals';
import { label, median, rate } from './lib/measure.ts';
import { benchServer } from './lib/mock-server.ts';

const CODES = 100_000;
const ROUNDS = 3;
const DURATION_MS = 2_000;
const STORE_PUBLICATIONS = 50_000;

export const publicationsBenchmark = async (): Promise<string[]> => {
  const service = fullService(createMockService({ seed: 'bench-publications', scheduler: 'manual' }));
  const server = benchServer(service);
  const { client } = server;
  const campaign = await client.campaigns.create({
    name: 'Bench',
    campaign_type: 'DISCOUNT_COUPONS',
    type: 'STATIC',
    vouchers_count: CODES,
    voucher: {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
      code_config: { prefix: 'PUB-', length: 8 },
    },
  });
  await service.scheduler.drain(CODES);

  let customer = 0;
  const publishOne = () =>
    client.distributions.publications.create({
      campaign: { name: campaign.id },
      customer: { source_id: `bench-${(customer += 1)}` },
    });
  const bare: number[] = [];
  const publish: number[] = [];
  const list: number[] = [];
  const wallet: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bare.push(await rate(server.bare, DURATION_MS));
    publish.push(await rate(publishOne, DURATION_MS, round === 0 ? 300 : 0));
    list.push(
      await rate(
        () => client.distributions.publications.list({ campaign: 'Bench', limit: 10, page: 5 }),
        DURATION_MS,
        20,
      ),
    );
    wallet.push(await rate(() => client.customers.listRedeemables('bench-1'), DURATION_MS, 20));
  }

  const { publications } = service.projects.primary.state;
  const start = performance.now();
  for (let i = 0; i < STORE_PUBLICATIONS; i += 1)
    publications.publish({ campaign: campaign.id, customer: `bench-${(customer += 1)}` });
  const storeRate = STORE_PUBLICATIONS / ((performance.now() - start) / 1000);
  const late: number[] = [];
  const lateBare: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    lateBare.push(await rate(server.bare, DURATION_MS));
    late.push(await rate(publishOne, DURATION_MS, 0));
  }
  server.close();
  const published = publications.size;
  const [bareRate, publishRate, listRate, walletRate] = [median(bare), median(publish), median(list), median(wallet)];
  // Each rate against the bare handler of its own rounds, so a busier machine later does not count.
  const flatness = median(late) / median(lateBare) / (publishRate / bareRate);
  return [
    `Publications: codes of a ${CODES.toLocaleString('en')}-code campaign published one by one through the mock, against a bare MSW handler (median of ${ROUNDS} interleaved rounds of ${DURATION_MS} ms)`,
    `  ${label('bare MSW handler (fetch + JSON)')}${bareRate.toFixed(0)} fetches/s`,
    `  ${label('mock: publications.create (campaign, new customer)')}${publishRate.toFixed(0)} fetches/s (ratio ${(publishRate / bareRate).toFixed(2)})`,
    `  ${label(`store: publications.publish × ${STORE_PUBLICATIONS.toLocaleString('en')}`)}${storeRate.toFixed(0)} publications/s`,
    `  ${label('publishing ratio, late / early (target ≥ 0.8)')}${flatness.toFixed(2)} (${published.toLocaleString('en')} publications by then)`,
    `  ${label('mock: list a page of publications by campaign')}${listRate.toFixed(0)} fetches/s (ratio ${(listRate / bareRate).toFixed(3)})`,
    `  ${label("mock: a customer's redeemables")}${walletRate.toFixed(0)} fetches/s (ratio ${(walletRate / bareRate).toFixed(2)})`,
  ];
};
