import { describe, expect, test } from 'vitest';
import { API_VERSION } from '../../src/generated/routes.js';
import { banner } from '../../src/sandbox.js';

const facts = {
  url: 'http://127.0.0.1:4010',
  apiVersion: API_VERSION,
  project: {
    name: 'Demo project',
    id: 'proj_1',
    keys: { appId: 'app-id', appToken: "it's\\secret", clientAppId: 'client-id', clientToken: 'client-token' },
    webhookToken: 'webhook-secret',
  },
  management: { managementId: 'management-id', managementToken: 'management-token' },
};

describe('sandbox banner', () => {
  test('keys in aligned columns', () => {
    const rows = banner(facts)
      .split('\n')
      .filter((line) => /^ {2}(Base URL|Project|X-|Webhook secret)/.test(line));
    expect(rows).toHaveLength(9);
    const valueColumns = rows.map((row) => /^ {2}\S+(?: \S+)* {2,}/.exec(row)?.[0].length);
    expect(new Set(valueColumns)).toEqual(new Set([valueColumns[0]]));
    expect(rows.find((row) => row.includes('X-Client-Application-Id'))).toMatch(
      /X-Client-Application-Id {2,}client-id$/,
    );
    expect(rows.at(-1)).toMatch(/Webhook secret {2,}webhook-secret$/);
  });

  test('a curl command and a createClient call that paste as they are', () => {
    const text = banner(facts);
    expect(text).toContain(
      'curl -H "X-App-Id: app-id" -H "X-App-Token: it\'s\\secret" http://127.0.0.1:4010/v1/categories',
    );
    const call =
      text
        .split('\n')
        .find((line) => line.includes('createClient({'))
        ?.trim() ?? '';
    expect(call).toBe(
      "const client = createClient({ baseUrl: 'http://127.0.0.1:4010', auth: { type: 'server', appId: 'app-id', appToken: 'it\\'s\\\\secret' } });",
    );
    // The literal is valid JavaScript that yields the keys back.
    const options = new Function(`return ${call.slice(call.indexOf('{'), call.lastIndexOf(')'))}`)() as {
      auth: { appToken: string };
    };
    expect(options.auth.appToken).toBe("it's\\secret");
    expect(text).toContain("import { createClient } from '@voucherkit/client';");
  });

  test('the data folder, the forwarded webhooks, and a warning when other machines can reach it', () => {
    const text = banner({
      ...facts,
      url: 'http://0.0.0.0:4010',
      host: '0.0.0.0',
      data: { folder: './sandbox-data', intervalMs: 2000 },
      forwarding: { url: 'http://127.0.0.1:3000/hooks', webhookId: 'wh_1' },
    });
    expect(text).toMatch(/^ {2}Webhooks to {2,}http:\/\/127\.0\.0\.1:3000\/hooks \(wh_1, every event\)$/m);
    expect(text).toMatch(/^ {2}Data folder {2,}\.\/sandbox-data \(saved every 2 s while it changes\)$/m);
    expect(text).toContain(
      'Bound to 0.0.0.0: other machines can reach it; the dashboard and the control API take the management keys.',
    );
    expect(banner({ ...facts, host: '127.0.0.1' })).not.toContain('Bound to');
  });

  test("the dashboard's address, with the management keys in its fragment", () => {
    expect(banner(facts)).toContain(
      'Dashboard: http://127.0.0.1:4010/_voucherkit/#management_id=management-id&management_token=management-token',
    );
  });
});
