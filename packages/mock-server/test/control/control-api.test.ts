import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { CONTROL_ROUTES } from '../../src/control/control-api.js';
import { createMockService } from '../../src/index.js';
import { type HttpSandbox, listen } from '../../src/node.js';
import { fullService } from '../../src/service.js';

let sandbox: HttpSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** A sandbox with a frozen clock, and a fetch of its control API with the management keys. */
const start = async () => {
  const service = createMockService({ seed: 'control', clock: { frozenAt: '2026-01-01T00:00:00.000Z' } });
  sandbox = await listen(service, { port: 0 });
  const { url } = sandbox;
  const { managementId, managementToken } = service.management;
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}/_voucherkit${path}`, {
      method,
      headers: {
        'X-Management-Id': managementId,
        'X-Management-Token': managementToken,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      body: response.status === 204 ? null : ((await response.json()) as Record<string, unknown>),
    };
  };
  const { appId, appToken } = service.projects.primary.keys;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${url}${path}`, {
      ...init,
      headers: { 'X-App-Id': appId, 'X-App-Token': appToken, 'Content-Type': 'application/json', ...init.headers },
    });
  return { service, control, api };
};

/** A stream's text, read as it comes. */
const textOf = (response: Response) => {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  return {
    read: async () => {
      const { value } = await reader.read();
      return { value: value === undefined ? '' : decoder.decode(value, { stream: true }) };
    },
  };
};

describe('sandbox control API', () => {
  test('its OpenAPI document describes every route, and nothing more', () => {
    const document = parse(readFileSync(new URL('../../../../spec/control/openapi.yaml', import.meta.url), 'utf8')) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const described = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described.sort()).toEqual([...CONTROL_ROUTES].sort());
  });

  test('takes the management keys only, and answers unknown paths and methods in the error body', async () => {
    const { control, service } = await start();
    const { appId, appToken } = service.projects.primary.keys;
    const withServerKeys = await fetch(`${sandbox?.url}/_voucherkit/clock`, {
      headers: { 'X-App-Id': appId, 'X-App-Token': appToken },
    });
    expect(withServerKeys.status).toBe(401);
    expect(await withServerKeys.json()).toMatchObject({ code: 401, key: 'unauthorized' });
    expect(await control('GET', '/nothing')).toMatchObject({ status: 404, body: { key: 'not_found' } });
    expect(await control('PUT', '/clock')).toMatchObject({ status: 405, body: { key: 'method_not_allowed' } });
    expect(await control('POST', '/clock', [1])).toMatchObject({ status: 400, body: { key: 'invalid_payload' } });
  });

  test('reads and moves the clock; runs due and all jobs', async () => {
    const { control, api } = await start();
    expect(await control('GET', '/clock')).toEqual({
      status: 200,
      body: { now: '2026-01-01T00:00:00.000Z', frozen: true, pending_jobs: 0 },
    });
    expect((await control('POST', '/clock', { advance_ms: 60_000 })).body).toMatchObject({
      now: '2026-01-01T00:01:00.000Z',
    });
    expect((await control('POST', '/clock', { set: '2026-02-01T00:00:00.000Z' })).body).toMatchObject({
      now: '2026-02-01T00:00:00.000Z',
    });
    expect(await control('POST', '/clock', { set: '2025-01-01T00:00:00.000Z' })).toMatchObject({
      status: 400,
      body: { details: expect.stringContaining('backwards') },
    });
    // A campaign's codes are generated in the background: they come when the jobs run.
    const created = await api('/v1/campaigns', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Later',
        type: 'STATIC',
        vouchers_count: 3,
        voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } },
      }),
    });
    const campaign = (await created.json()) as { id: string };
    expect((await control('GET', '/clock')).body).toMatchObject({ pending_jobs: 1 });
    expect((await control('POST', '/jobs/run', { all: true })).body).toMatchObject({
      ran: expect.any(Number),
      pending_jobs: 0,
    });
    const vouchers = (await (await api(`/v1/vouchers?campaign_id=${campaign.id}`)).json()) as { total: number };
    expect(vouchers.total).toBe(3);
  });

  test('freezes a running clock', async () => {
    const service = createMockService({ seed: 'control-real' });
    sandbox = await listen(service, { port: 0 });
    const { managementId, managementToken } = service.management;
    const response = await fetch(`${sandbox.url}/_voucherkit/clock`, {
      method: 'POST',
      headers: {
        'X-Management-Id': managementId,
        'X-Management-Token': managementToken,
        'Content-Type': 'application/json',
      },
      body: '{"freeze": true}',
    });
    const { now, frozen } = (await response.json()) as { now: string; frozen: boolean };
    expect(frozen).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(service.clock.date().toISOString()).toBe(now);
  });

  test('reads and clears the journal; injects and clears failures; resets the service', async () => {
    const { control, api, service } = await start();
    await api('/v1/customers', { method: 'POST', body: JSON.stringify({ source_id: 'ana' }) });
    await api('/v1/customers/nobody');
    const journal = await control('GET', '/journal?operation_id=getCustomer');
    expect(journal.body).toMatchObject({
      object: 'list',
      total: 1,
      data: [{ operationId: 'getCustomer', status: 404, errorKey: 'not_found', principal: 'server' }],
    });
    expect((await control('GET', '/journal?status=200&limit=5')).body).toMatchObject({
      total: 1,
      data: [{ operationId: 'createCustomer', body: { source_id: 'ana' } }],
    });
    expect((await control('DELETE', '/journal')).status).toBe(204);
    expect((await control('GET', '/journal')).body).toMatchObject({ total: 0 });

    expect((await control('POST', '/failures', { status: 503, operation_id: 'listCustomers', times: 1 })).status).toBe(
      204,
    );
    expect((await api('/v1/customers')).status).toBe(503);
    expect((await api('/v1/customers')).status).toBe(200);
    await control('POST', '/failures', { status: 429, retry_after: 2 });
    expect(await control('DELETE', '/failures')).toMatchObject({ status: 204 });
    expect((await api('/v1/customers')).status).toBe(200);
    expect(await control('POST', '/failures', {})).toMatchObject({
      status: 400,
      body: { details: expect.stringContaining('status') },
    });
    expect(await control('POST', '/failures', { status: 500, times: 0 })).toMatchObject({ status: 400 });

    expect((await control('POST', '/reset')).status).toBe(204);
    expect(service.projects.primary.state.customers.find('ana')).toBeUndefined();
  });

  test('takes snapshots, restores them by id or from their JSON, and refuses what it cannot restore', async () => {
    const { control, api, service } = await start();
    await api('/v1/customers', { method: 'POST', body: JSON.stringify({ source_id: 'ana' }) });
    const taken = await control('POST', '/snapshots');
    expect(taken).toEqual({ status: 200, body: { id: 'snap_1', taken_at: '2026-01-01T00:00:00.000Z' } });
    const json = await control('GET', '/snapshots?id=snap_1');
    expect(json.body).toMatchObject({ format: 'voucherkit-snapshot', takenAt: '2026-01-01T00:00:00.000Z' });

    await api('/v1/customers', { method: 'POST', body: JSON.stringify({ source_id: 'ben' }) });
    await control('POST', '/clock', { advance_ms: 3_600_000 });
    expect(await control('POST', '/restore', { id: 'snap_1' })).toEqual({
      status: 200,
      body: { id: 'snap_1', taken_at: '2026-01-01T00:00:00.000Z' },
    });
    expect(service.projects.primary.state.customers.find('ben')).toBeUndefined();
    expect(service.projects.primary.state.customers.find('ana')).toBeDefined();
    expect((await control('GET', '/clock')).body).toMatchObject({ now: '2026-01-01T00:00:00.000Z' });

    expect((await control('POST', '/reset')).status).toBe(204);
    expect(await control('POST', '/restore', json.body)).toEqual({
      status: 200,
      body: { id: 'snap_2', taken_at: '2026-01-01T00:00:00.000Z' },
    });
    expect(service.projects.primary.state.customers.find('ana')).toBeDefined();

    expect(await control('GET', '/snapshots?id=snap_9')).toMatchObject({ status: 404, body: { key: 'not_found' } });
    expect(await control('POST', '/restore', { id: 'snap_9' })).toMatchObject({ status: 404 });
    expect(await control('POST', '/restore', {})).toMatchObject({ status: 400, body: { key: 'invalid_payload' } });
    expect(await control('POST', '/restore', { ...json.body, apiVersion: 'v1999' })).toMatchObject({
      status: 400,
      body: { details: expect.stringContaining('v1999') },
    });
    expect(service.projects.primary.state.customers.find('ana')).toBeDefined();

    await api('/v1/campaigns', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Bulk',
        type: 'AUTO_UPDATE',
        vouchers_count: 2,
        voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } },
      }),
    });
    const busy = await control('POST', '/snapshots');
    expect(await control('GET', `/snapshots?id=${String(busy.body?.['id'])}`)).toMatchObject({
      status: 400,
      body: { details: expect.stringContaining('pending') },
    });
  });

  test('reports what the requests so far left untested, and starts counting again', async () => {
    const { control, api } = await start();
    await api('/v1/customers', { method: 'POST', body: JSON.stringify({ source_id: 'ana' }) });
    await api('/v1/customers/nobody');
    const report = await control('GET', '/untested-report?operations=createCustomer,getCustomer&ignore_statuses=500');
    expect(report.body).toMatchObject({
      totals: { operations: 2, called: 2, requests: 2 },
      operations: [
        { operationId: 'createCustomer', called: true, statuses: { '200': 1 } },
        { operationId: 'getCustomer', called: true, statuses: { '404': 1 }, errorKeys: { not_found: 1 } },
      ],
    });
    expect(await control('GET', '/untested-report?operations=noSuchOperation')).toMatchObject({
      status: 400,
      body: { details: expect.stringContaining('noSuchOperation') },
    });
    expect(await control('GET', '/untested-report?ignore_statuses=abc')).toMatchObject({ status: 400 });
    expect((await control('DELETE', '/untested-report')).status).toBe(204);
    expect((await control('GET', '/untested-report?operations=getCustomer')).body).toMatchObject({
      totals: { called: 0, requests: 0 },
    });
  });

  test('reads webhook deliveries, with their attempts', async () => {
    const received: string[] = [];
    const endpoint = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        received.push(body);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    try {
      const { control, api, service } = await start();
      service.projects.primary.state.webhooks.create({
        target_url: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks`,
        events: ['customer.created'],
      });
      await api('/v1/customers', { method: 'POST', body: JSON.stringify({ source_id: 'ana' }) });
      expect((await control('GET', '/webhook-deliveries?status=PENDING')).body).toMatchObject({ total: 1 });
      await control('POST', '/jobs/run');
      const deliveries = await control(
        'GET',
        `/webhook-deliveries?project_id=${service.projects.primary.id}&type=customer.created`,
      );
      expect(deliveries.body).toMatchObject({
        total: 1,
        data: [{ project_id: service.projects.primary.id, status: 'DELIVERED', attempts: [{ status: 204 }] }],
      });
      expect(received).toHaveLength(1);

      const [first] = (deliveries.body as { data: { id: string }[] }).data;
      const resent = await control('POST', '/webhook-deliveries/resend', { id: first?.id });
      expect(resent).toMatchObject({
        status: 200,
        body: { project_id: service.projects.primary.id, status: 'PENDING' },
      });
      expect(resent.body?.['id']).not.toBe(first?.id);
      await control('POST', '/jobs/run');
      expect(received).toHaveLength(2);
      // The same event in a new envelope, whose id is the new delivery's.
      const [before, after] = received.map((body) => JSON.parse(body) as { id: string; event: unknown });
      expect(after?.event).toEqual(before?.event);
      expect(after?.id).toBe(resent.body?.['id']);
      expect(await control('POST', '/webhook-deliveries/resend', { id: 'whs_none' })).toMatchObject({
        status: 404,
        body: { key: 'not_found' },
      });
      expect(await control('POST', '/webhook-deliveries/resend', {})).toMatchObject({ status: 400 });
      const [webhook] = service.projects.primary.state.webhooks.list();
      fullService(service).projects.primary.state.webhooks.update(webhook?.id ?? '', { active: false });
      expect(await control('POST', '/webhook-deliveries/resend', { id: first?.id })).toMatchObject({
        status: 400,
        body: { details: expect.stringContaining('switched off') },
      });
    } finally {
      await new Promise((resolve) => endpoint.close(resolve));
    }
  });

  test('lists the projects with their keys, and reads one request of the journal by its id', async () => {
    const { control, api, service } = await start();
    const { primary } = service.projects;
    expect(await control('GET', '/projects')).toEqual({
      status: 200,
      body: {
        object: 'list',
        data_ref: 'data',
        total: 1,
        data: [
          {
            id: primary.id,
            name: primary.name,
            primary: true,
            keys: {
              app_id: primary.keys.appId,
              app_token: primary.keys.appToken,
              client_app_id: primary.keys.clientAppId,
              client_token: primary.keys.clientToken,
            },
            webhook_secret: primary.webhookToken,
          },
        ],
      },
    });
    await api('/v1/customers', { method: 'POST', body: JSON.stringify({ source_id: 'ana' }) });
    const answered = await api('/v1/customers/nobody');
    const requestId = ((await answered.json()) as { request_id: string }).request_id;
    expect((await control('GET', `/journal?request_id=${requestId}`)).body).toMatchObject({
      total: 1,
      data: [{ requestId, operationId: 'getCustomer', status: 404 }],
    });
  });

  test('streams the requests and deliveries as they come, and only to the management keys', async () => {
    const { api, service } = await start();
    const url = `${sandbox?.url}/_voucherkit/events`;
    expect((await fetch(url)).status).toBe(401);
    const { managementId, managementToken } = service.management;
    const controller = new AbortController();
    const response = await fetch(url, {
      headers: { 'X-Management-Id': managementId, 'X-Management-Token': managementToken },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = textOf(response);
    let text = '';
    const until = async (pattern: RegExp): Promise<void> => {
      while (!pattern.test(text)) text += (await reader.read()).value ?? '';
    };
    await until(/event: ready/);
    service.projects.primary.state.webhooks.create({
      target_url: 'http://127.0.0.1:9/hooks',
      events: ['customer.created'],
    });
    await api('/v1/customers', { method: 'POST', body: JSON.stringify({ source_id: 'ana' }) });
    await until(/event: deliveries\ndata: .*\n\n/);
    const events = Object.fromEntries(
      [...text.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)].map(([, name, data]) => [name, JSON.parse(data ?? '')]),
    );
    expect(events['journal']).toMatchObject({
      entries: [{ operationId: 'createCustomer', status: 200, principal: 'server' }],
      skipped: 0,
    });
    expect(events['journal'].entries[0]).not.toHaveProperty('body');
    expect(events['deliveries']).toMatchObject({
      deliveries: [{ project_id: service.projects.primary.id, type: 'customer.created', status: 'PENDING' }],
    });
    controller.abort();
  });

  test('streams at most 200 requests a batch, the newest, and counts the others', async () => {
    const { service } = await start();
    const { managementId, managementToken } = service.management;
    const controller = new AbortController();
    const response = await fetch(`${sandbox?.url}/_voucherkit/events`, {
      headers: { 'X-Management-Id': managementId, 'X-Management-Token': managementToken },
      signal: controller.signal,
    });
    const reader = textOf(response);
    let text = '';
    const batches = (): { entries: { requestId: string }[]; skipped: number }[] =>
      [...text.matchAll(/event: journal\ndata: (.*)\n\n/g)].map(([, data]) => JSON.parse(data ?? ''));
    const counted = (): number => batches().reduce((sum, batch) => sum + batch.entries.length + batch.skipped, 0);
    while (!text.includes('event: ready')) text += (await reader.read()).value ?? '';
    const { appId, appToken } = service.projects.primary.keys;
    const requests = Array.from({ length: 450 }, () =>
      service.handle(
        new Request(`${service.baseUrl}/v1/customers`, { headers: { 'X-App-Id': appId, 'X-App-Token': appToken } }),
      ),
    );
    await Promise.all(requests);
    while (counted() < 450) text += (await reader.read()).value ?? '';
    expect(counted()).toBe(450);
    expect(Math.max(...batches().map((batch) => batch.entries.length))).toBeLessThanOrEqual(200);
    // The newest request is among those sent, whatever was skipped.
    const newest = service.journal.calls().at(-1)?.requestId;
    expect(batches().at(-1)?.entries.at(-1)?.requestId).toBe(newest);
    controller.abort();
  });

  test('serves the dashboard page and its files without keys; in-process, the stream and page answer 404', async () => {
    const { service } = await start();
    const page = await fetch(`${sandbox?.url}/_voucherkit/`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('/_voucherkit/dashboard.js');
    for (const file of ['dashboard.js', 'dashboard.css']) {
      const response = await fetch(`${sandbox?.url}/_voucherkit/${file}`);
      expect(response.status).toBe(200);
      expect((await response.text()).length).toBeGreaterThan(100);
    }
    const { managementId, managementToken } = service.management;
    const headers = { 'X-Management-Id': managementId, 'X-Management-Token': managementToken };
    for (const path of ['/_voucherkit/events', '/_voucherkit/']) {
      const response = await service.handle(new Request(`${service.baseUrl}${path}`, { headers }));
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ details: expect.stringContaining('sandbox') });
    }
  });
});
