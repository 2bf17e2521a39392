import { type RedemptionPeriodCounts } from '@voucherkit/domain';
import { calendarPeriods } from '@voucherkit/domain/internals';
import type { Cell } from '../../../../core/history/cell.js';
import { type OneOrList, itemsOf } from '../../../../core/history/one-or-list.js';
import type { TrackedList } from '../../../../core/history/tracked-list.js';
import type { TrackedMap } from '../../../../core/history/tracked-map.js';
import type { TrackedState } from '../../../../core/history/tracked-state.js';
import { type CountTarget, type RedemptionCounts, tierAmounts } from './counts.js';
import type { RedemptionEntry } from './records.js';

/** The sums a campaign's `orders_*` counters and gift budget read. */
interface Amounts {
  readonly ordersAmount: number;
  readonly ordersDiscounted: number;
  readonly giftAmount: number;
}

/** What the tally keeps for one redeemable or one campaign: tracked containers, never replaced. */
interface Series {
  /** When each successful redemption happened, epoch milliseconds, ascending. */
  readonly times: TrackedList<number>;
  /** The same, by customer id. */
  readonly byCustomer: TrackedMap<string, CustomerTimes>;
  /** Order amounts, discounts and gift credits of the redemptions (a campaign's `orders_*` counters). */
  readonly amounts: Cell<Amounts>;
  /** Units the redemptions' discounts reached, for product budgets; in all and by customer id. */
  readonly units: TrackedMap<string, number>;
  readonly unitsByCustomer: TrackedMap<string, TrackedMap<string, number>>;
}

/**
 * One customer's times in a series: the time alone while there is one (most customers redeem a
 * code once, and a list costs about 200 bytes more), an ascending list from the second on.
 */
type CustomerTimes = OneOrList<number>;

const NO_AMOUNTS: Amounts = Object.freeze({ ordersAmount: 0, ordersDiscounted: 0, giftAmount: 0 });

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
const place = (times: TrackedList<number>, ms: number, delta: 1 | -1): void => {
  if (delta === 1) {
    const last = times.at(-1);
    if (last === undefined || last <= ms) times.push(ms);
    else times.splice(lowerBound(times.items, ms + 1), 0, ms);
    return;
  }
  const at = lowerBound(times.items, ms);
  if (times.items[at] === ms) times.splice(at, 1);
};

const addUnits = (into: TrackedMap<string, number>, units: Readonly<Record<string, number>>, delta: 1 | -1): void => {
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
 * The tally is built from the records: its containers are tracked (a restore takes them back with
 * the records) but not part of an image, from which the store counts every record again.
 */
export class RedemptionTally {
  readonly #redeemables: TrackedMap<string, Series>;
  readonly #campaigns: TrackedMap<string, Series>;

  /** @param tracked - Where its containers are made (kept alongside the store's state, not in its image). */
  constructor(private readonly tracked: TrackedState) {
    this.#redeemables = tracked.innerMap();
    this.#campaigns = tracked.innerMap();
  }

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
      return {
        total: times.length,
        daily: within(periods.day),
        weekly: within(periods.week),
        monthly: within(periods.month),
      };
    };
    const own = (series: Series | undefined): readonly number[] | undefined =>
      customerId === undefined ? undefined : itemsOf(series?.byCustomer.get(customerId));
    const redeemable = this.#redeemables.get(redeemableId);
    const campaign = campaignId === undefined ? undefined : this.#campaigns.get(campaignId);
    const scope = unitsOf === 'campaign' ? campaign : unitsOf === 'redeemable' ? redeemable : undefined;
    const ownUnits = customerId === undefined ? undefined : scope?.unitsByCustomer.get(customerId);
    return {
      incentive: byPeriod(redeemable?.times.items),
      customer: byPeriod(own(redeemable)),
      ...(campaignId === undefined
        ? {}
        : {
            campaign: {
              redemptions: byPeriod(campaign?.times.items),
              customer_redemptions: byPeriod(own(campaign)),
              orders_amount: campaign?.amounts.value.ordersAmount ?? 0,
              orders_amount_discounted: campaign?.amounts.value.ordersDiscounted ?? 0,
              gift_amount: campaign?.amounts.value.giftAmount ?? 0,
            },
          }),
      ...(unitsOf === undefined
        ? {}
        : {
            discountedUnits: {
              all: Object.fromEntries(scope?.units ?? []),
              customer: Object.fromEntries(ownUnits ?? []),
            },
          }),
    };
  }

  #apply(entry: RedemptionEntry, delta: 1 | -1): void {
    const { record } = entry;
    if (record.object !== 'redemption' || record.status !== 'SUCCEEDED') return;
    const ms = Date.parse(record.date);
    const customerId = record.customer_id ?? undefined;
    const touch = (series: Series): void => {
      place(series.times, ms, delta);
      if (customerId !== undefined) this.#placeOwn(series.byCustomer, customerId, ms, delta);
      if (entry.discountedUnits !== undefined) {
        addUnits(series.units, entry.discountedUnits, delta);
        if (customerId !== undefined) {
          let own = series.unitsByCustomer.get(customerId);
          if (own === undefined) series.unitsByCustomer.set(customerId, (own = this.tracked.innerMap()));
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
    const sums = campaign.amounts.value;
    campaign.amounts.value = {
      ordersAmount: sums.ordersAmount + delta * amounts.orderAmount,
      ordersDiscounted: sums.ordersDiscounted + delta * amounts.discountAmount,
      giftAmount: sums.giftAmount + delta * entry.credits,
    };
  }

  /** Adds a customer's time to a series, or takes one away. */
  #placeOwn(byCustomer: TrackedMap<string, CustomerTimes>, customerId: string, ms: number, delta: 1 | -1): void {
    const own = byCustomer.get(customerId);
    if (typeof own === 'object') {
      place(own, ms, delta);
    } else if (delta === -1) {
      if (own === ms) byCustomer.delete(customerId);
    } else if (own === undefined) {
      byCustomer.set(customerId, ms);
    } else {
      const times = this.tracked.innerList([own]);
      place(times, ms, 1);
      byCustomer.set(customerId, times);
    }
  }

  #series(map: TrackedMap<string, Series>, id: string): Series {
    const found = map.get(id);
    if (found) return found;
    const { tracked } = this;
    const series: Series = {
      times: tracked.innerList(),
      byCustomer: tracked.innerMap(),
      amounts: tracked.innerCell(NO_AMOUNTS),
      units: tracked.innerMap(),
      unitsByCustomer: tracked.innerMap(),
    };
    map.set(id, series);
    return series;
  }
}
