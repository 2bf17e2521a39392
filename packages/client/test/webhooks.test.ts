import { describe, expect, it } from 'vitest';
import { constructWebhookEvent, verifyWebhookSignature, WebhookSignatureError } from '../src/fetch.js';
import { timingSafeEqual } from '../src/webhooks.js';

const secret = 'secretKey';
const payload = '{"a":1}';
const signature = 'a17d2ac229d1ebbb5f10e839c7985c4818e5986eab297f7e5979196d4d7d3ed2';

describe('verifyWebhookSignature', () => {
  it('accepts the reference test vector', async () => {
    expect(await verifyWebhookSignature({ payload, signature, secret })).toBe(true);
  });

  it('accepts raw bytes and upper-case hex', async () => {
    const bytes = new TextEncoder().encode(payload);
    expect(await verifyWebhookSignature({ payload: bytes, signature: signature.toUpperCase(), secret })).toBe(true);
  });

  it.each([
    ['a tampered body', { payload: '{"a":2}', signature, secret }],
    ['re-serialized JSON', { payload: '{ "a": 1 }', signature, secret }],
    ['another secret', { payload, signature, secret: 'otherKey' }],
    ['a tampered signature', { payload, signature: `${signature.slice(0, -1)}3`, secret }],
    ['a short signature', { payload, signature: signature.slice(0, 32), secret }],
    ['a non-hex signature', { payload, signature: 'z'.repeat(64), secret }],
    ['no signature', { payload, signature: null, secret }],
    ['an empty signature', { payload, signature: '', secret }],
  ])('rejects %s', async (_case, input) => {
    expect(await verifyWebhookSignature(input)).toBe(false);
  });
});

describe('constructWebhookEvent', () => {
  it('returns the parsed body when the signature matches', async () => {
    expect(await constructWebhookEvent({ payload, signature, secret })).toEqual({ a: 1 });
  });

  it('hands the JSON to a parser', async () => {
    const event = await constructWebhookEvent({
      payload,
      signature,
      secret,
      parse: (json) => {
        if (typeof json === 'object' && json !== null && 'a' in json && typeof json.a === 'number')
          return { a: json.a };
        throw new Error('not an event');
      },
    });
    expect(event.a).toBe(1);
  });

  it('returns a sendout that narrows by type', async () => {
    const body = JSON.stringify({
      id: 'whs_0e16e42bc6e0c65b57',
      project_id: 'proj_5T4Rpl4T1nuM',
      created_at: '2024-01-01T11:11:11.111Z',
      type: 'redemption.succeeded',
      data: { customer: null, redemption: { id: 'r_0e16e42bc6e0c65b58' } },
      source: { id: 'wh_j56Vfy47Vx9YOX7QYD1fzHnc', object: 'webhook', target_url: 'https://example.com/hooks' },
      event: {
        id: 'evred_1',
        type: 'redemption.succeeded',
        created_at: '2024-01-01T11:11:11.111Z',
        group_id: 'v-1',
        event_source: { channel: 'API' },
      },
    });
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
    const hex = Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
    const event = await constructWebhookEvent({ payload: body, signature: hex, secret });
    expect(event.type).toBe('redemption.succeeded');
    if (event.type !== 'redemption.succeeded') throw new Error('not narrowed');
    expect(event.data.redemption.id).toBe('r_0e16e42bc6e0c65b58');
  });

  it('throws WebhookSignatureError for a tampered body, without echoing the secret', async () => {
    const error = await constructWebhookEvent({ payload: '{"a":2}', signature, secret }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect(String(error)).not.toContain(secret);
  });
});

describe('timingSafeEqual', () => {
  it('compares bytes', () => {
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]))).toBe(false);
  });
});
