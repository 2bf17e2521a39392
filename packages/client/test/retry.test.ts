import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { ConnectionError, defaultRetryOptions, RateLimitError, ServerError, unwrap } from '../src/fetch.js';
import { backoffDelay } from '../src/retrying-fetch.js';
import { BASE, SERVER_AUTH, category, errorBody, testClient, useServer } from './helpers.js';

const server = useServer();

const list = { object: 'list', data_ref: 'data', data: [category(1)], total: 1 };

/** Answers with the given responses in turn (the last one repeats), counting calls. */
const sequence = (method: 'get' | 'post' | 'put', path: string, responses: (() => Response)[]) => {
  const calls: { body: string }[] = [];
  server.use(
    http[method](`${BASE}${path}`, async ({ request }) => {
      calls.push({ body: await request.text() });
      const respond = responses[Math.min(calls.length - 1, responses.length - 1)];
      return respond ? respond() : HttpResponse.error();
    }),
  );
  return calls;
};

const fail =
  (status: number, headers: Record<string, string> = {}) =>
  () =>
    HttpResponse.json(errorBody(status, status === 429 ? 'too_many_requests' : 'internal_error', 'failed'), {
      status,
      headers,
    });
const ok =
  (body: JsonBodyType = list) =>
  () =>
    HttpResponse.json(body);
const networkError = () => HttpResponse.error();

describe('retries', () => {
  it('retries a GET after a network error', async () => {
    const calls = sequence('get', '/v1/categories', [networkError, ok()]);
    const { client, runtime } = testClient(SERVER_AUTH);
    const data = await unwrap(client.GET('/v1/categories'));
    expect(data.total).toBe(1);
    expect(calls).toHaveLength(2);
    expect(runtime.sleeps).toEqual([250]); // 0.5 × min(10 000, 500 × 2^0)
  });

  it('turns a network error into a ConnectionError once the retries are spent', async () => {
    const calls = sequence('get', '/v1/categories', [networkError]);
    const { client } = testClient(SERVER_AUTH);
    const error = await client.GET('/v1/categories').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).cause).toBeInstanceOf(TypeError);
    expect(calls).toHaveLength(1 + defaultRetryOptions.retries);
  });

  it('does not retry a POST after a network error', async () => {
    const calls = sequence('post', '/v1/categories', [networkError, ok(category(1))]);
    const { client } = testClient(SERVER_AUTH);
    await expect(client.POST('/v1/categories', { body: { name: 'a', hierarchy: 1 } })).rejects.toBeInstanceOf(
      ConnectionError,
    );
    expect(calls).toHaveLength(1);
  });

  it('retries a POST the caller marks idempotent, sending the same body again', async () => {
    const calls = sequence('post', '/v1/categories', [networkError, fail(503), ok(category(1))]);
    const { client } = testClient(SERVER_AUTH);
    const created = await unwrap(
      client.POST('/v1/categories', { body: { name: 'a', hierarchy: 1 }, idempotent: true }),
    );
    expect(created.id).toBe('cat_1');
    expect(calls.map((call) => call.body)).toEqual(Array(3).fill('{"name":"a","hierarchy":1}'));
  });

  it('waits for Retry-After seconds on 429', async () => {
    const calls = sequence('get', '/v1/categories', [fail(429, { 'Retry-After': '3' }), ok()]);
    const { client, runtime } = testClient(SERVER_AUTH);
    await unwrap(client.GET('/v1/categories'));
    expect(calls).toHaveLength(2);
    expect(runtime.sleeps).toEqual([3000]);
  });

  it('waits until a Retry-After HTTP date on 429', async () => {
    const { client, runtime } = testClient(SERVER_AUTH);
    const at = new Date(runtime.now() + 7000).toUTCString();
    sequence('get', '/v1/categories', [fail(429, { 'Retry-After': at }), ok()]);
    await unwrap(client.GET('/v1/categories'));
    expect(runtime.sleeps).toEqual([7000]);
  });

  it('caps Retry-After at maxDelayMs', async () => {
    sequence('get', '/v1/categories', [fail(429, { 'Retry-After': '120' }), ok()]);
    const { client, runtime } = testClient(SERVER_AUTH, { retry: { maxDelayMs: 5000 } });
    await unwrap(client.GET('/v1/categories'));
    expect(runtime.sleeps).toEqual([5000]);
  });

  it('retries a POST on 429, which the service refused before processing', async () => {
    const calls = sequence('post', '/v1/categories', [fail(429, { 'Retry-After': '1' }), ok(category(2))]);
    const { client } = testClient(SERVER_AUTH);
    const created = await unwrap(client.POST('/v1/categories', { body: { name: 'b', hierarchy: 2 } }));
    expect(created.id).toBe('cat_2');
    expect(calls).toHaveLength(2);
  });

  it('retries a GET on 503 and a PUT on 500', async () => {
    const gets = sequence('get', '/v1/categories', [fail(503), fail(503), ok()]);
    const puts = sequence('put', '/v1/categories/cat_1', [fail(500), ok(category(1))]);
    const { client } = testClient(SERVER_AUTH);
    await unwrap(client.GET('/v1/categories'));
    await unwrap(
      client.PUT('/v1/categories/{categoryId}', {
        params: { path: { categoryId: 'cat_1' } },
        body: { name: 'x', hierarchy: 1 },
      }),
    );
    expect(gets).toHaveLength(3);
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toBe('{"name":"x","hierarchy":1}');
  });

  it('does not retry a POST on 500', async () => {
    const calls = sequence('post', '/v1/categories', [fail(500), ok(category(1))]);
    const { client } = testClient(SERVER_AUTH);
    const { error, response } = await client.POST('/v1/categories', { body: { name: 'a', hierarchy: 1 } });
    expect(response.status).toBe(500);
    expect(error?.key).toBe('internal_error');
    expect(calls).toHaveLength(1);
  });

  it('does not retry 501 or 4xx other than 429', async () => {
    const calls = sequence('get', '/v1/categories', [fail(501), ok()]);
    const { client } = testClient(SERVER_AUTH);
    expect((await client.GET('/v1/categories')).response.status).toBe(501);
    expect(calls).toHaveLength(1);
  });

  it('returns the last failure when the retries are spent', async () => {
    const calls = sequence('get', '/v1/categories', [fail(503)]);
    const { client, runtime } = testClient(SERVER_AUTH, { retry: { retries: 3 } });
    await expect(unwrap(client.GET('/v1/categories'))).rejects.toBeInstanceOf(ServerError);
    expect(calls).toHaveLength(4);
    expect(runtime.sleeps).toHaveLength(3);
  });

  it('grows the backoff by factor, caps it at maxDelayMs and applies full jitter', async () => {
    sequence('get', '/v1/categories', [fail(503)]);
    const draws = [0.999, 0.5, 0, 0.25, 1 - Number.EPSILON];
    const { client, runtime } = testClient(SERVER_AUTH, {
      retry: { retries: 5, minDelayMs: 100, maxDelayMs: 1000, factor: 3, jitter: true },
      random: () => draws.shift() ?? 0,
    });
    await client.GET('/v1/categories');
    // Ceilings: 100, 300, 900, 1000 (capped from 2700), 1000 (capped from 8100).
    expect(runtime.sleeps).toEqual([99, 150, 0, 250, 999]);
  });

  it('waits the full ceiling without jitter', async () => {
    sequence('get', '/v1/categories', [fail(502)]);
    const { client, runtime } = testClient(SERVER_AUTH, {
      retry: { retries: 4, minDelayMs: 200, maxDelayMs: 1000, factor: 2, jitter: false },
    });
    await client.GET('/v1/categories');
    expect(runtime.sleeps).toEqual([200, 400, 800, 1000]);
  });

  it('backoffDelay computes the same schedule', () => {
    const options = { retries: 9, minDelayMs: 100, maxDelayMs: 1000, factor: 2, jitter: false };
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, options, () => 0.5))).toEqual([100, 200, 400, 800, 1000]);
    expect(backoffDelay(2, { ...options, jitter: true }, () => 0.5)).toBe(200);
  });

  it('sends each request once with retry: false', async () => {
    const calls = sequence('get', '/v1/categories', [fail(429, { 'Retry-After': '1' }), ok()]);
    const { client, runtime } = testClient(SERVER_AUTH, { retry: false });
    const error = await unwrap(client.GET('/v1/categories')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(1000);
    expect(calls).toHaveLength(1);
    expect(runtime.sleeps).toEqual([]);
  });

  it('stops waiting when the request is aborted', async () => {
    sequence('get', '/v1/categories', [fail(503)]);
    const controller = new AbortController();
    const { client } = testClient(SERVER_AUTH, {
      sleep: async (_ms, signal) => {
        controller.abort(new Error('stop'));
        signal?.throwIfAborted();
      },
    });
    await expect(client.GET('/v1/categories', { signal: controller.signal })).rejects.toThrow('stop');
  });
});
