/**
 * Client-side requests and the project's settings: allowed website addresses
 * (`client_trusted_domains`) and the switches of client-side features (decision 0054).
 */
import { createClient } from '@voucherkit/client/fetch';
import { describe, expect, test } from 'vitest';
import { useMockService } from '../support/setup.js';

const mock = useMockService();
const primary = () => mock.service.projects.primary;
const configure = (changes: Parameters<typeof mock.service.projects.configure>[1]) =>
  mock.service.projects.configure(primary().id, changes);

const browser = (origin: string | undefined) => {
  const { clientAppId, clientToken } = primary().keys;
  return createClient({
    baseUrl: mock.service.baseUrl,
    auth: { type: 'client', clientAppId, clientToken, ...(origin === undefined ? {} : { origin }) },
    retry: false,
  });
};

const ORDER = { redeemables: [{ object: 'voucher' as const, id: 'WEB-10' }], order: { amount: 2000 } };
const webVoucher = () =>
  primary().state.vouchers.create({
    code: 'WEB-10',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
  } as never);

describe('client-side redemption', () => {
  test('is refused while client_redeem_enabled is off (a new project), and nothing is redeemed', async () => {
    webVoucher();
    const refused = await browser('https://shop.example.com').POST('/client/v1/redemptions', {
      params: {},
      body: ORDER,
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({
      code: 403,
      key: 'forbidden',
      details: expect.stringContaining('client_redeem_enabled'),
    });
    expect(primary().state.vouchers.get('WEB-10').redemption?.redeemed_quantity ?? 0).toBe(0);
    // Validation and qualification need no switch.
    const validated = await browser('https://shop.example.com').POST('/client/v1/validations', {
      params: {},
      body: ORDER,
    });
    expect(validated.data).toMatchObject({ valid: true });
  });

  test('works once the project enables it; server keys never need it', async () => {
    webVoucher();
    const server = await mock.serverClient().POST('/v1/redemptions', { body: ORDER });
    expect(server.response.status).toBe(200);
    configure({ client_redeem_enabled: true });
    const redeemed = await browser('https://shop.example.com').POST('/client/v1/redemptions', {
      params: {},
      body: ORDER,
    });
    expect(redeemed.data?.redemptions?.[0]).toMatchObject({ result: 'SUCCESS' });
  });

  test('the switch applies to OAuth tokens of the client API too', async () => {
    webVoucher();
    const token = primary().state.oauth.issue(primary().keys.appId, 'client_api');
    const headers = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
    const refused = await mock.raw('/client/v1/redemptions', { method: 'POST', headers, body: JSON.stringify(ORDER) });
    expect(await refused.json()).toMatchObject({
      code: 403,
      details: expect.stringContaining('client_redeem_enabled'),
    });
    configure({ client_redeem_enabled: true });
    const redeemed = await mock.raw('/client/v1/redemptions', { method: 'POST', headers, body: JSON.stringify(ORDER) });
    expect(redeemed.status).toBe(200);
  });
});

describe('client-side custom events', () => {
  test('for loyalty or referral programmes need client_loyalty_events_enabled; other events do not', async () => {
    const plain = await browser(undefined).POST('/client/v1/events', {
      params: {},
      body: { event: 'page_visited', customer: { source_id: 'ana' } },
    });
    expect(plain.response.status).toBe(200);
    const loyalty = await browser(undefined).POST('/client/v1/events', {
      params: {},
      body: { event: 'review_written', customer: { source_id: 'ana' }, loyalty: { code: 'LC-1' } },
    });
    expect(loyalty.error).toMatchObject({
      code: 403,
      key: 'forbidden',
      details: expect.stringContaining('client_loyalty_events_enabled'),
    });
    const referral = await browser(undefined).POST('/client/v1/events', {
      params: {},
      body: { event: 'signed_up', customer: { source_id: 'ben' }, referral: { code: 'REF-1' } },
    });
    expect(referral.response.status).toBe(403);
    configure({ client_loyalty_events_enabled: true });
    const allowed = await browser(undefined).POST('/client/v1/events', {
      params: {},
      body: { event: 'review_written', customer: { source_id: 'ana' }, loyalty: { code: 'LC-1' } },
    });
    expect(allowed.response.status).not.toBe(403);
  });
});

describe('allowed website addresses', () => {
  test('a project that names none takes client requests from any origin, or none', async () => {
    expect(
      (await browser(undefined).POST('/client/v1/qualifications', { params: {}, body: { order: { amount: 1000 } } }))
        .response.status,
    ).toBe(200);
    expect(
      (
        await browser('https://anywhere.example').POST('/client/v1/qualifications', {
          params: {},
          body: { order: { amount: 1000 } },
        })
      ).response.status,
    ).toBe(200);
  });

  test.each([
    ['https://shop.example.com', 'https://shop.example.com', true],
    ['https://shop.example.com/', 'https://shop.example.com', true],
    ['https://shop.example.com', 'http://shop.example.com', false],
    ['https://shop.example.com', 'https://shop.example.com:8443', false],
    ['shop.example.com', 'http://shop.example.com', true],
    ['*.example.com', 'https://eu.shop.example.com', true],
    ['*.example.com', 'https://example.org', false],
    ['*', 'http://localhost:5173', true],
    ['https://shop.example.com', 'https://evil.example', false],
  ])('allowed %s, origin %s: %s', async (allowed, origin, passes) => {
    configure({ client_trusted_domains: [allowed] });
    const answer = await browser(origin).POST('/client/v1/validations', {
      params: {},
      body: { redeemables: [{ object: 'voucher', id: 'NONE' }], order: { amount: 1000 } },
    });
    if (passes) expect(answer.response.status).toBe(200);
    else expect(answer.error).toMatchObject({ code: 403, key: 'forbidden', details: expect.stringContaining(origin) });
  });

  test('once the project names some, a request without an Origin is refused on every client operation', async () => {
    configure({ client_trusted_domains: ['https://shop.example.com'] });
    const tiers = await browser(undefined).GET('/client/v1/promotions/tiers', { params: { query: {} } });
    expect(tiers.error).toMatchObject({
      code: 403,
      key: 'forbidden',
      details: expect.stringContaining('no Origin header'),
    });
    const allowed = await browser('https://shop.example.com').GET('/client/v1/promotions/tiers', {
      params: { query: {} },
    });
    expect(allowed.response.status).toBe(200);
    // Server-side operations are never checked.
    expect((await mock.serverClient().GET('/v1/vouchers', { params: { query: {} } })).response.status).toBe(200);
  });
});
