import { ConflictError, createClient } from '@voucherkit/client';
import { createMockService } from '@voucherkit/mock-server';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { ensureCategories, retireCategory } from '../src/promotion-categories.js';

const service = createMockService({ strict: true });
const server = setupServer(...service.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => service.reset());
afterAll(() => server.close());

const client = () => {
  const { appId, appToken } = service.projects.primary.keys;
  return createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId, appToken } });
};

test('creates only the missing categories, in priority order', async () => {
  service.projects.primary.state.categories.create({ name: 'Seasonal', hierarchy: 9 });
  const ids = await ensureCategories(client(), ['Seasonal', 'Loyalty', 'Clearance']);
  expect([...ids.keys()].sort()).toEqual(['Clearance', 'Loyalty', 'Seasonal']);
  const stored = service.projects.primary.state.categories.list();
  expect(stored.find((category) => category.name === 'Clearance')?.hierarchy).toBe(3);
});

test('a category used by stacking rules is only retired when forced', async () => {
  const ids = await ensureCategories(client(), ['Exclusive']);
  const id = ids.get('Exclusive') ?? '';
  service.projects.primary.state.stackingRules.create({ exclusive_categories: [id] }, () => true);
  await expect(retireCategory(client(), id)).rejects.toBeInstanceOf(ConflictError);
  await retireCategory(client(), id, true);
  expect(service.projects.primary.state.categories.has(id)).toBe(false);
});
