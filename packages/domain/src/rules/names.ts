import { FILTER_OPERATORS, type FilterOperator } from '../filters/language.js';

/**
 * Every rule name a validation rule may use. A name outside this list is refused when the rule
 * set is created (`invalid_validation_rules`), so no rule is ever silently skipped.
 *
 * @example
 * ```ts
 * VALIDATION_RULE_NAMES.includes('order.items.any'); // true
 * ```
 */
export const VALIDATION_RULE_NAMES = [
  'customer.segment',
  'customer.metadata',
  'publication.redeemable_by_linked_customer',
  'order.amount',
  'order.total_amount',
  'order.initial_amount',
  'order.metadata',
  'order.items.count',
  'order.items.price_any',
  'order.items.price_each',
  'order.items.metadata_any',
  'order.items.metadata_each',
  'order.items.any',
  'order.items.every',
  'order.items.none',
  'order.items.cheapest',
  'order.items.most_expensive',
  'order.items.quantity',
  'order.items.aggregated_quantity',
  'order.items.price',
  'order.items.aggregated_amount',
  'order.items.metadata',
  'product.id',
  'product.price',
  'product.quantity',
  'product.discount_applicable',
  'product.metadata',
  'product.metadata.aggregated_quantity',
  'product.metadata.aggregated_amount',
  'product.metadata.discount_applicable',
  'product.metadata.match_all',
  'sku.id',
  'sku.price',
  'sku.quantity',
  'sku.discount_applicable',
  'campaign.orders.amount',
  'campaign.orders.amount_discounted',
  'campaign.redemptions.count',
  'campaign.redemptions.count.daily',
  'campaign.redemptions.count.weekly',
  'campaign.redemptions.count.monthly',
  'campaign.redemptions.customers_count',
  'campaign.redemptions.customers_count.daily',
  'campaign.redemptions.customers_count.weekly',
  'campaign.redemptions.customers_count.monthly',
  'redemption.count.daily',
  'redemption.count.weekly',
  'redemption.count.monthly',
  'redemption.count.per_customer',
  'redemption.count.per_customer.daily',
  'redemption.count.per_customer.weekly',
  'redemption.count.per_customer.monthly',
  'redemption.api_key',
  'redemption.count.per_api_key',
  'redemption.user.login',
  'redemption.count.per_user',
  'redemption.metadata',
  'redemption.gift.amount',
  'redemption.reward.pay_with_points.points_used',
  'custom_event.metadata',
] as const;

/**
 * The name of a validation rule, such as `order.amount` or `customer.segment`.
 *
 * @example
 * ```ts
 * const name: ValidationRuleName = 'redemption.count.per_customer';
 * ```
 */
export type ValidationRuleName = (typeof VALIDATION_RULE_NAMES)[number];

/**
 * The error key a failed validation rule gives, by the family of the rule: the customer's segments
 * and the code holder give `customer_rules_violated`; order amounts, items, products and SKUs
 * `order_rules_violated`; campaign budgets, redemption limits, API keys, users and the metadata of
 * customers, orders, redemptions and custom events `redemption_rules_violated`.
 *
 * @example
 * ```ts
 * const key: ValidationRuleFailureKey = 'order_rules_violated';
 * ```
 */
export type ValidationRuleFailureKey = 'customer_rules_violated' | 'order_rules_violated' | 'redemption_rules_violated';

/**
 * How a rule reads the context: one value of the validation (`value`); a choice of order lines
 * that its sub-rules then judge (`selector`); a value of one order line (`line`, quantified over
 * the lines in scope); a total over the lines in scope (`aggregate`); or the lines in scope read
 * with a fixed quantifier (`lines_any`, `lines_each`).
 */
type RuleRole = 'value' | 'selector' | 'line' | 'aggregate' | 'lines_any' | 'lines_each';

/** What a rule's operands are, which decides the operators it accepts. */
export type RuleOperands = 'number' | 'reference' | 'items' | 'text' | 'boolean' | 'metadata';

/**
 * The group of the rule builder a rule belongs to, as the reference groups them: who may redeem
 * (`audience`), the structure of the cart (`products`), order values and counts
 * (`prices_and_quantities`), campaign budgets and redemption limits (`budget`), who sends the
 * redemption (`redemptions`), and custom attributes (`metadata`).
 */
export type ValidationRuleCategory =
  | 'audience'
  | 'products'
  | 'prices_and_quantities'
  | 'budget'
  | 'redemptions'
  | 'metadata';

/** How one rule name behaves. */
export interface RuleNameSpec {
  /** The error key of a failure. */
  readonly failure: ValidationRuleFailureKey;
  /** The group of the rule builder the rule belongs to. */
  readonly category: ValidationRuleCategory;
  /** How the rule reads the context. */
  readonly role: RuleRole;
  /** What its operands are. */
  readonly operands: RuleOperands;
  /** Whether the rule needs `property`, the metadata key it reads. */
  readonly property: boolean;
}

const COMPARISON: readonly FilterOperator[] = ['$is', '$is_not', '$in', '$not_in'];
const ORDERED: readonly FilterOperator[] = ['$more_than', '$more_than_equal', '$less_than', '$less_than_equal'];
const TEXT: readonly FilterOperator[] = ['$starts_with', '$ends_with', '$contains', '$not_contain'];

/** The operators each kind of operand accepts. */
export const OPERATORS_BY_OPERANDS: Readonly<Record<RuleOperands, readonly FilterOperator[]>> = {
  number: [...COMPARISON, ...ORDERED],
  reference: COMPARISON,
  items: [...COMPARISON, '$from'],
  text: [...COMPARISON, ...TEXT],
  boolean: ['$is', '$is_not'],
  // Metadata takes every operator of the filter language except those that read places or
  // item collections.
  metadata: FILTER_OPERATORS.filter((operator) => operator !== '$in_location' && operator !== '$from'),
};

const spec = (
  failure: ValidationRuleFailureKey,
  category: ValidationRuleCategory,
  role: RuleRole,
  operands: RuleOperands,
  property = false,
): RuleNameSpec => ({ failure, category, role, operands, property });

const CUSTOMER = 'customer_rules_violated';
const ORDER = 'order_rules_violated';
const REDEMPTION = 'redemption_rules_violated';
const AUDIENCE = 'audience';
const PRODUCTS = 'products';
const PRICES = 'prices_and_quantities';
const BUDGET = 'budget';
const REDEMPTIONS = 'redemptions';
const METADATA = 'metadata';

/** How each rule name behaves. */
export const RULE_NAME_SPECS: Readonly<Record<ValidationRuleName, RuleNameSpec>> = {
  'customer.segment': spec(CUSTOMER, AUDIENCE, 'value', 'reference'),
  'customer.metadata': spec(REDEMPTION, METADATA, 'value', 'metadata', true),
  'publication.redeemable_by_linked_customer': spec(CUSTOMER, AUDIENCE, 'value', 'boolean'),
  'order.amount': spec(ORDER, PRICES, 'value', 'number'),
  'order.total_amount': spec(ORDER, PRICES, 'value', 'number'),
  'order.initial_amount': spec(ORDER, PRICES, 'value', 'number'),
  'order.metadata': spec(REDEMPTION, METADATA, 'value', 'metadata', true),
  'order.items.count': spec(ORDER, PRICES, 'aggregate', 'number'),
  'order.items.price_any': spec(ORDER, PRICES, 'lines_any', 'number'),
  'order.items.price_each': spec(ORDER, PRICES, 'lines_each', 'number'),
  'order.items.metadata_any': spec(ORDER, PRODUCTS, 'lines_any', 'metadata', true),
  'order.items.metadata_each': spec(ORDER, PRODUCTS, 'lines_each', 'metadata', true),
  'order.items.any': spec(ORDER, PRODUCTS, 'selector', 'items'),
  'order.items.every': spec(ORDER, PRODUCTS, 'selector', 'items'),
  'order.items.none': spec(ORDER, PRODUCTS, 'selector', 'items'),
  'order.items.cheapest': spec(ORDER, PRODUCTS, 'selector', 'items'),
  'order.items.most_expensive': spec(ORDER, PRODUCTS, 'selector', 'items'),
  'order.items.quantity': spec(ORDER, PRODUCTS, 'line', 'number'),
  'order.items.aggregated_quantity': spec(ORDER, PRODUCTS, 'aggregate', 'number'),
  'order.items.price': spec(ORDER, PRODUCTS, 'line', 'number'),
  'order.items.aggregated_amount': spec(ORDER, PRODUCTS, 'aggregate', 'number'),
  'order.items.metadata': spec(ORDER, PRODUCTS, 'line', 'metadata', true),
  'product.id': spec(ORDER, PRODUCTS, 'selector', 'items'),
  'product.price': spec(ORDER, PRODUCTS, 'line', 'number'),
  'product.quantity': spec(ORDER, PRODUCTS, 'line', 'number'),
  'product.discount_applicable': spec(ORDER, PRODUCTS, 'selector', 'items'),
  'product.metadata': spec(ORDER, PRODUCTS, 'selector', 'metadata', true),
  'product.metadata.aggregated_quantity': spec(ORDER, PRODUCTS, 'aggregate', 'number'),
  'product.metadata.aggregated_amount': spec(ORDER, PRODUCTS, 'aggregate', 'number'),
  'product.metadata.discount_applicable': spec(ORDER, PRODUCTS, 'selector', 'metadata', true),
  'product.metadata.match_all': spec(ORDER, PRODUCTS, 'aggregate', 'boolean'),
  'sku.id': spec(ORDER, PRODUCTS, 'selector', 'items'),
  'sku.price': spec(ORDER, PRODUCTS, 'line', 'number'),
  'sku.quantity': spec(ORDER, PRODUCTS, 'line', 'number'),
  'sku.discount_applicable': spec(ORDER, PRODUCTS, 'selector', 'items'),
  'campaign.orders.amount': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'campaign.orders.amount_discounted': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'campaign.redemptions.count': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'campaign.redemptions.count.daily': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'campaign.redemptions.count.weekly': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'campaign.redemptions.count.monthly': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'campaign.redemptions.customers_count': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'campaign.redemptions.customers_count.daily': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'campaign.redemptions.customers_count.weekly': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'campaign.redemptions.customers_count.monthly': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'redemption.count.daily': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'redemption.count.weekly': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'redemption.count.monthly': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'redemption.count.per_customer': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'redemption.count.per_customer.daily': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'redemption.count.per_customer.weekly': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'redemption.count.per_customer.monthly': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'redemption.api_key': spec(REDEMPTION, REDEMPTIONS, 'value', 'text'),
  'redemption.count.per_api_key': spec(REDEMPTION, REDEMPTIONS, 'value', 'number'),
  'redemption.user.login': spec(REDEMPTION, REDEMPTIONS, 'value', 'text'),
  'redemption.count.per_user': spec(REDEMPTION, REDEMPTIONS, 'value', 'number'),
  'redemption.metadata': spec(REDEMPTION, METADATA, 'value', 'metadata', true),
  'redemption.gift.amount': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'redemption.reward.pay_with_points.points_used': spec(REDEMPTION, BUDGET, 'value', 'number'),
  'custom_event.metadata': spec(REDEMPTION, METADATA, 'value', 'metadata', true),
};

/**
 * Tells whether a text is a rule name validation rules know.
 *
 * @param name - Any text.
 * @returns `true` for a name in {@link VALIDATION_RULE_NAMES}.
 */
export function isValidationRuleName(name: string): name is ValidationRuleName {
  return Object.hasOwn(RULE_NAME_SPECS, name);
}

/**
 * The error key a failure of a rule gives: `customer_rules_violated` for `customer.segment` and
 * `publication.redeemable_by_linked_customer`; `order_rules_violated` for order amounts and counts,
 * order items, products and SKUs; `redemption_rules_violated` for campaign budgets, redemption
 * limits, API keys and users, and the metadata rules (`customer.metadata`, `order.metadata`,
 * `redemption.metadata`, `custom_event.metadata`).
 *
 * @param name - A known rule name.
 * @returns The error key.
 */
export function validationRuleFailureKey(name: ValidationRuleName): ValidationRuleFailureKey {
  return RULE_NAME_SPECS[name].failure;
}

/**
 * The group of the rule builder a rule belongs to, for callers that judge only some groups (a
 * qualification of the audience only judges `audience` rules).
 *
 * @param name - A known rule name.
 * @returns The group.
 */
export function validationRuleCategory(name: ValidationRuleName): ValidationRuleCategory {
  return RULE_NAME_SPECS[name].category;
}

/**
 * The message the service gives with each failure key, in its words (the `message` of the error
 * and the `reason` of a legacy validation).
 */
export const VALIDATION_RULE_FAILURE_MESSAGES: Readonly<Record<ValidationRuleFailureKey, string>> = {
  customer_rules_violated: 'customer does not match validation rules',
  order_rules_violated: 'order does not match validation rules',
  redemption_rules_violated: 'redemption does not match validation rules',
};

/**
 * What was validated, as the `details` of a rule failure names it: a voucher by its type, or a
 * promotion tier.
 */
export type ValidatedRedeemable =
  | {
      readonly object: 'voucher' /** The voucher's type. */;
      readonly type: 'DISCOUNT_VOUCHER' | 'GIFT_VOUCHER' | 'LOYALTY_CARD';
    }
  | { readonly object: 'promotion_tier' };

const REDEEMABLE_LABELS = {
  DISCOUNT_VOUCHER: 'Discount Coupon',
  GIFT_VOUCHER: 'Gift Card',
  LOYALTY_CARD: 'Loyalty Card',
} as const;

/**
 * The `details` of the error a broken validation rule set gives, in the service's words:
 * `Discount Coupon cannot be redeemed because of violated validation rules: val_…`.
 *
 * @param redeemable - What was validated.
 * @param ruleId - The id (`val_…`) of the validation rule set that failed.
 * @returns The text for the error's `details`.
 */
export function validationRuleViolationDetails(redeemable: ValidatedRedeemable, ruleId: string): string {
  const label = redeemable.object === 'promotion_tier' ? 'Promotion Tier' : REDEEMABLE_LABELS[redeemable.type];
  return `${label} cannot be redeemed because of violated validation rules: ${ruleId}`;
}
