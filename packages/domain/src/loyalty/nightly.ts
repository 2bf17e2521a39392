import { type CalendarDate, periodOf } from '../time/calendar-date.js';
import { type PointsBucket, bucketBalance, creditBuckets, expireBuckets, spendBuckets } from './buckets.js';
import { type PointsExpirationRules, pointsExpirationDate } from './expiry.js';
import {
  type MemberTier,
  type TierChange,
  type TierQualification,
  type TierRange,
  evaluateMemberTier,
} from './tiers.js';

/**
 * Points that wait to be spendable (`lopp_…`): earned by an `order.paid` rule with
 * `pending_points`, they count from the day they activate, when their expiry clock starts.
 */
export interface PendingPointsEntry {
  /** Id of the entry (`lopp_…`). */
  readonly id: string;
  /** Points that wait. */
  readonly points: number;
  /** The day they become spendable. */
  readonly activates_at: CalendarDate;
  /** The rules their expiry follows once active (the earning rule's, else the programme's). */
  readonly expiration_rules: PointsExpirationRules | null;
}

/**
 * What the nightly job reads and writes of one loyalty card.
 */
export interface NightlyCard {
  /** Spendable points by expiry day. */
  readonly buckets: readonly PointsBucket[];
  /** Points that wait for their day. */
  readonly pending: readonly PendingPointsEntry[];
  /** The member's tier, if any. */
  readonly tier: MemberTier | null;
  /** A tier that starts with the next period, if any. */
  readonly pendingTier: MemberTier | null;
  /** Points earned since `periodStart` (tiers by points in period count them). */
  readonly periodPoints: number;
  /** The first day of the period `periodPoints` counts. */
  readonly periodStart: CalendarDate;
}

/**
 * One thing the nightly job did to a card, in the order it did them; the mock records each as
 * the service's transaction and event.
 */
export type NightlyEffect =
  | {
      readonly kind: 'pending_activated';
      readonly pending: PendingPointsEntry;
      readonly expires_at: CalendarDate | null;
    }
  | { readonly kind: 'auto_redeemed'; readonly rewards: number; readonly points: number }
  | { readonly kind: 'points_expired'; readonly points: number; readonly buckets: readonly PointsBucket[] }
  | { readonly kind: 'tier_changed'; readonly change: TierChange };

/**
 * The settings of the programme the card belongs to, for its nightly run.
 */
export interface NightlySettings {
  /** The programme's tiers. */
  readonly tiers: readonly TierRange[];
  /** How members qualify for tiers; by balance when absent. */
  readonly qualification?: TierQualification | null | undefined;
  /** The reward that redeems itself when the balance affords it: its price and how many at most in one run (25). */
  readonly autoRedeem?: { readonly price: number; readonly limit: number } | null | undefined;
}

/**
 * The service's run at the start of a day (midnight in the project's time zone) on one loyalty
 * card, in its order (decision 0038):
 *
 * 1. pending points whose day has come become spendable, their expiry counted from today;
 * 2. the auto-redeem reward is redeemed as many times as the balance affords (at most `limit`),
 *    before any tier sees the points;
 * 3. when a qualification period starts, the points earned in the period start again from 0,
 *    and tiers are evaluated (a dated tier that has passed its day is decided again);
 * 4. points whose last day was yesterday expire;
 * 5. tiers are evaluated again on the balance that is left.
 *
 * @param card - The card before the run.
 * @param today - The day that starts.
 * @param settings - The programme's tiers, qualification and auto-redeem reward.
 * @returns The card after the run, and what happened, in order.
 */
export function runNightly(
  card: NightlyCard,
  today: CalendarDate,
  settings: NightlySettings,
): { card: NightlyCard; effects: NightlyEffect[] } {
  const effects: NightlyEffect[] = [];
  // The bucket functions answer new lists: the card's own is never changed.
  let buckets = card.buckets;
  let periodPoints = card.periodPoints;
  // Most cards have no pending points: their own list stays.
  let pending = card.pending;
  for (const entry of card.pending) {
    if (entry.activates_at > today) continue;
    if (pending === card.pending) pending = card.pending.filter((waiting) => waiting.activates_at > today);
    const expiresAt = pointsExpirationDate(entry.expiration_rules, today);
    buckets = creditBuckets(buckets, entry.points, expiresAt);
    periodPoints += entry.points;
    effects.push({ kind: 'pending_activated', pending: entry, expires_at: expiresAt });
  }
  const auto = settings.autoRedeem;
  if (auto && auto.price > 0) {
    const rewards = Math.min(auto.limit, Math.floor(bucketBalance(buckets) / auto.price));
    if (rewards > 0) {
      buckets = spendBuckets(buckets, rewards * auto.price).buckets;
      effects.push({ kind: 'auto_redeemed', rewards, points: rewards * auto.price });
    }
  }
  let periodStart = card.periodStart;
  const qualification = settings.qualification;
  if (qualification?.qualification_type === 'POINTS_IN_PERIOD') {
    const current = periodOf(qualification.qualification_period, today).start;
    if (current !== periodStart) {
      periodStart = current;
      periodPoints = 0;
    }
  }
  let standing: TierStanding =
    card.tier === null && card.pendingTier === null ? NO_TIER : { tier: card.tier, pending: card.pendingTier };
  if (settings.tiers.length > 0)
    standing = evaluateTier(settings, standing, bucketBalance(buckets), periodPoints, today, effects);
  const { kept, expired } = expireBuckets(buckets, today);
  buckets = kept;
  if (expired.length > 0) effects.push({ kind: 'points_expired', points: bucketBalance(expired), buckets: expired });
  if (settings.tiers.length > 0 && expired.length > 0)
    standing = evaluateTier(settings, standing, bucketBalance(buckets), periodPoints, today, effects);
  return {
    card: { buckets, pending, tier: standing.tier, pendingTier: standing.pending, periodPoints, periodStart },
    effects,
  };
}

/** A member's tier and the tier that waits for the next period. */
interface TierStanding {
  readonly tier: MemberTier | null;
  readonly pending: MemberTier | null;
}

const NO_TIER: TierStanding = { tier: null, pending: null };

/** Evaluates a member's tier on a balance, and adds the change, if any, to the effects. */
const evaluateTier = (
  settings: NightlySettings,
  standing: TierStanding,
  balance: number,
  periodPoints: number,
  today: CalendarDate,
  effects: NightlyEffect[],
): TierStanding => {
  const result = evaluateMemberTier({
    tiers: settings.tiers,
    qualification: settings.qualification,
    current: standing.tier,
    pending: standing.pending,
    balance,
    periodPoints,
    today,
  });
  if (result.change) effects.push({ kind: 'tier_changed', change: result.change });
  return result;
};
