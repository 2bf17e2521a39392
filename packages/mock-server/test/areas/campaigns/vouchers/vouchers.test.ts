import { describe, expect, test } from 'vitest';
import { T0, serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();

const state = () => mock.service.projects.primary.state;
const PERCENT = { type: 'PERCENT', percent_off: 10 } as const;
const discountVoucher = { type: 'DISCOUNT_VOUCHER', discount: PERCENT } as const;
const giftCard = (amount = 5000) => ({ type: 'GIFT_VOUCHER', gift: { amount } }) as const;

const create = async (code: string, body: Record<string, unknown> = discountVoucher) => {
  const { data, error } = await mock
    .serverClient()
    .POST('/v1/vouchers/{code}', { params: { path: { code } }, body: body as typeof discountVoucher });
  if (!data) throw new Error(`voucher not created: ${JSON.stringify(error)}`);
  return data;
};

const path = (code: string) => ({ params: { path: { code } } });

describe('creating vouchers', () => {
  test('a standalone voucher with its code in the path has the fields of the spec', async () => {
    const voucher = await create('SUMMER-10');
    expect(voucher).toMatchObject({
      id: expect.stringMatching(/^v_[0-9a-f]{18}$/),
      code: 'SUMMER-10',
      campaign: null,
      campaign_id: null,
      type: 'DISCOUNT_VOUCHER',
      discount: PERCENT,
      gift: null,
      loyalty_card: null,
      active: true,
      is_referral_code: false,
      metadata: {},
      created_at: T0,
      updated_at: null,
      object: 'voucher',
      categories: [],
      publish: { object: 'list', count: 0, url: '/v1/vouchers/SUMMER-10/publications?page=1&limit=10' },
      redemption: {
        quantity: null,
        redeemed_quantity: 0,
        object: 'list',
        url: '/v1/vouchers/SUMMER-10/redemptions?page=1&limit=10',
      },
      validation_rules_assignments: { object: 'list', data_ref: 'data', data: [], total: 0 },
    });
  });

  test('without a code, one is generated from code_config (pattern, charset, prefix, postfix)', async () => {
    const { data } = await mock.serverClient().POST('/v1/vouchers', {
      body: { ...discountVoucher, code_config: { pattern: 'SUMMER-####', charset: '0123456789', postfix: '-X' } },
    });
    expect(data?.code).toMatch(/^SUMMER-\d{4}-X$/);
    const { data: plain } = await mock.serverClient().POST('/v1/vouchers', { body: discountVoucher });
    expect(plain?.code).toMatch(/^[0-9a-zA-Z]{8}$/);
  });

  test('a code_config whose space is used up is refused with invalid_code_config', async () => {
    for (const code of ['A', 'B']) await create(code);
    const { error, response } = await mock
      .serverClient()
      .POST('/v1/vouchers', { body: { ...discountVoucher, code_config: { pattern: '#', charset: 'AB' } } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ key: 'invalid_code_config' });
  });

  test('a code used in the project is refused with 409, in the path or in the body', async () => {
    await create('TAKEN');
    const again = await mock.serverClient().POST('/v1/vouchers/{code}', { ...path('TAKEN'), body: discountVoucher });
    expect(again.response.status).toBe(409);
    expect(again.error).toMatchObject({
      code: 409,
      key: 'duplicate_found',
      resource_id: 'TAKEN',
      resource_type: 'voucher',
    });
    const inBody = await mock.serverClient().POST('/v1/vouchers', { body: { ...discountVoucher, code: 'TAKEN' } });
    expect(inBody.response.status).toBe(409);
  });

  test('of two concurrent requests creating the same code, one creates it and the other gets duplicate_found', async () => {
    const client = mock.serverClient();
    const results = await Promise.all([
      client.POST('/v1/vouchers/{code}', { ...path('RACE'), body: discountVoucher }),
      client.POST('/v1/vouchers/{code}', { ...path('RACE'), body: giftCard() }),
    ]);
    expect(results.map(({ response }) => response.status).sort()).toEqual([200, 409]);
    expect(state().vouchers.size).toBe(1);
  });

  test('a gift card starts with its credits as balance; a loyalty card needs a campaign', async () => {
    const gift = await create('GIFT-1', giftCard(2500));
    expect(gift).toMatchObject({
      type: 'GIFT_VOUCHER',
      discount: null,
      gift: { amount: 2500, subtracted_amount: 0, balance: 2500 },
      redemption: { redeemed_amount: 0 },
    });
    const { error, response } = await mock
      .serverClient()
      .POST('/v1/vouchers', { body: { type: 'LOYALTY_CARD', loyalty_card: { points: 10 } } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ key: 'invalid_voucher' });
  });

  test('a category is found by id or by name; an unknown name makes it, an unknown id is a 404 and creates nothing', async () => {
    const seasonal = state().categories.create({ name: 'Seasonal', hierarchy: 1 });
    expect(await create('BY-ID', { ...discountVoucher, category_id: seasonal.id })).toMatchObject({
      category: 'Seasonal',
      category_id: seasonal.id,
      categories: [seasonal],
    });
    expect(await create('BY-NAME', { ...discountVoucher, category: 'Seasonal' })).toMatchObject({
      category_id: seasonal.id,
    });
    const made = await create('NEW-CAT', { ...discountVoucher, category: 'Nope' });
    expect(state().categories.list()[0]).toMatchObject({ name: 'Nope', hierarchy: 2, id: made.category_id });
    const unknown = await mock.serverClient().POST('/v1/vouchers/{code}', {
      ...path('NO-CAT'),
      body: { ...discountVoucher, category_id: 'cat_0000000000000000aa' },
    });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toMatchObject({ key: 'not_found', resource_type: 'category' });
    expect(state().vouchers.find('NO-CAT')).toBeUndefined();
  });

  test('a malformed validity window is a 400 from the domain', async () => {
    const { error, response } = await mock.serverClient().POST('/v1/vouchers', {
      body: {
        ...discountVoucher,
        validity_hours: { daily: [{ start_time: '25:00', expiration_time: '26:00', days_of_week: [1] }] },
      },
    });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ key: 'invalid_payload' });
  });

  test('records voucher.created with the request as group', async () => {
    const voucher = await create('EVENTS');
    const [event] = state().events.list({ type: 'voucher.created', entityId: voucher.id });
    expect(event?.data.voucher.code).toBe('EVENTS');
    expect(event?.group_id).toMatch(/^v-[0-9a-f]{18}$/);
  });
});

describe('reading, changing and switching vouchers', () => {
  test('get by code or by id; codes with special characters are URL-encoded', async () => {
    const voucher = await create('50% OFF/now');
    const byCode = await mock.serverClient().GET('/v1/vouchers/{code}', path('50% OFF/now'));
    expect(byCode.data?.id).toBe(voucher.id);
    const byId = await mock.serverClient().GET('/v1/vouchers/{code}', path(voucher.id));
    expect(byId.data?.code).toBe('50% OFF/now');
    const missing = await mock.serverClient().GET('/v1/vouchers/{code}', path('NOPE'));
    expect(missing.error).toMatchObject({ code: 404, key: 'not_found', resource_id: 'NOPE', resource_type: 'voucher' });
  });

  test('update changes the fields the service allows, merges metadata and ignores the rest', async () => {
    await create('UPD', { ...giftCard(1000), metadata: { a: 1, b: 2 } });
    mock.service.clock.advance(1_000);
    const { data } = await mock.serverClient().PUT('/v1/vouchers/{code}', {
      ...path('UPD'),
      body: {
        expiration_date: '2026-06-01T00:00:00.000Z',
        additional_info: 'extra',
        metadata: { b: 3 },
        gift: { amount: 999_999, effect: 'APPLY_TO_ITEMS' },
        code: 'RENAMED',
        type: 'DISCOUNT_VOUCHER',
      } as never,
    });
    expect(data).toMatchObject({
      code: 'UPD',
      type: 'GIFT_VOUCHER',
      expiration_date: '2026-06-01T00:00:00.000Z',
      additional_info: 'extra',
      metadata: { a: 1, b: 3 },
      gift: { amount: 1000, balance: 1000, effect: 'APPLY_TO_ITEMS' },
      updated_at: '2026-01-01T00:00:01.000Z',
    });
    expect(state().events.list({ type: 'voucher.updated' })).toHaveLength(1);
  });

  test('a discount voucher takes a new discount; a gift card ignores one', async () => {
    await create('NEW-DISCOUNT');
    await create('GIFT-NO-DISCOUNT', giftCard());
    const amount = { type: 'AMOUNT', amount_off: 700 } as const;
    const changed = await mock
      .serverClient()
      .PUT('/v1/vouchers/{code}', { ...path('NEW-DISCOUNT'), body: { type: 'DISCOUNT_VOUCHER', discount: amount } });
    expect(changed.data?.discount).toEqual(amount);
    const ignored = await mock
      .serverClient()
      .PUT('/v1/vouchers/{code}', { ...path('GIFT-NO-DISCOUNT'), body: { discount: amount } });
    expect(ignored.data).toMatchObject({ type: 'GIFT_VOUCHER', discount: null });
  });

  test('disable and enable switch active without touching the dates, and record their events', async () => {
    await create('SWITCH', { ...discountVoucher, expiration_date: '2026-02-01T00:00:00.000Z' });
    const off = await mock.serverClient().POST('/v1/vouchers/{code}/disable', path('SWITCH'));
    expect(off.data).toMatchObject({ active: false, expiration_date: '2026-02-01T00:00:00.000Z' });
    const on = await mock.serverClient().POST('/v1/vouchers/{code}/enable', path('SWITCH'));
    expect(on.data?.active).toBe(true);
    expect(
      state()
        .events.list()
        .map((event) => event.type),
    ).toEqual(['voucher.created', 'voucher.disabled', 'voucher.enabled']);
  });
});

describe('deleting vouchers', () => {
  test('without force the voucher goes to the bin and its code stays taken until the entry is deleted', async () => {
    const voucher = await create('BINNED');
    const deleted = await mock.serverClient().DELETE('/v1/vouchers/{code}', path('BINNED'));
    expect(deleted.response.status).toBe(204);
    expect((await mock.serverClient().GET('/v1/vouchers/{code}', path('BINNED'))).response.status).toBe(404);
    const entry = state().bin.entryOf('voucher', voucher.id);
    expect(entry).toMatchObject({ resource_name: 'BINNED', resource_type: 'voucher' });
    expect(
      (await mock.serverClient().POST('/v1/vouchers/{code}', { ...path('BINNED'), body: discountVoucher })).response
        .status,
    ).toBe(409);
    await mock
      .serverClient()
      .DELETE('/v1/trash-bin/{binEntryId}', { params: { path: { binEntryId: entry?.id ?? '' } } });
    expect(
      (await mock.serverClient().POST('/v1/vouchers/{code}', { ...path('BINNED'), body: discountVoucher })).response
        .status,
    ).toBe(200);
  });

  test('with force=true the voucher is gone for good and the code is free at once', async () => {
    const voucher = await create('GONE');
    await mock
      .serverClient()
      .DELETE('/v1/vouchers/{code}', { params: { path: { code: 'GONE' }, query: { force: true } } });
    expect(state().bin.entryOf('voucher', voucher.id)).toBeUndefined();
    expect(state().events.list({ type: 'voucher.deleted' })).toHaveLength(1);
    expect(
      (await mock.serverClient().POST('/v1/vouchers/{code}', { ...path('GONE'), body: discountVoucher })).response
        .status,
    ).toBe(200);
  });
});

describe('listing vouchers', () => {
  const codes = (vouchers: readonly { code: string }[] | undefined) => vouchers?.map((voucher) => voucher.code);

  test('newest first by default, paged, with the total', async () => {
    for (const code of ['A', 'B', 'C']) {
      await create(code);
      mock.service.clock.advance(1_000);
    }
    const { data } = await mock.serverClient().GET('/v1/vouchers', { params: { query: { limit: 2 } } });
    expect(data).toMatchObject({ object: 'list', data_ref: 'vouchers', total: 3 });
    expect(codes(data?.vouchers)).toEqual(['C', 'B']);
    const second = await mock.serverClient().GET('/v1/vouchers', { params: { query: { limit: 2, page: 2 } } });
    expect(codes(second.data?.vouchers)).toEqual(['A']);
    const byCode = await mock.serverClient().GET('/v1/vouchers', { params: { query: { order: '-code' } } });
    expect(codes(byCode.data?.vouchers)).toEqual(['C', 'B', 'A']);
    const oldest = await mock.serverClient().GET('/v1/vouchers', { params: { query: { order: 'created_at' } } });
    expect(codes(oldest.data?.vouchers)).toEqual(['A', 'B', 'C']);
  });

  test('filters by campaign, category, customer, code, ids, dates and advanced filters', async () => {
    const campaign = state().campaigns.create({
      name: 'Summer',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: discountVoucher,
    });
    const seasonal = state().categories.create({ name: 'Seasonal', hierarchy: 1 });
    const inCampaign = state().vouchers.create({ campaign: 'Summer', code: 'S-1' });
    mock.service.clock.advance(60_000);
    const categorized = state().vouchers.create({
      ...discountVoucher,
      code: 'CAT-1',
      category_id: seasonal.id,
      metadata: { tier: 'gold' },
    });
    const held = state().vouchers.replace(state().vouchers.create({ ...giftCard(), code: 'HELD-1' }), {
      holder_id: 'cust_1',
    });
    const list = async (query: Record<string, unknown>) =>
      codes((await mock.serverClient().GET('/v1/vouchers', { params: { query: query as never } })).data?.vouchers);
    expect(await list({ campaign_id: campaign.id })).toEqual(['S-1']);
    expect(await list({ campaign: 'Summer' })).toEqual(['S-1']);
    expect(await list({ category: 'Seasonal' })).toEqual(['CAT-1']);
    expect(await list({ customer: 'cust_1' })).toEqual(['HELD-1']);
    expect(await list({ code: 'CAT-1' })).toEqual(['CAT-1']);
    expect(await list({ ids: [inCampaign.id, held.id] })).toEqual(['HELD-1', 'S-1']);
    expect(await list({ created_at: { before: '2026-01-01T00:00:30.000Z' } })).toEqual(['S-1']);
    expect(await list({ created_at: { after: '2026-01-01T00:00:30.000Z' } })).toEqual(['HELD-1', 'CAT-1']);
    expect(await list({ updated_at: { after: '2026-01-01T00:00:30.000Z' } })).toEqual(['HELD-1']);
    // The typed client does not write nested query objects; the filters go in the URL as the service documents them.
    const raw = async (query: string) => {
      const body = (await (
        await mock.raw(`/v1/vouchers?${query}`, { headers: serverHeaders(mock.service) })
      ).json()) as { vouchers: { code: string }[] };
      return codes(body.vouchers);
    };
    expect(await raw('filters[metadata.tier][conditions][$is]=gold')).toEqual([categorized.code]);
    expect(await raw('filters[type][conditions][$in][0]=GIFT_VOUCHER')).toEqual(['HELD-1']);
    expect(
      await raw('filters[junction]=OR&filters[code][conditions][$is]=S-1&filters[type][conditions][$is]=GIFT_VOUCHER'),
    ).toEqual(['HELD-1', 'S-1']);
  });

  test('a malformed filter is a 400', async () => {
    const response = await mock.raw('/v1/vouchers?filters[code][conditions][$nonsense]=1', {
      headers: serverHeaders(mock.service),
    });
    expect(response.status).toBe(400);
  });
});

describe('gift card balances and transactions', () => {
  test('adding and removing credits answers the balance and records transactions', async () => {
    const card = await create('GIFT', giftCard(5000));
    const client = mock.serverClient();
    const added = await client.POST('/v1/vouchers/{code}/balance', {
      ...path('GIFT'),
      body: { amount: 1000, source_id: 'top-up-1', reason: 'goodwill' },
    });
    expect(added.data).toEqual({
      amount: 1000,
      total: 6000,
      balance: 6000,
      type: 'gift_voucher',
      operation_type: 'MANUAL',
      object: 'balance',
      related_object: { type: 'voucher', id: card.id },
    });
    mock.service.clock.advance(1_000);
    const removed = await client.POST('/v1/vouchers/{code}/balance', { ...path('GIFT'), body: { amount: -1500 } });
    expect(removed.data).toMatchObject({ amount: -1500, total: 6000, balance: 4500 });
    expect((await client.GET('/v1/vouchers/{code}', path('GIFT'))).data?.gift).toMatchObject({
      amount: 6000,
      subtracted_amount: 1500,
      balance: 4500,
    });

    const { data } = await client.GET('/v1/vouchers/{code}/transactions', path('GIFT'));
    expect(data).toMatchObject({ object: 'list', data_ref: 'data', has_more: false, total: 2 });
    expect(data?.data.map((transaction) => transaction.type)).toEqual(['CREDITS_REMOVAL', 'CREDITS_ADDITION']);
    expect(data?.data[1]).toMatchObject({
      id: expect.stringMatching(/^vtx_/),
      source_id: 'top-up-1',
      reason: 'goodwill',
      source: 'API',
      voucher_id: card.id,
      campaign_id: null,
      related_transaction_id: null,
      details: {
        balance: {
          type: 'gift_voucher',
          amount: 1000,
          total: 6000,
          balance: 6000,
          object: 'balance',
          operation_type: 'MANUAL',
        },
      },
    });
    expect(state().events.list({ type: 'voucher.gift.transaction.created' })).toHaveLength(2);
  });

  test('transactions page by starting_after_id in both orders', async () => {
    await create('PAGED', giftCard(100));
    for (const amount of [1, 2, 3])
      await mock.serverClient().POST('/v1/vouchers/{code}/balance', { ...path('PAGED'), body: { amount } });
    const first = await mock.serverClient().GET('/v1/vouchers/{code}/transactions', {
      params: { path: { code: 'PAGED' }, query: { limit: 2, order: 'id' } },
    });
    expect(first.data?.data.map((transaction) => transaction.details.balance.amount)).toEqual([1, 2]);
    expect(first.data?.has_more).toBe(true);
    const next = await mock.serverClient().GET('/v1/vouchers/{code}/transactions', {
      params: {
        path: { code: 'PAGED' },
        query: { limit: 2, order: 'id', starting_after_id: first.data?.more_starting_after ?? '' },
      },
    });
    expect(next.data?.data.map((transaction) => transaction.details.balance.amount)).toEqual([3]);
    expect(next.data?.has_more).toBe(false);
  });

  test('refuses to remove more than the balance, a zero change, and a discount voucher', async () => {
    await create('SMALL', giftCard(100));
    const client = mock.serverClient();
    const over = await client.POST('/v1/vouchers/{code}/balance', { ...path('SMALL'), body: { amount: -101 } });
    expect(over.error).toMatchObject({ code: 400, key: 'gift_amount_exceeded' });
    const zero = await client.POST('/v1/vouchers/{code}/balance', { ...path('SMALL'), body: { amount: 0 } });
    expect(zero.error).toMatchObject({ code: 400, key: 'invalid_amount' });
    await create('DISCOUNT');
    const discount = await client.POST('/v1/vouchers/{code}/balance', { ...path('DISCOUNT'), body: { amount: 10 } });
    expect(discount.error).toMatchObject({ code: 400, key: 'invalid_voucher' });
    expect(state().vouchers.transactions.of('SMALL')).toEqual([]);
  });

  test('a gift card in a campaign records voucher.gift.balance_added with its campaign', async () => {
    state().campaigns.create({
      name: 'Gifts',
      campaign_type: 'GIFT_VOUCHERS',
      voucher: { type: 'GIFT_VOUCHER', gift: { amount: 1000 } },
    });
    state().vouchers.create({ campaign: 'Gifts', code: 'G-1' });
    await mock.serverClient().POST('/v1/vouchers/{code}/balance', { ...path('G-1'), body: { amount: 500 } });
    const [event] = state().events.list({ type: 'voucher.gift.balance_added' });
    expect(event?.data).toMatchObject({ campaign: { name: 'Gifts' }, balance: { amount: 500, balance: 1500 } });
  });

  test('loyalty card points change only on a card with a holder', async () => {
    state().campaigns.create({
      name: 'Club',
      campaign_type: 'LOYALTY_PROGRAM',
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } },
    });
    const card = state().vouchers.create({ campaign: 'Club', code: 'CARD-1' });
    const client = mock.serverClient();
    const refused = await client.POST('/v1/vouchers/{code}/balance', { ...path('CARD-1'), body: { amount: 100 } });
    expect(refused.error).toMatchObject({ code: 400, key: 'not_published' });
    state().vouchers.replace(card, { holder_id: 'cust_1' });
    const added = await client.POST('/v1/vouchers/{code}/balance', { ...path('CARD-1'), body: { amount: 100 } });
    expect(added.data).toMatchObject({ type: 'loyalty_card', total: 100, balance: 100 });
    expect(state().vouchers.transactions.of('CARD-1')[0]).toMatchObject({
      type: 'POINTS_ADDITION',
      details: { balance: { points: 100 } },
    });
  });

  test('exporting transactions schedules an export of this card', async () => {
    const card = await create('EXPORTED', giftCard());
    const { data } = await mock.serverClient().POST('/v1/vouchers/{code}/transactions/export', {
      ...path('EXPORTED'),
      body: { parameters: { order: '-created_at', fields: ['id', 'amount'] } },
    });
    expect(data).toMatchObject({
      id: expect.stringMatching(/^exp_/),
      object: 'export',
      status: 'SCHEDULED',
      channel: 'API',
      exported_object: 'voucher_transactions',
      parameters: {
        order: '-created_at',
        fields: ['id', 'amount'],
        filters: { voucher_id: { conditions: { $in: [card.id] } } },
      },
      result: null,
      user_id: null,
    });
  });
});

describe('validity', () => {
  test('the voucher and its campaign windows give the service keys, from the domain', async () => {
    const { vouchers, campaigns } = state();
    vouchers.create({ ...discountVoucher, code: 'LATER', start_date: '2026-02-01T00:00:00.000Z' });
    vouchers.create({ ...discountVoucher, code: 'OVER', expiration_date: '2025-12-01T00:00:00.000Z' });
    vouchers.create({ ...discountVoucher, code: 'OFF', active: false });
    vouchers.create({ ...discountVoucher, code: 'MONDAYS', validity_day_of_week: [1] });
    campaigns.create({ name: 'Paused', campaign_type: 'DISCOUNT_COUPONS', voucher: discountVoucher });
    vouchers.create({ campaign: 'Paused', code: 'PAUSED-1' });
    campaigns.setActive('Paused', false);
    const key = (code: string, at?: number) => {
      const result = vouchers.checkValidity(code, at);
      return result.active ? 'active' : result.key;
    };
    expect(key('LATER')).toBe('voucher_not_active');
    expect(key('LATER', Date.parse('2026-02-02T00:00:00.000Z'))).toBe('active');
    expect(key('OVER')).toBe('voucher_expired');
    expect(key('OFF')).toBe('voucher_disabled');
    // 2026-01-01 is a Thursday; the 5th a Monday.
    expect(key('MONDAYS')).toBe('voucher_not_active_now');
    expect(key('MONDAYS', Date.parse('2026-01-05T10:00:00.000Z'))).toBe('active');
    expect(key('PAUSED-1')).toBe('campaign_not_active');
    await mock.serverClient().POST('/v1/campaigns/{campaignId}/enable', { params: { path: { campaignId: 'Paused' } } });
    expect(key('PAUSED-1')).toBe('active');
  });
});

describe('validation sessions', () => {
  test('releasing a session frees what it held; an unknown or expired session is a 404', async () => {
    await create('LOCKED');
    const { vouchers } = state();
    vouchers.sessions.hold('LOCKED', { key: 'ssn_1', expiresAt: Date.parse(T0) + 60_000 });
    vouchers.sessions.hold('LOCKED', { key: 'ssn_2', expiresAt: Date.parse(T0) + 1_000 });
    const client = mock.serverClient();
    const session = (sessionKey: string) => ({ params: { path: { code: 'LOCKED', sessionKey } } });
    expect((await client.DELETE('/v1/vouchers/{code}/sessions/{sessionKey}', session('ssn_1'))).response.status).toBe(
      204,
    );
    expect(vouchers.sessions.of('LOCKED').map((held) => held.key)).toEqual(['ssn_2']);
    const again = await client.DELETE('/v1/vouchers/{code}/sessions/{sessionKey}', session('ssn_1'));
    expect(again.error).toMatchObject({ code: 404, resource_type: 'session', resource_id: 'ssn_1' });
    mock.service.clock.advance(1_000);
    expect((await client.DELETE('/v1/vouchers/{code}/sessions/{sessionKey}', session('ssn_2'))).response.status).toBe(
      404,
    );
  });
});

describe('list links', () => {
  test('are not stored but shown: a voucher keeps its lists without them, and vouchers published as often share their `publish`', async () => {
    const { vouchers, customers } = state();
    const codes = ['LINK-ONE', 'LINK-TWO'];
    for (const code of codes)
      vouchers.create({ type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 }, code });
    const holder = customers.upsert({ source_id: 'links-1' }).customer;
    const [first, second] = codes.map((code) => vouchers.publish(code, holder.id));
    expect(first?.publish).toEqual({ object: 'list', count: 1 });
    expect(first?.redemption).not.toHaveProperty('url');
    expect(first?.publish).toBe(second?.publish);
    const { data } = await mock.serverClient().GET('/v1/vouchers/{code}', { params: { path: { code: 'LINK-ONE' } } });
    expect(data?.publish).toEqual({
      object: 'list',
      count: 1,
      url: '/v1/vouchers/LINK-ONE/publications?page=1&limit=10',
    });
    expect(data?.redemption?.url).toBe('/v1/vouchers/LINK-ONE/redemptions?page=1&limit=10');
  });
});
