import { type VoucherkitClient, createClient } from '@voucherkit/client';
import { describe, expect, test } from 'vitest';
import { useMockService } from './setup.js';

const mock = useMockService();

const management = (): VoucherkitClient => {
  const { managementId, managementToken } = mock.service.management;
  return createClient({ baseUrl: mock.service.baseUrl, auth: { type: 'management', managementId, managementToken }, retry: false });
};

const serverClient = (keys: { app_id: string; app_token: string }): VoucherkitClient =>
  createClient({ baseUrl: mock.service.baseUrl, auth: { type: 'server', appId: keys.app_id, appToken: keys.app_token }, retry: false });

const newProject = (extra: Record<string, unknown> = {}) =>
  management().management.projects.create({ name: 'EU shop', timezone: 'Europe/Warsaw', currency: 'PLN', ...extra });

describe('projects (management API)', () => {
  test('creating a project answers its settings with their defaults, its keys and its webhook secret', async () => {
    const project = await newProject({ dial_code: '+48', client_redeem_enabled: true });
    expect(project).toMatchObject({
      id: expect.stringMatching(/^proj_/),
      name: 'EU shop',
      timezone: 'Europe/Warsaw',
      currency: 'PLN',
      dial_code: '+48',
      cluster_id: 'eu1',
      api_version: 'v2018-08-01',
      case_sensitive_codes: true,
      client_redeem_enabled: true,
      client_publish_enabled: false,
      client_trusted_domains: [],
      is_sandbox: false,
      webhook_version: 'v2024-01-01',
      webhook_token: expect.any(String),
      server_side_key: { app_id: expect.any(String), app_token: expect.any(String) },
      client_side_key: { app_id: expect.any(String), app_token: expect.any(String) },
    });
    expect(project.api_usage_notifications.redemptions).toEqual({ enabled: false, value: 80, emails: [], in_app: false });
    const registered = mock.service.projects.get(project.id);
    expect(registered?.keys.appId).toBe(project.server_side_key?.app_id);
    expect(registered?.webhookToken).toBe(project.webhook_token);
  });

  test("a new project's server keys work at once and reach only its own data", async () => {
    const created = await newProject();
    const own = serverClient(created.server_side_key as { app_id: string; app_token: string });
    await own.customers.create({ source_id: 'only-here' });
    const { appId, appToken } = mock.service.projects.primary.keys;
    const primary = serverClient({ app_id: appId, app_token: appToken });
    expect((await own.customers.list()).customers.map((customer) => customer.source_id)).toEqual(['only-here']);
    expect((await primary.customers.list()).customers).toEqual([]);
    await expect(primary.customers.get('only-here')).rejects.toMatchObject({ status: 404 });
  });

  test('lists every project, the sandbox project first; gets one with its code defaults', async () => {
    const created = await newProject({ case_sensitive_codes: false });
    const list = await management().management.projects.list();
    expect(list).toMatchObject({ object: 'list', data_ref: 'data', total: 2 });
    expect(list.data.map((project) => [project.id, project.is_sandbox])).toEqual([
      [mock.service.projects.primary.id, true],
      [created.id, false],
    ]);
    const got = await management().management.projects.get(created.id);
    expect(got).toMatchObject({ id: created.id, case_sensitive_codes: false, default_code_config: { charset: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ' } });
    expect(got).not.toHaveProperty('server_side_key');
  });

  test('an update changes only the fields sent; the code case and cluster stay', async () => {
    const created = await newProject();
    const updated = await management().management.projects.update(created.id, {
      name: 'EU store',
      client_trusted_domains: ['https://shop.example.com'],
      default_code_config: { charset: '0123456789' },
      api_usage_notifications: {
        messages: { enabled: true, value: 50, emails: ['ops@example.com'], in_app: true },
        api_calls: { enabled: false, value: 80, emails: [], in_app: false },
        bulk_api_calls: { enabled: false, value: 80, emails: [], in_app: false },
        webhook_calls: { enabled: false, value: 80, emails: [], in_app: false },
        cycle_calls: { enabled: false, value: 80, emails: [], in_app: false },
      },
      ...({ case_sensitive_codes: false, cluster_id: 'us1' } as object),
    });
    expect(updated).toMatchObject({ name: 'EU store', timezone: 'Europe/Warsaw', currency: 'PLN', case_sensitive_codes: true, cluster_id: 'eu1', client_trusted_domains: ['https://shop.example.com'], default_code_config: { charset: '0123456789' } });
    expect(updated.api_usage_notifications.messages).toMatchObject({ enabled: true, value: 50 });
    expect(updated.api_usage_notifications.redemptions).toMatchObject({ enabled: false });
    expect(mock.service.projects.get(created.id)?.name).toBe('EU store');
    const reset = await management().management.projects.update(created.id, { default_code_config: { charset: null } });
    expect(reset.default_code_config?.charset).toMatch(/^0123456789abc/);
  });

  test("a time zone change reaches the project's date rules at once", async () => {
    const created = await newProject();
    await management().management.projects.update(created.id, { timezone: 'America/New_York' });
    expect(mock.service.projects.get(created.id)?.settings.timezone).toBe('America/New_York');
  });

  test('deleting a project removes its data; its keys are refused after', async () => {
    const created = await newProject();
    const own = serverClient(created.server_side_key as { app_id: string; app_token: string });
    await own.customers.create({ source_id: 'soon-gone' });
    await management().management.projects.delete(created.id);
    expect(mock.service.projects.get(created.id)).toBeUndefined();
    await expect(own.customers.list()).rejects.toMatchObject({ status: 401, key: 'unauthorized' });
    await expect(management().management.projects.get(created.id)).rejects.toMatchObject({ status: 404, key: 'not_found', resourceType: 'project' });
    await expect(management().management.projects.delete(created.id)).rejects.toMatchObject({ status: 404 });
    expect((await management().management.projects.list()).total).toBe(1);
  });

  test('refuses the sandbox project’s deletion, unknown time zones and currencies', async () => {
    await expect(management().management.projects.delete(mock.service.projects.primary.id)).rejects.toMatchObject({ status: 400, key: 'invalid_payload', details: expect.stringContaining('sandbox') });
    await expect(newProject({ timezone: 'Mars/Olympus_Mons' })).rejects.toMatchObject({ status: 400, details: expect.stringContaining('Mars/Olympus_Mons') });
    await expect(newProject({ currency: 'euro' })).rejects.toMatchObject({ status: 400, details: expect.stringContaining('ISO 4217') });
    const created = await newProject();
    await expect(management().management.projects.update(created.id, { timezone: 'Nowhere/Else' })).rejects.toMatchObject({ status: 400 });
    expect((await management().management.projects.get(created.id)).timezone).toBe('Europe/Warsaw');
    await expect(management().management.projects.update('proj_missing', { name: 'x' })).rejects.toMatchObject({ status: 404 });
  });

  test('management keys only: server keys and wrong management keys are refused (over HTTP)', async () => {
    const { appId, appToken } = mock.service.projects.primary.keys;
    const withServerKeys = await mock.raw('/management/v1/projects', { headers: { 'X-App-Id': appId, 'X-App-Token': appToken } });
    expect(withServerKeys.status).toBe(401);
    const wrong = await mock.raw('/management/v1/projects', { headers: { 'X-Management-Id': 'x', 'X-Management-Token': 'y' } });
    expect(await wrong.json()).toMatchObject({ code: 401, key: 'unauthorized' });
    const { managementId, managementToken } = mock.service.management;
    const headers = { 'X-Management-Id': managementId, 'X-Management-Token': managementToken, 'Content-Type': 'application/json' };
    const created = await mock.raw('/management/v1/projects', { method: 'POST', headers, body: JSON.stringify({ name: 'Raw', timezone: 'UTC', currency: 'USD' }) });
    expect(created.status).toBe(200);
    const missing = await mock.raw('/management/v1/projects', { method: 'POST', headers, body: JSON.stringify({ name: 'No currency', timezone: 'UTC' }) });
    expect(await missing.json()).toMatchObject({ code: 400, key: 'invalid_payload' });
  });

  test('service.reset() forgets projects created through the API and keeps the configured ones with their secrets', async () => {
    const token = mock.service.projects.primary.webhookToken;
    await newProject();
    mock.service.reset();
    expect(mock.service.projects.list()).toHaveLength(1);
    expect(mock.service.projects.primary.webhookToken).toBe(token);
  });
});
