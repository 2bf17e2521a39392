import { describe, expect, test } from 'vitest';
import { loadOperations } from '../../../../src/index.js';

const { webhookEvents } = await loadOperations();
import { T0, serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService({ bulkJobs: { portionSize: 50, portionIntervalMs: 1 } });

const state = () => mock.service.projects.primary.state;
const coupons = { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } } as const;

const createCampaign = async (name: string, count: number, extra: Record<string, unknown> = {}) => {
  const { data, error } = await mock.serverClient().POST('/v1/campaigns', {
    body: {
      name,
      campaign_type: 'DISCOUNT_COUPONS',
      vouchers_count: count,
      voucher: { ...coupons, code_config: { prefix: `${name.toUpperCase()}-`, length: 6 } },
      ...extra,
    } as never,
  });
  if (!data) throw new Error(`campaign not created: ${JSON.stringify(error)}`);
  await mock.service.scheduler.drain();
  return data;
};

const createVoucher = async (code: string, body: Record<string, unknown> = coupons) => {
  const { data, error } = await mock
    .serverClient()
    .POST('/v1/vouchers/{code}', { params: { path: { code } }, body: body as never });
  if (!data) throw new Error(`voucher not created: ${JSON.stringify(error)}`);
  return data;
};

type PublishBody = Record<string, unknown>;

const publish = (body: PublishBody, joinOnce?: boolean) =>
  mock.serverClient().POST('/v1/publications', {
    body: body as never,
    params: { query: joinOnce === undefined ? {} : { join_once: joinOnce } },
  });

const published = async (body: PublishBody, joinOnce?: boolean) => {
  const { data, error } = await publish(body, joinOnce);
  if (!data) throw new Error(`not published: ${JSON.stringify(error)}`);
  return data as typeof data & { voucher?: { code: string; holder_id?: string }; vouchers?: string[] };
};

const list = async (query: Record<string, unknown> = {}) => {
  const { data, error } = await mock.serverClient().GET('/v1/publications', { params: { query: query as never } });
  if (!data) throw new Error(`not listed: ${JSON.stringify(error)}`);
  return data;
};

const raw = (path: string) => mock.raw(path, { headers: serverHeaders(mock.service) });

describe('publishing a given code', () => {
  test('the code goes to the customer, created from its source_id; the answer has the whole voucher', async () => {
    await createVoucher('GIVEN-1');
    const publication = await published({
      voucher: 'GIVEN-1',
      customer: { source_id: 'ana@example.com', name: 'Ana' },
    });
    const customer = state().customers.get('ana@example.com');
    expect(publication).toMatchObject({
      id: expect.stringMatching(/^pub_[0-9a-f]{18}$/),
      object: 'publication',
      created_at: T0,
      customer_id: customer.id,
      tracking_id: 'ana@example.com',
      metadata: {},
      channel: 'API',
      source_id: null,
      result: 'SUCCESS',
      customer: { id: customer.id, source_id: 'ana@example.com', name: 'Ana' },
      vouchers_id: [state().vouchers.get('GIVEN-1').id],
      voucher: { code: 'GIVEN-1', holder_id: customer.id, publish: { count: 1 } },
    });
    const { data: voucher } = await mock
      .serverClient()
      .GET('/v1/vouchers/{code}', { params: { path: { code: 'GIVEN-1' } } });
    expect(voucher).toMatchObject({ holder_id: customer.id, publish: { count: 1 } });
  });

  test('channel and metadata are recorded; a customer named by id gets the code', async () => {
    await createVoucher('GIVEN-2');
    const { customer } = state().customers.upsert({ source_id: 'bob' });
    const publication = await published({
      voucher: 'GIVEN-2',
      customer: { id: customer.id },
      channel: 'Email',
      metadata: { batch: 7 },
    });
    expect(publication).toMatchObject({ channel: 'Email', metadata: { batch: 7 }, customer_id: customer.id });
    const { publications } = await list();
    expect(publications[0]).toMatchObject({
      channel: 'Email',
      metadata: { batch: 7 },
      result: 'SUCCESS',
      voucher: { code: 'GIVEN-2', object: 'voucher', campaign: null },
    });
  });

  test('a code held by another customer is refused with voucher_already_published and recorded as a failure', async () => {
    await createVoucher('GIVEN-3');
    await published({ voucher: 'GIVEN-3', customer: 'ana' });
    const { error, response } = await publish({ voucher: 'GIVEN-3', customer: 'bob' });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({
      code: 400,
      key: 'voucher_already_published',
      resource_id: 'GIVEN-3',
      resource_type: 'voucher',
    });
    expect(state().vouchers.get('GIVEN-3').holder_id).toBe(state().customers.get('ana').id);
    const { publications, total } = await list({ result: 'FAILURE' });
    expect(total).toBe(1);
    expect(publications[0]).toMatchObject({
      result: 'FAILURE',
      failure_code: 'voucher_already_published',
      customer_id: state().customers.get('bob').id,
    });
  });

  test('the holder may be given the same code again: the publish count goes up', async () => {
    await createVoucher('GIVEN-4');
    await published({ voucher: 'GIVEN-4', customer: 'ana' });
    const again = await published({ voucher: 'GIVEN-4', customer: 'ana' });
    expect(again.voucher).toMatchObject({ code: 'GIVEN-4', publish: { count: 2 } });
  });

  test('a disabled or expired code is refused (voucher_disabled, voucher_expired), and so is one of a disabled campaign', async () => {
    await createVoucher('OFF', { ...coupons, active: false });
    await createVoucher('OLD', { ...coupons, expiration_date: '2025-12-31T00:00:00.000Z' });
    expect((await publish({ voucher: 'OFF', customer: 'ana' })).error).toMatchObject({
      code: 400,
      key: 'voucher_disabled',
      details: 'OFF',
    });
    expect((await publish({ voucher: 'OLD', customer: 'ana' })).error).toMatchObject({
      code: 400,
      key: 'voucher_expired',
      details: 'OLD',
    });
    await createCampaign('Paused', 1);
    await mock
      .serverClient()
      .POST('/v1/campaigns/{campaignId}/disable', { params: { path: { campaignId: 'Paused' } } });
    const [code] = state().vouchers.list({ campaign: 'Paused' }).items;
    expect((await publish({ voucher: code?.code, customer: 'ana' })).error).toMatchObject({
      code: 400,
      key: 'campaign_not_active',
    });
    const failures = await list({ result: 'FAILURE', order: 'created_at' });
    expect(failures.publications.map((item) => ('failure_code' in item ? item.failure_code : null))).toEqual([
      'voucher_disabled',
      'voucher_expired',
      'campaign_not_active',
    ]);
  });

  test('unknown code, campaign or customer id answer 404 and record nothing', async () => {
    await createVoucher('KNOWN');
    expect((await publish({ voucher: 'NOPE', customer: 'ana' })).error).toMatchObject({
      code: 404,
      key: 'not_found',
      resource_id: 'NOPE',
      resource_type: 'voucher',
    });
    expect((await publish({ campaign: 'Nope', customer: 'ana' })).error).toMatchObject({
      code: 404,
      key: 'not_found',
      resource_id: 'Nope',
      resource_type: 'campaign',
    });
    expect((await publish({ voucher: 'KNOWN', customer: { id: 'cust_000000000000000000' } })).error).toMatchObject({
      code: 404,
      key: 'not_found',
      resource_type: 'customer',
    });
    expect(state().publications.size).toBe(0);
    expect(state().vouchers.get('KNOWN').holder_id).toBeUndefined();
  });

  test('a request without code or campaign, or without customer, is refused with 400', async () => {
    expect((await publish({ customer: 'ana' })).response.status).toBe(400);
    const { error } = await publish({ voucher: 'X' });
    expect(error).toMatchObject({ code: 400, key: 'invalid_payload' });
  });

  test('a customer given by name and email alone is created and holds the code', async () => {
    await createVoucher('NO-REF');
    const publication = await published({ voucher: 'NO-REF', customer: { name: 'Guest', email: 'guest@example.com' } });
    const guest = state().customers.get(publication.customer_id ?? '');
    expect(guest).toMatchObject({ name: 'Guest', email: 'guest@example.com', source_id: null });
    expect(state().vouchers.get('NO-REF').holder_id).toBe(guest.id);
  });
});

describe('publishing from a campaign', () => {
  test('the next free code goes to the customer, by campaign name or id', async () => {
    const campaign = await createCampaign('Spring', 3);
    const first = await published({ campaign: 'Spring', customer: 'ana' });
    const second = await published({ campaign: { name: campaign.id }, customer: 'bob' });
    expect(first.voucher?.code).toMatch(/^SPRING-/);
    expect(second.voucher?.code).not.toBe(first.voucher?.code);
    expect(state().vouchers.get(first.voucher?.code ?? '').holder_id).toBe(state().customers.get('ana').id);
  });

  test('count publishes several codes at once: the answer lists the codes', async () => {
    await createCampaign('Bulk', 5);
    const publication = await published({ campaign: { name: 'Bulk', count: 3 }, customer: 'ana' });
    expect(publication.vouchers).toHaveLength(3);
    expect(publication.vouchers_id).toHaveLength(3);
    expect(publication.voucher).toBeUndefined();
    const holder = state().customers.get('ana').id;
    for (const code of publication.vouchers ?? []) expect(state().vouchers.get(code).holder_id).toBe(holder);
    const { publications } = await list();
    expect(publications[0]).toMatchObject({ result: 'SUCCESS', vouchers: publication.vouchers });
  });

  test('a static campaign with no free code left refuses with no_voucher_suitable_for_publication, publishing nothing', async () => {
    await createCampaign('Scarce', 2, { type: 'STATIC' });
    await published({ campaign: 'Scarce', customer: 'ana' });
    const { error, response } = await publish({ campaign: { name: 'Scarce', count: 2 }, customer: 'bob' });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ key: 'no_voucher_suitable_for_publication' });
    expect(state().vouchers.list({ campaign: 'Scarce', customer: state().customers.get('bob').id }).total).toBe(0);
    await published({ campaign: 'Scarce', customer: 'carol' });
    expect((await publish({ campaign: 'Scarce', customer: 'dave' })).error).toMatchObject({
      key: 'no_voucher_suitable_for_publication',
    });
    expect((await list({ result: 'FAILURE', campaign: 'Scarce' })).total).toBe(2);
  });

  test('an auto-update campaign makes a new code when none is free', async () => {
    await createCampaign('Growing', 1);
    await published({ campaign: 'Growing', customer: 'ana' });
    const next = await published({ campaign: { name: 'Growing', count: 2 }, customer: 'bob' });
    expect(next.vouchers).toHaveLength(2);
    expect(state().campaigns.get('Growing').vouchers_count).toBe(3);
  });

  test('disabled and expired codes are passed over', async () => {
    await createCampaign('Mixed', 3, { type: 'STATIC' });
    const [newest, middle, oldest] = state().vouchers.list({ campaign: 'Mixed' }).items;
    state().vouchers.setActive(oldest?.code ?? '', false);
    state().vouchers.replace(state().vouchers.get(middle?.code ?? ''), { expiration_date: '2025-01-01T00:00:00.000Z' });
    expect((await published({ campaign: 'Mixed', customer: 'ana' })).voucher?.code).toBe(newest?.code);
    expect((await publish({ campaign: 'Mixed', customer: 'bob' })).error).toMatchObject({
      key: 'no_voucher_suitable_for_publication',
    });
  });

  test('a disabled or expired campaign refuses with campaign_not_active', async () => {
    await createCampaign('Over', 2, {
      expiration_date: '2025-06-01T00:00:00.000Z',
      start_date: '2025-01-01T00:00:00.000Z',
    });
    expect((await publish({ campaign: 'Over', customer: 'ana' })).error).toMatchObject({
      code: 400,
      key: 'campaign_not_active',
    });
  });

  test('activity_duration_after_publishing sets the code to expire that long after publishing', async () => {
    await createCampaign('Short', 1, { activity_duration_after_publishing: 'P24D' });
    const publication = await published({ campaign: 'Short', customer: 'ana' });
    expect(publication.voucher).toMatchObject({ expiration_date: '2026-01-25T00:00:00.000Z' });
  });
});

describe('join_once and source_id', () => {
  test('join_once answers the customer the publication they already have from the campaign', async () => {
    await createCampaign('Once', 5);
    const first = await published({ campaign: 'Once', customer: 'ana' }, true);
    const again = await published({ campaign: 'Once', customer: 'ana' }, true);
    expect(again.id).toBe(first.id);
    expect(again.voucher?.code).toBe(first.voucher?.code);
    const other = await published({ campaign: 'Once', customer: 'ana' });
    expect(other.voucher?.code).not.toBe(first.voucher?.code);
    expect(state().vouchers.list({ campaign: 'Once', customer: state().customers.get('ana').id }).total).toBe(2);
  });

  test('a campaign with join_once gives a customer one code whatever the query says', async () => {
    await createCampaign('Member', 5, { join_once: true });
    const first = await published({ campaign: 'Member', customer: 'ana' });
    const again = await published({ campaign: 'Member', customer: 'ana' });
    expect(again.id).toBe(first.id);
  });

  test('the same source_id for the same customer answers the first publication; for another customer it is refused', async () => {
    await createCampaign('Tracked', 5);
    const first = await published({ campaign: 'Tracked', customer: 'ana', source_id: 'crm-1' });
    expect(first.source_id).toBe('crm-1');
    const again = await published({ campaign: 'Tracked', customer: 'ana', source_id: 'crm-1' });
    expect(again.id).toBe(first.id);
    expect(again.voucher?.code).toBe(first.voucher?.code);
    expect(state().vouchers.list({ campaign: 'Tracked', customer: state().customers.get('ana').id }).total).toBe(1);
    const { error } = await publish({ campaign: 'Tracked', customer: 'bob', source_id: 'crm-1' });
    expect(error).toMatchObject({ code: 400, key: 'duplicate_source_id' });
    const { publications } = await list({ source_id: 'crm-1' });
    expect(publications).toHaveLength(1);
    expect(publications[0]).toMatchObject({ id: first.id, voucher: { code: first.voucher?.code } });
  });

  test('source_id allows one code per request', async () => {
    await createCampaign('TrackedBulk', 5);
    const { error } = await publish({
      campaign: { name: 'TrackedBulk', count: 2 },
      customer: 'ana',
      source_id: 'crm-2',
    });
    expect(error).toMatchObject({ code: 400, key: 'invalid_payload' });
  });
});

describe('simultaneous requests', () => {
  test('two simultaneous join_once publications to one customer give one code', async () => {
    await createCampaign('Race', 10);
    const [a, b] = await Promise.all([
      published({ campaign: 'Race', customer: 'ana' }, true),
      published({ campaign: 'Race', customer: 'ana' }, true),
    ]);
    expect(a.id).toBe(b.id);
    expect(state().vouchers.list({ campaign: 'Race', customer: state().customers.get('ana').id }).total).toBe(1);
  });

  test('simultaneous publications of a campaign never hand one code to two customers', async () => {
    await createCampaign('Crowd', 30, { type: 'STATIC' });
    const customers = Array.from({ length: 25 }, (_, index) => `crowd-${index}`);
    const answers = await Promise.all(customers.map((customer) => published({ campaign: 'Crowd', customer })));
    const codes = answers.map((answer) => answer.voucher?.code);
    expect(new Set(codes).size).toBe(25);
    const holders = state()
      .vouchers.list({ campaign: 'Crowd', limit: 100 })
      .items.filter((voucher) => voucher.holder_id);
    expect(holders).toHaveLength(25);
  });

  test('simultaneous requests for the last free code: one wins, the other is refused', async () => {
    await createCampaign('Last', 1, { type: 'STATIC' });
    const results = await Promise.all([
      publish({ campaign: 'Last', customer: 'ana' }),
      publish({ campaign: 'Last', customer: 'bob' }),
    ]);
    expect(results.filter((result) => result.data).length).toBe(1);
    expect(results.find((result) => result.error)?.error).toMatchObject({ key: 'no_voucher_suitable_for_publication' });
  });
});

describe('the query form (GET /v1/publications/create)', () => {
  test('publishes a given code or the next code of a campaign', async () => {
    await createVoucher('GET-1');
    await createCampaign('ByGet', 2);
    const byCode = await raw('/v1/publications/create?voucher=GET-1&customer[source_id]=ana&metadata[origin]=link');
    expect(byCode.status).toBe(200);
    expect(await byCode.json()).toMatchObject({
      result: 'SUCCESS',
      voucher: { code: 'GET-1' },
      metadata: { origin: 'link' },
      tracking_id: 'ana',
    });
    const byCampaign = await raw(
      '/v1/publications/create?campaign[name]=ByGet&customer[source_id]=bob&join_once=true&source_id=get-1',
    );
    expect(await byCampaign.json()).toMatchObject({
      result: 'SUCCESS',
      source_id: 'get-1',
      voucher: { code: expect.stringMatching(/^BYGET-/) },
    });
  });

  test('refuses several codes, a missing source and unknown resources', async () => {
    await createCampaign('ByGet', 2);
    const several = await raw('/v1/publications/create?campaign[name]=ByGet&campaign[count]=2&customer[source_id]=ana');
    expect(several.status).toBe(400);
    expect(await several.json()).toMatchObject({ key: 'invalid_query_params' });
    const nothing = await raw('/v1/publications/create?customer[source_id]=ana');
    expect(await nothing.json()).toMatchObject({ code: 400, key: 'invalid_payload' });
    const unknown = await raw('/v1/publications/create?voucher=NOPE&customer[source_id]=ana');
    expect(unknown.status).toBe(404);
    const noCustomer = await raw('/v1/publications/create?voucher=NOPE');
    expect(noCustomer.status).toBe(400);
  });
});

describe('listing publications', () => {
  const arrange = async () => {
    await createCampaign('Alpha', 5);
    await createCampaign('Beta', 5);
    await createVoucher('GIFT-1', { type: 'GIFT_VOUCHER', gift: { amount: 1000 } });
    const ana = await published({ campaign: 'Alpha', customer: 'ana' });
    mock.service.clock.advance(1000);
    const bob = await published({ campaign: 'Beta', customer: 'bob', channel: 'Email' });
    mock.service.clock.advance(1000);
    const gift = await published({ voucher: 'GIFT-1', customer: 'ana', source_id: 'gift-order-1' });
    mock.service.clock.advance(1000);
    await publish({ voucher: 'GIFT-1', customer: 'carol' });
    return { ana, bob, gift };
  };

  test('newest first, with failures, paged by page and limit', async () => {
    await arrange();
    const all = await list();
    expect(all).toMatchObject({ object: 'list', data_ref: 'publications', total: 4 });
    expect(all.publications.map((item) => item.result)).toEqual(['FAILURE', 'SUCCESS', 'SUCCESS', 'SUCCESS']);
    const second = await list({ limit: 3, page: 2 });
    expect(second.publications).toHaveLength(1);
    expect(second.total).toBe(4);
  });

  test('narrowed by campaign, customer, voucher, result, voucher_type and source_id', async () => {
    const { ana, bob } = await arrange();
    expect((await list({ campaign: 'Alpha' })).publications.map((item) => item.id)).toEqual([ana.id]);
    expect((await list({ campaign: state().campaigns.get('Beta').id })).publications.map((item) => item.id)).toEqual([
      bob.id,
    ]);
    expect((await list({ customer: ana.customer_id })).total).toBe(2);
    expect((await list({ voucher: 'GIFT-1' })).total).toBe(2);
    expect((await list({ voucher: 'GIFT-1', result: 'SUCCESS' })).total).toBe(1);
    expect((await list({ voucher_type: 'discount' })).total).toBe(2);
    expect((await list({ voucher_type: 'loyalty' })).total).toBe(0);
    expect((await list({ is_referral_code: true })).total).toBe(0);
    expect((await list({ is_referral_code: false })).total).toBe(4);
    expect((await list({ source_id: 'gift-order-1' })).total).toBe(1);
  });

  test('filters go through the filter engine, with junctions', async () => {
    const { ana, bob } = await arrange();
    const byFailure = await raw('/v1/publications?filters[failure_code][conditions][$is]=voucher_already_published');
    expect((await byFailure.json()).total).toBe(1);
    const either = await raw(
      `/v1/publications?filters[junction]=OR&filters[customer_id][conditions][$is]=${bob.customer_id}&filters[campaign_name][conditions][$is]=Alpha`,
    );
    expect((await either.json()).total).toBe(2);
    const byVoucher = await raw(
      `/v1/publications?filters[related_object_id][conditions][$in][0]=${ana.vouchers_id[0] ?? ''}`,
    );
    expect((await byVoucher.json()).publications.map((item: { id: string }) => item.id)).toEqual([ana.id]);
    const bad = await raw('/v1/publications?filters[result][conditions][$nonsense]=1');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ key: 'invalid_query_params' });
  });

  test('sorted by the orders the spec lists', async () => {
    const { ana, bob, gift } = await arrange();
    expect((await list({ order: 'created_at', result: 'SUCCESS' })).publications.map((item) => item.id)).toEqual([
      ana.id,
      bob.id,
      gift.id,
    ]);
    expect((await list({ order: '-channel', result: 'SUCCESS' })).publications[0]?.id).toBe(bob.id);
    const codes = (await list({ order: 'voucher_code', result: 'SUCCESS' })).publications.map((item) =>
      'voucher' in item ? item.voucher.code : '',
    );
    expect(codes).toEqual([...codes].sort());
  });

  test('an over-long page or limit is refused with 400', async () => {
    expect((await raw('/v1/publications?limit=101')).status).toBe(400);
    expect((await raw('/v1/publications?page=101')).status).toBe(400);
  });
});

describe('events', () => {
  test('a publication records voucher.published for each code and publication.succeeded once, in the request group', async () => {
    await createCampaign('Evented', 3);
    const publication = await published({ campaign: { name: 'Evented', count: 2 }, customer: 'ana' });
    const perCode = state().events.list({ type: 'voucher.published' });
    expect(perCode).toHaveLength(2);
    expect(perCode[0]?.data).toMatchObject({
      customer: { source_id: 'ana' },
      campaign: { name: 'Evented' },
      publication: { id: publication.id },
      voucher: { holder_id: publication.customer_id },
    });
    const [succeeded] = state().events.list({ type: 'publication.succeeded' });
    expect(succeeded).toMatchObject({
      entity_id: publication.id,
      group_id: perCode[0]?.group_id,
      data: { vouchers: [{}, {}], user: null },
    });
    for (const event of perCode)
      expect(webhookEvents['voucher.published'].data.safeParse(event.data).error).toBeUndefined();
    expect(webhookEvents['publication.succeeded'].data.safeParse(succeeded?.data).error).toBeUndefined();
  });

  test('a refused publication records no publication event', async () => {
    await createVoucher('OFF', { ...coupons, active: false });
    await publish({ voucher: 'OFF', customer: 'ana' });
    expect(state().events.list({ type: 'voucher.published' })).toHaveLength(0);
    expect(state().events.list({ type: 'publication.succeeded' })).toHaveLength(0);
  });
});

describe('a customer’s redeemables', () => {
  const redeemables = async (customerId: string, query: Record<string, unknown> = {}) => {
    const { data, error, response } = await mock
      .serverClient()
      .GET('/v1/customers/{customerId}/redeemables', { params: { path: { customerId }, query: query as never } });
    return { data, error, status: response.status };
  };
  const filtered = async (customerId: string, filters: string) => {
    const response = await raw(`/v1/customers/${customerId}/redeemables?${filters}`);
    return {
      status: response.status,
      body: (await response.json()) as { total?: number; data?: { redeemable: { voucher: { code: string } } }[] },
    };
  };

  test('lists the codes published to the customer, with their campaign and state', async () => {
    await createCampaign('Wallet', 3);
    await createVoucher('GIFT-W', { type: 'GIFT_VOUCHER', gift: { amount: 1000 } });
    await createVoucher('EMPTY-W', { type: 'GIFT_VOUCHER', gift: { amount: 0 } });
    const coupon = await published({ campaign: 'Wallet', customer: 'ana' });
    await published({ voucher: 'GIFT-W', customer: 'ana' });
    await published({ voucher: 'EMPTY-W', customer: 'ana' });
    await published({ campaign: 'Wallet', customer: 'bob' });
    const { data } = await redeemables('ana');
    expect(data).toMatchObject({ object: 'list', data_ref: 'data', total: 3, has_more: false });
    expect(data?.data[0]).toMatchObject({
      id: expect.stringMatching(/^rh_/),
      created_at: T0,
      redeemable_id: coupon.vouchers_id[0],
      redeemable_object: 'voucher',
      customer_id: coupon.customer_id,
      holder_role: 'OWNER',
      campaign_id: state().campaigns.get('Wallet').id,
      campaign_type: 'DISCOUNT_COUPONS',
      voucher_type: 'DISCOUNT_VOUCHER',
      redeemable: {
        type: 'voucher',
        status: 'ACTIVE',
        voucher: { code: coupon.voucher?.code, holder_id: coupon.customer_id },
      },
    });
    expect(data?.data.map((item) => item.redeemable.status)).toEqual(['ACTIVE', 'ACTIVE', 'NO_BALANCE']);
    expect(data?.data[1]).toMatchObject({ campaign_id: null, campaign_type: null, voucher_type: 'GIFT_VOUCHER' });
  });

  test('the state follows the voucher: disabled, expired; deleted codes leave the list', async () => {
    await createVoucher('W-1');
    await createVoucher('W-2', { ...coupons, expiration_date: '2026-02-01T00:00:00.000Z' });
    await createVoucher('W-3');
    for (const voucher of ['W-1', 'W-2', 'W-3']) await published({ voucher, customer: 'ana' });
    state().vouchers.setActive('W-1', false);
    mock.service.clock.advance(40 * 24 * 3600 * 1000);
    state().vouchers.delete('W-3', true);
    const { data } = await redeemables('ana');
    expect(data?.data.map((item) => [item.redeemable.voucher.code, item.redeemable.status])).toEqual([
      ['W-1', 'DISABLED'],
      ['W-2', 'EXPIRED'],
    ]);
  });

  test('filters, order and cursor paging', async () => {
    await createCampaign('Paged', 5);
    await createVoucher('GIFT-P', { type: 'GIFT_VOUCHER', gift: { amount: 1000 } });
    await published({ campaign: { name: 'Paged', count: 3 }, customer: 'ana' });
    await published({ voucher: 'GIFT-P', customer: 'ana' });
    const gifts = await filtered('ana', 'filters[voucher_type][conditions][$is]=GIFT_VOUCHER');
    expect(gifts.body.data?.map((item) => item.redeemable.voucher.code)).toEqual(['GIFT-P']);
    const campaign = state().campaigns.get('Paged').id;
    expect(
      (
        await filtered(
          'ana',
          `filters[campaign_id][conditions][$in][0]=${campaign}&filters[holder_role][conditions][$is]=OWNER`,
        )
      ).body.total,
    ).toBe(3);
    const first = await redeemables('ana', { limit: 3 });
    expect(first.data).toMatchObject({ total: 4, has_more: true });
    const rest = await redeemables('ana', { limit: 3, starting_after_id: first.data?.more_starting_after });
    expect(rest.data?.data.map((item) => item.redeemable.voucher.code)).toEqual(['GIFT-P']);
    expect(rest.data?.has_more).toBe(false);
    const newest = await redeemables('ana', { order: '-id', limit: 1 });
    expect(newest.data?.data[0]?.redeemable.voucher.code).toBe('GIFT-P');
    const backwards = await redeemables('ana', {
      order: '-id',
      limit: 3,
      starting_after_id: newest.data?.more_starting_after,
    });
    expect(backwards.data?.data).toHaveLength(3);
  });

  test('a customer named by source_id works; an unknown customer is 404; a bad cursor or filter is 400', async () => {
    await createVoucher('W-9');
    await published({ voucher: 'W-9', customer: 'ana' });
    expect((await redeemables('ana')).data?.total).toBe(1);
    expect((await redeemables('cust_000000000000000000')).error).toMatchObject({ code: 404, key: 'not_found' });
    expect((await redeemables('ana', { starting_after_id: 'rh_nope' })).status).toBe(400);
    expect((await filtered('ana', 'filters[campaign_id][conditions][$bogus]=x')).status).toBe(400);
    expect((await redeemables(state().customers.upsert({ source_id: 'nobody' }).customer.id)).data).toMatchObject({
      total: 0,
      data: [],
    });
  });
});

describe('authentication and media types', () => {
  test('requests without keys are refused with 401, a body that is not JSON with 415', async () => {
    expect((await mock.raw('/v1/publications')).status).toBe(401);
    const response = await mock.raw('/v1/publications', {
      method: 'POST',
      headers: serverHeaders(mock.service, { 'Content-Type': 'text/plain' }),
      body: 'voucher=X',
    });
    expect(response.status).toBe(415);
  });
});
