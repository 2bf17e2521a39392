import type { ValidationRulesEvaluator } from '@voucherkit/domain';
import type { Resource } from '../../core/resource.js';
import type { EventLog } from '../../core/event-log.js';
import type { CampaignStore } from '../campaigns/store.js';
import type { CategoryStore } from '../categories/store.js';
import type { CustomerStore } from '../customers/store.js';
import type { OrderStore } from '../orders/store.js';
import type { StackingRulesStore } from '../stacking-rules/store.js';
import type { VoucherStore } from '../vouchers/store.js';

/**
 * The project's stores the engine reads and writes.
 *
 * @example
 * ```ts
 * const stores: EngineStores = service.projects.primary.state;
 * ```
 */
export interface EngineStores {
  /** Vouchers, gift cards and loyalty cards, with their sessions. */
  readonly vouchers: VoucherStore;
  /** Campaigns and their promotion tiers. */
  readonly campaigns: CampaignStore;
  /** Customers, resolved and upserted from requests. */
  readonly customers: CustomerStore;
  /** Orders, upserted by redemptions. */
  readonly orders: OrderStore;
  /** Categories of redeemables. */
  readonly categories: CategoryStore;
  /** The project's stacking rules. */
  readonly stackingRules: StackingRulesStore;
  /** The event log (`redemption.succeeded` …). */
  readonly events: EventLog;
}

/**
 * A promotion tier as the engine reads it.
 *
 * @example
 * ```ts
 * const tier: EnginePromotionTier | undefined = ports.promotionTier('promo_1');
 * ```
 */
export type EnginePromotionTier = Resource<'PromotionTier'>;

/**
 * What a validation rule is looked up for: the redeemable and the campaign it belongs to, so
 * rules assigned to either apply.
 *
 * @example
 * ```ts
 * const target: RuleTarget = { object: 'voucher', id: 'v_1', campaign_id: 'camp_1' };
 * ```
 */
export interface RuleTarget {
  /** Kind of redeemable. */
  readonly object: 'voucher' | 'promotion_tier';
  /** Its stored id (`v_…`, `promo_…`). */
  readonly id: string;
  /** Its campaign's id, when it has one. */
  readonly campaign_id: string | null;
}

/**
 * The engine's ports to areas built elsewhere: validation rules and their assignments, and
 * promotion tiers and stacks. Each has a stand-in on today's stores; the areas plug their own in
 * with {@link RedemptionStore.connect}.
 *
 * @example
 * ```ts
 * service.projects.primary.state.redemptions.connect({ rulesFor: () => [compileValidationRules(definition)] });
 * ```
 */
export interface EnginePorts {
  /**
   * The compiled validation rules that apply to a redeemable (its own assignments and its
   * campaign's), evaluated in this order; the first failure decides. Empty today.
   */
  readonly rulesFor: (target: RuleTarget) => readonly ValidationRulesEvaluator[];
  /** The promotion tier with this id, if any. Today: the tiers stored in PROMOTION campaigns. */
  readonly promotionTier: (id: string) => EnginePromotionTier | undefined;
  /**
   * The ids of the tiers of a promotion stack, in the stack's order; `undefined` for an unknown
   * stack. Today no stack exists.
   */
  readonly promotionStackTiers: (id: string) => readonly string[] | undefined;
}

/** The ports as they stand on today's stores: no rules, tiers read from campaigns, no stacks. */
export const defaultPorts = (campaigns: CampaignStore): EnginePorts => ({
  rulesFor: () => [],
  promotionTier: (id) => {
    for (let page = 1; ; page++) {
      const { items, hasMore } = campaigns.list({ campaign_type: 'PROMOTION', limit: 100, page });
      for (const campaign of items) {
        const tier = campaign.promotion?.tiers?.find((candidate) => candidate.id === id);
        if (tier) return tier;
      }
      if (!hasMore) return undefined;
    }
  },
  promotionStackTiers: () => undefined,
});
