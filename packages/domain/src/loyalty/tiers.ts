import {
  type CalendarDate,
  type CalendarPeriod,
  addDays,
  addMonths,
  calendarDays,
  dateOfDays,
  endOfPeriod,
  periodOf,
  startOfNextPeriod,
} from '../time/calendar-date.js';
import { parseIsoDuration } from '../time/iso-duration.js';
import { civilFromDays, daysFromCivil, daysInMonth } from '../time/zone.js';

/**
 * A tier of a loyalty programme as qualification reads it: its id and its range of points
 * (`to` inclusive; without `to`, open above).
 *
 * @example
 * ```ts
 * const silver: TierRange = { id: 'ltr_silver', points: { from: 250, to: 499 } };
 * ```
 */
export interface TierRange {
  /** The tier's id (`ltr_…`). */
  readonly id: string;
  /** Its range of points, `to` inclusive. */
  readonly points: { readonly from?: number | null | undefined; readonly to?: number | null | undefined };
}

/**
 * Where a tier expiration date is rounded to: the end of the month, quarter, half year or year
 * that holds it, or the end of a particular month (`value`, 0 January to 11 December).
 *
 * @example
 * ```ts
 * const rounding: TierRounding = { type: 'CUSTOM', strategy: 'END', unit: 'MONTH', value: 1 }; // end of February
 * ```
 */
export type TierRounding =
  | { readonly type: CalendarPeriod; readonly strategy?: 'END' | 'START' | undefined }
  | {
      readonly type: 'CUSTOM';
      readonly strategy?: 'END' | 'START' | undefined;
      readonly unit?: 'MONTH' | undefined;
      readonly value: number;
    };

/**
 * How members qualify for a programme's tiers and when a tier expires (`loyalty_tiers_expiration`):
 *
 * - `BALANCE`: the tier whose range holds the spendable balance; it goes when the balance drops
 *   below it (`BALANCE_DROP`), or lasts `extend` after it was reached (`CUSTOM`), rounded;
 * - `POINTS_IN_PERIOD`: the tier whose range holds the points earned in the current calendar
 *   period; it starts at once or with the next period, and lasts to the end of the period or of
 *   the next one, plus `extend`.
 *
 * @example
 * ```ts
 * const settings: TierQualification = { qualification_type: 'POINTS_IN_PERIOD', qualification_period: 'QUARTER', start_date: { type: 'IMMEDIATE' }, expiration_date: { type: 'END_OF_NEXT_PERIOD' } };
 * ```
 */
export type TierQualification =
  | {
      readonly qualification_type: 'BALANCE';
      readonly start_date?: { readonly type: 'IMMEDIATE' } | null | undefined;
      readonly expiration_date?:
        | { readonly type: 'BALANCE_DROP' }
        | {
            readonly type: 'CUSTOM';
            readonly extend?: string | null | undefined;
            readonly rounding?: TierRounding | null | undefined;
          }
        | null
        | undefined;
    }
  | {
      readonly qualification_type: 'POINTS_IN_PERIOD';
      readonly qualification_period: CalendarPeriod;
      readonly start_date?: { readonly type: 'IMMEDIATE' | 'NEXT_PERIOD' } | null | undefined;
      readonly expiration_date?:
        | { readonly type: 'END_OF_PERIOD' | 'END_OF_NEXT_PERIOD'; readonly extend?: string | null | undefined }
        | null
        | undefined;
    };

/**
 * A member's tier: which, since when, and until when (`null` while the balance holds it).
 *
 * @example
 * ```ts
 * const held: MemberTier = { tier_id: 'ltr_silver', start_date: '2026-03-10', expiration_date: '2026-06-30' };
 * ```
 */
export interface MemberTier {
  /** The tier (`ltr_…`). */
  readonly tier_id: string;
  /** The day the member got it. */
  readonly start_date: CalendarDate;
  /** Its last day, or `null` while the balance holds it. */
  readonly expiration_date: CalendarDate | null;
}

/**
 * What a tier evaluation changed, as the service's tier events (`customer.loyalty.tier.*`) and
 * its tier transactions name it (the seed's `UPGRADED`, `EVALUATION_REFRESHED`,
 * `EXPIRATION_CHANGED` …), with the tiers by id.
 *
 * @example
 * ```ts
 * const change: TierChange = { type: 'UPGRADED', event: 'upgraded', tier_from: 'ltr_silver', tier_to: 'ltr_gold' };
 * ```
 */
export interface TierChange {
  /** What the evaluation did, as a tier transaction names it. */
  readonly type:
    | 'JOINED'
    | 'LEFT'
    | 'UPGRADED'
    | 'DOWNGRADED'
    | 'PROLONGED'
    | 'EXPIRATION_CHANGED'
    | 'EVALUATION_REFRESHED';
  /** The `customer.loyalty.tier.<event>` this change records; none for a refresh that changes nothing a member sees. */
  readonly event?: 'joined' | 'left' | 'upgraded' | 'downgraded' | 'prolonged' | undefined;
  /** The tier before, by id. */
  readonly tier_from?: string | undefined;
  /** The tier after, by id. */
  readonly tier_to?: string | undefined;
}

const sortedTiers = new WeakMap<readonly TierRange[], readonly TierRange[]>();

/** Tiers lowest first; sorted once per list of tiers, which a nightly run passes for every member. */
const ordered = (tiers: readonly TierRange[]): readonly TierRange[] => {
  let sorted = sortedTiers.get(tiers);
  if (sorted === undefined) {
    sorted = [...tiers].sort((a, b) => (a.points.from ?? 0) - (b.points.from ?? 0));
    sortedTiers.set(tiers, sorted);
  }
  return sorted;
};

/**
 * The tier whose range holds a number of points: the highest whose `from` it reaches and whose
 * `to` (if any) it does not pass.
 *
 * @param tiers - The programme's tiers.
 * @param points - The balance, or the points earned in the period.
 * @returns The tier, or undefined below every tier.
 * @example
 * ```ts
 * tierForPoints([{ id: 'a', points: { from: 0, to: 99 } }, { id: 'b', points: { from: 100 } }], 150)?.id; // 'b'
 * ```
 */
export function tierForPoints(tiers: readonly TierRange[], points: number): TierRange | undefined {
  // Loops, not callbacks: a nightly run asks this for every member.
  const sorted = ordered(tiers);
  for (let index = sorted.length - 1; index >= 0; index -= 1) {
    const tier = sorted[index] as TierRange;
    const { from, to } = tier.points;
    if (points >= (from ?? 0) && (to === null || to === undefined || points <= to)) return tier;
  }
  return undefined;
}

/** The rank of a tier among a programme's tiers (-1 when none). */
const rankOf = (tiers: readonly TierRange[], id: string | undefined): number => {
  if (id === undefined) return -1;
  const sorted = ordered(tiers);
  for (let index = 0; index < sorted.length; index += 1) if ((sorted[index] as TierRange).id === id) return index;
  return -1;
};

const addDuration = (date: CalendarDate, text: string | null | undefined): CalendarDate => {
  if (!text) return date;
  const duration = parseIsoDuration(text, '.loyalty_tiers_expiration.expiration_date.extend');
  return addDays(addMonths(date, duration.years * 12 + duration.months), duration.weeks * 7 + duration.days);
};

const round = (date: CalendarDate, rounding: TierRounding | null | undefined): CalendarDate => {
  if (!rounding || rounding.strategy === 'START') return date;
  if (rounding.type !== 'CUSTOM') return endOfPeriod(rounding.type, date);
  const month = rounding.value + 1;
  const [year, current] = civilFromDays(calendarDays(date));
  const target = month >= current ? year : year + 1;
  return dateOfDays(daysFromCivil(target, month, daysInMonth(target, month)));
};

/**
 * When a tier reached on a day expires under a programme's settings: `null` for a balance tier
 * that lasts while the balance holds it.
 *
 * @param qualification - The programme's `loyalty_tiers_expiration`.
 * @param startsOn - The day the tier starts.
 * @returns The last day of the tier, or `null`.
 * @example
 * ```ts
 * tierExpirationDate({ qualification_type: 'POINTS_IN_PERIOD', qualification_period: 'MONTH', expiration_date: { type: 'END_OF_NEXT_PERIOD' } }, '2026-03-10'); // '2026-04-30'
 * tierExpirationDate({ qualification_type: 'BALANCE', expiration_date: { type: 'CUSTOM', extend: 'P3M', rounding: { type: 'MONTH', strategy: 'END' } } }, '2026-03-10'); // '2026-06-30'
 * ```
 */
export function tierExpirationDate(qualification: TierQualification, startsOn: CalendarDate): CalendarDate | null {
  if (qualification.qualification_type === 'BALANCE') {
    const expiration = qualification.expiration_date;
    if (expiration?.type !== 'CUSTOM') return null;
    return round(addDuration(startsOn, expiration.extend), expiration.rounding);
  }
  const { qualification_period: period, expiration_date: expiration } = qualification;
  const end =
    expiration?.type === 'END_OF_NEXT_PERIOD'
      ? endOfPeriod(period, startOfNextPeriod(period, startsOn))
      : endOfPeriod(period, startsOn);
  return addDuration(end, expiration?.extend);
}

/**
 * What a member's points say of their tier today, given the programme's settings (decision 0038):
 *
 * - a higher tier applies at once (`UPGRADED`, or `JOINED` without a tier) — retention never
 *   delays an upgrade — except under `POINTS_IN_PERIOD` with `NEXT_PERIOD`, where it waits for
 *   the next period and the evaluation is `EVALUATION_REFRESHED` until then;
 * - a tier with an expiration date is kept until that day has passed; then the points decide
 *   again (`DOWNGRADED`, `LEFT`, or, reached again, `PROLONGED` with a new date);
 * - a balance tier without a date follows the balance at once (`BALANCE_DROP`);
 * - reaching the same tier again in a new period moves its date (`EXPIRATION_CHANGED`).
 *
 * @param input - The tiers, the settings (balance qualification when absent), the member's
 *   current and pending tiers, the spendable balance, the points earned in the current period,
 *   and the day.
 * @returns The tier that holds now, the one waiting for the next period, and the change, if any.
 * @example
 * ```ts
 * const tiers = [{ id: 'silver', points: { from: 100, to: 499 } }, { id: 'gold', points: { from: 500 } }];
 * evaluateMemberTier({ tiers, balance: 600, periodPoints: 0, today: '2026-03-10', current: { tier_id: 'silver', start_date: '2026-01-01', expiration_date: null } }).change;
 * // { type: 'UPGRADED', event: 'upgraded', tier_from: 'silver', tier_to: 'gold' }
 * ```
 */
export function evaluateMemberTier(input: {
  readonly tiers: readonly TierRange[];
  readonly qualification?: TierQualification | null | undefined;
  readonly current?: MemberTier | null | undefined;
  readonly pending?: MemberTier | null | undefined;
  readonly balance: number;
  readonly periodPoints: number;
  readonly today: CalendarDate;
}): { readonly tier: MemberTier | null; readonly pending: MemberTier | null; readonly change: TierChange | null } {
  const { tiers, today } = input;
  const qualification: TierQualification = input.qualification ?? BY_BALANCE;
  // A tier that waited for this period starts now.
  let current = input.current ?? null;
  let pending = input.pending ?? null;
  let started: TierChange | null = null;
  if (pending && pending.start_date <= today) {
    started = transition(tiers, current?.tier_id, pending.tier_id);
    current = pending;
    pending = null;
  }
  const points = qualification.qualification_type === 'BALANCE' ? input.balance : input.periodPoints;
  const target = tierForPoints(tiers, points);
  const currentRank = rankOf(tiers, current?.tier_id);
  const targetRank = rankOf(tiers, target?.id);
  const expired =
    current?.expiration_date !== null && current?.expiration_date !== undefined && current.expiration_date < today;

  if (target && targetRank > currentRank) {
    if (qualification.qualification_type === 'POINTS_IN_PERIOD' && qualification.start_date?.type === 'NEXT_PERIOD') {
      const startsOn = startOfNextPeriod(qualification.qualification_period, today);
      const waiting = freshTier(qualification, target.id, startsOn);
      const refreshed =
        pending?.tier_id === waiting.tier_id
          ? null
          : { type: 'EVALUATION_REFRESHED' as const, tier_from: current?.tier_id, tier_to: target.id };
      return { tier: expired ? null : current, pending: waiting, change: started ?? refreshed };
    }
    return {
      tier: freshTier(qualification, target.id, today),
      pending: null,
      change: transition(tiers, current?.tier_id, target.id),
    };
  }
  if (!current) return { tier: null, pending, change: started };
  const heldByBalance = qualification.qualification_type === 'BALANCE' && current.expiration_date === null;
  if (heldByBalance || expired) {
    if (target?.id === current.tier_id) {
      if (!expired) return { tier: current, pending, change: started };
      return {
        tier: freshTier(qualification, target.id, today),
        pending,
        change: { type: 'PROLONGED', event: 'prolonged', tier_from: target.id, tier_to: target.id },
      };
    }
    return {
      tier: target ? freshTier(qualification, target.id, today) : null,
      pending,
      change: transition(tiers, current.tier_id, target?.id),
    };
  }
  // A dated tier reached again in a later period: it lasts longer.
  if (
    qualification.qualification_type === 'POINTS_IN_PERIOD' &&
    target?.id === current.tier_id &&
    periodOf(qualification.qualification_period, today).start > current.start_date
  ) {
    const longer = freshTier(qualification, current.tier_id, today);
    if (longer.expiration_date !== current.expiration_date) {
      return {
        tier: { ...current, expiration_date: longer.expiration_date },
        pending,
        change: { type: 'EXPIRATION_CHANGED', tier_from: current.tier_id, tier_to: current.tier_id },
      };
    }
  }
  return { tier: current, pending, change: started };
}

/** How members qualify when a programme does not say: by balance, a tier lasting while the balance holds it. */
const BY_BALANCE: TierQualification = { qualification_type: 'BALANCE', expiration_date: { type: 'BALANCE_DROP' } };

/** A tier a member gets on `startsOn`, with the last day the qualification gives it. */
const freshTier = (qualification: TierQualification, id: string, startsOn: CalendarDate): MemberTier => ({
  tier_id: id,
  start_date: startsOn,
  expiration_date: tierExpirationDate(qualification, startsOn),
});

const transition = (
  tiers: readonly TierRange[],
  from: string | undefined,
  to: string | undefined,
): TierChange | null => {
  if (from === to) return null;
  if (from === undefined) return { type: 'JOINED', event: 'joined', tier_to: to };
  if (to === undefined) return { type: 'LEFT', event: 'left', tier_from: from };
  return rankOf(tiers, to) > rankOf(tiers, from)
    ? { type: 'UPGRADED', event: 'upgraded', tier_from: from, tier_to: to }
    : { type: 'DOWNGRADED', event: 'downgraded', tier_from: from, tier_to: to };
};
