/**
 * The client-side operations the official client-side SDKs call beside the stackable ones:
 * publishing a code (`POST /client/v1/publish?campaign=…`), listing vouchers and creating
 * customers, each behind the project's switch (decision 0054).
 */
import { createClient } from '@voucherkit/client/fetch';
import { describe, expect, test } from 'vitest';
import { useMockService } from '../../../support/setup.js';

const mock = useMockService();
const primary = () => mock.service.projects.primary;
const state = () => primary().state;
const configure = (changes: Parameters<typeof mock.service.projects.configure>[1]) =>
  mock.service.projects.configure(primary().id, changes);
const later = () => mock.service.clock.advance(1000);

const browser = (origin = 'https://shop.example.com') => {
  const { clientAppId, clientToken } = primary().keys;
  return createClient({
    baseUrl: mock.service.baseUrl,
    auth: { type: 'client', clientAppId, clientToken, origin },
    retry: false,
  });
};

/** The code a publication of one code handed out. */
const codeOf = (answer: object): string =>
  'voucher' in answer ? String((answer.voucher as { code?: unknown }).code) : '';

const newsletterCampaign = async () => {
  const campaign = state().campaigns.create({
    name: 'Newsletter',
    campaign_type: 'DISCOUNT_COUPONS',
    type: 'STATIC',
    vouchers_count: 2,
    voucher: {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
      code_config: { pattern: 'NEWS-####' },
    },
  } as never);
  await mock.service.scheduler.drain();
  later();
  return campaign;
};

describe('POST /client/v1/publish', () => {
  test('hands out a free code of the campaign the query names, as POST /v1/publications does', async () => {
    const campaign = await newsletterCampaign();
    configure({ client_publish_enabled: true });
    const published = await browser().clientSide.publish(
      { customer: { source_id: 'ana' }, channel: 'Voucherify.js' },
      { campaign: 'Newsletter' },
    );
    expect(published).toMatchObject({
      object: 'publication',
      result: 'SUCCESS',
      channel: 'Voucherify.js',
      tracking_id: 'ana',
      customer: { source_id: 'ana' },
      voucher: { campaign: 'Newsletter', campaign_id: campaign.id, holder_id: state().customers.get('ana').id },
    });
    const code = codeOf(published);
    expect(code).toMatch(/^NEWS-/);
    expect(state().vouchers.get(code).holder_id).toBe(state().customers.get('ana').id);
    // By campaign id too, and join_once gives Ana the code she holds.
    const again = await browser().clientSide.publish(
      { customer: { source_id: 'ana' } },
      { campaign: campaign.id, join_once: true },
    );
    expect(codeOf(again)).toBe(code);
    expect(state().publications.list().total).toBe(1);
  });

  test('the body may name the code or the campaign itself, and wins over the query', async () => {
    await newsletterCampaign();
    const [first] = state().vouchers.list({ campaign: 'Newsletter', order: 'created_at' }).items;
    configure({ client_publish_enabled: true });
    const given = await browser().clientSide.publish(
      { customer: { source_id: 'ben' }, voucher: first?.code ?? '' },
      { campaign: 'Nowhere' },
    );
    expect(codeOf(given)).toBe(first?.code);
    const fromBody = await browser().clientSide.publish({
      customer: { source_id: 'cho' },
      campaign: { name: 'Newsletter' },
    });
    expect(fromBody).toMatchObject({ result: 'SUCCESS', customer: { source_id: 'cho' } });
  });

  test('errors: the switch off 403, no campaign or voucher 400 missing_vouchers, an unknown campaign 404, no free code 400, wrong keys 401', async () => {
    await newsletterCampaign();
    const client = browser();
    await expect(
      client.clientSide.publish({ customer: { source_id: 'ana' } }, { campaign: 'Newsletter' }),
    ).rejects.toMatchObject({
      status: 403,
      key: 'forbidden',
      details: expect.stringContaining('client_publish_enabled'),
    });
    expect(state().publications.list().total).toBe(0);
    configure({ client_publish_enabled: true });
    await expect(client.clientSide.publish({ customer: { source_id: 'ana' } })).rejects.toMatchObject({
      status: 400,
      key: 'missing_vouchers',
    });
    await expect(
      client.clientSide.publish({ customer: { source_id: 'ana' } }, { campaign: 'Nowhere' }),
    ).rejects.toMatchObject({ status: 404, key: 'not_found', resourceType: 'campaign' });
    await client.clientSide.publish({ customer: { source_id: 'ana' } }, { campaign: 'Newsletter' });
    await client.clientSide.publish({ customer: { source_id: 'ben' } }, { campaign: 'Newsletter' });
    await expect(
      client.clientSide.publish({ customer: { source_id: 'cho' } }, { campaign: 'Newsletter' }),
    ).rejects.toMatchObject({ status: 400, key: 'no_voucher_suitable_for_publication' });
    const wrong = await mock.raw('/client/v1/publish?campaign=Newsletter', {
      method: 'POST',
      headers: { 'x-client-application-id': 'nope', 'x-client-token': 'nope', 'content-type': 'application/json' },
      body: JSON.stringify({ customer: { source_id: 'ana' } }),
    });
    expect(wrong.status).toBe(401);
  });
});

describe('GET /client/v1/vouchers', () => {
  test('lists vouchers as GET /v1/vouchers does, each with only what a web page needs', async () => {
    await newsletterCampaign();
    state().vouchers.create({
      code: 'WELCOME',
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 500 },
      metadata: { shelf: 'front' },
      expiration_date: '2026-12-31T23:59:59.000Z',
    } as never);
    configure({ client_list_vouchers_enabled: true });
    const all = await browser().clientSide.listVouchers();
    expect(all).toMatchObject({ object: 'list', data_ref: 'vouchers', total: 3 });
    expect(all.vouchers[0]).toEqual({
      code: 'WELCOME',
      active: true,
      metadata: { shelf: 'front' },
      assets: {
        qr: expect.objectContaining({ url: expect.stringContaining('/qr/') }),
        barcode: expect.objectContaining({ url: expect.stringContaining('/barcode/') }),
      },
      object: 'voucher',
      start_date: null,
      expiration_date: '2026-12-31T23:59:59.000Z',
      created_at: expect.any(String),
    });
    const page = await browser().clientSide.listVouchers({ campaign: 'Newsletter', limit: 1, page: 2 });
    expect(page).toMatchObject({ total: 2, vouchers: [{ code: expect.stringMatching(/^NEWS-/) }] });
    // A code without dates shows them as null, as the service sends them.
    expect(page.vouchers[0]).toMatchObject({ start_date: null, expiration_date: null });
    const recent = await browser().clientSide.listVouchers({ created_at: { after: '2026-01-01T00:00:00.500Z' } });
    expect(recent.vouchers.map((voucher) => voucher.code)).toEqual(['WELCOME']);
  });

  test('errors: the switch off 403, a limit over 100 400, wrong keys 401', async () => {
    await expect(browser().clientSide.listVouchers()).rejects.toMatchObject({
      status: 403,
      details: expect.stringContaining('client_list_vouchers_enabled'),
    });
    configure({ client_list_vouchers_enabled: true });
    await expect(browser().clientSide.listVouchers({ limit: 101 })).rejects.toMatchObject({
      status: 400,
      key: 'invalid_query_params',
    });
    expect(
      (
        await mock.raw('/client/v1/vouchers', {
          headers: { 'x-client-application-id': 'nope', 'x-client-token': 'nope' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('POST /client/v1/customers', () => {
  test('creates or updates a customer as POST /v1/customers does; the double opt-in header is accepted', async () => {
    configure({ client_create_customer_enabled: true });
    const created = await browser().clientSide.createCustomer(
      { source_id: 'ana', name: 'Ana', email: 'ana@example.com' },
      { headers: { 'X-Voucherify-Double-Opt-In': 'true' } },
    );
    expect(created).toMatchObject({ object: 'customer', source_id: 'ana', name: 'Ana', summary: expect.any(Object) });
    const updated = await browser().clientSide.createCustomer({ source_id: 'ana', name: 'Ana Silva' });
    expect(updated).toMatchObject({ id: created.id, name: 'Ana Silva', email: 'ana@example.com' });
    expect(state().customers.size).toBe(1);
  });

  test('errors: the switch off 403, a malformed body 400, wrong keys 401', async () => {
    await expect(browser().clientSide.createCustomer({ source_id: 'ana' })).rejects.toMatchObject({
      status: 403,
      details: expect.stringContaining('client_create_customer_enabled'),
    });
    expect(state().customers.size).toBe(0);
    configure({ client_create_customer_enabled: true });
    await expect(browser().clientSide.createCustomer({ source_id: 'ana', email: 42 } as never)).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
    });
    const wrong = await mock.raw('/client/v1/customers', {
      method: 'POST',
      headers: { 'x-client-application-id': 'nope', 'x-client-token': 'nope', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(wrong.status).toBe(401);
  });
});
