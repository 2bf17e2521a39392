import { constructWebhookEvent, type WebhookEventType } from '@voucherkit/client';
import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { type WebhookEventName, type WebhookEventSpec, loadOperations } from '../../../../src/index.js';

const { webhookEvents } = await loadOperations();

// Every project event that the client types has a schema here (checked by `tsc`).
const projectEvents: Readonly<Record<WebhookEventType, WebhookEventSpec>> = webhookEvents;

const secret = 'whsec_test';

const sign = async (body: string): Promise<string> => {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
};

const rule = {
  id: 'val_2pQm7Rk1XyZa',
  name: 'Orders over 100',
  type: 'expression',
  rules: { '1': { name: 'order.amount', rules: {}, conditions: { $more_than: [10000] } }, logic: '1' },
  object: 'validation_rules',
  created_at: '2026-01-01T00:00:00.000Z',
  context_type: 'global',
  applicable_to: { excluded: [], included: [], included_all: false },
};

const sendout = (type: WebhookEventName, data: unknown) => ({
  id: 'whs_0f0a1b2c3d4e5f6071',
  project_id: 'proj_Xy7Qm2',
  created_at: '2026-01-01T00:00:01.000Z',
  type,
  data,
  source: { id: 'wh_8Gk2LmQp4RsT6uVw', object: 'webhook', target_url: 'https://shop.example.com/hooks' },
  event: {
    id: 'evbvr_0f0a1b2c3d4e5f6072',
    type,
    created_at: '2026-01-01T00:00:01.000Z',
    group_id: 'v-0f0a1b2c3d4e5f6073',
    event_source: { channel: 'API' },
  },
});

describe('webhookEvents', () => {
  test('has a whole-sendout and a data schema for every event of the spec', () => {
    expect(projectEvents['redemption.succeeded']).toBe(webhookEvents['redemption.succeeded']);
    for (const spec of Object.values(webhookEvents)) {
      expect(spec.schema.safeParse({}).success).toBe(false);
      expect(spec.data.safeParse(null).success).toBe(false);
    }
  });

  test("checks a sendout's envelope, type and data", () => {
    const { schema, data } = webhookEvents['business_validation_rule.deleted'];
    expect(data.safeParse({ rule }).success).toBe(true);
    expect(schema.safeParse(sendout('business_validation_rule.deleted', { rule })).success).toBe(true);
    expect(schema.safeParse(sendout('business_validation_rule.created', { rule })).success).toBe(false);
    expect(
      schema.safeParse({ ...sendout('business_validation_rule.deleted', { rule }), source: undefined }).success,
    ).toBe(false);
  });

  test('refuses a payload that drifts from the spec: an unknown key or a wrong type', () => {
    const { data } = webhookEvents['business_validation_rule.deleted'];
    expect(data.safeParse({ rule: { ...rule, colour: 'red' } }).success).toBe(false);
    expect(data.safeParse({ rule: { ...rule, created_at: 'yesterday' } }).success).toBe(false);
  });

  test("parses a signed sendout through the client's constructWebhookEvent", async () => {
    const body = JSON.stringify(sendout('business_validation_rule.deleted', { rule }));
    const parse = webhookEvents['business_validation_rule.deleted'].schema.parse;
    const event = await constructWebhookEvent({ payload: body, signature: await sign(body), secret, parse });
    expect(event).toMatchObject({ type: 'business_validation_rule.deleted', data: { rule: { id: rule.id } } });

    const drifted = JSON.stringify(sendout('business_validation_rule.deleted', { rule: { ...rule, id: 42 } }));
    const error = await constructWebhookEvent({
      payload: drifted,
      signature: await sign(drifted),
      secret,
      parse,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(z.core.$ZodError);
  });
});
