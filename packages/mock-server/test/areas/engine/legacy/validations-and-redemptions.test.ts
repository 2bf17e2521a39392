/**
 * The deprecated single-code and single-tier validations and redemptions (decision 0059), through
 * our client: the engine's checks in the legacy answers, redemptions stored and rolled back like
 * any other, and the client-side forms with client keys and the project's settings.
 */
import { type VoucherkitClient, createClient } from '@voucherkit/client';
import { describe, expect, test } from 'vitest';
import { useLoyaltyMock } from '../../../support/loyalty-setup.js';
import { serverHeaders } from '../../../support/setup.js';

const { mock, state, client, createProgramme, join } = useLoyaltyMock();

const browser = (origin?: string): VoucherkitClient => {
  const { clientAppId, clientToken } = mock.service.projects.primary.keys;
  return createClient({
    baseUrl: mock.service.baseUrl,
    auth: { type: 'client', clientAppId, clientToken, ...(origin === undefined ? {} : { origin }) },
    retry: false,
  });
};

const configure = (changes: Parameters<typeof mock.service.projects.configure>[1]) =>
  mock.service.projects.configure(mock.service.projects.primary.id, changes);

const discountVoucher = (code: string, extra: Record<string, unknown> = {}) =>
  state().vouchers.create({
    code,
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' },
    ...extra,
  } as never);

const giftCard = (code: string, amount: number) =>
  state().vouchers.create({ code, type: 'GIFT_VOUCHER', gift: { amount } } as never);

/** A validation rule on a voucher: orders over 100.00, optionally with its own error text. */
const overHundred = (voucherId: string, message?: string) => {
  const rule = state().validationRules.create({
    name: 'Over 100.00',
    rules: {
      1: {
        name: 'order.amount',
        conditions: { $more_than: [10000] },
        ...(message === undefined ? {} : { error: { message } }),
      },
      logic: '1',
    },
  } as never);
  state().validationRules.assign(rule.id, { related_object_type: 'voucher', related_object_id: voucherId });
};

/** A promotion campaign with tiers, each `{ name, percent, metadata }`, returned with the tiers in creation order. */
const promotion = (
  name: string,
  tiers: readonly { name: string; percent: number; metadata?: Record<string, unknown> }[],
) => {
  const campaign = state().campaigns.create({
    name,
    campaign_type: 'PROMOTION',
    promotion: {
      tiers: tiers.map((tier) => ({
        name: tier.name,
        banner: `${tier.percent}% off`,
        metadata: tier.metadata ?? {},
        action: { discount: { type: 'PERCENT', percent_off: tier.percent, effect: 'APPLY_TO_ORDER' } },
      })),
    },
  } as never);
  return { campaign, tiers: state().promotions.listOfCampaign(campaign.id).reverse() };
};

/** A loyalty card with `points` and a pay-with-points reward of 20.00 per 100 points. */
const payingCard = async (points: number) => {
  const programme = await createProgramme();
  const card = await join(programme.id);
  const code = String(card.code);
  await client().loyalties.addOrRemoveCardBalance(code, { points, expiration_type: 'NON_EXPIRING' } as never);
  const reward = await client().rewards.create({
    name: '$20 for 100 points',
    parameters: { coin: { exchange_ratio: '20', points_ratio: '100' } },
  } as never);
  const assignment = await client().rewards.createAssignment(reward.id, { campaign: programme.id } as never);
  return { code, reward, assignment };
};

describe('POST /v1/vouchers/{code}/validate', () => {
  test('a valid code: its discount, the order after it, its metadata and campaign; nothing is redeemed', async () => {
    const campaign = state().campaigns.create({
      name: 'Summer',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' } },
    } as never);
    state().campaigns.addVouchers(campaign.id, { code: 'SUMMER10', metadata: { season: 'summer' } }, 1);
    const answer = await client().validations.validateVoucher('SUMMER10', {
      customer: { source_id: 'alice' },
      order: { amount: 5000 },
    });
    expect(answer).toMatchObject({
      valid: true,
      code: 'SUMMER10',
      tracking_id: 'alice',
      discount: { type: 'AMOUNT', amount_off: 1000 },
      order: { amount: 5000, total_discount_amount: 1000, total_amount: 4000 },
      metadata: { season: 'summer' },
      campaign: 'Summer',
      campaign_id: campaign.id,
      applicable_to: { object: 'list', total: 0 },
    });
    expect(state().vouchers.get('SUMMER10').redemption?.redeemed_quantity ?? 0).toBe(0);
    expect(state().redemptions.list().total).toBe(0);
  });

  test('the answer has the service’s shape: what holds no value is left out, zero amounts too', async () => {
    discountVoucher('PLAIN');
    const answer = await client().validations.validateVoucher('PLAIN', { order: { amount: 5000 } });
    expect(Object.keys(answer).sort()).toEqual([
      'applicable_to',
      'code',
      'discount',
      'inapplicable_to',
      'metadata',
      'order',
      'tracking_id',
      'valid',
    ]);
    expect(answer).toMatchObject({
      metadata: {},
      order: { customer_id: null, referrer_id: null, discount_amount: 1000, total_applied_discount_amount: 1000 },
    });
    const { order } = answer as { order: Record<string, unknown> };
    for (const absent of ['source_id', 'items', 'items_discount_amount', 'items_applied_discount_amount'])
      expect(order).not.toHaveProperty(absent);
    const product = state().products.upsert({ name: 'Mug', source_id: 'mug', price: 2500 } as never).product;
    const withLines = await client().validations.validateVoucher('PLAIN', {
      order: { source_id: 'order-9', items: [{ product_id: product.id, quantity: 2 }] },
    });
    const lines = withLines as { order: { source_id?: string; items?: Record<string, unknown>[] } };
    expect(lines.order.source_id).toBe('order-9');
    expect(lines.order.items?.[0]).toMatchObject({
      product_id: product.id,
      quantity: 2,
      amount: 5000,
      subtotal_amount: 5000,
    });
    for (const absent of ['discount_amount', 'applied_discount_amount', 'discount_quantity', 'applied_quantity'])
      expect(lines.order.items?.[0]).not.toHaveProperty(absent);
  });

  test('a standalone code names no campaign; its dates are shown when it has them', async () => {
    discountVoucher('DATED', { start_date: '2025-06-01T00:00:00.000Z', expiration_date: '2026-06-01T00:00:00.000Z' });
    const answer = await client().validations.validateVoucher('DATED', { order: { amount: 5000 } });
    expect(answer).toMatchObject({
      valid: true,
      start_date: '2025-06-01T00:00:00.000Z',
      expiration_date: '2026-06-01T00:00:00.000Z',
    });
    expect(answer).not.toHaveProperty('campaign');
    expect(answer.tracking_id).toMatch(/^track_/);
  });

  test.each([
    ['expired', { expiration_date: '2025-12-01T00:00:00.000Z' }, 'voucher_expired', 'voucher expired'],
    ['not started', { start_date: '2026-02-01T00:00:00.000Z' }, 'voucher_not_active', 'voucher not active'],
    ['disabled', { active: false }, 'voucher_disabled', 'voucher is disabled'],
  ])('a code %s is valid: false with the reason and the error', async (_name, extra, key, reason) => {
    discountVoucher('NOPE-NOW', { ...extra, metadata: { shelf: 'b' } });
    const answer = await client().validations.validateVoucher('NOPE-NOW', { order: { amount: 5000 } });
    expect(answer).toMatchObject({
      valid: false,
      reason,
      code: 'NOPE-NOW',
      metadata: { shelf: 'b' },
      error: { code: 400, key, message: reason, details: 'NOPE-NOW' },
    });
    expect((answer as { error: { request_id?: string } }).error.request_id).toMatch(/^v-/);
  });

  test('a code used up: quantity exceeded', async () => {
    discountVoucher('ONCE', { redemption: { quantity: 1 } });
    await client().redemptions.redeem('ONCE', { order: { amount: 5000 } });
    const answer = await client().validations.validateVoucher('ONCE', { order: { amount: 5000 } });
    expect(answer).toMatchObject({ valid: false, reason: 'quantity exceeded', error: { key: 'quantity_exceeded' } });
  });

  test('rules not met: the full error, or only the rule’s own text', async () => {
    overHundred(discountVoucher('BIG').id);
    overHundred(discountVoucher('BIG-TEXT').id, 'Spend over 100.00 to use this code.');
    const plain = await client().validations.validateVoucher('BIG', { order: { amount: 5000 } });
    expect(plain).toMatchObject({
      valid: false,
      reason: 'order does not match validation rules',
      error: { code: 400, key: 'order_rules_violated' },
    });
    const texted = await client().validations.validateVoucher('BIG-TEXT', { order: { amount: 5000 } });
    expect(texted).toMatchObject({
      valid: false,
      reason: 'order does not match validation rules',
      error: { message: 'Spend over 100.00 to use this code.' },
    });
    expect((texted as { error: object }).error).not.toHaveProperty('key');
    expect(await client().validations.validateVoucher('BIG', { order: { amount: 20000 } })).toMatchObject({
      valid: true,
    });
  });

  test('an unknown code is valid: false with the not_found error naming it (decision 0059)', async () => {
    const answer = await client().validations.validateVoucher('NO-SUCH', { order: { amount: 5000 } });
    expect(answer).toMatchObject({
      valid: false,
      reason: 'Resource not found',
      code: 'NO-SUCH',
      error: { code: 404, key: 'not_found', resource_id: 'NO-SUCH', resource_type: 'voucher' },
    });
    expect(answer).not.toHaveProperty('metadata');
  });

  test('a gift card: its state, the credits in the order; more credits than the balance is gift_amount_exceeded', async () => {
    giftCard('GIFT-50', 5000);
    const answer = await client().validations.validateVoucher('GIFT-50', {
      order: { amount: 4000 },
      gift: { credits: 1500 },
    });
    expect(answer).toMatchObject({
      valid: true,
      gift: { amount: 5000, balance: 5000 },
      order: { total_applied_discount_amount: 1500, total_amount: 2500 },
    });
    expect(answer).not.toHaveProperty('discount');
    const all = await client().validations.validateVoucher('GIFT-50', { order: { amount: 4000 } });
    expect(all).toMatchObject({ valid: true, order: { total_applied_discount_amount: 4000 } });
    const tooMuch = await client().validations.validateVoucher('GIFT-50', {
      order: { amount: 9000 },
      gift: { credits: 6000 },
    });
    expect(tooMuch).toMatchObject({ valid: false, error: { key: 'gift_amount_exceeded' } });
  });

  test('a loyalty card: the points it costs and the reward; too many points is valid: false; no reward is 400', async () => {
    const { code, reward, assignment } = await payingCard(250);
    const answer = await client().validations.validateVoucher(code, {
      customer: { source_id: 'ana' },
      order: { amount: 4500 },
      reward: { id: reward.id, points: 200 },
    });
    expect(answer).toMatchObject({
      valid: true,
      loyalty: { points_cost: 200 },
      reward: { id: reward.id, assignment_id: assignment.id, points: 200 },
      order: { total_applied_discount_amount: 4000 },
    });
    const tooMany = await client().validations.validateVoucher(code, {
      customer: { source_id: 'ana' },
      order: { amount: 4500 },
      reward: { id: reward.id, points: 300 },
    });
    expect(tooMany).toMatchObject({ valid: false, error: { key: 'loyalty_card_points_exceeded' } });
    await expect(
      client().validations.validateVoucher(code, { customer: { source_id: 'ana' }, order: { amount: 4500 } }),
    ).rejects.toMatchObject({ status: 400, key: 'missing_reward' });
    await expect(
      client().validations.validateVoucher(code, { order: { amount: 4500 }, reward: { id: reward.id } }),
    ).rejects.toMatchObject({ status: 400, key: 'missing_customer' });
    await expect(
      client().validations.validateVoucher(code, {
        customer: { source_id: 'ana' },
        order: { amount: 4500 },
        reward: { id: 'rew_none' },
      }),
    ).rejects.toMatchObject({ status: 404, key: 'not_found', resourceType: 'reward' });
  });

  test('a lock session holds the code for a later redemption with its key', async () => {
    discountVoucher('LOCKED', { redemption: { quantity: 1 } });
    const locked = await client().validations.validateVoucher('LOCKED', {
      order: { amount: 5000 },
      session: { type: 'LOCK', ttl: 1, ttl_unit: 'HOURS' },
    });
    expect(locked).toMatchObject({ valid: true, session: { type: 'LOCK', ttl: 1, ttl_unit: 'HOURS' } });
    const key = String((locked as { session?: { key?: string } }).session?.key);
    expect(key).toMatch(/^ssn_/);
    const held = await client().validations.validateVoucher('LOCKED', { order: { amount: 5000 } });
    expect(held).toMatchObject({ valid: false, error: { key: 'quantity_exceeded' } });
    expect(held).not.toHaveProperty('session');
    const redeemed = await client().redemptions.redeem('LOCKED', { order: { amount: 5000 }, session: { key } });
    expect(redeemed.result).toBe('SUCCESS');
    expect(state().vouchers.sessions.of(state().vouchers.get('LOCKED').id)).toHaveLength(0);
  });

  test('input errors: an unknown customer id is 404, a malformed body 400, no keys 401', async () => {
    discountVoucher('TEN');
    await expect(
      client().validations.validateVoucher('TEN', { customer: 'cust_unknown', order: { amount: 5000 } }),
    ).rejects.toMatchObject({ status: 404, key: 'not_found' });
    await expect(
      client().validations.validateVoucher('TEN', { order: { amount: 'lots' } } as never),
    ).rejects.toMatchObject({ status: 400, key: 'invalid_payload' });
    const anonymous = await mock.raw('/v1/vouchers/TEN/validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /v1/vouchers/{code}/redemption', () => {
  test('the redemption is stored, listed, counted, announced and rolled back like any other', async () => {
    discountVoucher('TEN', { redemption: { quantity: 5 } });
    const redemption = await client().redemptions.redeem('TEN', {
      customer: { source_id: 'alice' },
      order: { source_id: 'order-1', amount: 5000 },
      metadata: { till: 3 },
    });
    expect(redemption).toMatchObject({
      object: 'redemption',
      result: 'SUCCESS',
      tracking_id: 'alice',
      related_object_type: 'voucher',
      metadata: { till: 3 },
      voucher: { code: 'TEN', redemption: { redeemed_quantity: 1 } },
      order: { source_id: 'order-1', status: 'PAID', total_amount: 4000 },
      customer: { source_id: 'alice' },
    });
    expect(redemption.id).toMatch(/^r_/);
    expect(redemption).not.toHaveProperty('parent_redemption');
    const listed = await client().redemptions.list({ limit: 10 });
    expect(listed.redemptions?.map((entry) => entry.id)).toEqual([redemption.id]);
    expect(
      state()
        .events.list()
        .map((event) => event.type),
    ).toContain('redemption.succeeded');
    const rollback = await client().redemptions.rollback(redemption.id, {} as never);
    expect(rollback).toMatchObject({ result: 'SUCCESS', redemption: redemption.id });
    expect(state().vouchers.get('TEN').redemption?.redeemed_quantity).toBe(0);
    expect((await client().redemptions.get(redemption.id)).status).toBe('ROLLED_BACK');
  });

  test('a failure is 400 naming the stored rf_… redemption, without the redeemable fields', async () => {
    discountVoucher('OFF', { active: false });
    const error = await client()
      .redemptions.redeem('OFF', { order: { amount: 5000 } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, key: 'voucher_disabled', details: 'OFF', resourceType: 'redemption' });
    const { resourceId, body } = error as { resourceId: string; body: object };
    expect(resourceId).toMatch(/^rf_/);
    expect(body).not.toHaveProperty('redeemable_id');
    const failed = await client().redemptions.get(resourceId);
    expect(failed).toMatchObject({ result: 'FAILURE', failure_code: 'voucher_disabled' });
  });

  test('a rule’s own text comes as error.message; an unknown code is not_found', async () => {
    overHundred(discountVoucher('BIG').id, 'Spend over 100.00 to use this code.');
    await expect(client().redemptions.redeem('BIG', { order: { amount: 5000 } })).rejects.toMatchObject({
      status: 400,
      key: 'order_rules_violated',
      body: { error: { message: 'Spend over 100.00 to use this code.' } },
    });
    await expect(client().redemptions.redeem('NO-SUCH', { order: { amount: 5000 } })).rejects.toMatchObject({
      status: 400,
      key: 'not_found',
      resourceType: 'redemption',
    });
  });

  test('a gift card spends its credits; the rollback gives them back', async () => {
    giftCard('GIFT-50', 5000);
    const redemption = await client().redemptions.redeem('GIFT-50', {
      order: { amount: 4000 },
      gift: { credits: 1500 },
    });
    expect(redemption).toMatchObject({ amount: 1500, gift: { amount: 1500 }, voucher: { gift: { balance: 3500 } } });
    await client().redemptions.rollback(redemption.id, {} as never);
    expect(state().vouchers.get('GIFT-50').gift?.balance).toBe(5000);
  });

  test('a loyalty card pays with points', async () => {
    const { code, reward } = await payingCard(250);
    const redemption = await client().redemptions.redeem(code, {
      customer: { source_id: 'ana' },
      order: { amount: 4500 },
      reward: { id: reward.id, points: 200 },
    });
    expect(redemption).toMatchObject({ loyalty_card: { points: 200 }, order: { total_applied_discount_amount: 4000 } });
    expect((await client().loyalties.getMember(code)).loyalty_card?.balance).toBe(50);
  });

  test('the query’s tracking_id stands for the customer', async () => {
    discountVoucher('TEN');
    const redemption = await client().redemptions.redeem('TEN', { order: { amount: 5000 } }, { tracking_id: 'bob' });
    expect(redemption).toMatchObject({ tracking_id: 'bob', customer: { source_id: 'bob' } });
  });
});

describe('promotion tiers', () => {
  test('POST /v1/promotions/validation lists the tiers that apply, each alone, by campaign', async () => {
    const autumn = promotion('Autumn', [
      { name: 'Ten', percent: 10 },
      { name: 'Twenty', percent: 20, metadata: { region: 'eu' } },
    ]);
    const winter = promotion('Winter', [{ name: 'Five', percent: 5 }]);
    const [ten, twenty] = autumn.tiers;
    state().promotions.setActive(winter.tiers[0]?.id ?? '', false);
    const answer = await client().promotions.validate({ customer: { source_id: 'alice' }, order: { amount: 10000 } });
    expect(answer).toMatchObject({ valid: true, tracking_id: 'alice' });
    expect(answer.promotions.map((tier) => [tier.name, tier.discount_amount, tier.order.total_amount])).toEqual([
      ['Ten', 1000, 9000],
      ['Twenty', 2000, 8000],
    ]);
    expect(answer.promotions[0]).toMatchObject({
      id: ten?.id,
      object: 'promotion_tier',
      banner: '10% off',
      campaign: { id: autumn.campaign.id, active: true, object: 'campaign' },
      hierarchy: 1,
    });
    // Without categories the tier and its campaign leave them out, as they leave out dates they do not have.
    for (const absent of ['categories', 'category_id', 'start_date', 'expiration_date'])
      expect(answer.promotions[0]).not.toHaveProperty(absent);
    expect(answer.promotions[0]?.campaign).not.toHaveProperty('categories');
    const byMetadata = await client().promotions.validate(
      { order: { amount: 10000 } },
      { filters: { metadata: { region: { $is: 'eu' } } } },
    );
    expect(byMetadata.promotions.map((tier) => tier.id)).toEqual([twenty?.id]);
    const byId = await client().promotions.validate(
      { order: { amount: 10000 } },
      { filters: { promotion_id: { $in: [ten?.id ?? ''] } } },
    );
    expect(byId.promotions.map((tier) => tier.id)).toEqual([ten?.id]);
    // A filter the language cannot read is the service's 400, naming the parameter.
    await expect(
      client().promotions.validate({ order: { amount: 10000 } }, {
        filters: { metadata: { region: { $iz: 'eu' } } },
      } as never),
    ).rejects.toMatchObject({
      status: 400,
      details: expect.stringContaining('filters'),
    });
    expect(state().redemptions.list().total).toBe(0);
  });

  test('audienceRulesOnly judges only the rules on the customer; nothing applies is valid: false', async () => {
    const { tiers } = promotion('Big orders', [{ name: 'Over 100', percent: 10 }]);
    const rule = state().validationRules.create({
      name: 'Over 100.00',
      rules: { 1: { name: 'order.amount', conditions: { $more_than: [10000] } }, logic: '1' },
    } as never);
    state().validationRules.assign(rule.id, {
      related_object_type: 'promotion_tier',
      related_object_id: tiers[0]?.id ?? '',
    });
    expect(await client().promotions.validate({ order: { amount: 5000 } })).toMatchObject({
      valid: false,
      promotions: [],
    });
    const audience = await client().promotions.validate({ order: { amount: 5000 } }, { audienceRulesOnly: true });
    expect(audience.promotions.map((tier) => tier.name)).toEqual(['Over 100']);
  });

  test('POST /v1/promotions/tiers/{id}/validation: the tier applies, is inactive (valid: false) or unknown (404)', async () => {
    const { tiers } = promotion('Autumn', [{ name: 'Ten', percent: 10 }]);
    const id = tiers[0]?.id ?? '';
    expect(await client().promotions.tiers.validate(id, { order: { amount: 5000 } })).toMatchObject({
      valid: true,
      id,
      discount_amount: 500,
      order: { total_amount: 4500 },
    });
    state().promotions.setActive(id, false);
    const inactive = await client().promotions.tiers.validate(id, { order: { amount: 5000 } });
    expect(inactive).toMatchObject({
      valid: false,
      reason: 'Inactive Promotion',
      error: { key: 'promotion_inactive' },
      id,
      name: 'Ten',
      object: 'promotion_tier',
    });
    expect(inactive).not.toHaveProperty('order');
    expect(inactive).not.toHaveProperty('discount_amount');
    await expect(client().promotions.tiers.validate('promo_unknown', {})).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceType: 'promotion_tier',
    });
  });

  test('POST /v1/promotions/tiers/{id}/redemption is a redemption of the tier, counted and rolled back; a failure is 400 rf_…', async () => {
    const { tiers } = promotion('Autumn', [{ name: 'Ten', percent: 10 }]);
    const id = tiers[0]?.id ?? '';
    const redemption = await client().promotions.tiers.redeem(id, {
      customer: { source_id: 'alice' },
      order: { amount: 5000 },
    });
    expect(redemption).toMatchObject({
      result: 'SUCCESS',
      related_object_type: 'promotion_tier',
      related_object_id: id,
      voucher: null,
      promotion_tier: { id },
      order: { total_amount: 4500 },
    });
    expect(state().promotions.get(id).summary?.redemptions?.total_redeemed).toBe(1);
    await client().redemptions.rollback(redemption.id, {} as never);
    expect(state().promotions.get(id).summary?.redemptions?.total_redeemed).toBe(0);
    state().promotions.setActive(id, false);
    const error = await client()
      .promotions.tiers.redeem(id, { order: { amount: 5000 } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, key: 'promotion_inactive', resourceType: 'redemption' });
    expect((error as { resourceId: string }).resourceId).toMatch(/^rf_/);
  });
});

describe('client side', () => {
  test('GET /client/v1/validate reads the context from the query, qs-style', async () => {
    discountVoucher('WEB-10', { discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } });
    const { product } = state().products.upsert({ name: 'Mug', source_id: 'mug', price: 1500 } as never);
    const answer = await browser('https://shop.example.com').clientSide.validate({
      code: 'WEB-10',
      item: [{ product_id: product.id, quantity: 2, price: 1500 }],
      customer: { source_id: 'alice' },
      metadata: { channel: 'web' },
      session_type: 'LOCK',
      session_ttl: 2,
      session_ttl_unit: 'HOURS',
    });
    expect(answer).toMatchObject({
      valid: true,
      code: 'WEB-10',
      tracking_id: 'alice',
      order: { amount: 3000, total_amount: 2700, items: [{ product_id: product.id, quantity: 2 }] },
      session: { ttl: 2, ttl_unit: 'HOURS' },
    });
    // The query as the official SDK writes it, with a plain customer and a free-standing amount.
    const { clientAppId, clientToken } = mock.service.projects.primary.keys;
    const headers = {
      'X-Client-Application-Id': clientAppId,
      'X-Client-Token': clientToken,
      origin: 'https://shop.example.com',
    };
    const raw = await mock.raw(
      '/client/v1/validate?code=WEB-10&amount=5000&customer=bob&order%5Bmetadata%5D%5Bstore%5D=berlin',
      { headers },
    );
    expect(await raw.json()).toMatchObject({
      valid: true,
      tracking_id: 'bob',
      order: { amount: 5000, total_amount: 4500, metadata: { store: 'berlin' } },
    });
    const invalid = await browser().clientSide.validate({ code: 'NO-SUCH', amount: 5000 });
    expect(invalid).toMatchObject({ valid: false, error: { key: 'not_found' } });
    const badAmount = await mock.raw('/client/v1/validate?code=WEB-10&amount=lots', { headers });
    expect(badAmount.status).toBe(400);
  });

  test('GET /client/v1/promotions/validation: the tiers that apply, from the query', async () => {
    promotion('Autumn', [{ name: 'Ten', percent: 10 }]);
    const answer = await browser().clientSide.validatePromotions({ amount: 5000, customer: { source_id: 'alice' } });
    expect(answer).toMatchObject({
      valid: true,
      tracking_id: 'alice',
      promotions: [{ name: 'Ten', discount_amount: 500 }],
    });
  });

  test('POST /client/v1/redeem needs client_redeem_enabled, then redeems as the server form does', async () => {
    discountVoucher('WEB-10');
    const refused = await browser('https://shop.example.com')
      .clientSide.redeem({ order: { amount: 5000 } }, { code: 'WEB-10' })
      .catch((caught: unknown) => caught);
    expect(refused).toMatchObject({
      status: 403,
      key: 'forbidden',
      details: expect.stringContaining('client_redeem_enabled'),
    });
    configure({ client_redeem_enabled: true });
    const redemption = await browser('https://shop.example.com').clientSide.redeem(
      { customer: { source_id: 'alice' }, order: { amount: 5000 } },
      { code: 'WEB-10' },
    );
    expect(redemption).toMatchObject({
      result: 'SUCCESS',
      voucher: { code: 'WEB-10' },
      customer: { source_id: 'alice' },
    });
    expect(redemption.channel?.channel_id).toBe(mock.service.projects.primary.keys.clientAppId);
    // An empty customer, as the official SDK sends without an identity, names nobody.
    const anonymous = await browser('https://shop.example.com').clientSide.redeem(
      { customer: {}, order: { amount: 5000 } },
      { code: 'WEB-10' },
    );
    expect(anonymous.customer).toBeNull();
  });

  test('client-side forms take client keys only, and follow the allowed website addresses', async () => {
    discountVoucher('WEB-10');
    const withServerKeys = await mock.raw('/client/v1/validate?code=WEB-10', { headers: serverHeaders(mock.service) });
    expect(withServerKeys.status).toBe(401);
    configure({ client_trusted_domains: ['https://shop.example.com'] });
    await expect(browser('https://evil.example').clientSide.validate({ code: 'WEB-10' })).rejects.toMatchObject({
      status: 403,
      details: expect.stringContaining('client_trusted_domains'),
    });
    await expect(browser('https://evil.example').clientSide.validatePromotions({ amount: 100 })).rejects.toMatchObject({
      status: 403,
    });
    expect(await browser('https://shop.example.com').clientSide.validate({ code: 'WEB-10' })).toMatchObject({
      valid: true,
    });
  });
});
