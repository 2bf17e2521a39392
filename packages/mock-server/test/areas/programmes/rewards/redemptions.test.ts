import { describe, expect, test } from 'vitest';
import { loadOperations } from '../../../../src/index.js';
import { useLoyaltyMock } from '../../../support/loyalty-setup.js';

const { mock, state, client, createProgramme, join } = useLoyaltyMock();

/** A member with `points` on a card of a new programme, and a helper that offers a reward there at a price. */
const member = async (points: number) => {
  const programme = await createProgramme();
  const card = await join(programme.id);
  const code = String(card.code);
  if (points > 0)
    await client().loyalties.addOrRemoveCardBalance(code, { points, expiration_type: 'NON_EXPIRING' } as never);
  const offer = async (parameters: Record<string, unknown>, price: number, extra: Record<string, unknown> = {}) => {
    const reward = await client().rewards.create({ parameters, ...extra } as never);
    await client().rewards.createAssignment(reward.id, {
      campaign: programme.id,
      parameters: { loyalty: { points: price } },
    } as never);
    return reward;
  };
  return { programme, code, offer };
};

const balanceOf = async (code: string) => (await client().loyalties.getMember(code)).loyalty_card?.balance;

const campaignOf = (campaign_type: string, voucher: Record<string, unknown>) =>
  client().campaigns.create({ name: `${campaign_type} rewards`, campaign_type, type: 'AUTO_UPDATE', voucher } as never);

describe('reward redemptions', () => {
  test('a discount coupon reward publishes a coupon to the holder and spends the price', async () => {
    const { programme, code, offer } = await member(500);
    const coupons = await campaignOf('DISCOUNT_COUPONS', {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 2000 },
    });
    const reward = await offer({ campaign: { id: coupons.id } }, 300);
    const redemption = await client().loyalties.redeemRewardInCampaign(programme.id, code, {
      reward: { id: reward.id },
      metadata: { store: 'Berlin' },
    } as never);
    expect(redemption).toMatchObject({
      id: expect.stringMatching(/^r_/),
      object: 'redemption',
      result: 'SUCCESS',
      amount: 300,
      loyalty_card: { points: 300 },
      metadata: { store: 'Berlin' },
      related_object_type: 'voucher',
      voucher: {
        code,
        holder: { source_id: 'ana' },
        loyalty_card: { balance: 200 },
        redemption: { redeemed_quantity: 1, redeemed_points: 300 },
      },
      reward: {
        id: reward.id,
        type: 'CAMPAIGN',
        customer: { source_id: 'ana' },
        voucher: { campaign_id: coupons.id, holder_id: redemption.customer_id },
      },
    });
    expect(await balanceOf(code)).toBe(200);
    expect(await client().rewards.get(reward.id)).toMatchObject({ redeemed: 1 });
    const [spent] = (await client().loyalties.listCardTransactions(code)).data ?? [];
    expect(spent).toMatchObject({
      type: 'POINTS_REDEMPTION',
      details: {
        balance: { points: -300, balance: 200 },
        redemption: { id: redemption.id },
        reward: { id: reward.id },
      },
    });
    expect(await client().redemptions.get(redemption.id)).toMatchObject({
      id: redemption.id,
      reward: { id: reward.id },
    });
    const types = state()
      .events.list()
      .map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'customer.reward_redemptions.created',
        'customer.reward_redemptions.completed',
        'voucher.published',
      ]),
    );
    const { webhookEvents } = await loadOperations();
    for (const event of state().events.list({ type: 'customer.reward_redemptions.completed' }))
      expect(webhookEvents['customer.reward_redemptions.completed'].data.safeParse(event.data).error).toBeUndefined();
  });

  test('a gift card reward tops up the holder’s gift card, publishing one when they hold none', async () => {
    const { code, offer } = await member(1000);
    const gifts = await campaignOf('GIFT_VOUCHERS', { type: 'GIFT_VOUCHER', gift: { amount: 0 } });
    const reward = await offer({ campaign: { id: gifts.id, balance: 2500 } }, 400);
    const first = await client().loyalties.redeemReward(code, { reward: { id: reward.id } } as never);
    const giftCode = String(first.reward?.voucher?.code);
    expect(first.reward?.voucher).toMatchObject({ campaign_id: gifts.id, gift: { amount: 2500, balance: 2500 } });
    const second = await client().loyalties.redeemReward(code, { reward: { id: reward.id } } as never);
    expect(second.reward?.voucher).toMatchObject({ code: giftCode, gift: { amount: 5000, balance: 5000 } });
    expect(await balanceOf(code)).toBe(200);
  });

  test('a loyalty points reward adds points to the holder’s card of the other programme', async () => {
    const { code, offer } = await member(600);
    const partner = await client().loyalties.create({
      name: 'Partner Club',
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } },
    } as never);
    await mock.service.scheduler.drain();
    const reward = await offer({ campaign: { id: partner.id, balance: 50 } }, 100);
    const redemption = await client().loyalties.redeemReward(code, { reward: { id: reward.id } } as never);
    expect(redemption.reward?.voucher).toMatchObject({ campaign_id: partner.id, loyalty_card: { balance: 50 } });
    const partnerCard = String(redemption.reward?.voucher?.code);
    expect((await client().loyalties.listCardTransactions(partnerCard)).data?.[0]).toMatchObject({
      type: 'POINTS_ADDITION',
      details: { reward: { id: reward.id } },
    });
    expect(await balanceOf(code)).toBe(500);
  });

  test('a material reward names the product and takes one from stock; none left is quantity_exceeded', async () => {
    const { code, offer } = await member(1000);
    const product = await client().products.create({ name: 'Mug', price: 1500 } as never);
    const reward = await offer({ product: { id: product.id } }, 200, { stock: 1 });
    const redemption = await client().loyalties.redeemReward(code, { reward: { id: reward.id } } as never);
    expect(redemption.reward).toMatchObject({ type: 'MATERIAL', product: { id: product.id, name: 'Mug' }, sku: null });
    expect(await client().rewards.get(reward.id)).toMatchObject({ stock: 0, redeemed: 1 });
    await expect(client().loyalties.redeemReward(code, { reward: { id: reward.id } } as never)).rejects.toMatchObject({
      status: 400,
      key: 'quantity_exceeded',
    });
    expect(await balanceOf(code)).toBe(800);
  });

  test('the price follows the member’s tier mapping', async () => {
    const { programme, code, offer } = await member(0);
    const product = await client().products.create({ name: 'Cap', price: 900 } as never);
    const reward = await offer({ product: { id: product.id } }, 300);
    const [assignment] = (await client().loyalties.listRewardAssignments(programme.id)).data ?? [];
    await client().loyalties.createTiers(programme.id, [
      { name: 'Gold', points: { from: 100 }, rewards: { [String(assignment?.id)]: { type: 'CUSTOM', points: 150 } } },
    ] as never);
    await client().loyalties.addOrRemoveCardBalance(code, { points: 200, expiration_type: 'NON_EXPIRING' } as never);
    const redemption = await client().loyalties.redeemReward(code, { reward: { id: reward.id } } as never);
    expect(redemption).toMatchObject({ amount: 150, reward: { loyalty_tier_id: expect.stringMatching(/^ltr_/) } });
    expect(await balanceOf(code)).toBe(50);
  });

  test('too few points is loyalty_card_points_exceeded, stored as a failed redemption', async () => {
    const { code, offer } = await member(100);
    const product = await client().products.create({ name: 'Bag', price: 900 } as never);
    const reward = await offer({ product: { id: product.id } }, 300);
    const refused = await client()
      .loyalties.redeemReward(code, { reward: { id: reward.id } } as never)
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, key: 'loyalty_card_points_exceeded', resourceType: 'redemption' });
    const failedId = (refused as { resourceId: string }).resourceId;
    expect(await client().redemptions.get(failedId)).toMatchObject({
      id: expect.stringMatching(/^rf_/),
      result: 'FAILURE',
      failure_code: 'loyalty_card_points_exceeded',
    });
    expect(await balanceOf(code)).toBe(100);
  });

  test('pay with points needs an order and discounts it through the engine', async () => {
    const { code } = await member(300);
    const { programme } = { programme: state().loyalties.member(code).campaign_id };
    const coin = await client().rewards.create({
      parameters: { coin: { exchange_ratio: '20', points_ratio: '100' } },
    } as never);
    await client().rewards.createAssignment(coin.id, { campaign: String(programme) } as never);
    await expect(client().loyalties.redeemReward(code, { reward: { id: coin.id } } as never)).rejects.toMatchObject({
      status: 400,
      key: 'missing_order',
    });
    const redemption = await client().loyalties.redeemReward(code, {
      reward: { id: coin.id, points: 200 },
      order: { amount: 4500 },
    } as never);
    expect(redemption).toMatchObject({
      amount: 200,
      loyalty_card: { points: 200 },
      order: { total_applied_discount_amount: 4000 },
      reward: { id: coin.id, type: 'COIN' },
      voucher: { holder: { source_id: 'ana' } },
    });
    expect(await balanceOf(code)).toBe(100);
  });

  test('a rollback refunds the points', async () => {
    const { code, offer } = await member(500);
    const product = await client().products.create({ name: 'Pen', price: 300 } as never);
    const reward = await offer({ product: { id: product.id } }, 200);
    const redemption = await client().loyalties.redeemReward(code, { reward: { id: reward.id } } as never);
    await client().redemptions.rollback(redemption.id, {} as never);
    expect(await balanceOf(code)).toBe(500);
    expect((await client().loyalties.listCardTransactions(code)).data?.[0]).toMatchObject({
      type: 'POINTS_REFUND',
      details: { redemption: { id: redemption.id } },
    });
    const [rolledBack] = state().events.list({ type: 'customer.reward_redemptions.rolledback' });
    expect(rolledBack?.data).toMatchObject({
      reward: { id: reward.id },
      reward_redemption: { state: 'ROLLEDBACK', source_id: redemption.id },
      voucher: { code },
    });
    // Each reward redemption event carries the payload its webhook documents.
    const { webhookEvents } = await loadOperations();
    for (const type of [
      'customer.reward_redemptions.created',
      'customer.reward_redemptions.completed',
      'customer.reward_redemptions.rolledback',
    ] as const) {
      for (const event of state().events.list({ type }))
        expect(webhookEvents[type].data.safeParse(event.data).error).toBeUndefined();
    }
  });

  test('refuse a missing reward, one the campaign does not offer, and a card of another programme', async () => {
    const { code } = await member(100);
    await expect(client().loyalties.redeemReward(code, {} as never)).rejects.toMatchObject({
      status: 400,
      key: 'missing_reward',
    });
    const product = await client().products.create({ name: 'Hat', price: 300 } as never);
    const elsewhere = await client().rewards.create({ parameters: { product: { id: product.id } } } as never);
    await expect(
      client().loyalties.redeemReward(code, { reward: { id: elsewhere.id } } as never),
    ).rejects.toMatchObject({ status: 404, resourceType: 'reward' });
    const other = await client().loyalties.create({
      name: 'Other Club',
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } },
    } as never);
    await expect(
      client().loyalties.redeemRewardInCampaign(other.id, code, { reward: { id: elsewhere.id } } as never),
    ).rejects.toMatchObject({ status: 404 });
  });

  test('the nightly run redeems the reward that redeems itself as often as the points allow', async () => {
    const { programme, code } = await member(250);
    const product = await client().products.create({ name: 'Voucher booklet', price: 100 } as never);
    const reward = await client().rewards.create({ parameters: { product: { id: product.id } }, stock: 10 } as never);
    await client().loyalties.createRewardAssignments(programme.id, [
      { reward: reward.id, parameters: { loyalty: { points: 100, auto_redeem: true } } },
    ] as never);
    expect(await balanceOf(code)).toBe(250);
    mock.service.clock.advance(24 * 3600 * 1000);
    // The first request after midnight runs the night.
    expect(await balanceOf(code)).toBe(50);
    const redemptions = (await client().redemptions.list({ customer: 'ana' } as never)).redemptions ?? [];
    expect(redemptions.map((redemption) => [redemption.channel?.channel_type, redemption.amount])).toEqual([
      ['AUTO_REDEEM', 100],
      ['AUTO_REDEEM', 100],
    ]);
    expect(await client().rewards.get(reward.id)).toMatchObject({ stock: 8, redeemed: 2 });
  });

  test('parallel spends never overdraw a card: N spends of P points on B succeed ⌊B/P⌋ times', async () => {
    const { programme, code, offer } = await member(1000);
    const product = await client().products.create({ name: 'Sticker', price: 100 } as never);
    const reward = await offer({ product: { id: product.id } }, 300);
    const other = String((await join(programme.id, { source_id: 'bo' })).code);
    // Reward redemptions, balance removals and transfers out, all of 300 points, at once.
    const spends = Array.from({ length: 9 }, (_, index) => {
      if (index % 3 === 0) return client().loyalties.redeemReward(code, { reward: { id: reward.id } } as never);
      if (index % 3 === 1) return client().loyalties.addOrRemoveCardBalance(code, { points: -300 } as never);
      return client().loyalties.transferPoints(programme.id, other, [{ code, points: 300 }] as never);
    });
    const results = await Promise.allSettled(spends);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const refusals = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as { key: string }).key] : [],
    );
    expect(new Set(refusals)).toEqual(new Set(['loyalty_card_points_exceeded']));
    expect(await balanceOf(code)).toBe(100);
  });
});
