import { type VoucherkitClient, createClient } from '@voucherkit/client';
import { describe, expect, test } from 'vitest';
import { useMockService } from '../../../support/setup.js';

const mock = useMockService();

const management = (): VoucherkitClient => {
  const { managementId, managementToken } = mock.service.management;
  return createClient({
    baseUrl: mock.service.baseUrl,
    auth: { type: 'management', managementId, managementToken },
    retry: false,
  });
};

const serverClient = (keys: { app_id: string; app_token: string }): VoucherkitClient =>
  createClient({
    baseUrl: mock.service.baseUrl,
    auth: { type: 'server', appId: keys.app_id, appToken: keys.app_token },
    retry: false,
  });

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
    expect(project.api_usage_notifications.redemptions).toEqual({
      enabled: false,
      value: 80,
      emails: [],
      in_app: false,
    });
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
    expect(got).toMatchObject({
      id: created.id,
      case_sensitive_codes: false,
      default_code_config: { charset: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ' },
    });
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
    expect(updated).toMatchObject({
      name: 'EU store',
      timezone: 'Europe/Warsaw',
      currency: 'PLN',
      case_sensitive_codes: true,
      cluster_id: 'eu1',
      client_trusted_domains: ['https://shop.example.com'],
      default_code_config: { charset: '0123456789' },
    });
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
    await expect(management().management.projects.get(created.id)).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceType: 'project',
    });
    await expect(management().management.projects.delete(created.id)).rejects.toMatchObject({ status: 404 });
    expect((await management().management.projects.list()).total).toBe(1);
  });

  test('refuses the sandbox project’s deletion, unknown time zones and currencies', async () => {
    await expect(management().management.projects.delete(mock.service.projects.primary.id)).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
      details: expect.stringContaining('sandbox'),
    });
    await expect(newProject({ timezone: 'Mars/Olympus_Mons' })).rejects.toMatchObject({
      status: 400,
      details: expect.stringContaining('Mars/Olympus_Mons'),
    });
    await expect(newProject({ currency: 'euro' })).rejects.toMatchObject({
      status: 400,
      details: expect.stringContaining('ISO 4217'),
    });
    const created = await newProject();
    await expect(
      management().management.projects.update(created.id, { timezone: 'Nowhere/Else' }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await management().management.projects.get(created.id)).timezone).toBe('Europe/Warsaw');
    await expect(management().management.projects.update('proj_missing', { name: 'x' })).rejects.toMatchObject({
      status: 404,
    });
  });

  test('management keys only: server keys and wrong management keys are refused (over HTTP)', async () => {
    const { appId, appToken } = mock.service.projects.primary.keys;
    const withServerKeys = await mock.raw('/management/v1/projects', {
      headers: { 'X-App-Id': appId, 'X-App-Token': appToken },
    });
    expect(withServerKeys.status).toBe(401);
    const wrong = await mock.raw('/management/v1/projects', {
      headers: { 'X-Management-Id': 'x', 'X-Management-Token': 'y' },
    });
    expect(await wrong.json()).toMatchObject({ code: 401, key: 'unauthorized' });
    const { managementId, managementToken } = mock.service.management;
    const headers = {
      'X-Management-Id': managementId,
      'X-Management-Token': managementToken,
      'Content-Type': 'application/json',
    };
    const created = await mock.raw('/management/v1/projects', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Raw', timezone: 'UTC', currency: 'USD' }),
    });
    expect(created.status).toBe(200);
    const missing = await mock.raw('/management/v1/projects', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'No currency', timezone: 'UTC' }),
    });
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

describe("a project's code settings", () => {
  const projectClient = async (extra: Record<string, unknown> = {}) => {
    const created = await newProject(extra);
    return { id: created.id, client: serverClient(created.server_side_key as { app_id: string; app_token: string }) };
  };
  const tenOff = { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 1000 } } as const;

  test('without case-sensitive codes, a code is found, validated and taken in any case, and shown as it was written', async () => {
    const { client } = await projectClient({ case_sensitive_codes: false });
    const created = await client.vouchers.create('Summer-10', tenOff as never);
    expect((await client.vouchers.get('SUMMER-10')).id).toBe(created.id);
    expect((await client.vouchers.get('summer-10')).code).toBe('Summer-10');
    await expect(client.vouchers.create('SUMMER-10', tenOff as never)).rejects.toMatchObject({
      status: 409,
      key: 'duplicate_found',
    });
    const validation = await client.validations.validateStackable({
      redeemables: [{ object: 'voucher', id: 'summer-10' }],
      order: { amount: 5000 },
    });
    expect(validation).toMatchObject({ valid: true, order: { total_discount_amount: 1000 } });
    // Named twice in one request, in two cases, it is one voucher sent twice.
    await expect(
      client.validations.validateStackable({
        redeemables: [
          { object: 'voucher', id: 'summer-10' },
          { object: 'voucher', id: 'SUMMER-10' },
        ],
        order: { amount: 5000 },
      }),
    ).rejects.toMatchObject({
      status: 400,
      key: 'duplicated_redeemables',
    });
    // Deleted to the bin, its code stays taken in every case.
    await client.vouchers.delete('SUMMER-10');
    await expect(client.vouchers.create('summer-10', tenOff as never)).rejects.toMatchObject({ status: 409 });
  });

  test('with case-sensitive codes (the default), codes that differ in case are two vouchers', async () => {
    const { client } = await projectClient();
    const upper = await client.vouchers.create('SUMMER-10', tenOff as never);
    await expect(client.vouchers.get('summer-10')).rejects.toMatchObject({ status: 404 });
    const lower = await client.vouchers.create('summer-10', tenOff as never);
    expect(lower.id).not.toBe(upper.id);
    const both = await client.validations.validateStackable({
      redeemables: [
        { object: 'voucher', id: 'summer-10' },
        { object: 'voucher', id: 'SUMMER-10' },
      ],
      order: { amount: 5000 },
    });
    expect(both).toMatchObject({ valid: true, order: { total_discount_amount: 2000 } });
    // A voucher named by its code and by its id is one voucher sent twice.
    await expect(
      client.validations.validateStackable({
        redeemables: [
          { object: 'voucher', id: 'SUMMER-10' },
          { object: 'voucher', id: upper.id },
        ],
        order: { amount: 5000 },
      }),
    ).rejects.toMatchObject({
      status: 400,
      key: 'duplicated_redeemables',
    });
  });

  test("generated codes take the project's default charset when their configuration names none", async () => {
    const { id, client } = await projectClient();
    await management().management.projects.update(id, { default_code_config: { charset: '0123456789' } });
    const campaign = await client.campaigns.create({
      name: 'Digits',
      campaign_type: 'DISCOUNT_COUPONS',
      type: 'STATIC',
      vouchers_count: 5,
      voucher: { ...tenOff, code_config: { length: 8 } },
    } as never);
    expect(campaign.voucher?.code_config).toMatchObject({ charset: '0123456789', length: 8 });
    const standalone = await client.vouchers.generate({ ...tenOff, code_config: { pattern: 'D-####' } } as never);
    expect(standalone.code).toMatch(/^D-\d{4}$/);
    const named = await client.vouchers.generate({
      ...tenOff,
      code_config: { pattern: 'X-####', charset: 'XY' },
    } as never);
    expect(named.code).toMatch(/^X-[XY]{4}$/);
  });

  test('without case-sensitive codes, generated codes are upper case, and a charset of both cases yields each code once', async () => {
    const { client } = await projectClient({ case_sensitive_codes: false });
    expect((await client.vouchers.generate({ ...tenOff, code_config: { length: 12 } } as never)).code).toMatch(
      /^[0-9A-Z]{12}$/,
    );
    // 'aA' makes four codes of two characters, one code here.
    const only = await client.vouchers.generate({ ...tenOff, code_config: { length: 2, charset: 'aA' } } as never);
    expect(only.code.toUpperCase()).toBe('AA');
    await expect(
      client.vouchers.generate({ ...tenOff, code_config: { length: 2, charset: 'aA' } } as never),
    ).rejects.toMatchObject({ status: 400, key: 'invalid_code_config' });
  });
});
