import { describe, expect, it } from 'vitest';
import { runNightly } from './nightly.js';

describe('runNightly', () => {
  it('activates pending points first, their expiry counted from today, then expires what passed', () => {
    const card = {
      buckets: [
        { expires_at: '2026-01-31', points: 10 },
        { expires_at: null, points: 5 },
      ],
      pending: [
        {
          id: 'lopp_1',
          points: 40,
          activates_at: '2026-02-01',
          expiration_rules: { period_type: 'MONTH' as const, period_value: 1 },
        },
        { id: 'lopp_2', points: 7, activates_at: '2026-02-05', expiration_rules: null },
      ],
      tier: null,
      pendingTier: null,
      periodPoints: 0,
      periodStart: '2026-01-01',
    };
    const { card: after, effects } = runNightly(card, '2026-02-01', { tiers: [] });
    expect(effects).toEqual([
      { kind: 'pending_activated', pending: card.pending[0], expires_at: '2026-03-01' },
      { kind: 'points_expired', points: 10, buckets: [{ expires_at: '2026-01-31', points: 10 }] },
    ]);
    expect(after.buckets).toEqual([
      { expires_at: '2026-03-01', points: 40 },
      { expires_at: null, points: 5 },
    ]);
    expect(after.pending.map((entry) => entry.id)).toEqual(['lopp_2']);
  });

  it('auto-redeems before tiers see the points, and re-tiers on the balance after expiry', () => {
    const tiers = [
      { id: 'silver', points: { from: 100, to: 499 } },
      { id: 'gold', points: { from: 500 } },
    ];
    const card = {
      buckets: [
        { expires_at: '2026-01-31', points: 300 },
        { expires_at: null, points: 260 },
      ],
      pending: [],
      tier: { tier_id: 'gold', start_date: '2026-01-01', expiration_date: null },
      pendingTier: null,
      periodPoints: 0,
      periodStart: '2026-01-01',
    };
    const { effects, card: after } = runNightly(card, '2026-02-01', { tiers, autoRedeem: { price: 250, limit: 25 } });
    expect(effects).toEqual([
      { kind: 'auto_redeemed', rewards: 2, points: 500 },
      { kind: 'tier_changed', change: { type: 'LEFT', event: 'left', tier_from: 'gold' } },
    ]);
    expect(after.buckets).toEqual([{ expires_at: null, points: 60 }]);
    expect(after.tier).toBeNull();
  });

  it('starts the points of a new qualification period from zero', () => {
    const card = {
      buckets: [],
      pending: [],
      tier: null,
      pendingTier: null,
      periodPoints: 900,
      periodStart: '2026-01-01',
    };
    const qualification = { qualification_type: 'POINTS_IN_PERIOD' as const, qualification_period: 'MONTH' as const };
    expect(runNightly(card, '2026-01-20', { tiers: [], qualification }).card.periodPoints).toBe(900);
    expect(runNightly(card, '2026-02-01', { tiers: [], qualification }).card).toMatchObject({
      periodPoints: 0,
      periodStart: '2026-02-01',
    });
  });
});
