import { describe, expect, test } from 'vitest';
import { useLoyaltyMock } from '../../../support/loyalty-setup.js';

const { state, client, createProgramme, join } = useLoyaltyMock();

const coupons = () =>
  client().campaigns.create({
    name: 'Reward coupons',
    campaign_type: 'DISCOUNT_COUPONS',
    type: 'AUTO_UPDATE',
    voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 2000 } },
  } as never);

describe('rewards', () => {
  test('of every kind are created, listed, read, changed and deleted', async () => {
    const campaign = await coupons();
    const mug = await client().products.create({ name: 'Mug', price: 1500 } as never);
    const coupon = await client().rewards.create({ parameters: { campaign: { id: campaign.id } } } as never);
    expect(coupon).toMatchObject({
      id: expect.stringMatching(/^rew_/),
      name: 'Reward coupons',
      type: 'CAMPAIGN',
      parameters: { campaign: { id: campaign.id, type: 'DISCOUNT_COUPONS' } },
      stock: null,
      redeemed: 0,
      metadata: {},
      updated_at: null,
      object: 'reward',
    });
    const material = await client().rewards.create({
      name: 'A mug',
      parameters: { product: { id: mug.id } },
      stock: 5,
      attributes: { image_url: 'https://example.com/mug.png' },
    } as never);
    expect(material).toMatchObject({
      type: 'MATERIAL',
      parameters: { product: { id: mug.id, sku_id: null } },
      stock: 5,
    });
    const coin = await client().rewards.create({
      name: '$20 for 100 points',
      parameters: { coin: { exchange_ratio: '20', points_ratio: '100' } },
    } as never);
    expect(coin).toMatchObject({ type: 'COIN', parameters: { coin: { exchange_ratio: 20, points_ratio: 100 } } });
    expect((await client().rewards.list({ limit: 2 } as never)).total).toBe(3);
    expect(await client().rewards.update(material.id, { stock: 4, name: 'The mug' } as never)).toMatchObject({
      name: 'The mug',
      stock: 4,
      updated_at: expect.any(String),
    });
    await expect(
      client().rewards.update(material.id, { parameters: { coin: { exchange_ratio: '1' } } } as never),
    ).rejects.toMatchObject({ status: 400, key: 'invalid_payload' });
    await client().rewards.delete(coin.id);
    await expect(client().rewards.get(coin.id)).rejects.toMatchObject({ status: 404, resourceType: 'reward' });
  });

  test('refuse a gift or points reward without a positive balance, and unknown campaigns and products', async () => {
    const programme = await createProgramme();
    await expect(
      client().rewards.create({ parameters: { campaign: { id: programme.id } } } as never),
    ).rejects.toMatchObject({ status: 400, key: 'invalid_balance' });
    expect(
      await client().rewards.create({ parameters: { campaign: { id: programme.id, balance: 50 } } } as never),
    ).toMatchObject({ parameters: { campaign: { type: 'LOYALTY_PROGRAM', balance: 50 } } });
    await expect(
      client().rewards.create({ parameters: { campaign: { id: 'camp_missing' } } } as never),
    ).rejects.toMatchObject({ status: 404, resourceType: 'campaign' });
    await expect(
      client().rewards.create({ parameters: { product: { id: 'prod_missing' } } } as never),
    ).rejects.toMatchObject({ status: 404, resourceType: 'product' });
  });
});

describe('reward assignments', () => {
  test('offer a reward in a campaign at a price, once, through either route', async () => {
    const programme = await createProgramme();
    const campaign = await coupons();
    const reward = await client().rewards.create({ parameters: { campaign: { id: campaign.id } } } as never);
    const assignment = await client().rewards.createAssignment(reward.id, {
      campaign: programme.id,
      parameters: { loyalty: { points: 100 } },
    } as never);
    expect(assignment).toMatchObject({
      id: expect.stringMatching(/^rewa_/),
      reward_id: reward.id,
      related_object_id: programme.id,
      related_object_type: 'campaign',
      parameters: { loyalty: { points: 100 } },
      object: 'reward_assignment',
    });
    const id = assignment.id;
    await expect(
      client().loyalties.createRewardAssignments(programme.id, [
        { reward: reward.id, parameters: { loyalty: { points: 50 } } },
      ] as never),
    ).rejects.toMatchObject({ status: 409, key: 'duplicate_found' });
    expect(await client().loyalties.getRewardAssignment(programme.id, id)).toMatchObject({ id });
    expect(await client().loyalties.rewardAssignments.get(programme.id, id)).toMatchObject({ id });
    expect(await client().rewards.getAssignment(reward.id, id)).toMatchObject({ id });
    expect(await client().loyalties.getRewardDetails(programme.id, id)).toMatchObject({ id: reward.id });
    expect((await client().loyalties.listRewardAssignments(programme.id)).total).toBe(1);
    expect(
      (await client().loyalties.rewardAssignments.list(programme.id, { assignmentId: 'rewa_other' } as never)).total,
    ).toBe(0);
    expect((await client().rewards.listAssignments(reward.id)).data).toHaveLength(1);
    expect(
      await client().loyalties.updateRewardAssignment(programme.id, id, {
        parameters: { loyalty: { points: 120 } },
      } as never),
    ).toMatchObject({ parameters: { loyalty: { points: 120 } } });
    await expect(client().rewards.delete(reward.id)).rejects.toMatchObject({ status: 400, key: 'resource_in_use' });
    await client().loyalties.deleteRewardAssignment(programme.id, id);
    await expect(client().rewards.getAssignment(reward.id, id)).rejects.toMatchObject({
      status: 404,
      resourceType: 'reward_assignment',
    });
    await client().rewards.delete(reward.id);
    expect(
      state()
        .events.list()
        .map((event) => event.type)
        .filter((type) => type.startsWith('campaign.reward')),
    ).toEqual([
      'campaign.reward.assignment.created',
      'campaign.reward.assignment.updated',
      'campaign.reward.assignment.deleted',
    ]);
  });

  test('need a price of at least a point, and one reward per campaign that redeems itself', async () => {
    const programme = await createProgramme();
    const mug = await client().products.create({ name: 'Mug', price: 1500 } as never);
    const [first, second] = await Promise.all([
      client().rewards.create({ parameters: { product: { id: mug.id } } } as never),
      client().rewards.create({ name: 'Other mug', parameters: { product: { id: mug.id } } } as never),
    ]);
    await expect(
      client().loyalties.createRewardAssignments(programme.id, [
        { reward: first?.id, parameters: { loyalty: {} } },
      ] as never),
    ).rejects.toMatchObject({ status: 400 });
    await client().rewards.createAssignment(String(first?.id), {
      campaign: programme.id,
      parameters: { loyalty: { points: 10, auto_redeem: true } },
    } as never);
    await expect(
      client().rewards.createAssignment(String(second?.id), {
        campaign: programme.id,
        parameters: { loyalty: { points: 10, auto_redeem: true } },
      } as never),
    ).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
    });
  });

  test("are a member's rewards, at the member's tier price, and a tier's rewards", async () => {
    const programme = await createProgramme();
    const campaign = await coupons();
    const cheap = await client().rewards.create({
      name: 'Cheap',
      parameters: { campaign: { id: campaign.id } },
    } as never);
    const dear = await client().rewards.create({
      name: 'Dear',
      parameters: { campaign: { id: campaign.id } },
    } as never);
    const [, dearAssignment] = (await client().loyalties.createRewardAssignments(programme.id, [
      { reward: cheap.id, parameters: { loyalty: { points: 50 } } },
      { reward: dear.id, parameters: { loyalty: { points: 500 } } },
    ] as never)) as unknown as [{ id: string }, { id: string }];
    const [gold] = await client().loyalties.createTiers(programme.id, [
      { name: 'Gold', points: { from: 100 }, rewards: { [dearAssignment.id]: { type: 'MULTIPLY', multiplier: 0.5 } } },
    ] as never);
    const { code } = await join(programme.id);
    await client().loyalties.addOrRemoveCardBalance(code, { points: 60 } as never);
    const affordable = await client().loyalties.listMemberRewards(code, { affordable_only: true } as never);
    expect(affordable.data.map((entry) => entry.reward.name)).toEqual(['Cheap']);
    await client().loyalties.addOrRemoveCardBalance(code, { points: 200 } as never);
    const all = await client().loyalties.listMemberRewards(code, { affordable_only: true } as never);
    expect(all).toMatchObject({
      object: 'list',
      total: 2,
      data: [
        { object: 'loyalty_reward' },
        { reward: { name: 'Dear' }, assignment: { parameters: { loyalty: { points: 250 } } } },
      ],
    });
    const tierRewards = await client().loyalties.listLoyaltyTierRewards(programme.id, String(gold?.id));
    expect(tierRewards.data.map((entry) => entry.assignment.parameters?.loyalty.points)).toEqual([50, 250]);
  });
});
