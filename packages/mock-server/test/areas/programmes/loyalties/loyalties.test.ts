import { describe, expect, test } from 'vitest';
import { useLoyaltyMock } from '../../../support/loyalty-setup.js';
import { T0 } from '../../../support/setup.js';

const { mock, state, client, createProgramme, join } = useLoyaltyMock();

describe('loyalty programmes', () => {
  test('are loyalty campaigns: created with join_once forced, listed, read, changed and deleted', async () => {
    const programme = await createProgramme({ join_once: false, auto_join: true });
    expect(programme).toMatchObject({
      id: expect.stringMatching(/^camp_/),
      name: 'Members Club',
      campaign_type: 'LOYALTY_PROGRAM',
      join_once: true,
      auto_join: true,
      object: 'campaign',
    });
    expect(programme.voucher).toMatchObject({
      type: 'LOYALTY_CARD',
      loyalty_card: { points: 0 },
      is_referral_code: false,
    });
    await client().campaigns.create({
      name: 'Coupons',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } },
    } as never);
    const list = await client().loyalties.list();
    expect(list).toMatchObject({ object: 'list', data_ref: 'campaigns', total: 1, campaigns: [{ id: programme.id }] });
    expect(await client().loyalties.get('Members Club')).toMatchObject({ id: programme.id });
    const updated = await client().loyalties.update(programme.id, {
      description: 'Points for every order',
      join_once: false,
    } as never);
    expect(updated).toMatchObject({ description: 'Points for every order', join_once: true });
    const deletion = await client().loyalties.delete(programme.id);
    expect(deletion.async_action_id).toMatch(/^aa_/);
    await mock.service.scheduler.drain();
    await expect(client().loyalties.get(programme.id)).rejects.toMatchObject({ status: 404, key: 'not_found' });
  });

  test('answer 404 for a campaign that is not a loyalty programme', async () => {
    const coupons = await client().campaigns.create({
      name: 'Coupons',
      campaign_type: 'DISCOUNT_COUPONS',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } },
    } as never);
    await expect(client().loyalties.get(coupons.id)).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceType: 'campaign',
    });
  });
});

describe('members', () => {
  test('join once: a customer gets a card of the programme, and the same card again', async () => {
    const programme = await createProgramme();
    const card = await join(programme.id, { source_id: 'ana', email: 'ana@example.com' });
    expect(card).toMatchObject({
      code: expect.stringMatching(/^LC-[A-Za-z0-9]{4}$/),
      type: 'LOYALTY_CARD',
      campaign_id: programme.id,
      discount: null,
      gift: null,
      loyalty_card: { points: 0, balance: 0 },
    });
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
    await expect(client().loyalties.getMemberInCampaign(other.id, card.code)).rejects.toMatchObject({
      status: 404,
      resourceType: 'voucher',
    });
    await expect(client().loyalties.getMember('NO-SUCH-CARD')).rejects.toMatchObject({
      status: 404,
      resourceType: 'voucher',
    });
  });

  test('get a card of their own whatever the programme type: a programme made without one is STATIC, as the service records', async () => {
    const programme = await createProgramme({ type: 'STATIC', vouchers_count: 1 });
    const ana = await join(programme.id, { source_id: 'ana' });
    const ben = await join(programme.id, { source_id: 'ben' });
    expect(ben.code).not.toBe(ana.code);
    const untyped = await client().campaigns.create({
      name: 'Untyped club',
      campaign_type: 'LOYALTY_PROGRAM',
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } },
    } as never);
    expect(untyped).toMatchObject({ type: 'STATIC', vouchers_count: 0 });
    expect((await join(untyped.id, { source_id: 'cy' })).code).toEqual(expect.any(String));
  });
});

describe("a member's points", () => {
  test('are added by the programme rules, on a date, or for good, and removed soonest-expiring first', async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    const added = await client().loyalties.addPoints(programme.id, code, {
      points: 100,
      reason: 'Welcome',
      source_id: 'welcome-1',
    } as never);
    expect(added).toEqual({
      points: 100,
      total: 100,
      balance: 100,
      type: 'loyalty_card',
      object: 'balance',
      related_object: { type: 'voucher', id: expect.stringMatching(/^v_/) },
      operation_type: 'MANUAL',
    });
    await client().loyalties.addOrRemoveCardBalance(code, { points: 50, expiration_type: 'NON_EXPIRING' } as never);
    await client().loyalties.addOrRemoveCardBalance(code, {
      points: 20,
      expiration_type: 'CUSTOM_DATE',
      expiration_date: '2026-01-15',
    } as never);
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
    expect(card.loyalty_card).toMatchObject({
      points: 170,
      balance: 140,
      subtracted_points: 30,
      next_expiration_date: '2026-02-28',
      next_expiration_points: 90,
    });
  });

  test('cannot go below zero, move on a card nobody holds, or expire in the past', async () => {
    const programme = await createProgramme({ vouchers_count: 1 });
    const { code } = await join(programme.id);
    await expect(client().loyalties.addOrRemoveCardBalance(code, { points: -1 } as never)).rejects.toMatchObject({
      status: 400,
      key: 'loyalty_card_points_exceeded',
    });
    await expect(
      client().loyalties.addOrRemoveCardBalance(code, {
        points: 5,
        expiration_type: 'CUSTOM_DATE',
        expiration_date: '2025-12-31',
      } as never),
    ).rejects.toMatchObject({
      status: 400,
      key: 'invalid_expiration_date',
    });
    await expect(
      client().loyalties.addOrRemoveCardBalance(code, { points: 5, expiration_type: 'CUSTOM_DATE' } as never),
    ).rejects.toMatchObject({ status: 400, key: 'invalid_payload' });
    const spare = state()
      .vouchers.list({ campaign_id: programme.id })
      .items.find((voucher) => !voucher.holder_id);
    await client().campaigns.addVoucher(programme.id);
    const free =
      spare ??
      state()
        .vouchers.list({ campaign_id: programme.id })
        .items.find((voucher) => !voucher.holder_id);
    await expect(
      client().loyalties.addOrRemoveCardBalance(free?.code ?? '', { points: 5 } as never),
    ).rejects.toMatchObject({ status: 400, key: 'not_published' });
  });

  test('are listed as transactions of the card and of the programme, newest first', async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    await client().loyalties.addOrRemoveCardBalance(code, { points: 40, reason: 'Gift', source_id: 'g-1' } as never);
    await client().loyalties.addOrRemoveCardBalance(code, { points: -15 } as never);
    const card = await client().loyalties.listCardTransactions(code);
    expect(card).toMatchObject({ object: 'list', data_ref: 'data', has_more: false });
    expect(
      card.data.map((transaction) => [
        transaction.type,
        transaction.details.balance.points,
        transaction.details.balance.balance,
      ]),
    ).toEqual([
      ['POINTS_REMOVAL', -15, 25],
      ['POINTS_ADDITION', 40, 40],
    ]);
    expect(card.data[1]).toMatchObject({
      source_id: 'g-1',
      reason: 'Gift',
      source: 'API',
      campaign_id: programme.id,
      created_at: T0,
    });
    const campaign = await client().loyalties.listTransactions(programme.id);
    expect(campaign.data).toHaveLength(2);
    expect(
      (await client().loyalties.listCardTransactionsInCampaign(programme.id, code, { limit: 1 } as never)).has_more,
    ).toBe(true);
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
    expect((await client().loyalties.getMember(code)).loyalty_card).toMatchObject({
      points: 70,
      balance: 10,
      expired_points: 60,
    });
    expect(state().events.list({ type: 'voucher.loyalty_card.points_expired' })[0]?.data).toMatchObject({
      points: 60,
      buckets: [{ status: 'EXPIRED', bucket: { total_points: 60 } }],
    });
  });
});

describe('transfers', () => {
  test('move spendable points between cards of any programmes, all or none', async () => {
    const programme = await createProgramme();
    const other = await createProgramme({
      name: 'Partner Club',
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 }, code_config: { pattern: 'PC-####' } },
    });
    const { code: target } = await join(programme.id);
    const { code: first } = await join(programme.id, { source_id: 'ben' });
    const { code: partner } = await join(other.id, { source_id: 'ben' });
    await client().loyalties.addOrRemoveCardBalance(first, { points: 100 } as never);
    await client().loyalties.addOrRemoveCardBalance(partner, { points: 50, expiration_type: 'NON_EXPIRING' } as never);
    await expect(
      client().loyalties.transferPoints(programme.id, target, [
        { code: first, points: 60 },
        { code: partner, points: 51 },
      ] as never),
    ).rejects.toMatchObject({ status: 400, key: 'loyalty_card_points_exceeded' });
    expect((await client().loyalties.getMember(first)).loyalty_card?.balance).toBe(100);
    const card = await client().loyalties.transferPoints(programme.id, target, [
      { code: first, points: 60, reason: 'Merge', source_id: 'merge-1' },
      { code: partner, points: 50 },
    ] as never);
    expect(card).toMatchObject({
      code: target,
      loyalty_card: { points: 110, balance: 110, next_expiration_date: '2026-02-28', next_expiration_points: 110 },
    });
    expect((await client().loyalties.getMember(first)).loyalty_card).toMatchObject({
      balance: 40,
      subtracted_points: 60,
    });
    const [incoming] = (await client().loyalties.listCardTransactions(target)).data.slice(-1);
    const [outgoing] = (await client().loyalties.listCardTransactions(first)).data;
    expect(outgoing).toMatchObject({
      type: 'POINTS_TRANSFER_OUT',
      reason: 'Merge',
      source_id: 'merge-1',
      details: { destination_voucher: { code: target } },
    });
    expect(incoming).toMatchObject({
      type: 'POINTS_TRANSFER_IN',
      related_transaction_id: outgoing?.id,
      details: { source_voucher: { code: first } },
    });
    await expect(
      client().loyalties.transferPoints(programme.id, target, [{ code: target, points: 1 }] as never),
    ).rejects.toMatchObject({ status: 400, key: 'invalid_payload' });
  });
});

describe("a member's activity and exports", () => {
  test('list what happened to the card and its holder, newest first', async () => {
    const programme = await createProgramme();
    await client().loyalties.createTiers(programme.id, [{ name: 'Silver', points: { from: 10 } }] as never);
    const { code } = await join(programme.id);
    await client().loyalties.addOrRemoveCardBalance(code, { points: 20 } as never);
    const activity = await client().loyalties.listMemberActivity(code);
    expect(activity).toMatchObject({ object: 'list', data_ref: 'data', has_more: false });
    expect(activity.data.map((entry) => entry.type)).toEqual([
      'customer.loyalty.tier.joined',
      'customer.voucher.loyalty_card.points_added',
    ]);
    expect(activity.data[1]).toMatchObject({
      data: { data: { balance: { points: 20 } }, event_source: { channel: 'API' } },
    });
    const oldestFirst = await client().loyalties.listMemberActivityInCampaign(programme.id, code, {
      order: 'created_at',
      limit: 1,
    } as never);
    expect(oldestFirst).toMatchObject({
      has_more: true,
      data: [{ type: 'customer.voucher.loyalty_card.points_added' }],
    });
  });

  test("export the programme's and a card's transactions and the points' expiry", async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    await client().loyalties.addOrRemoveCardBalance(code, { points: 20 } as never);
    await client().loyalties.addOrRemoveCardBalance(code, { points: 5, expiration_type: 'NON_EXPIRING' } as never);
    const campaignExport = await client().loyalties.exportTransactions(programme.id, {} as never);
    expect(campaignExport).toMatchObject({
      status: 'SCHEDULED',
      exported_object: 'voucher_transactions',
      parameters: { filters: { campaign_id: { conditions: { $in: [programme.id] } } } },
    });
    const cardExport = await client().loyalties.exportCardTransactions(code, {
      parameters: { fields: ['id', 'type', 'amount'] },
    } as never);
    const inCampaign = await client().loyalties.exportCardTransactionsInCampaign(programme.id, code, {} as never);
    const buckets = await client().loyalties.exportPointsExpiration(programme.id, {
      parameters: { fields: ['voucher_id', 'points', 'status', 'expires_at'] },
    } as never);
    expect(buckets).toMatchObject({ exported_object: 'points_expiration', status: 'SCHEDULED', channel: 'API' });
    await mock.service.scheduler.drain();
    const { exports } = state();
    const text = (id: string) =>
      exports.download(
        id,
        new URL(String(exports.present(exports.get(id), mock.service.baseUrl).result?.url)).searchParams.get('token') ??
          '',
      ).text;
    expect(text(String(campaignExport.id)).split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(text(String(cardExport.id)).split('\r\n').slice(1, 3)).toEqual([
      expect.stringMatching(/,POINTS_ADDITION,5$/),
      expect.stringMatching(/,POINTS_ADDITION,20$/),
    ]);
    expect(text(String(inCampaign.id)).split('\r\n').filter(Boolean)).toHaveLength(3);
    const card = state().vouchers.get(code);
    expect(text(String(buckets.id)).split('\r\n').filter(Boolean)).toEqual([
      'voucher_id,points,status,expires_at',
      `${card.id},20,ACTIVE,2026-02-28`,
      `${card.id},5,ACTIVE,`,
    ]);
  });
});
