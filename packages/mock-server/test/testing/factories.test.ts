import { createClient } from '@voucherkit/client';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { type Factories, type MockService, createFactories, createMockService } from '../../src/index.js';
import { T0, useMockService } from '../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;
const make = (): Factories => createFactories(mock.service);
const client = () => {
  const { appId, appToken } = mock.service.projects.primary.keys;
  return createClient({ baseUrl: mock.service.baseUrl, auth: { type: 'server', appId, appToken }, retry: false });
};
const eventTypes = () =>
  state()
    .events.list()
    .map((event) => event.type);

describe('factories: vouchers', () => {
  test('a discount voucher is DISCOUNT-1, 10 % off, shown by the API, validated and redeemed', async () => {
    const factories = make();
    const voucher = factories.voucher();
    expect(voucher).toMatchObject({
      code: 'DISCOUNT-1',
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
      campaign_id: null,
      created_at: T0,
    });
    expect(voucher.id).toMatch(/^v_/);
    expect(factories.voucher().code).toBe('DISCOUNT-2');
    expect(await client().vouchers.get('DISCOUNT-1')).toMatchObject({ id: voucher.id, active: true });

    const redeemables = [{ object: 'voucher' as const, id: 'DISCOUNT-1' }];
    const validation = await client().validations.validateStackable({ redeemables, order: { amount: 5000 } });
    expect(validation.valid).toBe(true);
    const redemption = await client().redemptions.redeemStackable({
      redeemables,
      order: { amount: 5000 },
      customer: { source_id: 'ana' },
    });
    expect(redemption.order?.total_discount_amount).toBe(500);
    expect(eventTypes()).toContain('voucher.created');
  });

  test('overrides replace the defaults; in a campaign the voucher takes its value and a code from the campaign', async () => {
    const factories = make();
    const fixed = factories.voucher({
      code: 'FIVE',
      discount: { type: 'AMOUNT', amount_off: 500 },
      redemption: { quantity: 1 },
      metadata: { source: 'test' },
    });
    expect(fixed).toMatchObject({
      code: 'FIVE',
      discount: { type: 'AMOUNT', amount_off: 500 },
      redemption: { quantity: 1 },
      metadata: { source: 'test' },
    });
    const summer = factories.discountCampaign({
      name: 'Summer',
      voucher: { discount: { type: 'PERCENT', percent_off: 25 }, code_config: { pattern: 'SUMMER-####' } },
    });
    const inCampaign = factories.voucher({ campaign: summer.id });
    expect(inCampaign).toMatchObject({
      campaign: 'Summer',
      campaign_id: summer.id,
      discount: { type: 'PERCENT', percent_off: 25 },
    });
    expect(inCampaign.code).toMatch(/^SUMMER-\w{4}$/);
    expect((await client().campaigns.get(summer.id)).vouchers_count).toBe(1);
    // The next standalone voucher still numbers from 1: codes given or drawn from a campaign do not count.
    expect(factories.voucher().code).toBe('DISCOUNT-1');
  });

  test('a voucher whose kind differs from its campaign is refused as the API refuses it', () => {
    const factories = make();
    const cards = factories.giftCampaign();
    expect(() => factories.voucher({ campaign: cards.id })).toThrow(
      expect.objectContaining({ status: 400, key: 'invalid_voucher' }),
    );
  });

  test('a gift card is GIFT-1 with 100.00 of credit, which a redemption spends', async () => {
    const factories = make();
    const card = factories.giftCard({ gift: { amount: 2500 } });
    expect(card).toMatchObject({ code: 'GIFT-1', type: 'GIFT_VOUCHER', gift: { amount: 2500, balance: 2500 } });
    expect(factories.giftCard().gift).toMatchObject({ amount: 10_000, balance: 10_000 });
    await client().redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'GIFT-1', gift: { credits: 1000 } }],
      order: { amount: 5000 },
    });
    expect((await client().vouchers.get('GIFT-1')).gift?.balance).toBe(1500);
  });

  test('a loyalty card belongs to a new member of a new programme, with the points asked for', async () => {
    const factories = make();
    const card = factories.loyaltyCard({ points: 300 });
    expect(card).toMatchObject({ type: 'LOYALTY_CARD', loyalty_card: { points: 300, balance: 300 } });
    const customer = state().customers.get('customer-1');
    expect(card.holder_id).toBe(customer.id);
    const programme = state().campaigns.get('Loyalty programme 1');
    expect(card.campaign_id).toBe(programme.id);
    const member = await client().loyalties.getMember(card.code);
    expect(member.loyalty_card).toMatchObject({ points: 300, balance: 300 });
    expect(eventTypes()).toEqual(
      expect.arrayContaining([
        'campaign.created',
        'customer.created',
        'voucher.published',
        'voucher.loyalty_card.points_added',
      ]),
    );
  });

  test('loyalty cards of one programme: a named customer, no points by default, one card per member', () => {
    const factories = make();
    const club = factories.loyaltyProgramme({ name: 'Club' });
    const ana = factories.customer({ source_id: 'ana' });
    const card = factories.loyaltyCard({ campaign: 'Club', customer: 'ana' });
    expect(card).toMatchObject({ campaign_id: club.id, holder_id: ana.id, loyalty_card: { points: 0, balance: 0 } });
    // Programmes are join-once: the member gets the same card again.
    expect(factories.loyaltyCard({ campaign: club.id, customer: { id: ana.id } }).id).toBe(card.id);
    expect(state().loyalties.members(club.id, {}).total).toBe(1);
  });
});

describe('factories: campaigns', () => {
  test('each type of campaign is created with valid defaults and read back through the API', async () => {
    const factories = make();
    const campaigns = [
      factories.discountCampaign(),
      factories.giftCampaign(),
      factories.loyaltyProgramme(),
      factories.promotion(),
      factories.referralProgramme(),
    ];
    expect(campaigns.map((campaign) => [campaign.name, campaign.campaign_type])).toEqual([
      ['Discount campaign 1', 'DISCOUNT_COUPONS'],
      ['Gift campaign 1', 'GIFT_VOUCHERS'],
      ['Loyalty programme 1', 'LOYALTY_PROGRAM'],
      ['Promotion 1', 'PROMOTION'],
      ['Referral programme 1', 'REFERRAL_PROGRAM'],
    ]);
    for (const campaign of campaigns)
      expect(await client().campaigns.get(campaign.id)).toMatchObject({
        id: campaign.id,
        active: true,
        creation_status: 'DONE',
      });
    expect(factories.discountCampaign().name).toBe('Discount campaign 2');
    expect(state().events.list({ type: 'campaign.created' })).toHaveLength(6);
  });

  test('codes of the campaigns are published on demand', async () => {
    const factories = make();
    const publish = async (campaignId: string) =>
      (await client().distributions.publications.create({
        campaign: { name: campaignId },
        customer: { source_id: 'ana' },
      })) as { voucher: { type?: string; is_referral_code?: boolean; gift?: { amount?: number } | null } };
    expect((await publish(factories.discountCampaign().id)).voucher.type).toBe('DISCOUNT_VOUCHER');
    expect((await publish(factories.giftCampaign().id)).voucher.gift?.amount).toBe(10_000);
    expect((await publish(factories.referralProgramme().id)).voucher.is_referral_code).toBe(true);
  });

  test('a promotion has one tier that discounts any order; promotionTier adds more', async () => {
    const factories = make();
    const promotion = factories.promotion({ name: 'Spring' });
    const [tier] = promotion.promotion?.tiers ?? [];
    expect(tier).toMatchObject({ name: 'Tier 1', action: { discount: { type: 'PERCENT', percent_off: 10 } } });
    const validation = await client().validations.validateStackable({
      redeemables: [{ object: 'promotion_tier', id: tier?.id ?? '' }],
      order: { amount: 2000 },
    });
    expect(validation.valid).toBe(true);
    expect(validation.order?.total_discount_amount).toBe(200);

    const second = factories.promotionTier({
      campaign: 'Spring',
      banner: '5 % off',
      action: { discount: { type: 'PERCENT', percent_off: 5 } },
    });
    expect(second).toMatchObject({ name: 'Tier 2', banner: '5 % off', campaign: { id: promotion.id } });
    expect((await client().promotions.tiers.list(promotion.id)).tiers.map((each) => each.id).sort()).toEqual(
      [tier?.id, second.id].sort(),
    );
    expect(state().events.list({ type: 'campaign.promotion_tier.created' })).toHaveLength(2);
  });

  test('a tier without a campaign gets a promotion of its own', async () => {
    const tier = make().promotionTier();
    expect(await client().promotions.tiers.get(tier.id)).toMatchObject({
      name: 'Tier 1',
      campaign: { id: state().campaigns.get('Promotion 1').id },
    });
    expect(state().promotions.listOfCampaign('Promotion 1')).toHaveLength(1);
  });
});

describe('factories: customers, catalogue and orders', () => {
  test('a customer is customer-1, Customer 1, customer-1@example.com, found by GET', async () => {
    const factories = make();
    const customer = factories.customer();
    expect(customer).toMatchObject({
      source_id: 'customer-1',
      name: 'Customer 1',
      email: 'customer-1@example.com',
      object: 'customer',
    });
    expect(customer.id).toMatch(/^cust_/);
    expect(await client().customers.get(customer.id)).toMatchObject({ id: customer.id, name: 'Customer 1' });
    expect(await client().customers.get('customer-1')).toMatchObject({ id: customer.id });
    expect(factories.customer({ name: 'Ana', metadata: { vip: true } })).toMatchObject({
      source_id: 'customer-2',
      name: 'Ana',
      metadata: { vip: true },
    });
    expect(state().events.list({ type: 'customer.created' })).toHaveLength(2);
  });

  test('a default name taken already is skipped', async () => {
    await client().customers.create({ source_id: 'customer-1' });
    expect(make().customer().source_id).toBe('customer-2');
  });

  test('a product and a SKU, read back through the API', async () => {
    const factories = make();
    const product = factories.product();
    expect(product).toMatchObject({ source_id: 'product-1', name: 'Product 1', price: 1000 });
    const sku = factories.sku({ product: product.id, sku: 'Blue' });
    expect(sku).toMatchObject({ source_id: 'sku-1', sku: 'Blue', price: 1000, product_id: product.id });
    expect((await client().products.get(product.id)).skus?.data?.map((each) => each.id)).toEqual([sku.id]);
    expect(await client().products.getSku(sku.id)).toMatchObject({ id: sku.id });
    // Without a product, the SKU gets one of its own.
    expect(factories.sku().product_id).toBe(state().products.get('product-2').id);
  });

  test('an order of 100.00, with a customer when one is named', async () => {
    const factories = make();
    const order = factories.order();
    expect(order).toMatchObject({ source_id: 'order-1', amount: 10_000, customer_id: null });
    expect(await client().orders.get(order.id)).toMatchObject({ id: order.id, amount: 10_000 });
    const customer = factories.customer();
    const paid = factories.order({ status: 'PAID', customer: { id: customer.id } });
    expect(paid).toMatchObject({ source_id: 'order-2', status: 'PAID', customer_id: customer.id });
    expect(eventTypes()).toEqual(expect.arrayContaining(['customer.order.created', 'customer.order.paid']));
  });
});

describe('factories: validation rules', () => {
  test('a default rule is met by any order; assigned to a voucher, its own conditions decide', async () => {
    const factories = make();
    const anyOrder = factories.validationRule();
    expect(anyOrder).toMatchObject({ name: 'Validation rule 1' });
    const voucher = factories.voucher({ validation_rules: [anyOrder.id] });
    const redeem = { redeemables: [{ object: 'voucher' as const, id: voucher.code }], order: { amount: 1000 } };
    expect((await client().validations.validateStackable(redeem)).valid).toBe(true);

    const big = factories.voucher();
    const rule = factories.validationRule(
      { name: 'Over 50', rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' } },
      { related_object_type: 'voucher', related_object_id: big.id },
    );
    expect(rule.assignments_count).toBe(1);
    expect(
      (await client().vouchers.get(big.code)).validation_rules_assignments?.data?.map(
        (assignment) => assignment.rule_id,
      ),
    ).toEqual([rule.id]);
    const small = await client().validations.validateStackable({
      redeemables: [{ object: 'voucher', id: big.code }],
      order: { amount: 1000 },
    });
    expect(small.valid).toBe(false);
    expect(eventTypes()).toEqual(
      expect.arrayContaining(['business_validation_rule.created', 'business_validation_rule.assignment.created']),
    );
  });

  test('a rule assigned to a campaign applies to its codes', async () => {
    const factories = make();
    const campaign = factories.discountCampaign();
    factories.validationRule(
      { rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' } },
      { related_object_type: 'campaign', related_object_id: campaign.id },
    );
    const voucher = factories.voucher({ campaign: campaign.id });
    const result = await client().validations.validateStackable({
      redeemables: [{ object: 'voucher', id: voucher.code }],
      order: { amount: 1000 },
    });
    expect(result.valid).toBe(false);
  });
});

describe('factories: determinism, projects and types', () => {
  const build = (service: MockService) => {
    const factories = createFactories(service);
    return [
      factories.voucher(),
      factories.giftCard(),
      factories.loyaltyCard({ points: 10 }),
      factories.promotion(),
      factories.referralProgramme(),
      factories.customer(),
      factories.sku(),
      factories.order(),
      factories.validationRule(),
    ].map((record) => [record.id, 'code' in record ? record.code : undefined]);
  };

  test('two services with the same seed give the same ids and codes; another seed other ids', () => {
    const clock = { frozenAt: T0 };
    const first = build(createMockService({ seed: 7, clock }));
    expect(build(createMockService({ seed: 7, clock }))).toEqual(first);
    expect(build(createMockService({ seed: 8, clock }))).not.toEqual(first);
  });

  test('after a reset the builders write to the new data and number from 1 again', () => {
    const factories = make();
    const before = [factories.customer(), factories.voucher()].map((record) => record.id);
    mock.service.reset();
    const after = [factories.customer(), factories.voucher()];
    expect(after.map((record) => record.id)).toEqual(before);
    expect(after[0]).toMatchObject({ source_id: 'customer-1' });
    expect(mock.service.projects.primary.state.customers.all()).toHaveLength(1);
  });

  test('another project: the builders write to it and not to the primary one', async () => {
    const us = mock.service.projects.create({ name: 'US shop' });
    const factories = createFactories(mock.service, { project: us.id });
    const customer = factories.customer();
    expect(us.state.customers.get(customer.id)).toMatchObject({ name: 'Customer 1' });
    expect(state().customers.find(customer.id)).toBeUndefined();
    await expect(client().customers.get(customer.id)).rejects.toMatchObject({ status: 404 });
    expect(() => createFactories(mock.service, { project: 'proj_missing' }).customer()).toThrow(/proj_missing/);
  });

  test('overrides are typed as the API requests and builders return the API shapes', () => {
    const factories = make();
    expectTypeOf(factories.voucher).parameter(0).toEqualTypeOf<Parameters<Factories['voucher']>[0]>();
    expectTypeOf(factories.customer()).toHaveProperty('source_id');
    expectTypeOf(factories.promotion()).toHaveProperty('campaign_type');
    expectTypeOf(factories.loyaltyCard()).toHaveProperty('loyalty_card');
    // @ts-expect-error a discount voucher has no gift
    expect(() => factories.voucher({ gift: { amount: 100 } })).toBeDefined();
    // @ts-expect-error a percentage needs percent_off
    expect(() => factories.voucher({ discount: { type: 'PERCENT' } })).toBeDefined();
    const discountVoucher = { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } } as const;
    // @ts-expect-error a gift campaign's voucher is a gift card
    expect(() => factories.giftCampaign({ voucher: discountVoucher })).toBeDefined();
    // @ts-expect-error points are a number
    expect(() => factories.loyaltyCard({ points: '10' })).toBeDefined();
  });
});
