import {
  type VoucherkitClient,
  WEBHOOK_SIGNATURE_HEADER,
  constructWebhookEvent,
  createClient,
  verifyWebhookSignature,
} from '@voucherkit/client';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, test } from 'vitest';
import { WEBHOOK_RETRY_DELAYS_MS } from '../../../../src/areas/platform/webhooks/deliveries.js';
import { createMockService, loadOperations } from '../../../../src/index.js';
import { T0, useMockService } from '../../../support/setup.js';

const mock = useMockService({ webhooks: { timeoutMs: 100 } });
const TARGET = 'https://shop.example.com/hooks';
const { webhookEvents } = await loadOperations();

const management = (): VoucherkitClient => {
  const { managementId, managementToken } = mock.service.management;
  return createClient({
    baseUrl: mock.service.baseUrl,
    auth: { type: 'management', managementId, managementToken },
    retry: false,
  });
};
const server = (): VoucherkitClient => {
  const { appId, appToken } = mock.service.projects.primary.keys;
  return createClient({ baseUrl: mock.service.baseUrl, auth: { type: 'server', appId, appToken }, retry: false });
};
const projectId = () => mock.service.projects.primary.id;
const state = () => mock.service.projects.primary.state;

interface Received {
  readonly body: string;
  readonly signature: string | null;
  readonly contentType: string | null;
}

/** An endpoint at `TARGET` that records what it receives and answers with the statuses given, the last one from then on. */
const endpoint = (...statuses: number[]): Received[] => {
  const received: Received[] = [];
  mock.server.use(
    http.post(TARGET, async ({ request }) => {
      received.push({
        body: await request.text(),
        signature: request.headers.get(WEBHOOK_SIGNATURE_HEADER),
        contentType: request.headers.get('content-type'),
      });
      return new HttpResponse(null, { status: statuses[Math.min(received.length, statuses.length) - 1] ?? 204 });
    }),
  );
  return received;
};

const subscribe = (events: string[], extra: Record<string, unknown> = {}) =>
  management().management.webhooks.create(projectId(), { target_url: TARGET, events, ...extra } as never);

describe('webhook configurations (management API)', () => {
  test('create, list, get, update and delete', async () => {
    const created = await subscribe(['redemption.succeeded', 'customer.created']);
    expect(created).toEqual({
      id: expect.stringMatching(/^wh_/),
      object: 'webhook',
      created_at: T0,
      target_url: TARGET,
      events: ['redemption.succeeded', 'customer.created'],
      active: true,
    });
    expect(await management().management.webhooks.get(projectId(), created.id)).toEqual(created);
    const updated = await management().management.webhooks.update(projectId(), created.id, {
      events: ['voucher.created'],
      active: false,
    });
    expect(updated).toMatchObject({ id: created.id, target_url: TARGET, events: ['voucher.created'], active: false });
    const list = await management().management.webhooks.list(projectId());
    expect(list).toEqual({ object: 'list', data_ref: 'data', data: [updated], total: 1 });
    await management().management.webhooks.delete(projectId(), created.id);
    await expect(management().management.webhooks.get(projectId(), created.id)).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceType: 'webhook',
    });
    await expect(management().management.webhooks.delete(projectId(), created.id)).rejects.toMatchObject({
      status: 404,
    });
  });

  test('refuses a configuration without an address or events, and an address that is not http(s)', async () => {
    const webhooks = management().management.webhooks;
    await expect(webhooks.create(projectId(), { events: ['customer.created'] })).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
      details: expect.stringContaining('target_url'),
    });
    await expect(webhooks.create(projectId(), { target_url: TARGET, events: [] })).rejects.toMatchObject({
      status: 400,
      details: expect.stringContaining('events'),
    });
    await expect(
      webhooks.create(projectId(), { target_url: 'not a url', events: ['customer.created'] }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      webhooks.create(projectId(), { target_url: 'ftp://shop.example.com/', events: ['customer.created'] }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      webhooks.create(projectId(), { target_url: TARGET, events: ['order.shipped' as never] }),
    ).rejects.toMatchObject({ status: 400, key: 'invalid_payload' });
    await expect(
      webhooks.create('proj_missing', { target_url: TARGET, events: ['customer.created'] }),
    ).rejects.toMatchObject({ status: 404, resourceType: 'project' });
  });

  test('each project sees only its own configurations and receives only its own events', async () => {
    const other = mock.service.projects.create({ name: 'Other' });
    const mine = await subscribe(['customer.created']);
    expect((await management().management.webhooks.list(other.id)).data).toEqual([]);
    await expect(management().management.webhooks.get(other.id, mine.id)).rejects.toMatchObject({ status: 404 });
    const received = endpoint(204);
    other.state.customers.upsert({ source_id: 'elsewhere' });
    await mock.service.scheduler.drain();
    expect(received).toEqual([]);
    expect(other.state.webhookDeliveries.list()).toEqual([]);
  });
});

describe('webhook delivery', () => {
  test('posts the signed v2024-01-01 envelope of a subscribed event, which the client verifies and parses', async () => {
    const webhook = await subscribe(['customer.created']);
    const received = endpoint(200);
    const customer = await server().customers.create({ source_id: 'ana', name: 'Ana' });
    expect(received).toEqual([]);
    await mock.service.scheduler.drain();

    expect(received).toHaveLength(1);
    const [{ body, signature, contentType }] = received as [Received];
    expect(contentType).toBe('application/json');
    const secret = mock.service.projects.primary.webhookToken;
    expect(await verifyWebhookSignature({ payload: body, signature, secret })).toBe(true);
    expect(await verifyWebhookSignature({ payload: body, signature, secret: `${secret}x` })).toBe(false);
    const event = await constructWebhookEvent({ payload: body, signature, secret });
    const [logged] = state().events.list({ type: 'customer.created' });
    expect(event).toEqual({
      id: expect.stringMatching(/^whs_/),
      project_id: projectId(),
      created_at: T0,
      type: 'customer.created',
      data: { customer: expect.objectContaining({ id: customer.id, source_id: 'ana' }) },
      source: { id: webhook.id, object: 'webhook', target_url: TARGET },
      event: {
        id: logged?.id,
        type: 'customer.created',
        created_at: T0,
        entity_id: customer.id,
        group_id: logged?.group_id,
        event_source: { channel: 'API' },
      },
    });
    expect(webhookEvents['customer.created'].schema.safeParse(JSON.parse(body)).error).toBeUndefined();

    const [delivery] = state().webhookDeliveries.list();
    expect(delivery).toMatchObject({
      id: event.id,
      webhookId: webhook.id,
      type: 'customer.created',
      status: 'DELIVERED',
      body,
      signature,
      nextAttemptAt: undefined,
    });
    expect(delivery?.attempts).toEqual([{ at: T0, status: 200, durationMs: expect.any(Number) }]);
  });

  test('sends only subscribed events, and nothing for a webhook that is off or deleted', async () => {
    const received = endpoint(204);
    const webhook = await subscribe(['customer.deleted']);
    const off = await subscribe(['customer.created'], { active: false });
    await server().customers.create({ source_id: 'ana' });
    await mock.service.scheduler.drain();
    expect(received).toEqual([]);

    await management().management.webhooks.update(projectId(), off.id, { active: true });
    await management().management.webhooks.delete(projectId(), webhook.id);
    await server().customers.create({ source_id: 'ben' });
    await server().customers.delete('ana');
    await mock.service.scheduler.drain();
    expect(received.map((sendout) => JSON.parse(sendout.body).type)).toEqual(['customer.created']);
  });

  test('the list spelling `…aded` subscribes to the events the log names `…added`', async () => {
    const received = endpoint(204);
    await subscribe(['voucher.gift.balance_aded']);
    const campaign = await server().campaigns.create({
      name: 'Gift cards',
      campaign_type: 'GIFT_VOUCHERS',
      type: 'STATIC',
      vouchers_count: 1,
      voucher: { type: 'GIFT_VOUCHER', gift: { amount: 1000 } },
    } as never);
    await mock.service.scheduler.drain();
    const [card] = state().vouchers.list({ campaign_id: campaign.id } as never).items;
    await server().vouchers.balance.create(card?.code ?? '', { amount: 500 });
    await mock.service.scheduler.drain();
    expect(received.map((sendout) => JSON.parse(sendout.body).type)).toEqual(['voucher.gift.balance_added']);
  });

  test('customer.updated follows profile changes, not bulk updates', async () => {
    const received = endpoint(204);
    await subscribe(['customer.updated']);
    await server().customers.create({ source_id: 'ana' });
    await server().customers.update('ana', { name: 'Ana Smith' });
    await server().customers.updateInBulk([{ source_id: 'ana', name: 'Ana Bulk' }] as never);
    await server().customers.updateMetadataInBulk({ source_ids: ['ana'], metadata: { tier: 'gold' } });
    await mock.service.scheduler.drain();
    expect(received.map((sendout) => JSON.parse(sendout.body).data.customer.name)).toEqual(['Ana Smith']);
  });

  test('a failing endpoint is retried after 1, 2, 4 … 1024 minutes and a day; then the webhook is switched off', async () => {
    const received = endpoint(500);
    const webhook = await subscribe(['customer.created']);
    await server().customers.create({ source_id: 'ana' });
    await mock.service.scheduler.drain();

    expect(received).toHaveLength(13);
    expect(new Set(received.map((sendout) => sendout.body)).size).toBe(1);
    const [delivery] = state().webhookDeliveries.list();
    expect(delivery?.status).toBe('FAILED');
    const times = delivery?.attempts.map((attempt) => Date.parse(attempt.at)) ?? [];
    expect(times.slice(1).map((time, index) => time - (times[index] as number))).toEqual(WEBHOOK_RETRY_DELAYS_MS);
    expect(delivery?.attempts.every((attempt) => attempt.status === 500)).toBe(true);
    expect(await management().management.webhooks.get(projectId(), webhook.id)).toMatchObject({ active: false });

    // Switched off, it sends nothing more.
    await server().customers.create({ source_id: 'ben' });
    await mock.service.scheduler.drain();
    expect(received).toHaveLength(13);
  });

  test('a delivery that succeeds on a retry stops there; the clock decides when the retry is due', async () => {
    const received = endpoint(503, 502, 200);
    await subscribe(['customer.created']);
    await server().customers.create({ source_id: 'ana' });
    await mock.service.scheduler.runDue();
    expect(received).toHaveLength(1);
    expect(state().webhookDeliveries.list()[0]).toMatchObject({
      status: 'PENDING',
      nextAttemptAt: '2026-01-01T00:01:00.000Z',
    });

    mock.service.clock.advance(59_999);
    await mock.service.scheduler.runDue();
    expect(received).toHaveLength(1);
    mock.service.clock.advance(1);
    await mock.service.scheduler.runDue();
    expect(received).toHaveLength(2);
    await mock.service.scheduler.drain();
    expect(received).toHaveLength(3);
    expect(state().webhookDeliveries.list()[0]).toMatchObject({
      status: 'DELIVERED',
      attempts: [{ status: 503 }, { status: 502 }, { status: 200 }],
    });
    expect(mock.service.scheduler.pending()).toBe(0);
  });

  test('a slow endpoint times out and an unreachable one fails; both are retried', async () => {
    mock.server.use(
      http.post(TARGET, async () => {
        await delay(2_000);
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('https://down.example.com/hooks', () => HttpResponse.error()),
    );
    await subscribe(['customer.created']);
    await management().management.webhooks.create(projectId(), {
      target_url: 'https://down.example.com/hooks',
      events: ['customer.created'],
    });
    await server().customers.create({ source_id: 'ana' });
    await mock.service.scheduler.runDue();
    const [slow, down] = state().webhookDeliveries.list();
    expect(slow?.attempts).toEqual([{ at: T0, error: 'no answer within 100 ms', durationMs: expect.any(Number) }]);
    expect(down?.attempts).toEqual([{ at: T0, error: expect.any(String), durationMs: expect.any(Number) }]);
    expect([slow?.status, down?.status]).toEqual(['PENDING', 'PENDING']);
  });

  test('a retry waiting for a webhook deleted meanwhile is dropped', async () => {
    endpoint(500);
    const webhook = await subscribe(['customer.created']);
    await server().customers.create({ source_id: 'ana' });
    await mock.service.scheduler.runDue();
    await management().management.webhooks.delete(projectId(), webhook.id);
    await mock.service.scheduler.drain();
    expect(state().webhookDeliveries.list()[0]).toMatchObject({ status: 'CANCELED', attempts: [{ status: 500 }] });
  });

  test('redemption events carry what the spec says', async () => {
    const received = endpoint(204);
    await subscribe(['redemption.succeeded', 'voucher.created']);
    await server().vouchers.create('TEN', {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
    } as never);
    await server().redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'TEN' }],
      order: { amount: 10_000 },
      customer: { source_id: 'ana' },
    } as never);
    await mock.service.scheduler.drain();
    const types = received.map(
      (sendout) => JSON.parse(sendout.body).type as 'redemption.succeeded' | 'voucher.created',
    );
    expect(types).toEqual(['voucher.created', 'redemption.succeeded']);
    for (const [index, type] of types.entries()) {
      expect(
        webhookEvents[type].schema.safeParse(JSON.parse((received[index] as Received).body)).error,
        type,
      ).toBeUndefined();
    }
  });

  test('keeps the newest deliveries up to the retention', async () => {
    const service = createMockService({ clock: { frozenAt: T0 }, webhooks: { retention: 3 } });
    const received = endpoint(204);
    const { webhooks, customers, webhookDeliveries } = service.projects.primary.state;
    webhooks.create({ target_url: TARGET, events: ['customer.created'] });
    for (let index = 0; index < 5; index += 1) customers.upsert({ source_id: `c-${index}` });
    expect(webhookDeliveries.list().map((delivery) => delivery.payload.data)).toEqual(
      [3, 4].map(() => expect.anything()).concat(expect.anything()),
    );
    await service.scheduler.drain();
    expect(received).toHaveLength(3);
    expect(
      webhookDeliveries
        .list({ status: 'DELIVERED' })
        .map((delivery) => (delivery.payload.data as { customer: { source_id: string } }).customer.source_id),
    ).toEqual(['c-2', 'c-3', 'c-4']);
  });
});
