import { createClient } from '@voucherkit/client/fetch';
import { describe, expect, test } from 'vitest';
import { loadOperations } from '../../../../src/index.js';

const { webhookEvents } = await loadOperations();
import { T0, useMockService } from '../../../support/setup.js';

const mock = useMockService();

const state = () => mock.service.projects.primary.state;
const PERCENT = { type: 'PERCENT', percent_off: 10 } as const;
const AMOUNT = { type: 'AMOUNT', amount_off: 500 } as const;
const HOUR = 3_600_000;

const createCampaign = async (body: Record<string, unknown>) => {
  const { data, error } = await mock.serverClient().POST('/v1/campaigns', { body: body as never });
  if (!data) throw new Error(`campaign not created: ${JSON.stringify(error)}`);
  return data;
};

/** A promotion campaign with two tiers, "Ten" (hierarchy 1) and "Five" (hierarchy 2). */
const autumn = async (extra: Record<string, unknown> = {}) =>
  createCampaign({
    name: 'Autumn',
    campaign_type: 'PROMOTION',
    promotion: {
      tiers: [
        { name: 'Ten', action: { discount: PERCENT } },
        { name: 'Five', action: { discount: AMOUNT } },
      ],
    },
    ...extra,
  });

const tiersOf = async (campaignId: string) => {
  const { data } = await mock
    .serverClient()
    .GET('/v1/promotions/{campaignId}/tiers', { params: { path: { campaignId } } });
  return data?.tiers ?? [];
};

const addTier = (campaignId: string, body: Record<string, unknown>) =>
  mock
    .serverClient()
    .POST('/v1/promotions/{campaignId}/tiers', { params: { path: { campaignId } }, body: body as never });

const tierPath = (promotionTierId: string) => ({ params: { path: { promotionTierId } } });

const tierIds = async (campaignId: string) => {
  const tiers = await tiersOf(campaignId);
  const [newest, oldest] = tiers;
  if (!newest || !oldest) throw new Error('expected two tiers');
  return { five: newest.id, ten: oldest.id };
};

describe('promotion tiers', () => {
  test('the tiers of a new promotion live in the promotion store, which the campaign reads', async () => {
    const campaign = await autumn({
      start_date: '2025-01-01T00:00:00.000Z',
      validity_day_of_week: [1, 2, 3, 4, 5, 6, 0],
    });
    expect(campaign.promotion?.tiers.map((tier) => [tier.name, tier.hierarchy])).toEqual([
      ['Ten', 1],
      ['Five', 2],
    ]);
    const tiers = await tiersOf(campaign.id);
    expect(tiers.map((tier) => tier.name)).toEqual(['Five', 'Ten']);
    expect(tiers[1]).toMatchObject({
      id: expect.stringMatching(/^promo_/),
      created_at: T0,
      name: 'Ten',
      banner: null,
      action: { discount: PERCENT },
      metadata: {},
      hierarchy: 1,
      promotion_id: campaign.id,
      campaign_id: campaign.id,
      campaign: {
        id: campaign.id,
        start_date: '2025-01-01T00:00:00.000Z',
        expiration_date: null,
        validity_day_of_week: [1, 2, 3, 4, 5, 6, 0],
        active: true,
        object: 'campaign',
      },
      active: true,
      summary: { redemptions: { total_redeemed: 0 }, orders: { total_amount: 0, total_discount_amount: 0 } },
      object: 'promotion_tier',
      validation_rule_assignments: null,
      categories: [],
    });
    // One owner: a change of a tier shows in the campaign.
    const ten = tiers[1]?.id ?? '';
    await mock
      .serverClient()
      .PUT('/v1/promotions/tiers/{promotionTierId}', { ...tierPath(ten), body: { name: 'Ten percent' } });
    const shown = await mock
      .serverClient()
      .GET('/v1/campaigns/{campaignId}', { params: { path: { campaignId: 'Autumn' } } });
    expect(shown.data?.promotion?.tiers.map((tier) => tier.name)).toEqual(['Ten percent', 'Five']);
    expect(state().events.list({ type: 'campaign.created' })).toHaveLength(1);
    expect(
      state()
        .events.list({ type: 'campaign.promotion_tier.created' })
        .map((event) => event.data.promotion_tier.name),
    ).toEqual(['Ten', 'Five']);
  });

  test('a tier with an unknown category id stores neither the campaign, nor any tier, nor the new category of another', async () => {
    const refused = await mock.serverClient().POST('/v1/campaigns', {
      body: {
        name: 'Broken',
        campaign_type: 'PROMOTION',
        promotion: {
          tiers: [
            { name: 'A', category: 'New' },
            { name: 'B', category_id: 'cat_0000000000000000aa' },
          ],
        },
      } as never,
    });
    expect(refused.error).toMatchObject({ code: 404, key: 'not_found', resource_type: 'category' });
    expect(state().campaigns.find('Broken')).toBeUndefined();
    expect(state().promotions.list().total).toBe(0);
    expect(state().categories.list()).toEqual([]);
  });

  test('a tier naming an unknown validation rule is refused with 404 and nothing is stored', async () => {
    const campaign = await autumn();
    const before = state().promotions.list().total;
    const refused = await addTier(campaign.id, { name: 'Ghost', validation_rules: ['val_0000000000000000aa'] });
    expect(refused.response.status).toBe(404);
    expect(refused.error).toMatchObject({
      key: 'not_found',
      resource_type: 'validation_rule',
      resource_id: 'val_0000000000000000aa',
    });
    expect(state().promotions.list().total).toBe(before);
  });

  test('adding a tier: next hierarchy, category by name or id, rules, dates, event', async () => {
    const campaign = await autumn();
    const seasonal = state().categories.create({ name: 'Seasonal', hierarchy: 1 });
    const rule = state().validationRules.create({
      name: 'Big carts',
      rules: { 1: { name: 'order.amount', conditions: { $more_than: [10000] } }, logic: '1' },
    });
    const added = await addTier(campaign.id, {
      name: 'Big spenders',
      banner: '30 off',
      action: { discount: { type: 'AMOUNT', amount_off: 3000 } },
      metadata: { level: 'gold' },
      category: 'Seasonal',
      start_date: '2026-01-01T00:00:00.000Z',
      expiration_date: '2026-02-01T00:00:00.000Z',
      validity_day_of_week: [1, 2],
      validation_rules: [rule.id],
    });
    expect(added.data).toMatchObject({
      name: 'Big spenders',
      banner: '30 off',
      hierarchy: 3,
      metadata: { level: 'gold' },
      category_id: seasonal.id,
      categories: [{ id: seasonal.id, name: 'Seasonal' }],
      start_date: '2026-01-01T00:00:00.000Z',
      expiration_date: '2026-02-01T00:00:00.000Z',
      validity_day_of_week: [1, 2],
      validation_rule_assignments: {
        total: 1,
        data: [
          {
            id: expect.stringMatching(/^asgm_/),
            rule_id: rule.id,
            related_object_type: 'promotion_tier',
            related_object_id: added.data?.id,
          },
        ],
      },
    });
    const byId = await addTier('Autumn', { name: 'Chosen', hierarchy: 10, category_id: seasonal.id });
    expect(byId.data).toMatchObject({ hierarchy: 10, category_id: seasonal.id, action: null });
    expect((await addTier('Autumn', { name: 'After' })).data?.hierarchy).toBe(11);
    const [created] = state().events.list({ type: 'campaign.promotion_tier.created', entityId: added.data?.id ?? '' });
    expect(created?.data).toMatchObject({
      campaign: { id: campaign.id, name: 'Autumn', campaign_type: 'PROMOTION' },
      promotion_tier: { name: 'Big spenders' },
    });
  });

  test('adding a tier: unknown campaign or category 404, a campaign of another type 400, a bad window 400', async () => {
    await autumn();
    await createCampaign({
      name: 'Coupons',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: PERCENT },
    });
    expect((await addTier('camp_0000000000000000aa', { name: 'X' })).error).toMatchObject({
      code: 404,
      key: 'not_found',
      resource_type: 'campaign',
    });
    expect((await addTier('Coupons', { name: 'X' })).error).toMatchObject({ code: 400, key: 'invalid_campaign' });
    expect((await addTier('Autumn', { name: 'X', category_id: 'cat_0000000000000000aa' })).error).toMatchObject({
      code: 404,
      resource_type: 'category',
    });
    const window = await addTier('Autumn', { name: 'X', validity_timeframe: { interval: 'P1D', duration: 'PT1H' } });
    expect(window.error).toMatchObject({ code: 400, key: 'invalid_payload' });
    expect((await addTier('Autumn', { banner: 'no name' })).error).toMatchObject({ code: 400, key: 'invalid_payload' });
    const coupons = await mock
      .serverClient()
      .GET('/v1/promotions/{campaignId}/tiers', { params: { path: { campaignId: 'Coupons' } } });
    expect(coupons.error).toMatchObject({ code: 400, key: 'invalid_campaign' });
    const unknown = await mock
      .serverClient()
      .GET('/v1/promotions/{campaignId}/tiers', { params: { path: { campaignId: 'Nope' } } });
    expect(unknown.error).toMatchObject({ code: 404, resource_type: 'campaign' });
    expect(state().promotions.list().total).toBe(2);
  });

  test('tier metadata must fit the promotion_tier metadata schema', async () => {
    const campaign = await autumn();
    state().metadataSchemas.create('promotion_tier', { properties: { level: { type: 'string', optional: false } } });
    const refused = await addTier(campaign.id, { name: 'X', metadata: { level: 3 } });
    expect(refused.error).toMatchObject({ code: 400, key: 'metadata_validation_failed' });
    const added = await addTier(campaign.id, { name: 'X', metadata: { level: 'gold' } });
    const id = added.data?.id ?? '';
    const update = await mock
      .serverClient()
      .PUT('/v1/promotions/tiers/{promotionTierId}', { ...tierPath(id), body: { metadata: { level: 7 } } });
    expect(update.error).toMatchObject({ code: 400, key: 'metadata_validation_failed' });
    expect(
      (await mock.serverClient().GET('/v1/promotions/tiers/{promotionTierId}', tierPath(id))).data?.metadata,
    ).toEqual({ level: 'gold' });
    const withCampaign = await mock.serverClient().POST('/v1/campaigns', {
      body: { name: 'Bad', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'A', metadata: {} }] } } as never,
    });
    expect(withCampaign.error).toMatchObject({ code: 400, key: 'metadata_validation_failed' });
  });

  test('get, update, enable, disable and delete a tier, with their events', async () => {
    const campaign = await autumn();
    const { ten, five } = await tierIds(campaign.id);
    const client = mock.serverClient();
    expect((await client.GET('/v1/promotions/tiers/{promotionTierId}', tierPath(ten))).data).toMatchObject({
      id: ten,
      name: 'Ten',
    });

    mock.service.clock.advance(HOUR);
    await client.PUT('/v1/promotions/tiers/{promotionTierId}', { ...tierPath(ten), body: { metadata: { a: 1 } } });
    const updated = await client.PUT('/v1/promotions/tiers/{promotionTierId}', {
      ...tierPath(ten),
      body: {
        name: 'Ten more',
        banner: 'Save',
        hierarchy: 4,
        metadata: { b: 2 },
        action: { discount: AMOUNT },
        expiration_date: '2027-01-01T00:00:00.000Z',
      },
    });
    expect(updated.data).toMatchObject({
      name: 'Ten more',
      banner: 'Save',
      hierarchy: 4,
      metadata: { a: 1, b: 2 },
      action: { discount: AMOUNT },
      expiration_date: '2027-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T01:00:00.000Z',
      created_at: T0,
    });
    const badWindow = await client.PUT('/v1/promotions/tiers/{promotionTierId}', {
      ...tierPath(ten),
      body: { validity_hours: { daily: [{ start_time: '25:00', expiration_time: '26:00', days_of_week: [1] }] } },
    });
    expect(badWindow.error).toMatchObject({ code: 400, key: 'invalid_payload' });
    const badCategory = await client.PUT('/v1/promotions/tiers/{promotionTierId}', {
      ...tierPath(ten),
      body: { category_id: 'cat_0000000000000000aa' },
    });
    expect(badCategory.error).toMatchObject({ code: 404, resource_type: 'category' });

    expect((await client.POST('/v1/promotions/tiers/{promotionTierId}/disable', tierPath(ten))).data?.active).toBe(
      false,
    );
    expect((await client.POST('/v1/promotions/tiers/{promotionTierId}/enable', tierPath(ten))).data?.active).toBe(true);

    const deleted = await client.DELETE('/v1/promotions/tiers/{promotionTierId}', tierPath(five));
    expect(deleted.response.status).toBe(204);
    expect((await tiersOf(campaign.id)).map((tier) => tier.id)).toEqual([ten]);

    const types = state()
      .events.list()
      .filter((event) => event.type.startsWith('campaign.promotion_tier.'))
      .map((event) => event.type);
    expect(types).toEqual([
      'campaign.promotion_tier.created',
      'campaign.promotion_tier.created',
      'campaign.promotion_tier.updated',
      'campaign.promotion_tier.updated',
      'campaign.promotion_tier.disabled',
      'campaign.promotion_tier.enabled',
      'campaign.promotion_tier.deleted',
    ]);
    for (const event of state().events.list()) {
      if (event.type.startsWith('campaign.promotion_tier.'))
        expect(webhookEvents[event.type].data.safeParse(event.data).success, event.type).toBe(true);
    }
    const [gone] = state().events.list({ type: 'campaign.promotion_tier.deleted' });
    expect(gone?.data.promotion_tier).toMatchObject({ id: five, name: 'Five' });
    expect(gone?.data.promotion_tier).not.toHaveProperty('campaign');
    expect(gone?.data.campaign).toMatchObject({ id: campaign.id });
  });

  test('an unknown tier is a 404 for every tier operation', async () => {
    const client = mock.serverClient();
    const id = 'promo_0000000000000000aa';
    const answers = [
      await client.GET('/v1/promotions/tiers/{promotionTierId}', tierPath(id)),
      await client.PUT('/v1/promotions/tiers/{promotionTierId}', { ...tierPath(id), body: { name: 'X' } }),
      await client.DELETE('/v1/promotions/tiers/{promotionTierId}', tierPath(id)),
      await client.POST('/v1/promotions/tiers/{promotionTierId}/enable', tierPath(id)),
      await client.POST('/v1/promotions/tiers/{promotionTierId}/disable', tierPath(id)),
    ];
    for (const answer of answers) {
      expect(answer.error).toMatchObject({
        code: 404,
        key: 'not_found',
        resource_id: id,
        resource_type: 'promotion_tier',
      });
    }
  });

  test('listing every tier: newest first, order, paging and limits', async () => {
    await autumn();
    await createCampaign({ name: 'Winter', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'W1' }] } });
    const client = mock.serverClient();
    mock.service.clock.advance(1000);
    const { ten } = await tierIds('Autumn');
    await client.PUT('/v1/promotions/tiers/{promotionTierId}', { ...tierPath(ten), body: { banner: 'x' } });
    const names = async (query: Record<string, unknown>) => {
      const { data } = await client.GET('/v1/promotions/tiers', { params: { query } });
      return data;
    };
    expect((await names({}))?.tiers.map((tier) => tier.name)).toEqual(['W1', 'Five', 'Ten']);
    expect((await names({ order: 'created_at' }))?.tiers.map((tier) => tier.name)).toEqual(['Ten', 'Five', 'W1']);
    expect((await names({ order: 'updated_at' }))?.tiers.map((tier) => tier.name)).toEqual(['Ten', 'Five', 'W1']);
    expect(await names({ limit: 2 })).toMatchObject({ object: 'list', data_ref: 'tiers', total: 3, has_more: true });
    expect(await names({ limit: 2, page: 2 })).toMatchObject({ tiers: [{ name: 'Ten' }], total: 3, has_more: false });
    expect((await client.GET('/v1/promotions/tiers', { params: { query: { limit: 101 } } })).error).toMatchObject({
      code: 400,
    });
    expect((await client.GET('/v1/promotions/tiers', { params: { query: { page: 101 } } })).error).toMatchObject({
      code: 400,
    });
  });

  test('is_available: active, inside its window, and its campaign active and inside its own', async () => {
    const client = mock.serverClient();
    await autumn();
    const { ten, five } = await tierIds('Autumn');
    await createCampaign({
      name: 'Later',
      campaign_type: 'PROMOTION',
      start_date: '2026-06-01T00:00:00.000Z',
      promotion: { tiers: [{ name: 'L' }] },
    });
    await createCampaign({ name: 'Off', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'O' }] } });
    await client.POST('/v1/campaigns/{campaignId}/disable', { params: { path: { campaignId: 'Off' } } });
    await addTier('Autumn', { name: 'Expired', expiration_date: '2025-12-31T00:00:00.000Z' });
    await addTier('Autumn', { name: 'Weekdays', validity_day_of_week: [1, 2, 3, 4, 5] }); // 2026-01-01 is a Thursday
    await addTier('Autumn', { name: 'Weekends', validity_day_of_week: [0, 6] });
    await client.POST('/v1/promotions/tiers/{promotionTierId}/disable', tierPath(five));
    const available = async () => {
      const { data } = await client.GET('/v1/promotions/tiers', {
        params: { query: { is_available: true, limit: 100 } },
      });
      return data?.tiers.map((tier) => tier.name).sort();
    };
    expect(await available()).toEqual(['Ten', 'Weekdays']);
    const all = await client.GET('/v1/promotions/tiers', { params: { query: { is_available: false, limit: 100 } } });
    expect(all.data?.total).toBe(7);
    mock.service.clock.advance(2 * 24 * HOUR); // Saturday
    expect(await available()).toEqual(['Ten', 'Weekends']);
    await client.POST('/v1/campaigns/{campaignId}/disable', { params: { path: { campaignId: 'Autumn' } } });
    expect(await available()).toEqual([]);
    expect(state().promotions.checkValidity({ object: 'promotion_tier', id: ten })).toMatchObject({
      active: false,
      key: 'campaign_not_active',
    });
  });

  test('the client-side list takes client keys and answers as the server-side one', async () => {
    await autumn();
    const { clientAppId, clientToken } = mock.service.projects.primary.keys;
    const client = createClient({
      baseUrl: mock.service.baseUrl,
      auth: { type: 'client', clientAppId, clientToken, origin: 'https://shop.example' },
      retry: false,
    });
    const { data } = await client.GET('/client/v1/promotions/tiers', {
      params: { query: { is_available: true, limit: 1 } },
    });
    expect(data).toMatchObject({
      object: 'list',
      data_ref: 'tiers',
      total: 2,
      has_more: true,
      tiers: [{ name: 'Five', object: 'promotion_tier' }],
    });
    const server = await mock.serverClient().GET('/client/v1/promotions/tiers', { params: { query: {} } });
    expect(server.error).toMatchObject({ code: 401 });
    const clientOnServer = await client.GET('/v1/promotions/tiers', { params: { query: {} } });
    expect(clientOnServer.response.status).toBe(401);
  });

  test('deleting a campaign deletes its tiers and stacks', async () => {
    const campaign = await autumn();
    const { ten, five } = await tierIds(campaign.id);
    const stack = state().promotions.stacks.create(campaign.id, {
      name: 'Both',
      tiers: { ids: [ten, five], hierarchy_mode: 'MANUAL' },
    });
    await mock
      .serverClient()
      .DELETE('/v1/campaigns/{campaignId}', { params: { path: { campaignId: 'Autumn' }, query: {} } });
    expect((await mock.serverClient().GET('/v1/promotions/tiers', { params: { query: {} } })).data?.total).toBe(0);
    expect(
      (await mock.serverClient().GET('/v1/promotions/tiers/{promotionTierId}', tierPath(ten))).response.status,
    ).toBe(404);
    expect((await mock.serverClient().GET('/v1/promotions/stacks', { params: { query: {} } })).data?.total).toBe(0);
    expect(state().promotions.findStack(stack.id)).toBeUndefined();
    expect(state().events.list({ type: 'campaign.promotion_tier.deleted' })).toHaveLength(0);
    const [deleted] = state().events.list({ type: 'campaign.deleted' });
    expect(deleted?.data.campaign.promotion?.total).toBe(2);
  });
});

describe('the port for validations and redemptions', () => {
  test('checkValidity answers with the service keys for campaign, tier switch and tier window', async () => {
    const campaign = await autumn({ expiration_date: '2026-03-01T00:00:00.000Z' });
    const { ten, five } = await tierIds(campaign.id);
    const { promotions } = state();
    const tier = (id: string) => ({ object: 'promotion_tier', id }) as const;
    expect(promotions.checkValidity(tier(ten))).toEqual({ active: true });
    promotions.setActive(five, false);
    expect(promotions.checkValidity(tier(five))).toMatchObject({
      active: false,
      reason: 'disabled',
      key: 'promotion_inactive',
    });
    const later = promotions.create(campaign.id, {
      name: 'Later',
      start_date: '2026-02-01T00:00:00.000Z',
      expiration_date: '2026-02-10T00:00:00.000Z',
    });
    expect(promotions.checkValidity(tier(later.id))).toMatchObject({
      active: false,
      reason: 'not_started',
      key: 'promotion_not_active_now',
    });
    expect(promotions.checkValidity(tier(later.id), Date.parse('2026-02-05T00:00:00.000Z'))).toEqual({ active: true });
    expect(promotions.checkValidity(tier(later.id), Date.parse('2026-02-20T00:00:00.000Z'))).toMatchObject({
      reason: 'expired',
      key: 'promotion_not_active_now',
    });
    expect(promotions.checkValidity(tier(ten), Date.parse('2026-04-01T00:00:00.000Z'))).toMatchObject({
      key: 'campaign_not_active',
    });
    const stack = promotions.stacks.create(campaign.id, {
      name: 'S',
      tiers: { ids: [ten, five], hierarchy_mode: 'MANUAL' },
    });
    expect(promotions.checkValidity({ object: 'promotion_stack', id: stack.id })).toEqual({ active: true });
    state().campaigns.setActive(campaign.id, false);
    expect(promotions.checkValidity({ object: 'promotion_stack', id: stack.id })).toMatchObject({
      active: false,
      key: 'campaign_not_active',
    });
    expect(() => promotions.checkValidity(tier('promo_0000000000000000aa'))).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => promotions.checkValidity({ object: 'promotion_stack', id: 'stack_0000000000000000aa' })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });

  test('findTier, findStack and countRedemption', async () => {
    const campaign = await autumn();
    const { ten, five } = await tierIds(campaign.id);
    const { promotions } = state();
    expect(promotions.findTier(ten)).toMatchObject({
      tier: { id: ten },
      campaign: { id: campaign.id, name: 'Autumn' },
    });
    expect(promotions.findTier('promo_0000000000000000aa')).toBeUndefined();
    const stack = promotions.stacks.create(campaign.id, {
      name: 'S',
      tiers: { ids: [five, ten], hierarchy_mode: 'MANUAL' },
    });
    expect(promotions.findStack(stack.id)?.tiers.map((tier) => tier.id)).toEqual([five, ten]);
    expect(promotions.findStack('stack_0000000000000000aa')).toBeUndefined();
    promotions.countRedemption(ten, { orderAmount: 20000, discountAmount: 2000 });
    promotions.countRedemption(ten, { orderAmount: 5000, discountAmount: 500 });
    promotions.countRedemption(ten, { orderAmount: 5000, discountAmount: 500 }, -1);
    const { data } = await mock.serverClient().GET('/v1/promotions/tiers/{promotionTierId}', tierPath(ten));
    expect(data?.summary).toEqual({
      redemptions: { total_redeemed: 1 },
      orders: { total_amount: 20000, total_discount_amount: 2000 },
    });
    expect(() => promotions.countRedemption('promo_0000000000000000aa', { orderAmount: 1, discountAmount: 1 })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});

describe('promotion stacks', () => {
  const stackPath = (campaignId: string, stackId: string) => ({ params: { path: { campaignId, stackId } } });
  const createStack = (campaignId: string, body: Record<string, unknown>) =>
    mock
      .serverClient()
      .POST('/v1/promotions/{campaignId}/stacks', { params: { path: { campaignId } }, body: body as never });

  test('create, list, get, update and delete a stack', async () => {
    const campaign = await autumn();
    const { ten, five } = await tierIds(campaign.id);
    const seasonal = state().categories.create({ name: 'Seasonal', hierarchy: 1 });
    const created = await createStack('Autumn', {
      name: 'Both',
      tiers: { ids: [five, ten] },
      category_id: seasonal.id,
    });
    expect(created.data).toMatchObject({
      id: expect.stringMatching(/^stack_/),
      name: 'Both',
      created_at: T0,
      campaign_id: campaign.id,
      object: 'promotion_stack',
      tiers: { ids: [five, ten], hierarchy_mode: 'MANUAL' },
      category_id: seasonal.id,
      categories: [{ id: seasonal.id }],
    });
    const id = created.data?.id ?? '';
    mock.service.clock.advance(1000);
    const second = await createStack(campaign.id, { name: 'Alone', tiers: { ids: [ten] } });
    expect(second.data).toMatchObject({ category_id: null, categories: [] });
    const client = mock.serverClient();
    const inCampaign = await client.GET('/v1/promotions/{campaignId}/stacks', {
      params: { path: { campaignId: 'Autumn' } },
    });
    expect(inCampaign.data).toMatchObject({
      object: 'list',
      data_ref: 'data',
      total: 2,
      data: [{ name: 'Both' }, { name: 'Alone' }],
    });
    expect((await client.GET('/v1/promotions/{campaignId}/stacks/{stackId}', stackPath('Autumn', id))).data?.name).toBe(
      'Both',
    );

    mock.service.clock.advance(1000);
    const updated = await client.PUT('/v1/promotions/{campaignId}/stacks/{stackId}', {
      ...stackPath(campaign.id, id),
      body: { name: 'Both again', tiers: { ids: [ten, five], hierarchy_mode: 'MANUAL' } },
    });
    expect(updated.data).toMatchObject({
      name: 'Both again',
      tiers: { ids: [ten, five] },
      category_id: seasonal.id,
      updated_at: '2026-01-01T00:00:02.000Z',
    });
    const renamed = await client.PUT('/v1/promotions/{campaignId}/stacks/{stackId}', {
      ...stackPath(campaign.id, id),
      body: { name: 'Zed' },
    });
    expect(renamed.data?.tiers?.ids).toEqual([ten, five]);

    const deleted = await client.DELETE('/v1/promotions/{campaignId}/stacks/{stackId}', stackPath(campaign.id, id));
    expect(deleted.response.status).toBe(204);
    expect(
      (await client.GET('/v1/promotions/{campaignId}/stacks/{stackId}', stackPath(campaign.id, id))).error,
    ).toMatchObject({ code: 404, resource_type: 'promotion_stack' });
  });

  test('listing every stack: newest first, order by name, dates and paging', async () => {
    await autumn();
    const { ten } = await tierIds('Autumn');
    await createCampaign({ name: 'Winter', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'W1' }] } });
    const [w1] = await tiersOf('Winter');
    await createStack('Autumn', { name: 'B', tiers: { ids: [ten] } });
    mock.service.clock.advance(1000);
    await createStack('Winter', { name: 'A', tiers: { ids: [w1?.id ?? ''] } });
    mock.service.clock.advance(1000);
    await createStack('Autumn', { name: 'C', tiers: { ids: [ten] } });
    const names = async (query: Record<string, unknown>) => {
      const { data, error } = await mock.serverClient().GET('/v1/promotions/stacks', { params: { query } });
      if (!data) throw new Error(JSON.stringify(error));
      return data;
    };
    expect((await names({})).data.map((stack) => stack.name)).toEqual(['C', 'A', 'B']);
    expect((await names({ order: 'name' })).data.map((stack) => stack.name)).toEqual(['A', 'B', 'C']);
    expect((await names({ order: '-name', limit: 1, page: 2 })).data.map((stack) => stack.name)).toEqual(['B']);
    expect(
      (await names({ created_at: { after: '2026-01-01T00:00:00.500Z' } })).data.map((stack) => stack.name),
    ).toEqual(['C', 'A']);
    expect(
      (await names({ created_at: { before: '2026-01-01T00:00:01.500Z' }, order: 'created_at' })).data.map(
        (stack) => stack.name,
      ),
    ).toEqual(['B', 'A']);
    expect((await names({ limit: 2 })).total).toBe(3);
  });

  test('a stack takes 1 to 30 tiers of its own campaign, each once, in a known category', async () => {
    await autumn();
    const { ten, five } = await tierIds('Autumn');
    await createCampaign({ name: 'Winter', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'W1' }] } });
    await createCampaign({
      name: 'Coupons',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: PERCENT },
    });
    const [w1] = await tiersOf('Winter');
    const foreign = await createStack('Autumn', { name: 'X', tiers: { ids: [ten, w1?.id ?? ''] } });
    expect(foreign.error).toMatchObject({ code: 400, key: 'invalid_payload' });
    expect(foreign.error?.details).toContain(w1?.id ?? '');
    expect((await createStack('Autumn', { name: 'X', tiers: { ids: [ten, ten] } })).error).toMatchObject({
      code: 400,
      key: 'invalid_payload',
    });
    expect((await createStack('Autumn', { name: 'X', tiers: { ids: [] } })).error).toMatchObject({
      code: 400,
      key: 'invalid_payload',
    });
    const many = Array.from({ length: 31 }, (_, index) => `promo_${index}`);
    expect((await createStack('Autumn', { name: 'X', tiers: { ids: many } })).error).toMatchObject({
      code: 400,
      key: 'invalid_payload',
    });
    expect(
      (await createStack('Autumn', { name: 'X', tiers: { ids: ['promo_0000000000000000aa'] } })).error,
    ).toMatchObject({ code: 404, resource_type: 'promotion_tier' });
    expect(
      (await createStack('Autumn', { name: 'X', tiers: { ids: [ten] }, category_id: 'cat_0000000000000000aa' })).error,
    ).toMatchObject({ code: 404, resource_type: 'category' });
    expect((await createStack('Autumn', { tiers: { ids: [ten] } })).error).toMatchObject({
      code: 400,
      key: 'invalid_payload',
    });
    expect((await createStack('Nope', { name: 'X', tiers: { ids: [ten] } })).error).toMatchObject({
      code: 404,
      resource_type: 'campaign',
    });
    expect((await createStack('Coupons', { name: 'X', tiers: { ids: [ten] } })).error).toMatchObject({
      code: 400,
      key: 'invalid_campaign',
    });
    const thirty = [];
    for (let index = 0; index < 28; index++) thirty.push(state().promotions.create('Autumn', { name: `T${index}` }).id);
    const full = await createStack('Autumn', { name: 'Full', tiers: { ids: [ten, five, ...thirty] } });
    expect(full.data?.tiers?.ids).toHaveLength(30);
    expect(state().promotions.stacks.list().total).toBe(1);
  });

  test('stack operations answer 404 for an unknown campaign or stack, or a stack of another campaign', async () => {
    await autumn();
    const { ten } = await tierIds('Autumn');
    await createCampaign({ name: 'Winter', campaign_type: 'PROMOTION', promotion: { tiers: [] } });
    await createCampaign({
      name: 'Coupons',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: PERCENT },
    });
    const stack = (await createStack('Autumn', { name: 'S', tiers: { ids: [ten] } })).data?.id ?? '';
    const client = mock.serverClient();
    for (const [campaignId, stackId, resource] of [
      ['Winter', stack, 'promotion_stack'],
      ['Autumn', 'stack_0000000000000000aa', 'promotion_stack'],
      ['Nope', stack, 'campaign'],
    ] as const) {
      const path = stackPath(campaignId, stackId);
      for (const answer of [
        await client.GET('/v1/promotions/{campaignId}/stacks/{stackId}', path),
        await client.PUT('/v1/promotions/{campaignId}/stacks/{stackId}', { ...path, body: { name: 'X' } }),
        await client.DELETE('/v1/promotions/{campaignId}/stacks/{stackId}', path),
      ]) {
        expect(answer.error).toMatchObject({ code: 404, key: 'not_found', resource_type: resource });
      }
    }
    const coupons = await client.GET('/v1/promotions/{campaignId}/stacks', {
      params: { path: { campaignId: 'Coupons' } },
    });
    expect(coupons.error).toMatchObject({ code: 400, key: 'invalid_campaign' });
    const unknown = await client.GET('/v1/promotions/{campaignId}/stacks', {
      params: { path: { campaignId: 'Nope' } },
    });
    expect(unknown.error).toMatchObject({ code: 404, resource_type: 'campaign' });
    const winterTier = state().promotions.create('Winter', { name: 'W' });
    const moved = await client.PUT('/v1/promotions/{campaignId}/stacks/{stackId}', {
      ...stackPath('Autumn', stack),
      body: { tiers: { ids: [winterTier.id], hierarchy_mode: 'MANUAL' } },
    });
    expect(moved.error).toMatchObject({ code: 400, key: 'invalid_payload' });
    const badCategory = await client.PUT('/v1/promotions/{campaignId}/stacks/{stackId}', {
      ...stackPath('Autumn', stack),
      body: { category_id: 'cat_0000000000000000aa' },
    });
    expect(badCategory.error).toMatchObject({ code: 404, resource_type: 'category' });
  });

  test('deleting a tier takes it out of its stacks; a stack left empty goes too', async () => {
    await autumn();
    const { ten, five } = await tierIds('Autumn');
    const both = state().promotions.stacks.create('Autumn', {
      name: 'Both',
      tiers: { ids: [ten, five], hierarchy_mode: 'MANUAL' },
    });
    const alone = state().promotions.stacks.create('Autumn', {
      name: 'Alone',
      tiers: { ids: [five], hierarchy_mode: 'MANUAL' },
    });
    await mock.serverClient().DELETE('/v1/promotions/tiers/{promotionTierId}', tierPath(five));
    expect(state().promotions.stacks.get('Autumn', both.id).tiers?.ids).toEqual([ten]);
    expect(state().promotions.stacks.find(alone.id)).toBeUndefined();
  });
});
