import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '@voucherkit/client';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createMockService } from '../../../../src/index.js';
import { type HttpSandbox, listen } from '../../../../src/node.js';

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

let sandbox: HttpSandbox | undefined;
let endpoint: Server | undefined;
afterEach(async () => {
  await sandbox?.close();
  await new Promise((resolve) => (endpoint ? endpoint.close(resolve) : resolve(undefined)));
  sandbox = undefined;
  endpoint = undefined;
});

/** A local HTTP endpoint, as a developer runs beside the sandbox, that records what it receives. */
const startEndpoint = async (status: number): Promise<{ url: string; received: Received[] }> => {
  const received: Received[] = [];
  endpoint = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => endpoint?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks`, received };
};

describe('webhooks from the HTTP sandbox', () => {
  test('are real HTTP POSTs, signed with the project secret, sent by themselves', async () => {
    const { url, received } = await startEndpoint(204);
    const service = createMockService({ seed: 'webhooks-http' });
    sandbox = await listen(service, { port: 0 });
    const { managementId, managementToken } = service.management;
    const { id, keys, webhookToken } = service.projects.primary;
    const configured = await fetch(`${sandbox.url}/management/v1/projects/${id}/webhooks`, {
      method: 'POST',
      headers: {
        'X-Management-Id': managementId,
        'X-Management-Token': managementToken,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ target_url: url, events: ['customer.created'] }),
    });
    expect(configured.status).toBe(200);
    await fetch(`${sandbox.url}/v1/customers`, {
      method: 'POST',
      headers: { 'X-App-Id': keys.appId, 'X-App-Token': keys.appToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ source_id: 'ana' }),
    });
    // The automatic scheduler sends it on its own.
    await vi.waitFor(() => expect(received).toHaveLength(1));
    await service.projects.primary.state.webhookDeliveries.settled();
    const [{ headers, body }] = received as [Received];
    expect(headers['content-type']).toBe('application/json');
    expect(
      await verifyWebhookSignature({
        payload: body,
        signature: String(headers['x-voucherify-signature']),
        secret: webhookToken,
      }),
    ).toBe(true);
    expect(JSON.parse(body)).toMatchObject({ type: 'customer.created', data: { customer: { source_id: 'ana' } } });
    expect(service.projects.primary.state.webhookDeliveries.list()[0]?.status).toBe('DELIVERED');
  });

  test('an endpoint that is not listening is an attempt that failed, retried later', async () => {
    const { url } = await startEndpoint(204);
    await new Promise((resolve) => endpoint?.close(resolve));
    endpoint = undefined;
    const service = createMockService({ seed: 'webhooks-down', clock: { frozenAt: '2026-01-01T00:00:00.000Z' } });
    const { webhooks, customers, webhookDeliveries } = service.projects.primary.state;
    webhooks.create({ target_url: url, events: ['customer.created'] });
    customers.upsert({ source_id: 'ana' });
    await service.scheduler.runDue();
    const [delivery] = webhookDeliveries.list();
    expect(delivery).toMatchObject({
      status: 'PENDING',
      nextAttemptAt: '2026-01-01T00:01:00.000Z',
      attempts: [{ error: expect.any(String) }],
    });
  });
});
