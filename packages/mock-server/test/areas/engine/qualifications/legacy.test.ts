/**
 * The older qualification operations that existing clients call: `POST /v1/vouchers/qualification`
 * (generic codes) and `POST /v1/campaigns/qualification` (campaigns with codes to hand out), run by
 * the qualification engine and answered in their own shape.
 */
import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;
const later = () => mock.service.clock.advance(1000);

const PERCENT_10 = { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } as const;
const AMOUNT_5 = { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' } as const;

const code = (value: string, extra: Record<string, unknown> = {}) => {
  const voucher = state().vouchers.create({
    code: value,
    type: 'DISCOUNT_VOUCHER',
    discount: PERCENT_10,
    ...extra,
  } as never);
  later();
  return voucher;
};

const campaign = (name: string, extra: Record<string, unknown> = {}) => {
  const created = state().campaigns.create({
    name,
    campaign_type: 'DISCOUNT_COUPONS',
    vouchers_count: 1,
    voucher: { type: 'DISCOUNT_VOUCHER', discount: PERCENT_10 },
    ...extra,
  } as never);
  later();
  return created;
};

const rule = (definition: Record<string, unknown>, objectType: 'voucher' | 'campaign', objectId: string) => {
  const created = state().validationRules.create({ name: `rule ${objectId}`, ...definition } as never);
  state().validationRules.assign(created.id, { related_object_type: objectType, related_object_id: objectId } as never);
  return created;
};

const OVER_50 = { rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' } };
const VIP = { rules: { 1: { name: 'customer.metadata', property: 'tier', conditions: { $is: ['VIP'] } }, logic: '1' } };

describe('POST /v1/vouchers/qualification', () => {
  test('lists the generic codes that qualify, whole, with the lines their discounts cover; bulk campaign codes are left out', async () => {
    code('GENERIC-10');
    code('BIG-ORDERS');
    rule(OVER_50, 'voucher', state().vouchers.get('BIG-ORDERS').id);
    campaign('Bulk');
    const generic = state().campaigns.create({
      name: 'Generic',
      campaign_type: 'DISCOUNT_COUPONS',
      type: 'STANDALONE',
      vouchers_count: 1,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: AMOUNT_5 },
    } as never);
    later();
    const [genericCode] = state().vouchers.list({ campaign_id: generic.id }).items;

    const answer = await mock
      .serverClient()
      .vouchers.qualifications.examine({ customer: { source_id: 'ana' }, order: { amount: 2000 } });
    expect(answer).toMatchObject({ object: 'list', data_ref: 'data', total: 2, tracking_id: 'ana' });
    expect(answer.data.map((voucher) => voucher.code)).toEqual([genericCode?.code, 'GENERIC-10']);
    expect(answer.data[1]).toMatchObject({
      object: 'voucher',
      discount: { type: 'PERCENT', percent_off: 10 },
      applicable_to: { object: 'list', data_ref: 'data', data: [], total: 0 },
      inapplicable_to: { object: 'list', total: 0 },
      validation_rules_assignments: { object: 'list', total: 0 },
    });

    const big = await mock
      .serverClient()
      .vouchers.qualifications.examine({ order: { amount: 9000 } }, { order: 'code' });
    expect(big.data.map((voucher) => voucher.code)).toEqual(['BIG-ORDERS', 'GENERIC-10', genericCode?.code]);
    expect(big.tracking_id).toMatch(/^track_/);
  });

  test('audienceRulesOnly judges only the customer rules; limit and order cut and sort the list', async () => {
    code('VIP-ONLY');
    rule(VIP, 'voucher', state().vouchers.get('VIP-ONLY').id);
    code('BIG-ORDERS');
    rule(OVER_50, 'voucher', state().vouchers.get('BIG-ORDERS').id);
    code('ANYONE');
    state().customers.upsert({ source_id: 'vip', metadata: { tier: 'VIP' } }, { silent: true });
    const client = mock.serverClient();
    const audience = await client.vouchers.qualifications.examine(
      { customer: { source_id: 'vip' }, order: { amount: 100 } },
      { audienceRulesOnly: true },
    );
    expect(audience.data.map((voucher) => voucher.code)).toEqual(['ANYONE', 'BIG-ORDERS', 'VIP-ONLY']);
    const everything = await client.vouchers.qualifications.examine({
      customer: { source_id: 'vip' },
      order: { amount: 100 },
    });
    expect(everything.data.map((voucher) => voucher.code)).toEqual(['ANYONE', 'VIP-ONLY']);
    const first = await client.vouchers.qualifications.examine(
      { customer: { source_id: 'vip' }, order: { amount: 100 } },
      { audienceRulesOnly: true, limit: 2, order: 'created_at' },
    );
    expect(first).toMatchObject({ total: 2 });
    expect(first.data.map((voucher) => voucher.code)).toEqual(['VIP-ONLY', 'BIG-ORDERS']);
  });

  test('a discount on products lists the lines it covers', async () => {
    const { product: mug } = state().products.upsert({ source_id: 'mug', name: 'Mug', price: 1500 });
    code('MUGS', { discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' } });
    rule(
      { applicable_to: { included: [{ object: 'product', id: mug.id }] } },
      'voucher',
      state().vouchers.get('MUGS').id,
    );
    const answer = await mock.serverClient().vouchers.qualifications.examine({
      order: {
        items: [
          { product_id: mug.id, quantity: 2, price: 1500 },
          { source_id: 'lamp', quantity: 1, price: 3000 },
        ],
      },
    });
    expect(answer.data[0]?.applicable_to.data).toEqual([
      expect.objectContaining({ object: 'product', id: mug.id, order_item_indices: [0] }),
    ]);
  });

  test('a fixed POST route wins: GET /v1/vouchers/qualification still reads the voucher with that code', async () => {
    code('qualification');
    const read = await mock.raw('/v1/vouchers/qualification', { headers: serverHeaders(mock.service) });
    expect(await read.json()).toMatchObject({ code: 'qualification', object: 'voucher' });
    const examined = await mock.raw('/v1/vouchers/qualification', {
      method: 'POST',
      headers: serverHeaders(mock.service, { 'content-type': 'application/json' }),
      body: '{}',
    });
    expect(await examined.json()).toMatchObject({
      object: 'list',
      data: [expect.objectContaining({ code: 'qualification' })],
    });
    expect(state().vouchers.all()).toHaveLength(1);
  });

  test('errors: wrong keys 401, an unknown customer id 404, a limit over 50 or a malformed body 400', async () => {
    const wrong = await mock.raw('/v1/vouchers/qualification', {
      method: 'POST',
      headers: { 'x-app-id': 'nope', 'x-app-token': 'nope', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(wrong.status).toBe(401);
    const client = mock.serverClient();
    await expect(
      client.vouchers.qualifications.examine({ customer: { id: 'cust_0000000000000000ff' } }),
    ).rejects.toMatchObject({ status: 404, key: 'not_found' });
    await expect(client.vouchers.qualifications.examine({}, { limit: 51 })).rejects.toMatchObject({
      status: 400,
      key: 'invalid_query_params',
    });
    await expect(client.vouchers.qualifications.examine({ order: { amount: 'lots' } } as never)).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
    });
  });
});

describe('POST /v1/campaigns/qualification', () => {
  test('lists discount, gift card and referral campaigns with a code to give whose rules hold, whole; generic codes and promotions are left out', async () => {
    const coupons = campaign('Coupons');
    const gifts = campaign('Gift cards', {
      campaign_type: 'GIFT_VOUCHERS',
      voucher: { type: 'GIFT_VOUCHER', gift: { amount: 1000 } },
    });
    const friends = campaign('Friends', {
      campaign_type: 'REFERRAL_PROGRAM',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: PERCENT_10, is_referral_code: true },
    });
    const big = campaign('Big orders');
    rule(OVER_50, 'campaign', big.id);
    const empty = campaign('All given out');
    const [given] = state().vouchers.list({ campaign_id: empty.id }).items;
    state().vouchers.publish(
      given?.code ?? '',
      state().customers.upsert({ source_id: 'ben' }, { silent: true }).customer.id,
    );
    code('GENERIC');
    state().campaigns.create({
      name: 'Autumn',
      campaign_type: 'PROMOTION',
      promotion: { tiers: [{ name: 'Ten', action: { discount: PERCENT_10 } }] },
    } as never);

    const client = mock.serverClient();
    const small = await client.campaigns.qualifications.examine({
      customer: { source_id: 'ana' },
      order: { amount: 2000 },
    });
    expect(small).toMatchObject({ object: 'list', data_ref: 'data', total: 3, tracking_id: 'ana' });
    expect(small.data.map((item) => item.id)).toEqual([friends.id, gifts.id, coupons.id]);
    expect(small.data[2]).toMatchObject({
      object: 'campaign',
      name: 'Coupons',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { discount: { percent_off: 10 } },
    });

    const large = await client.campaigns.qualifications.examine({ order: { amount: 9000 } }, { order: 'campaign' });
    expect(large.data.map((item) => item.name)).toEqual(['Big orders', 'Coupons', 'Friends', 'Gift cards']);
    const byType = await client.campaigns.qualifications.examine(
      { order: { amount: 9000 } },
      { order: '-type', limit: 1 },
    );
    expect(byType.data.map((item) => item.campaign_type)).toEqual(['REFERRAL_PROGRAM']);
  });

  test('audienceRulesOnly leaves the order rules out', async () => {
    const big = campaign('Big orders');
    rule(OVER_50, 'campaign', big.id);
    const vip = campaign('VIP');
    rule(VIP, 'campaign', vip.id);
    const client = mock.serverClient();
    expect((await client.campaigns.qualifications.examine({ order: { amount: 100 } })).data).toEqual([]);
    expect(
      (await client.campaigns.qualifications.examine({ order: { amount: 100 } }, { audienceRulesOnly: true })).data.map(
        (item) => item.name,
      ),
    ).toEqual(['Big orders']);
  });

  test('errors: wrong keys 401, an unknown order id 404, an order outside the enum 400', async () => {
    const wrong = await mock.raw('/v1/campaigns/qualification', {
      method: 'POST',
      headers: { 'x-app-id': 'nope', 'x-app-token': 'nope', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(wrong.status).toBe(401);
    const client = mock.serverClient();
    await expect(
      client.campaigns.qualifications.examine({ order: { id: 'ord_0000000000000000ff' } }),
    ).rejects.toMatchObject({ status: 404, key: 'not_found' });
    await expect(client.campaigns.qualifications.examine({}, { order: 'name' as never })).rejects.toMatchObject({
      status: 400,
      key: 'invalid_query_params',
    });
  });
});
