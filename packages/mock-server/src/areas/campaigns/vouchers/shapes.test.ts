import { describe, expect, it } from 'vitest';
import { listPath, listUrls, voucherAssets, withListUrls } from './shapes.js';
import type { StoredVoucher } from './types.js';

describe('voucher list links', () => {
  it('follow from the code, encoded as a path segment', () => {
    expect(listPath('SUMMER 10/A', 'publications')).toBe('/v1/vouchers/SUMMER%2010%2FA/publications?page=1&limit=10');
    expect(listPath('ŻUK', 'redemptions')).toBe('/v1/vouchers/%C5%BBUK/redemptions?page=1&limit=10');
  });

  it('are added to the lists a stored voucher has, in their places, and absent lists stay absent', () => {
    const stored = {
      id: 'v_1',
      code: 'GIFT-1',
      campaign_id: null,
      publish: { object: 'list', count: 2 },
      redemption: { quantity: null, redeemed_quantity: 0, object: 'list' },
      holder_id: undefined,
    } as StoredVoucher;
    const shown = withListUrls(stored);
    expect(Object.keys(shown)).toEqual(Object.keys(stored));
    expect(shown.publish).toEqual({
      object: 'list',
      count: 2,
      url: '/v1/vouchers/GIFT-1/publications?page=1&limit=10',
    });
    expect(shown.redemption).toEqual({
      quantity: null,
      redeemed_quantity: 0,
      object: 'list',
      url: '/v1/vouchers/GIFT-1/redemptions?page=1&limit=10',
    });
    expect(JSON.parse(JSON.stringify(listUrls({ id: 'v_2', code: 'X', campaign_id: null } as StoredVoucher)))).toEqual(
      {},
    );
  });
});

describe('voucher assets', () => {
  it('name the code by the hex digits of its UTF-8 bytes, whatever its characters', () => {
    expect(voucherAssets('UNLIMITED').qr).toEqual({
      id: '554e4c494d49544544',
      url: 'https://dl.voucherify.io/api/v1/assets/qr/554e4c494d49544544',
    });
    expect(voucherAssets('ŻUK-€5').barcode.id).toBe('c5bb554b2de282ac35');
    expect(voucherAssets('\u0000~').qr.id).toBe('007e');
  });
});
