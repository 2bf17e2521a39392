import { describe, expect, test } from 'vitest';
import { serverHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();

const voucher = async (code: string, extra: Record<string, unknown> = {}) => {
  const client = mock.serverClient();
  const created = await client.POST('/v1/vouchers/{code}', {
    params: { path: { code } },
    body: {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' },
      ...extra,
    } as never,
  });
  expect(created.response.status).toBe(200);
  return created.data;
};

const gift = async (code: string, amount: number) => {
  const client = mock.serverClient();
  await client.POST('/v1/vouchers/{code}', {
    params: { path: { code } },
    body: { type: 'GIFT_VOUCHER', gift: { amount } } as never,
  });
};

describe('validations', () => {
  test('a valid voucher discounts the order; unknown and disabled ones are inapplicable with their keys', async () => {
    await voucher('TEN');
    await voucher('OFF', { active: false });
    const client = mock.serverClient();
    const ok = await client.POST('/v1/validations', {
      body: { redeemables: [{ object: 'voucher', id: 'TEN' }], order: { amount: 17500 } },
    });
    expect(ok.data).toMatchObject({
      valid: true,
      order: { amount: 17500, total_amount: 16500, total_discount_amount: 1000 },
    });
    const bad = await client.POST('/v1/validations', {
      body: {
        redeemables: [
          { object: 'voucher', id: 'NOPE' },
          { object: 'voucher', id: 'OFF' },
        ],
        order: { amount: 17500 },
      },
    });
    expect(bad.response.status).toBe(200);
    expect(bad.data?.valid).toBe(false);
    const keys = bad.data?.inapplicable_redeemables?.map((entry) => entry.result.error.key);
    expect(keys).toEqual(['not_found', 'voucher_disabled']);
    expect(bad.data?.inapplicable_redeemables?.[1]?.result.error).toMatchObject({
      redeemable_type: 'voucher',
      redeemable_id: 'OFF',
    });
  });

  test('expired and not yet active vouchers', async () => {
    await voucher('OLD', { expiration_date: '2025-12-01T00:00:00.000Z' });
    await voucher('SOON', { start_date: '2026-02-01T00:00:00.000Z' });
    const client = mock.serverClient();
    const result = await client.POST('/v1/validations', {
      body: {
        redeemables: [
          { object: 'voucher', id: 'OLD' },
          { object: 'voucher', id: 'SOON' },
        ],
        order: { amount: 1000 },
      },
    });
    expect(result.data?.inapplicable_redeemables?.map((entry) => entry.result.error.key)).toEqual([
      'voucher_expired',
      'voucher_not_active',
    ]);
  });

  test('gift credits and gift_amount_exceeded', async () => {
    await gift('G1', 5000);
    const client = mock.serverClient();
    const ok = await client.POST('/v1/validations', {
      body: { redeemables: [{ object: 'voucher', id: 'G1', gift: { credits: 2000 } }], order: { amount: 10000 } },
    });
    expect(ok.data?.order?.total_amount).toBe(8000);
    const over = await client.POST('/v1/validations', {
      body: { redeemables: [{ object: 'voucher', id: 'G1', gift: { credits: 6000 } }], order: { amount: 10000 } },
    });
    expect(over.data?.inapplicable_redeemables?.[0]?.result.error.key).toBe('gift_amount_exceeded');
  });

  test('duplicated redeemables are a 400', async () => {
    await voucher('TEN');
    const client = mock.serverClient();
    const result = await client.POST('/v1/validations', {
      body: {
        redeemables: [
          { object: 'voucher', id: 'TEN' },
          { object: 'voucher', id: 'TEN' },
        ],
      },
    });
    expect(result.response.status).toBe(400);
    expect(result.error).toMatchObject({ key: 'duplicated_redeemables', redeemable_id: 'TEN' });
  });

  test('a LOCK session holds the last redemption of a voucher', async () => {
    await voucher('ONE', { redemption: { quantity: 1 } });
    const client = mock.serverClient();
    const locked = await client.POST('/v1/validations', {
      body: { redeemables: [{ object: 'voucher', id: 'ONE' }], order: { amount: 5000 }, session: { type: 'LOCK' } },
    });
    expect(locked.data?.session).toMatchObject({
      type: 'LOCK',
      ttl: 7,
      ttl_unit: 'DAYS',
      key: expect.stringMatching(/^ssn_/),
    });
    const other = await client.POST('/v1/redemptions', {
      body: { redeemables: [{ object: 'voucher', id: 'ONE' }], order: { amount: 5000 } },
    });
    expect(other.error).toMatchObject({
      key: 'quantity_exceeded',
      resource_type: 'redemption',
      resource_id: expect.stringMatching(/^rf_/),
    });
    const mine = await client.POST('/v1/redemptions', {
      body: {
        redeemables: [{ object: 'voucher', id: 'ONE' }],
        order: { amount: 5000 },
        session: { type: 'LOCK', key: locked.data?.session?.key ?? '' },
      },
    });
    expect(mine.response.status).toBe(200);
  });
});

describe('redemptions', () => {
  test('a stacked redemption makes a parent and children, upserts order and customer, and counts', async () => {
    await voucher('TEN');
    await gift('G1', 5000);
    const client = mock.serverClient();
    const result = await client.POST('/v1/redemptions', {
      body: {
        redeemables: [
          { object: 'voucher', id: 'TEN' },
          { object: 'voucher', id: 'G1', gift: { credits: 2000 } },
        ],
        order: { source_id: 'o-1', amount: 10000 },
        customer: { source_id: 'ana' },
      },
    });
    expect(result.response.status).toBe(200);
    expect(result.data?.parent_redemption).toMatchObject({
      id: expect.stringMatching(/^r_/),
      related_object_type: 'redemption',
      status: 'SUCCEEDED',
    });
    expect(result.data?.redemptions).toHaveLength(2);
    expect(result.data?.order).toMatchObject({ amount: 10000, total_amount: 7000, status: 'PAID' });
    const card = await client.GET('/v1/vouchers/{code}', { params: { path: { code: 'G1' } } });
    expect(card.data?.gift?.balance).toBe(3000);
    const summary = await client.GET('/v1/vouchers/{code}/redemption', { params: { path: { code: 'TEN' } } });
    expect(summary.data).toMatchObject({ redeemed_quantity: 1, total: 1 });
    const events = mock.service.projects.primary.state.events.list({ type: 'redemption.succeeded' });
    expect(events).toHaveLength(2);
  });

  test('N parallel redemptions of a voucher with quantity Q give Q successes', async () => {
    await voucher('Q3', { redemption: { quantity: 3 } });
    const client = mock.serverClient();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.POST('/v1/redemptions', {
          body: { redeemables: [{ object: 'voucher', id: 'Q3' }], order: { amount: 5000 } },
        }),
      ),
    );
    expect(results.filter((result) => result.response.status === 200)).toHaveLength(3);
    expect(results.filter((result) => result.error?.key === 'quantity_exceeded')).toHaveLength(5);
    const failures = await client.GET('/v1/redemptions', { params: { query: { result: 'FAILURE' } } });
    expect(failures.data?.total).toBe(5);
  });

  test('a retried request (same order and redeemables) never redeems twice', async () => {
    await voucher('TEN');
    const client = mock.serverClient();
    const body = {
      redeemables: [{ object: 'voucher' as const, id: 'TEN' }],
      order: { source_id: 'o-9', amount: 5000 },
    };
    const [first, second] = await Promise.all([
      client.POST('/v1/redemptions', { body }),
      client.POST('/v1/redemptions', { body }),
    ]);
    expect(first.data?.redemptions?.[0]?.id).toBe(second.data?.redemptions?.[0]?.id);
    const summary = await client.GET('/v1/vouchers/{code}/redemption', { params: { path: { code: 'TEN' } } });
    expect(summary.data?.redeemed_quantity).toBe(1);
  });
});

describe('rollbacks', () => {
  test('rollback restores quantity and balance; a second is already_rolled_back, concurrent ones multiple_requests', async () => {
    await gift('G1', 5000);
    const client = mock.serverClient();
    const redeemed = await client.POST('/v1/redemptions', {
      body: { redeemables: [{ object: 'voucher', id: 'G1', gift: { credits: 1500 } }], order: { amount: 5000 } },
    });
    const id = redeemed.data?.redemptions?.[0]?.id ?? '';
    const [a, b] = await Promise.all([
      client.POST('/v1/redemptions/{redemptionId}/rollback', { params: { path: { redemptionId: id } }, body: {} }),
      client.POST('/v1/redemptions/{redemptionId}/rollback', { params: { path: { redemptionId: id } }, body: {} }),
    ]);
    expect([a.response.status, b.response.status].sort()).toEqual([200, 400]);
    expect((a.error ?? b.error)?.key).toBe('multiple_requests');
    const card = await client.GET('/v1/vouchers/{code}', { params: { path: { code: 'G1' } } });
    expect(card.data?.gift?.balance).toBe(5000);
    mock.service.clock.advance(5000);
    const again = await client.POST('/v1/redemptions/{redemptionId}/rollback', {
      params: { path: { redemptionId: id } },
      body: {},
    });
    expect(again.error).toMatchObject({
      code: 400,
      key: 'already_rolled_back',
      resource_type: 'redemption_rollback',
      resource_id: expect.stringMatching(/^rrf_/),
    });
    const events = mock.service.projects.primary.state.events;
    expect(events.list({ type: 'redemption.rollback.succeeded' })).toHaveLength(1);
    expect(events.list({ type: 'redemption.rollback.failed' })).toHaveLength(2);
    const missing = await client.POST('/v1/redemptions/{redemptionId}/rollback', {
      params: { path: { redemptionId: 'r_missing' } },
      body: {},
    });
    expect(missing.response.status).toBe(404);
  });

  test('a stacked rollback rolls back every child; children and parents refuse the wrong form', async () => {
    await voucher('TEN');
    await voucher('FIVE', { discount: { type: 'AMOUNT', amount_off: 500 } });
    const client = mock.serverClient();
    const redeemed = await client.POST('/v1/redemptions', {
      body: {
        redeemables: [
          { object: 'voucher', id: 'TEN' },
          { object: 'voucher', id: 'FIVE' },
        ],
        order: { source_id: 'o-2', amount: 5000 },
      },
    });
    const parent = redeemed.data?.parent_redemption?.id ?? '';
    const child = redeemed.data?.redemptions?.[0]?.id ?? '';
    const single = await client.POST('/v1/redemptions/{redemptionId}/rollback', {
      params: { path: { redemptionId: parent } },
      body: {},
    });
    expect(single.error?.key).toBe('invalid_redemption');
    const ofChild = await client.POST('/v1/redemptions/{parentRedemptionId}/rollbacks', {
      params: { path: { parentRedemptionId: child } },
      body: {},
    });
    expect(ofChild.error?.key).toBe('invalid_redemption_parent');
    const all = await client.POST('/v1/redemptions/{parentRedemptionId}/rollbacks', {
      params: { path: { parentRedemptionId: parent } },
      body: {},
    });
    expect(all.data?.rollbacks).toHaveLength(2);
    expect(all.data?.parent_rollback?.id).toMatch(/^rr_/);
    expect(all.data?.order?.status).toBe('CANCELED');
    const got = await client.GET('/v1/redemptions/{redemptionId}', { params: { path: { redemptionId: child } } });
    expect(got.data).toMatchObject({ status: 'ROLLED_BACK' });
    const listed = await mock.raw(`/v1/redemptions?filters[parent_redemption_id][conditions][$is]=${parent}`, {
      headers: serverHeaders(mock.service),
    });
    expect(((await listed.json()) as { total: number }).total).toBe(2);
  });
});
