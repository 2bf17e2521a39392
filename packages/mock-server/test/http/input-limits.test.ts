/**
 * Limits on what a request may carry, through MSW and through `service.handle` (the dispatcher
 * that the HTTP sandbox also uses): body size, media type, text that may not be stored, unknown
 * methods and paths that are spelled unusually.
 */
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/index.js';
import { MAX_BODY_BYTES } from '../../src/http/limits.js';
import { findUnsafeText } from '../../src/http/unsafe-text.js';
import { serverHeaders, useMockService } from '../support/setup.js';

const mock = useMockService();

const REQUEST_ID = /^v-[0-9a-f]{18}$/;
const json = (extra: Record<string, string> = {}) =>
  serverHeaders(mock.service, { 'content-type': 'application/json', ...extra });

/** A body stream that never ends, counting how many bytes were pulled from it. */
const endlessBody = (): { stream: ReadableStream<Uint8Array<ArrayBuffer>>; pulled: () => number } => {
  let pulled = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk.slice());
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
};

const handle = (
  path: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: ReadableStream<Uint8Array<ArrayBuffer>> | null;
  } = {},
) =>
  mock.service.handle({
    method: init.method ?? 'POST',
    url: `${mock.service.baseUrl}${path}`,
    headers: new Headers(init.headers ?? {}),
    body: init.body ?? null,
  });

describe('request bodies are limited to 10 MiB', () => {
  test('a body of exactly the limit is read; one byte more is 413 query_too_large and stores nothing', async () => {
    const prefix = '{"name":"Big","hierarchy":1,"padding":"';
    const exact = `${prefix}${'x'.repeat(MAX_BODY_BYTES - prefix.length - 2)}"}`;
    expect(new TextEncoder().encode(exact).byteLength).toBe(MAX_BODY_BYTES);
    const accepted = await mock.raw('/v1/categories', { method: 'POST', headers: json(), body: exact });
    expect(accepted.status).toBe(200);
    const over = `${prefix}${'x'.repeat(MAX_BODY_BYTES - prefix.length - 1)}"}`;
    const refused = await mock.raw('/v1/categories', {
      method: 'POST',
      headers: json(),
      body: over.replace('"Big"', '"Bigger"'),
    });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({
      code: 413,
      key: 'query_too_large',
      details: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
      request_id: expect.stringMatching(REQUEST_ID),
    });
    expect(mock.service.projects.primary.state.categories.list().map((category) => category.name)).toEqual(['Big']);
  });

  test('a larger Content-Length is refused before the body is read', async () => {
    const body = endlessBody();
    const response = await handle('/v1/categories', {
      headers: json({ 'content-length': String(50 * 1024 * 1024) }),
      body: body.stream,
    });
    expect(response.status).toBe(413);
    expect(body.pulled()).toBe(0);
  });

  test('a body without a length is read only up to the limit', async () => {
    const body = endlessBody();
    const response = await handle('/v1/categories', { headers: json(), body: body.stream });
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * 64 * 1024);
  });

  test('bytes that are not UTF-8 are 400 invalid_payload', async () => {
    const response = await mock.raw('/v1/categories', {
      method: 'POST',
      headers: json(),
      body: new Uint8Array([0x7b, 0xff, 0x7d]),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      key: 'invalid_payload',
      details: 'The request body is not valid UTF-8.',
    });
  });
});

describe('media types', () => {
  test('form operations take application/x-www-form-urlencoded only, with or without charset', async () => {
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: 'categories' });
    const asJson = await mock.raw('/v1/oauth/token', {
      method: 'POST',
      headers: json(),
      body: JSON.stringify(Object.fromEntries(form)),
    });
    expect(asJson.status).toBe(415);
    expect(await asJson.json()).toMatchObject({
      key: 'unsupported_media_type',
      details: 'Send the body as application/x-www-form-urlencoded, not application/json.',
    });
    // fetch sends URLSearchParams as application/x-www-form-urlencoded;charset=UTF-8.
    const asForm = await mock.raw('/v1/oauth/token', {
      method: 'POST',
      headers: serverHeaders(mock.service),
      body: form,
    });
    expect(asForm.status).toBe(200);
  });

  test('another charset or a compressed body is 415', async () => {
    const body = JSON.stringify({ name: 'Summer', hierarchy: 1 });
    const latin1 = await mock.raw('/v1/categories', {
      method: 'POST',
      headers: json({ 'content-type': 'application/json; charset=iso-8859-1' }),
      body,
    });
    expect(await latin1.json()).toMatchObject({ code: 415, details: 'Send the body as UTF-8, not iso-8859-1.' });
    const gzip = await mock.raw('/v1/categories', {
      method: 'POST',
      headers: json({ 'content-encoding': 'gzip' }),
      body,
    });
    expect(await gzip.json()).toMatchObject({
      code: 415,
      details: 'Content-Encoding gzip is not supported; send the body uncompressed.',
    });
  });

  test('the media type is checked after authentication, and a request without a body needs none', async () => {
    const anonymous = await mock.raw('/v1/categories', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    const empty = await mock.raw('/v1/categories', { method: 'POST', headers: serverHeaders(mock.service) });
    expect(await empty.json()).toMatchObject({ code: 400, details: 'The request body is required.' });
  });
});

describe('text that may not be stored', () => {
  test('NUL and lone surrogates are refused anywhere in a body, in values and in property names', async () => {
    const unknownProperty = await mock.raw('/v1/categories', {
      method: 'POST',
      headers: json(),
      body: '{"name":"A","hierarchy":1,"note":["ok","\\u0000"]}',
    });
    expect(await unknownProperty.json()).toMatchObject({
      key: 'invalid_payload',
      details: 'Property .note[1] must not contain NUL characters',
    });
    const name = await mock.raw('/v1/metadata-schemas/customer', {
      method: 'POST',
      headers: json(),
      body: '{"properties":{"vip\\ud800":{"type":"boolean","optional":true}}}',
    });
    expect(await name.json()).toMatchObject({
      details: 'Property .properties has a property name that is not well-formed Unicode',
    });
    const form = await mock.raw('/v1/oauth/token', {
      method: 'POST',
      headers: serverHeaders(mock.service),
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'api\u0000' }),
    });
    expect(await form.json()).toMatchObject({
      code: 400,
      key: 'invalid_payload',
      details: 'Property .scope must not contain NUL characters',
    });
    expect(mock.service.projects.primary.state.categories.list()).toEqual([]);
  });

  test('text is checked at any depth without overflowing the stack', () => {
    const depth = 200_000;
    const deep: unknown = JSON.parse(`{"deep":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`);
    expect(findUnsafeText(deep)?.path).toHaveLength(depth + 1);
  });

  test('surrogate pairs are well-formed; only unpaired halves are found', () => {
    expect(findUnsafeText({ name: 'Lisboa 🏖', tags: ['ok'] })).toBeUndefined();
    expect(findUnsafeText(['a', { b: ['\udc00x'] }])).toMatchObject({
      path: [1, 'b', 0],
      message: 'must be well-formed Unicode',
    });
  });
});

describe('request bodies nest at most 100 levels', () => {
  const nested = (depth: number): string => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

  test.each([5_000, 20_000, 200_000])(
    'a body %i levels deep is 400 invalid_payload, not a stack overflow',
    async (depth) => {
      const response = await mock.raw('/v1/customers', {
        method: 'POST',
        headers: json(),
        body: `{"source_id":"deep","metadata":${nested(depth)}}`,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        key: 'invalid_payload',
        details: 'The request body nests objects and arrays more than 100 levels deep.',
        request_id: expect.stringMatching(REQUEST_ID),
      });
      expect(mock.service.projects.primary.state.customers.list().total).toBe(0);
    },
  );

  test('a body of 100 levels is read', async () => {
    const response = await mock.raw('/v1/customers', {
      method: 'POST',
      headers: json(),
      body: `{"source_id":"deep","metadata":${nested(99)}}`,
    });
    expect(response.status).toBe(200);
  });
});

describe('field limits from the spec', () => {
  test('path ids longer than 255 characters are 400 invalid_query_params', async () => {
    const response = await mock
      .serverClient()
      .GET('/v1/categories/{categoryId}', { params: { path: { categoryId: 'c'.repeat(256) } } });
    expect(response.error).toMatchObject({
      key: 'invalid_query_params',
      details: 'Path parameter categoryId should be at most 255 characters long',
    });
  });

  test('integer lengths of metadata definitions stop at 2^53 - 1', async () => {
    const { error } = await mock.serverClient().POST('/v1/metadata-schemas/{metadataSchemaId}', {
      params: { path: { metadataSchemaId: 'customer' } },
      body: { properties: { code: { type: 'string', optional: true, maxLength: 2 ** 60 } } },
    });
    expect(error).toMatchObject({
      key: 'invalid_payload',
      details: 'Property .properties.code.maxLength should be <= 9007199254740991',
    });
  });
});

describe('methods and paths', () => {
  test('a method the API does not use is 405 on every path, before authentication', async () => {
    for (const [method, path] of [
      ['TRACE', '/v1/categories'],
      ['TRACE', '/nowhere'],
      ['FOO', '/nowhere'],
      ['PATCH', '/nowhere'],
    ] as const) {
      const response = await handle(path, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe(path === '/v1/categories' ? 'GET, POST' : 'GET, POST, PUT, DELETE');
      expect(await response.json()).toMatchObject({
        code: 405,
        key: 'method_not_allowed',
        request_id: expect.stringMatching(REQUEST_ID),
      });
    }
    expect((await handle('/nowhere', { method: 'GET' })).status).toBe(404);
  });

  test('repeated slashes are one; a malformed escape in an id is judged as that id', async () => {
    const list = await mock.raw('//v1//categories', { headers: serverHeaders(mock.service) });
    expect(list.status).toBe(200);
    const escape = await mock.raw('/v1/categories/cat_%ZZ', { headers: serverHeaders(mock.service) });
    expect(escape.status).toBe(404);
    expect(await escape.json()).toMatchObject({ resource_type: 'category', resource_id: 'cat_%ZZ' });
  });

  test('refuse answers in the error format with the next request id', async () => {
    const response = mock.service.refuse(
      new ApiError(431, 'request_header_fields_too_large', 'Request header fields too large'),
      { connection: 'close' },
    );
    expect(response.status).toBe(431);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({
      code: 431,
      key: 'request_header_fields_too_large',
      message: 'Request header fields too large',
      request_id: expect.stringMatching(REQUEST_ID),
    });
  });
});
