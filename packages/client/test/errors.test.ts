import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PaymentRequiredError,
  PermissionError,
  RateLimitError,
  ServerError,
  unwrap,
  VoucherkitError,
} from '../src/fetch.js';
import { errorFromResponse } from '../src/errors.js';
import { parseRetryAfter } from '../src/retry-after.js';
import { BASE, SERVER_AUTH, T0, category, errorBody, testClient, useServer } from './helpers.js';

const server = useServer();

describe('errorFromResponse through unwrap', () => {
  it.each([
    [400, 'invalid_payload', BadRequestError],
    [401, 'unauthorized', AuthenticationError],
    [402, 'missing_required_feature', PaymentRequiredError],
    [403, 'forbidden', PermissionError],
    [404, 'not_found', NotFoundError],
    [409, 'duplicate_found', ConflictError],
    [429, 'too_many_requests', RateLimitError],
    [500, 'internal_error', ServerError],
    [503, 'service_unavailable', ServerError],
    [405, 'method_not_allowed', VoucherkitError],
  ])('%i %s → %o', async (status, key, ErrorClass) => {
    server.use(
      http.get(`${BASE}/v1/categories/:id`, () =>
        HttpResponse.json(errorBody(status, key, `message for ${key}`, { details: 'the details' }), { status }),
      ),
    );
    const { client } = testClient(SERVER_AUTH, { retry: false });
    const error = await unwrap(
      client.GET('/v1/categories/{categoryId}', { params: { path: { categoryId: 'cat_1' } } }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(VoucherkitError);
    expect(error).toMatchObject({
      status,
      key,
      message: `message for ${key}: the details [${key}]`,
      details: 'the details',
      requestId: `v-req-${status}`,
      name: ErrorClass.name,
    });
  });

  it('copies resource_id and resource_type of a 404', async () => {
    server.use(
      http.get(`${BASE}/v1/categories/:id`, () =>
        HttpResponse.json(
          errorBody(404, 'not_found', 'Resource not found', {
            details: 'Cannot find category with id cat_9',
            resource_id: 'cat_9',
            resource_type: 'category',
          }),
          { status: 404 },
        ),
      ),
    );
    const { client } = testClient(SERVER_AUTH);
    const error = await unwrap(
      client.GET('/v1/categories/{categoryId}', { params: { path: { categoryId: 'cat_9' } } }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ resourceId: 'cat_9', resourceType: 'category', body: { code: 404 } });
  });

  it('keeps raw calls non-throwing', async () => {
    server.use(
      http.get(`${BASE}/v1/categories`, () =>
        HttpResponse.json(errorBody(403, 'forbidden', 'Forbidden'), { status: 403 }),
      ),
    );
    const { client } = testClient(SERVER_AUTH);
    const { data, error, response } = await client.GET('/v1/categories');
    expect(data).toBeUndefined();
    expect(error?.key).toBe('forbidden');
    expect(response.status).toBe(403);
  });

  it('returns data from a successful call and undefined from a 204', async () => {
    server.use(
      http.get(`${BASE}/v1/categories/:id`, () => HttpResponse.json(category(4))),
      http.delete(`${BASE}/v1/categories/:id`, () => new HttpResponse(null, { status: 204 })),
    );
    const { client } = testClient(SERVER_AUTH);
    const path = { params: { path: { categoryId: 'cat_4' } } };
    expect((await unwrap(client.GET('/v1/categories/{categoryId}', path))).name).toBe('Category 4');
    await expect(unwrap(client.DELETE('/v1/categories/{categoryId}', path))).resolves.toBeUndefined();
  });

  it('says in its message what went wrong: the details and the key, each when the body has them', () => {
    const failure = (body: unknown): string => errorFromResponse(new Response(null, { status: 400 }), body).message;
    expect(
      failure({
        code: 404,
        key: 'not_found',
        message: 'Resource not found',
        details: 'Cannot find voucher with id V-1',
      }),
    ).toBe('Resource not found: Cannot find voucher with id V-1 [not_found]');
    expect(failure({ code: 400, key: 'invalid_payload', message: 'Invalid payload' })).toBe(
      'Invalid payload [invalid_payload]',
    );
    expect(failure({ code: 400, message: 'Same', details: 'Same' })).toBe('Same');
    expect(failure({ code: 400, key: '', message: 'Bad', details: '' })).toBe('Bad');
    expect(failure({ details: 'no message here', key: 'odd' })).toBe(
      'Request failed with status 400: no message here [odd]',
    );
  });

  it('builds an error from an empty or non-JSON failure', async () => {
    server.use(
      http.get(`${BASE}/v1/categories`, () => new HttpResponse(null, { status: 502, statusText: 'Bad Gateway' })),
      http.get(
        `${BASE}/v1/categories/:id`,
        () => new HttpResponse('<html>oops</html>', { status: 418, headers: { 'Content-Type': 'text/html' } }),
      ),
    );
    const { client } = testClient(SERVER_AUTH, { retry: false });
    const empty = await unwrap(client.GET('/v1/categories')).catch((caught: unknown) => caught);
    expect(empty).toBeInstanceOf(ServerError);
    expect(empty).toMatchObject({ status: 502, key: undefined, message: 'Request failed with status 502 Bad Gateway' });
    const html = await unwrap(
      client.GET('/v1/categories/{categoryId}', { params: { path: { categoryId: 'x' } } }),
    ).catch((caught: unknown) => caught);
    expect(html).toMatchObject({
      status: 418,
      body: '<html>oops</html>',
      message: expect.stringMatching(/^Request failed with status 418/),
    });
  });
});

describe('errorFromResponse', () => {
  it('reads Retry-After into RateLimitError.retryAfterMs', () => {
    const seconds = errorFromResponse(
      new Response(null, { status: 429, headers: { 'Retry-After': '5' } }),
      undefined,
      T0,
    );
    expect(seconds).toBeInstanceOf(RateLimitError);
    expect((seconds as RateLimitError).retryAfterMs).toBe(5000);
    const date = new Date(T0 + 30_000).toUTCString();
    const dated = errorFromResponse(
      new Response(null, { status: 429, headers: { 'Retry-After': date } }),
      undefined,
      T0,
    );
    expect((dated as RateLimitError).retryAfterMs).toBe(30_000);
  });

  it('parseRetryAfter ignores junk and never goes negative', () => {
    expect(parseRetryAfter(null, T0)).toBeUndefined();
    expect(parseRetryAfter('soon', T0)).toBeUndefined();
    expect(parseRetryAfter('1.5', T0)).toBe(1500);
    expect(parseRetryAfter(new Date(T0 - 5000).toUTCString(), T0)).toBe(0);
  });
});
