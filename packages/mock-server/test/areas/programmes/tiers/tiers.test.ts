import { describe, expect, test } from 'vitest';
import { useLoyaltyMock } from '../../../support/loyalty-setup.js';

const { mock, state, client, createProgramme, join } = useLoyaltyMock();

const DAY = 24 * 3600 * 1000;

const ladder = [
  { name: 'Silver', points: { from: 100, to: 499 } },
  { name: 'Gold', points: { from: 500 } },
];

const add = (code: string, points: number) => client().loyalties.addOrRemoveCardBalance(code, { points } as never);

const tierEvents = () =>
  state()
    .events.list()
    .filter((event) => event.type.startsWith('customer.loyalty.tier.'))
    .map((event) => event.type.replace('customer.loyalty.tier.', ''));

describe('loyalty tiers', () => {
  test('are created in bulk, listed, read, and refuse ranges that overlap', async () => {
    const programme = await createProgramme();
    const [rule] = await client().loyalties.createEarningRule(programme.id, [
      { event: 'order.paid', loyalty: { type: 'FIXED', points: 10 } },
    ] as never);
    const ruleId = String(rule?.id);
    const tiers = await client().loyalties.createTiers(programme.id, [
      { name: 'Silver', points: { from: 100, to: 499 }, metadata: { colour: 'grey' } },
      { name: 'Gold', points: { from: 500 }, earning_rules: { [ruleId]: { type: 'MULTIPLY', multiplier: 2 } } },
    ] as never);
    expect(tiers).toHaveLength(2);
    expect(tiers[0]).toMatchObject({
      id: expect.stringMatching(/^ltr_/),
      name: 'Silver',
      campaign_id: programme.id,
      config: { points: { from: 100, to: 499 } },
      points: { from: 100, to: 499 },
      metadata: { colour: 'grey' },
      object: 'loyalty_tier',
      updated_at: null,
    });
    const list = await client().loyalties.listTiers(programme.id);
    expect(list).toMatchObject({ object: 'list', data_ref: 'data', total: 2 });
    expect(list.data.map((tier) => tier.name)).toEqual(['Silver', 'Gold']);
    const gold = String(tiers[1]?.id);
    expect(await client().loyalties.getTier(programme.id, gold)).toMatchObject({ name: 'Gold' });
    const mapped = await client().loyalties.listLoyaltyTierEarningRules(programme.id, gold);
    expect(mapped).toMatchObject({ total: 1, data: [{ id: ruleId, loyalty: { type: 'FIXED', points: 20 } }] });
    await expect(
      client().loyalties.createTiers(programme.id, [{ name: 'Bronze', points: { from: 0, to: 100 } }] as never),
    ).rejects.toMatchObject({ status: 400, key: 'invalid_payload' });
    await expect(
      client().loyalties.createTiers(programme.id, [{ name: 'Odd', points: { from: 5, to: 1 } }] as never),
    ).rejects.toMatchObject({ status: 400, key: 'invalid_payload' });
    await expect(
      client().loyalties.createTiers(programme.id, [
        { name: 'Bronze', points: { from: 0, to: 99 }, earning_rules: { ern_missing: { type: 'CUSTOM', points: 1 } } },
      ] as never),
    ).rejects.toMatchObject({
      status: 404,
      resourceType: 'earning_rule',
    });
    await expect(client().loyalties.getTier(programme.id, 'ltr_missing')).rejects.toMatchObject({
      status: 404,
      resourceType: 'loyalty_tier',
    });
    expect(state().events.list({ type: 'campaign.loyalty_tier.created' })).toHaveLength(2);
  });

  test("follow a member's balance by default: joined, upgraded, downgraded, left", async () => {
    const programme = await createProgramme();
    await client().loyalties.createTiers(programme.id, ladder as never);
    const { code } = await join(programme.id);
    await add(code, 150);
    const [silver] = (await client().loyalties.listMemberLoyaltyTiers(code)).data;
    expect(silver).toMatchObject({
      name: 'Silver',
      expiration: { customer_id: expect.stringMatching(/^cust_/), campaign_id: programme.id, start_date: '2026-01-01' },
    });
    expect(silver?.expiration).not.toHaveProperty('expiration_date');
    await add(code, 400);
    expect((await client().loyalties.listMemberLoyaltyTiers(code)).data.map((tier) => tier.name)).toEqual(['Gold']);
    await add(code, -300);
    await add(code, -200);
    expect((await client().loyalties.listMemberLoyaltyTiers(code)).total).toBe(0);
    expect(tierEvents()).toEqual(['joined', 'upgraded', 'downgraded', 'left']);
    const upgraded = state().events.list({ type: 'customer.loyalty.tier.upgraded' })[0];
    expect(upgraded?.data).toMatchObject({
      loyalty_tier_from: { name: 'Silver' },
      loyalty_tier_to: { name: 'Gold' },
      campaign: { id: programme.id },
    });
  });

  test('change what members earn, and fire the rules on tier events', async () => {
    const programme = await createProgramme();
    const [perOrder] = await client().loyalties.createEarningRule(programme.id, [
      { event: 'order.paid', loyalty: { type: 'FIXED', points: 100 } },
    ] as never);
    await client().loyalties.createTiers(programme.id, [
      {
        name: 'Silver',
        points: { from: 100, to: 499 },
        earning_rules: { [String(perOrder?.id)]: { type: 'MULTIPLY', multiplier: 1.5 } },
      },
      { name: 'Gold', points: { from: 500 } },
    ] as never);
    await client().loyalties.createEarningRule(programme.id, [
      {
        event: 'customer.loyalty.tier.joined',
        loyalty_tier: { id: '__ANY__' },
        loyalty: { type: 'FIXED', points: 25 },
      },
    ] as never);
    const { code } = await join(programme.id);
    await client().orders.create({ customer: { source_id: 'ana' }, amount: 1000, status: 'PAID' } as never);
    // 100 for the order makes Ana Silver, and joining the tiers earns 25 more.
    expect((await client().loyalties.getMember(code)).loyalty_card?.balance).toBe(125);
    await client().orders.create({ customer: { source_id: 'ana' }, amount: 1000, status: 'PAID' } as never);
    const [latest] = (await client().loyalties.listCardTransactions(code)).data;
    expect(latest).toMatchObject({
      type: 'POINTS_ACCRUAL',
      details: { balance: { points: 150 }, loyalty_tier: { name: 'Silver' }, holder_loyalty_tier: { name: 'Silver' } },
    });
  });
});

describe('the nightly run', () => {
  test('activates pending points on their day, on the first request after midnight', async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    await client().loyalties.createEarningRule(programme.id, [
      {
        event: 'order.paid',
        loyalty: { type: 'FIXED', points: 30 },
        pending_points: { period_type: 'DAY', period_value: 2 },
      },
    ] as never);
    await client().orders.create({ customer: { source_id: 'ana' }, amount: 1000, status: 'PAID' } as never);
    mock.service.clock.advance(DAY + 1);
    expect((await client().loyalties.getMember(code)).loyalty_card).toMatchObject({ balance: 0, pending_points: 30 });
    mock.service.clock.advance(DAY);
    expect((await client().loyalties.getMember(code)).loyalty_card).toMatchObject({ balance: 30, pending_points: 0 });
    const [activation] = (await client().loyalties.listCardTransactions(code)).data;
    expect(activation).toMatchObject({
      type: 'PENDING_POINTS_ACTIVATION',
      source: 'Automation',
      details: { balance: { operation_type: 'AUTOMATIC' } },
    });
    // Activated on 3 January, they expire at the end of February by the programme's rules.
    expect((await client().loyalties.getPointsExpiration(programme.id, code)).data[0]).toMatchObject({
      expires_at: '2026-02-28',
    });
    expect(state().events.list({ type: 'voucher.loyalty_card.pending_points.activated' })).toHaveLength(1);
  });

  test('expires points after their last day and catches up on every day the clock skipped', async () => {
    const programme = await createProgramme();
    await client().loyalties.createTiers(programme.id, ladder as never);
    const { code } = await join(programme.id);
    await add(code, 200);
    await client().loyalties.addOrRemoveCardBalance(code, { points: 10, expiration_type: 'NON_EXPIRING' } as never);
    mock.service.clock.advance(58 * DAY);
    const summary = state().nightly.catchUp();
    expect(summary).toMatchObject({ day: '2026-02-28', expired: 0 });
    mock.service.clock.advance(DAY);
    expect(state().nightly.catchUp()).toMatchObject({ day: '2026-03-01', expired: 1, tierChanges: 1 });
    expect(state().nightly.catchUp()).toBeUndefined();
    expect((await client().loyalties.getMember(code)).loyalty_card).toMatchObject({ balance: 10, expired_points: 200 });
    expect(tierEvents()).toEqual(['joined', 'left']);
  });

  test('starts each qualification period again for tiers by points in the period', async () => {
    const programme = await createProgramme({
      loyalty_tiers_expiration: {
        qualification_type: 'POINTS_IN_PERIOD',
        qualification_period: 'MONTH',
        start_date: { type: 'IMMEDIATE' },
        expiration_date: { type: 'END_OF_PERIOD', extend: 'P0D' },
      },
    });
    await client().loyalties.createTiers(programme.id, ladder as never);
    const { code } = await join(programme.id);
    await add(code, 600);
    const [gold] = (await client().loyalties.listMemberLoyaltyTiers(code)).data;
    expect(gold).toMatchObject({
      name: 'Gold',
      expiration: { start_date: '2026-01-01', expiration_date: '2026-01-31' },
    });
    mock.service.clock.advance(31 * DAY);
    // February: the balance stays, but no points were earned in the new period, so the tier ends.
    expect((await client().loyalties.listMemberLoyaltyTiers(code)).total).toBe(0);
    await add(code, 150);
    expect((await client().loyalties.listMemberLoyaltyTiers(code)).data.map((tier) => tier.name)).toEqual(['Silver']);
    expect(tierEvents()).toEqual(['joined', 'left', 'joined']);
  });
});
