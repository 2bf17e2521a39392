import { DomainError } from '../domain-error.js';
import type { CalendarDate } from '../time/calendar-date.js';

/**
 * Points of a loyalty card that expire on the same day: the service keeps a card's spendable
 * points in such buckets (`lopb_…`), and a card's balance is their sum.
 */
export interface PointsBucket {
  /** The last day the points can be spent; `null` for points that never expire. */
  readonly expires_at: CalendarDate | null;
  /** Spendable points left in the bucket. */
  readonly points: number;
}

/** Soonest expiry first, points that never expire last. */
const byExpiry = (a: PointsBucket, b: PointsBucket): number =>
  a.expires_at === b.expires_at
    ? 0
    : a.expires_at === null
      ? 1
      : b.expires_at === null
        ? -1
        : a.expires_at < b.expires_at
          ? -1
          : 1;

/**
 * The spendable points of a card: the sum of its buckets.
 *
 * @param buckets - The card's buckets.
 * @returns The balance.
 */
export function bucketBalance(buckets: readonly PointsBucket[]): number {
  let sum = 0;
  for (const bucket of buckets) sum += bucket.points;
  return sum;
}

/**
 * Adds points to a card's buckets: into the bucket that expires the same day, or a new one.
 *
 * @param buckets - The card's buckets, soonest expiry first.
 * @param points - Points to add, a positive whole number.
 * @param expiresAt - Their last day, or `null` when they never expire.
 * @returns The buckets after the credit, soonest expiry first.
 */
export function creditBuckets(
  buckets: readonly PointsBucket[],
  points: number,
  expiresAt: CalendarDate | null,
): PointsBucket[] {
  if (!Number.isSafeInteger(points) || points <= 0)
    throw new DomainError('invalid_amount', 'Invalid Amount', {
      details: 'Points to add should be a positive whole number',
    });
  const same = buckets.findIndex((bucket) => bucket.expires_at === expiresAt);
  if (same >= 0)
    return buckets.map((bucket, index) => (index === same ? { ...bucket, points: bucket.points + points } : bucket));
  return [...buckets, { expires_at: expiresAt, points }].sort(byExpiry);
}

/**
 * What spending took from each bucket.
 */
export interface BucketSpending {
  /** The buckets after spending, soonest expiry first; emptied buckets are left out. */
  readonly buckets: PointsBucket[];
  /** Points taken from each bucket, in the order they were taken. */
  readonly taken: PointsBucket[];
}

/**
 * Spends points from a card, soonest-expiring points first and points that never expire last,
 * as redemptions, removals and transfers do.
 *
 * @param buckets - The card's buckets.
 * @param points - Points to spend, a positive whole number.
 * @param code - The card's code, for the error's details.
 * @returns The remaining buckets and what was taken.
 * @throws DomainError `loyalty_card_points_exceeded` when the buckets hold fewer points.
 */
export function spendBuckets(buckets: readonly PointsBucket[], points: number, code = ''): BucketSpending {
  if (!Number.isSafeInteger(points) || points <= 0)
    throw new DomainError('invalid_amount', 'Invalid Amount', {
      details: 'Points to spend should be a positive whole number',
    });
  if (bucketBalance(buckets) < points)
    throw new DomainError('loyalty_card_points_exceeded', 'loyalty card points exceeded', { details: code });
  let left = points;
  const remaining: PointsBucket[] = [];
  const taken: PointsBucket[] = [];
  for (const bucket of [...buckets].sort(byExpiry)) {
    const take = Math.min(left, bucket.points);
    left -= take;
    if (take > 0) taken.push({ expires_at: bucket.expires_at, points: take });
    if (bucket.points > take) remaining.push({ ...bucket, points: bucket.points - take });
  }
  // A list filled by `push` keeps room for 16 items; a card keeps its buckets, so they are copied to their size.
  return { buckets: remaining.slice(), taken };
}

const NONE: readonly never[] = Object.freeze([]);

/**
 * Splits a card's buckets at the start of a day: the buckets whose last day has passed expire.
 *
 * @param buckets - The card's buckets.
 * @param today - The day that starts, in the project's time zone.
 * @returns The buckets that stay, and those that expire (non-empty ones only).
 */
export function expireBuckets<B extends PointsBucket>(
  buckets: readonly B[],
  today: CalendarDate,
): { kept: readonly B[]; expired: readonly B[] } {
  let staying = 0;
  let expiring = 0;
  for (const bucket of buckets) {
    if (bucket.expires_at === null || bucket.expires_at >= today) staying += 1;
    else if (bucket.points > 0) expiring += 1;
  }
  // Most nights expire nothing on a card: its own list stays, and nothing is made.
  if (staying === buckets.length) return { kept: buckets, expired: NONE };
  // Lists of their exact size, filled in place: a card keeps its buckets, and a list filled by
  // `push` keeps room for 16 items.
  const kept = new Array<B>(staying);
  const expired = new Array<B>(expiring);
  staying = 0;
  expiring = 0;
  for (const bucket of buckets) {
    if (bucket.expires_at === null || bucket.expires_at >= today) kept[staying++] = bucket;
    else if (bucket.points > 0) expired[expiring++] = bucket;
  }
  return { kept, expired };
}

/**
 * The soonest expiry of a card that still has points: `next_expiration_date` and
 * `next_expiration_points` of a loyalty card.
 *
 * @param buckets - The card's buckets.
 * @returns The date and its points, or `null` when no spendable point expires.
 */
export function nextExpiration(buckets: readonly PointsBucket[]): { date: CalendarDate; points: number } | null {
  // A loop, not a filter and a sort: every change of a card's points asks this.
  let first: PointsBucket | undefined;
  for (const bucket of buckets) {
    if (bucket.expires_at !== null && bucket.points > 0 && (first === undefined || byExpiry(bucket, first) < 0))
      first = bucket;
  }
  return first?.expires_at ? { date: first.expires_at, points: first.points } : null;
}
