import { describe, expect, test } from 'vitest';
import { type FullMockService, createMockService, fullService } from '../../src/service.js';
import { clientOf, expectRoundTrips, settle } from './round-trip.js';
import { T0 } from '../support/setup.js';

const OPTIONS = { clock: { frozenAt: T0 }, seed: 'snapshots-programmes' } as const;
const DAY = 86_400_000;

/**
 * What the writes start from: a loyalty programme with tiers, earning rules (one holding points
 * back), two members with points and pending points, rewards offered in it (one redeemed by the
 * nightly run), and a referral programme whose code a member holds, with a referral tier.
 */
const arrange = async (service: FullMockService) => {
  const client = clientOf(service);
  const state = service.projects.primary.state;
  const club = await client.loyalties.create({
    name: 'Members Club',
    type: 'AUTO_UPDATE',
    voucher: {
      type: 'LOYALTY_CARD',
      loyalty_card: {
        points: 0,
        expiration_rules: { period_type: 'MONTH', period_value: 1, rounding_type: 'END_OF_MONTH' },
      },
      code_config: { pattern: 'LC-####' },
    },
  } as never);
  await service.scheduler.drain();
  const [held, perOrder] = await client.loyalties.createEarningRule(club.id, [
    {
      event: 'order.paid',
      loyalty: { type: 'FIXED', points: 30 },
      pending_points: { period_type: 'DAY', period_value: 2 },
    },
    {
      event: 'order.paid',
      loyalty: {
        type: 'PROPORTIONAL',
        calculation_type: 'ORDER_AMOUNT',
        order: { amount: { every: 1000, points: 1 } },
      },
    },
  ] as never);
  await client.loyalties.createTiers(club.id, [
    { name: 'Silver', points: { from: 100, to: 499 } },
    { name: 'Gold', points: { from: 500, to: 999 } },
  ] as never);
  const ana = String((await client.loyalties.createMember(club.id, { customer: { source_id: 'ana' } } as never)).code);
  const ben = String((await client.loyalties.createMember(club.id, { customer: { source_id: 'ben' } } as never)).code);
  await client.loyalties.addOrRemoveCardBalance(ana, { points: 400, expiration_type: 'NON_EXPIRING' } as never);
  await client.loyalties.addOrRemoveCardBalance(ben, { points: 50 } as never);
  await client.orders.create({ customer: { source_id: 'ana' }, amount: 5000, status: 'PAID' } as never);

  const coupons = await client.campaigns.create({
    name: 'Thank you',
    campaign_type: 'DISCOUNT_COUPONS',
    type: 'AUTO_UPDATE',
    voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } },
  } as never);
  await service.scheduler.drain();
  const mug = await client.products.create({ name: 'Mug', source_id: 'mug' });
  const coupon = await client.rewards.create({
    name: 'Coupon',
    parameters: { campaign: { id: coupons.id } },
    stock: 5,
  } as never);
  const material = await client.rewards.create({ name: 'Mug', parameters: { product: { id: mug.id } } } as never);
  const coin = await client.rewards.create({
    parameters: { coin: { exchange_ratio: '1', points_ratio: '10' } },
  } as never);
  await client.rewards.createAssignment(coupon.id, {
    campaign: club.id,
    parameters: { loyalty: { points: 100, auto_redeem: true } },
  } as never);
  const mugAssignment = await client.rewards.createAssignment(material.id, {
    campaign: club.id,
    parameters: { loyalty: { points: 50 } },
  } as never);

  const friends = await client.campaigns.create({
    name: 'Friends',
    campaign_type: 'REFERRAL_PROGRAM',
    type: 'AUTO_UPDATE',
    voucher: {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
      code_config: { pattern: 'FRIEND-####' },
    },
    referral_program: {
      conversion_event_type: 'redemption',
      referee_reward: { related_object_parent: { id: club.id }, type: 'LOYALTY_CARD', amount: 100 },
    },
  } as never);
  await service.scheduler.drain();
  const eachFriend = state.referralTiers.create(friends.id, { banner: 'Each friend', reward: coupon.id });
  const publication = await client.distributions.publications.create({
    campaign: { name: friends.id },
    customer: { source_id: 'ana' },
  } as never);
  const referralCode = (publication as { voucher: { code: string } }).voucher.code;
  return {
    club: club.id,
    held: String(held?.id),
    perOrder: String(perOrder?.id),
    ana,
    ben,
    coupon: coupon.id,
    material: material.id,
    coin: coin.id,
    mugAssignment: mugAssignment.id,
    friends: friends.id,
    eachFriend: eachFriend.id,
    referralCode,
  };
};

type Arranged = Awaited<ReturnType<typeof arrange>>;

/** Many writes of the programmes, through the API where it has them; answers what the service answered. */
const writes = async (service: FullMockService, ids: Arranged): Promise<unknown[]> => {
  const client = clientOf(service);
  const state = service.projects.primary.state;
  const answers: unknown[] = [];
  const record = async (call: Promise<unknown>) => answers.push(await settle(call));

  // Earning rules: created, updated, switched off and on, deleted.
  await record(
    client.loyalties.createEarningRule(ids.club, [
      { event: 'page_view', custom_event: { schema_id: 'ms_page' }, loyalty: { type: 'FIXED', points: 5 } },
    ] as never),
  );
  await record(
    client.loyalties.updateEarningRule(ids.club, ids.perOrder, {
      loyalty: { type: 'FIXED', points: 7 },
      source: { banner: 'Seven' },
    } as never),
  );
  await record(client.loyalties.disableEarningRule(ids.club, ids.perOrder));
  await record(client.loyalties.enableEarningRule(ids.club, ids.perOrder));
  // Tiers: a new one moves the members' standings.
  await record(client.loyalties.createTiers(ids.club, [{ name: 'Platinum', points: { from: 1000 } }] as never));
  await record(client.loyalties.createTiers(ids.club, [{ name: 'Overlap', points: { from: 0, to: 150 } }] as never));
  // Paid orders earn points and hold more back.
  await record(client.orders.create({ customer: { source_id: 'ana' }, amount: 20_000, status: 'PAID' } as never));
  await record(client.orders.create({ customer: { source_id: 'ben' }, amount: 3000, status: 'PAID' } as never));
  await record(client.loyalties.updateEarningRule(ids.club, ids.held, { pending_points: null } as never));
  await record(client.loyalties.deleteEarningRule(ids.club, ids.perOrder));
  // Pending points: activated, adjusted, canceled.
  const pending = await client.loyalties.listMemberPendingPoints(ids.ana);
  answers.push(pending);
  const [first, second] = pending.data ?? [];
  await record(client.loyalties.activateMemberPendingPoints(ids.ana, String(first?.id)));
  await record(client.loyalties.activateMemberPendingPoints(ids.ana, String(first?.id)));
  const benPending = (await client.loyalties.listMemberPendingPoints(ids.ben)).data ?? [];
  await record(client.loyalties.adjustMemberPendingPoints(ids.ben, String(benPending[0]?.id), { points: 5 }));
  await record(client.loyalties.cancelMemberPendingPoints(ids.ana, String(second?.id)));
  // Points by hand, and a transfer: tiers follow.
  await record(client.loyalties.addOrRemoveCardBalance(ids.ana, { points: 700 } as never));
  await record(client.loyalties.transferPoints(ids.club, ids.ben, [{ code: ids.ana, points: 200 }] as never));
  await record(client.loyalties.listMemberLoyaltyTiers(ids.ana));
  // Rewards: created, changed, assigned, redeemed, taken out and deleted.
  const mug2 = await client.rewards.create({
    name: 'Second mug',
    parameters: { product: { id: 'mug' } },
    stock: 2,
  } as never);
  answers.push(mug2);
  await record(client.rewards.update(ids.material, { stock: 3, name: 'The mug' } as never));
  await record(
    client.loyalties.updateRewardAssignment(ids.club, ids.mugAssignment, {
      parameters: { loyalty: { points: 60 } },
    } as never),
  );
  await record(
    client.loyalties.createRewardAssignments(ids.club, [{ reward: ids.coin, validation_rules: [] }] as never),
  );
  await record(client.loyalties.redeemReward(ids.ana, { reward: { id: ids.material } } as never));
  await record(client.loyalties.redeemReward(ids.ben, { reward: { id: ids.coupon } } as never));
  await record(client.loyalties.deleteRewardAssignment(ids.club, ids.mugAssignment));
  await record(client.rewards.delete(ids.material));
  await record(client.rewards.delete(ids.coupon));
  // Referrals: tiers changed, holders added and removed, conversions by redemptions.
  const twoFriends = state.referralTiers.create(ids.friends, {
    banner: 'Two friends',
    reward: mug2.id,
    minimum_referees: 2,
  });
  answers.push(twoFriends, state.referralTiers.update(ids.eachFriend, { banner: 'Every friend' }));
  await record(
    client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: ids.referralCode }],
      order: { amount: 10_000 },
      customer: { source_id: 'cara' },
    } as never),
  );
  await record(
    client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: ids.referralCode }],
      order: { amount: 10_000 },
      customer: { source_id: 'cara' },
    } as never),
  );
  await record(
    client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: ids.referralCode }],
      order: { amount: 10_000 },
      customer: { source_id: 'dan' },
    } as never),
  );
  answers.push(state.referrals.refereesOf(ids.friends, state.customers.get('ana').id));
  const added = await client.referrals.addHolders(ids.referralCode, { holders: [{ source_id: 'eve' }] } as never);
  answers.push(added);
  await record(client.referrals.removeHolder(ids.referralCode, String(added.holders?.[0]?.id)));
  state.referralTiers.delete(twoFriends.id);
  // A new member, then three nights: pending points come due, the automatic reward and expiry run.
  await record(client.loyalties.createMember(ids.club, { customer: { source_id: 'fay' } } as never));
  await record(client.orders.create({ customer: { source_id: 'fay' }, amount: 1000, status: 'PAID' } as never));
  service.clock.advance(3 * DAY);
  answers.push(state.nightly.catchUp());
  service.clock.advance(60 * DAY);
  answers.push(state.nightly.catchUp());
  await record(client.loyalties.getMember(ids.ana));
  await record(client.loyalties.getMember(ids.ben));
  await record(client.loyalties.listPendingPoints(ids.club));
  await record(client.rewards.list());
  return JSON.parse(JSON.stringify(answers)) as unknown[];
};

describe('snapshots of the programmes', () => {
  test('a restore takes back every write of the programmes, which then give the same answers, here and in a new service', {
    timeout: 30_000,
  }, async () => {
    await expectRoundTrips(OPTIONS, arrange, writes);
  });

  test('the writes change what they name: only the three meant to be refused are, and the nights run', {
    timeout: 30_000,
  }, async () => {
    const service = fullService(createMockService(OPTIONS));
    const ids = await arrange(service);
    const answers = await writes(service, ids);
    const refused = answers.flatMap((answer) =>
      answer instanceof Object && 'key' in answer && 'status' in answer ? [(answer as { key: unknown }).key] : [],
    );
    // Only the writes meant to be refused are: an overlapping tier, a second activation, deleting a reward in use.
    expect(refused).toEqual(['invalid_payload', 'invalid_pending_points_state', 'resource_in_use']);
    const nights = answers.filter((answer) => answer instanceof Object && 'day' in answer && 'tierChanges' in answer);
    expect(nights).toEqual([
      expect.objectContaining({ activated: 1, autoRedeemed: 11 }),
      expect.objectContaining({ expired: 3 }),
    ]);
    expect(
      service.projects.primary.state.referrals.refereesOf(
        ids.friends,
        service.projects.primary.state.customers.get('ana').id,
      ),
    ).toBe(2);
  });
});
