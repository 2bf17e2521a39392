/**
 * The official Voucherify SDK creates, reads and deletes exports against the HTTP sandbox, and
 * the file is downloaded from `result.url`, which names the sandbox's own address.
 */
import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../src/core/csv.js';
import { useSdkSandbox } from './sandbox.js';

const sandbox = useSdkSandbox('sdk-exports');
const start = async () => sandbox({ demo: true });

type Sdk = Awaited<ReturnType<typeof start>>['sdk'];

/** Polls an export until it has finished, as an SDK user would. */
const settled = async (sdk: Sdk, id: string) => {
  for (let attempt = 0; attempt < 200; attempt++) {
    const found = await sdk.distributions.exports.get(id);
    if (found.status === 'DONE' || found.status === 'ERROR') return found;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`export ${id} did not finish`);
};

describe('the official SDK against the sandbox: exports', () => {
  test('create, get until DONE, download from result.url without keys, delete', async () => {
    const { sdk, url } = await start();
    const created = await sdk.distributions.exports.create({
      exported_object: 'customer',
      parameters: {
        fields: ['source_id', 'name', 'address_city'],
        order: 'source_id',
        filters: { junction: 'AND', city: { conditions: { $is: ['Porto'] } } },
      },
    });
    expect(created).toMatchObject({ object: 'export', status: 'SCHEDULED', exported_object: 'customer' });
    const done = await settled(sdk, created.id);
    expect(done.status).toBe('DONE');
    const download = done.result?.url ?? '';
    expect(download.startsWith(`${url}/v1/exports/${created.id}?token=`)).toBe(true);
    const response = await fetch(download);
    expect(response.status).toBe(200);
    const table = parseCsv(await response.text());
    expect(table.columns).toEqual(['source_id', 'name', 'address_city']);
    expect(table.rows.map((row) => row.values['source_id'])).toEqual(['ana@example.com', 'cho@example.com']);
    const wrong = await fetch(download.replace(/token=.*/, 'token=nope'));
    expect(wrong.status).toBe(401);
    await sdk.distributions.exports.delete(created.id);
    await expect(sdk.distributions.exports.get(created.id)).rejects.toMatchObject({ code: 404, key: 'not_found' });
    expect((await fetch(download)).status).toBe(404);
  });

  test('the demo project has a finished customer export; the list shows it', async () => {
    const { sdk } = await start();
    const { exports, total } = await sdk.distributions.exports.list();
    expect(total).toBeGreaterThanOrEqual(1);
    const listed = exports.find((item) => item.exported_object === 'customer');
    const demo = await settled(sdk, listed?.id ?? '');
    expect(demo).toMatchObject({ status: 'DONE' });
    const text = await (await fetch(demo?.result?.url ?? '')).text();
    expect(text.split('\r\n')).toEqual([
      'source_id,name,email,address_city',
      'ana@example.com,Ana Silva,ana@example.com,Porto',
      'ben@example.com,Ben Costa,ben@example.com,Lisbon',
      'cho@example.com,Cho Lee,cho@example.com,Porto',
      '',
    ]);
  });

  test('an unknown exported object is refused with 400 and the service key', async () => {
    const { sdk } = await start();
    await expect(sdk.distributions.exports.create({ exported_object: 'coupons' } as never)).rejects.toMatchObject({
      code: 400,
      key: 'invalid_payload',
    });
  });
});
