/**
 * Snapshots of a project with 10,000 vouchers and 10,000 customers: how long taking one takes,
 * how long a restore takes after what a test typically does (a few creations, a redemption,
 * updates) and after a test that deletes records, how long `reset()` takes for comparison, and
 * the snapshot's JSON: its size and the time to load it into a new service. Goal: a restore after
 * a test ≤ 5 ms.
 *
 *   npm run build
 *   node --expose-gc --input-type=module -e "import('./bench/snapshots.ts').then(async (m) => console.log((await m.snapshotsBenchmark()).join('\n')))"
 */
import { type MockService, createMockService } from '@voucherkit/mock-server';
import { collectGarbage, label, median } from './lib/measure.ts';

const VOUCHERS = 10_000;
const CUSTOMERS = 10_000;
const RESTORES = 30;
const OPTIONS = { seed: 'bench-snapshots', clock: { frozenAt: '2026-01-01T00:00:00Z' } } as const;

const setUp = (): MockService => {
  const service = createMockService(OPTIONS);
  const { state } = service.projects.primary;
  for (let index = 0; index < VOUCHERS; index += 1) {
    state.vouchers.create({
      code: `BENCH-${index}`,
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
    });
  }
  for (let index = 0; index < CUSTOMERS; index += 1)
    state.customers.upsert({
      source_id: `bench-${index}`,
      name: `Customer ${index}`,
      email: `customer-${index}@example.com`,
    });
  return service;
};

/** What a test does through the API: a customer and a voucher made, a redemption, an update. */
const aTest = async (service: MockService, round: number): Promise<void> => {
  const { appId, appToken } = service.projects.primary.keys;
  const call = async (method: string, path: string, body?: unknown): Promise<void> => {
    const response = await service.handle(
      new Request(`${service.baseUrl}${path}`, {
        method,
        headers: { 'X-App-Id': appId, 'X-App-Token': appToken, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    if (response.status >= 300)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  };
  await call('POST', '/v1/customers', { source_id: `test-${round}`, name: 'Test customer' });
  await call('POST', '/v1/vouchers', {
    code: `TEST-${round}`,
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'PERCENT', percent_off: 10 },
  });
  await call('POST', '/v1/redemptions', {
    redeemables: [{ object: 'voucher', id: `BENCH-${round}` }],
    customer: { source_id: `test-${round}` },
    order: { amount: 5000 },
  });
  await call('PUT', `/v1/customers/bench-${round}`, { name: 'Renamed' });
};

/** A test that deletes: a voucher and a customer of the snapshot. */
const aDeletingTest = async (service: MockService, round: number): Promise<void> => {
  const { appId, appToken } = service.projects.primary.keys;
  const headers = { 'X-App-Id': appId, 'X-App-Token': appToken };
  for (const path of [`/v1/vouchers/BENCH-${round}?force=true`, `/v1/customers/bench-${round}`]) {
    const response = await service.handle(new Request(`${service.baseUrl}${path}`, { method: 'DELETE', headers }));
    if (response.status >= 300) throw new Error(`DELETE ${path} answered ${response.status}`);
  }
};

const millis = (run: () => unknown): number => {
  const start = performance.now();
  run();
  return performance.now() - start;
};

export const snapshotsBenchmark = async (): Promise<string[]> => {
  const service = setUp();
  collectGarbage();
  const takes: number[] = [];
  let snapshot = service.snapshot();
  for (let round = 0; round < 5; round += 1) takes.push(millis(() => (snapshot = service.snapshot())));
  const restores: number[] = [];
  const deletingRestores: number[] = [];
  for (let round = 0; round < RESTORES; round += 1) {
    await aTest(service, round);
    restores.push(millis(() => service.restore(snapshot)));
    await aDeletingTest(service, round);
    deletingRestores.push(millis(() => service.restore(snapshot)));
  }
  const text = JSON.stringify(snapshot);
  const loads: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const other = createMockService(OPTIONS);
    loads.push(millis(() => other.restore(JSON.parse(text) as Parameters<MockService['restore']>[0])));
    if (other.projects.primary.state.vouchers.all().length !== VOUCHERS)
      throw new Error('the loaded snapshot lost vouchers');
  }
  const resets = [millis(() => service.reset()), millis(() => service.reset())];
  return [
    `Snapshots of a project with ${VOUCHERS.toLocaleString('en')} vouchers and ${CUSTOMERS.toLocaleString('en')} customers (medians)`,
    `  ${label('service.snapshot()')}${median(takes).toFixed(1)} ms`,
    `  ${label('restore after a test (4 API writes; goal ≤ 5 ms)')}${median(restores).toFixed(2)} ms`,
    `  ${label('restore after a test deleting a voucher, a customer')}${median(deletingRestores).toFixed(2)} ms`,
    `  ${label('reset(), for comparison')}${median(resets).toFixed(2)} ms`,
    `  ${label('JSON of the snapshot')}${(text.length / 1e6).toFixed(1)} MB`,
    `  ${label('restore from the JSON, into a new service')}${median(loads).toFixed(0)} ms`,
  ];
};
