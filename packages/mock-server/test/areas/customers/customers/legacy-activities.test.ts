/**
 * The older activity lists that existing clients call: a customer's (`…/activities`, counted and
 * paged by a moment or an id) and a loyalty member's (every event, under `activities`), made of the
 * same events as the newer `/activity` lists.
 */
import { describe, expect, test } from 'vitest';
import { serverHeaders } from '../../../support/setup.js';
import { useLoyaltyMock } from '../../../support/loyalty-setup.js';

const { mock, state, client, createProgramme, join } = useLoyaltyMock();
const later = () => mock.service.clock.advance(1000);

/** Ana with five events a second apart: created, two updates, an order of a mug, and a last update. */
const anaWithHistory = async () => {
  const customers = client().customers;
  const ana = await customers.create({ source_id: 'ana', name: 'Ana' });
  later();
  await customers.update('ana', { name: 'Ana S.' });
  later();
  await customers.update('ana', { email: 'ana@example.com' });
  later();
  const { product: mug } = state().products.upsert({ source_id: 'mug', name: 'Mug', price: 1500 });
  await client().orders.create({
    customer: { source_id: 'ana' },
    items: [{ product_id: mug.id, quantity: 1, price: 1500 }],
  } as never);
  later();
  await customers.update('ana', { phone: '+351 900 000 000' });
  return { ana, mug };
};

describe('GET /v1/customers/{customerId}/activities', () => {
  test('lists the events of /activity, newest first, with how many match in all', async () => {
    const { ana } = await anaWithHistory();
    const legacy = await client().customers.listActivities(ana.id);
    const modern = await client().customers.listActivity(ana.id);
    expect(legacy).toMatchObject({ object: 'list', data_ref: 'data', total: modern.data.length });
    expect(legacy).not.toHaveProperty('has_more');
    expect(legacy.data).toEqual(modern.data);
    expect(legacy.data.map((activity) => activity.type)).toEqual([
      'customer.updated',
      'customer.order.created',
      'customer.updated',
      'customer.updated',
      'customer.created',
    ]);
  });

  test('pages by limit and either cursor: a moment in the list order, or an activity', async () => {
    const { ana } = await anaWithHistory();
    const customers = client().customers;
    const first = await customers.listActivities('ana', { limit: 2, order: 'created_at' });
    expect(first.total).toBe(5);
    expect(first.data.map((activity) => activity.type)).toEqual(['customer.created', 'customer.updated']);
    const byId = await customers.listActivities('ana', {
      limit: 2,
      order: 'created_at',
      starting_after_id: first.data[1]?.id ?? '',
    });
    expect(byId.data.map((activity) => activity.type)).toEqual(['customer.updated', 'customer.order.created']);
    expect(byId.total).toBe(5);
    const byMoment = await customers.listActivities(ana.id, {
      limit: 10,
      order: 'created_at',
      starting_after: first.data[1]?.created_at ?? '',
    });
    expect(byMoment.data).toHaveLength(3);
    const backwards = await customers.listActivities(ana.id, { starting_after: byId.data[1]?.created_at ?? '' });
    expect(backwards.data.map((activity) => activity.type)).toEqual([
      'customer.updated',
      'customer.updated',
      'customer.created',
    ]);
  });

  test('narrows by product, time window and campaign, and sorts by the other keys', async () => {
    const { ana, mug } = await anaWithHistory();
    const customers = client().customers;
    const withMug = await customers.listActivities(ana.id, { product_id: mug.id });
    expect(withMug).toMatchObject({ total: 1, data: [{ type: 'customer.order.created' }] });
    expect((await customers.listActivities(ana.id, { product_id: 'prod_0000000000000000ff' })).total).toBe(0);
    const all = await customers.listActivities(ana.id, { order: 'created_at' });
    const window = await customers.listActivities(ana.id, {
      start_date: all.data[1]?.created_at ?? '',
      end_date: all.data[2]?.created_at ?? '',
    });
    expect(window.total).toBe(2);
    expect((await customers.listActivities(ana.id, { campaign_id: 'camp_0000000000000000ff' })).total).toBe(0);
    const byType = await customers.listActivities(ana.id, { order: 'type' });
    expect(byType.data.map((activity) => activity.type)).toEqual([
      'customer.created',
      'customer.order.created',
      'customer.updated',
      'customer.updated',
      'customer.updated',
    ]);
    const byCategory = await customers.listActivities(ana.id, { order: '-category' });
    expect(byCategory.total).toBe(5);
  });

  test('errors: wrong keys 401, an unknown customer 404, a cursor or limit out of bounds 400', async () => {
    await anaWithHistory();
    const wrong = await mock.raw('/v1/customers/ana/activities', {
      headers: { 'x-app-id': 'nope', 'x-app-token': 'nope' },
    });
    expect(wrong.status).toBe(401);
    const customers = client().customers;
    await expect(customers.listActivities('nobody')).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceType: 'customer',
    });
    await expect(
      customers.listActivities('ana', { starting_after_id: 'evcus_0000000000000000ff' }),
    ).rejects.toMatchObject({ status: 400, key: 'invalid_query_params' });
    await expect(customers.listActivities('ana', { limit: 101 })).rejects.toMatchObject({
      status: 400,
      key: 'invalid_query_params',
    });
    const badMoment = await mock.raw('/v1/customers/ana/activities?starting_after=yesterday', {
      headers: serverHeaders(mock.service),
    });
    expect(badMoment.status).toBe(400);
  });
});

describe('GET /v1/loyalties/…/members/{memberId}/activities', () => {
  test('lists every event of /activity, newest first, under activities, with or without the campaign', async () => {
    const programme = await createProgramme();
    await client().loyalties.createTiers(programme.id, [{ name: 'Silver', points: { from: 10 } }] as never);
    const { code } = await join(programme.id);
    for (const points of [20, 5, 7]) {
      later();
      await client().loyalties.addOrRemoveCardBalance(code, { points } as never);
    }
    const legacy = await client().loyalties.getMemberActivities(code);
    const modern = await client().loyalties.listMemberActivity(code, { limit: 100 });
    expect(legacy).toMatchObject({ object: 'list', data_ref: 'activities', total: modern.data.length });
    expect(legacy.activities).toEqual(modern.data.map((activity) => ({ ...activity, object: 'event' })));
    expect(legacy.activities.map((activity) => activity.type)).toEqual([
      'customer.voucher.loyalty_card.points_added',
      'customer.voucher.loyalty_card.points_added',
      'customer.loyalty.tier.joined',
      'customer.voucher.loyalty_card.points_added',
    ]);
    expect(await client().loyalties.getMemberActivitiesInCampaign(programme.id, code)).toEqual(legacy);
  });

  test('errors: wrong keys 401, an unknown card, a card of another campaign or an unknown campaign 404', async () => {
    const programme = await createProgramme();
    const other = await createProgramme({ name: 'Second Club' });
    const { code } = await join(programme.id);
    const wrong = await mock.raw(`/v1/loyalties/members/${code}/activities`, {
      headers: { 'x-app-id': 'nope', 'x-app-token': 'nope' },
    });
    expect(wrong.status).toBe(401);
    const loyalties = client().loyalties;
    await expect(loyalties.getMemberActivities('LC-NONE')).rejects.toMatchObject({ status: 404, key: 'not_found' });
    await expect(loyalties.getMemberActivitiesInCampaign(other.id, code)).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
    });
    await expect(loyalties.getMemberActivitiesInCampaign('camp_0000000000000000ff', code)).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
    });
  });
});
