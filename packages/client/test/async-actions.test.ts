import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { type AsyncAction, AsyncActionFailedError, AsyncActionTimeoutError, NotFoundError } from '../src/fetch.js';
import { waitForAsyncAction } from '../src/async-actions.js';
import { BASE, SERVER_AUTH, T0, errorBody, fakeRuntime, testClient, useServer } from './helpers.js';

const server = useServer();

const record = (status: AsyncAction['status'], extra: Partial<AsyncAction> = {}): AsyncAction => ({
  id: 'aa_1',
  type: 'CAMPAIGN.VOUCHERS_GENERATE',
  status,
  progress: status === 'DONE' ? 100 : 40,
  object: 'async_action',
  created_at: new Date(T0).toISOString(),
  updated_at: new Date(T0).toISOString(),
  ...extra,
});

/** Answers with the statuses in turn; the last one repeats. */
const statuses = (...sequence: AsyncAction[]) => {
  let calls = 0;
  server.use(
    http.get(`${BASE}/v1/async-actions/:id`, ({ params }) => {
      calls++;
      if (params['id'] !== 'aa_1')
        return HttpResponse.json(errorBody(404, 'not_found', 'Resource not found'), { status: 404 });
      return HttpResponse.json(sequence[Math.min(calls, sequence.length) - 1]);
    }),
  );
  return () => calls;
};

describe('waitForAsyncAction', () => {
  it('polls until DONE and returns the action', async () => {
    const calls = statuses(record('ENQUEUED'), record('IN_PROGRESS'), record('DONE', { result: { done_count: 10 } }));
    const { client, runtime } = testClient(SERVER_AUTH);
    const action = await client.waitForAsyncAction('aa_1', { intervalMs: 500 });
    expect(action.result?.done_count).toBe(10);
    expect(calls()).toBe(3);
    expect(runtime.sleeps).toEqual([500, 500]);
  });

  it('throws AsyncActionFailedError carrying the action when it FAILS', async () => {
    statuses(
      record('IN_PROGRESS'),
      record('FAILED', { result: { message: 'Bad CSV', done_count: 0, failed_count: 2 } }),
    );
    const { client } = testClient(SERVER_AUTH);
    const error = await client.waitForAsyncAction('aa_1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AsyncActionFailedError);
    expect((error as AsyncActionFailedError).action.result?.failed_count).toBe(2);
    expect((error as AsyncActionFailedError).message).toContain('Bad CSV');
  });

  it('times out with the last record, after a last read at the deadline', async () => {
    const calls = statuses(record('IN_PROGRESS'));
    const { client, runtime } = testClient(SERVER_AUTH);
    const error = await client
      .waitForAsyncAction('aa_1', { intervalMs: 400, timeoutMs: 1000 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AsyncActionTimeoutError);
    expect((error as AsyncActionTimeoutError).action.status).toBe('IN_PROGRESS');
    expect(runtime.sleeps).toEqual([400, 400, 200]);
    expect(calls()).toBe(4);
  });

  it('rejects with the abort reason', async () => {
    statuses(record('IN_PROGRESS'));
    const controller = new AbortController();
    const runtime = fakeRuntime();
    const { client } = testClient(SERVER_AUTH);
    const waiting = waitForAsyncAction(client, 'aa_1', {
      signal: controller.signal,
      now: runtime.now,
      sleep: async (ms, signal) => {
        controller.abort(new Error('user cancelled'));
        await runtime.sleep(ms, signal);
      },
    });
    await expect(waiting).rejects.toThrow('user cancelled');
  });

  it('rejects at once when the signal is already aborted', async () => {
    const calls = statuses(record('DONE'));
    const { client } = testClient(SERVER_AUTH);
    await expect(
      client.waitForAsyncAction('aa_1', { signal: AbortSignal.abort(new Error('already')) }),
    ).rejects.toThrow('already');
    expect(calls()).toBe(0);
  });

  it('passes on read failures as typed errors', async () => {
    statuses(record('DONE'));
    const { client } = testClient(SERVER_AUTH);
    await expect(client.waitForAsyncAction('aa_missing')).rejects.toBeInstanceOf(NotFoundError);
  });
});
