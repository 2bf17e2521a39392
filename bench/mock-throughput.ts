/**
 * Throughput of the mock through the client against a bare MSW handler, in interleaved rounds of
 * the same run, so the ratio survives a noisy, shared machine.
 */
import { createMockService } from '@voucherkit/mock-server';
import { label, median, rate } from './lib/measure.ts';
import { benchServer } from './lib/mock-server.ts';

const ROUNDS = 3;
const DURATION_MS = 2_000;

export const mockThroughput = async (): Promise<string[]> => {
  const service = createMockService({ seed: 'bench' });
  const category = service.projects.primary.state.categories.create({ name: 'Bench', hierarchy: 1 });
  const server = benchServer(service);
  const { client } = server;
  const bare: number[] = [];
  const mock: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bare.push(await rate(server.bare, DURATION_MS));
    mock.push(await rate(() => client.categories.get(category.id), DURATION_MS));
  }
  server.close();
  const [bareRate, mockRate] = [median(bare), median(mock)];
  return [
    `Mock throughput (median of ${ROUNDS} interleaved rounds of ${DURATION_MS} ms, sequential calls)`,
    `  ${label('bare MSW handler (fetch + JSON)')}${bareRate.toFixed(0)} fetches/s`,
    `  ${label('mock: client.categories.get(id)')}${mockRate.toFixed(0)} fetches/s`,
    `  ${label('ratio mock / bare')}${(mockRate / bareRate).toFixed(2)}`,
  ];
};
