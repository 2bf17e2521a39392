import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referralConverts, referrerTiersReached } from './conversion.js';

const parties = { referrerId: 'cust_referrer', refereeId: 'cust_referee', referredBefore: false };

describe('referral conversion', () => {
  it('counts a redemption by default, and a custom event only where the programme names it', () => {
    expect(referralConverts({}, { kind: 'redemption' }, parties)).toBe(true);
    expect(referralConverts({ conversion_event_type: null }, { kind: 'redemption' }, parties)).toBe(true);
    expect(referralConverts({}, { kind: 'custom_event', name: 'signed_up' }, parties)).toBe('other_event');
    const byEvent = {
      conversion_event_type: 'custom_event',
      custom_event: { name: 'signed_up', id: 'ms_signed' },
    } as const;
    expect(referralConverts(byEvent, { kind: 'redemption' }, parties)).toBe('other_event');
    expect(referralConverts(byEvent, { kind: 'custom_event', name: 'signed_up' }, parties)).toBe(true);
    expect(referralConverts(byEvent, { kind: 'custom_event', name: 'renamed', schemaId: 'ms_signed' }, parties)).toBe(
      true,
    );
    expect(referralConverts(byEvent, { kind: 'custom_event', name: 'paid' }, parties)).toBe('other_event');
    expect(
      referralConverts({ conversion_event_type: 'custom_event' }, { kind: 'custom_event', name: 'paid' }, parties),
    ).toBe('other_event');
  });

  it('never counts the referrer, nor a referee twice', () => {
    expect(referralConverts({}, { kind: 'redemption' }, { ...parties, refereeId: parties.referrerId })).toBe(
      'own_code',
    );
    expect(referralConverts({}, { kind: 'redemption' }, { ...parties, referredBefore: true })).toBe('already_referred');
  });
});

describe('referrer tiers', () => {
  it('reward each referee, and a minimum exactly once over any run of referees', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }), { maxLength: 6 }),
        fc.integer({ min: 1, max: 40 }),
        (minimums, referees) => {
          const tiers = minimums.map((minimum_referees, index) => ({ id: `rt_${index}`, minimum_referees }));
          const earned = new Map<string, number>();
          for (let count = 1; count <= referees; count += 1)
            for (const tier of referrerTiersReached(tiers, count)) earned.set(tier.id, (earned.get(tier.id) ?? 0) + 1);
          for (const tier of tiers) {
            const expected = tier.minimum_referees === undefined ? referees : tier.minimum_referees <= referees ? 1 : 0;
            expect(earned.get(tier.id) ?? 0).toBe(expected);
          }
        },
      ),
    );
  });

  it('keeps the order the tiers were given in', () => {
    expect(
      referrerTiersReached(
        [
          { id: 'five', minimum_referees: 5 },
          { id: 'each', minimum_referees: null },
        ],
        5,
      ).map((tier) => tier.id),
    ).toEqual(['five', 'each']);
    expect(referrerTiersReached([{ id: 'five', minimum_referees: 5 }], 4)).toEqual([]);
  });
});
