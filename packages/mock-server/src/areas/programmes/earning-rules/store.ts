import type { EarningCalculationType, TierChange } from '@voucherkit/domain';
import type { ServiceContext } from '../../../core/context.js';
import type { EventLog, EventType } from '../../../core/event-log.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { type ListOrder, type Page, type SortedPageQuery, pageOf } from '../../../core/list.js';
import { RedeemableWindows } from '../../../core/redeemable-windows.js';
import type { Resource } from '../../../core/resource.js';
import { creationOrder } from '../../../core/sorted-page.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import { simpleCampaign } from '../../campaigns/vouchers/shapes.js';
import type { Campaign } from '../../campaigns/vouchers/types.js';
import type { SegmentStore } from '../../customers/segments/store.js';
import type { ValidationRuleStore } from '../../rules/validation-rules/store.js';
import type { LoyaltyStore } from '../loyalties/store.js';

/** An earning rule as the API shows it (`ern_…`). */
export type EarningRule = Resource<'EarningRule'>;

/** One new earning rule as `POST /v1/loyalties/{campaignId}/earning-rules` takes it. */
export type EarningRuleInput = Resource<'LoyaltyEarningRuleCreateRequest'>[number];

/** Changes to an earning rule (`PUT …/earning-rules/{earningRuleId}`). */
export type EarningRuleChanges = Resource<'LoyaltyEarningRuleUpdateRequest'>;

/**
 * What can earn points: a paid order, entering a segment, a tier change, or a custom event (any
 * other name).
 */
export type EarningEventFamily = 'order' | 'segment' | 'tier' | 'custom';

/**
 * The tier events an earning rule may listen to, by the change that records each
 * (`TierChange.event`): named once, where a name joined for every change would be a new string.
 */
export const TIER_EVENTS = {
  joined: 'customer.loyalty.tier.joined',
  left: 'customer.loyalty.tier.left',
  upgraded: 'customer.loyalty.tier.upgraded',
  downgraded: 'customer.loyalty.tier.downgraded',
  prolonged: 'customer.loyalty.tier.prolonged',
} as const satisfies Record<NonNullable<TierChange['event']>, EventType>;

/** The names of {@link TIER_EVENTS}. */
export const TIER_EVENT_NAMES: ReadonlySet<string> = new Set(Object.values(TIER_EVENTS));

/**
 * The family of an earning rule's event.
 *
 * @param event - The rule's `event`.
 * @returns Its family; every name that is not a known event is a custom event's.
 */
const earningEventFamily = (event: string): EarningEventFamily => {
  if (event === 'order.paid') return 'order';
  if (event === 'customer.segment.entered') return 'segment';
  return TIER_EVENT_NAMES.has(event) ? 'tier' : 'custom';
};

/** What a proportional rule may count, by event (decision 0039). */
const CALCULATIONS: Readonly<Record<EarningEventFamily, readonly EarningCalculationType[]>> = {
  order: [
    'ORDER_AMOUNT',
    'ORDER_TOTAL_AMOUNT',
    'ORDER_METADATA',
    'ORDER_ITEMS_QUANTITY',
    'ORDER_ITEMS_AMOUNT',
    'ORDER_ITEMS_SUBTOTAL_AMOUNT',
    'CUSTOMER_METADATA',
  ],
  segment: ['CUSTOMER_METADATA'],
  tier: ['CUSTOMER_METADATA'],
  custom: ['CUSTOMER_METADATA', 'CUSTOM_EVENT_METADATA'],
};

/** Where each calculation type keeps its `every`/`points`: the group and the key in it. */
const LEAF_OF: Readonly<Record<EarningCalculationType, readonly [string, string]>> = {
  ORDER_AMOUNT: ['order', 'amount'],
  ORDER_TOTAL_AMOUNT: ['order', 'total_amount'],
  ORDER_METADATA: ['order', 'metadata'],
  ORDER_ITEMS_QUANTITY: ['order_items', 'quantity'],
  ORDER_ITEMS_AMOUNT: ['order_items', 'amount'],
  ORDER_ITEMS_SUBTOTAL_AMOUNT: ['order_items', 'subtotal_amount'],
  CUSTOMER_METADATA: ['customer', 'metadata'],
  CUSTOM_EVENT_METADATA: ['custom_event', 'metadata'],
};

/** How many earning rules a project may have, as the service limits them. */
const MAX_EARNING_RULES = 100;

/** The fields `PUT` may change; the rest of a body is ignored. */
const UPDATABLE = [
  'validation_rule_id',
  'loyalty',
  'active',
  'start_date',
  'expiration_date',
  'pending_points',
  'expiration_rules',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
  'metadata',
] as const;

/** The sort orders of `GET …/earning-rules`. */
export type EarningRuleListQuery = SortedPageQuery<ListOrder<'created_at' | 'updated_at'>>;

/**
 * What the earning rules read of the project's tiers: whether a tier named by a tier-event rule
 * exists (a tier of any programme).
 */
export interface TierLookup {
  /** Whether the project has the tier (`ltr_…`). */
  has(id: string): boolean;
}

type Loyalty = EarningRule['loyalty'];

/**
 * The earning rules of the project's loyalty programmes (`ern_…`): what gives members points and
 * when. The rules only say; the points earner (`reactions.ts`) listens to the project's events and
 * asks {@link EarningRuleStore.forEvent} which rules fire.
 */
export class EarningRuleStore {
  /** Rules by id, in creation order. */
  readonly #rules: TrackedMap<string, EarningRule>;
  readonly #windows = new RedeemableWindows();

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: {
      readonly loyalties: LoyaltyStore;
      readonly segments: SegmentStore;
      readonly validationRules: ValidationRuleStore;
      readonly events: EventLog;
      readonly tiers: () => TierLookup;
    },
  ) {
    this.#rules = context.tracked.map();
  }

  /** Number of earning rules in the project. */
  get size(): number {
    return this.#rules.size;
  }

  /**
   * Creates earning rules in a loyalty campaign, all or none: each is checked before any is
   * stored. A segment rule makes its passive segment active.
   *
   * @throws ApiError 404 for an unknown campaign, segment, tier or validation rule; 400
   *   `invalid_payload` for a rule without `event` or `loyalty`, a calculation its event cannot
   *   count, pending points on a rule that is not `order.paid`, or more than
   *   {@link MAX_EARNING_RULES} rules in the project.
   */
  create(programmeRef: string, inputs: readonly EarningRuleInput[], origin: Origin = {}): EarningRule[] {
    const campaign = this.deps.loyalties.programme(programmeRef);
    if (this.#rules.size + inputs.length > MAX_EARNING_RULES) {
      throw ApiError.invalidPayload(
        `A project can have at most ${MAX_EARNING_RULES} earning rules; it has ${this.#rules.size}.`,
      );
    }
    const rules = inputs.map((input, index) => this.#build(campaign, input, `[${index}]`));
    const now = this.context.timestamp();
    return rules.map((fields) => {
      const rule = { ...fields, id: this.context.ids('ern'), created_at: now, updated_at: null } as EarningRule;
      if (rule.segment) this.deps.segments.activate(rule.segment.id, origin);
      this.#rules.set(rule.id, rule);
      this.#announce('campaign.earning_rule.assigned', campaign, rule, origin);
      return rule;
    });
  }

  /** A page of a campaign's earning rules, newest first unless `order` says otherwise. */
  list(programmeRef: string, query: EarningRuleListQuery = {}): Page<EarningRule> {
    return pageOf(
      creationOrder(this.of(this.deps.loyalties.programme(programmeRef).id), query.order ?? '-created_at'),
      query,
    );
  }

  /** The earning rules of a campaign, oldest first. */
  of(campaignId: string): EarningRule[] {
    return [...this.#rules.values()].filter((rule) => rule.source.object_id === campaignId);
  }

  /**
   * A rule of a campaign.
   * @throws ApiError 404 for an unknown campaign, or a rule that is not the campaign's.
   */
  get(programmeRef: string, id: string): EarningRule {
    const campaign = this.deps.loyalties.programme(programmeRef);
    const rule = this.#rules.get(id);
    if (!rule || rule.source.object_id !== campaign.id) throw ApiError.notFound('earning_rule', id);
    return rule;
  }

  /** The rule with this id, whatever its campaign, if any. */
  find(id: string): EarningRule | undefined {
    return this.#rules.get(id);
  }

  /**
   * Changes what `PUT` may change; `event`, `segment`, `custom_event` and `loyalty_tier` stay.
   * `pending_points: null` removes the waiting period.
   *
   * @throws ApiError 404; 400 `invalid_payload` for a `loyalty` the rule's event cannot count or
   *   pending points on a rule that is not `order.paid`.
   */
  update(programmeRef: string, id: string, changes: EarningRuleChanges, origin: Origin = {}): EarningRule {
    const before = this.get(programmeRef, id);
    const campaign = this.deps.loyalties.programme(programmeRef);
    const sent = Object.fromEntries(
      UPDATABLE.filter((key) => changes[key] !== undefined).map((key) => [key, changes[key]]),
    );
    const banner = changes.source?.banner;
    const merged = {
      ...before,
      ...sent,
      ...(banner === undefined ? {} : { source: { ...before.source, banner } }),
    } as EarningRuleInput & EarningRule;
    const fields = this.#build(campaign, merged, '');
    const rule = { ...before, ...fields, updated_at: this.context.timestamp() } as EarningRule;
    if (changes.pending_points === null) delete (rule as { pending_points?: unknown }).pending_points;
    this.#rules.set(id, rule);
    this.#announce('campaign.earning_rule.updated', campaign, rule, origin);
    return rule;
  }

  /** Switches a rule on or off. @throws ApiError 404. */
  setActive(programmeRef: string, id: string, active: boolean, origin: Origin = {}): EarningRule {
    const before = this.get(programmeRef, id);
    const rule = { ...before, active, updated_at: this.context.timestamp() };
    this.#rules.set(id, rule);
    this.#announce(
      active ? 'campaign.earning_rule.enabled' : 'campaign.earning_rule.disabled',
      this.deps.loyalties.programme(programmeRef),
      rule,
      origin,
    );
    return rule;
  }

  /** Deletes a rule; points it gave stay. @throws ApiError 404. */
  delete(programmeRef: string, id: string, origin: Origin = {}): void {
    const rule = this.get(programmeRef, id);
    this.#rules.delete(id);
    this.#announce('campaign.earning_rule.deleted', this.deps.loyalties.programme(programmeRef), rule, origin);
  }

  /** Deletes the rules of a campaign that is gone, without events (the campaign's deletion tells of it). */
  releaseCampaign(campaignId: string): void {
    for (const rule of this.of(campaignId)) this.#rules.delete(rule.id);
  }

  /**
   * The rules that an event of this name fires at an instant: active, inside their own validity
   * window and their campaign's, of every loyalty campaign, oldest first.
   */
  forEvent(event: string, at: number = this.context.clock.now()): EarningRule[] {
    const fired: EarningRule[] = [];
    for (const rule of this.#rules.values()) {
      if (rule.event !== event) continue;
      const campaign = this.deps.loyalties.findProgramme(rule.source.object_id);
      if (campaign && this.#windows.check(rule as never, campaign as never, at).active) fired.push(rule);
    }
    return fired;
  }

  /** The stored fields of a rule from a request, checked. */
  #build(
    campaign: Campaign,
    input: EarningRuleInput,
    at: string,
  ): Omit<EarningRule, 'id' | 'created_at' | 'updated_at'> {
    const { event } = input as { event?: string };
    if (typeof event !== 'string' || event === '') throw ApiError.invalidPayload(`Property ${at}.event is required`);
    const family = earningEventFamily(event);
    const loyalty = loyaltyOf(input.loyalty as Loyalty | undefined, family, event, at);
    const raw = input as EarningRule & { pending_points?: EarningRule['pending_points'] | null };
    const pending = raw.pending_points ?? undefined;
    if (pending !== undefined && family !== 'order')
      throw ApiError.invalidPayload(`Property ${at}.pending_points is allowed only for order.paid rules`);
    if (raw.validity_timeframe && !raw.start_date)
      throw ApiError.invalidPayload(`Property ${at}.start_date is required with validity_timeframe`);
    const ruleId = raw.validation_rule_id ?? null;
    if (ruleId !== null && !this.deps.validationRules.has(ruleId)) throw ApiError.notFound('validation_rule', ruleId);
    const target = this.#target(family, raw, at);
    return {
      ...target,
      event,
      loyalty,
      ...(pending === undefined
        ? {}
        : { pending_points: { period_type: pending.period_type ?? 'DAY', period_value: pending.period_value } }),
      source: { banner: raw.source?.banner ?? '', object_id: campaign.id, object_type: 'campaign' },
      object: 'earning_rule',
      automation_id: raw.automation_id ?? this.context.ids('auto'),
      validation_rule_id: ruleId,
      active: raw.active ?? true,
      ...pickDefined(raw, [
        'start_date',
        'expiration_date',
        'validity_timeframe',
        'validity_day_of_week',
        'validity_hours',
        'expiration_rules',
      ]),
      metadata: raw.metadata ?? {},
    } as Omit<EarningRule, 'id' | 'created_at' | 'updated_at'>;
  }

  /** What the rule's event must concern: its segment, custom event schema or tier. */
  #target(
    family: EarningEventFamily,
    raw: EarningRule,
    at: string,
  ): Partial<Pick<EarningRule, 'segment' | 'custom_event' | 'loyalty_tier'>> {
    switch (family) {
      case 'segment': {
        const id = raw.segment?.id;
        if (!id)
          throw ApiError.invalidPayload(`Property ${at}.segment.id is required for customer.segment.entered rules`);
        this.deps.segments.get(id);
        return { segment: { id } };
      }
      case 'tier': {
        const id = raw.loyalty_tier?.id;
        if (!id) throw ApiError.invalidPayload(`Property ${at}.loyalty_tier.id is required for tier event rules`);
        if (id !== '__ANY__' && !this.deps.tiers().has(id)) throw ApiError.notFound('loyalty_tier', id);
        return { loyalty_tier: { id } };
      }
      case 'custom': {
        const schemaId = raw.custom_event?.schema_id;
        if (!schemaId)
          throw ApiError.invalidPayload(`Property ${at}.custom_event.schema_id is required for custom event rules`);
        return { custom_event: { schema_id: schemaId } };
      }
      default:
        return {};
    }
  }

  #announce(
    type:
      | 'campaign.earning_rule.assigned'
      | 'campaign.earning_rule.updated'
      | 'campaign.earning_rule.enabled'
      | 'campaign.earning_rule.disabled'
      | 'campaign.earning_rule.deleted',
    campaign: Campaign,
    rule: EarningRule,
    origin: Origin,
  ): void {
    if (origin.silent === true) return;
    this.deps.events.record(type, {
      entityId: rule.id,
      data: { campaign: simpleCampaign(campaign), earning_rule: rule },
      origin,
    });
  }
}

const pickDefined = (record: object, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(
    keys.flatMap((key) =>
      (record as Record<string, unknown>)[key] == null ? [] : [[key, (record as Record<string, unknown>)[key]]],
    ),
  );

/** A whole number of points, from a number or a numeric string (the service's own examples send `"5"`). */
const wholePoints = (value: unknown, at: string): number => {
  const points = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof points !== 'number' || !Number.isInteger(points) || points < 0)
    throw ApiError.invalidPayload(`Property ${at} should be a non-negative integer`);
  return points;
};

/** The rule's `loyalty`, checked against what its event can count, with points as numbers. */
const loyaltyOf = (loyalty: Loyalty | undefined, family: EarningEventFamily, event: string, at: string): Loyalty => {
  if (loyalty === undefined || loyalty === null || typeof loyalty !== 'object')
    throw ApiError.invalidPayload(`Property ${at}.loyalty is required`);
  const { type } = loyalty as { type?: string };
  if (type === 'FIXED') {
    const fixed = loyalty as { points?: unknown; points_formula?: string };
    return { ...fixed, type: 'FIXED', points: wholePoints(fixed.points ?? 0, `${at}.loyalty.points`) } as Loyalty;
  }
  if (type !== 'PROPORTIONAL')
    throw ApiError.invalidPayload(`Property ${at}.loyalty.type should be one of: FIXED, PROPORTIONAL`);
  const calculation = (loyalty as { calculation_type?: EarningCalculationType }).calculation_type;
  const allowed = CALCULATIONS[family];
  if (calculation === undefined || !allowed.includes(calculation)) {
    throw ApiError.invalidPayload(
      `Property ${at}.loyalty.calculation_type should be one of: ${allowed.join(', ')} for ${event} rules`,
    );
  }
  const [group, key] = LEAF_OF[calculation];
  const leaf = ((loyalty as unknown as Record<string, Record<string, Record<string, unknown>> | undefined>)[group] ??
    {})[key];
  if (!leaf)
    throw ApiError.invalidPayload(`Loyalty ${group} rules must contain the property '${key}' for ${calculation}`);
  const every = Number(leaf['every']);
  if (!Number.isFinite(every) || every <= 0)
    throw ApiError.invalidPayload(`Property ${at}.loyalty.${group}.${key}.every should be a positive number`);
  const normalized = {
    ...leaf,
    every,
    points: wholePoints(leaf['points'] ?? 0, `${at}.loyalty.${group}.${key}.points`),
  };
  return { ...loyalty, [group]: { [key]: normalized } } as Loyalty;
};
