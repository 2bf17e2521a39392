// The referral example of docs/guides/mock-in-tests.md, as the guide shows it (from the imports on): keep the two in step.
import { type Schemas, createClient } from '@voucherkit/client';
import { createMockService } from '@voucherkit/mock-server';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';

const service = createMockService({ clock: { frozenAt: '2026-01-01T00:00:00Z' } });
const server = setupServer(...service.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

test('a friend redeems Ana’s referral code: the friend gets points, Ana a coupon', async () => {
  const { keys, state } = service.projects.primary;
  const client = createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId: keys.appId, appToken: keys.appToken } });

  const club = await client.loyalties.create({ name: 'Club', voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } } });
  const thanks = await client.campaigns.create({ name: 'Thank you', campaign_type: 'DISCOUNT_COUPONS', voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } } });
  const coupon = await client.rewards.create({ name: 'Thank-you coupon', parameters: { campaign: { id: thanks.id } } });
  const friends = await client.campaigns.create({
    name: 'Friends',
    campaign_type: 'REFERRAL_PROGRAM',
    voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } },
    referral_program: { conversion_event_type: 'redemption', referee_reward: { related_object_parent: { id: club.id }, type: 'LOYALTY_CARD', amount: 100 } },
  });
  // Referral tiers are made in the dashboard; in the mock, through its store.
  state.referralTiers.create(friends.id, { banner: 'Each friend', reward: coupon.id });
  await service.scheduler.drain();

  // One code published: the answer is the publication with its `voucher`.
  const { voucher } = (await client.distributions.publications.create({ campaign: { name: friends.id }, customer: { source_id: 'ana' } })) as Schemas['PublicationWithVoucher'];
  const { code } = voucher;
  await client.redemptions.redeemStackable({ redeemables: [{ object: 'voucher', id: code }], order: { amount: 5000 }, customer: { source_id: 'ben' } });

  const holders = await client.referrals.listHolders(code);
  expect(holders.data.map((holder) => holder.holder_role)).toEqual(['REFERRER', 'REFEREE']);
  const [card] = (await client.loyalties.listMembers(club.id)).vouchers;
  expect(card?.loyalty_card?.points).toBe(100);
  const [rewarded] = state.events.list({ type: 'customer.rewarded' });
  expect(rewarded?.data.reward.voucher?.campaign_id).toBe(thanks.id);
});
