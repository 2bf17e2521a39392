import { calendarPeriods, type RedemptionPeriodCounts } from '@voucherkit/domain';
import { type CountTarget, type RedemptionCounts, tierAmounts } from './counts.js';
import type { RedemptionEntry } from './records.js';

/** What the tally keeps for one redeemable or one campaign. */
interface Series {
  /** When each successful redemption happened, epoch milliseconds, ascending. */
  readonly times: number[];
  /** The same, by customer id. */
  readonly byCustomer: Map<string, number[]>;
  /** Order amounts, discounts and gift credits of the redemptions (a campaign's `orders_*` counters). */
  ordersAmount: number;
  ordersDiscounted: number;
  giftAmount: number;
  /** Units the redemptions' discounts reached, for product budgets; in all and by customer id. */
  readonly units: Map<string, number>;
  readonly unitsByCustomer: Map<string, Map<string, number>>;
}

const newSeries = (): Series => ({ times: [], byCustomer: new Map(), ordersAmount: 0, ordersDiscounted: 0, giftAmount: 0, units: new Map(), unitsByCustomer: new Map() });

/** The first position in ascending `times` whose time is at least `ms`. */
const lowerBound = (times: readonly number[], ms: number): number => {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] as number) < ms) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** Adds a time to ascending `times` (at the end, unless the clock went back), or takes one occurrence away. */
const place = (times: number[], ms: number, delta: 1 | -1): void => {
  if (delta === 1) {
    if (times.length === 0 || (times[times.length - 1] as number) <= ms) times.push(ms);
    else times.splice(lowerBound(times, ms + 1), 0, ms);
    return;
  }
  const at = lowerBound(times, ms);
  if (times[at] === ms) times.splice(at, 1);
};

const addUnits = (into: Map<string, number>, units: Readonly<Record<string, number>>, delta: 1 | -1): void => {
  for (const [key, count] of Object.entries(units)) {
    const next = (into.get(key) ?? 0) + delta * count;
    if (next === 0) into.delete(key);
    else into.set(key, next);
  }
};

/**
 * Running counts of the successful redemptions, by redeemable and by campaign, kept in step as
 * redemptions succeed and are rolled back: what validation rules read (`redemption.count.*`,
 * `customer.redemptions.*`, `campaign.redemptions.*`, `campaign.orders.*`, product budgets)
 * without a scan of every record. The counts over the calendar periods are found by binary search
 * in the ascending times. A property test holds it against a scan of every record.
 *
 * @example
 * ```ts
 * const tally = new RedemptionTally();
 * tally.add(entry);
 * tally.count({ redeemableId: 'v_1', customerId: 'cust_1', campaignId: 'camp_1' }, Date.now());
 * ```
 */
export class RedemptionTally {
  readonly #redeemables = new Map<string, Series>();
  readonly #campaigns = new Map<string, Series>();

  /** Counts a stored record if it is a successful redemption. */
  add(entry: RedemptionEntry): void {
    this.#apply(entry, 1);
  }

  /** Takes back what {@link RedemptionTally.add} counted for a record, before it is rolled back. */
  remove(entry: RedemptionEntry): void {
    this.#apply(entry, -1);
  }

  /**
   * The counts of one redeemable, customer and campaign over the periods that contain `now`: all
   * successful redemptions, and those of the day, week and month in the project's time zone.
   *
   * @param target - The redeemable, customer and campaign, and whose units a product budget reads.
   * @param now - The instant of the request, epoch milliseconds.
   * @param timeZone - The project's IANA time zone; UTC when absent.
   */
  count(target: CountTarget, now: number, timeZone?: string): RedemptionCounts {
    const { redeemableId, customerId, campaignId, unitsOf } = target;
    const periods = calendarPeriods(now, timeZone === undefined ? {} : { timeZone });
    const byPeriod = (times: readonly number[] = []): RedemptionPeriodCounts => {
      const within = ([from, to]: readonly [number, number]): number => lowerBound(times, to) - lowerBound(times, from);
      return { total: times.length, daily: within(periods.day), weekly: within(periods.week), monthly: within(periods.month) };
    };
    const own = (series: Series | undefined): number[] | undefined => (customerId === undefined ? undefined : series?.byCustomer.get(customerId));
    const redeemable = this.#redeemables.get(redeemableId);
    const campaign = campaignId === undefined ? undefined : this.#campaigns.get(campaignId);
    const scope = unitsOf === 'campaign' ? campaign : unitsOf === 'redeemable' ? redeemable : undefined;
    const ownUnits = customerId === undefined ? undefined : scope?.unitsByCustomer.get(customerId);
    return {
      incentive: byPeriod(redeemable?.times),
      customer: byPeriod(own(redeemable)),
      ...(campaignId === undefined
        ? {}
        : {
            campaign: {
              redemptions: byPeriod(campaign?.times),
              customer_redemptions: byPeriod(own(campaign)),
              orders_amount: campaign?.ordersAmount ?? 0,
              orders_amount_discounted: campaign?.ordersDiscounted ?? 0,
              gift_amount: campaign?.giftAmount ?? 0,
            },
          }),
      ...(unitsOf === undefined ? {} : { discountedUnits: { all: Object.fromEntries(scope?.units ?? []), customer: Object.fromEntries(ownUnits ?? []) } }),
    };
  }

  #apply(entry: RedemptionEntry, delta: 1 | -1): void {
    const { record } = entry;
    if (record.object !== 'redemption' || record.status !== 'SUCCEEDED') return;
    const ms = Date.parse(record.date);
    const customerId = record.customer_id ?? undefined;
    const touch = (series: Series): void => {
      place(series.times, ms, delta);
      if (customerId !== undefined) {
        const own = series.byCustomer.get(customerId) ?? [];
        series.byCustomer.set(customerId, own);
        place(own, ms, delta);
      }
      if (entry.discountedUnits !== undefined) {
        addUnits(series.units, entry.discountedUnits, delta);
        if (customerId !== undefined) {
          const own = series.unitsByCustomer.get(customerId) ?? new Map<string, number>();
          series.unitsByCustomer.set(customerId, own);
          addUnits(own, entry.discountedUnits, delta);
        }
      }
    };
    touch(this.#series(this.#redeemables, record.related_object_id));
    const campaignId = entry.campaign?.id;
    if (campaignId === undefined) return;
    const campaign = this.#series(this.#campaigns, campaignId);
    touch(campaign);
    const amounts = tierAmounts(record.order ?? {});
    campaign.ordersAmount += delta * amounts.orderAmount;
    campaign.ordersDiscounted += delta * amounts.discountAmount;
    campaign.giftAmount += delta * entry.credits;
  }

  #series(map: Map<string, Series>, id: string): Series {
    const found = map.get(id);
    if (found) return found;
    const series = newSeries();
    map.set(id, series);
    return series;
  }
}
