/**
 * Qualifications: which campaigns, codes, promotion tiers and stacks a customer and an order
 * qualify for, each judged alone by the engine, per scenario, filtered, sorted and paged; and the
 * client-side form.
 */
import { createClient } from '@voucherkit/client/fetch';
import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();
const state = () => mock.service.projects.primary.state;
const later = () => mock.service.clock.advance(1000);

const PERCENT_10 = { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } as const;

const qualify = async (body: Record<string, unknown>) => {
  const result = await mock.serverClient().POST('/v1/qualifications', { body: body as never });
  if (!result.data) throw new Error(`qualification failed: ${JSON.stringify(result.error)}`);
  return result.data;
};
const ids = async (body: Record<string, unknown>) => (await qualify(body)).redeemables?.data?.map((item) => item.id);

const code = (value: string, discount: Record<string, unknown> = PERCENT_10, extra: Record<string, unknown> = {}) => {
  const voucher = state().vouchers.create({ code: value, type: 'DISCOUNT_VOUCHER', discount, ...extra } as never);
  later();
  return voucher;
};

/** A promotion campaign with one tier per discount, each created a second after the last. */
const promotion = (name: string, ...tiers: [tierName: string, discount: Record<string, unknown>][]) => {
  const campaign = state().campaigns.create({ name, campaign_type: 'PROMOTION', promotion: { tiers: [] } } as never);
  later();
  return {
    campaign,
    tiers: tiers.map(([tierName, discount]) => {
      const tier = state().promotions.create(campaign.id, {
        name: tierName,
        banner: tierName,
        action: { discount },
      } as never);
      later();
      return tier;
    }),
  };
};

const rule = (
  definition: Record<string, unknown>,
  objectType: 'voucher' | 'campaign' | 'promotion_tier',
  objectId: string,
) => {
  const created = state().validationRules.create({ name: `rule ${objectId}`, ...definition } as never);
  state().validationRules.assign(created.id, { related_object_type: objectType, related_object_id: objectId } as never);
  return created;
};

const customer = (sourceId: string, metadata: Record<string, unknown> = {}) =>
  state().customers.upsert({ source_id: sourceId, metadata }, { silent: true }).customer;

describe('scenario ALL (the default)', () => {
  test('lists tiers and generic codes to anyone, and the codes published to the customer once known; each judged alone', async () => {
    const { tiers } = promotion('Autumn', ['Ten', PERCENT_10]);
    code('GENERIC', { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' });
    const ana = customer('ana');
    const ben = customer('ben');
    state().vouchers.create({ code: 'ANA-GIFT', type: 'GIFT_VOUCHER', gift: { amount: 2500 } } as never);
    state().vouchers.publish('ANA-GIFT', ana.id);
    later();
    code('BEN-ONLY');
    state().vouchers.publish('BEN-ONLY', ben.id);

    const anonymous = await qualify({ order: { amount: 10000 } });
    expect(anonymous.redeemables?.data?.map((item) => item.id)).toEqual(['GENERIC', tiers[0]?.id]);
    const known = await qualify({ customer: { source_id: 'ana' }, order: { amount: 10000 } });
    expect(known.tracking_id).toBe('ana');
    const items = known.redeemables?.data ?? [];
    expect(items.map((item) => [item.id, item.object, item.order.total_applied_discount_amount])).toEqual([
      ['ANA-GIFT', 'voucher', 2500],
      ['GENERIC', 'voucher', 500],
      [tiers[0]?.id, 'promotion_tier', 1000],
    ]);
    expect(items[0]?.result).toEqual({ gift: { balance: 2500, credits: 2500 } });
    expect(items[2]).toMatchObject({
      campaign_name: 'Autumn',
      metadata: {},
      validation_rules_assignments: { total: 0 },
    });
    // The answer's own order is the cart before any redeemable.
    expect(known.order).toMatchObject({ amount: 10000, total_amount: 10000 });
    expect(known.order).not.toHaveProperty('total_discount_amount');
  });

  test('redeemables that cannot be used now are left out: inactive, expired, used up, failing their rules', async () => {
    code('OFF', PERCENT_10, { active: false });
    code('OLD', PERCENT_10, { expiration_date: '2025-12-31T00:00:00.000Z' });
    code('ONCE', PERCENT_10, { redemption: { quantity: 1 } });
    await mock
      .serverClient()
      .POST('/v1/redemptions', { body: { redeemables: [{ object: 'voucher', id: 'ONCE' }], order: { amount: 1000 } } });
    const big = code('BIG');
    rule(
      { rules: { 1: { name: 'order.amount', conditions: { $more_than: [50000] } }, logic: '1' } },
      'voucher',
      big.id,
    );
    code('FINE');
    expect(await ids({ order: { amount: 10000 } })).toEqual(['FINE']);
  });

  test('campaign budgets and per-customer limits are not judged', async () => {
    const limited = code('ONE-PER-CUSTOMER');
    rule(
      { rules: { 1: { name: 'redemption.count.per_customer', conditions: { $less_than_or_equal: [1] } }, logic: '1' } },
      'voucher',
      limited.id,
    );
    customer('ana');
    const body = {
      redeemables: [{ object: 'voucher' as const, id: 'ONE-PER-CUSTOMER' }],
      customer: { source_id: 'ana' },
      order: { amount: 1000 },
    };
    expect((await mock.serverClient().POST('/v1/redemptions', { body })).response.status).toBe(200);
    expect((await mock.serverClient().POST('/v1/validations', { body })).data?.valid).toBe(false);
    expect(await ids({ customer: { source_id: 'ana' }, order: { amount: 1000 } })).toEqual(['ONE-PER-CUSTOMER']);
  });

  test('a campaign that can still publish a code is listed as a campaign, judged on one of its codes', async () => {
    const campaign = state().campaigns.create({
      name: 'Coupons',
      campaign_type: 'DISCOUNT_COUPONS',
      vouchers_count: 1,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: PERCENT_10 },
    } as never);
    later();
    const all = await qualify({ order: { amount: 2000 }, options: { expand: ['redeemable'] } });
    expect(all.redeemables?.data).toEqual([
      expect.objectContaining({
        id: campaign.id,
        object: 'campaign',
        name: 'Coupons',
        result: { discount: expect.objectContaining({ percent_off: 10 }) },
      }),
    ]);
    expect(all.redeemables?.data?.[0]).not.toHaveProperty('campaign_id');
    // Once its only code is published, the campaign has nothing to give; the holder sees the code.
    const ana = customer('ana');
    const [voucher] = state().vouchers.all();
    state().vouchers.publish(voucher?.code ?? '', ana.id);
    expect(await ids({ order: { amount: 2000 } })).toEqual([]);
    expect(await qualify({ customer: { id: ana.id }, order: { amount: 2000 } })).toMatchObject({
      redeemables: {
        data: [{ id: voucher?.code, object: 'voucher', campaign_id: campaign.id, campaign_name: 'Coupons' }],
      },
    });
  });

  test('nothing is written: no redemption, customer or order', async () => {
    promotion('Autumn', ['Ten', PERCENT_10]);
    const answer = await qualify({ customer: { source_id: 'stranger' }, order: { source_id: 'o-1', amount: 1000 } });
    expect(answer.tracking_id).toBe('stranger');
    expect(state().redemptions.list().total).toBe(0);
    expect(state().customers.find('stranger')).toBeUndefined();
    expect(state().orders.find('o-1')).toBeUndefined();
  });
});

describe('the other scenarios', () => {
  const vipRule = {
    rules: {
      1: { name: 'customer.metadata', property: 'tier', conditions: { $is: ['VIP'] } },
      2: { name: 'order.amount', conditions: { $more_than: [5000] } },
      logic: '1 and 2',
    },
  };

  test('CUSTOMER_WALLET lists only the codes published to the customer', async () => {
    promotion('Autumn', ['Ten', PERCENT_10]);
    code('GENERIC');
    const ana = customer('ana');
    code('MINE');
    state().vouchers.publish('MINE', ana.id);
    expect(await ids({ scenario: 'CUSTOMER_WALLET', customer: { source_id: 'ana' }, order: { amount: 1000 } })).toEqual(
      ['MINE'],
    );
    expect(await ids({ scenario: 'CUSTOMER_WALLET', order: { amount: 1000 } })).toEqual([]);
  });

  test('AUDIENCE_ONLY judges the customer rules alone; the product scenarios without customer skip them', async () => {
    const { tiers } = promotion('VIP', ['VIP only', PERCENT_10]);
    rule(vipRule, 'promotion_tier', tiers[0]?.id ?? '');
    customer('vip', { tier: 'VIP' });
    customer('basic', { tier: 'BASIC' });
    const small = { amount: 1000 };
    expect(await ids({ customer: { source_id: 'vip' }, order: small })).toEqual([]);
    expect(await ids({ scenario: 'AUDIENCE_ONLY', customer: { source_id: 'vip' }, order: small })).toEqual([
      tiers[0]?.id,
    ]);
    expect(await ids({ scenario: 'AUDIENCE_ONLY', customer: { source_id: 'basic' }, order: small })).toEqual([]);
  });

  describe('products', () => {
    const arrange = () => {
      const mug = state().products.upsert({ source_id: 'mug', name: 'Mug', price: 1000 }).product;
      state().products.upsert({ source_id: 'tea', name: 'Tea', price: 500 });
      const onMugs = code('ON-MUGS', { type: 'PERCENT', percent_off: 20, effect: 'APPLY_TO_ITEMS' });
      rule({ applicable_to: { included: [{ object: 'product', id: mug.id }] } }, 'voucher', onMugs.id);
      const needsMug = code('NEEDS-MUG');
      rule(
        {
          rules: {
            1: { name: 'order.items.any', conditions: { $is: [{ id: mug.id, object: 'product' }] } },
            logic: '1',
          },
        },
        'voucher',
        needsMug.id,
      );
      code('WHOLE-ORDER');
      const vipMugs = code('VIP-MUGS', { type: 'PERCENT', percent_off: 30, effect: 'APPLY_TO_ITEMS' });
      rule(
        {
          ...vipRule,
          rules: { 1: vipRule.rules[1], logic: '1' },
          applicable_to: { included: [{ object: 'product', id: mug.id }] },
        },
        'voucher',
        vipMugs.id,
      );
      customer('basic', { tier: 'BASIC' });
      return {
        order: {
          items: [
            { source_id: 'mug', related_object: 'product', quantity: 1 },
            { source_id: 'tea', related_object: 'product', quantity: 2 },
          ],
        },
        customer: { source_id: 'basic' },
      };
    };

    test('PRODUCTS lists what discounts or requires the products; PRODUCTS_DISCOUNT only what discounts them', async () => {
      const request = arrange();
      expect(await ids({ ...request, scenario: 'PRODUCTS' })).toEqual(['VIP-MUGS', 'NEEDS-MUG', 'ON-MUGS']);
      expect(await ids({ ...request, scenario: 'PRODUCTS_DISCOUNT' })).toEqual(['VIP-MUGS', 'ON-MUGS']);
    });

    test('their _BY_CUSTOMER forms also judge the customer rules', async () => {
      const request = arrange();
      expect(await ids({ ...request, scenario: 'PRODUCTS_BY_CUSTOMER' })).toEqual(['NEEDS-MUG', 'ON-MUGS']);
      expect(await ids({ ...request, scenario: 'PRODUCTS_DISCOUNT_BY_CUSTOMER' })).toEqual(['ON-MUGS']);
    });
  });

  test('bundles must be complete under ALL; the product scenarios list what is missing', async () => {
    const mug = state().products.upsert({ source_id: 'mug', name: 'Mug', price: 1000 }).product;
    const tea = state().products.upsert({ source_id: 'tea', name: 'Tea', price: 500 }).product;
    const bundle = code('BUNDLE', { type: 'AMOUNT', amount_off: 300, effect: 'APPLY_TO_ORDER' });
    const part = (id: string) => ({
      name: 'order.items.any',
      conditions: { $is: [{ id, type: 'product_or_sku', object: 'product' }] },
      rules: {},
    });
    rule({ bundle_rules: { 1: part(mug.id), 2: part(tea.id) } }, 'voucher', bundle.id);
    const mugOnly = { items: [{ source_id: 'mug', related_object: 'product', quantity: 1 }] };
    expect(await ids({ order: mugOnly })).toEqual([]);
    const products = await qualify({ scenario: 'PRODUCTS', order: mugOnly });
    expect(products.redeemables?.data?.[0]?.result.bundle).toMatchObject({
      quantity: 0,
      identified: [{ id: mug.id, item_index: 0 }],
      missing: [{ id: tea.id, object: 'product', item_quantity: 1 }],
    });
    const both = await qualify({
      order: { items: [...mugOnly.items, { source_id: 'tea', related_object: 'product', quantity: 1 }] },
    });
    expect(both.redeemables?.data?.[0]).toMatchObject({ id: 'BUNDLE', result: { bundle: { quantity: 1 } } });
    expect(both.redeemables?.data?.[0]?.result.bundle).not.toHaveProperty('missing');
  });

  test('PROMOTION_STACKS lists the stacks with their tiers, each stack computed on its own', async () => {
    const { campaign, tiers } = promotion(
      'Autumn',
      ['Ten', PERCENT_10],
      ['Five', { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' }],
    );
    const stack = state().promotions.stacks.create(campaign.id, {
      name: 'Both',
      tiers: { ids: tiers.map((tier) => tier.id), hierarchy_mode: 'MANUAL' },
    } as never);
    const answer = await qualify({ scenario: 'PROMOTION_STACKS', order: { amount: 10000 } });
    const [item] = answer.redeemables?.data ?? [];
    expect(item).toMatchObject({
      id: stack.id,
      object: 'promotion_stack',
      campaign_id: campaign.id,
      order: { total_applied_discount_amount: 1500, total_amount: 8500 },
    });
    expect(item?.redeemables?.map((tier) => [tier.id, tier.order.total_amount])).toEqual([
      [tiers[0]?.id, 9000],
      [tiers[1]?.id, 8500],
    ]);
    expect(await ids({ order: { amount: 10000 } })).toEqual([tiers[1]?.id, tiers[0]?.id]);
  });
});

describe('options', () => {
  const arrange = () => {
    const { campaign, tiers } = promotion(
      'Deals',
      ['Small', { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' }],
      ['Big', { type: 'AMOUNT', amount_off: 900, effect: 'APPLY_TO_ORDER' }],
    );
    code('MID', { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' });
    state().vouchers.create({ code: 'CARD', type: 'GIFT_VOUCHER', gift: { amount: 300 } } as never);
    const ana = customer('ana');
    state().vouchers.publish('CARD', ana.id);
    later();
    return { campaign, small: tiers[0]?.id, big: tiers[1]?.id };
  };
  const request = { customer: { source_id: 'ana' }, order: { amount: 10000 } };

  test('sorting: newest first by default, BEST_DEAL and LEAST_DEAL by total_applied_discount_amount', async () => {
    const { small, big } = arrange();
    expect(await ids(request)).toEqual(['CARD', 'MID', big, small]);
    expect(await ids({ ...request, options: { sorting_rule: 'BEST_DEAL' } })).toEqual([big, 'MID', 'CARD', small]);
    expect(await ids({ ...request, options: { sorting_rule: 'LEAST_DEAL' } })).toEqual([small, 'CARD', 'MID', big]);
  });

  test.each(['DEFAULT', 'BEST_DEAL', 'LEAST_DEAL'])(
    'paging by starting_after walks every redeemable once (%s)',
    async (sortingRule) => {
      arrange();
      for (let index = 0; index < 5; index += 1)
        code(`EXTRA-${index}`, { type: 'AMOUNT', amount_off: 10 * (index + 1), effect: 'APPLY_TO_ORDER' });
      const everything = await ids({ ...request, options: { sorting_rule: sortingRule, limit: 50 } });
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 5; page += 1) {
        const answer = await qualify({
          ...request,
          options: { sorting_rule: sortingRule, limit: 4, ...(cursor === undefined ? {} : { starting_after: cursor }) },
        });
        const { data = [], has_more: hasMore, total, more_starting_after: next } = answer.redeemables ?? {};
        expect(total).toBe(data.length);
        seen.push(...data.map((item) => item.id));
        if (!hasMore) {
          expect(next).toBeUndefined();
          break;
        }
        cursor = next;
      }
      expect(seen).toEqual(everything);
      expect(seen).toHaveLength(9);
    },
  );

  test('limit: 5 by default', async () => {
    arrange();
    for (let index = 0; index < 3; index += 1) code(`EXTRA-${index}`);
    const answer = await qualify(request);
    expect(answer.redeemables).toMatchObject({ total: 5, has_more: true });
  });

  test('filters: resource type, campaign, voucher type, code, holder role, junctions', async () => {
    const { campaign, small, big } = arrange();
    const filtered = (filters: Record<string, unknown>) => ids({ ...request, options: { filters } });
    expect(await filtered({ resource_type: { conditions: { $in: ['promotion_tier'] } } })).toEqual([big, small]);
    expect(await filtered({ campaign_id: { conditions: { $is: [campaign.id] } } })).toEqual([big, small]);
    expect(await filtered({ campaign_type: { conditions: { $is_not: ['PROMOTION'] } } })).toEqual(['CARD', 'MID']);
    expect(await filtered({ voucher_type: { conditions: { $is: ['GIFT_VOUCHER'] } } })).toEqual(['CARD']);
    expect(await filtered({ code: { conditions: { $in: ['MID'] } } })).toEqual(['MID']);
    expect(await filtered({ holder_role: { conditions: { $is: ['OWNER'] } } })).toEqual(['CARD']);
    expect(
      await filtered({
        junction: 'OR',
        code: { conditions: { $is: ['MID'] } },
        resource_id: { conditions: { $is: [small] } },
      }),
    ).toEqual(['MID', small]);
  });

  test('filters on categories', async () => {
    const seasonal = state().categories.create({ name: 'Seasonal', hierarchy: 1 });
    code('PLAIN');
    code('SEASONAL', PERCENT_10, { category_id: seasonal.id });
    const answer = await qualify({
      order: { amount: 1000 },
      options: { filters: { category_id: { conditions: { $is: [seasonal.id] } } }, expand: ['category'] },
    });
    expect(answer.redeemables?.data).toEqual([
      expect.objectContaining({
        id: 'SEASONAL',
        categories: [expect.objectContaining({ id: seasonal.id, name: 'Seasonal' })],
      }),
    ]);
  });

  test('expand redeemable names tiers and campaigns; rule assignments are always shown', async () => {
    const { tiers } = promotion('Autumn', ['Ten', PERCENT_10]);
    const assigned = rule(
      { rules: { 1: { name: 'order.amount', conditions: { $more_than: [10] } }, logic: '1' } },
      'promotion_tier',
      tiers[0]?.id ?? '',
    );
    const answer = await qualify({ order: { amount: 1000 }, options: { expand: ['redeemable'] } });
    expect(answer.redeemables?.data?.[0]).toMatchObject({
      name: 'Ten',
      banner: 'Ten',
      validation_rules_assignments: {
        total: 1,
        data: [{ rule_id: assigned.id, related_object_id: tiers[0]?.id, validation_status: 'VALID' }],
      },
    });
    expect((await qualify({ order: { amount: 1000 } })).redeemables?.data?.[0]).not.toHaveProperty('name');
  });
});

describe('errors', () => {
  const raw = (body: unknown) =>
    mock.raw('/v1/qualifications', {
      method: 'POST',
      headers: serverHeaders(mock.service, { 'content-type': 'application/json' }),
      body: JSON.stringify(body),
    });

  test.each([
    ['an unknown scenario', { scenario: 'EVERYTHING' }],
    ['a page over 50', { options: { limit: 51 } }],
    ['a page under 1', { options: { limit: 0 } }],
    ['a cursor that is no date', { options: { starting_after: 'yesterday' } }],
    ['an unknown sorting rule', { options: { sorting_rule: 'CHEAPEST' } }],
    ['an unknown expansion', { options: { expand: ['everything'] } }],
    ['a filter whose values are not a list', { options: { filters: { code: { conditions: { $is: 'A' } } } } }],
    [
      'a filter with an unknown junction',
      { options: { filters: { junction: 'XOR', code: { conditions: { $is: ['A'] } } } } },
    ],
    ['a filter with an unknown operator', { options: { filters: { code: { conditions: { $like: ['A'] } } } } }],
    ['an unknown resource type', { options: { filters: { resource_type: { conditions: { $is: ['coupon'] } } } } }],
  ])('400 for %s', async (_name, body) => {
    const response = await raw(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 400,
      key: expect.stringMatching(/^invalid_/),
      request_id: expect.any(String),
    });
  });

  test('404 for a customer id or an order id that names nothing', async () => {
    const customerMissing = await raw({ customer: { id: 'cust_nobody' }, order: { amount: 1000 } });
    expect(customerMissing.status).toBe(404);
    expect(await customerMissing.json()).toMatchObject({
      code: 404,
      key: 'not_found',
      resource_id: 'cust_nobody',
      resource_type: 'customer',
    });
    const orderMissing = await raw({ order: { id: 'ord_nothing' } });
    expect(orderMissing.status).toBe(404);
  });

  test('400 for an order with wrong numbers', async () => {
    const response = await raw({ order: { amount: -5 } });
    expect(response.status).toBe(400);
  });
});

describe('client side', () => {
  test('client keys get the same answer on /client/v1/qualifications; server keys are refused there', async () => {
    const { tiers } = promotion('Autumn', ['Ten', PERCENT_10]);
    const { clientAppId, clientToken } = mock.service.projects.primary.keys;
    const client = createClient({
      baseUrl: mock.service.baseUrl,
      auth: { type: 'client', clientAppId, clientToken, origin: 'https://shop.example' },
      retry: false,
    });
    const answer = await client.POST('/client/v1/qualifications', {
      params: {},
      body: { order: { amount: 2000 }, options: { limit: 1 } },
    });
    expect(answer.data).toMatchObject({
      redeemables: { total: 1, has_more: false, data: [{ id: tiers[0]?.id, order: { total_amount: 1800 } }] },
    });
    const onServer = await client.POST('/v1/qualifications', { body: { order: { amount: 2000 } } });
    expect(onServer.response.status).toBe(401);
    const serverOnClient = await mock
      .serverClient()
      .POST('/client/v1/qualifications', { params: {}, body: { order: { amount: 2000 } } });
    expect(serverOnClient.response.status).toBe(401);
  });
});
