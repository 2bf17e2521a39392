import { describe, expect, test } from 'vitest';
import { createMockService } from '../../src/service.js';

describe('event retention', () => {
  test("a project's log keeps the newest events the service's eventRetention allows", () => {
    const service = createMockService({ eventRetention: 2, clock: { frozenAt: '2026-01-01T00:00:00Z' } });
    const { customers, events } = service.projects.primary.state;
    for (const name of ['ana', 'bo', 'cy']) customers.upsert({ source_id: name });
    expect(
      events
        .list({ type: 'customer.created' })
        .map((event) => (event.data.customer as { source_id: string }).source_id),
    ).toEqual(['bo', 'cy']);
  });

  test('is a whole number of events, 0 or more', () => {
    expect(() => createMockService({ eventRetention: -1 })).toThrow(RangeError);
    expect(() => createMockService({ eventRetention: 1.5 })).toThrow(RangeError);
    expect(createMockService({ eventRetention: 0 }).projects.primary.state.events.list()).toEqual([]);
  });
});
