/**
 * The project's time zone in the engine: rules that read dates, the calendar periods of counts and
 * formulas follow it; a project without one reads them in UTC.
 */
import { describe, expect, test } from 'vitest';
import type { ProjectState } from '../../../../src/areas/state.js';
import { useMockService } from '../../../support/setup.js';

const mock = useMockService({
  projects: [
    { name: 'Warsaw shop', timezone: 'Europe/Warsaw' },
    { name: 'UTC shop', keys: { appId: 'utc-id', appToken: 'utc-secret' } },
  ],
});

const warsaw = () => mock.service.projects.list()[0]?.state as ProjectState;
const utc = () => mock.service.projects.list()[1]?.state as ProjectState;
const clients = () => ({
  warsaw: mock.serverClient(),
  utc: mock.serverClient({ auth: { type: 'server', appId: 'utc-id', appToken: 'utc-secret' } }),
});

/** The same voucher and rule in both projects. */
const voucherWithRule = (
  code: string,
  rules: Record<string, unknown>,
  discount: Record<string, unknown> = { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
) => {
  for (const state of [warsaw(), utc()]) {
    const voucher = state.vouchers.create({ code, type: 'DISCOUNT_VOUCHER', discount } as never);
    const rule = state.validationRules.create({ name: `${code} rule`, rules } as never);
    state.validationRules.assign(rule.id, { related_object_type: 'voucher', related_object_id: voucher.id });
  }
};

type Client = ReturnType<typeof mock.serverClient>;

const validate = (client: Client, code: string, body: Record<string, unknown> = {}) =>
  client.POST('/v1/validations', {
    body: { redeemables: [{ object: 'voucher', id: code }], order: { amount: 1000 }, ...body } as never,
  });

const redeem = (client: Client, code: string) =>
  client.POST('/v1/redemptions', {
    body: {
      redeemables: [{ object: 'voucher', id: code }],
      customer: { source_id: 'ann' },
      order: { amount: 1000 },
    } as never,
  });

describe('rules read dates in the project time zone', () => {
  test('a weekend rule on an order date: Friday 23:30 UTC is Saturday in Warsaw', async () => {
    voucherWithRule('WEEKEND', {
      1: { name: 'order.metadata', property: 'placed_at', conditions: { $dow: [0, 6] } },
      logic: '1',
    });
    const order = { amount: 1000, metadata: { placed_at: '2026-01-09T23:30:00Z' } };
    const { warsaw: inWarsaw, utc: inUtc } = clients();
    expect((await validate(inWarsaw, 'WEEKEND', { order })).data?.valid).toBe(true);
    expect((await validate(inUtc, 'WEEKEND', { order })).data?.valid).toBe(false);
  });

  test('happy hours on a customer date: 18:00 to 20:00 local time', async () => {
    voucherWithRule('HAPPY', {
      1: {
        name: 'customer.metadata',
        property: 'visit',
        conditions: { $timeframe_daily_hours: ['18:00;20:01;1,2,3,4,5'] },
      },
      logic: '1',
    });
    for (const state of [warsaw(), utc()])
      state.customers.upsert({ source_id: 'ann', metadata: { visit: '2026-01-06T17:30:00Z' } } as never);
    const { warsaw: inWarsaw, utc: inUtc } = clients();
    // Tuesday 17:30 UTC is 18:30 in Warsaw.
    expect((await validate(inWarsaw, 'HAPPY', { customer: { source_id: 'ann' } })).data?.valid).toBe(true);
    expect((await validate(inUtc, 'HAPPY', { customer: { source_id: 'ann' } })).data?.valid).toBe(false);
  });

  test('a daily count starts at local midnight: 23:30 in Warsaw, then 00:30 the next day', async () => {
    voucherWithRule('DAILY', {
      1: { name: 'redemption.count.per_customer.daily', conditions: { $less_than_or_equal: [1] } },
      logic: '1',
    });
    const { warsaw: inWarsaw, utc: inUtc } = clients();
    // 1 January 22:30 UTC is 23:30 in Warsaw.
    mock.service.clock.advance(22.5 * 3600 * 1000);
    expect((await redeem(inWarsaw, 'DAILY')).response.status).toBe(200);
    expect((await redeem(inUtc, 'DAILY')).response.status).toBe(200);
    mock.service.clock.advance(3600 * 1000);
    // 23:30 UTC: a new day in Warsaw, still 1 January in UTC.
    expect((await redeem(inWarsaw, 'DAILY')).response.status).toBe(200);
    expect((await redeem(inUtc, 'DAILY')).error).toMatchObject({ key: 'redemption_rules_violated' });
  });

  test('formulas read today in the project time zone', async () => {
    for (const state of [warsaw(), utc()]) {
      state.vouchers.create({
        code: 'DAY',
        type: 'DISCOUNT_VOUCHER',
        discount: {
          type: 'AMOUNT',
          amount_off: 0,
          amount_off_formula: 'DAY_OF_MONTH(TODAY)',
          effect: 'APPLY_TO_ORDER',
        },
      } as never);
    }
    mock.service.clock.advance(23.5 * 3600 * 1000);
    const { warsaw: inWarsaw, utc: inUtc } = clients();
    expect((await validate(inWarsaw, 'DAY')).data?.order?.total_discount_amount).toBe(200);
    expect((await validate(inUtc, 'DAY')).data?.order?.total_discount_amount).toBe(100);
  });

  test("the nightly run follows a change of the project time zone: the next run is at the new zone's midnight", () => {
    // T0 is midnight UTC; twelve hours later the next UTC run is due at midnight of 2 January.
    mock.service.clock.advance(12 * 3600 * 1000);
    const project = mock.service.projects.primary;
    const { nightly } = project.state;
    // UTC+14: it is 02:00 on 2 January there, and the next midnight is 3 January (10:00 UTC on 2 January).
    mock.service.projects.configure(project.id, { timezone: 'Pacific/Kiritimati' });
    expect(nightly.catchUp()).toBeUndefined();
    mock.service.clock.set('2026-01-02T05:00:00.000Z');
    expect(nightly.catchUp()).toBeUndefined();
    mock.service.clock.set('2026-01-02T10:00:01.000Z');
    expect(nightly.catchUp()).toMatchObject({ day: '2026-01-03' });
  });

  test('a project with a time zone the runtime does not know is refused when it is created', () => {
    expect(() => mock.service.projects.create({ name: 'Nowhere', timezone: 'Mars/Olympus' })).toThrow(/time zone/);
    expect(mock.service.projects.create({ name: 'Later', timezone: 'America/New_York' }).settings.timezone).toBe(
      'America/New_York',
    );
  });
});
