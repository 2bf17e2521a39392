/**
 * `npm run bench`: throughput of the mock against a bare MSW handler in the same run (so the
 * ratio survives noisy, shared machines), and the type-check cost of a consumer of the client.
 * Runs against the built packages, as an app would.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createClient } from '@voucherkit/client';
import { createMockService } from '@voucherkit/mock-server';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

const WARMUP = 300;
const ROUNDS = 3;
const DURATION_MS = 2_000;

/** Calls `once` sequentially for DURATION_MS and returns calls per second. */
const measure = async (once: () => Promise<unknown>): Promise<number> => {
  for (let i = 0; i < WARMUP; i += 1) await once();
  const start = performance.now();
  let calls = 0;
  while (performance.now() - start < DURATION_MS) {
    await once();
    calls += 1;
  }
  return calls / ((performance.now() - start) / 1000);
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const service = createMockService({ seed: 'bench' });
const category = service.projects.primary.state.categories.create({ name: 'Bench', hierarchy: 1 });
const server = setupServer(
  http.get('https://bare.bench.test/ping', () => HttpResponse.json({ id: 'cat_1', name: 'Bench', hierarchy: 1, object: 'category' })),
  ...service.handlers,
);
server.listen({ onUnhandledRequest: 'error' });
const client = createClient({
  baseUrl: service.baseUrl,
  auth: { type: 'server', appId: service.projects.primary.keys.appId, appToken: service.projects.primary.keys.appToken },
  retry: false,
});

const bare: number[] = [];
const mock: number[] = [];
// Interleaved rounds: both sides see the same machine load.
for (let round = 0; round < ROUNDS; round += 1) {
  bare.push(await measure(async () => (await fetch('https://bare.bench.test/ping')).json()));
  mock.push(
    await measure(async () => {
      const { data } = await client.GET('/v1/categories/{categoryId}', { params: { path: { categoryId: category.id } } });
      if (!data) throw new Error('The mock did not return the category');
    }),
  );
}
server.close();

const consumer = fileURLToPath(new URL('./consumer/tsconfig.json', import.meta.url));
const tscTimes: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const start = performance.now();
  execFileSync('tsc', ['-p', consumer], { stdio: 'inherit' });
  tscTimes.push(performance.now() - start);
}

const bareRate = median(bare);
const mockRate = median(mock);
console.log(`Voucherkit benchmark (median of ${ROUNDS} interleaved rounds of ${DURATION_MS} ms, sequential calls)

  bare MSW handler (fetch + JSON)             ${bareRate.toFixed(0)} fetches/s
  mock: client.GET /v1/categories/{id}        ${mockRate.toFixed(0)} fetches/s
  ratio mock / bare                           ${(mockRate / bareRate).toFixed(2)}

  tsc --noEmit, consumer importing the client ${median(tscTimes).toFixed(0)} ms (runs: ${tscTimes.map((t) => t.toFixed(0)).join(', ')})`);
