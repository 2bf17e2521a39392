import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countRedemptions } from './counts.js';
import type { RedemptionEntry, RedemptionRecord } from './records.js';
import { RedemptionTally } from './tally.js';

const START = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;

/** One step of a random history: a redemption (successful or failed) at a later hour, or a rollback of an earlier one. */
const step = fc.oneof(
  fc.record({
    kind: fc.constant('redeem' as const),
    hours: fc.integer({ min: 0, max: 24 * 20 }),
    voucher: fc.integer({ min: 0, max: 3 }),
    campaign: fc.option(fc.integer({ min: 0, max: 1 }), { nil: undefined }),
    customer: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
    failed: fc.boolean(),
    amount: fc.integer({ min: 0, max: 50_000 }),
    discount: fc.integer({ min: 0, max: 5_000 }),
    credits: fc.integer({ min: 0, max: 1_000 }),
    units: fc.option(fc.dictionary(fc.constantFrom('prod_a', 'prod_b', 'pc_1'), fc.integer({ min: 1, max: 5 })), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('rollback' as const), which: fc.nat() }),
);

interface RedeemStep {
  readonly voucher: number;
  readonly campaign?: number | undefined;
  readonly customer?: number | undefined;
  readonly failed: boolean;
  readonly amount: number;
  readonly discount: number;
  readonly credits: number;
  readonly units?: Record<string, number> | undefined;
}

const entryOf = (step: RedeemStep, index: number, at: number): RedemptionEntry => {
  const record = {
    id: `r_${index}`,
    object: 'redemption',
    date: new Date(at).toISOString(),
    customer_id: step.customer === undefined ? null : `cust_${step.customer}`,
    related_object_id: `v_${step.voucher}`,
    related_object_type: 'voucher',
    status: step.failed ? 'FAILED' : 'SUCCEEDED',
    result: step.failed ? 'FAILURE' : 'SUCCESS',
    order: { amount: step.amount, total_applied_discount_amount: step.discount },
  } as unknown as RedemptionRecord;
  return {
    record,
    voucherId: `v_${step.voucher}`,
    campaign: step.campaign === undefined ? undefined : { id: `camp_${step.campaign}`, name: 'Campaign' },
    credits: step.credits,
    children: [],
    ...(step.units === undefined || Object.keys(step.units).length === 0 ? {} : { discountedUnits: step.units }),
  };
};

describe('RedemptionTally', () => {
  it('agrees with a scan of every record after random redemptions and rollbacks, for any target, instant and time zone', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 60 }),
        fc.integer({ min: 0, max: 3 }),
        fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 1 }), { nil: undefined }),
        fc.constantFrom(undefined, 'campaign' as const, 'redeemable' as const),
        fc.integer({ min: 0, max: 24 * 21 }),
        fc.constantFrom(undefined, 'Europe/Warsaw', 'America/New_York'),
        (steps, voucher, customer, campaign, unitsOf, nowHours, timeZone) => {
          const tally = new RedemptionTally();
          const entries: RedemptionEntry[] = [];
          let at = START;
          for (const [index, next] of steps.entries()) {
            if (next.kind === 'redeem') {
              // Records are written as the clock moves forward.
              at = Math.max(at, START + next.hours * HOUR);
              const entry = entryOf(next, index, at);
              entries.push(entry);
              tally.add(entry);
              continue;
            }
            const target = entries[next.which % Math.max(1, entries.length)];
            if (target === undefined || target.record.status !== 'SUCCEEDED') continue;
            tally.remove(target);
            target.record = { ...(target.record as RedemptionRecord), status: 'ROLLED_BACK' };
          }
          const countTarget = {
            redeemableId: `v_${voucher}`,
            customerId: customer === undefined ? undefined : `cust_${customer}`,
            campaignId: campaign === undefined ? undefined : `camp_${campaign}`,
            unitsOf,
          };
          const now = START + nowHours * HOUR;
          expect(tally.count(countTarget, now, timeZone)).toEqual(countRedemptions(entries, countTarget, now, timeZone));
        },
      ),
      { numRuns: 300 },
    );
  });
});
