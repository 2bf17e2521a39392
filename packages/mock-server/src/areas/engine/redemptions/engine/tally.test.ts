import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countRedemptionsByPeriod } from '@voucherkit/domain/internals';
import { type CountTarget, type RedemptionCounts, tierAmounts } from './counts.js';
import type { RedemptionEntry, RedemptionRecord } from './records.js';
import { StateHistory } from '../../../../core/history/state-history.js';
import { TrackedState } from '../../../../core/history/tracked-state.js';
import { RedemptionTally } from './tally.js';

/**
 * The scan the tally replaced, kept here as its oracle. Counts the successful redemptions (not rolled back) that validation rules read, in one pass
 * over the records: of the redeemable and of its campaign, in all and by this customer, over the
 * calendar periods that contain `now` (in the project's time zone, UTC by default), and the campaign's order amounts, discounts and gift
 * credits (the same amounts a promotion tier's summary counts), and, when `unitsOf` asks, the
 * units earlier discounts reached in the budget's scope.
 *
 * @param entries - The project's redemption records.
 * @param target - The redeemable, customer and campaign.
 * @param now - The instant of the request, epoch milliseconds.
 * @param timeZone - The project's IANA time zone, whose days, weeks and months the periods are; UTC when absent.
 * @returns The counts.
 */
const countRedemptions = (
  entries: Iterable<RedemptionEntry>,
  target: CountTarget,
  now: number,
  timeZone?: string,
): RedemptionCounts => {
  const { redeemableId, customerId, campaignId, unitsOf } = target;
  const unitsAll: Record<string, number> = {};
  const unitsOwn: Record<string, number> = {};
  const addUnits = (into: Record<string, number>, units: Readonly<Record<string, number>>): void => {
    for (const [key, count] of Object.entries(units)) into[key] = (into[key] ?? 0) + count;
  };
  const incentive: string[] = [];
  const customer: string[] = [];
  const campaign: string[] = [];
  const campaignCustomer: string[] = [];
  let ordersAmount = 0;
  let ordersDiscounted = 0;
  let giftAmount = 0;
  for (const entry of entries) {
    const { record } = entry;
    if (record.object !== 'redemption' || record.status !== 'SUCCEEDED') continue;
    const own = customerId !== undefined && record.customer_id === customerId;
    const inScope =
      unitsOf === 'campaign'
        ? campaignId !== undefined && entry.campaign?.id === campaignId
        : record.related_object_id === redeemableId;
    if (unitsOf !== undefined && entry.discountedUnits !== undefined && inScope) {
      addUnits(unitsAll, entry.discountedUnits);
      if (own) addUnits(unitsOwn, entry.discountedUnits);
    }
    if (record.related_object_id === redeemableId) {
      incentive.push(record.date);
      if (own) customer.push(record.date);
    }
    if (campaignId !== undefined && entry.campaign?.id === campaignId) {
      campaign.push(record.date);
      if (own) campaignCustomer.push(record.date);
      const amounts = tierAmounts(record.order ?? {});
      ordersAmount += amounts.orderAmount;
      ordersDiscounted += amounts.discountAmount;
      giftAmount += entry.credits;
    }
  }
  const periods = timeZone === undefined ? {} : { timeZone };
  return {
    incentive: countRedemptionsByPeriod(incentive, now, periods),
    customer: countRedemptionsByPeriod(customer, now, periods),
    ...(campaignId === undefined
      ? {}
      : {
          campaign: {
            redemptions: countRedemptionsByPeriod(campaign, now, periods),
            customer_redemptions: countRedemptionsByPeriod(campaignCustomer, now, periods),
            orders_amount: ordersAmount,
            orders_amount_discounted: ordersDiscounted,
            gift_amount: giftAmount,
          },
        }),
    ...(unitsOf === undefined ? {} : { discountedUnits: { all: unitsAll, customer: unitsOwn } }),
  };
};

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
    units: fc.option(fc.dictionary(fc.constantFrom('prod_a', 'prod_b', 'pc_1'), fc.integer({ min: 1, max: 5 })), {
      nil: undefined,
    }),
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
          const tally = new RedemptionTally(new TrackedState(new StateHistory()));
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
            const which = next.which % Math.max(1, entries.length);
            const target = entries[which];
            if (target === undefined || target.record.status !== 'SUCCEEDED') continue;
            tally.remove(target);
            entries[which] = { ...target, record: { ...(target.record as RedemptionRecord), status: 'ROLLED_BACK' } };
          }
          const countTarget = {
            redeemableId: `v_${voucher}`,
            customerId: customer === undefined ? undefined : `cust_${customer}`,
            campaignId: campaign === undefined ? undefined : `camp_${campaign}`,
            unitsOf,
          };
          const now = START + nowHours * HOUR;
          expect(tally.count(countTarget, now, timeZone)).toEqual(
            countRedemptions(entries, countTarget, now, timeZone),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
