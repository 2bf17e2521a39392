import { describe, expect, it } from 'vitest';
import { redeemableStatus } from './redeemable-status.js';
import type { ValidityCheckResult } from '../time/validity-window.js';

const usable: ValidityCheckResult = { active: true };
const failed = (reason: 'not_started' | 'expired' | 'disabled' | 'outside_hours'): ValidityCheckResult => ({
  active: false,
  reason,
  key: reason === 'disabled' ? 'voucher_disabled' : 'voucher_not_active_now',
  message: 'not usable',
});

describe('redeemableStatus', () => {
  it('reads the validity window first: switched off, not started, expired', () => {
    expect(redeemableStatus({ type: 'DISCOUNT_VOUCHER' }, failed('disabled'))).toBe('DISABLED');
    expect(redeemableStatus({ type: 'DISCOUNT_VOUCHER' }, failed('not_started'))).toBe('NOT_ACTIVE_YET');
    expect(
      redeemableStatus(
        { type: 'DISCOUNT_VOUCHER', redemption: { quantity: 1, redeemed_quantity: 1 } },
        failed('expired'),
      ),
    ).toBe('EXPIRED');
  });

  it('keeps a voucher outside its hours ACTIVE', () => {
    expect(redeemableStatus({ type: 'DISCOUNT_VOUCHER' }, failed('outside_hours'))).toBe('ACTIVE');
  });

  it('says USED when the redemption limit is reached, and never for an unlimited voucher', () => {
    expect(
      redeemableStatus({ type: 'DISCOUNT_VOUCHER', redemption: { quantity: 2, redeemed_quantity: 2 } }, usable),
    ).toBe('USED');
    expect(
      redeemableStatus({ type: 'DISCOUNT_VOUCHER', redemption: { quantity: 2, redeemed_quantity: 1 } }, usable),
    ).toBe('ACTIVE');
    expect(
      redeemableStatus({ type: 'DISCOUNT_VOUCHER', redemption: { quantity: null, redeemed_quantity: 500 } }, usable),
    ).toBe('ACTIVE');
  });

  it('says NO_BALANCE for an empty gift card or loyalty card', () => {
    expect(redeemableStatus({ type: 'GIFT_VOUCHER', gift: { balance: 0 } }, usable)).toBe('NO_BALANCE');
    expect(redeemableStatus({ type: 'GIFT_VOUCHER', gift: { balance: 1 } }, usable)).toBe('ACTIVE');
    expect(redeemableStatus({ type: 'LOYALTY_CARD', loyalty_card: { balance: 0 } }, usable)).toBe('NO_BALANCE');
    expect(redeemableStatus({ type: 'LOYALTY_CARD', loyalty_card: { balance: 10 } }, usable)).toBe('ACTIVE');
  });
});
