// The code of docs/guides/loyalty-with-the-mock.md, as the guide shows it: keep the two in step.
import { type Schemas, createClient } from '@voucherkit/client';
import { createMockService, type MockService } from '@voucherkit/mock-server';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';

const DAY = 24 * 3600 * 1000;
const server = setupServer();
let service: MockService;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  service = createMockService({ strict: true, clock: { frozenAt: '2026-01-01T00:00:00Z' } });
  server.resetHandlers(...service.handlers);
});
afterAll(() => server.close());

/** A client with the primary project's server keys, pointed at the mock. */
const serverClient = () => {
  const { appId, appToken } = service.projects.primary.keys;
  return createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId, appToken }, retry: false });
};

/**
 * The Members Club: a point for every 1.00 of a paid order, spendable 14 days after the payment,
 * until the end of the month after the one it became spendable in.
 */
const createClub = async (settings: { loyalty_tiers_expiration?: Schemas['LoyaltyTierExpirationAll'] } = {}) => {
  const client = serverClient();
  const club = await client.loyalties.create({
    name: 'Members Club',
    type: 'AUTO_UPDATE',
    voucher: {
      type: 'LOYALTY_CARD',
      loyalty_card: { points: 0, expiration_rules: { period_type: 'MONTH', period_value: 1, rounding_type: 'END_OF_MONTH' } },
      code_config: { pattern: 'CLUB-####' },
    },
    ...settings,
  });
  await client.loyalties.createEarningRule(club.id, [
    {
      event: 'order.paid',
      loyalty: { type: 'PROPORTIONAL', calculation_type: 'ORDER_AMOUNT', order: { amount: { every: 100, points: 1 } } },
      pending_points: { period_type: 'DAY', period_value: 14 },
    },
  ]);
  return club;
};

test('a paid order earns pending points', async () => {
  const client = serverClient();
  const club = await createClub();
  const { code } = await client.loyalties.createMember(club.id, { customer: { source_id: 'ana', email: 'ana@example.com' } });
  expect(code).toMatch(/^CLUB-/);

  await client.orders.create({ customer: { source_id: 'ana' }, amount: 4500, status: 'PAID' });

  const card = await client.loyalties.getMember(code);
  expect(card.loyalty_card).toMatchObject({ balance: 0, pending_points: 45 });
  const pending = await client.loyalties.listMemberPendingPoints(code);
  expect(pending.data[0]).toMatchObject({ points: 45, activates_at: '2026-01-15' });
});

test('pending points become spendable, then expire', async () => {
  const client = serverClient();
  const club = await createClub();
  const { code } = await client.loyalties.createMember(club.id, { customer: { source_id: 'ana' } });
  await client.orders.create({ customer: { source_id: 'ana' }, amount: 4500, status: 'PAID' });

  service.clock.advance(13 * DAY); // 14 January: still pending
  expect((await client.loyalties.getMember(code)).loyalty_card).toMatchObject({ balance: 0, pending_points: 45 });

  service.clock.advance(DAY); // 15 January: this request runs the night first
  const activated = await client.loyalties.getMember(code);
  expect(activated.loyalty_card).toMatchObject({ balance: 45, pending_points: 0, next_expiration_date: '2026-02-28', next_expiration_points: 45 });
  const [activation] = (await client.loyalties.listCardTransactions(code)).data;
  expect(activation).toMatchObject({ type: 'PENDING_POINTS_ACTIVATION', source: 'Automation', details: { balance: { points: 45, balance: 45 } } });

  service.clock.set('2026-03-01T00:00:00Z'); // 28 February was their last day
  expect(service.projects.primary.state.nightly.catchUp()).toMatchObject({ day: '2026-03-01', expired: 1 });
  const expired = await client.loyalties.getMember(code);
  expect(expired.loyalty_card).toMatchObject({ points: 45, balance: 0, expired_points: 45 });
  const [expiration] = (await client.loyalties.listCardTransactions(code)).data;
  expect(expiration).toMatchObject({ type: 'POINTS_EXPIRATION', created_at: '2026-03-01T00:00:00.000Z', details: { balance: { points: -45, balance: 0 } } });
});

test('Gold for points earned in a quarter, until the end of the next one', async () => {
  const client = serverClient();
  const club = await createClub({
    loyalty_tiers_expiration: {
      qualification_type: 'POINTS_IN_PERIOD',
      qualification_period: 'QUARTER',
      start_date: { type: 'IMMEDIATE' },
      expiration_date: { type: 'END_OF_NEXT_PERIOD', extend: 'P0D' },
    },
  });
  await client.loyalties.createTiers(club.id, [
    { name: 'Silver', points: { from: 100, to: 499 } },
    { name: 'Gold', points: { from: 500 } },
  ]);
  const { code } = await client.loyalties.createMember(club.id, { customer: { source_id: 'ana' } });
  await client.orders.create({ customer: { source_id: 'ana' }, amount: 60000, status: 'PAID' });
  expect((await client.loyalties.listMemberLoyaltyTiers(code)).total).toBe(0); // pending points do not count

  service.clock.advance(14 * DAY);
  const [gold] = (await client.loyalties.listMemberLoyaltyTiers(code)).data;
  expect(gold).toMatchObject({ name: 'Gold', expiration: { start_date: '2026-01-15', expiration_date: '2026-06-30' } });

  service.clock.set('2026-03-01T00:00:00Z'); // the 600 points expire, the tier stays
  expect((await client.loyalties.getMember(code)).loyalty_card?.balance).toBe(0);
  expect((await client.loyalties.listMemberLoyaltyTiers(code)).data.map((tier) => tier.name)).toEqual(['Gold']);

  service.clock.set('2026-07-01T00:00:00Z'); // nothing earned since: the tier ends
  expect((await client.loyalties.listMemberLoyaltyTiers(code)).total).toBe(0);
});

test('a balance tier kept for a month after it is reached', async () => {
  const client = serverClient();
  const club = await createClub({
    loyalty_tiers_expiration: {
      qualification_type: 'BALANCE',
      start_date: { type: 'IMMEDIATE' },
      expiration_date: { type: 'CUSTOM', extend: 'P1M', rounding: { type: 'MONTH', strategy: 'END' } },
    },
  });
  await client.loyalties.createTiers(club.id, [
    { name: 'Silver', points: { from: 100, to: 499 } },
    { name: 'Gold', points: { from: 500 } },
  ]);
  const { code } = await client.loyalties.createMember(club.id, { customer: { source_id: 'ana' } });
  await client.loyalties.addOrRemoveCardBalance(code, { points: 600, expiration_type: 'NON_EXPIRING' });
  await client.loyalties.addOrRemoveCardBalance(code, { points: -400 }); // Gold stays: it has a date

  const [gold] = (await client.loyalties.listMemberLoyaltyTiers(code)).data;
  expect(gold).toMatchObject({ name: 'Gold', expiration: { start_date: '2026-01-01', expiration_date: '2026-02-28' } });

  service.clock.set('2026-03-01T00:00:00Z'); // past the date, the balance of 200 decides
  const [silver] = (await client.loyalties.listMemberLoyaltyTiers(code)).data;
  expect(silver).toMatchObject({ name: 'Silver', expiration: { start_date: '2026-03-01', expiration_date: '2026-04-30' } });
});

test('points buy a reward and pay for an order', async () => {
  const client = serverClient();
  const club = await createClub();
  const { code } = await client.loyalties.createMember(club.id, { customer: { source_id: 'ana' } });
  await client.orders.create({ customer: { source_id: 'ana' }, amount: 50000, status: 'PAID' });
  service.clock.advance(14 * DAY); // 500 points are spendable

  // A mug for 300 points, and a pay-with-points reward: 1.00 for every 10 points.
  const product = await client.products.create({ name: 'Club mug', price: 1500 });
  const mug = await client.rewards.create({ name: 'Club mug', parameters: { product: { id: product.id } }, stock: 100 });
  await client.rewards.createAssignment(mug.id, { campaign: club.id, parameters: { loyalty: { points: 300 } } });
  const coin = await client.rewards.create({ name: '1.00 for 10 points', parameters: { coin: { exchange_ratio: 1, points_ratio: 10 } } });
  await client.rewards.createAssignment(coin.id, { campaign: club.id });

  const affordable = await client.loyalties.listMemberRewards(code, { affordable_only: true });
  expect(affordable.data.map((item) => item.reward.name)).toContain('Club mug');

  const redemption = await client.loyalties.redeemReward(code, { reward: { id: mug.id } });
  expect(redemption).toMatchObject({ result: 'SUCCESS', amount: 300, reward: { type: 'MATERIAL', product: { name: 'Club mug' } }, voucher: { loyalty_card: { balance: 200 } } });
  await expect(client.loyalties.redeemReward(code, { reward: { id: mug.id } })).rejects.toMatchObject({ status: 400, key: 'loyalty_card_points_exceeded' });

  // 200 points take 20.00 off a 45.00 order.
  const paying = {
    redeemables: [{ object: 'voucher' as const, id: code, reward: { id: coin.id, points: 200 } }],
    customer: { source_id: 'ana' },
    order: { amount: 4500 },
  };
  const check = await client.validations.validateStackable(paying);
  expect(check).toMatchObject({ valid: true, order: { total_applied_discount_amount: 2000, total_amount: 2500 } });
  const paid = await client.redemptions.redeemStackable(paying);
  expect(paid.redemptions?.[0]).toMatchObject({ amount: 200, loyalty_card: { points: 200 } });
  expect(paid.order).toMatchObject({ status: 'PAID', total_applied_discount_amount: 2000, total_amount: 2500 });

  const card = await client.loyalties.getMember(code);
  expect(card.loyalty_card).toMatchObject({ balance: 0, pending_points: 45 }); // the paid order earns too
  const spent = (await client.loyalties.listCardTransactions(code)).data.map((transaction) => [transaction.type, transaction.details.balance?.points]);
  expect(spent.slice(0, 2)).toEqual([
    ['POINTS_REDEMPTION', -200],
    ['POINTS_REDEMPTION', -300],
  ]);
});

test('points added by hand and moved between cards', async () => {
  const client = serverClient();
  const club = await createClub();
  const { code } = await client.loyalties.createMember(club.id, { customer: { source_id: 'ana' } });
  const ben = await client.loyalties.createMember(club.id, { customer: { source_id: 'ben' } });

  // Welcome points, by the programme's expiration rules.
  const welcome = await client.loyalties.addOrRemoveCardBalance(code, { points: 100, reason: 'Welcome', source_id: 'welcome-ana' });
  expect(welcome).toMatchObject({ points: 100, balance: 100, operation_type: 'MANUAL' });
  // The same under the programme's path, with points that never expire.
  await client.loyalties.addPoints(club.id, ben.code, { points: 50, expiration_type: 'NON_EXPIRING' });
  // A negative number removes points, the soonest-expiring first.
  await client.loyalties.addOrRemoveCardBalance(code, { points: -30, reason: 'Correction' });

  // Ben moves his 50 points to Ana's card; they expire by her programme's rules from today.
  const ana = await client.loyalties.transferPoints(club.id, code, [{ code: ben.code, points: 50, reason: 'Family account' }]);
  expect(ana.loyalty_card).toMatchObject({ balance: 120, next_expiration_date: '2026-02-28', next_expiration_points: 120 });
  expect((await client.loyalties.getMember(ben.code)).loyalty_card?.balance).toBe(0);

  const history = (await client.loyalties.listCardTransactions(code)).data.map((transaction) => transaction.type);
  expect(history).toEqual(['POINTS_TRANSFER_IN', 'POINTS_REMOVAL', 'POINTS_ADDITION']);
});
