/**
 * The official Voucherify SDK manages campaigns, vouchers, balances and imports against the HTTP
 * sandbox, with bulk jobs running on their own as they do there.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { settled, useSdkSandbox } from './sandbox.js';

let directory: string | undefined;
afterEach(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
});

const sandbox = useSdkSandbox('sdk-vouchers');
const start = async (demo = false) => (await sandbox({ demo })).sdk;

// The SDK's own types lag behind the API in places (a percent discount's type, a campaign's
// creation_status, optional update fields); the casts below are for those places only.

const csvFile = (text: string): string => {
  directory = mkdtempSync(join(tmpdir(), 'voucherkit-sdk-'));
  const path = join(directory, 'vouchers.csv');
  writeFileSync(path, text);
  return path;
};

describe('the official SDK against the sandbox', () => {
  test('campaigns: create with generated codes, read, update, add vouchers, switch off and delete', async () => {
    const sdk = await start();
    const campaign = await sdk.campaigns.create({
      name: 'SDK Summer',
      campaign_type: 'DISCOUNT_COUPONS',
      type: 'AUTO_UPDATE',
      vouchers_count: 120,
      voucher: {
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'PERCENT', percent_off: 15 },
        code_config: { pattern: 'SDK-#####', charset: '0123456789' },
      },
    } as never);
    expect(campaign).toMatchObject({ name: 'SDK Summer', creation_status: 'IN_PROGRESS' });
    const status = async () =>
      ((await sdk.campaigns.get('SDK Summer')) as { creation_status?: string }).creation_status;
    for (let attempt = 0; attempt < 200 && (await status()) !== 'DONE'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await sdk.campaigns.get(campaign.id)).toMatchObject({ creation_status: 'DONE', vouchers_count: 120 });

    const listed = await sdk.vouchers.list({ campaign: 'SDK Summer', limit: 100 });
    expect(listed.total).toBe(120);
    expect(listed.vouchers.every((voucher) => /^SDK-\d{5}$/.test(voucher.code))).toBe(true);

    const updated = await sdk.campaigns.update('SDK Summer', {
      description: 'Now longer',
      expiration_date: '2030-01-01T00:00:00.000Z',
    } as never);
    expect(updated).toMatchObject({ description: 'Now longer', expiration_date: '2030-01-01T00:00:00.000Z' });

    const added = await sdk.campaigns.addCertainVoucher('SDK Summer', 'SDK-CHOSEN', { metadata: { source: 'sdk' } });
    expect(added).toMatchObject({ code: 'SDK-CHOSEN', campaign: 'SDK Summer', metadata: { source: 'sdk' } });
    const more = await sdk.campaigns.addVoucher('SDK Summer', {}, { vouchers_count: 3 });
    expect(more).toMatchObject({ async_action_id: expect.stringMatching(/^aa_/) });
    await settled(sdk, (more as { async_action_id: string }).async_action_id);

    expect(await sdk.campaigns.disable('SDK Summer')).toEqual({});
    expect((await sdk.campaigns.get('SDK Summer')).active).toBe(false);
    const campaigns = await sdk.campaigns.list({ limit: 10 });
    expect(campaigns.campaigns.map((item) => item.name)).toEqual(['SDK Summer']);

    const deletion = (await sdk.campaigns.delete('SDK Summer', { force: true })) as { async_action_id: string };
    expect((await settled(sdk, deletion.async_action_id)).status).toBe('DONE');
    await expect(sdk.campaigns.get('SDK Summer')).rejects.toMatchObject({ code: 404, key: 'not_found' });
    expect((await sdk.vouchers.list()).total).toBe(0);
  });

  test('vouchers and gift card balances: create, update, enable, disable, balance, transactions, delete', async () => {
    const sdk = await start();
    const gift = await sdk.vouchers.create({ code: 'SDK-GIFT', type: 'GIFT_VOUCHER', gift: { amount: 5000 } } as never);
    expect(gift).toMatchObject({ code: 'SDK-GIFT', type: 'GIFT_VOUCHER', gift: { amount: 5000, balance: 5000 } });
    await expect(
      sdk.vouchers.create({ code: 'SDK-GIFT', type: 'GIFT_VOUCHER', gift: { amount: 1 } } as never),
    ).rejects.toMatchObject({ code: 409, key: 'duplicate_found' });

    const balance = await sdk.vouchers.balance.create('SDK-GIFT', { amount: 2500 });
    expect(balance).toMatchObject({
      amount: 2500,
      balance: 7500,
      total: 7500,
      type: 'gift_voucher',
      object: 'balance',
    });
    const transactions = await sdk.vouchers.listTransactions('SDK-GIFT');
    expect(transactions.data.map((transaction) => transaction.type)).toEqual(['CREDITS_ADDITION']);

    const updated = await sdk.vouchers.update({
      code: 'SDK-GIFT',
      metadata: { owner: 'sdk' },
      expiration_date: '2030-01-01T00:00:00.000Z',
    });
    expect(updated).toMatchObject({
      metadata: { owner: 'sdk' },
      expiration_date: '2030-01-01T00:00:00.000Z',
      gift: { balance: 7500 },
    });
    expect((await sdk.vouchers.disable('SDK-GIFT')).active).toBe(false);
    expect((await sdk.vouchers.enable('SDK-GIFT')).active).toBe(true);
    expect((await sdk.vouchers.get(gift.id)).code).toBe('SDK-GIFT');

    await sdk.vouchers.delete('SDK-GIFT');
    await expect(sdk.vouchers.get('SDK-GIFT')).rejects.toMatchObject({ code: 404 });
  });

  test('imports and bulk updates: JSON, CSV, into a campaign, metadata', async () => {
    const sdk = await start();
    const imported = await sdk.vouchers.import([
      { code: 'SDK-IMP-1', type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } },
      { code: 'SDK-IMP-2', type: 'GIFT_VOUCHER', gift: { amount: 1000 } },
    ] as never);
    expect((await settled(sdk, imported.async_action_id)).result).toMatchObject({ done_count: 2, failed_count: 0 });

    const fromCsv = await sdk.vouchers.importCSV(
      csvFile('code,discount_type,value,tier\nSDK-CSV-1,PERCENT,20,gold\nSDK-IMP-1,PERCENT,5,\n'),
    );
    const csvAction = await settled(sdk, fromCsv.async_action_id);
    expect(csvAction.result).toMatchObject({ done_count: 1, failed_count: 1 });
    expect((await sdk.vouchers.get('SDK-CSV-1')).metadata).toEqual({ tier: 'gold' });

    await sdk.campaigns.create({
      name: 'SDK Gifts',
      campaign_type: 'GIFT_VOUCHERS',
      voucher: { type: 'GIFT_VOUCHER', gift: { amount: 2000 } },
    } as never);
    const intoCampaign = await sdk.campaigns.importVouchers('SDK Gifts', [
      { code: 'SDK-G-1' },
      { code: 'SDK-G-2' },
    ] as never);
    await settled(sdk, intoCampaign.async_action_id);
    expect(await sdk.vouchers.get('SDK-G-2')).toMatchObject({ campaign: 'SDK Gifts', gift: { amount: 2000 } });

    const metadata = await sdk.vouchers.bulkUpdateMetadata({ codes: ['SDK-G-1', 'SDK-G-2'], metadata: { batch: 7 } });
    expect((await settled(sdk, metadata.async_action_id)).result).toMatchObject({ done_count: 2 });
    const perVoucher = await sdk.vouchers.bulkUpdate([{ code: 'SDK-G-1', metadata: { batch: 8 } }]);
    await settled(sdk, perVoucher.async_action_id);
    expect((await sdk.vouchers.get('SDK-G-1')).metadata).toEqual({ batch: 8 });
    expect((await sdk.vouchers.get('SDK-G-2')).metadata).toEqual({ batch: 7 });
  });

  test('the demo data shows campaigns, vouchers and a gift card balance', async () => {
    const sdk = await start(true);
    const { campaigns } = await sdk.campaigns.list();
    expect(campaigns.map((campaign) => campaign.name)).toEqual([
      'Members Club',
      'Autumn Promotion',
      'Gift Cards',
      'Summer Sale',
    ]);
    expect(await sdk.vouchers.get('WELCOME10')).toMatchObject({ discount: { type: 'AMOUNT', amount_off: 1000 } });
    const [card] = (await sdk.vouchers.list({ campaign: 'Gift Cards' })).vouchers;
    expect(card?.gift).toMatchObject({ amount: 7500, balance: 7500 });
    for (
      let attempt = 0;
      attempt < 200 && (await sdk.vouchers.list({ campaign: 'Summer Sale' })).total < 5;
      attempt++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(
      (await sdk.vouchers.list({ campaign: 'Summer Sale' })).vouchers.every((voucher) =>
        /^SUMMER-\d{4}$/.test(voucher.code),
      ),
    ).toBe(true);
  });
});
