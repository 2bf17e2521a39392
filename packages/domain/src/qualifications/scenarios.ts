import type { EvaluateValidationRulesOptions } from '../rules/evaluate.js';
import { type ValidationRuleName, validationRuleCategory } from '../rules/names.js';
import type { ValidationRuleLevel, ValidationRuleSetDefinition } from '../rules/parse.js';

/**
 * What a qualification looks for (`scenario` of `POST /v1/qualifications`).
 */
export type QualificationScenario =
  | 'ALL'
  | 'CUSTOMER_WALLET'
  | 'AUDIENCE_ONLY'
  | 'PRODUCTS'
  | 'PRODUCTS_DISCOUNT'
  | 'PROMOTION_STACKS'
  | 'PRODUCTS_BY_CUSTOMER'
  | 'PRODUCTS_DISCOUNT_BY_CUSTOMER';

/**
 * How a scenario selects and judges redeemables: which kinds are candidates, which validation
 * rules are judged, whether bundles must be complete, and what a redeemable must do with the
 * order's products to be listed.
 */
export interface QualificationScenarioPolicy {
  /** The scenario the policy is for. */
  readonly scenario: QualificationScenario;
  /** The candidates: every kind of redeemable, only codes published to the customer, or only promotion stacks. */
  readonly candidates: 'all' | 'wallet' | 'stacks';
  /** Whether rules on the customer (`customer.segment`, `customer.metadata`, the holder) are judged. */
  readonly judgesCustomer: boolean;
  /** Whether only the rules on the customer are judged (the order's rules then count as holding). */
  readonly customerOnly: boolean;
  /** Whether an incomplete bundle disqualifies (otherwise the result lists what is `missing`). */
  readonly completeBundles: boolean;
  /** What a listed redeemable does with the order's products: anything, discount them, or discount or require them. */
  readonly products: 'any' | 'discount' | 'discount_or_require';
}

const POLICIES: Readonly<Record<QualificationScenario, Omit<QualificationScenarioPolicy, 'scenario'>>> = {
  ALL: { candidates: 'all', judgesCustomer: true, customerOnly: false, completeBundles: true, products: 'any' },
  CUSTOMER_WALLET: {
    candidates: 'wallet',
    judgesCustomer: true,
    customerOnly: false,
    completeBundles: true,
    products: 'any',
  },
  AUDIENCE_ONLY: {
    candidates: 'all',
    judgesCustomer: true,
    customerOnly: true,
    completeBundles: false,
    products: 'any',
  },
  PRODUCTS: {
    candidates: 'all',
    judgesCustomer: false,
    customerOnly: false,
    completeBundles: false,
    products: 'discount_or_require',
  },
  PRODUCTS_DISCOUNT: {
    candidates: 'all',
    judgesCustomer: false,
    customerOnly: false,
    completeBundles: false,
    products: 'discount',
  },
  PROMOTION_STACKS: {
    candidates: 'stacks',
    judgesCustomer: true,
    customerOnly: false,
    completeBundles: true,
    products: 'any',
  },
  PRODUCTS_BY_CUSTOMER: {
    candidates: 'all',
    judgesCustomer: true,
    customerOnly: false,
    completeBundles: false,
    products: 'discount_or_require',
  },
  PRODUCTS_DISCOUNT_BY_CUSTOMER: {
    candidates: 'all',
    judgesCustomer: true,
    customerOnly: false,
    completeBundles: false,
    products: 'discount',
  },
};

/**
 * The policy of a qualification scenario. Every scenario lists campaigns, codes and promotion
 * tiers except `CUSTOMER_WALLET` (codes published to the customer) and `PROMOTION_STACKS`
 * (stacks); bundles must be complete under `ALL`, `CUSTOMER_WALLET` and `PROMOTION_STACKS`; the
 * product scenarios list only what discounts (or, for `PRODUCTS*`, also requires) the order's
 * products and judge the customer's rules only in their `_BY_CUSTOMER` forms; `AUDIENCE_ONLY`
 * judges the customer's rules alone.
 *
 * @param scenario - The request's scenario; `ALL` when absent.
 * @returns The policy.
 */
export function qualificationScenarioPolicy(scenario: QualificationScenario = 'ALL'): QualificationScenarioPolicy {
  return { scenario, ...POLICIES[scenario] };
}

/**
 * Whether a validation rule judges the customer: the audience rules (`customer.segment`,
 * `publication.redeemable_by_linked_customer`) and `customer.metadata`.
 *
 * @param name - A known rule name.
 * @returns `true` for a rule on the customer.
 */
export function isCustomerRule(name: ValidationRuleName): boolean {
  return name === 'customer.metadata' || validationRuleCategory(name) === 'audience';
}

/**
 * The options a qualification evaluates validation rules with: campaign budgets and redemption
 * limits (the `budget` rules) are never judged, the customer's rules only when the policy judges
 * the customer, only them under `AUDIENCE_ONLY`, and incomplete bundles pass unless the policy
 * requires them complete.
 *
 * @param policy - The scenario's policy.
 * @returns Options for `compileValidationRules`.
 */
export function qualificationRuleOptions(policy: QualificationScenarioPolicy): EvaluateValidationRulesOptions {
  return {
    skipRule: (name) => {
      if (validationRuleCategory(name) === 'budget') return true;
      const customer = isCustomerRule(name);
      if (policy.customerOnly) return !customer;
      return customer && !policy.judgesCustomer;
    },
    allowIncompleteBundle: !policy.completeBundles,
  };
}

const readsProducts = (level: ValidationRuleLevel): boolean =>
  level.rules.some((rule) => validationRuleCategory(rule.name) === 'products' || readsProducts(rule.rules));

/**
 * Whether a rule set requires products in the order: it has rules on order items, products or
 * SKUs (the `products` group of the rule builder), or a bundle.
 *
 * @param definition - A parsed rule set.
 * @returns `true` when the rule set reads the order's products.
 */
export function ruleSetRequiresProducts(definition: ValidationRuleSetDefinition): boolean {
  return definition.bundle !== undefined || readsProducts(definition.rules);
}
