import { describe, expect, test } from 'vitest';
import { useLoyaltyMock } from '../../../support/loyalty-setup.js';

const { mock, state, client, createProgramme, join } = useLoyaltyMock();

/** A point for every 10.00 of the order's amount. */
const perTen = {
  event: 'order.paid',
  loyalty: { type: 'PROPORTIONAL', calculation_type: 'ORDER_AMOUNT', order: { amount: { every: 1000, points: 1 } } },
  source: { banner: 'A point per 10.00' },
};
const fixed = (points: number | string, extra: Record<string, unknown> = {}) => ({
  event: 'order.paid',
  loyalty: { type: 'FIXED', points },
  ...extra,
});

const rules = (programmeId: string, ...inputs: Record<string, unknown>[]) =>
  client().loyalties.createEarningRule(programmeId, inputs as never);

const pay = (customer: string, amount: number, extra: Record<string, unknown> = {}) =>
  client().orders.create({ customer: { source_id: customer }, amount, status: 'PAID', ...extra } as never);

const balanceOf = async (code: string) => (await client().loyalties.getMember(code)).loyalty_card;

describe('earning rules', () => {
  test('are created in bulk, listed, read, changed, switched off and on, and deleted, each with its event', async () => {
    const programme = await createProgramme();
    const created = await rules(programme.id, perTen, fixed('5', { metadata: { channel: 'web' } }));
    expect(created).toHaveLength(2);
    const [proportional, flat] = created as unknown as [Record<string, unknown>, Record<string, unknown>];
    expect(proportional).toMatchObject({
      id: expect.stringMatching(/^ern_/),
      event: 'order.paid',
      active: true,
      object: 'earning_rule',
      automation_id: expect.stringMatching(/^auto_/),
      source: { banner: 'A point per 10.00', object_id: programme.id, object_type: 'campaign' },
      validation_rule_id: null,
      updated_at: null,
    });
    // The service's own examples send the points as a string.
    expect(flat).toMatchObject({ loyalty: { type: 'FIXED', points: 5 }, metadata: { channel: 'web' } });
    const list = await client().loyalties.listEarningRules(programme.id, { order: 'created_at' } as never);
    expect(list).toMatchObject({ object: 'list', data_ref: 'data', total: 2 });
    expect(list.data.map((rule) => rule.id)).toEqual([proportional['id'], flat['id']]);
    const id = String(flat['id']);
    expect(await client().loyalties.getEarningRule(programme.id, id)).toMatchObject({ id });
    const updated = await client().loyalties.updateEarningRule(programme.id, id, {
      loyalty: { type: 'FIXED', points: 7 },
      source: { banner: 'Seven' },
      event: 'page_view',
    } as never);
    expect(updated).toMatchObject({
      event: 'order.paid',
      loyalty: { points: 7 },
      source: { banner: 'Seven', object_id: programme.id },
      updated_at: expect.any(String),
    });
    expect(await client().loyalties.disableEarningRule(programme.id, id)).toMatchObject({ active: false });
    expect(await client().loyalties.enableEarningRule(programme.id, id)).toMatchObject({ active: true });
    await client().loyalties.deleteEarningRule(programme.id, id);
    await expect(client().loyalties.getEarningRule(programme.id, id)).rejects.toMatchObject({
      status: 404,
      resourceType: 'earning_rule',
    });
    expect(
      state()
        .events.list()
        .map((event) => event.type)
        .filter((type) => type.startsWith('campaign.earning_rule')),
    ).toEqual([
      'campaign.earning_rule.assigned',
      'campaign.earning_rule.assigned',
      'campaign.earning_rule.updated',
      'campaign.earning_rule.disabled',
      'campaign.earning_rule.enabled',
      'campaign.earning_rule.deleted',
    ]);
  });

  test('refuse what the service refuses, and store none of a request with one bad rule', async () => {
    const programme = await createProgramme();
    const refused = async (input: Record<string, unknown>, expected: Record<string, unknown>) =>
      expect(rules(programme.id, fixed(1), input)).rejects.toMatchObject(expected);
    await refused(
      { event: 'order.paid' },
      { status: 400, key: 'invalid_payload', details: 'Property [1].loyalty is required' },
    );
    await refused(
      { event: 'customer.segment.entered', segment: { id: 'seg_missing' }, loyalty: { type: 'FIXED', points: 1 } },
      { status: 404, resourceType: 'segment' },
    );
    await refused(
      { event: 'customer.segment.entered', loyalty: { type: 'FIXED', points: 1 } },
      { status: 400, key: 'invalid_payload' },
    );
    await refused(
      {
        event: 'customer.loyalty.tier.joined',
        loyalty_tier: { id: 'ltr_missing' },
        loyalty: { type: 'FIXED', points: 1 },
      },
      { status: 404, resourceType: 'loyalty_tier' },
    );
    await refused(
      { event: 'page_view', loyalty: { type: 'FIXED', points: 1 } },
      { status: 400, key: 'invalid_payload' },
    );
    await refused(
      {
        event: 'page_view',
        custom_event: { schema_id: 'ms_1' },
        loyalty: { type: 'PROPORTIONAL', calculation_type: 'ORDER_AMOUNT', order: { amount: { every: 1, points: 1 } } },
      },
      { status: 400, key: 'invalid_payload' },
    );
    await refused(
      {
        ...perTen,
        loyalty: {
          type: 'PROPORTIONAL',
          calculation_type: 'ORDER_TOTAL_AMOUNT',
          order: { amount: { every: 1, points: 1 } },
        },
      },
      { status: 400, key: 'invalid_payload' },
    );
    await refused(fixed(1, { validation_rule_id: 'val_missing' }), { status: 404, resourceType: 'validation_rule' });
    await refused(fixed(1, { validity_timeframe: { duration: 'PT1H', interval: 'P1D' } }), {
      status: 400,
      key: 'invalid_payload',
    });
    expect((await client().loyalties.listEarningRules(programme.id)).total).toBe(0);
    const [custom] = await rules(programme.id, {
      event: 'page_view',
      custom_event: { schema_id: 'ms_1' },
      loyalty: { type: 'FIXED', points: 1 },
    });
    await expect(
      client().loyalties.updateEarningRule(programme.id, String(custom?.id), {
        pending_points: { period_type: 'DAY', period_value: 3 },
      } as never),
    ).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
      details: 'Property .pending_points is allowed only for order.paid rules',
    });
    await expect(rules(programme.id, ...Array.from({ length: 100 }, () => fixed(1)))).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
    });
    await expect(rules('camp_missing', fixed(1))).rejects.toMatchObject({ status: 404, resourceType: 'campaign' });
  });

  test('without an event are order.paid rules, the event the order rule defaults to', async () => {
    const programme = await createProgramme();
    const [rule] = await rules(programme.id, { loyalty: { type: 'FIXED', points: 1 } });
    expect(rule).toMatchObject({ event: 'order.paid' });
  });
});

describe('points earned by a paid order', () => {
  test('credit the customer card once the order is paid, one accrual per rule', async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    const [proportional] = await rules(programme.id, perTen, fixed(10));
    const order = await client().orders.create({
      customer: { source_id: 'ana' },
      amount: 4599,
      status: 'CREATED',
    } as never);
    expect((await balanceOf(code)).balance).toBe(0);
    await client().orders.update(String(order.id), { status: 'PAID' } as never);
    expect(await balanceOf(code)).toMatchObject({ points: 14, balance: 14 });
    const transactions = (await client().loyalties.listCardTransactions(code)).data;
    expect(transactions.map((transaction) => [transaction.type, transaction.details.balance.points])).toEqual([
      ['POINTS_ACCRUAL', 10],
      ['POINTS_ACCRUAL', 4],
    ]);
    expect(transactions[1]).toMatchObject({
      source: 'Automation',
      details: {
        order: { id: order.id },
        event: { type: 'customer.order.paid' },
        earning_rule: { id: (proportional as { id: string }).id, source: { banner: 'A point per 10.00' } },
      },
    });
    const rewarded = state().events.list({ type: 'customer.rewarded.loyalty_points' });
    expect(rewarded).toHaveLength(2);
    expect(rewarded[0]?.data).toMatchObject({
      voucher: { code },
      balance: { points: 4, operation_type: 'AUTOMATIC' },
      earning_rule: { id: (proportional as { id: string }).id },
    });
    // Without tiers the payload has no tier, as the service's leaves it out; the member's activity shows it (strict mode checks it).
    expect(rewarded[0]?.data).not.toHaveProperty('loyalty_tier');
    expect((await client().loyalties.listMemberActivity(code)).data.map((activity) => activity.type)).toContain(
      'customer.rewarded.loyalty_points',
    );
    // Paid again: the status does not change, so nothing more is earned.
    await client().orders.update(String(order.id), { status: 'PAID', metadata: { note: 'again' } } as never);
    expect((await balanceOf(code)).balance).toBe(14);
  });

  test('earn nothing for rules switched off, out of their window, or whose validation rule fails', async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    const bigOrders = await client().validationRules.create({
      name: 'Over 100.00',
      type: 'basic',
      rules: { 1: { name: 'order.amount', conditions: { $more_than: [10000] } }, logic: '1' },
    } as never);
    const [off] = await rules(
      programme.id,
      fixed(1),
      fixed(20, { validation_rule_id: bigOrders.id }),
      fixed(300, { start_date: '2026-02-01T00:00:00Z' }),
      fixed(4000, { validity_day_of_week: [0] }),
    );
    await client().loyalties.disableEarningRule(programme.id, (off as { id: string }).id);
    await pay('ana', 5000);
    expect((await balanceOf(code)).balance).toBe(0);
    await pay('ana', 20000);
    expect((await balanceOf(code)).balance).toBe(20);
  });

  test('make a customer without a card a member when the programme lets them join by earning', async () => {
    const closed = await createProgramme({ name: 'Closed Club' });
    const open = await createProgramme({ name: 'Open Club', auto_join: true });
    await rules(closed.id, fixed(5));
    await rules(open.id, fixed(7));
    await pay('ben', 1000);
    const held = state().vouchers.list({ customer: state().customers.get('ben').id }).items;
    expect(held.map((card) => [card.campaign_id, card.loyalty_card?.balance])).toEqual([[open.id, 7]]);
  });

  test('of a redemption count the amount after its discount', async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    await rules(programme.id, {
      event: 'order.paid',
      loyalty: {
        type: 'PROPORTIONAL',
        calculation_type: 'ORDER_TOTAL_AMOUNT',
        order: { total_amount: { every: 100, points: 1 } },
      },
    });
    await client().vouchers.create('TEN-OFF', {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 1000 },
    } as never);
    await client().redemptions.redeemStackable({
      redeemables: [{ object: 'voucher', id: 'TEN-OFF' }],
      customer: { source_id: 'ana' },
      order: { amount: 5000 },
    } as never);
    expect((await balanceOf(code)).balance).toBe(40);
  });

  test('wait as pending points until they are activated, adjusted or canceled', async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    await rules(programme.id, fixed(30, { pending_points: { period_type: 'DAY', period_value: 3 } }));
    const first = await pay('ana', 1000, { source_id: 'order-1' });
    await pay('ana', 1000);
    await pay('ana', 1000);
    expect(await balanceOf(code)).toMatchObject({ balance: 0, pending_points: 90 });
    const pending = await client().loyalties.listMemberPendingPoints(code);
    expect(pending).toMatchObject({ object: 'list', data_ref: 'data', has_more: false });
    const [entry, second, third] = pending.data as [
      (typeof pending.data)[number],
      (typeof pending.data)[number],
      (typeof pending.data)[number],
    ];
    expect(entry).toMatchObject({
      id: expect.stringMatching(/^lopp_/),
      campaign_id: programme.id,
      order_id: first.id,
      points: 30,
      activates_at: '2026-01-04',
      details: {
        event: { type: 'customer.order.paid', category: 'EFFECT' },
        order: { id: first.id, source_id: 'order-1' },
      },
    });
    expect((await client().loyalties.listPendingPoints(programme.id, { limit: 1 } as never)).has_more).toBe(true);
    const activated = await client().loyalties.activateMemberPendingPoints(code, entry.id);
    expect(activated).toMatchObject({
      points: 30,
      balance: 30,
      type: 'loyalty_card',
      object: 'balance',
      operation_type: 'MANUAL',
    });
    await expect(client().loyalties.activateMemberPendingPoints(code, entry.id)).rejects.toMatchObject({
      status: 400,
      key: 'invalid_pending_points_state',
    });
    expect(await client().loyalties.adjustMemberPendingPoints(code, second.id, { points: -10 })).toMatchObject({
      points: -10,
      total: 50,
      object: 'balance',
      operation_type: 'MANUAL',
    });
    await expect(client().loyalties.adjustMemberPendingPoints(code, second.id, { points: -20 })).rejects.toMatchObject({
      status: 400,
      key: 'invalid_amount',
    });
    await client().loyalties.cancelMemberPendingPoints(code, third.id);
    await expect(client().loyalties.cancelMemberPendingPoints(code, third.id)).rejects.toMatchObject({
      status: 400,
      key: 'invalid_pending_points_state',
    });
    expect(
      (await client().loyalties.listMemberPendingPointsInCampaign(programme.id, code)).data.map((left) => left.id),
    ).toEqual([second.id]);
    expect(await balanceOf(code)).toMatchObject({ balance: 30, pending_points: 20 });
    await expect(client().loyalties.activateMemberPendingPoints(code, 'lopp_missing')).rejects.toMatchObject({
      status: 404,
      resourceType: 'pending_points',
    });
    const types = state()
      .events.list()
      .map((event) => event.type)
      .filter((type) => type.includes('pending_points'));
    expect(types).toEqual([
      'voucher.loyalty_card.pending_points.added',
      'voucher.loyalty_card.pending_points.added',
      'voucher.loyalty_card.pending_points.added',
      'voucher.loyalty_card.pending_points.activated',
      'voucher.loyalty_card.pending_points.updated',
      'voucher.loyalty_card.pending_points.canceled',
    ]);
    // The holder's activity shows each of them, in the shapes the spec gives (the mock answers strictly).
    const activity = (await client().loyalties.listMemberActivity(code)).data.map((entry) => entry.type);
    expect(activity).toEqual(
      expect.arrayContaining(
        ['added', 'activated', 'updated', 'canceled'].map(
          (change) => `customer.voucher.loyalty_card.pending_points.${change}`,
        ),
      ),
    );
  });

  test('a clock that jumps over several midnights runs each night on its own day', async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    await rules(programme.id, fixed(30, { pending_points: { period_type: 'DAY', period_value: 3 } }));
    await pay('ana', 1000);
    // Activated on 4 January, the points last to the end of February (one month, rounded to the month's end).
    mock.service.clock.set('2026-02-20T12:00:00Z');
    expect(await balanceOf(code)).toMatchObject({ balance: 30, pending_points: 0, next_expiration_date: '2026-02-28' });
    mock.service.clock.set('2026-03-05T12:00:00Z');
    expect(await balanceOf(code)).toMatchObject({ balance: 0, expired_points: 30 });
  });
});

describe('points earned by other events', () => {
  test('entering a segment earns once, for customers who enter it while the rule is on', async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    const vips = await client().segments.create({
      name: 'VIPs',
      type: 'passive',
      filter: { junction: 'and', 'metadata.vip': { conditions: { $is: true } } },
    } as never);
    await rules(programme.id, {
      event: 'customer.segment.entered',
      segment: { id: vips.id },
      loyalty: { type: 'FIXED', points: 50 },
    });
    expect((await client().segments.get(vips.id)).type).toBe('auto-update');
    await client().customers.update('ana', { metadata: { vip: true } } as never);
    await client().customers.update('ana', { metadata: { vip: true, visits: 2 } } as never);
    expect((await balanceOf(code)).balance).toBe(50);
    const [accrual] = (await client().loyalties.listCardTransactions(code)).data;
    expect(accrual?.details).toMatchObject({
      segment: { id: vips.id, name: 'VIPs' },
      event: { type: 'customer.segment.entered' },
    });
  });

  test('a custom event earns in proportion to its metadata, for the card it names', async () => {
    const programme = await createProgramme();
    const { code } = await join(programme.id);
    await rules(programme.id, {
      event: 'review_posted',
      custom_event: { schema_id: 'ms_reviews' },
      loyalty: {
        type: 'PROPORTIONAL',
        calculation_type: 'CUSTOM_EVENT_METADATA',
        custom_event: { metadata: { every: 1, points: 5, property: 'stars' } },
      },
    });
    await client().events.create({
      event: 'review_posted',
      customer: { source_id: 'ana' },
      loyalty: { code },
      metadata: { stars: 4 },
    } as never);
    await client().events.create({ event: 'newsletter_opened', customer: { source_id: 'ana' } } as never);
    expect((await balanceOf(code)).balance).toBe(20);
    const [accrual] = (await client().loyalties.listCardTransactions(code)).data;
    expect(accrual?.details).toMatchObject({ custom_event: { type: 'review_posted' } });
  });
});

describe('the points estimate', () => {
  test("adds up the order.paid rules' points for an order, changing nothing", async () => {
    const programme = await createProgramme({ name: 'Coffee Club', auto_join: true });
    await rules(programme.id, perTen, fixed(10), {
      event: 'page_view',
      custom_event: { schema_id: 'ms_1' },
      loyalty: { type: 'FIXED', points: 99 },
    });
    const cup = await client().products.create({ name: 'Cup', price: 1500 } as never);
    const beans = await client().products.create({ name: 'Beans', price: 1599 } as never);
    const estimate = await client().loyalties.checkQualifications(programme.id, {
      customer: { source_id: 'alice@example.com' },
      order: {
        status: 'PAID',
        amount: 4599,
        items: [
          { product_id: cup.id, quantity: 2, price: 1500 },
          { product_id: beans.id, quantity: 1, price: 1599 },
        ],
      },
    } as never);
    expect(estimate).toEqual({
      campaign: { id: programme.id, name: 'Coffee Club', object: 'campaign' },
      points_estimation: 14,
      earning_rules: [
        { id: expect.stringMatching(/^ern_/), points: 4 },
        { id: expect.stringMatching(/^ern_/), points: 10 },
      ],
    });
    expect(state().customers.find('alice@example.com')).toBeUndefined();
    expect(
      state()
        .vouchers.list({ campaign_id: programme.id })
        .items.every((card) => !card.holder_id),
    ).toBe(true);
  });

  test('reads a stored order and refuses non-members of closed programmes, disabled cards and inactive programmes', async () => {
    const programme = await createProgramme();
    await rules(programme.id, perTen);
    const ask = (customer: Record<string, unknown>, order: Record<string, unknown>) =>
      client().loyalties.checkQualifications(programme.id, { customer, order } as never);
    await expect(ask({ source_id: 'ana' }, { amount: 1000 })).rejects.toMatchObject({
      status: 400,
      key: 'campaign_not_allow_auto_join',
    });
    const { code } = await join(programme.id);
    await client().orders.create({ source_id: 'cart-1', customer: { source_id: 'ben' }, amount: 2500 } as never);
    expect((await ask({ source_id: 'ana' }, { source_id: 'cart-1' })).points_estimation).toBe(2);
    await client().vouchers.disable(code);
    await expect(ask({ source_id: 'ana' }, { amount: 1000 })).rejects.toMatchObject({
      status: 400,
      key: 'loyalty_card_not_active',
    });
    await client().campaigns.disable(programme.id);
    await expect(ask({ source_id: 'ana' }, { amount: 1000 })).rejects.toMatchObject({
      status: 400,
      key: 'campaign_not_active',
    });
  });
});
