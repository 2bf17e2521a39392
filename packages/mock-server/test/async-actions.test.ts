import { describe, expect, test } from 'vitest';
import { useMockService } from './setup.js';

const mock = useMockService();

describe('async actions', () => {
  test('a job goes ENQUEUED → DONE when the scheduler drains, and is listed newest first', async () => {
    const store = mock.service.projects.primary.state.asyncActions;
    const first = store.start('CUSTOMERS.IMPORT_CSV', () => ({ message: 'ok', done_count: 2, failed_count: 0 }), { logId: 'log_1' });
    const second = store.start('PRODUCTS.IMPORT_CSV', () => ({ message: 'ok', done_count: 1, failed_count: 0 }));
    const client = mock.serverClient();
    const before = await client.GET('/v1/async-actions/{asyncActionId}', { params: { path: { asyncActionId: first.id } } });
    expect(before.data).toMatchObject({ status: 'ENQUEUED', log_id: 'log_1', object: 'async_action' });
    expect(await mock.service.scheduler.drain()).toBe(2);
    const after = await client.GET('/v1/async-actions/{asyncActionId}', { params: { path: { asyncActionId: first.id } } });
    expect(after.data).toMatchObject({ status: 'DONE', result: { done_count: 2 } });
    const list = await client.GET('/v1/async-actions', { params: { query: { limit: 1 } } });
    expect(list.data?.async_actions.map((action) => action.id)).toEqual([second.id]);
  });

  test('a failing job is FAILED, and waitForAsyncAction reports it', async () => {
    const action = mock.service.projects.primary.state.asyncActions.start('VOUCHERS.IMPORT', () => {
      throw new Error('broken file');
    });
    await mock.service.scheduler.drain();
    await expect(mock.serverClient().waitForAsyncAction(action.id, { intervalMs: 1, timeoutMs: 1_000 })).rejects.toMatchObject({
      action: { status: 'FAILED', result: { message: 'broken file' } },
    });
  });

  test('unknown ids are 404 and a limit over 100 is 400', async () => {
    const client = mock.serverClient();
    const missing = await client.GET('/v1/async-actions/{asyncActionId}', { params: { path: { asyncActionId: 'aa_missing' } } });
    expect(missing.response.status).toBe(404);
    const tooMany = await client.GET('/v1/async-actions', { params: { query: { limit: 101 } } });
    expect(tooMany.response.status).toBe(400);
    expect(tooMany.error).toMatchObject({ key: 'invalid_query_params', details: 'Query parameter limit should be <= 100' });
  });
});
