import { describe, expect, test } from 'vitest';
import { createMockService } from '../src/index.js';
import { serverHeaders, useMockService } from './support/setup.js';

const mock = useMockService();

describe('routing', () => {
  test('unknown routes are 404 and wrong methods 405, in the error body', async () => {
    const unknown = await mock.raw('/v1/nothing-here', { headers: serverHeaders(mock.service) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      code: 404,
      key: 'not_found',
      request_id: expect.stringMatching(/^v-[0-9a-f]{18}$/),
    });
    const wrongMethod = await mock.raw('/v1/categories', { method: 'PATCH', headers: serverHeaders(mock.service) });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
  });
});

describe('controls', () => {
  test('injected failures answer first, with Retry-After, and the client retries them', async () => {
    mock.service.failures.inject({ status: 503, times: 1, operationId: 'listCategories' });
    const client = mock.serverClient({ retry: { retries: 2, minDelayMs: 1, maxDelayMs: 2 } });
    expect((await client.GET('/v1/categories')).response.status).toBe(200);
    mock.service.failures.inject({ status: 429, retryAfter: 7 });
    const limited = await mock.raw('/v1/categories', { headers: serverHeaders(mock.service) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await limited.json()).toMatchObject({ key: 'too_many_requests' });
  });

  test('reset forgets data and keeps keys; the same seed gives the same ids', async () => {
    const keys = mock.service.projects.primary.keys;
    const first = mock.service.projects.primary.state.categories.create({ name: 'A', hierarchy: 1 });
    mock.service.reset();
    expect(mock.service.projects.primary.keys).toEqual(keys);
    expect(mock.service.projects.primary.state.categories.list()).toEqual([]);
    expect(mock.service.projects.primary.state.categories.create({ name: 'A', hierarchy: 1 }).id).toBe(first.id);
  });

  test('two services never share state', () => {
    const a = createMockService({ seed: 7 });
    const b = createMockService({ seed: 7 });
    a.projects.primary.state.categories.create({ name: 'Only in A', hierarchy: 1 });
    expect(b.projects.primary.state.categories.list()).toEqual([]);
    expect(a.projects.primary.keys).toEqual(b.projects.primary.keys);
  });

  test('the scheduler runs only due work until drained, advancing a frozen clock', async () => {
    const ran: string[] = [];
    mock.service.scheduler.schedule(() => void ran.push('now'));
    mock.service.scheduler.schedule(() => void ran.push('later'), 60_000);
    expect(await mock.service.scheduler.runDue()).toBe(1);
    expect(ran).toEqual(['now']);
    await mock.service.scheduler.drain();
    expect(ran).toEqual(['now', 'later']);
    expect(mock.service.clock.date().toISOString()).toBe('2026-01-01T00:01:00.000Z');
  });
});
