import { describe, expect, test } from 'vitest';
import { useLoyaltyMock } from '../../../support/loyalty-setup.js';

const { state, client, createProgramme, join } = useLoyaltyMock();

/** A member's card with `points`, and a pay-with-points reward of $20 per 100 points offered in its programme. */
const payingMember = async (points: number) => {
  const programme = await createProgramme();
  const card = await join(programme.id);
  const code = String(card.code);
  if (points > 0)
    await client().loyalties.addOrRemoveCardBalance(code, { points, expiration_type: 'NON_EXPIRING' } as never);
  const reward = await client().rewards.create({
    name: '$20 for 100 points',
    parameters: { coin: { exchange_ratio: '20', points_ratio: '100' } },
  } as never);
  await client().rewards.createAssignment(reward.id, { campaign: programme.id } as never);
  return { programme, code, reward };
};

const paying = (code: string, rewardId: string, points?: number) => ({
  redeemables: [{ object: 'voucher', id: code, reward: { id: rewardId, ...(points === undefined ? {} : { points }) } }],
  customer: { source_id: 'ana' },
  order: { amount: 4500 },
});

const balanceOf = async (code: string) => (await client().loyalties.getMember(code)).loyalty_card?.balance;

describe('pay with points', () => {
  test('a validation prices the points at the reward’s rate and spends nothing', async () => {
    const { code, reward } = await payingMember(250);
    const result = await client().validations.validateStackable(paying(code, reward.id, 200) as never);
    expect(result.valid).toBe(true);
    expect(result.redeemables?.[0]).toMatchObject({
      status: 'APPLICABLE',
      order: { total_applied_discount_amount: 4000, total_amount: 500 },
    });
    expect(await balanceOf(code)).toBe(250);
  });

  test('a redemption spends the points as a POINTS_REDEMPTION and a rollback refunds them', async () => {
    const { programme, code, reward } = await payingMember(250);
    const redemption = await client().redemptions.redeemStackable(paying(code, reward.id, 200) as never);
    const child = redemption.redemptions?.[0];
    expect(child).toMatchObject({
      amount: 200,
      loyalty_card: { points: 200 },
      order: { total_applied_discount_amount: 4000 },
    });
    expect(await balanceOf(code)).toBe(50);
    const transactions = await client().loyalties.listCardTransactionsInCampaign(programme.id, code);
    expect(transactions.data?.[0]).toMatchObject({
      type: 'POINTS_REDEMPTION',
      details: { balance: { points: -200, balance: 50 }, redemption: { id: child?.id } },
    });

    const rolledBack = await client().redemptions.rollback(String(child?.id), {} as never);
    expect(rolledBack).toMatchObject({ amount: -200, loyalty_card: { points: -200 } });
    expect(await balanceOf(code)).toBe(250);
    const refund = (await client().loyalties.listCardTransactionsInCampaign(programme.id, code)).data?.[0];
    expect(refund).toMatchObject({
      type: 'POINTS_REFUND',
      details: {
        balance: { points: 200, balance: 250 },
        redemption: { id: child?.id },
        rollback: { id: rolledBack.id },
      },
    });
  });

  test('without points named, spends what the order needs, at most the balance', async () => {
    const { code, reward } = await payingMember(1000);
    const redemption = await client().redemptions.redeemStackable(paying(code, reward.id) as never);
    // 4500 at $20 per 100 points needs 225 points (rounded up to whole points).
    expect(redemption.redemptions?.[0]).toMatchObject({
      loyalty_card: { points: 225 },
      order: { total_applied_discount_amount: 4500 },
    });
    expect(await balanceOf(code)).toBe(775);
  });

  test('refuses more points than the card holds, rewards the campaign does not offer and other kinds of rewards', async () => {
    const { programme, code, reward } = await payingMember(100);
    const tooMany = await client().validations.validateStackable(paying(code, reward.id, 200) as never);
    expect(tooMany.valid).toBe(false);
    expect(tooMany.inapplicable_redeemables?.[0]?.result).toMatchObject({ error: { code: 400 } });

    const elsewhere = await client().rewards.create({
      name: 'Not offered',
      parameters: { coin: { exchange_ratio: 1 } },
    } as never);
    const notOffered = await client().validations.validateStackable(paying(code, elsewhere.id, 100) as never);
    expect(notOffered.inapplicable_redeemables?.[0]?.result.error).toMatchObject({
      code: 404,
      key: 'not_found',
      resource_type: 'reward',
    });

    const product = await client().products.create({ name: 'Mug', price: 1000 } as never);
    const material = await client().rewards.create({ parameters: { product: { id: product.id } } } as never);
    await client().rewards.createAssignment(material.id, {
      campaign: programme.id,
      parameters: { loyalty: { points: 50 } },
    } as never);
    const wrongKind = await client().validations.validateStackable(paying(code, material.id) as never);
    expect(wrongKind.inapplicable_redeemables?.[0]?.result.error).toMatchObject({ code: 400, key: 'invalid_reward' });
    const noReward = await client().validations.validateStackable({
      ...paying(code, reward.id),
      redeemables: [{ object: 'voucher', id: code }],
    } as never);
    expect(noReward.inapplicable_redeemables?.[0]?.result.error).toMatchObject({ key: 'missing_reward' });
  });

  test('meets the validation rules of the reward’s assignment', async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    await client().loyalties.addOrRemoveCardBalance(String(code), {
      points: 500,
      expiration_type: 'NON_EXPIRING',
    } as never);
    const bigOrders = await client().validationRules.create({
      name: 'Over 100.00',
      type: 'basic',
      rules: { 1: { name: 'order.amount', conditions: { $more_than: [10000] } }, logic: '1' },
    } as never);
    const reward = await client().rewards.create({
      name: '$20 for 100 points',
      parameters: { coin: { exchange_ratio: '20', points_ratio: '100' } },
    } as never);
    await client().loyalties.createRewardAssignments(programme.id, [
      { reward: reward.id, validation_rules: [bigOrders.id] },
    ] as never);
    const small = await client().validations.validateStackable(paying(String(code), reward.id, 100) as never);
    expect(small.inapplicable_redeemables?.[0]?.result.error).toMatchObject({ key: 'order_rules_violated' });
    const big = await client().validations.validateStackable({
      ...paying(String(code), reward.id, 100),
      order: { amount: 20000 },
    } as never);
    expect(big.redeemables?.[0]).toMatchObject({
      status: 'APPLICABLE',
      order: { total_applied_discount_amount: 2000 },
    });
    await expect(
      client().loyalties.redeemReward(String(code), {
        reward: { id: reward.id, points: 100 },
        order: { amount: 4500 },
      } as never),
    ).rejects.toMatchObject({ status: 400, key: 'order_rules_violated' });
  });

  test('a locked session holds its points from other sessions until it is released', async () => {
    const { code, reward } = await payingMember(300);
    const locked = await client().validations.validateStackable({
      ...paying(code, reward.id, 200),
      session: { type: 'LOCK' },
    } as never);
    expect(locked.valid).toBe(true);
    const other = await client().validations.validateStackable(paying(code, reward.id, 200) as never);
    expect(other.valid).toBe(false);
    await client().vouchers.releaseValidationSession(code, String(locked.session?.key));
    expect((await client().validations.validateStackable(paying(code, reward.id, 200) as never)).valid).toBe(true);
    expect(state().loyaltyCards.balance(state().vouchers.get(code).id)).toBe(300);
  });
});
