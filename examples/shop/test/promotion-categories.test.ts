import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { ConflictError, createClient } from '@voucherkit/client';
import { createMockService } from '@voucherkit/mock-server';
import { setupServer } from 'msw/node';
import { ensureCategories, retireCategory } from '../src/promotion-categories.js';

// node:test rather than a test framework: the same suite runs on every Node the packages declare.
const service = createMockService({ strict: true });
const server = setupServer(...service.handlers);
before(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => service.reset());
after(() => server.close());

const client = () => {
  const { appId, appToken } = service.projects.primary.keys;
  return createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId, appToken } });
};

test('creates only the missing categories, in priority order', async () => {
  service.projects.primary.state.categories.create({ name: 'Seasonal', hierarchy: 9 });
  const ids = await ensureCategories(client(), ['Seasonal', 'Loyalty', 'Clearance']);
  assert.deepEqual([...ids.keys()].sort(), ['Clearance', 'Loyalty', 'Seasonal']);
  const stored = service.projects.primary.state.categories.list();
  assert.equal(stored.find((category) => category.name === 'Clearance')?.hierarchy, 3);
});

test('a category used by stacking rules is only retired when forced', async () => {
  const ids = await ensureCategories(client(), ['Exclusive']);
  const id = ids.get('Exclusive') ?? '';
  service.projects.primary.state.stackingRules.create({ exclusive_categories: [id] }, () => true);
  await assert.rejects(retireCategory(client(), id), ConflictError);
  await retireCategory(client(), id, true);
  assert.equal(service.projects.primary.state.categories.has(id), false);
});
