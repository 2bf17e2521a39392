import { describe, expect, it } from 'vitest';
import { RedeemableWindows } from './redeemable-windows.js';

const at = Date.parse('2026-06-15T12:00:00.000Z');

describe('RedeemableWindows', () => {
  it('answers by the window of each record, whichever record of the same dates came first', () => {
    const windows = new RedeemableWindows();
    const open = { start_date: '2026-01-01T00:00:00.000Z', expiration_date: null, active: true };
    expect(windows.check(open, undefined, at)).toMatchObject({ active: true });
    expect(windows.check({ ...open }, undefined, at)).toMatchObject({ active: true });
    expect(windows.check({ ...open, active: false }, undefined, at)).toMatchObject({
      active: false,
      reason: 'disabled',
    });
    expect(windows.check({ ...open, expiration_date: '2026-02-01T00:00:00.000Z' }, undefined, at)).toMatchObject({
      reason: 'expired',
    });
    expect(windows.check({ ...open, start_date: '2026-07-01T00:00:00.000Z' }, undefined, at)).toMatchObject({
      reason: 'not_started',
    });
  });

  it('tells an absent date from one that is the text of an absent one', () => {
    const windows = new RedeemableWindows();
    expect(windows.check({ start_date: null }, undefined, at)).toMatchObject({ active: true });
    expect(() => windows.check({ start_date: 'null' }, undefined, at)).toThrow();
  });

  it('reads a window with days of the week by its record', () => {
    const windows = new RedeemableWindows();
    // 2026-06-15 is a Monday.
    expect(windows.check({ validity_day_of_week: [1] }, undefined, at)).toMatchObject({ active: true });
    expect(windows.check({ validity_day_of_week: [2] }, undefined, at)).toMatchObject({
      active: false,
      reason: 'outside_day_of_week',
    });
  });

  it("reads a campaign's window with the campaign's keys", () => {
    const windows = new RedeemableWindows();
    const ended = { expiration_date: '2026-01-01T00:00:00.000Z' };
    expect(windows.campaign(ended, at)).toMatchObject({ reason: 'expired', key: 'campaign_not_active' });
    expect(windows.check(ended, undefined, at)).toMatchObject({ key: 'voucher_expired' });
  });
});
