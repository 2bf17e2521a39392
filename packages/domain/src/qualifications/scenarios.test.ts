import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type QualificationScenario,
  isCustomerRule,
  qualificationRuleOptions,
  qualificationScenarioPolicy,
  ruleSetRequiresProducts,
} from './scenarios.js';
import { compileValidationRules } from '../rules/evaluate.js';
import { VALIDATION_RULE_NAMES, validationRuleCategory } from '../rules/names.js';
import { parseValidationRules } from '../rules/parse.js';

const SCENARIOS: readonly QualificationScenario[] = [
  'ALL',
  'CUSTOMER_WALLET',
  'AUDIENCE_ONLY',
  'PRODUCTS',
  'PRODUCTS_DISCOUNT',
  'PROMOTION_STACKS',
  'PRODUCTS_BY_CUSTOMER',
  'PRODUCTS_DISCOUNT_BY_CUSTOMER',
];

const NOW = Date.UTC(2026, 0, 7, 12);

const rules = parseValidationRules({
  rules: {
    1: { name: 'customer.metadata', property: 'tier', conditions: { $is: ['VIP'] }, rules: {} },
    2: { name: 'order.amount', conditions: { $more_than: [10000] }, rules: {} },
    3: { name: 'redemption.count.per_customer', conditions: { $less_than: [1] }, rules: {} },
    logic: '1 and 2 and 3',
  },
});

const bundle = parseValidationRules({
  bundle_rules: {
    1: {
      name: 'order.items.any',
      conditions: { $is: [{ id: 'prod_a', type: 'product_or_sku', object: 'product' }] },
      rules: {},
    },
  },
});

describe('qualificationScenarioPolicy', () => {
  it('defaults to ALL, which lists everything with complete bundles and judges the customer', () => {
    expect(qualificationScenarioPolicy()).toEqual({
      scenario: 'ALL',
      candidates: 'all',
      judgesCustomer: true,
      customerOnly: false,
      completeBundles: true,
      products: 'any',
    });
  });

  it('requires complete bundles under ALL, CUSTOMER_WALLET and PROMOTION_STACKS only', () => {
    const complete = SCENARIOS.filter((scenario) => qualificationScenarioPolicy(scenario).completeBundles);
    expect(complete).toEqual(['ALL', 'CUSTOMER_WALLET', 'PROMOTION_STACKS']);
  });

  it('narrows the candidates of the wallet and stack scenarios and the products of the product ones', () => {
    expect(qualificationScenarioPolicy('CUSTOMER_WALLET').candidates).toBe('wallet');
    expect(qualificationScenarioPolicy('PROMOTION_STACKS').candidates).toBe('stacks');
    expect(qualificationScenarioPolicy('PRODUCTS').products).toBe('discount_or_require');
    expect(qualificationScenarioPolicy('PRODUCTS_DISCOUNT_BY_CUSTOMER').products).toBe('discount');
    expect(qualificationScenarioPolicy('PRODUCTS').judgesCustomer).toBe(false);
    expect(qualificationScenarioPolicy('PRODUCTS_BY_CUSTOMER').judgesCustomer).toBe(true);
  });
});

describe('qualificationRuleOptions', () => {
  const judge = (scenario: QualificationScenario, metadata: Record<string, unknown>, amount: number) =>
    compileValidationRules(
      rules,
      qualificationRuleOptions(qualificationScenarioPolicy(scenario)),
    )({
      now: NOW,
      customer: { id: 'cust_1', source_id: 'c', metadata },
      order: { amount, items: [] },
      redemption: { counts: { customer: { total: 5 } } },
    }).valid;

  it('never judges budgets: five earlier redemptions do not matter', () => {
    expect(judge('ALL', { tier: 'VIP' }, 20000)).toBe(true);
  });

  it('judges the customer unless a product scenario without customer says otherwise', () => {
    expect(judge('ALL', { tier: 'BASIC' }, 20000)).toBe(false);
    expect(judge('PRODUCTS', { tier: 'BASIC' }, 20000)).toBe(true);
    expect(judge('PRODUCTS_BY_CUSTOMER', { tier: 'BASIC' }, 20000)).toBe(false);
  });

  it('judges only the customer under AUDIENCE_ONLY', () => {
    expect(judge('AUDIENCE_ONLY', { tier: 'VIP' }, 100)).toBe(true);
    expect(judge('AUDIENCE_ONLY', { tier: 'BASIC' }, 100)).toBe(false);
    expect(judge('ALL', { tier: 'VIP' }, 100)).toBe(false);
  });

  it('lets an incomplete bundle pass, listing what is missing, outside the complete-bundle scenarios', () => {
    const order = { amount: 100, items: [{ product_id: 'prod_b', quantity: 1, price: 100, amount: 100 }] };
    const under = (scenario: QualificationScenario) =>
      compileValidationRules(
        bundle,
        qualificationRuleOptions(qualificationScenarioPolicy(scenario)),
      )({ now: NOW, order });
    expect(under('ALL').valid).toBe(false);
    const products = under('PRODUCTS');
    expect(products.valid).toBe(true);
    expect(products.bundle?.missing).toEqual([{ id: 'prod_a', object: 'product', item_quantity: 1 }]);
  });

  it('skips every budget rule under every scenario (property)', () => {
    const budget = VALIDATION_RULE_NAMES.filter((name) => validationRuleCategory(name) === 'budget');
    fc.assert(
      fc.property(fc.constantFrom(...SCENARIOS), fc.constantFrom(...budget), (scenario, name) => {
        expect(qualificationRuleOptions(qualificationScenarioPolicy(scenario)).skipRule?.(name)).toBe(true);
      }),
    );
  });
});

describe('isCustomerRule and ruleSetRequiresProducts', () => {
  it('tells the rules on the customer', () => {
    expect(isCustomerRule('customer.segment')).toBe(true);
    expect(isCustomerRule('publication.redeemable_by_linked_customer')).toBe(true);
    expect(isCustomerRule('customer.metadata')).toBe(true);
    expect(isCustomerRule('order.metadata')).toBe(false);
  });

  it('finds product rules at any depth, and bundles', () => {
    expect(ruleSetRequiresProducts(rules)).toBe(false);
    expect(ruleSetRequiresProducts(bundle)).toBe(true);
    const nested = parseValidationRules({
      rules: {
        1: {
          name: 'order.amount',
          conditions: { $more_than: [1] },
          rules: { 1: { name: 'product.id', conditions: { $is: ['prod_a'] }, rules: {} }, logic: '1' },
        },
        logic: '1',
      },
    });
    expect(ruleSetRequiresProducts(nested)).toBe(true);
  });
});
