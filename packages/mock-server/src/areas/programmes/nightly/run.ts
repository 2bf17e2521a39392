import { type CalendarDate, type TierChange, rewardPrice } from '@voucherkit/domain';
import {
  type NightlyCard,
  addDays,
  calendarDateAt,
  periodOf,
  runNightly,
  startOfCalendarDate,
} from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import { INTERNAL_SOURCE } from '../../../core/event-log.js';
import type { Cell } from '../../../core/history/cell.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import type { MemberCardStores } from '../loyalties/store.js';
import type { PendingPointsStore } from '../pending-points/store.js';
import type { RewardRedeemer } from '../rewards/redeemer.js';
import type { RewardAssignment, RewardStore } from '../rewards/store.js';
import type { LoyaltyTierStore } from '../tiers/store.js';

/** The longest delay a timer takes (about 24.8 days); a later midnight is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Rewards a member's card redeems by itself in one night, at most: the service allows 10 per customer a day. */
const AUTO_REDEEM_DAILY_LIMIT = 10;

/** What a night needs of a programme: its nightly auto-redeem reward and its tier settings. */
interface ProgrammeNight {
  readonly auto: RewardAssignment | undefined;
  readonly settings: ReturnType<LoyaltyTierStore['settingsOf']>;
}

/**
 * What one nightly run did, for tests and the benchmark.
 *
 * @example
 * ```ts
 * const summary: NightlySummary = { day: '2026-02-01', cards: 3, activated: 1, autoRedeemed: 0, expired: 2, tierChanges: 1 };
 * ```
 */
export interface NightlySummary {
  /** The day that started. */
  readonly day: CalendarDate;
  /** Cards looked at. */
  readonly cards: number;
  /** Pending point entries activated. */
  readonly activated: number;
  /** Rewards redeemed automatically. */
  readonly autoRedeemed: number;
  /** Cards whose points expired. */
  readonly expired: number;
  /** Tier changes recorded. */
  readonly tierChanges: number;
}

/**
 * The service's run at midnight in the project's time zone over every loyalty card, in the
 * domain's order (`runNightly`, decision 0038): pending points whose day has come are activated,
 * the reward a programme redeems automatically is bought as often as the points allow (at most 10
 * a night, decision 0039), qualification periods start again, points whose last day has passed expire, and tiers follow.
 * It runs on the mock's clock: the first request after the clock passes midnight runs it, once for
 * each day the clock passed, in order (decision 0039), and in the `auto`
 * scheduler mode a timer runs it at midnight as well. Tests can call {@link NightlyRun.catchUp}
 * after moving the clock, or {@link NightlyRun.run} for a day of their choice.
 */
export class NightlyRun {
  /** The instant of the next midnight, when the next run is due. */
  readonly #nextAt: Cell<number>;
  /** The time zone `#nextAt` is a midnight of: the project's, when it was last read. */
  readonly #zone: Cell<string>;
  // not state: the timer set for `#nextAt` in the auto mode, replaced whenever it is set again
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: MemberCardStores & {
      readonly pendingPoints: PendingPointsStore;
      readonly tiers: LoyaltyTierStore;
      readonly rewards: RewardStore;
      readonly rewardRedeemer: RewardRedeemer;
      readonly timeZone: () => string | undefined;
    },
  ) {
    this.#nextAt = context.tracked.cell(this.#midnightAfter(this.#today()));
    this.#zone = context.tracked.cell(this.#timeZone());
    this.#arm();
    // A restore may move the next midnight: the timer follows it.
    context.tracked.afterRestore(() => this.#arm());
  }

  /**
   * Runs every night that has come since the last run, each on its own day, in order; answers
   * what they did together (dated the last day), or `undefined` when no midnight has passed.
   */
  catchUp(): NightlySummary | undefined {
    if (this.#zone.value !== this.#timeZone()) this.#rezone();
    if (this.context.clock.now() < this.#nextAt.value) return undefined;
    const today = this.#today();
    let day = calendarDateAt(this.#nextAt.value, this.#timeZone());
    this.#nextAt.value = this.#midnightAfter(today);
    let total: NightlySummary | undefined;
    for (; day <= today; day = addDays(day, 1)) {
      const night = this.run(day);
      total =
        total === undefined
          ? night
          : {
              ...night,
              activated: total.activated + night.activated,
              autoRedeemed: total.autoRedeemed + night.autoRedeemed,
              expired: total.expired + night.expired,
              tierChanges: total.tierChanges + night.tierChanges,
            };
    }
    return total;
  }

  /** Runs the night that starts `today` over every card with points, pending points or a tier. */
  run(today: CalendarDate, origin: Origin = { source: INTERNAL_SOURCE }): NightlySummary {
    const { loyaltyCards, pendingPoints, tiers, vouchers } = this.deps;
    let cards = 0;
    let activated = 0;
    let autoRedeemed = 0;
    let expired = 0;
    let tierChanges = 0;
    // What the night needs of a programme is the same for all its members: looked up once.
    const programmes = new Map<string, ProgrammeNight | undefined>();
    const programmeOf = (campaignId: string): ProgrammeNight | undefined => {
      if (!programmes.has(campaignId)) programmes.set(campaignId, this.#programme(campaignId));
      return programmes.get(campaignId);
    };
    for (const id of this.#cardIds()) {
      cards += 1;
      const card = vouchers.findById(id);
      const programme = card?.campaign_id ? programmeOf(card.campaign_id) : undefined;
      if (!card || !programme || !card.holder_id) continue;
      const { auto } = programme;
      const price = auto?.parameters
        ? rewardPrice(auto.parameters.loyalty.points, tiers.mappingOf(card, 'rewards', auto.id))
        : 0;
      const settings = auto
        ? { ...programme.settings, autoRedeem: { price, limit: AUTO_REDEEM_DAILY_LIMIT } }
        : programme.settings;
      const standing = tiers.standing(card.id);
      const qualification = settings.qualification;
      const before: NightlyCard = {
        buckets: loyaltyCards.buckets(card),
        pending: pendingPoints.openEntriesOf(card.id),
        tier: standing.tier,
        pendingTier: standing.pending,
        periodPoints: standing.periodPoints,
        periodStart:
          standing.periodStart ||
          (qualification?.qualification_type === 'POINTS_IN_PERIOD'
            ? periodOf(qualification.qualification_period, today).start
            : today),
      };
      const { card: after, effects } = runNightly(before, today, settings);
      if (effects.length === 0 && after.periodStart === before.periodStart) continue;
      // The card as the ledger last wrote it: an activation or a reward before the expiry changes it.
      let changed = false;
      tiers.paused(() => {
        for (const effect of effects) {
          if (effect.kind === 'pending_activated') {
            pendingPoints.activate(card.id, effect.pending.id, { ...origin, automatic: true, day: today });
            activated += 1;
            changed = true;
          } else if (effect.kind === 'auto_redeemed' && auto) {
            autoRedeemed += this.#autoRedeem(card.code, auto.reward_id, effect.rewards, origin);
            changed = true;
          } else if (effect.kind === 'points_expired') {
            loyaltyCards.expire(changed ? card.id : card, today, origin);
            expired += 1;
          }
        }
      });
      const changes: TierChange[] = [];
      for (const effect of effects) if (effect.kind === 'tier_changed') changes.push(effect.change);
      tierChanges += changes.length;
      tiers.settle(
        card,
        standing,
        {
          tier: after.tier,
          pending: after.pendingTier,
          periodPoints: after.periodPoints,
          periodStart: after.periodStart,
        },
        changes,
        origin,
      );
    }
    return { day: today, cards, activated, autoRedeemed, expired, tierChanges };
  }

  /** Every card with points, pending points or a tier, once each. */
  *#cardIds(): Generator<string> {
    const { loyaltyCards, pendingPoints, tiers } = this.deps;
    yield* loyaltyCards.cardIds();
    for (const id of pendingPoints.cardIds()) if (!loyaltyCards.keeps(id)) yield id;
    for (const id of tiers.memberIds()) if (!loyaltyCards.keeps(id) && !pendingPoints.keeps(id)) yield id;
  }

  /** What the night needs of a loyalty programme, or nothing for a campaign that is not one. */
  #programme(campaignId: string): ProgrammeNight | undefined {
    const campaign = this.deps.loyalties.findProgramme(campaignId);
    return campaign
      ? { auto: this.deps.rewards.autoRedeemOf(campaign.id), settings: this.deps.tiers.settingsOf(campaign) }
      : undefined;
  }

  /** Redeems a card's automatic reward up to `count` times, as the `AUTO_REDEEM` channel; stops when the reward runs out. */
  #autoRedeem(code: string, rewardId: string, count: number, origin: Origin): number {
    const redemptionOrigin: Origin<'requestId' | 'channel'> = {
      ...origin,
      requestId: origin.requestId ?? this.context.ids('auto'),
      channel: { channel_id: 'nightly', channel_type: 'AUTO_REDEEM' },
    };
    for (let done = 0; done < count; done += 1) {
      try {
        this.deps.rewardRedeemer.redeem(code, { reward: { id: rewardId } }, redemptionOrigin);
      } catch (error) {
        // Out of stock (or gone): the night redeems what it could. Anything else is a fault.
        if (!(error instanceof ApiError)) throw error;
        return done;
      }
    }
    return count;
  }

  /**
   * The project's time zone changed: the next run is at the next midnight of the new one. A night
   * that came under the old zone and has not run yet stays due.
   */
  #rezone(): void {
    this.#zone.value = this.#timeZone();
    if (this.context.clock.now() >= this.#nextAt.value) return;
    this.#nextAt.value = this.#midnightAfter(this.#today());
    this.#arm();
  }

  #timeZone(): string {
    return this.deps.timeZone() ?? 'UTC';
  }

  #today(): CalendarDate {
    return calendarDateAt(this.context.clock.now(), this.#timeZone());
  }

  #midnightAfter(today: CalendarDate): number {
    return startOfCalendarDate(addDays(today, 1), this.#timeZone());
  }

  /**
   * In the `auto` scheduler mode, a timer at each midnight (unref'd, so it never keeps a process
   * alive; not a scheduler task, which `drain` would run over and over). A manual scheduler leaves
   * the runs to requests and tests. The timer is not state, the instant is: a snapshot's restore
   * takes `#nextAt` back and sets the timer again for it.
   */
  #arm(): void {
    const { scheduler, clock } = this.context;
    if (scheduler.mode !== 'auto') return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    const timer = setTimeout(
      () => {
        this.catchUp();
        this.#arm();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, this.#nextAt.value - clock.now())),
    );
    timer.unref?.();
    this.#timer = timer;
  }
}
