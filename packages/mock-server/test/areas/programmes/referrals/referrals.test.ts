import { describe, expect, test } from 'vitest';
import { loadOperations } from '../../../../src/index.js';
import { useLoyaltyMock } from '../../../support/loyalty-setup.js';

const { mock, state, client, createProgramme } = useLoyaltyMock();
const { webhookEvents } = await loadOperations();

/** Friends: a referral programme whose codes give 10 % off; a conversion gives the referee 100 points in the club. */
const createReferralProgramme = async (referralProgram: Record<string, unknown> = {}) => {
  const club = await createProgramme();
  const friends = await client().campaigns.create({
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
      ...referralProgram,
    },
  } as never);
  await mock.service.scheduler.drain();
  return { club, friends };
};

/** A coupon campaign whose codes are the referrers' reward, and a reward that gives one. */
const createCouponReward = async () => {
  const coupons = await client().campaigns.create({
    name: 'Thank you',
    campaign_type: 'DISCOUNT_COUPONS',
    type: 'AUTO_UPDATE',
    voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } },
  } as never);
  await mock.service.scheduler.drain();
  return client().rewards.create({ name: 'Thank-you coupon', parameters: { campaign: { id: coupons.id } } } as never);
};

const publishTo = async (campaignId: string, sourceId: string) => {
  const publication = await client().distributions.publications.create({
    campaign: { name: campaignId },
    customer: { source_id: sourceId },
  } as never);
  return (publication as { voucher: { code: string } }).voucher.code;
};

const redeem = (code: string, sourceId: string) =>
  client().redemptions.redeemStackable({
    redeemables: [{ object: 'voucher', id: code }],
    order: { amount: 10_000 },
    customer: { source_id: sourceId },
  } as never);

const customer = (sourceId: string) => state().customers.get(sourceId);

describe('referral programmes', () => {
  test('a referral code published to a customer makes them its referrer, who cannot redeem it', async () => {
    const { friends } = await createReferralProgramme();
    const code = await publishTo(friends.id, 'ana');
    const holders = await client().referrals.listHolders(code);
    expect(holders).toMatchObject({ object: 'list', data_ref: 'data', total: 1, has_more: false });
    expect(holders.data).toEqual([
      expect.objectContaining({
        customer_id: customer('ana').id,
        holder_role: 'REFERRER',
        campaign_type: 'REFERRAL_PROGRAM',
        redeemable_id: state().vouchers.get(code).id,
        object: 'redeemable_holder',
      }),
    ]);
    await expect(redeem(code, 'ana')).rejects.toMatchObject({ status: 400, key: 'referrer_not_permitted_to_redeem' });
    const validation = await client().validations.validateStackable({
      redeemables: [{ object: 'voucher', id: code }],
      customer: { source_id: 'ana' },
    } as never);
    expect(validation.valid).toBe(false);
  });

  test('from invitation to both rewards: the referee gets points, the referrer a reward per referee and one at two', async () => {
    const { club, friends } = await createReferralProgramme();
    const thanks = await createCouponReward();
    const mug = await client().products.create({ name: 'Friends mug', source_id: 'mug' });
    const mugReward = await client().rewards.create({ name: 'Mug', parameters: { product: { id: mug.id } } } as never);
    state().referralTiers.create(friends.id, { banner: 'Each friend', reward: thanks.id });
    state().referralTiers.create(friends.id, { banner: 'Two friends', reward: mugReward.id, minimum_referees: 2 });
    const code = await publishTo(friends.id, 'ana');

    await redeem(code, 'ben');
    const benCard = state().publications.heldIn(customer('ben').id, club.id);
    expect(benCard?.loyalty_card?.balance).toBe(100);
    expect(customer('ben').referrals).toEqual({
      total: 1,
      campaigns: [
        expect.objectContaining({
          campaign_id: friends.id,
          referrer_id: customer('ana').id,
          related_object_type: 'redemption',
        }),
      ],
    });
    expect(customer('ana').loyalty?.referred_customers).toBe(1);
    const roles = (await client().referrals.listHolders(code)).data.map((holder) => [
      holder.customer_id,
      holder.holder_role,
    ]);
    expect(roles).toEqual([
      [customer('ana').id, 'REFERRER'],
      [customer('ben').id, 'REFEREE'],
    ]);
    const rewarded = () => state().events.list({ type: 'customer.rewarded' });
    expect(rewarded().map((event) => [event.data.customer.id, event.data.referral_tier?.banner])).toEqual([
      [customer('ana').id, 'Each friend'],
    ]);
    const couponCampaign = state().campaigns.get('Thank you');
    expect(state().publications.heldIn(customer('ana').id, couponCampaign.id)).toBeDefined();

    // Ben again: the same referee counts once.
    await redeem(code, 'ben');
    expect(rewarded()).toHaveLength(1);
    expect(state().publications.heldIn(customer('ben').id, club.id)?.loyalty_card?.balance).toBe(100);

    await redeem(code, 'cara');
    expect(rewarded().map((event) => event.data.referral_tier?.banner)).toEqual([
      'Each friend',
      'Each friend',
      'Two friends',
    ]);
    expect(rewarded().at(-1)?.data.reward).toMatchObject({
      id: mugReward.id,
      product: { id: mug.id, source_id: 'mug' },
    });
    expect(customer('ana').loyalty?.referred_customers).toBe(2);
    for (const event of rewarded())
      expect(webhookEvents['customer.rewarded'].data.safeParse(event.data).error).toBeUndefined();
  });

  test('a programme counting a custom event converts on that event sent with the code, not on a redemption', async () => {
    const { friends } = await createReferralProgramme({
      conversion_event_type: 'custom_event',
      custom_event: { name: 'signed_up' },
    });
    const thanks = await createCouponReward();
    state().referralTiers.create(friends.id, { reward: thanks.id });
    const code = await publishTo(friends.id, 'ana');
    await redeem(code, 'ben');
    await client().events.create({ event: 'newsletter', customer: { source_id: 'cara' }, referral: { code } } as never);
    expect(customer('ana').loyalty?.referred_customers).toBe(0);
    await client().events.create({ event: 'signed_up', customer: { source_id: 'cara' }, referral: { code } } as never);
    expect(customer('ana').loyalty?.referred_customers).toBe(1);
    expect(customer('cara').referrals?.campaigns[0]).toMatchObject({ related_object_type: 'customer_event' });
    expect(state().events.list({ type: 'customer.rewarded' })).toHaveLength(1);
  });

  test('referral tiers record their events', async () => {
    const { friends } = await createReferralProgramme();
    const thanks = await createCouponReward();
    const tier = state().referralTiers.create(friends.id, { reward: thanks.id, minimum_referees: 3 });
    expect(tier).toMatchObject({
      id: expect.stringMatching(/^rtr_/),
      campaign_id: friends.id,
      banner: 'Referral tier 1',
      parameters: { reward: { id: thanks.id }, minimum_referees: 3 },
    });
    state().referralTiers.update(tier.id, { banner: 'Three friends' });
    state().referralTiers.delete(tier.id);
    const types = [
      'campaign.referral_tier.created',
      'campaign.referral_tier.updated',
      'campaign.referral_tier.deleted',
    ] as const;
    for (const type of types) {
      const [event] = state().events.list({ type });
      expect(event?.data.campaign.id).toBe(friends.id);
      expect(webhookEvents[type].data.safeParse(event?.data).error).toBeUndefined();
    }
    const detailsOf = (attempt: () => unknown): string | undefined => {
      try {
        attempt();
      } catch (error) {
        return (error as { extras?: { details?: string } }).extras?.details;
      }
      return undefined;
    };
    expect(
      detailsOf(() => state().referralTiers.create(friends.id, { reward: thanks.id, minimum_referees: 0 })),
    ).toMatch(/minimum_referees/);
    const coupons = state().campaigns.get('Thank you');
    expect(detailsOf(() => state().referralTiers.create(coupons.id, { reward: thanks.id }))).toMatch(
      /not a referral programme/,
    );
    // A pay-with-points reward is spent at checkout: no tier can give it.
    const coin = await client().rewards.create({
      name: 'Points as money',
      parameters: { coin: { exchange_ratio: 1, points_ratio: 10 } },
    } as never);
    expect(detailsOf(() => state().referralTiers.create(friends.id, { reward: coin.id }))).toMatch(
      /pay-with-points \(COIN\)/,
    );
    const other = state().referralTiers.create(friends.id, { reward: thanks.id });
    expect(detailsOf(() => state().referralTiers.update(other.id, { reward: coin.id }))).toMatch(/COIN/);
  });
});

describe('referral code holders', () => {
  test('referees added, listed with filters and order, and removed, with and without the campaign in the path', async () => {
    const { friends } = await createReferralProgramme();
    const code = await publishTo(friends.id, 'ana');
    const added = await client().referrals.addHolders(code, {
      holders: [{ source_id: 'ben' }, { source_id: 'cara', name: 'Cara' }],
    } as never);
    expect(added.holders.map((holder) => holder.holder_role)).toEqual(['REFEREE', 'REFEREE']);
    expect(customer('cara').name).toBe('Cara');
    const referees = await client().referrals.listHoldersInCampaign(friends.id, code, {
      filters: { holder_role: { conditions: { $is: 'REFEREE' } } },
    } as never);
    expect(referees.data.map((holder) => holder.customer_id)).toEqual([customer('ben').id, customer('cara').id]);
    const newestFirst = await client().referrals.listHolders(code, { order: '-id', limit: 2 } as never);
    expect(newestFirst).toMatchObject({ total: 3, has_more: true });
    expect(newestFirst.data.map((holder) => holder.customer_id)).toEqual([customer('cara').id, customer('ben').id]);

    const [benHolder] = added.holders;
    await client().referrals.removeHolderInCampaign(friends.id, code, benHolder?.id ?? '');
    expect((await client().referrals.listHolders(code)).total).toBe(2);
    const events = state()
      .events.list()
      .filter((event) => event.type.startsWith('customer.holder.assignment.'));
    expect(events.map((event) => event.type)).toEqual([
      'customer.holder.assignment.created',
      'customer.holder.assignment.created',
      'customer.holder.assignment.deleted',
    ]);
    for (const event of events)
      expect(
        webhookEvents[event.type as 'customer.holder.assignment.created'].data.safeParse(event.data).error,
      ).toBeUndefined();
  });

  test('refusals: an unpublished code, a holder twice, the referrer removed, another campaign, a code that is not a referral code', async () => {
    const { friends } = await createReferralProgramme();
    const unpublished = (await client().campaigns.addVoucher(friends.id, {})) as { code: string };
    await expect(
      client().referrals.addHolders(unpublished.code, { holders: [{ source_id: 'ben' }] } as never),
    ).rejects.toMatchObject({ status: 400, key: 'not_published' });
    const code = await publishTo(friends.id, 'ana');
    await client().referrals.addHolders(code, { holders: [{ source_id: 'ben' }] } as never);
    await expect(
      client().referrals.addHolders(code, { holders: [{ source_id: 'dan' }, { source_id: 'ben' }] } as never),
    ).rejects.toMatchObject({ status: 409, key: 'holder_assignement_duplication' });
    expect(state().customers.find('dan')).toBeUndefined();
    await expect(
      client().referrals.addHolders(code, { holders: [{ source_id: 'ana' }] } as never),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      client().referrals.addHolders(code, { holders: [{ id: 'cust_missing' }] } as never),
    ).rejects.toMatchObject({ status: 404 });
    const [referrer] = (await client().referrals.listHolders(code)).data;
    await expect(client().referrals.removeHolder(code, referrer?.id ?? '')).rejects.toMatchObject({ status: 400 });
    await expect(client().referrals.removeHolder(code, 'rh_missing')).rejects.toMatchObject({ status: 404 });
    const other = await client().campaigns.create({
      name: 'Other',
      campaign_type: 'DISCOUNT_COUPONS',
      type: 'STATIC',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } },
    } as never);
    await expect(client().referrals.listHoldersInCampaign(other.id, code)).rejects.toMatchObject({ status: 404 });
    await client().vouchers.create('PLAIN', {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 5 },
    } as never);
    await expect(client().referrals.listHolders('PLAIN')).rejects.toMatchObject({ status: 400 });
    await expect(client().referrals.listHolders('NOPE')).rejects.toMatchObject({ status: 404 });
  });

  test('over HTTP, and qualifications honour the holder role', async () => {
    const { friends } = await createReferralProgramme();
    const code = await publishTo(friends.id, 'ana');
    const { appId, appToken } = mock.service.projects.primary.keys;
    const response = await mock.raw(`/v1/referrals/${friends.id}/members/${code}/holders`, {
      method: 'POST',
      headers: { 'X-App-Id': appId, 'X-App-Token': appToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ holders: [{ source_id: 'ben' }] }),
    });
    expect(response.status).toBe(200);
    const wallet = (sourceId: string, role: string) =>
      client().qualifications.checkEligibility({
        customer: { source_id: sourceId },
        scenario: 'CUSTOMER_WALLET',
        options: { filters: { holder_role: { conditions: { $is: [role] } } } },
      } as never);
    const benAsReferee = await wallet('ben', 'REFEREE');
    expect(benAsReferee.redeemables?.data?.map((redeemable) => redeemable.id)).toEqual([code]);
    expect((await wallet('ben', 'OWNER')).redeemables?.data).toEqual([]);
    // The referrer's own code is in their wallet, and not redeemable by them.
    const anaAsReferrer = await wallet('ana', 'REFERRER');
    expect(anaAsReferrer.redeemables?.data ?? []).toEqual([]);
  });
});
