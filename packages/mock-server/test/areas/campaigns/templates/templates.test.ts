import { type VoucherkitClient, createClient } from '@voucherkit/client';
import { describe, expect, test } from 'vitest';
import { T0, serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();

const clientOf = (keys: { appId: string; appToken: string }): VoucherkitClient =>
  createClient({
    baseUrl: mock.service.baseUrl,
    auth: { type: 'server', appId: keys.appId, appToken: keys.appToken },
    retry: false,
  });
const client = (): VoucherkitClient => clientOf(mock.service.projects.primary.keys);
const management = (): VoucherkitClient => {
  const { managementId, managementToken } = mock.service.management;
  return createClient({
    baseUrl: mock.service.baseUrl,
    auth: { type: 'management', managementId, managementToken },
    retry: false,
  });
};
const templates = () => client().templates.campaigns;
const state = () => mock.service.projects.primary.state;

const PERCENT = { type: 'PERCENT', percent_off: 10 } as const;
const AMOUNT = { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' } as const;
const OVER_50 = { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' };
const TEMPLATE_ID = /^camp_tpl_[0-9a-f]{18}$/;

/** A discount campaign with a description, metadata, a window, code settings and a category. */
const summer = async (extra: Record<string, unknown> = {}) => {
  await client().categories.create({ name: 'Seasonal', hierarchy: 1 });
  return client().campaigns.create({
    name: 'Summer',
    campaign_type: 'DISCOUNT_COUPONS',
    description: 'Summer deal',
    join_once: true,
    start_date: '2026-06-01T00:00:00.000Z',
    metadata: { season: 'summer' },
    category: 'Seasonal',
    voucher: {
      type: 'DISCOUNT_VOUCHER',
      discount: PERCENT,
      redemption: { quantity: 3 },
      code_config: { pattern: 'SUM-####' },
    },
    ...extra,
  } as never);
};

const giftCards = (name = 'Gift cards') =>
  client().campaigns.create({
    name,
    campaign_type: 'GIFT_VOUCHERS',
    voucher: { type: 'GIFT_VOUCHER', gift: { amount: 5000 } },
  } as never);

/** `GET /v1/templates/campaigns` over fetch, for the deep-object filters that the typed client does not serialise. */
const listOverFetch = async (query: string) => {
  const response = await mock.raw(`/v1/templates/campaigns?${query}`, { headers: serverHeaders(mock.service) });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { campaign_templates?: { name: string }[] },
  };
};

/** A promotion campaign with one tier, "Five off" (hierarchy 1), with a promotion rule when given. */
const autumn = (name = 'Autumn', validationRules: string[] = []) =>
  client().campaigns.create({
    name,
    campaign_type: 'PROMOTION',
    promotion: {
      tiers: [
        {
          name: 'Five off',
          banner: 'Five off your order',
          action: { discount: AMOUNT },
          metadata: { level: 1 },
          validation_rules: validationRules,
        },
      ],
    },
  } as never);

const rule = (contextType = 'global', name = 'Over 50') =>
  client().validationRules.create({ name, rules: OVER_50, context_type: contextType } as never);

describe('campaign templates', () => {
  test('a discount campaign becomes a template: created, read with and without its set-up, renamed, listed and deleted', async () => {
    const campaign = await summer();
    const created = await templates().create({
      name: 'Summer set-up',
      description: 'Reuse every year',
      campaign_id: campaign.id,
    });
    expect(created).toEqual({
      id: expect.stringMatching(TEMPLATE_ID),
      name: 'Summer set-up',
      description: 'Reuse every year',
      campaign_type: 'DISCOUNT_COUPONS',
      created_at: T0,
      object: 'campaign_template',
    });
    expect(await templates().get(created.id)).toEqual(created);

    const { json_template: setup } = await templates().get(created.id, { expand: 'json_template' });
    expect(setup).toEqual({
      campaign: {
        campaign_type: 'DISCOUNT_COUPONS',
        type: 'AUTO_UPDATE',
        description: 'Summer deal',
        join_once: true,
        auto_join: false,
        use_voucher_metadata_schema: true,
        start_date: '2026-06-01T00:00:00.000Z',
        metadata: { season: 'summer' },
        voucher: {
          type: 'DISCOUNT_VOUCHER',
          discount: PERCENT,
          code_config: expect.objectContaining({ pattern: 'SUM-####' }),
          redemption: { quantity: 3 },
        },
      },
      validation_rules: [],
    });

    mock.service.clock.advance(1_000);
    const renamed = await templates().update(created.id, { name: 'Summer set-up 2027', description: null });
    expect(renamed).toEqual({
      id: created.id,
      name: 'Summer set-up 2027',
      campaign_type: 'DISCOUNT_COUPONS',
      created_at: T0,
      updated_at: '2026-01-01T00:00:01.000Z',
      object: 'campaign_template',
    });
    // Only the name and description change; the set-up stays.
    expect((await templates().get(created.id, { expand: 'json_template' })).json_template).toEqual(setup);
    expect(await templates().list()).toEqual({
      object: 'list',
      data_ref: 'campaign_templates',
      campaign_templates: [renamed],
      has_more: false,
    });

    await templates().delete(created.id);
    await expect(templates().get(created.id)).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceType: 'campaign_template',
      resourceId: created.id,
    });
    // The source campaign is untouched.
    expect((await client().campaigns.get(campaign.id)).name).toBe('Summer');
  });

  test('discount and gift card campaigns and promotion tiers become templates; promotions and programmes do not', async () => {
    const gift = await templates().create({ name: 'Gift', campaign_id: (await giftCards()).id });
    expect(gift.campaign_type).toBe('GIFT_VOUCHERS');
    expect((await templates().get(gift.id, { expand: 'json_template' })).json_template).toMatchObject({
      campaign: { voucher: { type: 'GIFT_VOUCHER', gift: { amount: 5000 } } },
    });

    const promotion = await autumn();
    const [tier] = promotion.promotion?.tiers ?? [];
    const fromTier = await templates().create({
      name: 'Five off',
      campaign_id: null,
      promotion_tier_id: tier?.id ?? '',
    });
    expect(fromTier).toMatchObject({ campaign_type: 'DISCOUNT_COUPONS', object: 'campaign_template' });
    // A tier is kept as a discount campaign of its discount, window and metadata, with its banner.
    const { json_template: kept } = await templates().get(fromTier.id, { expand: 'json_template' });
    expect(kept).toMatchObject({
      campaign: { metadata: { level: 1 }, voucher: { type: 'DISCOUNT_VOUCHER', discount: AMOUNT } },
      promotion_tier: { banner: 'Five off your order' },
    });
    expect(kept).toMatchObject({
      campaign: { campaign_type: 'DISCOUNT_COUPONS', type: 'AUTO_UPDATE' },
      validation_rules: [],
    });

    const loyalty = state().campaigns.create({ name: 'Members', campaign_type: 'LOYALTY_PROGRAM' } as never);
    const referral = await client().campaigns.create({
      name: 'Friends',
      campaign_type: 'REFERRAL_PROGRAM',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: PERCENT },
    } as never);
    for (const source of [promotion.id, loyalty.id, referral.id]) {
      await expect(templates().create({ name: `From ${source}`, campaign_id: source })).rejects.toMatchObject({
        status: 400,
        key: 'campaign_type_is_not_supported_by_campaign_template',
        body: expect.objectContaining({ message: 'Campaign of the given type is not supported by campaign template' }),
      });
    }
    expect((await templates().list()).campaign_templates.map((template) => template.name)).toEqual([
      'Gift',
      'Five off',
    ]);
  });

  test('refusals: one source exactly, known sources, unique names, known templates', async () => {
    const campaign = await summer();
    const promotion = await autumn();
    const tierId = promotion.promotion?.tiers?.[0]?.id ?? '';
    await expect(
      templates().create({ name: 'Both', campaign_id: campaign.id, promotion_tier_id: tierId }),
    ).rejects.toMatchObject({ status: 400, key: 'invalid_payload' });
    await expect(templates().create({ name: 'Neither' })).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
    });
    await expect(templates().create({ name: 'Ghost', campaign_id: 'camp_0000000000000000ff' })).rejects.toMatchObject({
      status: 404,
      resourceType: 'campaign',
      resourceId: 'camp_0000000000000000ff',
    });
    await expect(
      templates().create({ name: 'Ghost', promotion_tier_id: 'promo_0000000000000000ff' }),
    ).rejects.toMatchObject({ status: 404, resourceType: 'promotion_tier' });

    const first = await templates().create({ name: 'Summer set-up', campaign_id: campaign.id });
    const second = await templates().create({ name: 'Tier set-up', promotion_tier_id: tierId });
    const duplicate = {
      status: 409,
      key: 'duplicate_found',
      resourceType: 'campaign_template',
      resourceId: 'Summer set-up',
    };
    await expect(templates().create({ name: 'Summer set-up', campaign_id: campaign.id })).rejects.toMatchObject(
      duplicate,
    );
    await expect(templates().update(second.id, { name: 'Summer set-up' })).rejects.toMatchObject(duplicate);
    // A template keeps its own name.
    expect((await templates().update(first.id, { name: 'Summer set-up', description: 'Same name' })).description).toBe(
      'Same name',
    );

    const unknown = 'camp_tpl_0000000000000000ff';
    const notFound = { status: 404, key: 'not_found', resourceType: 'campaign_template', resourceId: unknown };
    await expect(templates().update(unknown, { name: 'X' })).rejects.toMatchObject(notFound);
    await expect(templates().delete(unknown)).rejects.toMatchObject(notFound);
    await expect(templates().setupCampaign(unknown, { name: 'X' })).rejects.toMatchObject(notFound);
    await expect(templates().setupTier(unknown, { name: 'X', campaign_id: promotion.id })).rejects.toMatchObject(
      notFound,
    );
  });

  test('lists oldest first or by -id, pages by cursor, filters, and counts every template with include_total', async () => {
    const campaign = await summer();
    const gift = await giftCards();
    const a = await templates().create({ name: 'Alpha', campaign_id: campaign.id });
    const b = await templates().create({ name: 'Beta', campaign_id: gift.id });
    const c = await templates().create({ name: 'Gamma', campaign_id: campaign.id });

    const first = await templates().list({ limit: 2 });
    expect(first).toEqual({
      object: 'list',
      data_ref: 'campaign_templates',
      campaign_templates: [a, b],
      has_more: true,
      more_starting_after: b.id,
    });
    const rest = await templates().list({ limit: 2, starting_after_id: first.more_starting_after ?? '' });
    expect(rest).toEqual({ object: 'list', data_ref: 'campaign_templates', campaign_templates: [c], has_more: false });
    expect((await templates().list({ order: '-id' })).campaign_templates.map((template) => template.id)).toEqual([
      c.id,
      b.id,
      a.id,
    ]);
    // A cursor of a deleted template still pages on.
    await templates().delete(b.id);
    expect((await templates().list({ starting_after_id: b.id })).campaign_templates).toEqual([c]);
    await expect(templates().list({ starting_after_id: 'camp_tpl_0000000000000000ff' })).rejects.toMatchObject({
      status: 400,
      key: 'invalid_query_params',
    });

    const discounts = await listOverFetch(
      'include_total=true&filters[campaign_type][conditions][$is]=DISCOUNT_COUPONS&filters[name][conditions][$starts_with]=gam',
    );
    expect(discounts).toEqual({
      status: 200,
      body: { object: 'list', data_ref: 'campaign_templates', campaign_templates: [c], total: 2, has_more: false },
    });
    const either = await listOverFetch(
      `filters[junction]=or&filters[name][conditions][$is]=Alpha&filters[id][conditions][$in][]=${c.id}`,
    );
    expect(either.body.campaign_templates?.map((template) => template.name)).toEqual(['Alpha', 'Gamma']);
    const gifts = await listOverFetch('filters[campaign_type][conditions][$in][]=GIFT_VOUCHERS');
    expect(gifts.body.campaign_templates).toEqual([]);
    expect(await listOverFetch('filters[campaign_type][conditions][$is]=LOYALTY_PROGRAM')).toMatchObject({
      status: 400,
      body: { key: 'invalid_query_params' },
    });
  });

  test('a campaign made from a template gets new ids, its own codes generated in the background, and a new copy of each rule', async () => {
    const original = await rule('campaign.discount_coupons.discount.apply_to_order');
    const source = await summer({ validation_rules: [original.id], vouchers_count: 1 });
    const template = await templates().create({ name: 'Summer set-up', campaign_id: source.id });
    await client().categories.create({ name: 'Autumn', hierarchy: 2 });

    const made = await templates().setupCampaign(template.id, {
      name: 'Autumn',
      description: 'Autumn deal',
      vouchers_count: 3,
      category: 'Autumn',
      voucher: { code_config: { pattern: 'AUT-####' } },
    });
    expect(made.object).toBe('campaign_setup');
    const [copy] = made.created_resources;
    expect(made.created_resources).toEqual([{ id: expect.stringMatching(/^val_/), object: 'validation_rules' }]);
    expect(copy?.id).not.toBe(original.id);
    expect(made.campaign).toMatchObject({
      id: expect.stringMatching(/^camp_/),
      name: 'Autumn',
      description: 'Autumn deal',
      campaign_type: 'DISCOUNT_COUPONS',
      join_once: true,
      start_date: '2026-06-01T00:00:00.000Z',
      metadata: { season: 'summer' },
      category: 'Autumn',
      creation_status: 'IN_PROGRESS',
      voucher: {
        discount: PERCENT,
        redemption: { quantity: 3 },
        code_config: expect.objectContaining({ pattern: 'AUT-####' }),
      },
      validation_rules_assignments: {
        total: 1,
        data: [
          expect.objectContaining({
            rule_id: copy?.id,
            related_object_id: made.campaign.id,
            related_object_type: 'campaign',
          }),
        ],
      },
    });
    expect(made.campaign.id).not.toBe(source.id);

    await mock.service.scheduler.drain();
    const done = await client().campaigns.get(made.campaign.id);
    expect(done).toMatchObject({ creation_status: 'DONE', vouchers_count: 3 });
    const codes = (await client().vouchers.list({ campaign_id: made.campaign.id })).vouchers.map(
      (voucher) => voucher.code,
    );
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^AUT-[0-9A-Za-z]{4}$/);

    // The copy has the rule's definition; the original keeps its one assignment.
    const copied = await client().validationRules.get(copy?.id ?? '');
    expect(copied).toMatchObject({
      name: 'Over 50',
      rules: OVER_50,
      context_type: 'campaign.discount_coupons.discount.apply_to_order',
      assignments_count: 1,
    });
    expect((await client().validationRules.get(original.id)).assignments_count).toBe(1);

    // The request's name must be free, as for any campaign; nothing is made on a refusal.
    const rules = state().validationRules.list().total;
    await expect(templates().setupCampaign(template.id, { name: 'Summer' })).rejects.toMatchObject({
      status: 409,
      key: 'duplicate_found',
      resourceType: 'campaign',
    });
    expect(state().validationRules.list().total).toBe(rules);
  });

  test('promotion tiers come from discount and tier templates, and a tier template makes a discount campaign', async () => {
    const tierRule = await rule('campaign.promotion', 'Tier rule');
    const target = await autumn('Autumn', [tierRule.id]);
    const tierId = target.promotion?.tiers?.[0]?.id ?? '';
    const fromTier = await templates().create({ name: 'Five off', promotion_tier_id: tierId });
    const other = await autumn('Winter');

    const added = await templates().setupTier(fromTier.id, { name: 'Five off again', campaign_id: other.id });
    expect(added).toMatchObject({
      object: 'promotion_tier_setup',
      created_resources: [{ id: expect.stringMatching(/^val_/), object: 'validation_rules' }],
      promotion_tier: {
        name: 'Five off again',
        banner: 'Five off your order',
        action: { discount: AMOUNT },
        metadata: { level: 1 },
        hierarchy: 2,
        campaign: { id: other.id },
      },
    });
    const [tierCopy] = added.created_resources;
    expect(added.promotion_tier.validation_rule_assignments).toMatchObject({
      total: 1,
      data: [{ rule_id: tierCopy?.id, related_object_type: 'promotion_tier' }],
    });
    expect((await client().promotions.tiers.list(other.id)).tiers?.map((tier) => tier.name)).toEqual([
      'Five off again',
      'Five off',
    ]);

    // A tier template makes a discount campaign; its rule's promotion context becomes a discount campaign's.
    const campaign = await templates().setupCampaign(fromTier.id, { name: 'Five off codes' });
    expect(campaign.campaign).toMatchObject({
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: AMOUNT },
      vouchers_count: 0,
      creation_status: 'DONE',
    });
    expect((await client().validationRules.get(campaign.created_resources[0]?.id ?? '')).context_type).toBe(
      'campaign.discount_coupons',
    );

    // A discount campaign's template makes a tier; the request's settings replace the template's.
    const discount = await templates().create({
      name: 'Summer set-up',
      campaign_id: (
        await summer({ validation_rules: [(await rule('voucher.discount_voucher.discount.apply_to_order')).id] })
      ).id,
    });
    const fromCampaign = await templates().setupTier(discount.id, {
      name: 'Ten percent',
      campaign_id: other.id,
      hierarchy: 1,
      banner: 'Ten off',
      metadata: {},
    });
    expect(fromCampaign.promotion_tier).toMatchObject({
      name: 'Ten percent',
      banner: 'Ten off',
      action: { discount: PERCENT },
      hierarchy: 1,
      metadata: {},
      start_date: '2026-06-01T00:00:00.000Z',
    });
    expect((await client().validationRules.get(fromCampaign.created_resources[0]?.id ?? '')).context_type).toBe(
      'campaign.promotion.discount.apply_to_order',
    );
  });

  test("a standalone campaign's template makes standalone campaigns, each with a generic code of its own", async () => {
    const source = await client().campaigns.create({
      name: 'Gift for all',
      campaign_type: 'GIFT_VOUCHERS',
      type: 'STANDALONE',
      voucher: {
        type: 'GIFT_VOUCHER',
        code: 'GIFT-FOR-ALL',
        gift: { amount: 2000 },
        code_config: { pattern: 'G-######' },
      },
    } as never);
    const template = await templates().create({ name: 'Generic gift', campaign_id: source.id });
    const codes: string[] = [];
    for (const name of ['Gift for spring', 'Gift for summer']) {
      const { campaign } = await templates().setupCampaign(template.id, { name });
      expect(campaign).toMatchObject({
        type: 'STANDALONE',
        campaign_type: 'GIFT_VOUCHERS',
        vouchers_count: 1,
        creation_status: 'DONE',
      });
      const [voucher] = (await client().vouchers.list({ campaign_id: campaign.id })).vouchers;
      expect(voucher).toMatchObject({
        type: 'GIFT_VOUCHER',
        gift: { amount: 2000 },
        code: expect.stringMatching(/^G-[0-9A-Za-z]{6}$/),
      });
      codes.push(voucher?.code ?? '');
    }
    expect(new Set([...codes, 'GIFT-FOR-ALL']).size).toBe(3);
  });

  test('tiers are refused from gift card templates and on campaigns that are not promotions', async () => {
    const gift = await templates().create({ name: 'Gift', campaign_id: (await giftCards()).id });
    const promotion = await autumn();
    await expect(templates().setupTier(gift.id, { name: 'Credit', campaign_id: promotion.id })).rejects.toMatchObject({
      status: 400,
      key: 'campaign_type_is_not_supported_by_campaign_template',
    });
    const discount = await templates().create({ name: 'Summer set-up', campaign_id: (await summer()).id });
    await expect(
      templates().setupTier(discount.id, { name: 'Ten', campaign_id: (await giftCards('More gift cards')).id }),
    ).rejects.toMatchObject({ status: 400, key: 'invalid_campaign' });
    await expect(
      templates().setupTier(discount.id, { name: 'Ten', campaign_id: 'camp_0000000000000000ff' }),
    ).rejects.toMatchObject({ status: 404, resourceType: 'campaign' });
    expect((await client().promotions.tiers.list(promotion.id)).tiers).toHaveLength(1);
  });

  test("a project's templates are its own; the management API lists them and copies one to another project", async () => {
    const template = await templates().create({
      name: 'Summer set-up',
      description: 'Reuse every year',
      campaign_id: (await summer({ validation_rules: [(await rule()).id] })).id,
    });
    const primaryId = mock.service.projects.primary.id;
    const other = mock.service.projects.create({ name: 'Production' });
    const otherTemplates = () => clientOf(other.keys).templates.campaigns;

    await expect(otherTemplates().get(template.id)).rejects.toMatchObject({
      status: 404,
      resourceType: 'campaign_template',
    });
    expect((await otherTemplates().list()).campaign_templates).toEqual([]);
    expect((await management().management.templates.list(primaryId)).campaign_templates).toEqual([template]);
    expect((await management().management.templates.list(other.id, { include_total: true })).total).toBe(0);

    const copy = await management().management.templates.copy(primaryId, template.id, {
      name: 'Summer in production',
      destination_project_id: other.id,
    });
    expect(copy).toEqual({ ...template, id: expect.stringMatching(TEMPLATE_ID), name: 'Summer in production' });
    expect(copy.id).not.toBe(template.id);
    expect((await otherTemplates().list()).campaign_templates).toEqual([copy]);
    expect((await templates().list()).campaign_templates).toEqual([template]);
    const described = await management().management.templates.copy(primaryId, template.id, {
      name: 'Described',
      description: null,
      destination_project_id: other.id,
    });
    expect(described.description).toBeUndefined();

    // The copy's rule is made in the project that uses it.
    const primaryRules = state().validationRules.list().total;
    const made = await otherTemplates().setupCampaign(copy.id, { name: 'Summer' });
    expect(made.created_resources).toHaveLength(1);
    expect(other.state.validationRules.get(made.created_resources[0]?.id ?? '')).toMatchObject({
      name: 'Over 50',
      rules: OVER_50,
    });
    expect(state().validationRules.list().total).toBe(primaryRules);

    await expect(
      management().management.templates.copy(primaryId, template.id, {
        name: 'Summer in production',
        destination_project_id: other.id,
      }),
    ).rejects.toMatchObject({
      status: 409,
      key: 'duplicate_found',
    });
    await expect(
      management().management.templates.copy(primaryId, template.id, {
        name: 'Nowhere',
        destination_project_id: 'proj_missing',
      }),
    ).rejects.toMatchObject({
      status: 404,
      resourceType: 'project',
    });
    await expect(
      management().management.templates.copy(other.id, template.id, {
        name: 'Not there',
        destination_project_id: primaryId,
      }),
    ).rejects.toMatchObject({
      status: 404,
      resourceType: 'campaign_template',
    });
    await expect(management().management.templates.list('proj_missing')).rejects.toMatchObject({
      status: 404,
      resourceType: 'project',
    });
  });

  test("a copy's rules name products, SKUs and collections of the project that uses it: found there, or made once and listed as created", async () => {
    // In the source project: a mug with a blue SKU, a lamp without source id, a static collection of both and an automatic one.
    const mug = await client().products.create({
      source_id: 'mug',
      name: 'Mug',
      price: 1200,
      attributes: ['color'],
      metadata: { material: 'clay' },
    } as never);
    const blue = await client().products.createSku('mug', {
      source_id: 'mug-blue',
      sku: 'Blue mug',
      price: 1300,
      attributes: { color: 'blue' },
    } as never);
    const lamp = await client().products.create({ name: 'Lamp', price: 4000 } as never);
    const set = await client().productCollections.create({
      type: 'STATIC',
      name: 'Desk set',
      products: [
        { id: lamp.id, object: 'product' },
        { id: blue.id, product_id: mug.id, object: 'sku' },
      ],
    } as never);
    const cheap = await client().productCollections.create({
      type: 'AUTO_UPDATE',
      name: 'Under 20',
      filter: { junction: 'and', price: { conditions: { $less_than: [2000] } } },
    } as never);
    const rules = {
      1: { name: 'order.items.any', conditions: { $is: [{ id: mug.id, type: 'product_or_sku', object: 'product' }] } },
      2: {
        name: 'order.items.any',
        conditions: { $is: [{ id: set.id, type: 'products_collection', object: 'products_collection' }] },
      },
      logic: '1 or 2',
    };
    const applicable = {
      included: [
        { object: 'products_collection', id: cheap.id },
        { object: 'sku', id: blue.id },
      ],
    };
    const catalogRule = await client().validationRules.create({
      name: 'Mugs and desks',
      rules,
      applicable_to: applicable,
    } as never);
    const template = await templates().create({
      name: 'Desk deal',
      campaign_id: (await summer({ validation_rules: [catalogRule.id] })).id,
    });

    // Used in its own project, it makes the rule only, naming the same products.
    const here = await templates().setupCampaign(template.id, { name: 'Desk deal here' });
    expect(here.created_resources.map((resource) => resource.object)).toEqual(['validation_rules']);
    expect((await client().validationRules.get(here.created_resources[0]?.id ?? '')).rules).toEqual(rules);

    // Copied to a project that has a mug of its own (same source id) and nothing else.
    const other = mock.service.projects.create({ name: 'Production' });
    const otherClient = clientOf(other.keys);
    const ownMug = await otherClient.products.create({ source_id: 'mug', name: 'Mug (production)' } as never);
    const copy = await management().management.templates.copy(mock.service.projects.primary.id, template.id, {
      name: 'Desk deal',
      destination_project_id: other.id,
    });
    const made = await otherClient.templates.campaigns.setupCampaign(copy.id, { name: 'Desk deal' });
    expect(made.created_resources.map((resource) => resource.object)).toEqual([
      'product',
      'sku',
      'products_collection',
      'products_collection',
      'validation_rules',
    ]);
    const [newLamp, newBlue, newSet, newCheap, newRule] = made.created_resources.map((resource) => resource.id);
    expect(await otherClient.products.get(newLamp ?? '')).toMatchObject({ name: 'Lamp', price: 4000, source_id: null });
    expect(await otherClient.products.getSku(newBlue ?? '')).toMatchObject({
      source_id: 'mug-blue',
      sku: 'Blue mug',
      product_id: ownMug.id,
      price: 1300,
    });
    expect(await otherClient.productCollections.get(newSet ?? '')).toMatchObject({
      name: 'Desk set',
      products: [
        { id: newLamp, object: 'product' },
        { id: newBlue, product_id: ownMug.id, object: 'sku' },
      ],
    });
    expect(await otherClient.productCollections.get(newCheap ?? '')).toMatchObject({
      name: 'Under 20',
      type: 'AUTO_UPDATE',
      filter: cheap.filter,
    });
    const copiedRule = await otherClient.validationRules.get(newRule ?? '');
    expect(copiedRule.rules).toEqual({
      1: {
        name: 'order.items.any',
        conditions: { $is: [{ id: ownMug.id, type: 'product_or_sku', object: 'product' }] },
      },
      2: {
        name: 'order.items.any',
        conditions: { $is: [{ id: newSet, type: 'products_collection', object: 'products_collection' }] },
      },
      logic: '1 or 2',
    });
    expect(copiedRule.applicable_to?.included).toEqual([
      expect.objectContaining({ object: 'products_collection', id: newCheap }),
      expect.objectContaining({ object: 'sku', id: newBlue }),
    ]);

    // A second use finds what the first made, the lamp without a source id included.
    const again = await otherClient.templates.campaigns.setupCampaign(copy.id, { name: 'Desk deal again' });
    expect(again.created_resources.map((resource) => resource.object)).toEqual(['validation_rules']);
    expect((await otherClient.products.list()).products.map((product) => product.name).sort()).toEqual([
      'Lamp',
      'Mug (production)',
    ]);
    // The source project is left as it was.
    expect((await client().products.list()).products).toHaveLength(2);
  });

  test('over plain fetch: a template is created and read with its set-up', async () => {
    const campaign = await giftCards();
    const headers = serverHeaders(mock.service, { 'content-type': 'application/json' });
    const created = await mock.raw('/v1/templates/campaigns', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Gift', description: null, campaign_id: campaign.id, promotion_tier_id: null }),
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const read = await mock.raw(`/v1/templates/campaigns/${id}?expand=json_template`, { headers });
    expect(await read.json()).toMatchObject({
      id,
      name: 'Gift',
      campaign_type: 'GIFT_VOUCHERS',
      json_template: { campaign: { campaign_type: 'GIFT_VOUCHERS' } },
    });
    const missingName = await mock.raw('/v1/templates/campaigns', {
      method: 'POST',
      headers,
      body: JSON.stringify({ campaign_id: campaign.id }),
    });
    expect(missingName.status).toBe(400);
    expect(await missingName.json()).toMatchObject({ key: 'invalid_payload', details: 'Property .name is required' });
  });
});
