import {
  type EvaluateValidationRulesOptions,
  type FilterPredicate,
  type ValidationRuleSetDefinition,
  type ValidationRulesEvaluator,
  compileFilter,
  compileValidationRules,
} from '@voucherkit/domain';
import { isCustomerRule } from '@voucherkit/domain/internals';
import type { Resource } from '../../../core/resource.js';
import type { PromotionStore } from '../../campaigns/promotions/store.js';
import type { ValidationRuleStore } from '../../rules/validation-rules/store.js';
import { type EnginePorts, engineRuleSet } from '../redemptions/ports.js';
import type { RedemptionStore } from '../redemptions/store.js';
import { type LegacyContext, engineContext, legacyTrackingId } from './requests.js';
import { type CategoryLookup, applicableTier } from './tier-answers.js';

/** The most recently created tiers a promotions validation judges, as the service does. */
const PROMOTIONS_VALIDATION_LIMIT = 150;

/**
 * What narrows a promotions validation: `audienceRulesOnly` judges only the rules on the customer,
 * `filters` picks the tiers by id (`promotion_id`) and metadata (by key), each with the filter
 * language's operators (`{ $in: ['promo_1'] }`, or `{ conditions: { $in: [...] } }`).
 */
export interface PromotionsValidationOptions {
  readonly audienceRulesOnly?: boolean | undefined;
  readonly filters?:
    | {
        readonly promotion_id?: Readonly<Record<string, unknown>> | undefined;
        readonly metadata?: Readonly<Record<string, unknown>> | undefined;
      }
    | undefined;
}

/** The stores a promotions validation reads. */
export interface PromotionsValidationStores {
  readonly promotions: PromotionStore;
  readonly validationRules: ValidationRuleStore;
  readonly redemptions: RedemptionStore;
}

/** What the request and the project give besides the stores. */
export interface PromotionsValidationInput {
  /** The body, or the client-side query read. */
  readonly context: LegacyContext;
  readonly options: PromotionsValidationOptions;
  readonly category: CategoryLookup;
  /** The current instant, for relative day conditions in `filters`. */
  readonly now: number;
  /** A new anonymous tracking id, for a request that names no customer. */
  readonly newTrackingId: () => string;
}

const AUDIENCE_ONLY: EvaluateValidationRulesOptions = { skipRule: (name) => !isCustomerRule(name) };

/** The rules port of the validation: the project's rules, or with `audienceRulesOnly` only their rules on the customer. */
const rulesPort = (validationRules: ValidationRuleStore, audienceOnly: boolean): EnginePorts['rulesFor'] => {
  if (!audienceOnly) return (target) => validationRules.rulesFor(target).map((rule) => engineRuleSet(rule));
  const compiled = new Map<ValidationRuleSetDefinition, ValidationRulesEvaluator>();
  return (target) =>
    validationRules.rulesFor(target).map((rule) => {
      let evaluate = compiled.get(rule.definition);
      if (evaluate === undefined)
        compiled.set(rule.definition, (evaluate = compileValidationRules(rule.definition, AUDIENCE_ONLY)));
      return engineRuleSet(rule, evaluate);
    });
};

/** A condition as sent: the operators alone, or under `conditions`. */
const conditionsOf = (sent: unknown): unknown =>
  typeof sent === 'object' && sent !== null && 'conditions' in sent ? sent : { conditions: sent };

/** The filter on the tiers' view (`id`, `metadata`) that `filters` describes. */
const tierFilter = (filters: PromotionsValidationOptions['filters'], now: number): FilterPredicate => {
  const fields = {
    ...(filters?.promotion_id === undefined ? {} : { id: conditionsOf(filters.promotion_id) }),
    ...Object.fromEntries(
      Object.entries(filters?.metadata ?? {}).map(([key, sent]) => [`metadata.${key}`, conditionsOf(sent)]),
    ),
  };
  // A malformed filter throws the domain's error, which the dispatcher answers as every other.
  return compileFilter({ junction: 'and', ...fields }, { now, source: { in: 'query', parameter: 'filters' } });
};

/** The tiers to judge: the most recent ones, grouped by campaign in the order the campaigns got their first tier, each campaign's in creation order. */
const candidates = (promotions: PromotionStore): Resource<'PromotionTier'>[] => {
  const recent = promotions.list({ limit: PROMOTIONS_VALIDATION_LIMIT, order: '-created_at' }).items.reverse();
  const campaigns = [...new Set(recent.map((tier) => tier.campaign_id ?? ''))];
  return campaigns.flatMap((campaignId) => recent.filter((tier) => (tier.campaign_id ?? '') === campaignId));
};

/**
 * The legacy validation of every promotion tier (`POST /v1/promotions/validation`,
 * `GET /client/v1/promotions/validation`): the engine judges each candidate tier alone on the
 * request's customer and order, as a validation of that tier would, and the applicable ones are
 * listed with the order after each (decision 0059). Nothing is written.
 *
 * @param stores - The promotions, the validation rules and the engine.
 * @param input - The request's context, its options, the category lookup, the instant and a tracking id source.
 * @returns The applicable tiers, `valid` when there is one.
 * @throws ApiError 400 for a malformed filter; the request errors of a validation (an order or
 *   customer id that names nothing is 404).
 */
export const validatePromotions = (
  stores: PromotionsValidationStores,
  input: PromotionsValidationInput,
): Resource<'LegacyPromotionsValidation'> => {
  const { context, options } = input;
  const keep = tierFilter(options.filters, input.now);
  const judge = stores.redemptions.judgeAlone(
    engineContext(context),
    rulesPort(stores.validationRules, options.audienceRulesOnly === true),
  );
  const trackingId = legacyTrackingId(context, () => judge.customer?.source_id ?? input.newTrackingId());
  const promotions = candidates(stores.promotions).flatMap((tier) => {
    if (!keep({ id: tier.id, metadata: tier.metadata ?? {} })) return [];
    const part = judge.judge([{ object: 'promotion_tier', id: tier.id }])?.parts[0];
    return part === undefined ? [] : [applicableTier(part, tier, trackingId, input.category)];
  });
  return { valid: promotions.length > 0, tracking_id: trackingId, promotions };
};
