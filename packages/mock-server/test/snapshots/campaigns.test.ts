import { describe, expect, test } from 'vitest';
import { type FullMockService, createMockService, fullService } from '../../src/service.js';
import { clientOf, expectPendingWorkReplays, expectRoundTrips, settle } from './round-trip.js';
import { T0 } from '../support/setup.js';

const OPTIONS = { clock: { frozenAt: T0 }, seed: 'snapshots-campaigns' } as const;
const DAY = 86_400_000;

const percent = (percent_off: number) =>
  ({ type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off } }) as const;

/**
 * What the writes start from: a coupon campaign with codes, one of them published; a gift card
 * campaign; standalone vouchers; a promotion with tiers and a stack; a template; a loyalty card
 * with points; and lists read in several orders, so that their indexes exist before the snapshot.
 */
const arrange = async (service: FullMockService) => {
  const client = clientOf(service);
  await client.categories.create({ name: 'Seasonal', hierarchy: 1 });
  const summer = await client.campaigns.create({
    name: 'Summer',
    campaign_type: 'DISCOUNT_COUPONS',
    type: 'AUTO_UPDATE',
    vouchers_count: 30,
    voucher: { ...percent(10), code_config: { pattern: 'SUM-####' } },
  } as never);
  const gifts = await client.campaigns.create({
    name: 'Gifts',
    campaign_type: 'GIFT_VOUCHERS',
    vouchers_count: 3,
    voucher: { type: 'GIFT_VOUCHER', gift: { amount: 5000 }, code_config: { pattern: 'GIFT-###' } },
  } as never);
  await service.scheduler.drain();
  await client.vouchers.create('TEN', { ...percent(10), redemption: { quantity: 5 } } as never);
  await client.vouchers.create('CARD-1', { type: 'GIFT_VOUCHER', gift: { amount: 10_000 } } as never);
  await client.vouchers.balance.create('CARD-1', { amount: 500 } as never);
  const autumn = await client.campaigns.create({
    name: 'Autumn',
    campaign_type: 'PROMOTION',
    promotion: {
      tiers: [
        { name: 'Ten off', action: { discount: { type: 'PERCENT', percent_off: 10 } } },
        { name: 'Five off', action: { discount: { type: 'AMOUNT', amount_off: 500 } } },
      ],
    },
  } as never);
  const tiers = (await client.promotions.tiers.list(autumn.id)).tiers ?? [];
  const stack = await client.promotions.stack.createInCampaign(autumn.id, {
    name: 'Both',
    tiers: { ids: tiers.map((tier) => tier.id) },
  } as never);
  const template = await client.templates.campaigns.create({ name: 'Summer set-up', campaign_id: summer.id } as never);
  await client.distributions.publications.create({
    campaign: { name: 'Summer' },
    customer: { source_id: 'ana' },
  } as never);
  const club = await client.loyalties.create({
    name: 'Club',
    type: 'AUTO_UPDATE',
    voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 }, code_config: { pattern: 'LC-####' } },
  } as never);
  await service.scheduler.drain();
  const member = String(
    (await client.loyalties.createMember(club.id, { customer: { source_id: 'ben' } } as never)).code,
  );
  await client.loyalties.addOrRemoveCardBalance(member, {
    points: 300,
    expiration_type: 'CUSTOM_DATE',
    expiration_date: '2026-01-20',
  } as never);
  // Lists in these orders build their indexes now: the writes must keep them right, and a restore take them back.
  await client.vouchers.list({ order: '-code', limit: 5 } as never);
  await client.vouchers.list({ campaign_id: summer.id, order: 'updated_at', limit: 5 } as never);
  await client.distributions.publications.list({ order: 'voucher_code' } as never);
  return {
    summer: summer.id,
    gifts: gifts.id,
    autumn: autumn.id,
    tiers: tiers.map((tier) => tier.id),
    stack: String(stack.id),
    template: template.id,
    club: club.id,
    member,
  };
};

type Arranged = Awaited<ReturnType<typeof arrange>>;

/** Many writes of the campaigns area through the API, with reads between them; answers what the service answered. */
const writes = async (service: FullMockService, ids: Arranged): Promise<unknown[]> => {
  const client = clientOf(service);
  const answers: unknown[] = [];
  const record = async (call: Promise<unknown>) => answers.push(await settle(call));
  const drained = async (call: Promise<unknown>) => {
    await record(call);
    await service.scheduler.drain();
  };

  // Vouchers: created, changed, switched, credited, deleted into the bin and for good, in bulk.
  await record(
    client.vouchers.create('NEW-1', { ...percent(20), category: 'Seasonal', metadata: { wave: 1 } } as never),
  );
  await record(client.vouchers.create('TEN', percent(5) as never));
  await record(client.vouchers.generate({ type: 'GIFT_VOUCHER', gift: { amount: 2500 } } as never));
  await record(client.vouchers.update('TEN', { active: false, metadata: { changed: true } } as never));
  await record(client.vouchers.enable('TEN'));
  await record(client.vouchers.disable('NEW-1'));
  await record(client.vouchers.balance.create('CARD-1', { amount: 1500 } as never));
  await record(client.vouchers.balance.create('CARD-1', { amount: -700 } as never));
  await record(client.vouchers.listTransactions('CARD-1'));
  await record(client.vouchers.delete('NEW-1'));
  await record(client.vouchers.create('NEW-1', percent(20) as never));
  const bin = await client.bin.list();
  answers.push(bin);
  const entry = (bin.data ?? []).find((item) => item.resource_name === 'NEW-1');
  await record(client.bin.delete(String(entry?.id)));
  await record(client.vouchers.create('NEW-1', percent(25) as never));
  await drained(
    client.vouchers.import([
      { code: 'IMP-1', type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 } },
      { code: 'TEN', type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 } },
      { code: 'IMP-2', type: 'GIFT_VOUCHER', gift: { amount: 300 } },
    ] as never),
  );
  await drained(client.vouchers.bulkUpdateMetadata({ codes: ['IMP-1', 'IMP-2', 'MISSING'], metadata: { batch: 7 } }));
  // Validation sessions hold codes back, and are released.
  const locked = (await client.validations.validateStackable({
    redeemables: [{ object: 'voucher', id: 'TEN' }],
    order: { amount: 5000 },
    session: { type: 'LOCK' },
  } as never)) as { session?: { key?: string } };
  answers.push(locked);
  await record(client.vouchers.releaseValidationSession('TEN', String(locked.session?.key)));
  await record(
    client.validations.validateStackable({
      redeemables: [{ object: 'voucher', id: 'TEN' }],
      order: { amount: 5000 },
      session: { type: 'LOCK' },
    } as never),
  );
  await record(
    client.redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'TEN' }],
      order: { amount: 5000 },
      customer: { source_id: 'cara' },
    } as never),
  );

  // Campaigns: codes added one by one and in bulk, imported, changed (rewriting their codes), switched, deleted.
  await record(client.campaigns.addCertainVoucher(ids.summer, 'SUM-CHOSEN', { metadata: { chosen: true } } as never));
  await drained(client.campaigns.addVoucher(ids.summer, {} as never, { vouchers_count: 5 } as never));
  await drained(
    client.campaigns.importVouchers(ids.gifts, [
      { code: 'GIFT-IMP-1' },
      { code: 'GIFT-IMP-2', gift: { amount: 900 } },
    ] as never),
  );
  await record(client.vouchers.balance.create('GIFT-IMP-2', { amount: 100 } as never));
  await drained(
    client.campaigns.update(ids.summer, {
      description: 'Longer',
      expiration_date: '2026-12-31T00:00:00.000Z',
      metadata: { season: 'summer' },
    } as never),
  );
  await record(client.campaigns.disable(ids.gifts));
  await record(client.campaigns.enable(ids.gifts));
  await drained(
    client.campaigns.create({
      name: 'Winter',
      campaign_type: 'DISCOUNT_COUPONS',
      vouchers_count: 12,
      voucher: { ...percent(30), code_config: { pattern: 'WIN-###' } },
    } as never),
  );
  await record(client.campaigns.create({ name: 'Summer', campaign_type: 'DISCOUNT_COUPONS' } as never));
  await record(client.campaigns.getSummary(ids.gifts));
  await record(client.campaigns.getSummary(ids.summer));
  await drained(client.campaigns.delete('Winter'));
  await record(client.campaigns.create({ name: 'Winter', campaign_type: 'DISCOUNT_COUPONS' } as never));

  // Publications: campaign codes (one and several), a given code, join_once, source_id, failures.
  await record(
    client.distributions.publications.create(
      { campaign: { name: 'Summer' }, customer: { source_id: 'ana' } } as never,
      { join_once: true } as never,
    ),
  );
  await record(
    client.distributions.publications.create({
      campaign: { name: 'Summer', count: 3 },
      customer: { source_id: 'dan', name: 'Dan' },
      metadata: { via: 'test' },
    } as never),
  );
  await record(
    client.distributions.publications.create({
      voucher: 'IMP-1',
      customer: { source_id: 'dan' },
      source_id: 'pub-dan-1',
    } as never),
  );
  await record(
    client.distributions.publications.create({
      voucher: 'IMP-1',
      customer: { source_id: 'dan' },
      source_id: 'pub-dan-1',
    } as never),
  );
  await record(client.distributions.publications.create({ voucher: 'IMP-1', customer: { source_id: 'eve' } } as never));
  await record(client.distributions.publications.create({ voucher: 'NEW-1', customer: { source_id: 'eve' } } as never));
  await record(
    client.distributions.publications.create({ campaign: { name: 'Gifts' }, customer: { source_id: 'eve' } } as never),
  );
  await record(client.distributions.publications.list({ order: 'voucher_code', limit: 50 } as never));
  await record(client.distributions.publications.list({ campaign: 'Summer', order: '-customer_id' } as never));
  await record(client.customers.listRedeemables('dan'));

  // Promotions: tiers created, changed, switched, redeemed, deleted; stacks created, changed, deleted.
  const tier = (await settle(
    client.promotions.tiers.create(ids.autumn, {
      name: 'Twenty off',
      action: { discount: { type: 'PERCENT', percent_off: 20 } },
      metadata: { level: 3 },
    } as never),
  )) as { id?: string };
  answers.push(tier);
  await record(client.promotions.tiers.update(String(ids.tiers[0]), { banner: 'Now ten off', hierarchy: 5 } as never));
  await record(client.promotions.tiers.disable(String(ids.tiers[1])));
  await record(client.promotions.tiers.enable(String(ids.tiers[1])));
  await record(
    client.redemptions.redeemStackable({
      redeemables: [{ object: 'promotion_tier', id: String(ids.tiers[0]) }],
      order: { amount: 10_000 },
    } as never),
  );
  await record(
    client.promotions.stack.update(ids.autumn, ids.stack, {
      name: 'All three',
      tiers: { ids: [...ids.tiers, String(tier.id)] },
    } as never),
  );
  await record(
    client.promotions.stack.createInCampaign(ids.autumn, {
      name: 'Only new',
      tiers: { ids: [String(tier.id)] },
    } as never),
  );
  await record(client.promotions.tiers.delete(String(tier.id)));
  await record(client.promotions.stack.listInCampaign(ids.autumn));
  await record(client.promotions.tiers.get(String(ids.tiers[0])));
  await record(client.promotions.stack.delete(ids.autumn, ids.stack));

  // Templates: created, renamed, used for a campaign and a tier, deleted.
  const made = (await settle(
    client.templates.campaigns.create({ name: 'Gift set-up', campaign_id: ids.gifts } as never),
  )) as { id?: string };
  answers.push(made);
  await record(
    client.templates.campaigns.update(ids.template, { name: 'Summer set-up 2', description: 'Renamed' } as never),
  );
  await drained(
    client.templates.campaigns.setupCampaign(ids.template, { name: 'From template', vouchers_count: 4 } as never),
  );
  await record(
    client.templates.campaigns.setupTier(ids.template, { campaign_id: ids.autumn, name: 'From template' } as never),
  );
  await record(client.templates.campaigns.delete(String(made.id)));
  await record(client.templates.campaigns.list());

  // Loyalty points: added, removed, expired by the nightly run.
  await record(client.loyalties.addOrRemoveCardBalance(ids.member, { points: 120 } as never));
  await record(client.loyalties.addOrRemoveCardBalance(ids.member, { points: -50 } as never));
  service.clock.advance(30 * DAY);
  answers.push(service.projects.primary.state.nightly.catchUp());
  await record(client.loyalties.getPointsExpiration(ids.club, ids.member));
  await record(client.loyalties.listCardTransactions(ids.member));

  // What every list shows now, in the orders whose indexes the writes kept.
  await record(client.vouchers.list({ order: '-code', limit: 100 } as never));
  await record(client.vouchers.list({ campaign_id: ids.summer, order: 'updated_at', limit: 100 } as never));
  await record(client.vouchers.list({ campaign: 'Gifts', order: '-created_at' } as never));
  await record(client.campaigns.list({ limit: 20 } as never));
  await record(client.campaigns.get(ids.summer));
  await record(client.campaigns.listTransactions(ids.gifts));
  return JSON.parse(JSON.stringify(answers)) as unknown[];
};

describe('snapshots of the campaigns area', () => {
  test('a restore takes back every write of vouchers, campaigns, promotions, publications and templates, which then give the same answers, here and in a new service', {
    timeout: 60_000,
  }, async () => {
    await expectRoundTrips(OPTIONS, arrange, writes);
  });

  test('the jobs of the area (generating, rewriting and deleting codes) pending at a snapshot run again after a restore, to the same end', {
    timeout: 20_000,
  }, async () => {
    const service = fullService(createMockService(OPTIONS));
    const client = clientOf(service);
    await client.campaigns.create({
      name: 'Bulk',
      vouchers_count: 25,
      voucher: { ...percent(5), code_config: { pattern: 'BULK-###' } },
    } as never);
    await client.campaigns.create({ name: 'Old', vouchers_count: 5, voucher: percent(5) } as never);
    await service.scheduler.drain();
    await client.campaigns.create({ name: 'Fresh', vouchers_count: 10, voucher: percent(15) } as never);
    await client.campaigns.update('Bulk', { expiration_date: '2026-06-30T00:00:00.000Z' } as never);
    await client.campaigns.delete('Old');
    await expectPendingWorkReplays(service);
    expect(service.projects.primary.state.campaigns.get('Fresh')).toMatchObject({
      creation_status: 'DONE',
      vouchers_count: 10,
    });
    expect(service.projects.primary.state.campaigns.get('Bulk')).toMatchObject({ vouchers_generation_status: 'DONE' });
  });

  test('the writes did what they say: only those meant to be refused are', { timeout: 20_000 }, async () => {
    const service = fullService(createMockService(OPTIONS));
    const ids = await arrange(service);
    const answers = await writes(service, ids);
    const refused = answers.flatMap((answer) =>
      answer instanceof Object && 'key' in answer && 'status' in answer ? [(answer as { key: unknown }).key] : [],
    );
    // A code taken, a code still taken in the bin, a campaign name taken, one still taken in the bin, a code of another customer.
    expect(refused).toEqual([
      'duplicate_found',
      'duplicate_found',
      'duplicate_found',
      'duplicate_found',
      'voucher_already_published',
    ]);
    const state = service.projects.primary.state;
    expect(state.campaigns.get('Summer').vouchers_count).toBe(36);
    expect(state.vouchers.find('SUM-CHOSEN')?.campaign).toBe('Summer');
    expect(state.publications.size).toBeGreaterThan(5);
  });
});
