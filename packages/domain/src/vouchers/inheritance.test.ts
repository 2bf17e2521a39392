import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import { checkValidityWindow } from '../time/validity-window.js';
import {
  CAMPAIGN_UPDATE_VOUCHER_FIELDS,
  type CampaignInheritanceInput,
  type VoucherOverridesInput,
  campaignUpdateForVoucher,
  expirationAfterPublishing,
  inheritVoucher,
  isRewrittenByCampaignUpdate,
  voucherRuleAssignments,
  voucherTypeOf,
} from './inheritance.js';

const discount = { type: 'PERCENT' as const, percent_off: 10, effect: 'APPLY_TO_ORDER' as const };

const couponCampaign = {
  campaign_type: 'DISCOUNT_COUPONS',
  voucher: {
    type: 'DISCOUNT_VOUCHER',
    discount,
    gift: null,
    loyalty_card: null,
    redemption: { quantity: 1 },
    code_config: { pattern: 'SUMMER-####', charset: '0123456789' },
  },
  start_date: '2025-06-01T00:00:00.000Z',
  expiration_date: '2025-08-31T23:59:59.000Z',
  validity_timeframe: { interval: 'P1D', duration: 'PT12H' },
  validity_day_of_week: [1, 2, 3, 4, 5],
  validity_hours: { daily: [{ start_time: '09:00', expiration_time: '21:00', days_of_week: [1, 2, 3, 4, 5] }] },
  category: 'Summer',
  category_id: 'cat_summer',
  activity_duration_after_publishing: 'P24D',
  metadata: { owner: 'marketing' },
};

describe('inheritVoucher', () => {
  it('takes the template and the campaign settings when nothing is overridden', () => {
    expect(inheritVoucher(couponCampaign)).toEqual({
      type: 'DISCOUNT_VOUCHER',
      is_referral_code: false,
      discount,
      gift: null,
      loyalty_card: null,
      redemption: { quantity: 1 },
      start_date: '2025-06-01T00:00:00.000Z',
      expiration_date: '2025-08-31T23:59:59.000Z',
      validity_timeframe: { interval: 'P1D', duration: 'PT12H' },
      validity_day_of_week: [1, 2, 3, 4, 5],
      validity_hours: couponCampaign.validity_hours,
      category: 'Summer',
      category_id: 'cat_summer',
      metadata: {},
      additional_info: null,
      active: true,
      code: null,
      code_config: { pattern: 'SUMMER-####', charset: '0123456789' },
    });
  });

  it('lets the request override what the service allows', () => {
    const overrides: VoucherOverridesInput = {
      code: 'VIP-ANNA',
      code_config: { length: 12 },
      metadata: { tier: 'gold' },
      redemption: { quantity: 5 },
      additional_info: 'for Anna',
      start_date: '2025-07-01T00:00:00.000Z',
      expiration_date: '2025-07-31T00:00:00.000Z',
      active: false,
    };
    expect(inheritVoucher(couponCampaign, overrides)).toMatchObject({
      code: 'VIP-ANNA',
      code_config: { length: 12 },
      metadata: { tier: 'gold' },
      redemption: { quantity: 5 },
      additional_info: 'for Anna',
      start_date: '2025-07-01T00:00:00.000Z',
      expiration_date: '2025-07-31T00:00:00.000Z',
      active: false,
      discount,
      validity_day_of_week: [1, 2, 3, 4, 5],
    });
  });

  it('replaces the campaign code settings as a whole', () => {
    expect(inheritVoucher(couponCampaign, { code_config: { prefix: 'X-' } }).code_config).toEqual({ prefix: 'X-' });
    expect(inheritVoucher({}).code_config).toEqual({});
  });

  it('reads a null quantity override as unlimited and an absent one as inherited', () => {
    expect(inheritVoucher(couponCampaign, { redemption: { quantity: null } }).redemption.quantity).toBeNull();
    expect(inheritVoucher(couponCampaign, { redemption: {} }).redemption.quantity).toBe(1);
    expect(inheritVoucher(couponCampaign, { redemption: null }).redemption.quantity).toBe(1);
    expect(inheritVoucher({ voucher: {} }).redemption.quantity).toBeNull();
  });

  it('keeps inherited values for null overrides', () => {
    const settings = inheritVoucher(couponCampaign, {
      start_date: null,
      expiration_date: null,
      category: null,
      code: null,
      active: null,
    });
    expect(settings).toMatchObject({
      start_date: couponCampaign.start_date,
      expiration_date: couponCampaign.expiration_date,
      category: 'Summer',
      code: null,
      active: true,
    });
  });

  it('switches the category by name or by id and leaves the other to resolve', () => {
    expect(inheritVoucher(couponCampaign, { category: 'Winter' })).toMatchObject({
      category: 'Winter',
      category_id: null,
    });
    expect(inheritVoucher(couponCampaign, { category_id: 'cat_winter' })).toMatchObject({
      category: null,
      category_id: 'cat_winter',
    });
    const error = catchDomainError(() =>
      inheritVoucher(couponCampaign, { category: 'Winter', category_id: 'cat_winter' }),
    );
    expect(error.key).toBe('invalid_payload');
  });

  it('fills only the object of the voucher type', () => {
    const gift = { amount: 5000, effect: 'APPLY_TO_ORDER' };
    const giftCampaign = { campaign_type: 'GIFT_VOUCHERS', voucher: { type: 'GIFT_VOUCHER', gift, discount } };
    expect(inheritVoucher(giftCampaign)).toMatchObject({
      type: 'GIFT_VOUCHER',
      gift,
      discount: null,
      loyalty_card: null,
    });
    const card = { points: 0, expiration_rules: { period_type: 'MONTH', period_value: 3 } };
    expect(inheritVoucher({ campaign_type: 'LOYALTY_PROGRAM', voucher: { loyalty_card: card } })).toMatchObject({
      type: 'LOYALTY_CARD',
      loyalty_card: card,
      discount: null,
      gift: null,
    });
  });

  it('marks codes of referral programs', () => {
    expect(inheritVoucher({ campaign_type: 'REFERRAL_PROGRAM', voucher: { discount } })).toMatchObject({
      type: 'DISCOUNT_VOUCHER',
      is_referral_code: true,
    });
    expect(inheritVoucher({ voucher: { is_referral_code: true } }).is_referral_code).toBe(true);
  });

  it('keeps the types of the campaign objects', () => {
    const settings = inheritVoucher(couponCampaign);
    expectTypeOf(settings.discount).toEqualTypeOf<typeof discount | null>();
    expectTypeOf(settings.validity_day_of_week).toEqualTypeOf<number[] | null>();
    expectTypeOf(inheritVoucher({}).discount).toEqualTypeOf<null>();
  });

  it('yields a voucher whose window is the campaign window, for any override of the dates', () => {
    const dateArb = fc.option(
      fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }).map((ms) => new Date(ms).toISOString()),
      { nil: undefined },
    );
    fc.assert(
      fc.property(
        dateArb,
        dateArb,
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }),
        (start_date, expiration_date, instant) => {
          const settings = inheritVoucher(couponCampaign, { start_date, expiration_date });
          const expected = checkValidityWindow(
            {
              ...couponCampaign,
              start_date: start_date ?? couponCampaign.start_date,
              expiration_date: expiration_date ?? couponCampaign.expiration_date,
            },
            instant,
          );
          expect(checkValidityWindow({ ...settings, active: true }, instant)).toEqual(expected);
        },
      ),
    );
  });
});

describe('voucherTypeOf', () => {
  it('prefers the template type and derives it from the campaign type otherwise', () => {
    expect(voucherTypeOf({ campaign_type: 'GIFT_VOUCHERS', voucher: { type: 'LOYALTY_CARD' } })).toBe('LOYALTY_CARD');
    expect(voucherTypeOf({ campaign_type: 'GIFT_VOUCHERS', voucher: { type: 'NONSENSE' } })).toBe('GIFT_VOUCHER');
    expect(voucherTypeOf({ campaign_type: 'LOYALTY_PROGRAM' })).toBe('LOYALTY_CARD');
    expect(voucherTypeOf({ campaign_type: 'PROMOTION' })).toBe('DISCOUNT_VOUCHER');
    expect(voucherTypeOf({})).toBe('DISCOUNT_VOUCHER');
  });
});

describe('expirationAfterPublishing', () => {
  it('adds the campaign duration to the publication time', () => {
    expect(expirationAfterPublishing(couponCampaign, Date.parse('2025-06-10T08:00:00Z'))).toBe(
      '2025-07-04T08:00:00.000Z',
    );
    expect(
      expirationAfterPublishing({ activity_duration_after_publishing: 'PT24H' }, new Date('2025-06-10T08:00:00Z')),
    ).toBe('2025-06-11T08:00:00.000Z');
  });

  it('counts calendar months and days in the project time zone', () => {
    const campaign = { activity_duration_after_publishing: 'P1M' };
    expect(expirationAfterPublishing(campaign, Date.parse('2025-01-31T12:00:00Z'))).toBe('2025-02-28T12:00:00.000Z');
    // 31 January 23:30 UTC is already 1 February in Warsaw: a month later is 1 March there.
    expect(expirationAfterPublishing(campaign, Date.parse('2025-01-31T23:30:00Z'), { timeZone: 'Europe/Warsaw' })).toBe(
      '2025-02-28T23:30:00.000Z',
    );
    expect(
      expirationAfterPublishing(
        { activity_duration_after_publishing: 'P1D' },
        Date.parse('2025-03-29T12:00:00+01:00'),
        { timeZone: 'Europe/Warsaw' },
      ),
    ).toBe('2025-03-30T10:00:00.000Z');
  });

  it('may end after the campaign expires', () => {
    const published = Date.parse('2025-08-30T00:00:00Z');
    expect(Date.parse(expirationAfterPublishing(couponCampaign, published) ?? '')).toBeGreaterThan(
      Date.parse(couponCampaign.expiration_date),
    );
  });

  it('is null when the campaign has no such duration', () => {
    expect(expirationAfterPublishing({}, 0)).toBeNull();
    expect(expirationAfterPublishing({ activity_duration_after_publishing: null }, 0)).toBeNull();
    expect(expirationAfterPublishing({ activity_duration_after_publishing: '' }, 0)).toBeNull();
  });

  it('refuses a malformed duration', () => {
    const error = catchDomainError(() =>
      expirationAfterPublishing({ activity_duration_after_publishing: '24 days' }, 0),
    );
    expect(error.key).toBe('invalid_payload');
    expect(error.details).toContain('Property .activity_duration_after_publishing');
  });

  it('is never before the publication', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4e12 }),
        fc.constantFrom('P1D', 'P1M', 'PT1H', 'P1Y2M', 'P24D'),
        fc.constantFrom('UTC', 'Europe/Warsaw'),
        (published, duration, timeZone) => {
          const expiry = expirationAfterPublishing({ activity_duration_after_publishing: duration }, published, {
            timeZone,
          });
          expect(Date.parse(expiry ?? '')).toBeGreaterThan(published);
        },
      ),
    );
  });
});

describe('campaign updates', () => {
  it('reach only vouchers neither published nor redeemed', () => {
    expect(isRewrittenByCampaignUpdate({})).toBe(true);
    expect(
      isRewrittenByCampaignUpdate({ publish: { count: 0 }, redemption: { redeemed_quantity: 0 }, holder_id: null }),
    ).toBe(true);
    expect(isRewrittenByCampaignUpdate({ publish: { count: 1 } })).toBe(false);
    expect(isRewrittenByCampaignUpdate({ redemption: { redeemed_quantity: 2 } })).toBe(false);
    expect(isRewrittenByCampaignUpdate({ holder_id: 'cust_1' })).toBe(false);
  });

  it('copy the voucher fields the update sends and nothing else', () => {
    const update = {
      description: 'new text',
      metadata: { a: 1 },
      activity_duration_after_publishing: 'P1D',
      expiration_date: '2026-01-01T00:00:00Z',
      validity_day_of_week: [0, 6],
      validity_hours: null,
      discount,
    };
    expect(campaignUpdateForVoucher({ publish: { count: 0 } }, update)).toEqual({
      expiration_date: '2026-01-01T00:00:00Z',
      validity_day_of_week: [0, 6],
      validity_hours: null,
      discount,
    });
    expect(campaignUpdateForVoucher({ publish: { count: 3 } }, update)).toBeNull();
    expect(campaignUpdateForVoucher({}, {})).toEqual({});
  });

  it('never copy a field outside the list', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (update) => {
        const patch = campaignUpdateForVoucher({}, update) ?? {};
        for (const key of Object.keys(patch)) expect(CAMPAIGN_UPDATE_VOUCHER_FIELDS).toContain(key);
      }),
    );
  });
});

describe('voucherRuleAssignments', () => {
  it('lists the campaign assignments first and each assignment once', () => {
    const campaign = [
      { id: 'asgm_1', rule_id: 'val_1' },
      { id: 'asgm_2', rule_id: 'val_2' },
    ];
    const own = [
      { id: 'asgm_3', rule_id: 'val_3' },
      { id: 'asgm_1', rule_id: 'val_1' },
    ];
    expect(voucherRuleAssignments(own, campaign).map((assignment) => assignment.id)).toEqual([
      'asgm_1',
      'asgm_2',
      'asgm_3',
    ]);
    expect(voucherRuleAssignments([], [])).toEqual([]);
  });
});

// The campaign shape of the spec fits the input interface.
const _typed: CampaignInheritanceInput = couponCampaign;
void _typed;
