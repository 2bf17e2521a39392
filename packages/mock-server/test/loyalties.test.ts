import { describe, expect, test } from 'vitest';
import { useLoyaltyMock } from './loyalty-setup.js';
import { T0 } from './setup.js';

const { mock, state, client, createProgramme, join } = useLoyaltyMock();

describe('loyalty programmes', () => {
  test('are loyalty campaigns: created with join_once forced, listed, read, changed and deleted', async () => {
    const programme = await createProgramme({ join_once: false, auto_join: true });
    expect(programme).toMatchObject({ id: expect.stringMatching(/^camp_/), name: 'Members Club', campaign_type: 'LOYALTY_PROGRAM', join_once: true, auto_join: true, object: 'campaign' });
    expect(programme.voucher).toMatchObject({ type: 'LOYALTY_CARD', loyalty_card: { points: 0 }, is_referral_code: false });
    await client().campaigns.create({ name: 'Coupons', campaign_type: 'DISCOUNT_COUPONS', voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } } } as never);
    const list = await client().loyalties.list();
    expect(list).toMatchObject({ object: 'list', data_ref: 'campaigns', total: 1, campaigns: [{ id: programme.id }] });
    expect(await client().loyalties.get('Members Club')).toMatchObject({ id: programme.id });
    const updated = await client().loyalties.update(programme.id, { description: 'Points for every order', join_once: false } as never);
    expect(updated).toMatchObject({ description: 'Points for every order', join_once: true });
    const deletion = await client().loyalties.delete(programme.id);
    expect(deletion.async_action_id).toMatch(/^aa_/);
    await mock.service.scheduler.drain();
    await expect(client().loyalties.get(programme.id)).rejects.toMatchObject({ status: 404, key: 'not_found' });
  });

  test('answer 404 for a campaign that is not a loyalty programme', async () => {
    const coupons = await client().campaigns.create({ name: 'Coupons', campaign_type: 'DISCOUNT_COUPONS', voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } } } as never);
    await expect(client().loyalties.get(coupons.id)).rejects.toMatchObject({ status: 404, key: 'not_found', resourceType: 'campaign' });
  });
});

describe('members', () => {
  test('join once: a customer gets a card of the programme, and the same card again', async () => {
    const programme = await createProgramme();
    const card = await join(programme.id, { source_id: 'ana', email: 'ana@example.com' });
    expect(card).toMatchObject({ code: expect.stringMatching(/^LC-[A-Za-z0-9]{4}$/), type: 'LOYALTY_CARD', campaign_id: programme.id, discount: null, gift: null, loyalty_card: { points: 0, balance: 0 } });
    expect(card.holder_id).toBe(state().customers.get('ana').id);
    expect((await join(programme.id, 'ana')).code).toBe(card.code);
    const other = await join(programme.id, { source_id: 'ben' });
    expect(other.code).not.toBe(card.code);
    const members = await client().loyalties.listMembers(programme.id, { customer: 'ana' } as never);
    expect(members).toMatchObject({ data_ref: 'vouchers', total: 1, vouchers: [{ code: card.code }] });
    expect(await client().loyalties.getMember(card.code)).toMatchObject({ code: card.code, holder_id: card.holder_id });
    expect(await client().loyalties.getMemberInCampaign(programme.id, card.code)).toMatchObject({ code: card.code });
  });

  test('are not found by another programme or by a code that is not a loyalty card', async () => {
    const programme = await createProgramme();
    const card = await join(programme.id);
    const other = await createProgramme({ name: 'Other Club' });
    await expect(client().loyalties.getMemberInCampaign(other.id, card.code)).rejects.toMatchObject({ status: 404, resourceType: 'voucher' });
    await expect(client().loyalties.getMember('NO-SUCH-CARD')).rejects.toMatchObject({ status: 404, resourceType: 'voucher' });
  });

  test('of a static programme run out: no_voucher_suitable_for_publication', async () => {
    const programme = await createProgramme({ type: 'STATIC', vouchers_count: 1 });
    await join(programme.id, { source_id: 'ana' });
    await expect(join(programme.id, { source_id: 'ben' })).rejects.toMatchObject({ status: 400, key: 'no_voucher_suitable_for_publication' });
  });
});

describe("a member's points", () => {
  test('are added by the programme rules, on a date, or for good, and removed soonest-expiring first', async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    const added = await client().loyalties.addPoints(programme.id, code, { points: 100, reason: 'Welcome', source_id: 'welcome-1' } as never);
    expect(added).toEqual({ points: 100, total: 100, balance: 100, type: 'loyalty_card', object: 'balance', related_object: { type: 'voucher', id: expect.stringMatching(/^v_/) }, operation_type: 'MANUAL' });
    await client().loyalties.addOrRemoveCardBalance(code, { points: 50, expiration_type: 'NON_EXPIRING' } as never);
    await client().loyalties.addOrRemoveCardBalance(code, { points: 20, expiration_type: 'CUSTOM_DATE', expiration_date: '2026-01-15' } as never);
    // The programme's rules: a month after T0 (2026-01-01), at the end of that month.
    const buckets = await client().loyalties.getPointsExpiration(programme.id, code);
    expect(buckets.data.map((bucket) => [bucket.expires_at ?? null, bucket.bucket.total_points])).toEqual([
      ['2026-01-15', 20],
      ['2026-02-28', 100],
      [null, 50],
    ]);
    const removed = await client().loyalties.addOrRemoveCardBalance(code, { points: -30 } as never);
    expect(removed).toMatchObject({ points: -30, total: 140, balance: 140 });
    const card = await client().loyalties.getMember(code);
    expect(card.loyalty_card).toMatchObject({ points: 170, balance: 140, subtracted_points: 30, next_expiration_date: '2026-02-28', next_expiration_points: 90 });
  });

  test('cannot go below zero, move on a card nobody holds, or expire in the past', async () => {
    const programme = await createProgramme({ vouchers_count: 1 });
    const { code } = await join(programme.id);
    await expect(client().loyalties.addOrRemoveCardBalance(code, { points: -1 } as never)).rejects.toMatchObject({ status: 400, key: 'loyalty_card_points_exceeded' });
    await expect(client().loyalties.addOrRemoveCardBalance(code, { points: 5, expiration_type: 'CUSTOM_DATE', expiration_date: '2025-12-31' } as never)).rejects.toMatchObject({
      status: 400,
      key: 'invalid_expiration_date',
    });
    await expect(client().loyalties.addOrRemoveCardBalance(code, { points: 5, expiration_type: 'CUSTOM_DATE' } as never)).rejects.toMatchObject({ status: 400, key: 'invalid_payload' });
    const spare = state().vouchers.list({ campaign_id: programme.id }).items.find((voucher) => !voucher.holder_id);
    await client().campaigns.addVoucher(programme.id);
    const free = spare ?? state().vouchers.list({ campaign_id: programme.id }).items.find((voucher) => !voucher.holder_id);
    await expect(client().loyalties.addOrRemoveCardBalance(free?.code ?? '', { points: 5 } as never)).rejects.toMatchObject({ status: 400, key: 'not_published' });
  });

  test('are listed as transactions of the card and of the programme, newest first', async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    await client().loyalties.addOrRemoveCardBalance(code, { points: 40, reason: 'Gift', source_id: 'g-1' } as never);
    await client().loyalties.addOrRemoveCardBalance(code, { points: -15 } as never);
    const card = await client().loyalties.listCardTransactions(code);
    expect(card).toMatchObject({ object: 'list', data_ref: 'data', has_more: false });
    expect(card.data.map((transaction) => [transaction.type, transaction.details.balance.points, transaction.details.balance.balance])).toEqual([
      ['POINTS_REMOVAL', -15, 25],
      ['POINTS_ADDITION', 40, 40],
    ]);
    expect(card.data[1]).toMatchObject({ source_id: 'g-1', reason: 'Gift', source: 'API', campaign_id: programme.id, created_at: T0 });
    const campaign = await client().loyalties.listTransactions(programme.id);
    expect(campaign.data).toHaveLength(2);
    expect((await client().loyalties.listCardTransactionsInCampaign(programme.id, code, { limit: 1 } as never)).has_more).toBe(true);
    expect(state().events.list({ type: 'voucher.loyalty_card.points_added' })).toHaveLength(1);
    expect(state().events.list({ type: 'voucher.loyalty_card.transaction.created' })).toHaveLength(2);
  });

  test('expire after their last day, as a POINTS_EXPIRATION transaction and an event', async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    await client().loyalties.addOrRemoveCardBalance(code, { points: 60 } as never);
    await client().loyalties.addOrRemoveCardBalance(code, { points: 10, expiration_type: 'NON_EXPIRING' } as never);
    const { loyaltyCards } = state();
    expect(loyaltyCards.expire(code, '2026-02-28')).toBeUndefined();
    const expired = loyaltyCards.expire(code, '2026-03-01');
    expect(expired?.transaction).toMatchObject({ type: 'POINTS_EXPIRATION', source: 'Automation' });
    expect((await client().loyalties.getMember(code)).loyalty_card).toMatchObject({ points: 70, balance: 10, expired_points: 60 });
    expect(state().events.list({ type: 'voucher.loyalty_card.points_expired' })[0]?.data).toMatchObject({ points: 60, buckets: [{ status: 'EXPIRED', bucket: { total_points: 60 } }] });
  });
});
