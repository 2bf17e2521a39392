/**
 * Requests written the way the official SDKs write them (PHP, Python, Ruby, Java and JavaScript)
 * are read as the service reads them: dates in their several forms, single values for list
 * operators, empty-object operators, bodies left out, categories named on the fly. Forms no
 * client sends are refused with a 400 that names the field (decision 0058).
 */
import { VoucherifyServerSide } from '@voucherify/sdk';
import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../support/setup.js';

const mock = useMockService();

const DAY = 86_400_000;
const headers = () => serverHeaders(mock.service, { 'content-type': 'application/json' });
const get = async (path: string) => {
  const response = await mock.raw(path, { headers: headers() });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const send = async (method: string, path: string, body?: unknown) => {
  const response = await mock.raw(path, {
    method,
    headers: headers(),
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown> };
};
const names = (list: unknown): string[] => (list as { name: string }[]).map((item) => item.name);

describe('dates and timestamps in the forms clients write them', () => {
  /** One product on the first day, one on the third. */
  const twoProducts = async () => {
    expect((await send('POST', '/v1/products', { name: 'early', source_id: 'early' })).status).toBe(200);
    mock.service.clock.advance(2 * DAY);
    expect((await send('POST', '/v1/products', { name: 'late', source_id: 'late' })).status).toBe(200);
  };

  test.each([
    ['Python 6, an aware datetime', '2026-01-02T00:00:00.000000+0000'],
    ['Python 6, a naive datetime (read as UTC)', '2026-01-02T00:00:00.000000'],
    ['Ruby, Time#to_s in UTC', '2026-01-02 00:00:00 UTC'],
    ['Ruby, Time#to_s with an offset', '2026-01-02 01:00:00 +0100'],
    ['a calendar date alone', '2026-01-02'],
    ['JavaScript, Date#toJSON', '2026-01-02T00:00:00.000Z'],
  ])('%s narrows a product list: start_date=%s', async (_, start) => {
    await twoProducts();
    const listed = await get(`/v1/products?start_date=${encodeURIComponent(start)}`);
    expect(listed.status).toBe(200);
    expect(names(listed.body['products'])).toEqual(['late']);
    const before = await get(`/v1/products?end_date=${encodeURIComponent(start)}`);
    expect(names(before.body['products'])).toEqual(['early']);
  });

  test('a customer window written by Ruby and a deep-object window from a date alone', async () => {
    await send('POST', '/v1/customers', { source_id: 'first' });
    mock.service.clock.advance(2 * DAY);
    await send('POST', '/v1/customers', { source_id: 'second' });
    const ruby = await get(
      `/v1/customers?${encodeURIComponent('created_at[after]')}=${encodeURIComponent('2026-01-02 00:00:00 UTC')}`,
    );
    expect(ruby.status).toBe(200);
    expect((ruby.body['customers'] as { source_id: string }[]).map((customer) => customer.source_id)).toEqual([
      'second',
    ]);

    await send('POST', '/v1/vouchers/EARLY', {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100 },
    });
    mock.service.clock.advance(2 * DAY);
    await send('POST', '/v1/vouchers/LATE', {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100 },
    });
    const vouchers = await get(
      '/v1/vouchers?created_at[after]=2026-01-04&created_at[before]=2026-01-06T00:00:00.000000',
    );
    expect((vouchers.body['vouchers'] as { code: string }[]).map((voucher) => voucher.code)).toEqual(['LATE']);
  });

  test('a body date-time in any of these forms is stored as the service answers it', async () => {
    const created = await send('POST', '/v1/campaigns', {
      name: 'Ruby dates',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } },
      start_date: '2026-02-01 00:00:00 +0000',
      expiration_date: '2026-03-01T00:00:00.000000',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      start_date: '2026-02-01T00:00:00.000Z',
      expiration_date: '2026-03-01T00:00:00.000Z',
    });
    const updated = await send('PUT', '/v1/campaigns/Ruby%20dates', { start_date: '2026-01-15' });
    expect(updated.body).toMatchObject({ start_date: '2026-01-15T00:00:00.000Z' });
  });

  test('a date parameter takes a full timestamp, as the reference shows it, and narrows by its date', async () => {
    await send('POST', '/v1/campaigns', {
      name: 'Counted',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } },
    });
    await send('POST', '/v1/campaigns/Counted/vouchers/ONE', {});
    mock.service.clock.advance(2 * DAY);
    await send('POST', '/v1/campaigns/Counted/vouchers/TWO', {});
    const all = await get('/v1/campaigns/Counted/summary');
    expect(all.body['vouchers_created']).toBe(2);
    const later = await get('/v1/campaigns/Counted/summary?start_date=2026-01-02T10:13:06.487Z');
    expect(later.status).toBe(200);
    expect(later.body['vouchers_created']).toBe(1);
  });

  test.each([
    ['/v1/products?start_date=yesterday', 'start_date'],
    ['/v1/products?start_date=2026-02-30T00:00:00Z', 'start_date'],
    ['/v1/products?end_date=1767225600', 'end_date'],
    ['/v1/campaigns/Counted/summary?end_date=01/02/2026', 'end_date'],
    ['/v1/vouchers?created_at[after]=2026-01-01T25:00:00Z', 'created_at.after'],
  ])('a form no client sends is refused, naming the parameter: %s', async (path, name) => {
    const refused = await get(path);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ key: 'invalid_query_params' });
    expect(String(refused.body['details'])).toContain(name);
  });

  test('a body date in a form no client sends is refused, naming the field', async () => {
    const refused = await send('POST', '/v1/campaigns', {
      name: 'Bad',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 1 } },
      start_date: '1 Feb 2026',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ key: 'invalid_payload' });
    expect(String(refused.body['details'])).toContain('.start_date');
  });
});

describe('list operators given one value', () => {
  const campaign = (name: string, category?: string) =>
    send('POST', '/v1/campaigns', {
      name,
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } },
      ...(category === undefined ? {} : { category }),
    });

  test('filters[categories][conditions][$in]=Seasonal reads as a list of one and filters', async () => {
    await send('POST', '/v1/categories', { name: 'Seasonal', hierarchy: 1 });
    expect((await campaign('Winter', 'Seasonal')).status).toBe(200);
    await campaign('Always');
    const listed = await get('/v1/campaigns?filters[categories][conditions][$in]=Seasonal');
    expect(listed.status).toBe(200);
    expect(names(listed.body['campaigns'])).toEqual(['Winter']);
    const excluded = await get('/v1/campaigns?filters[categories][conditions][$not_in]=Seasonal');
    expect(names(excluded.body['campaigns'])).toEqual(['Always']);
  });

  test("PHP's filters[voucher_code][conditions][$not_in]=123 leaves out that code's redemptions", async () => {
    for (const code of ['123', '456']) {
      await send('POST', `/v1/vouchers/${code}`, {
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'AMOUNT', amount_off: 100 },
      });
      const redeemed = await send('POST', '/v1/redemptions', {
        redeemables: [{ object: 'voucher', id: code }],
        order: { amount: 1000 },
      });
      expect(redeemed.status).toBe(200);
    }
    const listed = await get('/v1/redemptions?filters[voucher_code][conditions][$not_in]=123');
    expect(listed.status).toBe(200);
    expect(
      (listed.body['redemptions'] as { voucher: { code: string } }[]).map((redemption) => redemption.voucher.code),
    ).toEqual(['456']);
  });
});

describe('operators whose operand is an empty object, written with an empty value', () => {
  test('filters[active][conditions][$enabled]= and filters[status][conditions][$active]= filter campaigns', async () => {
    for (const name of ['Gift Cards', 'Coupons']) {
      await send('POST', '/v1/campaigns', {
        name,
        campaign_type: 'DISCOUNT_COUPONS',
        voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } },
      });
    }
    expect((await send('POST', '/v1/campaigns/Gift%20Cards/disable', {})).status).toBe(200);
    const enabled = await get('/v1/campaigns?filters[active][conditions][$enabled]=');
    expect(enabled.status).toBe(200);
    expect(names(enabled.body['campaigns'])).toEqual(['Coupons']);
    expect(names((await get('/v1/campaigns?filters[active][conditions][$disabled]=')).body['campaigns'])).toEqual([
      'Gift Cards',
    ]);
    expect(names((await get('/v1/campaigns?filters[status][conditions][$active]=')).body['campaigns'])).toEqual([
      'Coupons',
      'Gift Cards',
    ]);
    expect(names((await get('/v1/campaigns?filters[status][conditions][$failed]=')).body['campaigns'])).toEqual([]);
  });

  test('an operand that is not empty is refused, naming the operator', async () => {
    const refused = await get('/v1/campaigns?filters[status][conditions][$active]=yes');
    expect(refused.status).toBe(400);
    expect(String(refused.body['details'])).toContain('filters.status.conditions.$active');
  });
});

describe('bulk, metadata and import bodies left out or empty', () => {
  /** Starts a job as a client that sends no body (Python 6, JS 3) or the body given, and reads the finished action. */
  const job = async (path: string, body?: unknown) => {
    const started = await send('POST', path, body);
    expect(started.status).toBeLessThan(300);
    await mock.service.scheduler.drain();
    return (await get(`/v1/async-actions/${String(started.body['async_action_id'])}`)).body;
  };

  test.each([
    ['/v1/products/bulk/async', undefined],
    ['/v1/products/metadata/async', undefined],
    ['/v1/products/metadata/async', {}],
    ['/v1/customers/bulk/async', undefined],
    ['/v1/customers/metadata/async', {}],
    ['/v1/orders/import', undefined],
  ])('POST %s with %j starts a job that ends DONE having changed nothing', async (path, body) => {
    const action = await job(path, body);
    expect(action).toMatchObject({ status: 'DONE' });
    expect(JSON.stringify(action['result'])).not.toContain('"failed_count":1');
    expect((await get('/v1/products')).body['total']).toBe(0);
    expect((await get('/v1/customers')).body['total']).toBe(0);
  });

  test("the JS 3 and Python tests' {product_ids} body is read without the field the service does not know", async () => {
    await send('POST', '/v1/products', { source_id: 'mug', name: 'Mug' });
    const action = await job('/v1/products/metadata/async', { product_ids: ['mug'] });
    expect(action).toMatchObject({ status: 'DONE' });
    expect((await get('/v1/products/mug')).body['metadata']).toEqual({});
  });

  test('a body with its records still acts on them', async () => {
    const action = await job('/v1/products/metadata/async', { source_ids: ['mug'], metadata: { season: 'summer' } });
    expect(action).toMatchObject({ status: 'DONE' });
    expect((await get('/v1/products/mug')).body['metadata']).toEqual({ season: 'summer' });
  });

  test.each([
    ['/v1/products/bulk/async', {}, '(body) should be array'],
    ['/v1/products/bulk/async', [{ name: 'no source id' }], '[0].source_id'],
    ['/v1/vouchers/metadata/async', {}, '.codes'],
    ['/v1/products/metadata/async', { source_ids: 'mug' }, '.source_ids'],
    ['/v1/products/bulk/async', '{"source_id":', 'not valid JSON'],
  ])('POST %s with %j is refused, naming what is wrong', async (path, body, named) => {
    const refused = await send('POST', path, body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ key: 'invalid_payload' });
    expect(String(refused.body['details'])).toContain(named);
  });
});

describe('a category named by a name that does not exist yet', () => {
  const categories = async () =>
    (await get('/v1/categories')).body['data'] as { id: string; name: string; hierarchy: number }[];
  const discount = {
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
  };

  test("the reference's voucher example: the category is made, and the voucher names it by name and id", async () => {
    const created = await send('POST', '/v1/vouchers', {
      category: 'New Customers',
      code: 'NEW-WELCOME-COUPON',
      ...discount,
      start_date: '2016-01-01T00:00:00Z',
      expiration_date: '2022-12-31T23:59:59Z',
      active: false,
    });
    expect(created.status).toBe(200);
    const [made] = await categories();
    expect(made).toMatchObject({
      name: 'New Customers',
      hierarchy: 1,
      id: expect.stringMatching(/^cat_[0-9a-f]{18}$/),
    });
    expect(created.body).toMatchObject({
      category: 'New Customers',
      category_id: made?.id,
      categories: [{ id: made?.id, name: 'New Customers' }],
      start_date: '2016-01-01T00:00:00.000Z',
    });
    const listed = await get(`/v1/vouchers?category=${encodeURIComponent('New Customers')}`);
    expect((listed.body['vouchers'] as { code: string }[]).map((voucher) => voucher.code)).toEqual([
      'NEW-WELCOME-COUPON',
    ]);
  });

  test('campaigns and promotion tiers find the category made before, or make it after the highest', async () => {
    await send('POST', '/v1/categories', { name: 'First', hierarchy: 3 });
    const campaign = await send('POST', '/v1/campaigns', {
      name: 'Brand',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: discount,
      category: 'Brand New Name',
    });
    expect(campaign.status).toBe(200);
    const promotion = await send('POST', '/v1/campaigns', {
      name: 'Promo',
      campaign_type: 'PROMOTION',
      category: 'Brand New Name',
      promotion: {
        tiers: [
          { name: 'A', action: { discount: discount.discount }, category: 'Nonexistent Cat' },
          { name: 'B', action: { discount: discount.discount }, category: 'Nonexistent Cat' },
        ],
      },
    });
    expect(promotion.status).toBe(200);
    const made = await categories();
    expect(made.map((category) => [category.name, category.hierarchy])).toEqual([
      ['Nonexistent Cat', 5],
      ['Brand New Name', 4],
      ['First', 3],
    ]);
    const byName = new Map(made.map((category) => [category.name, category.id]));
    expect(campaign.body).toMatchObject({ category: 'Brand New Name', category_id: byName.get('Brand New Name') });
    expect(promotion.body).toMatchObject({ category_id: byName.get('Brand New Name') });
    const tiers = (await get('/v1/promotions/Promo/tiers')).body['tiers'] as {
      category_id: string;
      categories: { name: string }[];
    }[];
    expect(tiers.map((tier) => [tier.category_id, tier.categories.map((category) => category.name)])).toEqual([
      [byName.get('Nonexistent Cat'), ['Nonexistent Cat']],
      [byName.get('Nonexistent Cat'), ['Nonexistent Cat']],
    ]);
    const tier = await send('POST', `/v1/promotions/${String(promotion.body['id'])}/tiers`, {
      name: 'C',
      action: { discount: discount.discount },
      category: 'Later',
    });
    expect(tier.status).toBe(200);
    expect((tier.body['categories'] as { name: string }[]).map((category) => category.name)).toEqual(['Later']);
    const updated = await send('PUT', '/v1/campaigns/Brand', { category: 'Renamed' });
    expect(updated.body).toMatchObject({ category: 'Renamed', category_id: expect.stringMatching(/^cat_/) });
    expect((await categories()).map((category) => category.name)).toContain('Renamed');
  });

  test('a request refused for another reason makes no category', async () => {
    const refused = await send('POST', '/v1/campaigns', {
      name: 'Refused',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: discount,
      category: 'Never',
      validation_rules: ['val_missing'],
    });
    expect(refused.status).toBe(404);
    const badWindow = await send('POST', '/v1/vouchers/BAD', {
      ...discount,
      category: 'Never',
      validity_timeframe: { interval: 'P1D', duration: 'nonsense' },
    });
    expect(badWindow.status).toBe(400);
    expect(await categories()).toEqual([]);
  });

  test('an imported voucher naming a new category makes it too', async () => {
    const started = await send('POST', '/v1/vouchers/import', [
      { code: 'IMPORTED-1', category: 'Imported', ...discount },
    ]);
    expect(started.status).toBe(202);
    await mock.service.scheduler.drain();
    expect((await get('/v1/vouchers/IMPORTED-1')).body).toMatchObject({
      category: 'Imported',
      category_id: expect.stringMatching(/^cat_/),
    });
    expect((await categories()).map((category) => category.name)).toEqual(['Imported']);
  });

  test('a category_id that names no category is still 404', async () => {
    const refused = await send('POST', '/v1/vouchers/BY-ID', { ...discount, category_id: 'cat_0000000000000000aa' });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ key: 'not_found', resource_type: 'category' });
  });
});

describe('body values from the official SDK tests', () => {
  test('an export filter with $is_unknown: true is created and listed with its parameters as sent', async () => {
    const parameters = {
      fields: ['id', 'code', 'voucher_type', 'value', 'discount_type'],
      filters: { code: { conditions: { $is_unknown: true } } },
    };
    const created = await send('POST', '/v1/exports', { exported_object: 'voucher', parameters });
    expect(created.status).toBe(200);
    const listed = (await get('/v1/exports')).body['exports'] as { id: string; parameters: unknown }[];
    expect(listed.find((item) => item.id === created.body['id'])?.parameters).toEqual(parameters);
  });

  test('a product collection filter with $is: [true] keeps the products whose metadata is true', async () => {
    await send('POST', '/v1/products', { source_id: 'awesome', name: 'Awesome', metadata: { isAwesome: true } });
    await send('POST', '/v1/products', { source_id: 'plain', name: 'Plain', metadata: { isAwesome: false } });
    const collection = await send('POST', '/v1/product-collections', {
      name: 'xxx',
      type: 'AUTO_UPDATE',
      filter: { junction: 'AND', 'metadata.isAwesome': { conditions: { $is: [true] } } },
    });
    expect(collection.status).toBe(200);
    const products = (await get(`/v1/product-collections/${String(collection.body['id'])}/products`)).body['data'] as {
      source_id: string;
    }[];
    expect(products.map((product) => product.source_id)).toEqual(['awesome']);
  });

  test('a loyalty tier created with points: {} has no range: it overlaps no tier and no balance reaches it', async () => {
    const campaign = await send('POST', '/v1/loyalties', {
      name: 'Tiered',
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } },
    });
    expect(campaign.status).toBe(200);
    const id = String(campaign.body['id']);
    const tiers = await send('POST', `/v1/loyalties/${id}/tiers`, [
      { name: 'Ranged', points: { from: 10, to: 100 } },
      { name: 'Open', earning_rules: {}, points: {} },
    ]);
    expect(tiers.status).toBe(200);
    expect(tiers.body).toMatchObject([
      { name: 'Ranged', points: { from: 10, to: 100 } },
      { name: 'Open', points: {}, earning_rules: {} },
    ]);
    const member = await send('POST', `/v1/loyalties/${id}/members`, { customer: { source_id: 'member' } });
    expect(member.status).toBe(200);
    const code = String(member.body['code']);
    await send('POST', `/v1/loyalties/${id}/members/${code}/balance`, { points: 50 });
    const held = (await get(`/v1/loyalties/members/${code}/tiers`)).body['data'] as { name: string }[];
    expect(held.map((tier) => tier.name)).toEqual(['Ranged']);
    await send('POST', `/v1/loyalties/${id}/members/${code}/balance`, { points: 500 });
    expect((await get(`/v1/loyalties/members/${code}/tiers`)).body['data']).toEqual([]);
  });

  test('a deleted campaign takes its reward assignments with it, so the reward can be deleted', async () => {
    const campaign = await send('POST', '/v1/campaigns', {
      name: 'Points',
      campaign_type: 'LOYALTY_PROGRAM',
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 1000 } },
    });
    const reward = await send('POST', '/v1/rewards', {
      name: 'Coins',
      type: 'COIN',
      parameters: { coin: { exchange_ratio: 10 } },
    });
    const assigned = await send('POST', `/v1/rewards/${String(reward.body['id'])}/assignments`, {
      campaign: campaign.body['id'],
    });
    expect(assigned.status).toBe(200);
    expect((await send('DELETE', '/v1/campaigns/Points?force=true')).status).toBeLessThan(300);
    const deleted = await send('DELETE', `/v1/rewards/${String(reward.body['id'])}`);
    expect(deleted.status).toBe(204);
  });

  test('a reward still offered by a campaign cannot be deleted', async () => {
    await send('POST', '/v1/campaigns', {
      name: 'Kept',
      campaign_type: 'LOYALTY_PROGRAM',
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 1000 } },
    });
    const reward = await send('POST', '/v1/rewards', {
      name: 'Coins',
      type: 'COIN',
      parameters: { coin: { exchange_ratio: 10 } },
    });
    await send('POST', `/v1/rewards/${String(reward.body['id'])}/assignments`, { campaign: 'Kept' });
    const refused = await send('DELETE', `/v1/rewards/${String(reward.body['id'])}`);
    expect(refused).toMatchObject({ status: 400, body: { key: 'resource_in_use' } });
  });
});

describe('small differences in answers and messages', () => {
  test('an order line without a price shows its ids and quantity, not amounts it cannot have', async () => {
    const created = await send('POST', '/v1/orders', {
      amount: 10000,
      status: 'CREATED',
      items: [
        { product_id: 'test_order_item1', quantity: 1 },
        { product_id: 'priced', quantity: 2, price: 500 },
      ],
    });
    expect(created.status).toBe(200);
    const [unpriced, priced] = created.body['items'] as Record<string, unknown>[];
    expect(unpriced).toEqual({
      object: 'order_item',
      product_id: 'test_order_item1',
      quantity: 1,
      initial_quantity: 1,
    });
    // A priced line shows its amounts; the discounts nothing gave are left out, as everywhere (decision 0057).
    expect(priced).toMatchObject({ price: 500, amount: 1000, subtotal_amount: 1000 });
    expect(priced).not.toHaveProperty('discount_quantity');
    expect(created.body).toMatchObject({ amount: 10000, total_amount: 10000 });
  });

  test.each([
    ['a query filter', () => get('/v1/vouchers?filters[code]=x'), 'invalid_query_params', 'Invalid query parameters'],
    [
      'a query filter operator',
      () => get('/v1/vouchers?filters[code][conditions][$nope]=x'),
      'invalid_query_params',
      'Invalid query parameters',
    ],
    [
      'a segment filter',
      () =>
        send('POST', '/v1/segments', {
          name: 's',
          type: 'auto-update',
          filter: { junction: 'and', email: { conditions: { $nope: ['a'] } } },
        }),
      'invalid_payload',
      'Invalid payload',
    ],
  ])('%s refused answers the same message as every other refusal', async (_, request, key, message) => {
    const refused = await request();
    expect(refused).toMatchObject({ status: 400, body: { key, message } });
  });
});

describe('the same forms through the official JavaScript SDK 2.9', () => {
  const sdk = () => {
    const { appId, appToken } = mock.service.projects.primary.keys;
    return VoucherifyServerSide({ applicationId: appId, secretKey: appToken, apiUrl: mock.service.baseUrl });
  };
  // The SDK's own types lag behind the API in places; the casts are for those places only.

  test('redemptions.list({ created_at: { after: a date } }) narrows the list', async () => {
    const client = sdk();
    for (const code of ['OLD', 'NEW']) {
      await client.vouchers.create({
        code,
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'AMOUNT', amount_off: 100 },
      } as never);
      await client.redemptions.redeemStackable({
        redeemables: [{ object: 'voucher', id: code }],
        order: { amount: 1000 },
      });
      mock.service.clock.advance(2 * DAY);
    }
    const listed = await client.redemptions.list({ created_at: { after: '2026-01-02' } } as never);
    expect(
      (listed.redemptions as { voucher?: { code: string } }[]).map((redemption) => redemption.voucher?.code),
    ).toEqual(['NEW']);
  });

  test('vouchers.create with a new category name, exports with $is_unknown: true, collections with $is: [true]', async () => {
    const client = sdk();
    const voucher = await client.vouchers.create({
      code: 'NEW-WELCOME-COUPON',
      category: 'New Customers',
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
    } as never);
    expect(voucher).toMatchObject({ category: 'New Customers', category_id: expect.stringMatching(/^cat_/) });
    expect((await client.categories.list()).data.map((category) => category.name)).toEqual(['New Customers']);

    const request = {
      exported_object: 'voucher' as const,
      parameters: { fields: ['id', 'code'], filters: { code: { conditions: { $is_unknown: true } } } },
    };
    const exported = await client.distributions.exports.create(request as never);
    const listed = await client.distributions.exports.list();
    expect(listed.exports.find((item) => item.id === exported.id)).toMatchObject({ parameters: request.parameters });

    await expect(
      client.productCollections.create({
        name: 'xxx',
        type: 'AUTO_UPDATE',
        filter: { junction: 'AND', 'metadata.isAwesome': { conditions: { $is: [true] } } },
      } as never),
    ).resolves.toMatchObject({ object: 'products_collection' });
  });

  test('loyalties.createTiers with points: {}, then the campaign and its reward deleted in turn', async () => {
    const client = sdk();
    const campaign = await client.loyalties.create({
      name: 'SDK loyalty',
      vouchers_count: 1,
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } },
    } as never);
    const tiers = [
      { name: 'Ranged', points: { from: 10, to: 100 } },
      { name: 'Open', earning_rules: {}, points: {} },
    ];
    const created = await client.loyalties.createTiers(campaign.id, tiers as never);
    for (const tier of created)
      expect(tier).toEqual(expect.objectContaining(tiers.find((wanted) => wanted.name === tier.name)));

    const reward = await client.rewards.create({
      name: 'Coins',
      type: 'COIN',
      parameters: { coin: { exchange_ratio: 10 } },
    } as never);
    await client.rewards.createAssignment(reward.id, { campaign: campaign.id } as never);
    await client.campaigns.delete(campaign.name, { force: true });
    await client.rewards.delete(reward.id);
    await expect(client.rewards.get(reward.id)).rejects.toMatchObject({ code: 404 });
  });
});
