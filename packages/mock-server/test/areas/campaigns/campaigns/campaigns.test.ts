import { describe, expect, test } from 'vitest';
import { T0, serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService({ bulkJobs: { portionSize: 10, portionIntervalMs: 10 } });

const state = () => mock.service.projects.primary.state;
const PERCENT = { type: 'PERCENT', percent_off: 10 } as const;
const coupons = { type: 'DISCOUNT_VOUCHER', discount: PERCENT } as const;
const campaignPath = (campaignId: string) => ({ params: { path: { campaignId } } });

const createCampaign = async (body: Record<string, unknown>) => {
  const { data, error } = await mock.serverClient().POST('/v1/campaigns', { body: body as never });
  if (!data) throw new Error(`campaign not created: ${JSON.stringify(error)}`);
  return data;
};

const summer = (extra: Record<string, unknown> = {}) =>
  createCampaign({
    name: 'Summer',
    campaign_type: 'DISCOUNT_COUPONS',
    voucher: { ...coupons, code_config: { pattern: 'SUM-####', charset: '0123456789' } },
    ...extra,
  });

describe('creating campaigns', () => {
  test('one code is created at once; the campaign has the fields of the spec and its voucher inherits', async () => {
    const seasonal = state().categories.create({ name: 'Seasonal', hierarchy: 1 });
    const rule = state().validationRules.create({
      name: 'Over 50',
      rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' },
    });
    const campaign = await summer({
      vouchers_count: 1,
      category_id: seasonal.id,
      start_date: '2026-01-01T00:00:00.000Z',
      expiration_date: '2026-12-31T00:00:00.000Z',
      metadata: { region: 'EU' },
      validation_rules: [rule.id],
    });
    expect(campaign).toMatchObject({
      id: expect.stringMatching(/^camp_[0-9a-f]{18}$/),
      name: 'Summer',
      campaign_type: 'DISCOUNT_COUPONS',
      type: 'AUTO_UPDATE',
      voucher: {
        type: 'DISCOUNT_VOUCHER',
        discount: PERCENT,
        redemption: { quantity: null },
        code_config: { pattern: 'SUM-####', charset: '0123456789', length: 4 },
      },
      creation_status: 'DONE',
      vouchers_generation_status: 'DONE',
      vouchers_count: 1,
      active: true,
      protected: false,
      join_once: false,
      category: 'Seasonal',
      category_id: seasonal.id,
      metadata: { region: 'EU' },
      created_at: T0,
      object: 'campaign',
      validation_rules_assignments: {
        total: 1,
        data: [
          {
            rule_id: rule.id,
            related_object_type: 'campaign',
            related_object_id: campaign.id,
            validation_status: 'VALID',
          },
        ],
      },
    });
    const { data } = await mock.serverClient().GET('/v1/vouchers', { params: { query: { campaign_id: campaign.id } } });
    const [voucher] = data?.vouchers ?? [];
    expect(voucher).toMatchObject({
      code: expect.stringMatching(/^SUM-\d{4}$/),
      campaign: 'Summer',
      campaign_id: campaign.id,
      discount: PERCENT,
      category_id: seasonal.id,
      start_date: '2026-01-01T00:00:00.000Z',
      expiration_date: '2026-12-31T00:00:00.000Z',
    });
    const shown = await mock
      .serverClient()
      .GET('/v1/vouchers/{code}', { params: { path: { code: voucher?.code ?? '' } } });
    expect(shown.data?.validation_rules_assignments?.data.map((assignment) => assignment.rule_id)).toEqual([rule.id]);
    expect(state().events.list({ type: 'campaign.created' })).toHaveLength(1);
  });

  test('get by id or by name; names are unique; an unknown category id is a 404', async () => {
    const campaign = await summer();
    expect((await mock.serverClient().GET('/v1/campaigns/{campaignId}', campaignPath('Summer'))).data?.id).toBe(
      campaign.id,
    );
    expect((await mock.serverClient().GET('/v1/campaigns/{campaignId}', campaignPath(campaign.id))).data?.name).toBe(
      'Summer',
    );
    const duplicate = await mock
      .serverClient()
      .POST('/v1/campaigns', { body: { name: 'Summer', campaign_type: 'DISCOUNT_COUPONS' } });
    expect(duplicate.error).toMatchObject({ code: 409, key: 'duplicate_found' });
    const unknown = await mock.serverClient().POST('/v1/campaigns', {
      body: { name: 'Winter', campaign_type: 'DISCOUNT_COUPONS', category_id: 'cat_0000000000000000aa' },
    });
    expect(unknown.error).toMatchObject({ code: 404, resource_type: 'category' });
    expect((await mock.serverClient().GET('/v1/campaigns/{campaignId}', campaignPath('Winter'))).response.status).toBe(
      404,
    );
  });

  test('more than one code: IN_PROGRESS while a bulk job generates them, then DONE', async () => {
    const campaign = await summer({ vouchers_count: 25 });
    expect(campaign).toMatchObject({
      creation_status: 'IN_PROGRESS',
      vouchers_generation_status: 'IN_PROGRESS',
      vouchers_count: 0,
    });
    const [action] = state().asyncActions.list().items;
    expect(action).toMatchObject({ type: 'CAMPAIGN.VOUCHERS_GENERATE', status: 'ENQUEUED' });
    const update = await mock
      .serverClient()
      .PUT('/v1/campaigns/{campaignId}', { ...campaignPath('Summer'), body: { description: 'too early' } });
    expect(update.error).toMatchObject({ code: 400, key: 'invalid_campaign' });
    await mock.service.scheduler.runDue();
    expect(state().campaigns.get('Summer').vouchers_count).toBe(10);
    await mock.service.scheduler.drain();
    const done = await mock.serverClient().GET('/v1/campaigns/{campaignId}', campaignPath('Summer'));
    expect(done.data).toMatchObject({
      creation_status: 'DONE',
      vouchers_generation_status: 'DONE',
      vouchers_count: 25,
    });
    expect(state().asyncActions.get(action?.id ?? '')).toMatchObject({
      status: 'DONE',
      progress: 100,
      result: { done_count: 25, failed_count: 0, message: '25 voucher(s) generated successfully, 0 failed.' },
    });
    const codes = state()
      .vouchers.list({ campaign_id: campaign.id, limit: 100 })
      .items.map((voucher) => voucher.code);
    expect(new Set(codes).size).toBe(25);
    expect(state().events.list({ type: 'campaign.vouchers.generation.completed' })[0]?.data).toMatchObject({
      count: 25,
    });
  });

  test('a code pattern whose space cannot hold vouchers_count ends FAILED, with the reason on the action', async () => {
    await createCampaign({
      name: 'Tiny',
      campaign_type: 'DISCOUNT_COUPONS',
      vouchers_count: 5,
      voucher: { ...coupons, code_config: { pattern: 'T#', charset: 'AB' } },
    });
    await mock.service.scheduler.drain();
    expect(state().campaigns.get('Tiny')).toMatchObject({
      creation_status: 'FAILED',
      vouchers_generation_status: 'FAILED',
      vouchers_count: 0,
    });
    expect(state().asyncActions.list().items[0]).toMatchObject({
      status: 'FAILED',
      result: { message: expect.stringContaining('at most 2 unique codes') },
    });
  });

  test('a small generation started behind a large one finishes first', async () => {
    await createCampaign({ name: 'Large', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 200, voucher: coupons });
    await mock.service.scheduler.runDue();
    await createCampaign({ name: 'Small', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 5, voucher: coupons });
    for (let portion = 0; portion < 4; portion++) {
      mock.service.clock.advance(10);
      await mock.service.scheduler.runDue();
    }
    expect(state().campaigns.get('Small').creation_status).toBe('DONE');
    expect(state().campaigns.get('Large').creation_status).toBe('IN_PROGRESS');
    await mock.service.scheduler.drain();
    expect(state().campaigns.get('Large').vouchers_count).toBe(200);
  });

  test('a standalone campaign holds one generic code; only discount and gift campaigns can be standalone', async () => {
    const generic = await createCampaign({
      name: 'Generic',
      campaign_type: 'DISCOUNT_COUPONS',
      type: 'STANDALONE',
      join_once: true,
      voucher: { ...coupons, code: 'WELCOME' },
    });
    expect(generic).toMatchObject({ type: 'STANDALONE', join_once: false, vouchers_count: 1, creation_status: 'DONE' });
    expect(state().vouchers.get('WELCOME').campaign_id).toBe(generic.id);
    const taken = await mock.serverClient().POST('/v1/campaigns', {
      body: {
        name: 'Again',
        campaign_type: 'DISCOUNT_COUPONS',
        type: 'STANDALONE',
        voucher: { ...coupons, code: 'WELCOME' },
      },
    });
    expect(taken.error).toMatchObject({ code: 409 });
    expect(state().campaigns.find('Again')).toBeUndefined();
    const referral = await mock
      .serverClient()
      .POST('/v1/campaigns', { body: { name: 'Ref', campaign_type: 'REFERRAL_PROGRAM', type: 'STANDALONE' } as never });
    expect(referral.error).toMatchObject({ code: 400, key: 'invalid_payload' });
  });

  test('gift, referral and loyalty campaigns give their vouchers their kind', async () => {
    await createCampaign({
      name: 'Gifts',
      campaign_type: 'GIFT_VOUCHERS',
      vouchers_count: 1,
      voucher: { type: 'GIFT_VOUCHER', gift: { amount: 2500, effect: 'APPLY_TO_ORDER' } },
    });
    await createCampaign({
      name: 'Friends',
      campaign_type: 'REFERRAL_PROGRAM',
      vouchers_count: 1,
      voucher: { ...coupons, is_referral_code: true },
    });
    const club = await createCampaign({
      name: 'Club',
      campaign_type: 'LOYALTY_PROGRAM',
      join_once: false,
      vouchers_count: 1,
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 50 } },
    });
    const [gift] = state().vouchers.list({ campaign: 'Gifts' }).items;
    expect(gift).toMatchObject({
      type: 'GIFT_VOUCHER',
      gift: { amount: 2500, balance: 2500, effect: 'APPLY_TO_ORDER' },
      discount: null,
    });
    const [referral] = state().vouchers.list({ campaign: 'Friends' }).items;
    expect(referral).toMatchObject({ type: 'DISCOUNT_VOUCHER', is_referral_code: true });
    expect(club.join_once).toBe(true);
    expect(state().vouchers.list({ campaign: 'Club' }).items[0]).toMatchObject({
      type: 'LOYALTY_CARD',
      loyalty_card: { points: 50, balance: 50 },
    });
  });

  test('a promotion has tiers and no codes', async () => {
    const promotion = await createCampaign({
      name: 'Autumn',
      campaign_type: 'PROMOTION',
      promotion: {
        tiers: [
          { name: 'Ten off', banner: '10%', action: { discount: PERCENT } },
          { name: 'Twenty off', hierarchy: 5, action: { discount: { type: 'PERCENT', percent_off: 20 } } },
        ],
      },
    });
    expect(promotion.voucher).toBeUndefined();
    expect(promotion.promotion).toMatchObject({
      object: 'list',
      data_ref: 'tiers',
      total: 2,
      tiers: [
        {
          id: expect.stringMatching(/^promo_/),
          name: 'Ten off',
          banner: '10%',
          hierarchy: 1,
          action: { discount: PERCENT },
          campaign: { id: promotion.id },
          object: 'promotion_tier',
        },
        { name: 'Twenty off', hierarchy: 5 },
      ],
    });
    const add = await mock
      .serverClient()
      .POST('/v1/campaigns/{campaignId}/vouchers', { ...campaignPath('Autumn'), body: {} });
    expect(add.error).toMatchObject({ code: 400, key: 'invalid_campaign' });
  });
});

describe('adding vouchers to a campaign', () => {
  test('one voucher is answered at once, with a chosen code or the request code_config', async () => {
    await summer();
    const client = mock.serverClient();
    const chosen = await client.POST('/v1/campaigns/{campaignId}/vouchers/{code}', {
      params: { path: { campaignId: 'Summer', code: 'SUM-CHOSEN' } },
      body: { metadata: { wave: 1 }, redemption: { quantity: 3 } },
    });
    expect(chosen.data).toMatchObject({
      code: 'SUM-CHOSEN',
      campaign: 'Summer',
      metadata: { wave: 1 },
      redemption: { quantity: 3 },
      discount: PERCENT,
    });
    const configured = await client.POST('/v1/campaigns/{campaignId}/vouchers', {
      ...campaignPath('Summer'),
      body: { code_config: { prefix: 'X-', length: 3, charset: 'Z' } },
    });
    expect(configured.data).toMatchObject({ code: 'X-ZZZ' });
    const again = await client.POST('/v1/campaigns/{campaignId}/vouchers/{code}', {
      params: { path: { campaignId: 'Summer', code: 'SUM-CHOSEN' } },
      body: {},
    });
    expect(again.error).toMatchObject({ code: 409, key: 'duplicate_found' });
    expect(state().campaigns.get('Summer').vouchers_count).toBe(2);
  });

  test('several vouchers are generated by a bulk job; a code with more than one is refused', async () => {
    await summer();
    const client = mock.serverClient();
    const { data, response } = await client.POST('/v1/campaigns/{campaignId}/vouchers', {
      params: { path: { campaignId: 'Summer' }, query: { vouchers_count: 3 } },
      body: { metadata: { wave: 2 } },
    });
    expect(response.status).toBe(202);
    const actionId = data && 'async_action_id' in data ? data.async_action_id : '';
    await mock.service.scheduler.drain();
    expect(state().asyncActions.get(actionId)).toMatchObject({ type: 'CAMPAIGN.VOUCHERS_GENERATE', status: 'DONE' });
    expect(
      state()
        .vouchers.list({ campaign: 'Summer' })
        .items.map((voucher) => voucher.metadata),
    ).toEqual([{ wave: 2 }, { wave: 2 }, { wave: 2 }]);
    const refused = await client.POST('/v1/campaigns/{campaignId}/vouchers', {
      params: { path: { campaignId: 'Summer' }, query: { vouchers_count: 2 } },
      body: { code: 'ONE' },
    });
    expect(refused.error).toMatchObject({ code: 400, key: 'invalid_payload' });
  });
});

describe('updating campaigns', () => {
  test('changes only the allowed fields, merges and unsets metadata, and records campaign.updated', async () => {
    await summer({ metadata: { a: 1, b: 2 } });
    mock.service.clock.advance(1_000);
    const { data } = await mock.serverClient().PUT('/v1/campaigns/{campaignId}', {
      ...campaignPath('Summer'),
      body: {
        description: 'Longer',
        metadata: { c: 3 },
        unset_metadata_fields: ['a'],
        join_once: true,
        name: 'Renamed',
        campaign_type: 'PROMOTION',
      } as never,
    });
    expect(data).toMatchObject({
      name: 'Summer',
      campaign_type: 'DISCOUNT_COUPONS',
      description: 'Longer',
      metadata: { b: 2, c: 3 },
      join_once: true,
      updated_at: '2026-01-01T00:00:01.000Z',
    });
    expect(state().events.list({ type: 'campaign.updated' })).toHaveLength(1);
  });

  test('rewrites, in a bulk job, the vouchers that were neither published nor redeemed', async () => {
    await summer();
    const { vouchers } = state();
    const fresh = vouchers.create({ code: 'FRESH' }, {}, state().campaigns.get('Summer'));
    const published = vouchers.create({ code: 'PUBLISHED' }, {}, state().campaigns.get('Summer'));
    vouchers.replace(published, { publish: { object: 'list', count: 1 }, holder_id: 'cust_1' });
    const redeemed = vouchers.create({ code: 'REDEEMED' }, {}, state().campaigns.get('Summer'));
    vouchers.replace(redeemed, { redemption: { quantity: null, redeemed_quantity: 1, object: 'list' } });
    const twenty = { type: 'PERCENT', percent_off: 20 } as const;
    const { data } = await mock.serverClient().PUT('/v1/campaigns/{campaignId}', {
      ...campaignPath('Summer'),
      body: { expiration_date: '2026-03-01T00:00:00.000Z', discount: twenty },
    });
    expect(data).toMatchObject({ vouchers_generation_status: 'MODIFYING', voucher: { discount: twenty } });
    expect(vouchers.get('FRESH').expiration_date).toBeNull();
    await mock.service.scheduler.drain();
    expect(vouchers.get(fresh.id)).toMatchObject({ expiration_date: '2026-03-01T00:00:00.000Z', discount: twenty });
    for (const code of ['PUBLISHED', 'REDEEMED'])
      expect(vouchers.get(code)).toMatchObject({ expiration_date: null, discount: PERCENT });
    expect(state().campaigns.get('Summer').vouchers_generation_status).toBe('DONE');
    expect(state().asyncActions.list().items[0]).toMatchObject({ type: 'CAMPAIGN.VOUCHERS_UPDATE', status: 'DONE' });
  });

  test('a gift campaign passes a new credit to its untouched cards', async () => {
    await createCampaign({
      name: 'Gifts',
      campaign_type: 'GIFT_VOUCHERS',
      vouchers_count: 1,
      voucher: { type: 'GIFT_VOUCHER', gift: { amount: 1000 } },
    });
    await mock
      .serverClient()
      .PUT('/v1/campaigns/{campaignId}', { ...campaignPath('Gifts'), body: { gift: { amount: 3000 } } });
    await mock.service.scheduler.drain();
    expect(state().vouchers.list({ campaign: 'Gifts' }).items[0]?.gift).toMatchObject({ amount: 3000, balance: 3000 });
  });
});

describe('switching and deleting campaigns', () => {
  test('disable and enable answer an empty object and flip active', async () => {
    await summer();
    const client = mock.serverClient();
    const off = await client.POST('/v1/campaigns/{campaignId}/disable', campaignPath('Summer'));
    expect(off.data).toEqual({});
    expect(state().campaigns.get('Summer').active).toBe(false);
    await client.POST('/v1/campaigns/{campaignId}/enable', campaignPath('Summer'));
    expect(state().campaigns.get('Summer').active).toBe(true);
    expect(
      state()
        .events.list()
        .map((event) => event.type),
    ).toEqual(['campaign.created', 'campaign.disabled', 'campaign.enabled']);
  });

  test('delete moves the campaign to the bin at once and its vouchers in a bulk job; the name stays taken', async () => {
    const campaign = await summer({ vouchers_count: 1 });
    const [voucher] = state().vouchers.list({ campaign_id: campaign.id }).items;
    const { data, response } = await mock.serverClient().DELETE('/v1/campaigns/{campaignId}', campaignPath('Summer'));
    expect(response.status).toBe(202);
    expect(data?.async_action_id).toMatch(/^aa_/);
    expect(
      (await mock.serverClient().GET('/v1/campaigns/{campaignId}', campaignPath(campaign.id))).response.status,
    ).toBe(404);
    expect(state().bin.entryOf('campaign', campaign.id)).toMatchObject({ resource_name: 'Summer' });
    await mock.service.scheduler.drain();
    expect(state().bin.entryOf('voucher', voucher?.id ?? '')).toMatchObject({ resource_parent_id: campaign.id });
    expect(state().vouchers.find(voucher?.code ?? '')).toBeUndefined();
    expect(
      (await mock.serverClient().POST('/v1/campaigns', { body: { name: 'Summer', campaign_type: 'DISCOUNT_COUPONS' } }))
        .response.status,
    ).toBe(409);
    expect(state().events.list({ type: 'campaign.deleted' })).toHaveLength(1);
  });

  test('force=true removes the campaign and its vouchers for good, freeing name and codes', async () => {
    const campaign = await summer({ vouchers_count: 1 });
    const [voucher] = state().vouchers.list({ campaign_id: campaign.id }).items;
    await mock
      .serverClient()
      .DELETE('/v1/campaigns/{campaignId}', { params: { path: { campaignId: 'Summer' }, query: { force: true } } });
    await mock.service.scheduler.drain();
    expect(state().bin.list().total).toBe(0);
    expect(state().vouchers.isCodeTaken(voucher?.code ?? '')).toBe(false);
    expect(
      (await mock.serverClient().POST('/v1/campaigns', { body: { name: 'Summer', campaign_type: 'DISCOUNT_COUPONS' } }))
        .response.status,
    ).toBe(200);
  });
});

describe('listing campaigns', () => {
  const names = (body: { campaigns: { name: string }[] } | undefined) =>
    body?.campaigns.map((campaign) => campaign.name);
  const raw = async (query: string) =>
    names(
      (await (await mock.raw(`/v1/campaigns?${query}`, { headers: serverHeaders(mock.service) })).json()) as {
        campaigns: { name: string }[];
      },
    );

  test('newest first, by type, status and validity', async () => {
    await createCampaign({
      name: 'Past',
      campaign_type: 'DISCOUNT_COUPONS',
      expiration_date: '2025-12-31T00:00:00.000Z',
    });
    mock.service.clock.advance(1_000);
    await createCampaign({
      name: 'Future',
      campaign_type: 'GIFT_VOUCHERS',
      start_date: '2026-06-01T00:00:00.000Z',
      voucher: { type: 'GIFT_VOUCHER', gift: { amount: 1 } },
    });
    mock.service.clock.advance(1_000);
    await createCampaign({ name: 'Now', campaign_type: 'DISCOUNT_COUPONS' });
    state().campaigns.setActive('Now', false);
    const { data } = await mock.serverClient().GET('/v1/campaigns', { params: { query: { limit: 2 } } });
    expect(data).toMatchObject({ object: 'list', data_ref: 'campaigns', total: 3 });
    expect(names(data)).toEqual(['Now', 'Future']);
    expect(
      names(
        (await mock.serverClient().GET('/v1/campaigns', { params: { query: { campaign_type: 'GIFT_VOUCHERS' } } }))
          .data,
      ),
    ).toEqual(['Future']);
    expect(
      names((await mock.serverClient().GET('/v1/campaigns', { params: { query: { order: 'created_at' } } })).data),
    ).toEqual(['Past', 'Future', 'Now']);
    expect(await raw('filters[campaigns][conditions][$in][0]=Past&filters[campaigns][conditions][$in][1]=Now')).toEqual(
      ['Now', 'Past'],
    );
    expect(await raw('filters[voucher_type][conditions][$is]=GIFT_VOUCHER')).toEqual(['Future']);
    // The status operators take an empty object, written with an empty value.
    expect(await raw('filters[status][conditions][$expired]=')).toEqual(['Past']);
    expect(await raw('filters[status][conditions][before_start]=')).toEqual(['Future']);
    // Codes generated, whatever the dates, as the reference describes `$active`.
    expect(await raw('filters[status][conditions][$active]=')).toEqual(['Now', 'Future', 'Past']);
    expect(await raw('filters[status][conditions][$in_progress]=')).toEqual([]);
    expect(await raw('filters[active][conditions][$disabled]=')).toEqual(['Now']);
    expect(await raw('filters[active][$disabled]=')).toEqual(['Now']);
    expect(await raw('filters[active][conditions][$active]=')).toEqual(['Now']);
    expect(await raw('filters[active][conditions][$enabled]=')).toEqual(['Future', 'Past']);
    expect(
      await raw(
        'filters[junction]=OR&filters[voucher_type][conditions][$is]=GIFT_VOUCHER&filters[status][conditions][$expired]=',
      ),
    ).toEqual(['Future', 'Past']);
  });
});

describe('campaign transactions and summary', () => {
  test('transactions of the campaign cards, filtered by voucher; the summary counts codes and credits', async () => {
    const gifts = await createCampaign({
      name: 'Gifts',
      campaign_type: 'GIFT_VOUCHERS',
      voucher: { type: 'GIFT_VOUCHER', gift: { amount: 1000 } },
    });
    const client = mock.serverClient();
    const first = (
      await client.POST('/v1/campaigns/{campaignId}/vouchers/{code}', {
        params: { path: { campaignId: 'Gifts', code: 'G-1' } },
        body: {},
      })
    ).data;
    await client.POST('/v1/campaigns/{campaignId}/vouchers/{code}', {
      params: { path: { campaignId: 'Gifts', code: 'G-2' } },
      body: {},
    });
    await client.POST('/v1/vouchers/{code}/balance', { params: { path: { code: 'G-1' } }, body: { amount: 500 } });
    await client.POST('/v1/vouchers/{code}/balance', { params: { path: { code: 'G-2' } }, body: { amount: -200 } });
    await client.DELETE('/v1/vouchers/{code}', { params: { path: { code: 'G-2' } } });

    const { data } = await client.GET('/v1/campaigns/{campaignId}/transactions', campaignPath('Gifts'));
    expect(data?.data.map((transaction) => transaction.type)).toEqual(['CREDITS_REMOVAL', 'CREDITS_ADDITION']);
    expect(data?.data.every((transaction) => transaction.campaign_id === gifts.id)).toBe(true);
    const filtered = (await (
      await mock.raw(`/v1/campaigns/Gifts/transactions?filters[voucher_id][conditions][$is]=${first?.id ?? ''}`, {
        headers: serverHeaders(mock.service),
      })
    ).json()) as { data: { voucher_id: string }[] };
    expect(filtered.data.map((transaction) => transaction.voucher_id)).toEqual([first?.id]);

    const summary = await client.GET('/v1/campaigns/{campaignId}/summary', campaignPath('Gifts'));
    expect(summary.data).toMatchObject({
      object: 'campaign_summary',
      campaign: { id: gifts.id },
      vouchers_created: 2,
      vouchers_deleted: 1,
      created_vouchers_amount: 2000,
      amount_added: 500,
      amount_subtracted: 200,
      amount_deleted: 800,
      redemptions: 0,
    });
    const earlier = await client.GET('/v1/campaigns/{campaignId}/summary', {
      params: { path: { campaignId: 'Gifts' }, query: { end_date: '2025-12-31' } },
    });
    expect(earlier.data).toMatchObject({ vouchers_created: 0, amount_added: 0 });
  });

  test('exporting campaign transactions schedules an export filtered to the campaign', async () => {
    const campaign = await summer();
    const { data } = await mock.serverClient().POST('/v1/campaigns/{campaignId}/transactions/export', {
      ...campaignPath('Summer'),
      body: { parameters: { fields: ['id', 'amount'] } },
    });
    expect(data).toMatchObject({
      status: 'SCHEDULED',
      exported_object: 'voucher_transactions',
      parameters: { fields: ['id', 'amount'], filters: { campaign_id: { conditions: { $in: [campaign.id] } } } },
    });
  });
});
