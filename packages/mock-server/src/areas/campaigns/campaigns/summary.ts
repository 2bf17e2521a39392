import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { Resource } from '../../../core/resource.js';
import type { Campaign, StoredVoucher, VoucherTransaction } from '../vouchers/types.js';

/**
 * What a campaign's summary counts of the vouchers that came and went over some days: how many,
 * and the credits or points they held.
 */
export interface VoucherCounts {
  /** Vouchers that joined the campaign. */
  readonly created: number;
  /** Vouchers that left it. */
  readonly deleted: number;
  /** The gift credits the created vouchers came with. */
  readonly createdAmount: number;
  /** The gift credits the deleted vouchers still held. */
  readonly deletedAmount: number;
  /** The loyalty points the created cards came with. */
  readonly createdPoints: number;
  /** The loyalty points the deleted cards still held. */
  readonly deletedPoints: number;
}

const NO_COUNTS: VoucherCounts = {
  created: 0,
  deleted: 0,
  createdAmount: 0,
  deletedAmount: 0,
  createdPoints: 0,
  deletedPoints: 0,
};

const dayOf = (timestamp: string): string => timestamp.slice(0, 10);

/**
 * Each campaign's voucher counts by day, for its summary (`GET /v1/campaigns/{campaignId}/summary`):
 * the campaign store counts a voucher as it joins or leaves a campaign. A day's counts are
 * replaced, never changed, so a restore takes them back.
 */
export class CampaignDayCounts {
  /** Each campaign's counts by day (`YYYY-MM-DD`). */
  readonly #days: TrackedMap<string, TrackedMap<string, VoucherCounts>>;

  constructor(private readonly context: Pick<ServiceContext, 'tracked' | 'timestamp'>) {
    this.#days = context.tracked.map();
  }

  /** Counts, on today's date, a voucher that joined (`delta` 1) or left (`delta` -1) a campaign. */
  count(campaignId: string, voucher: StoredVoucher, delta: 1 | -1): void {
    let days = this.#days.get(campaignId);
    if (days === undefined) {
      days = this.context.tracked.innerMap<string, VoucherCounts>();
      this.#days.set(campaignId, days);
    }
    const key = dayOf(this.context.timestamp());
    const day = days.get(key) ?? NO_COUNTS;
    days.set(
      key,
      delta > 0
        ? {
            ...day,
            created: day.created + 1,
            createdAmount: day.createdAmount + (voucher.gift?.amount ?? 0),
            createdPoints: day.createdPoints + (voucher.loyalty_card?.points ?? 0),
          }
        : {
            ...day,
            deleted: day.deleted + 1,
            deletedAmount: day.deletedAmount + (voucher.gift?.balance ?? 0),
            deletedPoints: day.deletedPoints + (voucher.loyalty_card?.balance ?? 0),
          },
    );
  }

  /** Forgets a deleted campaign's counts. */
  forget(campaignId: string): void {
    this.#days.delete(campaignId);
  }

  /** A campaign's counts summed over the days `inRange` keeps. */
  totals(campaignId: string, inRange: (day: string) => boolean): VoucherCounts {
    const days = [...(this.#days.get(campaignId) ?? [])].filter(([day]) => inRange(day)).map(([, counts]) => counts);
    const total = (pick: (day: VoucherCounts) => number): number => days.reduce((sum, day) => sum + pick(day), 0);
    return {
      created: total((day) => day.created),
      deleted: total((day) => day.deleted),
      createdAmount: total((day) => day.createdAmount),
      deletedAmount: total((day) => day.deletedAmount),
      createdPoints: total((day) => day.createdPoints),
      deletedPoints: total((day) => day.deletedPoints),
    };
  }
}

/**
 * What a campaign's card transactions of each type moved on the days `inRange` keeps: the credits
 * or points, counted positive whichever way they went.
 *
 * @param transactions - The campaign's transactions.
 * @param inRange - Whether a day (`YYYY-MM-DD`) is counted.
 * @returns The sum for a transaction type (`CREDITS_ADDITION`, `POINTS_REMOVAL` …).
 */
export const movedBy = (
  transactions: readonly VoucherTransaction[],
  inRange: (day: string) => boolean,
): ((transactionType: string) => number) => {
  const counted = transactions.filter((transaction) => inRange(dayOf(transaction.created_at)));
  return (transactionType) =>
    counted
      .filter((transaction) => transaction.type === transactionType)
      .reduce(
        (sum, transaction) =>
          sum + Math.abs(transaction.details.balance.amount ?? transaction.details.balance.points ?? 0),
        0,
      );
};

/**
 * A campaign's summary as the API answers it: the vouchers counted over the asked days, the
 * credits or points that card transactions moved, and (zero until redemptions, validations and
 * publications are counted) their counters, with the fields of the campaign's type.
 *
 * @param campaign - The campaign, as lists show it.
 * @param campaignType - Its type, which chooses the summary's fields.
 * @param counts - Its vouchers' counts over the days.
 * @param moved - The credits or points its cards' transactions of a type moved over the days.
 * @returns The summary.
 */
export const campaignSummary = (
  campaign: Resource<'CampaignBase'>,
  campaignType: Campaign['campaign_type'],
  counts: VoucherCounts,
  moved: (transactionType: string) => number,
): Resource<'CampaignSummary'> => {
  const base = {
    object: 'campaign_summary' as const,
    campaign,
    redemptions: 0,
    redemptions_succeeded: 0,
    redemptions_failed: 0,
    rollbacks: 0,
    rollbacks_succeeded: 0,
    rollbacks_failed: 0,
    validations: 0,
    validations_succeeded: 0,
    validations_failed: 0,
    orders_amount: 0,
    orders_rolledback_amount: 0,
  };
  const discounts = { discounted_amount: 0, rolledback_discounted_amount: 0 };
  if (campaignType === 'PROMOTION') return { ...base, ...discounts };
  const codes = {
    vouchers_created: counts.created,
    vouchers_deleted: counts.deleted,
    publications: 0,
    publications_succeeded: 0,
    publications_failed: 0,
  };
  switch (campaignType) {
    case 'GIFT_VOUCHERS':
      return {
        ...base,
        ...codes,
        created_vouchers_amount: counts.createdAmount,
        amount_added: moved('CREDITS_ADDITION'),
        amount_deleted: counts.deletedAmount,
        amount_redeemed: 0,
        amount_rolledback: 0,
        amount_subtracted: moved('CREDITS_REMOVAL'),
      };
    case 'LOYALTY_PROGRAM':
      return {
        ...base,
        ...codes,
        created_vouchers_points: counts.createdPoints,
        points_deleted: counts.deletedPoints,
        points_subtracted: moved('POINTS_REMOVAL'),
        points_added: moved('POINTS_ADDITION'),
        points_rewarded: 0,
        points_redeemed: 0,
        points_rolledback: 0,
        points_expired: 0,
        points_transferred_out: 0,
        points_transferred_in: 0,
        pending_points_added: 0,
        pending_points_subtracted: 0,
        pending_points_activated: 0,
        pending_points_canceled: 0,
      };
    case 'REFERRAL_PROGRAM':
      return { ...base, ...codes, referred_customers: 0 };
    default:
      return { ...base, ...codes, ...discounts };
  }
};
