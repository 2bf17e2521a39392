/**
 * What shaping answers costs (decision 0057). Two pages of 100 through the typed client: the
 * customers, each of which the shape rules look at (half of them lose an empty `metadata`), and
 * the categories, which no rule touches. Each is measured against a bare MSW handler that answers
 * the same bytes (a POST of equal work: it reads a small JSON body and answers the page's JSON), in
 * interleaved rounds of the same run; the customers' ratio against the categories' ratio tells the
 * walk of the rules from the rest of the path. To see the walk alone, compare two builds of this
 * section with `npm run bench:builds`.
 *
 *   npm run build
 *   node --expose-gc bench/run.ts answer-shapes
 */
import { createMockService } from '@voucherkit/mock-server';
import { label, median, rate } from './lib/measure.ts';
import { benchServer } from './lib/mock-server.ts';

const ROUNDS = 5;
const DURATION_MS = 1_000;
const PAGE = 100;

export const answerShapes = async (): Promise<string[]> => {
  const service = createMockService({ seed: 'bench-answer-shapes' });
  const { state } = service.projects.primary;
  for (let index = 0; index < PAGE; index += 1) {
    state.customers.upsert({
      source_id: `customer-${index}`,
      name: `Customer ${index}`,
      ...(index % 2 === 0 ? {} : { metadata: { tier: 'gold' } }),
    });
    state.categories.create({ name: `Category ${index}`, hierarchy: index + 1 });
  }
  const server = benchServer(service);
  const { client } = server;
  const customers = () => client.customers.list({ limit: PAGE });
  const categories = () => client.categories.list();
  // The bare references answer exactly what the mock answers.
  const bareCustomers = server.barePost({}, await customers());
  const bareCategories = server.barePost({}, await categories());
  const ratios = { customers: [] as number[], categories: [] as number[] };
  const mockRates = { customers: [] as number[], categories: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    const customerRate = await rate(customers, DURATION_MS);
    ratios.customers.push(customerRate / (await rate(bareCustomers, DURATION_MS)));
    mockRates.customers.push(customerRate);
    const categoryRate = await rate(categories, DURATION_MS);
    ratios.categories.push(categoryRate / (await rate(bareCategories, DURATION_MS)));
    mockRates.categories.push(categoryRate);
  }
  server.close();
  return [
    `Answer shapes (median of ${ROUNDS} interleaved rounds of ${DURATION_MS} ms, pages of ${PAGE})`,
    `  ${label('mock: client.customers.list (shaped)')}${median(mockRates.customers).toFixed(0)} pages/s`,
    `  ${label('ratio to a bare handler of the same bytes')}${median(ratios.customers).toFixed(2)}`,
    `  ${label('mock: client.categories.list (no rule)')}${median(mockRates.categories).toFixed(0)} pages/s`,
    `  ${label('ratio to a bare handler of the same bytes')}${median(ratios.categories).toFixed(2)}`,
  ];
};
