import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();

const state = () => mock.service.projects.primary.state;
const PERCENT = { type: 'PERCENT', percent_off: 10 } as const;
const coupons = { type: 'DISCOUNT_VOUCHER', discount: PERCENT } as const;

const upload = async (path: string, csv: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'vouchers.csv');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await mock.raw(path, { method: 'POST', headers: serverHeaders(mock.service), body: form });
  return { status: response.status, body: (await response.json()) as { async_action_id: string; key?: string } };
};

/** Runs every pending job and returns the finished action. */
const finished = async (actionId: string) => {
  await mock.service.scheduler.drain();
  return state().asyncActions.get(actionId);
};

describe('importing standalone vouchers', () => {
  test('JSON: each item is imported or reported by its row, and a failed item stores nothing', async () => {
    state().vouchers.create({ ...coupons, code: 'TAKEN' });
    const before = state().vouchers.size;
    // `type` has a default in the spec, which the client's types read as required; the service fills it in.
    const { data, response } = await mock.serverClient().POST('/v1/vouchers/import', {
      body: [
        {
          code: 'IMP-1',
          type: 'DISCOUNT_VOUCHER',
          discount: PERCENT,
          redemption: { quantity: 5, redeemed_quantity: 2 },
          metadata: { source: 'legacy' },
        },
        { code: 'TAKEN', discount: PERCENT },
        { code: 'IMP-GIFT', gift: { amount: 700 }, category: 'Made on import' },
        { code: 'IMP-GIFT-2', gift: { amount: 700 }, active: false },
      ] as never,
    });
    expect(response.status).toBe(202);
    const action = await finished(data?.async_action_id ?? '');
    expect(action).toMatchObject({
      type: 'VOUCHERS.IMPORT',
      status: 'DONE',
      result: {
        message: '3 voucher(s) imported successfully, 1 failed.',
        done_count: 3,
        failed_count: 1,
        failed: [{ row: 2, code: 'TAKEN', reason: 'A voucher with code TAKEN already exists.' }],
      },
    });
    expect(state().vouchers.size).toBe(before + 3);
    // A category named by a name that does not exist is made (decision 0058).
    expect(state().vouchers.get('IMP-GIFT')).toMatchObject({
      category: 'Made on import',
      category_id: state().categories.list()[0]?.id,
    });
    expect(state().vouchers.get('IMP-1')).toMatchObject({
      campaign_id: null,
      redemption: { quantity: 5, redeemed_quantity: 2 },
      metadata: { source: 'legacy' },
    });
    expect(state().vouchers.get('IMP-GIFT-2')).toMatchObject({
      type: 'GIFT_VOUCHER',
      gift: { amount: 700, balance: 700 },
      active: false,
    });
    expect(
      state()
        .events.list({ type: 'voucher.created' })
        .map((event) => event.data.voucher.code),
    ).toEqual(['TAKEN']);
  });

  test('CSV: columns by name, other columns as metadata, a bad row fails alone', async () => {
    const csv = [
      'Code,Voucher Type,Discount Type,Value,Redemption Limit,Active,Expiration Date,tier',
      'CSV-1,DISCOUNT_VOUCHER,AMOUNT,500,3,true,2026-06-30T00:00:00Z,gold',
      'CSV-2,GIFT_VOUCHER,,2500,,,,',
      'CSV-3,DISCOUNT_VOUCHER,PERCENT,ten,,,,',
      'CSV-4,DISCOUNT_VOUCHER,PERCENT,10,,maybe,,',
      'CSV-5,DISCOUNT_VOUCHER',
    ].join('\n');
    const { status, body } = await upload('/v1/vouchers/importCSV', csv);
    expect(status).toBe(202);
    const action = await finished(body.async_action_id);
    expect(action).toMatchObject({
      type: 'VOUCHERS.IMPORT_CSV',
      status: 'DONE',
      result: { done_count: 2, failed_count: 3 },
    });
    expect(action.result?.failed?.map((failure) => [failure.row, failure.code])).toEqual([
      [3, 'CSV-3'],
      [4, 'CSV-4'],
      [5, 'CSV-5'],
    ]);
    expect(action.result?.failed?.[0]?.reason).toBe('Column value should be a number (actual value is "ten")');
    expect(state().vouchers.get('CSV-1')).toMatchObject({
      discount: { type: 'AMOUNT', amount_off: 500 },
      redemption: { quantity: 3 },
      active: true,
      expiration_date: '2026-06-30T00:00:00.000Z',
      metadata: { tier: 'gold' },
    });
    expect(state().vouchers.get('CSV-2')).toMatchObject({ type: 'GIFT_VOUCHER', gift: { amount: 2500 } });
    expect(state().events.list({ type: 'voucher.created' })).toEqual([]);
  });

  test('CSV: webhooks_enable records voucher.created for each imported voucher', async () => {
    const { body } = await upload('/v1/vouchers/importCSV', 'code,discount_type,value\nHOOK-1,PERCENT,5\n', {
      webhooks_enable: 'true',
    });
    await finished(body.async_action_id);
    expect(
      state()
        .events.list({ type: 'voucher.created' })
        .map((event) => event.data.voucher.code),
    ).toEqual(['HOOK-1']);
  });

  test('CSV: a file without a code column or that is not a CSV fails the whole job', async () => {
    const { body } = await upload('/v1/vouchers/importCSV', 'name,value\nA,1\n');
    expect(await finished(body.async_action_id)).toMatchObject({
      status: 'FAILED',
      result: { message: expect.stringContaining('no column "code"') },
    });
    const quote = await upload('/v1/vouchers/importCSV', 'code\n"open\n');
    expect(await finished(quote.body.async_action_id)).toMatchObject({ status: 'FAILED' });
    expect(state().vouchers.size).toBe(0);
  });
});

describe('importing vouchers into a campaign', () => {
  test('JSON: imported vouchers inherit the campaign; rows name their failures', async () => {
    const campaign = state().campaigns.create({
      name: 'Summer',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: coupons,
      expiration_date: '2026-09-01T00:00:00.000Z',
    });
    const { data, response } = await mock.serverClient().POST('/v1/campaigns/{campaignId}/import', {
      params: { path: { campaignId: 'Summer' } },
      body: [{ code: 'SUM-A' }, { code: 'SUM-B', metadata: { wave: 2 } }, { code: 'SUM-A' }] as never,
    });
    expect(response.status).toBe(202);
    const action = await finished(data?.async_action_id ?? '');
    expect(action).toMatchObject({
      type: 'CAMPAIGN.VOUCHERS_IMPORT',
      result: { done_count: 2, failed_count: 1, failed: [{ row: 3, code: 'SUM-A' }] },
    });
    expect(state().vouchers.get('SUM-B')).toMatchObject({
      campaign_id: campaign.id,
      discount: PERCENT,
      expiration_date: '2026-09-01T00:00:00.000Z',
      metadata: { wave: 2 },
    });
    expect(state().campaigns.get('Summer').vouchers_count).toBe(2);
  });

  test('CSV: the value column overrides the campaign gift credit', async () => {
    state().campaigns.create({
      name: 'Gifts',
      campaign_type: 'GIFT_VOUCHERS',
      voucher: { type: 'GIFT_VOUCHER', gift: { amount: 1000 } },
    });
    const { status, body } = await upload('/v1/campaigns/Gifts/importCSV', 'code,value\nG-1,\nG-2,4000\n');
    expect(status).toBe(200);
    // The official SDKs' suites wait for operation_status SUCCESS before they list the codes.
    expect(await finished(body.async_action_id)).toMatchObject({
      type: 'CAMPAIGN.VOUCHERS_IMPORT_CSV',
      operation_status: 'SUCCESS',
      result: { done_count: 2 },
    });
    expect(state().vouchers.get('G-1').gift).toMatchObject({ amount: 1000 });
    expect(state().vouchers.get('G-2').gift).toMatchObject({ amount: 4000, balance: 4000 });
  });

  test('an unknown campaign is a 404 and a promotion takes no codes', async () => {
    const unknown = await mock.serverClient().POST('/v1/campaigns/{campaignId}/import', {
      params: { path: { campaignId: 'Nope' } },
      body: [{ code: 'X' }] as never,
    });
    expect(unknown.error).toMatchObject({ code: 404, resource_type: 'campaign' });
    state().campaigns.create({ name: 'Autumn', campaign_type: 'PROMOTION' });
    const promotion = await upload('/v1/campaigns/Autumn/importCSV', 'code\nX\n');
    expect(promotion).toMatchObject({ status: 400, body: { key: 'invalid_campaign' } });
  });
});

describe('bulk metadata updates', () => {
  test('each voucher its own metadata, merged; a missing code fails alone and nothing is created', async () => {
    state().vouchers.create({ ...coupons, code: 'M-1', metadata: { keep: true, tier: 'silver' } });
    state().vouchers.create({ ...coupons, code: 'M-2' });
    const { data, response } = await mock.serverClient().POST('/v1/vouchers/bulk/async', {
      body: [
        { code: 'M-1', metadata: { tier: 'gold' } },
        { code: 'M-404', metadata: { tier: 'gold' } },
        { code: 'M-2', metadata: { tier: 'bronze' } },
      ],
    });
    expect(response.status).toBe(202);
    const action = await finished(data?.async_action_id ?? '');
    expect(action).toMatchObject({
      type: 'VOUCHERS.BULK_UPDATE',
      status: 'DONE',
      operation_status: 'FAILED',
      result: {
        done_count: 2,
        failed_count: 1,
        failed: [{ code: 'M-404', reason: 'Cannot find voucher with id M-404' }],
      },
    });
    expect(state().vouchers.get('M-1').metadata).toEqual({ keep: true, tier: 'gold' });
    expect(state().vouchers.get('M-2').metadata).toEqual({ tier: 'bronze' });
    expect(state().vouchers.find('M-404')).toBeUndefined();
  });

  test('the same metadata for a list of codes', async () => {
    for (const code of ['S-1', 'S-2']) state().vouchers.create({ ...coupons, code });
    const { data } = await mock
      .serverClient()
      .POST('/v1/vouchers/metadata/async', { body: { codes: ['S-1', 'S-2'], metadata: { season: 'summer' } } });
    const action = await finished(data?.async_action_id ?? '');
    expect(action).toMatchObject({
      type: 'VOUCHERS.METADATA_UPDATE',
      operation_status: 'SUCCESS',
      result: { done_count: 2, failed_count: 0 },
    });
    expect(['S-1', 'S-2'].map((code) => state().vouchers.get(code).metadata)).toEqual([
      { season: 'summer' },
      { season: 'summer' },
    ]);
  });
});
