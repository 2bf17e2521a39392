import { describe, expect, test } from 'vitest';
import { createClock } from '../../src/core/clock.js';
import { createFailureQueue } from '../../src/core/failures.js';
import { StateHistory } from '../../src/core/history/state-history.js';
import { TrackedState } from '../../src/core/history/tracked-state.js';
import { createScheduler } from '../../src/core/scheduler.js';
import { createMockService, fullService } from '../../src/service.js';
import { loadOperations } from '../../src/http/load-operations.js';
import { createDispatcher } from '../../src/http/dispatch.js';
import { RequestJournal } from '../../src/http/journal.js';
import { contractViolation } from '../../src/http/respond.js';
import { RequestTally } from '../../src/http/tally.js';

const { operations } = await loadOperations();

describe('strict mode', () => {
  test('a body outside the spec is reported, naming the field', () => {
    const category = {
      id: 'cat_1',
      name: 'A',
      hierarchy: 1,
      object: 'category',
      created_at: '2026-01-01T00:00:00.000Z',
    };
    expect(contractViolation(operations.getCategory, 200, category)).toBeUndefined();
    expect(contractViolation(operations.getCategory, 200, { ...category, colour: 'red' })).toContain('colour');
    expect(contractViolation(operations.getCategory, 200, { ...category, hierarchy: '1' })).toBe(
      'Property .hierarchy should be integer',
    );
    expect(contractViolation(operations.getCategory, 418, null)).toContain('not documented');
  });

  test('an operation without a handler answers 501 after authentication', async () => {
    const service = fullService(createMockService({ clock: { frozenAt: 0 } }));
    const clock = createClock({ frozenAt: 0 });
    const dispatch = createDispatcher({
      context: {
        clock,
        scheduler: createScheduler(clock, 'manual'),
        random: { next: () => 0, int: () => 0 },
        ids: () => 'x',
        timestamp: () => '',
        settings: { tokenTtlSeconds: 900, bulkJobs: { portionSize: 100, portionIntervalMs: 10 } },
        tracked: new TrackedState(new StateHistory()),
      },
      projects: () => service.projects,
      organisation: () => service.organisation,
      management: service.management,
      handlers: {},
      failures: createFailureQueue(),
      basePath: '',
      strict: true,
      requestId: () => 'v-000000000000000000',
      journal: new RequestJournal(),
      tally: new RequestTally(),
    });
    const { appId, appToken } = service.projects.primary.keys;
    const unauthenticated = await dispatch(new Request('https://api.voucherify.io/v1/categories'));
    expect(unauthenticated.status).toBe(401);
    const response = await dispatch(
      new Request('https://api.voucherify.io/v1/categories', {
        headers: { 'X-App-Id': appId, 'X-App-Token': appToken },
      }),
    );
    expect(response.status).toBe(501);
    expect(JSON.parse(response.body ?? '')).toMatchObject({
      code: 501,
      key: 'not_implemented',
      details: expect.stringContaining('listCategories'),
    });
  });
});
