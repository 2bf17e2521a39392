/**
 * Qualifications through the client against a bare MSW handler, in interleaved rounds of the same
 * run: each request judges 200 promotion tiers and a wallet of 1,000 published codes alone on the
 * order, then sorts and pages them.
 */
import { createMockService } from '@voucherkit/mock-server';
import { fullService } from '@voucherkit/mock-server/internals';
import { label, median, rate } from './lib/measure.ts';
import { benchServer } from './lib/mock-server.ts';

const ROUNDS = 3;
const DURATION_MS = 3_000;
const TIERS = 200;
const WALLET = 1_000;

export const qualifications = async (): Promise<string[]> => {
  const service = fullService(createMockService({ seed: 'bench-qualifications' }));
  const { campaigns, promotions, vouchers, customers } = service.projects.primary.state;
  const promotion = campaigns.create({ name: 'Bench promotion', campaign_type: 'PROMOTION', promotion: { tiers: [] } });
  for (let index = 0; index < TIERS; index += 1) {
    promotions.create(promotion.id, {
      name: `Tier ${index}`,
      action: { discount: { type: 'AMOUNT', amount_off: 10 + index, effect: 'APPLY_TO_ORDER' } },
    });
    service.clock.advance(1);
  }
  const { customer } = customers.upsert({ source_id: 'bench-customer' }, { silent: true });
  for (let index = 0; index < WALLET; index += 1) {
    const code = `WALLET-${index}`;
    vouchers.create({
      code,
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 1 + (index % 50), effect: 'APPLY_TO_ORDER' },
    });
    vouchers.publish(code, customer.id);
    service.clock.advance(1);
  }
  const server = benchServer(service);
  const body = {
    customer: { source_id: 'bench-customer' },
    order: { amount: 100_000 },
    options: { limit: 50, sorting_rule: 'BEST_DEAL' as const },
  };
  const check = async () => {
    const answer = await server.client.qualifications.checkEligibility(body);
    if (answer.redeemables.data?.length !== 50) throw new Error('qualifications: unexpected page');
  };
  const bare: number[] = [];
  const mock: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bare.push(await rate(server.bare, DURATION_MS));
    mock.push(await rate(check, DURATION_MS, 3));
  }
  server.close();
  const [bareRate, mockRate] = [median(bare), median(mock)];
  return [
    `Qualifications (median of ${ROUNDS} interleaved rounds of ${DURATION_MS} ms, sequential calls)`,
    `  ${label('bare MSW handler (fetch + JSON)')}${bareRate.toFixed(0)} fetches/s`,
    `  ${label(`mock: ${TIERS} tiers + ${WALLET} wallet codes, BEST_DEAL, 50`)}${mockRate.toFixed(1)} requests/s`,
    `  ${label('time per qualification')}${(1000 / mockRate).toFixed(1)} ms`,
    `  ${label('ratio mock / bare')}${(mockRate / bareRate).toFixed(4)}`,
  ];
};
