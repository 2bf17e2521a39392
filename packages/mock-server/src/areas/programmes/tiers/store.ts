import {
  type CalendarDate,
  type MemberTier,
  type PointsMapping,
  type TierChange,
  type TierQualification,
  type TierRange,
  evaluateMemberTier,
} from '@voucherkit/domain';
import { periodOf } from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import { type EventData, type EventLog, type ServiceEvent, causedBy } from '../../../core/event-log.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { interned } from '../../../core/interned.js';
import { type ListOrder, type Page, type SortedPageQuery, pageOf, sortByOrder } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import { simpleCampaign } from '../../campaigns/vouchers/shapes.js';
import type { Campaign, StoredVoucher } from '../../campaigns/vouchers/types.js';
import { type Customer, simpleCustomer } from '../../customers/customers/profile.js';
import type { CustomerStore } from '../../customers/customers/store.js';
import type { MemberTiers } from '../earning-rules/earner.js';
import { TIER_EVENTS, type TierLookup } from '../earning-rules/store.js';
import type { MemberCardStores } from '../loyalties/store.js';

/** A tier of a loyalty campaign as the API shows it (`ltr_…`). */
export type LoyaltyTier = Resource<'LoyaltyTier'>;

/** A new tier as `POST /v1/loyalties/{campaignId}/tiers` takes it. */
export type LoyaltyTierInput = Resource<'LoyaltyTiersCreateRequest'>[number];

/**
 * Whether a tier's points give a range: `points: {}`, as the official SDK's tests create a tier,
 * gives none, so the tier overlaps no other and no balance reaches it (decision 0058).
 */
const hasRange = (points: {
  readonly from?: number | null | undefined;
  readonly to?: number | null | undefined;
}): boolean => (points.from !== undefined && points.from !== null) || (points.to !== undefined && points.to !== null);

/** A member's place in the tiers of their programme, as the tier store keeps it. */
export interface MemberStanding {
  /** The tier held now. */
  readonly tier: MemberTier | null;
  /** A tier that starts with the next qualification period. */
  readonly pending: MemberTier | null;
  /** Points earned in the current qualification period. */
  readonly periodPoints: number;
  /** First day of that period. */
  readonly periodStart: CalendarDate;
  /** When the member first got a tier. */
  readonly created_at: string | null;
  /** When their tier last changed. */
  readonly updated_at: string | null;
}

/** Transactions whose points count as points earned in a qualification period. */
const EARNING = new Set(['POINTS_ACCRUAL', 'POINTS_ADDITION', 'POINTS_TRANSFER_IN', 'PENDING_POINTS_ACTIVATION']);

/** A member's tier: the members who got a tier on the same day share one. */
const sharedTier = interned((tier: MemberTier) => [tier.tier_id, tier.start_date, tier.expiration_date].join(' '));

/** What a tier event's payload is made from when first read: the holder, campaign and tiers as they were. */
interface TierShown {
  readonly event: keyof typeof TIER_EVENTS;
  readonly holder: Customer;
  readonly campaign: Resource<'SimpleCampaign'>;
  readonly at: string;
  readonly from: LoyaltyTier | undefined;
  readonly to: LoyaltyTier | undefined;
}

/** The payload of a tier event: the tiers it moved between, or the one it is about. */
const tierPayload = ({
  event,
  holder,
  campaign,
  at,
  from,
  to,
}: TierShown): EventData<(typeof TIER_EVENTS)[keyof typeof TIER_EVENTS]> => {
  const base = { customer: simpleCustomer(holder), campaign, created_at: at };
  // A tier deleted since leaves its side out (the spec has both: a move names two tiers that exist).
  if (event === 'upgraded' || event === 'downgraded')
    return { ...base, ...(from ? { loyalty_tier_from: from } : {}), ...(to ? { loyalty_tier_to: to } : {}) } as never;
  return { ...base, loyalty_tier: (event === 'left' ? from : to) as LoyaltyTier };
};

const NO_STANDING: MemberStanding = {
  tier: null,
  pending: null,
  periodPoints: 0,
  periodStart: '',
  created_at: null,
  updated_at: null,
};

/**
 * The tiers of the project's loyalty programmes and where each member stands in them. A member's
 * tier is evaluated by the domain (`evaluateMemberTier`, decision 0038) after every change of
 * their points, which the store learns of from the project's events, and by the nightly run;
 * each change is recorded as the service's `customer.loyalty.tier.*` event, which tier-event
 * earning rules react to.
 */
export class LoyaltyTierStore implements TierLookup, MemberTiers {
  /** Tiers by id, in creation order. */
  readonly #tiers: TrackedMap<string, LoyaltyTier>;
  /**
   * Each programme's tier ranges, as the domain reads them for every member; dropped when its
   * tiers change. A cache of `#tiers`, outside the image: a restore takes it back with them, and
   * a loaded image starts without it.
   */
  readonly #ranges: TrackedMap<string, readonly TierRange[]>;
  /** Members' standings by card id. */
  readonly #members: TrackedMap<string, MemberStanding>;
  // not state: true only while `paused` runs its work, which ends before any snapshot or restore can be made
  #paused = false;

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: MemberCardStores & {
      readonly customers: CustomerStore;
      readonly events: EventLog;
      readonly earningRuleExists: (id: string) => boolean;
    },
  ) {
    this.#tiers = context.tracked.map();
    this.#ranges = context.tracked.innerMap();
    this.#members = context.tracked.map();
    context.tracked.afterLoad(() => this.#ranges.clear());
  }

  /** Starts following the members' points: every change of a card's points re-evaluates its tier. */
  listen(): void {
    this.deps.events.subscribe(
      (event) => {
        if (!this.#paused) this.#onTransaction(event);
      },
      { type: 'voucher.loyalty_card.transaction.created' },
    );
  }

  /** Runs `work` without re-evaluating tiers on the way (the nightly run decides them itself). */
  paused<T>(work: () => T): T {
    const before = this.#paused;
    this.#paused = true;
    try {
      return work();
    } finally {
      this.#paused = before;
    }
  }

  /**
   * Adds tiers to a loyalty campaign, all or none, and places its members in them.
   *
   * @throws ApiError 404 for an unknown campaign or an earning rule a mapping names; 400
   *   `invalid_payload` for a range that overlaps another tier's or ends before it starts.
   */
  create(programmeRef: string, inputs: readonly LoyaltyTierInput[], origin: Origin = {}): LoyaltyTier[] {
    const campaign = this.deps.loyalties.programme(programmeRef);
    const ranges = this.of(campaign.id)
      .filter((tier) => hasRange(tier.config.points))
      .map((tier) => ({
        id: tier.id,
        from: tier.config.points.from ?? 0,
        to: tier.config.points.to ?? Number.POSITIVE_INFINITY,
      }));
    const now = this.context.timestamp();
    const tiers = inputs.map((input, index) => {
      const ranged = hasRange(input.points);
      const from = input.points.from ?? 0;
      const to = input.points.to ?? Number.POSITIVE_INFINITY;
      if (to < from) throw ApiError.invalidPayload(`Property [${index}].points.to should not be below points.from`);
      const overlapping = ranged ? ranges.find((range) => from <= range.to && range.from <= to) : undefined;
      if (overlapping)
        throw ApiError.invalidPayload(`Property [${index}].points overlaps the points of tier ${overlapping.id}`);
      for (const ruleId of Object.keys(input.earning_rules ?? {}))
        if (!this.deps.earningRuleExists(ruleId)) throw ApiError.notFound('earning_rule', ruleId);
      const id = this.context.ids('ltr');
      if (ranged) ranges.push({ id, from, to });
      const points = ranged ? { from, ...(input.points.to === undefined ? {} : { to: input.points.to }) } : {};
      return {
        id,
        name: input.name,
        campaign_id: campaign.id,
        metadata: input.metadata ?? {},
        created_at: now,
        updated_at: null,
        earning_rules: input.earning_rules ?? {},
        rewards: input.rewards ?? {},
        config: { points },
        points,
        object: 'loyalty_tier',
      } as LoyaltyTier;
    });
    this.#ranges.delete(campaign.id);
    for (const tier of tiers) {
      this.#tiers.set(tier.id, tier);
      if (origin.silent !== true)
        this.deps.events.record('campaign.loyalty_tier.created', {
          entityId: tier.id,
          data: { campaign: simpleCampaign(campaign), loyalty_tier: tier },
          origin,
        });
    }
    this.recalculate(campaign.id, origin);
    return tiers;
  }

  /** Evaluates the tier of every member of a campaign (new tiers, changed qualification settings). */
  recalculate(campaignId: string, origin: Origin = {}): void {
    for (const id of this.deps.vouchers.idsOfCampaign(campaignId))
      if (this.deps.vouchers.find(id)?.holder_id) this.evaluate(id, origin);
  }

  /** The tiers of a campaign, in creation order unless `order` says otherwise. */
  list(programmeRef: string, query: SortedPageQuery<ListOrder<'created_at' | 'updated_at'>> = {}): Page<LoyaltyTier> {
    const tiers = this.of(this.deps.loyalties.programme(programmeRef).id);
    return pageOf(query.order === undefined ? tiers : sortByOrder(tiers, query.order), {
      limit: query.limit ?? tiers.length,
    });
  }

  /** The tiers of a campaign, in creation order. */
  of(campaignId: string): LoyaltyTier[] {
    return [...this.#tiers.values()].filter((tier) => tier.campaign_id === campaignId);
  }

  /**
   * A tier of a campaign.
   * @throws ApiError 404 for an unknown campaign, or a tier that is not the campaign's.
   */
  get(programmeRef: string, id: string): LoyaltyTier {
    const campaign = this.deps.loyalties.programme(programmeRef);
    const tier = this.#tiers.get(id);
    if (!tier || tier.campaign_id !== campaign.id) throw ApiError.notFound('loyalty_tier', id);
    return tier;
  }

  /** {@inheritDoc TierLookup.has} */
  has(id: string): boolean {
    return this.#tiers.has(id);
  }

  /** The cards whose standing the store keeps, by id. */
  memberIds(): IterableIterator<string> {
    return this.#members.keys();
  }

  /** Where a member stands: their tier, a tier waiting for the next period, the period's points. */
  standing(cardId: string): MemberStanding {
    return this.#members.get(cardId) ?? NO_STANDING;
  }

  /** The tiers a member is in (none or one), each with the member's period in it. */
  memberTiers(card: StoredVoucher): LoyaltyTier[] {
    const { tier, created_at, updated_at } = this.standing(card.id);
    const held = tier ? this.#tiers.get(tier.tier_id) : undefined;
    if (!tier || !held) return [];
    const expiration = {
      customer_id: card.holder_id ?? '',
      campaign_id: held.campaign_id,
      tier_id: held.id,
      start_date: tier.start_date,
      ...(tier.expiration_date === null ? {} : { expiration_date: tier.expiration_date }),
      created_at: created_at ?? held.created_at,
      ...(updated_at === null ? {} : { updated_at }),
    };
    return [{ ...held, expiration }];
  }

  /** {@inheritDoc MemberTiers.mappingOf} */
  mappingOf(card: StoredVoucher, kind: 'earning_rules' | 'rewards', id: string): PointsMapping | null {
    const tierId = this.standing(card.id).tier?.tier_id;
    const tier = tierId === undefined ? undefined : this.#tiers.get(tierId);
    return ((tier?.[kind] as Record<string, PointsMapping> | undefined)?.[id] ?? null) as PointsMapping | null;
  }

  /** {@inheritDoc MemberTiers.tierOf} */
  tierOf(card: StoredVoucher): { readonly id: string; readonly name: string } | null {
    const tierId = this.standing(card.id).tier?.tier_id;
    const tier = tierId === undefined ? undefined : this.#tiers.get(tierId);
    return tier ? { id: tier.id, name: tier.name } : null;
  }

  /** The settings the domain evaluates a programme's members with. */
  settingsOf(campaign: Campaign): {
    readonly tiers: readonly TierRange[];
    readonly qualification: TierQualification | null;
  } {
    let tiers = this.#ranges.get(campaign.id);
    if (tiers === undefined) {
      // A tier without a range is reached by no balance.
      tiers = this.of(campaign.id)
        .filter((tier) => hasRange(tier.config.points))
        .map((tier) => ({ id: tier.id, points: tier.config.points }));
      this.#ranges.set(campaign.id, tiers);
    }
    return { tiers, qualification: (campaign.loyalty_tiers_expiration ?? null) as TierQualification | null };
  }

  /**
   * Evaluates a member's tier today on their balance and their points of the period, and records
   * what changed.
   */
  evaluate(cardId: string, origin: Origin = {}): TierChange | null {
    const card = this.deps.vouchers.find(cardId);
    const campaign = card?.campaign_id ? this.deps.loyalties.findProgramme(card.campaign_id) : undefined;
    if (!card || !campaign) return null;
    const { tiers, qualification } = this.settingsOf(campaign);
    if (tiers.length === 0) return null;
    const today = this.deps.loyaltyCards.today();
    const standing = this.#inPeriod(this.standing(card.id), qualification, today);
    const result = evaluateMemberTier({
      tiers,
      qualification,
      current: standing.tier,
      pending: standing.pending,
      balance: this.deps.loyaltyCards.balance(card.id),
      periodPoints: standing.periodPoints,
      today,
    });
    this.settle(
      card,
      standing,
      { ...standing, tier: result.tier, pending: result.pending },
      result.change ? [result.change] : [],
      origin,
    );
    return result.change;
  }

  /**
   * Stores a member's standing and records the tier changes that led to it, in order: each
   * `customer.loyalty.tier.<event>` with the tiers by their records.
   *
   * @param before - The standing the member had, as {@link LoyaltyTierStore.standing} answered it.
   * @param after - Their tiers and period now.
   */
  settle(
    card: StoredVoucher,
    before: MemberStanding,
    after: Pick<MemberStanding, 'tier' | 'pending' | 'periodPoints' | 'periodStart'>,
    changes: readonly TierChange[],
    origin: Origin = {},
  ): void {
    const now = this.context.timestamp();
    const moved = before.tier?.tier_id !== after.tier?.tier_id;
    this.#members.set(card.id, {
      tier: after.tier && sharedTier(after.tier),
      pending: after.pending && sharedTier(after.pending),
      periodPoints: after.periodPoints,
      periodStart: after.periodStart,
      created_at: before.created_at ?? (after.tier ? now : null),
      updated_at: moved && before.created_at !== null ? now : before.updated_at,
    });
    if (origin.silent === true) return;
    for (const change of changes) this.#announce(card, change, now, origin);
  }

  /** Forgets the tiers of a campaign that is gone, and its members' standings. */
  releaseCampaign(campaignId: string): void {
    for (const tier of this.of(campaignId)) this.#tiers.delete(tier.id);
    this.#ranges.delete(campaignId);
  }

  #onTransaction(event: ServiceEvent): void {
    // The event's transaction is its card's latest: the ledger records the event as it appends the
    // transaction, and subscribers hear it at once. Read from the log, the payload stays unmade.
    const transaction = this.deps.vouchers.transactions.latest(event.entity_id);
    if (!transaction) return;
    const points = transaction.details.balance?.points ?? 0;
    if (points > 0 && EARNING.has(transaction.type)) {
      const card = this.deps.vouchers.find(transaction.voucher_id);
      const campaign = card?.campaign_id ? this.deps.loyalties.findProgramme(card.campaign_id) : undefined;
      if (card && campaign) {
        const standing = this.#inPeriod(
          this.standing(card.id),
          this.settingsOf(campaign).qualification,
          this.deps.loyaltyCards.today(),
        );
        this.#members.set(card.id, { ...standing, periodPoints: standing.periodPoints + points });
      }
    }
    this.evaluate(transaction.voucher_id, causedBy(event));
  }

  /** The standing with its period points counted from the start of today's period. */
  #inPeriod(standing: MemberStanding, qualification: TierQualification | null, today: CalendarDate): MemberStanding {
    if (qualification?.qualification_type !== 'POINTS_IN_PERIOD') return standing;
    const start = periodOf(qualification.qualification_period, today).start;
    return standing.periodStart === start ? standing : { ...standing, periodStart: start, periodPoints: 0 };
  }

  #announce(card: StoredVoucher, change: TierChange, at: string, origin: Origin): void {
    const campaign = card.campaign_id ? this.deps.loyalties.findProgramme(card.campaign_id) : undefined;
    const holder = card.holder_id ? this.deps.customers.find(card.holder_id) : undefined;
    if (!change.event || !campaign || !holder) return;
    const from = change.tier_from === undefined ? undefined : this.#tiers.get(change.tier_from);
    const to = change.tier_to === undefined ? undefined : this.#tiers.get(change.tier_to);
    // The campaign in its short form: its records change with every card it makes, its short form does not.
    const args: TierShown = { event: change.event, holder, campaign: simpleCampaign(campaign), at, from, to };
    this.deps.events.record(TIER_EVENTS[change.event], {
      entityId: holder.id,
      make: tierPayload,
      args,
      origin,
    });
  }
}
