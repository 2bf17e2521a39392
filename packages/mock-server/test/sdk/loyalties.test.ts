/**
 * The official Voucherify SDK runs a loyalty programme against the HTTP sandbox: earning rules,
 * members and their points, tiers, rewards and their redemptions, paying with points, transfers
 * and the member's activity.
 */
import { describe, expect, test } from 'vitest';
import { settled, useSdkSandbox } from './sandbox.js';

const sandbox = useSdkSandbox('sdk-loyalties');
const start = async () => (await sandbox()).sdk;

type Sdk = Awaited<ReturnType<typeof start>>;

// The SDK's own types lag behind the API in places (a coin reward's points_ratio, the answer of a
// programme's deletion); the casts below are for those places only.

/** A point for every 10.00 of a paid order. */
const perTen = (campaignId: string) => ({
  event: 'order.paid',
  loyalty: {
    type: 'PROPORTIONAL' as const,
    calculation_type: 'ORDER_AMOUNT' as const,
    order: { amount: { every: 1000, points: 1 } },
  },
  source: { banner: 'A point per 10.00', object_id: campaignId },
});

/** A programme of cards coded `SDK-LC-####` that earns a point per 10.00 paid, unless told not to earn. */
const programme = async (sdk: Sdk, { earning = true } = {}) => {
  const campaign = await sdk.loyalties.create({
    name: 'SDK Club',
    type: 'AUTO_UPDATE',
    voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 }, code_config: { pattern: 'SDK-LC-####' } },
  });
  const [rule] = earning ? await sdk.loyalties.createEarningRule(campaign.id, [perTen(campaign.id)]) : [];
  return { campaign, rule };
};

/** Makes a customer a member of a programme: their card's code. */
const join = async (sdk: Sdk, campaignId: string, source_id: string) =>
  (await sdk.loyalties.createMember(campaignId, { customer: { source_id } })).code;

const balanceOf = async (sdk: Sdk, code: string) => (await sdk.loyalties.getMember(null, code)).loyalty_card.balance;

describe('the official SDK runs a loyalty programme against the sandbox', () => {
  test('programmes: create, list, get, update and delete', async () => {
    const sdk = await start();
    const { campaign } = await programme(sdk);
    expect(campaign).toMatchObject({
      id: expect.stringMatching(/^camp_/),
      name: 'SDK Club',
      campaign_type: 'LOYALTY_PROGRAM',
      object: 'campaign',
    });
    expect(campaign.voucher).toMatchObject({ type: 'LOYALTY_CARD', loyalty_card: { points: 0 } });

    const list = await sdk.loyalties.list({ limit: 10 });
    expect(list).toMatchObject({ object: 'list', data_ref: 'campaigns', total: 1 });
    expect(list.campaigns?.map((item) => item.id)).toEqual([campaign.id]);
    expect((await sdk.loyalties.get(campaign.id)).name).toBe('SDK Club');

    const updated = await sdk.loyalties.update({
      id: campaign.id,
      description: 'A point per 10.00',
      metadata: { source: 'sdk' },
    });
    expect(updated).toMatchObject({ id: campaign.id, description: 'A point per 10.00', metadata: { source: 'sdk' } });

    const deletion = (await sdk.loyalties.delete(campaign.id, { force: true })) as { async_action_id: string };
    expect(deletion.async_action_id).toMatch(/^aa_/);
    expect((await settled(sdk, deletion.async_action_id)).status).toBe('DONE');
    expect((await sdk.loyalties.list()).total).toBe(0);
    await expect(sdk.loyalties.get(campaign.id)).rejects.toMatchObject({ code: 404, key: 'not_found' });
  });

  test('earning rules: create, list, get, update, disable, enable and delete', async () => {
    const sdk = await start();
    const { campaign, rule } = await programme(sdk);
    expect(rule).toMatchObject({
      id: expect.stringMatching(/^ern_/),
      event: 'order.paid',
      object: 'earning_rule',
      automation_id: expect.stringMatching(/^auto_/),
      source: { banner: 'A point per 10.00', object_id: campaign.id, object_type: 'campaign' },
    });
    const ruleId = rule?.id ?? '';
    const [flat] = await sdk.loyalties.createEarningRule(campaign.id, [
      { event: 'order.paid', loyalty: { type: 'FIXED', points: 5 } },
    ]);
    const flatId = flat?.id ?? '';

    const list = await sdk.loyalties.listEarningRules(campaign.id, { limit: 10 });
    expect(list).toMatchObject({ object: 'list', data_ref: 'data', total: 2 });
    expect(list.data.map((item) => item.id).sort()).toEqual([ruleId, flatId].sort());
    expect(await sdk.loyalties.getEarningRule(campaign.id, ruleId)).toMatchObject({ id: ruleId, active: true });

    const updated = await sdk.loyalties.updateEarningRule(campaign.id, {
      id: flatId,
      source: { banner: 'Seven a visit' },
      loyalty: { points: 7 },
    });
    expect(updated).toMatchObject({
      id: flatId,
      loyalty: { type: 'FIXED', points: 7 },
      source: { banner: 'Seven a visit' },
      updated_at: expect.any(String),
    });
    expect(await sdk.loyalties.disableEarningRule(campaign.id, flatId)).toMatchObject({ id: flatId, active: false });
    expect(await sdk.loyalties.enableEarningRule(campaign.id, flatId)).toMatchObject({ id: flatId, active: true });

    await sdk.loyalties.deleteEarningRule(campaign.id, flatId);
    await expect(sdk.loyalties.getEarningRule(campaign.id, flatId)).rejects.toMatchObject({ code: 404 });
    expect((await sdk.loyalties.listEarningRules(campaign.id)).total).toBe(1);
  });

  test('members: join, earn for a paid order, get and lose points by hand, and list the card transactions', async () => {
    const sdk = await start();
    const { campaign, rule } = await programme(sdk);
    const member = await sdk.loyalties.createMember(campaign.id, {
      customer: { source_id: 'sdk-ana', email: 'ana@example.com' },
    });
    expect(member).toMatchObject({
      code: expect.stringMatching(/^SDK-LC-[A-Za-z0-9]{4}$/),
      type: 'LOYALTY_CARD',
      campaign_id: campaign.id,
      loyalty_card: { points: 0, balance: 0 },
    });
    expect(member.holder_id).toMatch(/^cust_/);
    const { code } = member;
    expect((await sdk.loyalties.createMember(campaign.id, { customer: { source_id: 'sdk-ana' } })).code).toBe(code);
    const members = await sdk.loyalties.listMembers(campaign.id, { limit: 10 });
    expect(members).toMatchObject({ object: 'list', data_ref: 'vouchers', total: 1 });
    expect(members.vouchers.map((card) => card.code)).toEqual([code]);

    const order = await sdk.orders.create({
      source_id: 'sdk-order-1',
      customer: { source_id: 'sdk-ana' },
      amount: 4599,
      status: 'PAID',
    });
    expect(order).toMatchObject({ id: expect.stringMatching(/^ord_/), status: 'PAID', amount: 4599 });
    expect((await sdk.loyalties.getMember(campaign.id, code)).loyalty_card).toMatchObject({ points: 4, balance: 4 });

    const added = await sdk.loyalties.addPoints(campaign.id, code, { points: 100 });
    expect(added).toMatchObject({
      points: 100,
      total: 104,
      balance: 104,
      object: 'balance',
      related_object: { type: 'voucher', id: member.id },
    });
    const gift = await sdk.loyalties.addOrRemoveCardBalance(code, {
      points: 50,
      reason: 'Birthday',
      source_id: 'sdk-birthday',
      expiration_type: 'NON_EXPIRING',
    });
    expect(gift).toMatchObject({ points: 50, balance: 154, operation_type: 'MANUAL' });
    const removed = await sdk.loyalties.addOrRemoveCardBalance(code, { points: -30 }, campaign.id);
    expect(removed).toMatchObject({ points: -30, total: 124, balance: 124 });
    await expect(sdk.loyalties.addOrRemoveCardBalance(code, { points: -1000 })).rejects.toMatchObject({
      code: 400,
      key: 'loyalty_card_points_exceeded',
    });
    expect(await balanceOf(sdk, code)).toBe(124);

    const transactions = await sdk.loyalties.listCardTransactions(code, null);
    expect(transactions).toMatchObject({ object: 'list', data_ref: 'data', has_more: false });
    expect(
      transactions.data.map((transaction) => [
        transaction.type,
        transaction.details.balance.points,
        transaction.details.balance.balance,
      ]),
    ).toEqual([
      ['POINTS_REMOVAL', -30, 124],
      ['POINTS_ADDITION', 50, 154],
      ['POINTS_ADDITION', 100, 104],
      ['POINTS_ACCRUAL', 4, 4],
    ]);
    expect(transactions.data[1]).toMatchObject({
      reason: 'Birthday',
      source_id: 'sdk-birthday',
      campaign_id: campaign.id,
      voucher_id: member.id,
    });
    expect(transactions.data[3]?.details).toMatchObject({
      order: { id: order.id, source_id: 'sdk-order-1' },
      earning_rule: { id: rule?.id },
    });
    const inCampaign = await sdk.loyalties.listCardTransactions(code, campaign.id, { limit: 1 });
    expect(inCampaign).toMatchObject({ has_more: true, data: [{ type: 'POINTS_REMOVAL' }] });

    const exported = await sdk.loyalties.exportCardTransactions(code, null, {
      parameters: { fields: ['id', 'type', 'amount'] },
    });
    expect(exported).toMatchObject({
      id: expect.stringMatching(/^exp_/),
      object: 'export',
      exported_object: 'voucher_transactions',
      status: 'SCHEDULED',
    });
  });

  test('points expiration, member activity and transfers between two members’ cards', async () => {
    const sdk = await start();
    const { campaign } = await programme(sdk);
    const ana = await join(sdk, campaign.id, 'sdk-ana');
    const ben = await join(sdk, campaign.id, 'sdk-ben');
    await sdk.loyalties.addOrRemoveCardBalance(ana, {
      points: 20,
      expiration_type: 'CUSTOM_DATE',
      expiration_date: '2099-06-30',
    });
    await sdk.loyalties.addOrRemoveCardBalance(ana, { points: 80, expiration_type: 'NON_EXPIRING' });

    const buckets = await sdk.loyalties.getPointsExpiration(campaign.id, ana);
    expect(buckets).toMatchObject({ object: 'list', data_ref: 'data', total: 2 });
    expect(
      buckets.data.map((bucket) => [bucket.expires_at ?? null, bucket.bucket.total_points, bucket.status]),
    ).toEqual([
      ['2099-06-30', 20, 'ACTIVE'],
      [null, 80, 'ACTIVE'],
    ]);
    expect(buckets.data[0]).toMatchObject({
      id: expect.stringMatching(/^lopb_/),
      campaign_id: campaign.id,
      object: 'loyalty_points_bucket',
    });

    const activity = await sdk.loyalties.listMemberActivity(null, ana);
    expect(activity).toMatchObject({ object: 'list', data_ref: 'data', has_more: false });
    expect(
      activity.data.map((entry) => [
        entry.type,
        (entry.data as { data?: { balance?: { points?: number } } }).data?.balance?.points,
      ]),
    ).toEqual([
      ['customer.voucher.loyalty_card.points_added', 80],
      ['customer.voucher.loyalty_card.points_added', 20],
    ]);
    const oldest = await sdk.loyalties.listMemberActivity(campaign.id, ana, { order: 'created_at', limit: 1 });
    expect(oldest).toMatchObject({ has_more: true, data: [{ id: activity.data[1]?.id }] });
    // getMemberActivities is left out: the deprecated method reads .../members/{memberId}/activities, a path the API does not have (it is /activity).

    const card = await sdk.loyalties.transferPoints(campaign.id, ben, [
      { code: ana, points: 60, reason: 'Merge', source_id: 'sdk-merge-1' },
    ]);
    expect(card).toMatchObject({ code: ben, campaign_id: campaign.id, loyalty_card: { points: 60, balance: 60 } });
    expect(await balanceOf(sdk, ana)).toBe(40);
    const [outgoing] = (await sdk.loyalties.listCardTransactions(ana, null)).data;
    const [incoming] = (await sdk.loyalties.listCardTransactions(ben, null)).data;
    expect(outgoing).toMatchObject({
      type: 'POINTS_TRANSFER_OUT',
      reason: 'Merge',
      source_id: 'sdk-merge-1',
      details: { balance: { points: -60, balance: 40 }, destination_voucher: { code: ben } },
    });
    expect(incoming).toMatchObject({
      type: 'POINTS_TRANSFER_IN',
      related_transaction_id: outgoing?.id,
      details: { balance: { points: 60, balance: 60 }, source_voucher: { code: ana } },
    });
    await expect(
      sdk.loyalties.transferPoints(campaign.id, ben, [{ code: ana, points: 41, source_id: 'sdk-merge-2' }]),
    ).rejects.toMatchObject({ code: 400, key: 'loyalty_card_points_exceeded' });
    expect(await balanceOf(sdk, ana)).toBe(40);
  });

  test('tiers: create, list, get, a member’s tiers, and a tier’s earning rules and rewards', async () => {
    const sdk = await start();
    const { campaign, rule } = await programme(sdk);
    const ruleId = rule?.id ?? '';
    const product = await sdk.products.create({ name: 'SDK Mug', price: 1500 });
    const reward = await sdk.rewards.create({
      name: 'A mug',
      type: 'MATERIAL',
      parameters: { product: { id: product.id } },
    });
    const [assignment] = await sdk.loyalties.createRewardAssignments(campaign.id, [
      { reward: reward.id, parameters: { loyalty: { points: 300 } } },
    ]);
    const assignmentId = assignment?.id ?? '';

    const tiers = await sdk.loyalties.createTiers(campaign.id, [
      { name: 'Silver', points: { from: 100, to: 499 }, metadata: { colour: 'grey' } },
      {
        name: 'Gold',
        points: { from: 500 },
        earning_rules: { [ruleId]: { type: 'MULTIPLY', multiplier: 2 } },
        rewards: { [assignmentId]: { type: 'CUSTOM', points: 150 } },
      },
    ]);
    expect(tiers).toHaveLength(2);
    expect(tiers[0]).toMatchObject({
      id: expect.stringMatching(/^ltr_/),
      name: 'Silver',
      campaign_id: campaign.id,
      points: { from: 100, to: 499 },
      metadata: { colour: 'grey' },
      object: 'loyalty_tier',
    });
    const goldId = tiers[1]?.id ?? '';

    const list = await sdk.loyalties.listTiers(campaign.id, { limit: 10 });
    expect(list).toMatchObject({ object: 'list', data_ref: 'data', total: 2 });
    expect(list.data.map((tier) => tier.name)).toEqual(['Silver', 'Gold']);
    expect(await sdk.loyalties.getTier(campaign.id, goldId)).toMatchObject({
      id: goldId,
      name: 'Gold',
      config: { points: { from: 500 } },
    });
    const earning = await sdk.loyalties.listLoyaltyTierEarningRules(campaign.id, tiers[0]?.id ?? '');
    expect(earning).toMatchObject({
      total: 1,
      data: [{ id: ruleId, loyalty: { order: { amount: { every: 1000, points: 1 } } } }],
    });
    const goldEarning = await sdk.loyalties.listLoyaltyTierEarningRules(campaign.id, goldId);
    expect(goldEarning).toMatchObject({
      total: 1,
      data: [{ id: ruleId, loyalty: { order: { amount: { every: 1000, points: 2 } } } }],
    });
    const rewards = await sdk.loyalties.listLoyaltyTierRewards(campaign.id, goldId);
    expect(rewards).toMatchObject({
      total: 1,
      data: [
        {
          reward: { id: reward.id },
          assignment: { id: assignmentId, parameters: { loyalty: { points: 150 } } },
          object: 'loyalty_tier_reward',
        },
      ],
    });

    const code = await join(sdk, campaign.id, 'sdk-ana');
    expect((await sdk.loyalties.listMemberLoyaltyTiers(code)).total).toBe(0);
    await sdk.loyalties.addOrRemoveCardBalance(code, { points: 150 });
    const [silver] = (await sdk.loyalties.listMemberLoyaltyTiers(code)).data;
    expect(silver).toMatchObject({
      id: tiers[0]?.id,
      name: 'Silver',
      expiration: { campaign_id: campaign.id, customer_id: expect.stringMatching(/^cust_/) },
    });
    await sdk.loyalties.addOrRemoveCardBalance(code, { points: 400 });
    expect((await sdk.loyalties.listMemberLoyaltyTiers(code)).data.map((tier) => tier.name)).toEqual(['Gold']);
    // Gold doubles the points of a paid order: 45.99 earns 4 twice over.
    await sdk.orders.create({ customer: { source_id: 'sdk-ana' }, amount: 4599, status: 'PAID' });
    expect(await balanceOf(sdk, code)).toBe(558);
  });

  test('rewards: create, assign to the programme, list a member’s rewards and redeem one for points', async () => {
    const sdk = await start();
    const { campaign } = await programme(sdk);
    const product = await sdk.products.create({ name: 'SDK Mug', price: 1500 });
    const material = await sdk.rewards.create({
      name: 'A mug',
      type: 'MATERIAL',
      stock: 5,
      parameters: { product: { id: product.id } },
    });
    expect(material).toMatchObject({
      id: expect.stringMatching(/^rew_/),
      name: 'A mug',
      type: 'MATERIAL',
      stock: 5,
      parameters: { product: { id: product.id } },
      object: 'reward',
    });
    const coin = await sdk.rewards.create({
      name: '$20 for 100 points',
      type: 'COIN',
      parameters: { coin: { exchange_ratio: 20, points_ratio: 100 } },
    } as never);
    expect(coin).toMatchObject({ type: 'COIN', parameters: { coin: { exchange_ratio: 20, points_ratio: 100 } } });
    expect((await sdk.rewards.list({ limit: 10 })).total).toBe(2);
    expect(await sdk.rewards.get(material.id)).toMatchObject({ id: material.id, name: 'A mug' });
    const renamed = await sdk.rewards.update({
      id: material.id,
      name: 'The mug',
      stock: 4,
      parameters: { product: { id: product.id } },
    });
    expect(renamed).toMatchObject({ id: material.id, name: 'The mug', stock: 4 });

    const [mugOffer] = await sdk.loyalties.createRewardAssignments(campaign.id, [
      { reward: material.id, parameters: { loyalty: { points: 300 } } },
    ]);
    expect(mugOffer).toMatchObject({
      id: expect.stringMatching(/^rewa_/),
      reward_id: material.id,
      related_object_id: campaign.id,
      related_object_type: 'campaign',
      parameters: { loyalty: { points: 300 } },
    });
    const mugOfferId = mugOffer?.id ?? '';
    const coinOffer = await sdk.rewards.createAssignment(coin.id, { campaign: campaign.id });
    expect(coinOffer).toMatchObject({
      id: expect.stringMatching(/^rewa_/),
      reward_id: coin.id,
      related_object_id: campaign.id,
    });

    const assignments = await sdk.loyalties.listRewardAssignments(campaign.id, { limit: 10 });
    expect(assignments).toMatchObject({ object: 'list', total: 2 });
    expect(await sdk.loyalties.getRewardAssignment(campaign.id, mugOfferId)).toMatchObject({
      id: mugOfferId,
      reward_id: material.id,
    });
    expect(await sdk.loyalties.getRewardDetails(campaign.id, mugOfferId)).toMatchObject({
      id: material.id,
      type: 'MATERIAL',
    });
    expect(await sdk.rewards.getAssignment(material.id, mugOfferId)).toMatchObject({ id: mugOfferId });
    expect((await sdk.rewards.listAssignments(material.id)).data.map((item) => item.id)).toEqual([mugOfferId]);
    const repriced = await sdk.loyalties.updateRewardAssignment(campaign.id, {
      id: mugOfferId,
      parameters: { loyalty: { points: 250 } },
    });
    expect(repriced).toMatchObject({ id: mugOfferId, parameters: { loyalty: { points: 250 } } });
    const repricedAgain = await sdk.rewards.updateAssignment(material.id, {
      id: mugOfferId,
      parameters: { loyalty: { points: 200 } },
    });
    expect(repricedAgain).toMatchObject({ id: mugOfferId, parameters: { loyalty: { points: 200 } } });

    const code = await join(sdk, campaign.id, 'sdk-ana');
    await sdk.loyalties.addOrRemoveCardBalance(code, { points: 150 });
    const affordable = await sdk.loyalties.listMemberRewards(code, { affordable_only: true });
    expect(affordable.data.map((entry) => entry.reward.id)).toEqual([coin.id]);
    await sdk.loyalties.addOrRemoveCardBalance(code, { points: 200 });
    const memberRewards = await sdk.loyalties.listMemberRewards(code);
    expect(memberRewards).toMatchObject({ object: 'list', data_ref: 'data', total: 2 });
    expect(memberRewards.data.map((entry) => entry.reward.id).sort()).toEqual([material.id, coin.id].sort());

    const redemption = await sdk.loyalties.redeemReward(campaign.id, code, {
      reward: { id: material.id },
      metadata: { store: 'Berlin' },
    });
    expect(redemption).toMatchObject({
      id: expect.stringMatching(/^r_/),
      object: 'redemption',
      result: 'SUCCESS',
      amount: 200,
      reward: { id: material.id, type: 'MATERIAL', product: { id: product.id, name: 'SDK Mug' } },
      voucher: { code, loyalty_card: { balance: 150 } },
    });
    expect(await balanceOf(sdk, code)).toBe(150);
    expect(await sdk.rewards.get(material.id)).toMatchObject({ stock: 3, redeemed: 1 });
    const [spent] = (await sdk.loyalties.listCardTransactions(code, campaign.id)).data;
    expect(spent).toMatchObject({
      type: 'POINTS_REDEMPTION',
      details: {
        balance: { points: -200, balance: 150 },
        redemption: { id: redemption.id },
        reward: { id: material.id },
      },
    });
    await expect(sdk.loyalties.redeemReward(campaign.id, code, { reward: { id: material.id } })).rejects.toMatchObject({
      code: 400,
      key: 'loyalty_card_points_exceeded',
    });
    expect(await balanceOf(sdk, code)).toBe(150);

    await sdk.loyalties.deleteRewardAssignment(campaign.id, mugOfferId);
    await expect(sdk.loyalties.getRewardAssignment(campaign.id, mugOfferId)).rejects.toMatchObject({ code: 404 });
    await sdk.rewards.deleteAssignment(coin.id, coinOffer.id);
    expect((await sdk.loyalties.listRewardAssignments(campaign.id)).total).toBe(0);
    await sdk.rewards.delete(coin.id);
    await expect(sdk.rewards.get(coin.id)).rejects.toMatchObject({ code: 404 });
  });

  test('pay with points: validate and redeem a coin reward on an order, and roll it back', async () => {
    const sdk = await start();
    // No earning rule here: the redemption's order is paid, and would earn points of its own.
    const { campaign } = await programme(sdk, { earning: false });
    const code = await join(sdk, campaign.id, 'sdk-ana');
    await sdk.loyalties.addOrRemoveCardBalance(code, { points: 250 });
    const coin = await sdk.rewards.create({
      name: '$20 for 100 points',
      type: 'COIN',
      parameters: { coin: { exchange_ratio: 20, points_ratio: 100 } },
    } as never);
    await sdk.rewards.createAssignment(coin.id, { campaign: campaign.id });
    const request = {
      redeemables: [{ object: 'voucher' as const, id: code, reward: { id: coin.id, points: 200 } }],
      order: { amount: 4500 },
      customer: { source_id: 'sdk-ana' },
    };

    const validation = await sdk.validations.validateStackable(request);
    expect(validation.valid).toBe(true);
    expect(validation.redeemables?.[0]).toMatchObject({ status: 'APPLICABLE', id: code });
    expect(validation.order).toMatchObject({ amount: 4500, total_applied_discount_amount: 4000, total_amount: 500 });
    expect(await balanceOf(sdk, code)).toBe(250);

    // One redeemable makes one redemption and no parent, so the rollback is the redemption's own.
    const redemption = await sdk.redemptions.redeemStackable(request);
    expect(redemption.parent_redemption).toBeUndefined();
    expect(redemption.order).toMatchObject({ amount: 4500, total_applied_discount_amount: 4000, total_amount: 500 });
    const [child] = redemption.redemptions;
    expect(child).toMatchObject({
      id: expect.stringMatching(/^r_/),
      result: 'SUCCESS',
      amount: 200,
      loyalty_card: { points: 200 },
      voucher: { code, loyalty_card: { balance: 50 } },
    });
    expect(await balanceOf(sdk, code)).toBe(50);
    const [spent] = (await sdk.loyalties.listCardTransactions(code, campaign.id)).data;
    expect(spent).toMatchObject({
      type: 'POINTS_REDEMPTION',
      details: { balance: { points: -200, balance: 50 }, redemption: { id: child?.id } },
    });

    const tooMany = await sdk.validations.validateStackable(request);
    expect(tooMany.valid).toBe(false);
    expect(tooMany.inapplicable_redeemables?.[0]).toMatchObject({ id: code, status: 'INAPPLICABLE' });

    // The stackable rollback also takes a redemption without a parent, as the API reference says.
    const { rollbacks } = await sdk.redemptions.rollbackStackable(child?.id ?? '', { reason: 'sdk test' });
    const [rollback] = rollbacks;
    expect(rollbacks).toHaveLength(1);
    expect(rollback).toMatchObject({
      id: expect.stringMatching(/^rr_/),
      object: 'redemption_rollback',
      redemption: child?.id,
      result: 'SUCCESS',
      amount: -200,
      loyalty_card: { points: -200 },
      reason: 'sdk test',
    });
    expect(await balanceOf(sdk, code)).toBe(250);
    const [refund] = (await sdk.loyalties.listCardTransactions(code, null)).data;
    expect(refund).toMatchObject({
      type: 'POINTS_REFUND',
      details: {
        balance: { points: 200, balance: 250 },
        redemption: { id: child?.id },
        rollback: { id: rollback?.id },
      },
    });
  });
});
