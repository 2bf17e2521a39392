import { type ValidationRuleSetDefinition, type ValidationRulesEvaluator } from '@voucherkit/domain';
import { collectionsNamedBy } from '@voucherkit/domain/internals';
import type { Resource } from '../../../core/resource.js';
import type { EventLog } from '../../../core/event-log.js';
import type { CampaignStore } from '../../campaigns/campaigns/store.js';
import type { CategoryStore } from '../../catalog/categories/store.js';
import type { CustomerStore } from '../../customers/customers/store.js';
import type { OrderStore } from '../../customers/orders/store.js';
import type { ProductCollectionStore } from '../../catalog/product-collections/store.js';
import type { ProductStore } from '../../catalog/products/store.js';
import type { PromotionStore } from '../../campaigns/promotions/store.js';
import type { SegmentStore } from '../../customers/segments/store.js';
import type { StackingRulesStore } from '../../rules/stacking-rules/store.js';
import type { ApplicableValidationRule, ValidationRuleStore } from '../../rules/validation-rules/store.js';
import type { VoucherStore } from '../../campaigns/vouchers/store.js';
import type { StoredVoucher } from '../../campaigns/vouchers/types.js';
import type { LoyaltyCardLedger } from '../../campaigns/loyalty-cards/ledger.js';
import { type LimitFormulas, limitFormulasOf } from './engine/limit-formulas.js';

/** The project's stores the engine reads and writes. */
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
  /** Promotion tiers and stacks, with their validity. */
  readonly promotions: PromotionStore;
  /** Validation rules and their assignments. */
  readonly validationRules: ValidationRuleStore;
  /** Customer segments, for `customer.segment` rules. */
  readonly segments: SegmentStore;
  /** Product collections, for the collections of order lines that rules name. */
  readonly productCollections: ProductCollectionStore;
  /** Products and SKUs, for the catalogue ids of the entries a discount lists. */
  readonly products: ProductStore;
  /** The points of loyalty cards, which pay with points spends and rollbacks give back. */
  readonly loyaltyCards: LoyaltyCardLedger;
}

/**
 * A loyalty reward as the engine reads it when a loyalty card pays with points: the reward, its
 * assignment to the card's campaign, and its rate. The loyalty programmes provide it
 * ({@link EnginePorts.loyaltyReward}).
 */
export interface EngineLoyaltyReward {
  /** The reward (`rew_…`). */
  readonly id: string;
  /** Its assignment to the card's campaign (`rewa_…`). */
  readonly assignmentId: string;
  /** The rate of a pay-with-points reward; other kinds cannot pay in a validation or redemption. */
  readonly coin?: { readonly exchange_ratio: number; readonly points_ratio: number } | undefined;
  /** The validation rules of its assignment, which a payment with points must also meet. */
  readonly rules?: readonly EngineRuleSet[] | undefined;
  /** The reward as redemptions show it. */
  readonly reward: Readonly<Record<string, unknown>>;
}

/** A promotion tier as the engine reads it. */
export type EnginePromotionTier = Resource<'PromotionTier'>;

/**
 * What a validation rule is looked up for: the redeemable and the campaign it belongs to, so
 * rules assigned to either apply.
 */
export interface RuleTarget {
  /** Kind of redeemable. */
  readonly object: 'voucher' | 'promotion_tier';
  /** Its stored id (`v_…`, `promo_…`). */
  readonly id: string;
  /** Its campaign's id, when it has one. */
  readonly campaign_id: string | null;
}

/** What validation rules read from the project besides the request. */
export interface RuleInputs {
  /** The product collections the rules name, each once. */
  readonly collections: readonly string[];
  /** Whether an `applicable_to` entry sets a product budget (`product_*_quantity_limit`, or its formula). */
  readonly budgets: boolean;
}

/** What each stored rule set reads, worked out once per parsed definition (a new version is a new definition). */
const inputsByDefinition = new WeakMap<ValidationRuleSetDefinition, RuleInputs>();

const inputsOf = (definition: ValidationRuleSetDefinition): RuleInputs => {
  let inputs = inputsByDefinition.get(definition);
  if (inputs === undefined) {
    inputs = {
      collections: collectionsNamedBy(definition),
      budgets: definition.applicable_to.included.some(
        (entry) =>
          Object.keys(entry.limits).some((name) => name.startsWith('product_')) ||
          Object.keys(entry.input).some((name) => name.startsWith('product_') && name.endsWith('_formula')),
      ),
    };
    inputsByDefinition.set(definition, inputs);
  }
  return inputs;
};

/**
 * One validation rule set as the engine judges it: the compiled rules, what they read from the
 * project besides the request, and their limit formulas.
 */
export interface EngineRuleSet {
  /** The compiled rule set. */
  readonly evaluate: ValidationRulesEvaluator;
  /** The collections it names and whether it sets product budgets; nothing when absent. */
  readonly inputs?: RuleInputs | undefined;
  /**
   * Its compiled limit formulas (`*_quantity_limit_formula`) by `applicable_to.included`
   * position, which the engine evaluates on the request; static limits apply when absent.
   */
  readonly limitFormulas?: LimitFormulas | undefined;
}

/**
 * A stored rule set as the engine judges it, with its inputs and limit formulas worked out once
 * per rule version.
 *
 * @param rule - A rule set that applies to a redeemable, from the validation rules store.
 * @param evaluate - The compiled rules to judge with; the store's compilation by default.
 * @returns The rule set for the engine's `rulesFor` port.
 */
export const engineRuleSet = (
  rule: Pick<ApplicableValidationRule, 'definition' | 'evaluate'>,
  evaluate: ValidationRulesEvaluator = rule.evaluate,
): EngineRuleSet => ({
  evaluate,
  inputs: inputsOf(rule.definition),
  limitFormulas: limitFormulasOf(rule.definition),
});

/**
 * The engine's ports to the areas it reads: validation rules and their assignments, and
 * promotion tiers and stacks ({@link projectPorts}); a test may replace one with
 * {@link RedemptionStore.connect}.
 */
export interface EnginePorts {
  /**
   * The validation rule sets that apply to a redeemable (its campaign's, then its own), compiled,
   * with what each reads from the project; evaluated in this order, the first failure decides.
   */
  readonly rulesFor: (target: RuleTarget) => readonly EngineRuleSet[];
  /** The promotion tier with this id, if any. */
  readonly promotionTier: (id: string) => EnginePromotionTier | undefined;
  /**
   * The ids of the tiers of a promotion stack, in the stack's order; `undefined` for an unknown
   * stack.
   */
  readonly promotionStackTiers: (id: string) => readonly string[] | undefined;
  /**
   * The reward a loyalty card pays with, if the card's campaign offers it. The loyalty
   * programmes, above the engine, plug it in; without them no reward is found.
   */
  readonly loyaltyReward: (card: StoredVoucher, rewardId: string) => EngineLoyaltyReward | undefined;
}

/**
 * The ports on the project's stores: the rules assigned to a redeemable and to its campaign
 * (compiled once per rule version), tiers and stacks from the promotions store.
 *
 * @param state - The project's stores.
 * @returns The ports the engine uses unless a test plugs in others.
 */
export const projectPorts = (state: EngineStores): EnginePorts => ({
  rulesFor: (target) => state.validationRules.rulesFor(target).map((rule) => engineRuleSet(rule)),
  promotionTier: (id) => state.promotions.findTier(id)?.tier,
  promotionStackTiers: (id) => state.promotions.stackTierIds(id),
  loyaltyReward: () => undefined,
});
