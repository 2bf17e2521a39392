import {
  type EarningInput,
  type EarningRuleLoyalty,
  type PointsExpirationRules,
  type PointsMapping,
  earnedPoints,
} from '@voucherkit/domain';
import { addDays } from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import { type EventLog, INTERNAL_SOURCE, type ServiceEvent, causedBy } from '../../../core/event-log.js';
import { RedeemableWindows } from '../../../core/redeemable-windows.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import type { LoyaltyCardLedger } from '../../campaigns/loyalty-cards/ledger.js';
import type { PublicationStore } from '../../campaigns/publications/store.js';
import { simpleCampaign, simpleVoucher } from '../../campaigns/vouchers/shapes.js';
import type { VoucherStore } from '../../campaigns/vouchers/store.js';
import type { Campaign, StoredVoucher } from '../../campaigns/vouchers/types.js';
import type { ProductCollectionStore } from '../../catalog/product-collections/store.js';
import { simpleCustomer } from '../../customers/customers/profile.js';
import type { Customer, CustomerStore } from '../../customers/customers/store.js';
import type { Order, OrderStore } from '../../customers/orders/store.js';
import type { SegmentStore } from '../../customers/segments/store.js';
import type { ValidationRuleStore } from '../../rules/validation-rules/store.js';
import type { LoyaltyStore } from '../loyalties/store.js';
import type { PendingPointsStore } from '../pending-points/store.js';
import { type EarningRule, type EarningRuleStore, TIER_EVENT_NAMES } from './store.js';

/**
 * Something that may earn points: a paid order, a customer entering a segment, a custom event,
 * or a member's tier change, for one customer.
 */
export interface EarningOccasion {
  /** The name earning rules give it: `order.paid`, `customer.segment.entered`, a tier event or a custom event's name. */
  readonly event: string;
  /** The customer who earns. */
  readonly customerId: string;
  /** The paid order. */
  readonly order?: Order | undefined;
  /** The segment entered. */
  readonly segment?: { readonly id: string; readonly name: string } | undefined;
  /** The custom event, with its metadata. */
  readonly customEvent?:
    | { readonly id: string; readonly type: string; readonly metadata: Readonly<Record<string, unknown>> }
    | undefined;
  /** The card a custom event names (`loyalty.code`): it earns for its own programme. */
  readonly cardCode?: string | null | undefined;
  /** The tier of a tier event, and its programme. */
  readonly tier?: { readonly id: string; readonly campaignId: string } | undefined;
  /** The recorded event that brought it, for the transaction's details. */
  readonly trigger?: ServiceEvent | undefined;
}

/** The points a customer would earn for an order, rule by rule (`POST /v1/loyalties/{campaignId}/qualifications`). */
export interface PointsEstimate {
  /** All the rules' points together. */
  readonly points: number;
  /** Each rule that would give points, with its points. */
  readonly rules: readonly { readonly id: string; readonly points: number }[];
}

/**
 * What the earner reads of a member's tier: the tier's mapping for a rule, and the tier itself for
 * the transaction's details. Absent until the programme has tiers.
 */
export interface MemberTiers {
  /** The member's tier mapping for an earning rule or a reward, if the member's tier has one. */
  mappingOf(card: StoredVoucher, kind: 'earning_rules' | 'rewards', id: string): PointsMapping | null;
  /** The member's tier, if any. */
  tierOf(card: StoredVoucher): { readonly id: string; readonly name: string } | null;
}

/** The stores the earner reads and writes. */
export interface EarnerDeps {
  /** The rules that fire. */
  readonly earningRules: EarningRuleStore;
  /** The programmes. */
  readonly loyalties: LoyaltyStore;
  /** The cards. */
  readonly vouchers: VoucherStore;
  /** The cards' points. */
  readonly loyaltyCards: LoyaltyCardLedger;
  /** Points that wait for their day. */
  readonly pendingPoints: PendingPointsStore;
  /** Who holds which card; auto-join publishes through it. */
  readonly publications: PublicationStore;
  /** The earning customers. */
  readonly customers: CustomerStore;
  /** Segments, for validation rules on segments. */
  readonly segments: SegmentStore;
  /** Collections, for rules on the lines of a collection. */
  readonly productCollections: ProductCollectionStore;
  /** Validation rules that earning rules name. */
  readonly validationRules: ValidationRuleStore;
  /** Stored orders, which an estimate may name. */
  readonly orders: OrderStore;
  /** The project's events, which the earner listens to and adds to. */
  readonly events: EventLog;
  /** The members' tiers. */
  readonly tiers: () => MemberTiers;
  /** The project's time zone. */
  readonly timeZone: () => string | undefined;
}

/**
 * Gives members the points their programmes' earning rules promise. It reacts to the project's
 * event log (decision 0037: nothing below the programmes calls them): `customer.order.paid`,
 * `customer.segment.entered`, `customer.custom_event` and the tier events. For each loyalty
 * campaign with rules that fire, the customer's card there earns, or, with `auto_join`, a card
 * published to them then; every rule whose validation rule passes adds its points, each in a
 * `POINTS_ACCRUAL` transaction, or as pending points when an `order.paid` rule has a waiting
 * period.
 */
export class PointsEarner {
  readonly #windows = new RedeemableWindows();

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: EarnerDeps,
  ) {}

  /** Starts reacting to the project's events. */
  listen(): void {
    this.deps.events.subscribe((event) => {
      // A tier event's payload is made when first read: it is read only when a rule listens to the event.
      if (TIER_EVENT_NAMES.has(event.type) && this.deps.earningRules.forEvent(event.type).length === 0) return;
      const occasion = occasionOf(event);
      if (occasion) this.earn(occasion, causedBy(event, INTERNAL_SOURCE));
    });
  }

  /** Adds the points an occasion earns to the customer's cards, programme by programme. */
  earn(occasion: EarningOccasion, origin: Origin = {}): void {
    const rules = this.#firing(occasion);
    if (rules.length === 0) return;
    const customer = this.deps.customers.find(occasion.customerId);
    if (!customer) return;
    for (const [campaignId, campaignRules] of byCampaign(rules)) {
      const campaign = this.deps.loyalties.findProgramme(campaignId);
      const card = campaign && this.#card(campaign, customer, occasion, origin);
      if (!campaign || !card) continue;
      for (const rule of campaignRules) this.#apply(rule, campaign, card, customer, occasion, origin);
    }
  }

  /**
   * The answer of `POST /v1/loyalties/{campaignId}/qualifications`: the points a customer would
   * earn in the programme for an order (inline, or stored and named by `id` or `source_id`, with
   * inline fields over the stored ones), changing nothing.
   *
   * @throws ApiError 404 for an unknown programme or order; 400 `campaign_not_active`,
   *   `loyalty_card_not_active` for a disabled card, `campaign_not_allow_auto_join` for a customer
   *   who is not a member of a programme without `auto_join`.
   */
  qualify(
    programmeRef: string,
    request: Resource<'LoyaltyQualificationRequest'>,
  ): Resource<'LoyaltyQualificationResult'> {
    const campaign = this.deps.loyalties.programme(programmeRef);
    if (!this.#windows.campaign(campaign as never, this.context.clock.now()).active) {
      throw new ApiError(400, 'campaign_not_active', 'Campaign not active', {
        details: `The campaign ${campaign.id} is not active.`,
      });
    }
    const sent = request.customer as Partial<Customer>;
    const stored = this.deps.customers.lookup(sent as never);
    const card = stored ? this.deps.publications.heldIn(stored.id, campaign.id) : undefined;
    if (card?.active === false)
      throw new ApiError(400, 'loyalty_card_not_active', 'Loyalty card not active', {
        details: `The loyalty card ${card.code} is disabled.`,
      });
    if (!card && campaign.auto_join !== true) {
      throw new ApiError(
        400,
        'campaign_not_allow_auto_join',
        'Loyalty campaign does not allow auto-join for non-members',
        {
          details: `Campaign ${campaign.id} does not let customers join automatically.`,
        },
      );
    }
    const customer = stored
      ? ({ ...stored, ...(sent.metadata ? { metadata: { ...stored.metadata, ...sent.metadata } } : {}) } as Customer)
      : ({ id: '', metadata: sent.metadata ?? {} } as Customer);
    const estimate = this.estimate(campaign, customer, this.#order(request.order as Resource<'Order'>), card);
    return {
      campaign: { id: campaign.id, name: campaign.name ?? '', object: 'campaign' },
      points_estimation: estimate.points,
      earning_rules: estimate.rules.map((rule) => ({ id: rule.id, points: rule.points })),
    };
  }

  /**
   * The points a customer would earn in a programme for an order under its active `order.paid`
   * rules, changing nothing; a customer without a card is estimated as a member with no tier.
   */
  estimate(
    campaign: Campaign,
    customer: Customer | undefined,
    order: Order,
    card: StoredVoucher | undefined = customer ? this.deps.publications.heldIn(customer.id, campaign.id) : undefined,
  ): PointsEstimate {
    const occasion: EarningOccasion = { event: 'order.paid', customerId: customer?.id ?? '', order };
    const estimated = this.deps.earningRules
      .forEvent('order.paid')
      .filter((rule) => rule.source.object_id === campaign.id && this.#passes(rule, customer, occasion))
      .map((rule) => ({ id: rule.id, points: this.#points(rule, card, customer, occasion) }))
      .filter((entry) => entry.points > 0);
    return { points: estimated.reduce((sum, entry) => sum + entry.points, 0), rules: estimated };
  }

  /** The order of an estimate: the stored one it names, with the inline fields over it, priced as a stored order would be. */
  #order(sent: Resource<'Order'>): Order {
    const ref = sent.id ?? sent.source_id;
    const stored = ref ? this.deps.orders.find(ref) : undefined;
    if (sent.id && !stored) throw ApiError.notFound('order', sent.id);
    const merged = { ...stored, ...sent } as Resource<'Order'>;
    const calculated = this.deps.orders.calculate(merged as never);
    return { ...merged, ...calculated, metadata: merged.metadata ?? {} } as Order;
  }

  /** The rules an occasion fires: of its event, for its segment, tier or custom event. */
  #firing(occasion: EarningOccasion): EarningRule[] {
    return this.deps.earningRules.forEvent(occasion.event).filter((rule) => {
      if (rule.segment) return rule.segment.id === occasion.segment?.id;
      if (rule.loyalty_tier) {
        const { tier } = occasion;
        return (
          tier !== undefined &&
          (rule.loyalty_tier.id === tier.id ||
            (rule.loyalty_tier.id === '__ANY__' && rule.source.object_id === tier.campaignId))
        );
      }
      return true;
    });
  }

  /** The card that earns in a programme: the one the occasion names, the customer's, or a new one when the programme lets customers join by earning. */
  #card(campaign: Campaign, customer: Customer, occasion: EarningOccasion, origin: Origin): StoredVoucher | undefined {
    const named = occasion.cardCode ? this.deps.vouchers.find(occasion.cardCode) : undefined;
    const card =
      named?.campaign_id === campaign.id && named.holder_id === customer.id
        ? named
        : this.deps.publications.heldIn(customer.id, campaign.id);
    if (card) return card.active === false || !this.deps.vouchers.checkValidity(card.id).active ? undefined : card;
    if (campaign.auto_join !== true) return undefined;
    try {
      return this.deps.publications.publishOne(
        { campaign: { name: campaign.id }, customer: { id: customer.id } },
        { joinOnce: true },
        origin,
      );
    } catch {
      // A programme with no card left to hand out lets the customer earn nothing, as the service does.
      return undefined;
    }
  }

  #apply(
    rule: EarningRule,
    campaign: Campaign,
    card: StoredVoucher,
    customer: Customer,
    occasion: EarningOccasion,
    origin: Origin,
  ): void {
    if (!this.#passes(rule, customer, occasion)) return;
    const points = this.#points(rule, card, customer, occasion);
    if (points <= 0) return;
    const tier = this.deps.tiers().tierOf(card);
    const mapped = this.deps.tiers().mappingOf(card, 'earning_rules', rule.id) ? tier : null;
    const trigger = occasion.trigger;
    const event = trigger
      ? {
          id: trigger.id,
          type: trigger.type,
          group_id: trigger.group_id,
          entity_id: trigger.entity_id,
          created_at: trigger.created_at,
          category: 'EFFECT' as const,
          event_source: trigger.event_source,
        }
      : undefined;
    const earningRule = { id: rule.id, source: { banner: rule.source.banner } };
    const rules = (rule.expiration_rules ?? null) as PointsExpirationRules | null;
    const { order } = occasion;
    if (rule.pending_points && order) {
      const details = {
        ...(mapped ? { loyalty_tier: mapped } : {}),
        ...(tier ? { holder_loyalty_tier: tier } : {}),
        event: { ...(event as NonNullable<typeof event>), type: 'customer.order.paid' as const },
        earning_rule: earningRule,
        order: { id: order.id, source_id: order.source_id ?? null },
      };
      const activatesAt = addDays(this.deps.loyaltyCards.today(), rule.pending_points.period_value ?? 1);
      this.deps.pendingPoints.add(
        card,
        { points, activatesAt, order, details: details as never, expirationRules: rules },
        origin,
      );
      return;
    }
    const change = this.deps.loyaltyCards.credit(
      card.id,
      {
        points,
        type: 'POINTS_ACCRUAL',
        expiry: { type: 'RULES', rules },
        source: 'Automation',
        operation_type: 'AUTOMATIC',
        details: {
          ...(order ? { order: { id: order.id, source_id: order.source_id ?? null } } : {}),
          ...(event ? { event: { id: event.id, type: event.type } } : {}),
          earning_rule: earningRule,
          ...(occasion.segment ? { segment: occasion.segment } : {}),
          ...(occasion.customEvent
            ? { custom_event: { id: occasion.customEvent.id, type: occasion.customEvent.type } }
            : {}),
          ...(mapped ? { loyalty_tier: mapped } : {}),
          ...(tier ? { holder_loyalty_tier: tier } : {}),
        },
      },
      origin,
    );
    if (origin.silent === true) return;
    this.deps.events.record('customer.rewarded.loyalty_points', {
      entityId: customer.id,
      data: {
        customer: simpleCustomer(customer),
        holder: simpleCustomer(customer),
        voucher: simpleVoucher(change.voucher),
        campaign: simpleCampaign(campaign),
        earning_rule: rule,
        balance: change.balance as Resource<'VoucherBalance'>,
        order: (order ?? null) as never,
        ...(event
          ? {
              event: {
                id: event.id,
                type: event.type,
                category: 'EFFECT',
                entity_id: event.entity_id,
                created_at: event.created_at,
                group_id: event.group_id,
              },
            }
          : {}),
      },
      origin,
    });
  }

  /** Whether the rule's validation rule, if it has one, lets the occasion earn. */
  #passes(rule: EarningRule, customer: Customer | undefined, occasion: EarningOccasion): boolean {
    const ruleId = rule.validation_rule_id;
    if (!ruleId) return true;
    if (!this.deps.validationRules.has(ruleId)) return false;
    const { order } = occasion;
    const timeZone = this.deps.timeZone();
    return this.deps.validationRules.evaluatorOf(ruleId)({
      now: this.context.clock.now(),
      ...(timeZone === undefined ? {} : { timeZone }),
      customer: customer
        ? {
            id: customer.id,
            source_id: customer.source_id ?? null,
            metadata: customer.metadata ?? {},
            segment_ids: this.deps.segments.segmentsOf(customer).map((segment) => segment.id),
          }
        : null,
      order: order
        ? {
            amount: order.total_amount ?? order.amount ?? 0,
            initial_amount: order.amount ?? 0,
            metadata: order.metadata ?? {},
            items: (order.items ?? []) as never,
          }
        : null,
      custom_event: occasion.customEvent ? { metadata: occasion.customEvent.metadata } : null,
    }).valid;
  }

  /** The points a rule gives for the occasion, with the card's tier mapping. */
  #points(
    rule: EarningRule,
    card: StoredVoucher | undefined,
    customer: Customer | undefined,
    occasion: EarningOccasion,
  ): number {
    const loyalty = rule.loyalty as EarningRuleLoyalty;
    const mapping = card ? this.deps.tiers().mappingOf(card, 'earning_rules', rule.id) : null;
    return earnedPoints(loyalty, this.#input(loyalty, customer, occasion), mapping);
  }

  /** What the rule counts: the order with its lines (and the collections the rule names), the customer, the custom event. */
  #input(loyalty: EarningRuleLoyalty, customer: Customer | undefined, occasion: EarningOccasion): EarningInput {
    const { order } = occasion;
    const collections = namedCollections(loyalty);
    const timeZone = this.deps.timeZone();
    const items = (order?.items ?? []).map((item) => ({
      product_id: item.product_id ?? null,
      sku_id: item.sku_id ?? null,
      quantity: item.quantity ?? null,
      amount: item.amount ?? null,
      subtotal_amount: item.subtotal_amount ?? item.amount ?? null,
      collection_ids: collections.filter((id) => this.#inCollection(id, item.product_id, item.sku_id)),
    }));
    return {
      order: order
        ? {
            amount: order.amount ?? null,
            total_amount: order.total_amount ?? null,
            metadata: order.metadata ?? {},
            items,
          }
        : null,
      customer: customer ? { metadata: customer.metadata ?? {} } : null,
      customEvent: occasion.customEvent ? { metadata: occasion.customEvent.metadata } : null,
      formula: {
        now: this.context.clock.now(),
        ...(timeZone === undefined ? {} : { timeZone }),
        ...(order
          ? {
              order: {
                amount: order.amount ?? null,
                metadata: order.metadata ?? {},
                items: (order.items ?? []) as never,
              },
            }
          : {}),
        ...(customer ? { customer: { metadata: customer.metadata ?? {}, birthdate: customer.birthdate ?? null } } : {}),
      },
    };
  }

  #inCollection(id: string, productId: string | null | undefined, skuId: string | null | undefined): boolean {
    try {
      return this.deps.productCollections.includes(id, {
        productId: productId ?? undefined,
        skuId: skuId ?? undefined,
      });
    } catch {
      // A collection deleted since the rule was made holds nothing.
      return false;
    }
  }
}

/** The collections a proportional order-items rule names. */
const namedCollections = (loyalty: EarningRuleLoyalty): string[] => {
  if (loyalty.type !== 'PROPORTIONAL' || !loyalty.order_items) return [];
  const leaves = [loyalty.order_items.quantity, loyalty.order_items.amount, loyalty.order_items.subtotal_amount];
  return leaves.flatMap((leaf) => [
    ...(leaf?.object === 'products_collection' && leaf.id ? [leaf.id] : []),
    ...(leaf?.applicable_to ?? [])
      .filter((target) => target.object === 'products_collection')
      .map((target) => target.id),
  ]);
};

const byCampaign = (rules: readonly EarningRule[]): Map<string, EarningRule[]> => {
  const grouped = new Map<string, EarningRule[]>();
  for (const rule of rules) grouped.set(rule.source.object_id, [...(grouped.get(rule.source.object_id) ?? []), rule]);
  return grouped;
};

/** The earning occasion a recorded event is, if it is one. */
const occasionOf = (event: ServiceEvent): EarningOccasion | undefined => {
  switch (event.type) {
    case 'customer.order.paid': {
      const { order } = event.data as { order: Order };
      return order.customer_id
        ? { event: 'order.paid', customerId: order.customer_id, order, trigger: event }
        : undefined;
    }
    case 'customer.segment.entered': {
      const { segment } = event.data as { segment: { id: string; name: string } };
      return {
        event: 'customer.segment.entered',
        customerId: event.entity_id,
        segment: { id: segment.id, name: segment.name },
        trigger: event,
      };
    }
    case 'customer.custom_event': {
      const custom = (
        event.data as {
          event: {
            id: string;
            type: string;
            metadata?: Record<string, unknown> | null;
            loyalty?: { code?: string } | null;
          };
        }
      ).event;
      return {
        event: custom.type,
        customerId: event.entity_id,
        customEvent: { id: custom.id, type: custom.type, metadata: custom.metadata ?? {} },
        cardCode: custom.loyalty?.code ?? null,
        trigger: event,
      };
    }
    default: {
      if (!TIER_EVENT_NAMES.has(event.type)) return undefined;
      type Tier = { id: string; campaign_id?: string } | null | undefined;
      const data = event.data as {
        loyalty_tier?: Tier;
        loyalty_tier_to?: Tier;
        loyalty_tier_from?: Tier;
        customer?: { id?: string } | null;
      };
      // The tier the event concerns: the one joined, kept or left, or moved to (moved from when moving out of every tier).
      const tier = data.loyalty_tier ?? data.loyalty_tier_to ?? data.loyalty_tier_from;
      return tier
        ? {
            event: event.type,
            customerId: data.customer?.id ?? event.entity_id,
            tier: { id: tier.id, campaignId: tier.campaign_id ?? '' },
            trigger: event,
          }
        : undefined;
    }
  }
};
