// The management and webhook examples of docs/guides/mock-in-tests.md, as the guide shows them: keep them in step.
import { constructWebhookEvent, createClient } from '@voucherkit/client';
import { createMockService } from '@voucherkit/mock-server';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';

const service = createMockService({ clock: { frozenAt: '2026-01-01T00:00:00Z' } });
const received: string[] = [];
const signatures: (string | null)[] = [];
const server = setupServer(
  ...service.handlers,
  // Your app's endpoint, or a stand-in for it.
  http.post('https://shop.example.com/hooks', async ({ request }) => {
    received.push(await request.text());
    signatures.push(request.headers.get('x-voucherify-signature'));
    return new HttpResponse(null, { status: 204 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

test('a redemption is announced to the shop', async () => {
  const project = service.projects.primary;
  const { managementId, managementToken } = service.management;
  const admin = createClient({ baseUrl: service.baseUrl, auth: { type: 'management', managementId, managementToken } });
  const client = createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId: project.keys.appId, appToken: project.keys.appToken } });

  await admin.management.webhooks.create(project.id, { target_url: 'https://shop.example.com/hooks', events: ['redemption.succeeded'] });
  await client.vouchers.create('WELCOME', { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } });
  await client.redemptions.redeemStackable({ redeemables: [{ object: 'voucher', id: 'WELCOME' }], order: { amount: 5000 } });

  await service.scheduler.drain(); // deliveries are background work
  const event = await constructWebhookEvent({ payload: received[0] ?? '', signature: signatures[0], secret: project.webhookToken });
  expect(event.type).toBe('redemption.succeeded');
  if (event.type === 'redemption.succeeded') expect(event.data.redemption.voucher?.code).toBe('WELCOME');
});

test('a project created through the API answers its keys', async () => {
  const { managementId, managementToken } = service.management;
  const admin = createClient({ baseUrl: service.baseUrl, auth: { type: 'management', managementId, managementToken } });

  const project = await admin.management.projects.create({ name: 'Staging', timezone: 'Europe/Warsaw', currency: 'PLN' });
  const { app_id: appId = '', app_token: appToken = '' } = project.server_side_key ?? {};
  const staging = createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId, appToken } });
  await staging.customers.create({ source_id: 'ana' });
  expect(service.projects.get(project.id)?.settings.timezone).toBe('Europe/Warsaw');
});
