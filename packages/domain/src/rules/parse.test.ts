import { describe, expect, it } from 'vitest';
import { catchDomainError } from '../../test/catch-domain-error.js';
import {
  VALIDATION_RULE_FAILURE_MESSAGES,
  VALIDATION_RULE_NAMES,
  isValidationRuleName,
  validationRuleCategory,
  validationRuleFailureKey,
  validationRuleViolationDetails,
} from './names.js';
import { parseValidationRules } from './parse.js';

/** The `details` of the error a rule set raises. */
const problems = (input: unknown): string => {
  const error = catchDomainError(() => parseValidationRules(input));
  expect(error.key).toBe('invalid_validation_rules');
  expect(error.message).toBe('invalid validation rule definition');
  return error.details ?? '';
};

describe('parseValidationRules: the rule tree', () => {
  it('accepts the example of the reference and normalises it', () => {
    const definition = parseValidationRules({
      name: 'Set of Validation Rules',
      error: { message: 'Your order does not meet at least one of the required criteria.' },
      rules: {
        1: {
          name: 'order.metadata',
          property: 'location',
          rules: {},
          conditions: { $is: ['Santorini'] },
          error: { message: 'Santorini only' },
        },
        2: { name: 'custom_event.metadata', property: 'test', rules: {}, conditions: { $greater_than_or_equal: [1] } },
        3: {
          name: 'order.items.every',
          rules: {
            1: {
              name: 'order.items.metadata',
              property: 'test',
              rules: {},
              conditions: { $greater_than_or_equal: [1] },
            },
          },
          conditions: { $is: [{ id: 'prod_1', effect: 'APPLY_TO_EVERY', object: 'product', source_id: 'mug' }] },
        },
        logic: '1 or 2 or 3',
      },
    });
    expect(definition.error).toBe('Your order does not meet at least one of the required criteria.');
    const [first, second, third] = definition.rules.rules;
    expect(first).toMatchObject({ key: '1', name: 'order.metadata', property: 'location', error: 'Santorini only' });
    expect(second?.conditions).toEqual([{ operator: '$more_than_equal', values: [1] }]);
    // Item references keep only what identifies the item.
    expect(third?.conditions).toEqual([{ operator: '$is', values: [{ id: 'prod_1', object: 'product' }] }]);
    // A nested level without logic requires all its rules.
    expect(third?.rules.logic).toEqual({ kind: 'rule', key: '1' });
    expect(definition.rules.logic).toEqual({
      kind: 'or',
      operands: [
        { kind: 'rule', key: '1' },
        { kind: 'rule', key: '2' },
        { kind: 'rule', key: '3' },
      ],
    });
  });

  it('accepts a rule set without rules, as basic rules have', () => {
    const definition = parseValidationRules({
      name: 'Only items',
      rules: { logic: '' },
      applicable_to: { included_all: true },
    });
    expect(definition.rules).toEqual({ rules: [], logic: { kind: 'always' } });
    expect(definition.applicable_to.included_all).toBe(true);
    expect(parseValidationRules({}).rules.rules).toEqual([]);
  });

  it('joins the rules of a level with a blank logic by and, in number order', () => {
    const definition = parseValidationRules({
      rules: {
        2: { name: 'order.amount', conditions: { $less_than: [100] } },
        1: { name: 'order.amount', conditions: { $more_than: [10] } },
      },
    });
    expect(definition.rules.rules.map((rule) => rule.key)).toEqual(['1', '2']);
    expect(definition.rules.logic).toEqual({
      kind: 'and',
      operands: [
        { kind: 'rule', key: '1' },
        { kind: 'rule', key: '2' },
      ],
    });
  });

  it('normalises operands by rule: ids to references, numeric text to numbers, text to booleans', () => {
    const definition = parseValidationRules({
      rules: {
        1: { name: 'customer.segment', conditions: { $in: ['seg_1', { id: 'seg_2', object: 'segment' }] } },
        2: { name: 'product.id', conditions: { $is: ['prod_1'] } },
        3: { name: 'sku.id', conditions: { $is_not: [{ id: 'sku_1' }] } },
        4: { name: 'order.items.any', conditions: { $is: ['prod_2'], $from: ['pc_1'] } },
        5: { name: 'order.amount', conditions: { $more_than_or_equal: ['1000'] } },
        6: { name: 'publication.redeemable_by_linked_customer', conditions: { $is: ['true'] } },
        logic: '1 and 2 and 3 and 4 and 5 and 6',
      },
    });
    expect(definition.rules.rules.map((rule) => rule.conditions)).toEqual([
      [{ operator: '$in', values: [{ id: 'seg_1' }, { id: 'seg_2' }] }],
      [{ operator: '$is', values: [{ id: 'prod_1', object: 'product' }] }],
      [{ operator: '$is_not', values: [{ id: 'sku_1', object: 'sku' }] }],
      [
        { operator: '$is', values: [{ id: 'prod_2' }] },
        { operator: '$from', values: [{ id: 'pc_1', object: 'products_collection' }] },
      ],
      [{ operator: '$more_than_equal', values: [1000] }],
      [{ operator: '$is', values: [true] }],
    ]);
  });

  it('refuses an unknown rule name, so that no rule is ever skipped', () => {
    expect(problems({ rules: { 1: { name: 'order.colour', conditions: { $is: ['red'] } }, logic: '1' } })).toBe(
      "Rule 'order.colour' is not a known rule (.rules.1)",
    );
  });

  it('requires a property on metadata rules, in the words of the reference', () => {
    expect(problems({ rules: { 1: { name: 'custom_event.metadata', conditions: { $is: [1] } }, logic: '1' } })).toBe(
      "Rule 'custom_event.metadata' must have a 'property' (.rules.1)",
    );
    expect(
      problems({ rules: { 1: { name: 'order.items.metadata_any', property: ' ', conditions: { $is: [1] } } } }),
    ).toContain("Rule 'order.items.metadata_any' must have a 'property'");
  });

  it('requires condition values to be arrays', () => {
    expect(problems({ rules: { 1: { name: 'order.amount', conditions: { $less_than: 4000 } } } })).toBe(
      'Property .rules.1.conditions.$less_than should be array',
    );
  });

  it('checks operators and operands against the rule', () => {
    const details = problems({
      rules: {
        1: { name: 'order.amount', conditions: { $timeframe: ['2026-01-01T00:00:00Z;P1D;PT1H'] } },
        2: { name: 'order.amount', conditions: { $is: ['many'] } },
        3: { name: 'customer.metadata', property: 'visit', conditions: { $dow: [7] } },
        4: { name: 'customer.metadata', property: 'visit', conditions: { $iz: ['x'] } },
        5: { name: 'order.items.any', conditions: { $is: [{ object: 'product' }] } },
        6: { name: 'order.items.any', conditions: { $is: [{ id: 'x', object: 'category' }] } },
        7: { name: 'publication.redeemable_by_linked_customer', conditions: { $is: ['yes'] } },
        8: { name: 'redemption.user.login', conditions: { $is: [3] } },
        9: { name: 'customer.metadata', property: 'visit', conditions: { $timeframe_daily_hours: ['25:00;26:00'] } },
        logic: '1 and 2 and 3 and 4 and 5 and 6 and 7 and 8 and 9',
      },
    }).split('; ');
    expect(details).toEqual([
      "Property .rules.1.conditions.$timeframe is not an operator of rule 'order.amount' (allowed: $is, $is_not, $in, $not_in, $more_than, $more_than_equal, $less_than, $less_than_equal)",
      'Property .rules.2.conditions.$is should hold numbers (actual value is "many")',
      'Property .rules.3.conditions.$dow should be a day of the week, 0 (Sunday) to 6 (actual value is 7)',
      'Property .rules.4.conditions.$iz is not a known operator',
      'Property .rules.5.conditions.$is should hold ids or objects with an id (actual value is {"object":"product"})',
      'Property .rules.6.conditions.$is should name objects of kind product, sku or products_collection (actual value is {"id":"x","object":"category"})',
      'Property .rules.7.conditions.$is should hold booleans (actual value is "yes")',
      'Property .rules.8.conditions.$is should hold text (actual value is 3)',
      "Property .rules.9.conditions.$timeframe_daily_hours should be 'HH:MM;HH:MM;days' with days 0 to 6 separated by commas (actual value is '25:00;26:00')",
    ]);
  });

  it('requires a condition on rules about values, but not on rules that choose items or yes-or-no rules', () => {
    expect(problems({ rules: { 1: { name: 'order.amount', conditions: {} } } })).toBe(
      "Rule 'order.amount' must have at least one condition (.rules.1.conditions)",
    );
    const definition = parseValidationRules({
      rules: {
        1: {
          name: 'order.items.any',
          conditions: {},
          rules: { 1: { name: 'order.items.price', conditions: { $more_than: [100] } } },
        },
        2: { name: 'publication.redeemable_by_linked_customer' },
        logic: '1 and 2',
      },
    });
    expect(definition.rules.rules).toHaveLength(2);
  });

  it('checks logic: its syntax and the rules it names; a rule it leaves out is checked, not refused', () => {
    expect(problems({ rules: { 1: { name: 'order.amount', conditions: { $more_than: [1] } }, logic: '1 and' } })).toBe(
      "Logic '1 and' ends where a rule number or '(' is expected (.rules.logic)",
    );
    expect(
      problems({ rules: { 1: { name: 'order.amount', conditions: { $more_than: [1] } }, logic: '(1 and 2) and (3)' } }),
    ).toBe(
      "Logic '(1 and 2) and (3)' names rule 2, which is not defined (.rules.logic); Logic '(1 and 2) and (3)' names rule 3, which is not defined (.rules.logic)",
    );
    // A rule the logic leaves out is accepted (the reference's own examples store one) but still checked.
    const unused = parseValidationRules({
      rules: {
        1: { name: 'order.amount', conditions: { $more_than: [1] } },
        2: { name: 'order.amount', conditions: { $less_than: [9] } },
        logic: '1',
      },
    });
    expect(unused.rules.logic).toEqual({ kind: 'rule', key: '1' });
    expect(unused.rules.rules.map((rule) => rule.key)).toEqual(['1', '2']);
    expect(
      problems({
        rules: {
          1: { name: 'order.amount', conditions: { $more_than: [1] } },
          2: { name: 'order.nothing' },
          logic: '1',
        },
      }),
    ).toBe("Rule 'order.nothing' is not a known rule (.rules.2)");
    expect(problems({ rules: { logic: 5 } })).toBe('Property .rules.logic should be string');
  });

  it('checks the shape of rules, keys and messages, and nested levels', () => {
    const details = problems({
      error: 'text',
      rules: {
        a: { name: 'order.amount', conditions: { $is: [1] } },
        '01': { name: 'order.amount', conditions: { $is: [1] } },
        1: 'order.amount',
        2: { conditions: { $is: [1] } },
        3: {
          name: 'order.items.any',
          rules: { 1: { name: 'order.items.quantity', conditions: { $more_than: ['x'] } } },
          error: { message: 5 },
        },
        logic: '1 and 2 and 3',
      },
    });
    expect(details.split('; ')).toEqual([
      'Property .rules.1 should be object',
      "Property .rules.2 should have required property 'name'",
      "Property .rules.3.rules.1.conditions.$more_than should be a number or an ISO 8601 date (actual value is 'x')",
      'Property .rules.3.error.message should be string',
      "Property .rules.a is not a rule number or 'logic'",
      "Property .rules.01 is not a rule number or 'logic'",
      'Property .error should be object',
    ]);
  });

  it('refuses trees nested too deeply', () => {
    let level: Record<string, unknown> = { 1: { name: 'order.amount', conditions: { $is: [1] } } };
    for (let depth = 0; depth < 10; depth += 1) level = { 1: { name: 'order.items.any', rules: level } };
    expect(problems({ rules: level })).toContain('is nested more than 8 levels deep');
  });

  it('refuses a rule set that is not an object', () => {
    expect(problems('rules')).toBe('The validation rule should be an object');
  });
});

describe('parseValidationRules: bundles and applicable_to', () => {
  const part = (id: string, object = 'product', units?: number) => ({
    name: 'order.items.any',
    conditions: {
      $is: [{ id, type: object === 'products_collection' ? 'products_collection' : 'product_or_sku', object }],
    },
    ...(units === undefined
      ? {}
      : { rules: { 1: { name: 'order.items.aggregated_quantity', conditions: { $is: [units] } }, logic: '1' } }),
  });

  it('reads the parts, their units and the limit', () => {
    const { bundle } = parseValidationRules({
      bundle_rules: { limit: 3, 2: part('pc_bags', 'products_collection', 2), 1: part('prod_laptop') },
    });
    expect(bundle).toEqual({
      limit: 3,
      parts: [
        { key: '1', reference: { id: 'prod_laptop', object: 'product' }, units: 1, error: undefined },
        { key: '2', reference: { id: 'pc_bags', object: 'products_collection' }, units: 2, error: undefined },
      ],
    });
    expect(parseValidationRules({ bundle_rules: { 1: part('prod_1') } }).bundle?.limit).toBe(1);
    expect(parseValidationRules({ bundle_rules: { limit: 2 } }).bundle).toBeUndefined();
    expect(parseValidationRules({ bundle_rules: null }).bundle).toBeUndefined();
  });

  it('refuses limits outside 1–100, parts that are not one product, SKU or collection, and bad units', () => {
    const details = problems({
      bundle_rules: {
        limit: 101,
        1: { name: 'order.items.every', conditions: { $is: [{ id: 'prod_1', object: 'product' }] } },
        2: {
          name: 'order.items.any',
          conditions: {
            $is: [
              { id: 'prod_1', object: 'product' },
              { id: 'prod_2', object: 'product' },
            ],
          },
        },
        3: part('prod_3', 'product', 0),
        4: {
          name: 'order.items.any',
          conditions: { $is: [{ id: 'pc_1', type: 'product_or_sku', object: 'products_collection' }] },
        },
        logic: '1 or 2 or 3 or 4',
      },
    });
    expect(details.split('; ')).toEqual([
      'Property .bundle_rules.limit should be a whole number from 1 to 100',
      "Property .bundle_rules.1 should be a rule named 'order.items.any'",
      'Property .bundle_rules.2.conditions.$is should be an array of one object with an id and an object (product, sku or products_collection)',
      'Property .bundle_rules.3.rules.1.conditions.$is should be an array of one whole number, 1 or more',
      "Property .bundle_rules.4.conditions.$is[0].type should be 'products_collection' for an object of kind products_collection",
      "Logic '1 or 2 or 3 or 4' of a bundle may only join its parts with 'and' (.bundle_rules.logic)",
    ]);
  });

  it('reads applicable_to entries with their defaults and limits, and keeps them as written', () => {
    const entry = {
      object: 'products_collection',
      id: 'pc_1',
      source_id: null,
      quantity_limit: 5,
      product_customer_campaign_quantity_limit_formula: 'X',
    };
    const { applicable_to } = parseValidationRules({
      applicable_to: { included: [entry], excluded: [{ object: 'sku', id: 'sku_1' }], included_all: false },
    });
    expect(applicable_to.included).toEqual([
      {
        object: 'products_collection',
        id: 'pc_1',
        effect: 'APPLY_TO_EVERY',
        target: 'ITEM',
        skip_initially: 0,
        repeat: 1,
        limits: { quantity_limit: 5 },
        input: entry,
      },
    ]);
    expect(applicable_to.excluded.map((excluded) => excluded.id)).toEqual(['sku_1']);
  });

  it('refuses malformed applicable_to entries', () => {
    const details = problems({
      applicable_to: {
        included: [
          { object: 'category', id: '' },
          { object: 'product', id: 'p', effect: 'APPLY_TWICE', target: 'LINE', repeat: 0, quantity_limit: -1 },
        ],
        excluded: 'prod_1',
        included_all: 'yes',
      },
    });
    expect(details.split('; ')).toEqual([
      'Property .applicable_to.included_all should be boolean',
      'Property .applicable_to.included[0].object should be one of: product, sku, products_collection',
      'Property .applicable_to.included[0].id should be a non-empty string',
      'Property .applicable_to.included[1].effect should be one of: APPLY_TO_EVERY, APPLY_TO_CHEAPEST, APPLY_FROM_CHEAPEST, APPLY_TO_MOST_EXPENSIVE, APPLY_FROM_MOST_EXPENSIVE',
      'Property .applicable_to.included[1].target should be one of: ITEM, UNIT',
      'Property .applicable_to.included[1].repeat should be a whole number, 1 or more',
      'Property .applicable_to.included[1].quantity_limit should be a whole number, 0 or more',
      'Property .applicable_to.excluded should be array',
    ]);
  });
});

describe('the rule names', () => {
  it('gives each family its error key', () => {
    expect(validationRuleFailureKey('customer.segment')).toBe('customer_rules_violated');
    expect(validationRuleFailureKey('publication.redeemable_by_linked_customer')).toBe('customer_rules_violated');
    expect(validationRuleFailureKey('order.items.any')).toBe('order_rules_violated');
    expect(validationRuleFailureKey('order.initial_amount')).toBe('order_rules_violated');
    expect(validationRuleFailureKey('sku.price')).toBe('order_rules_violated');
    expect(validationRuleFailureKey('product.metadata.match_all')).toBe('order_rules_violated');
    expect(validationRuleFailureKey('order.items.metadata_each')).toBe('order_rules_violated');
    expect(validationRuleFailureKey('campaign.orders.amount')).toBe('redemption_rules_violated');
    expect(validationRuleFailureKey('redemption.user.login')).toBe('redemption_rules_violated');
    for (const metadata of [
      'customer.metadata',
      'order.metadata',
      'redemption.metadata',
      'custom_event.metadata',
    ] as const) {
      expect(validationRuleFailureKey(metadata)).toBe('redemption_rules_violated');
    }
  });

  it('puts each name in the group of the rule builder', () => {
    const group = (category: string) =>
      VALIDATION_RULE_NAMES.filter((name) => validationRuleCategory(name) === category);
    const groups = {
      audience: group('audience'),
      metadata: group('metadata'),
      redemptions: group('redemptions'),
      prices_and_quantities: group('prices_and_quantities'),
      budget: group('budget'),
      products: group('products'),
    };
    expect(groups.audience).toEqual(['customer.segment', 'publication.redeemable_by_linked_customer']);
    expect(groups.metadata).toEqual([
      'customer.metadata',
      'order.metadata',
      'redemption.metadata',
      'custom_event.metadata',
    ]);
    expect(groups.redemptions).toEqual([
      'redemption.api_key',
      'redemption.count.per_api_key',
      'redemption.user.login',
      'redemption.count.per_user',
    ]);
    expect(groups.prices_and_quantities).toEqual([
      'order.amount',
      'order.total_amount',
      'order.initial_amount',
      'order.items.count',
      'order.items.price_any',
      'order.items.price_each',
    ]);
    expect(groups.budget).toHaveLength(19);
    expect(groups.budget.every((name) => name.startsWith('campaign.') || name.startsWith('redemption.'))).toBe(true);
    expect(groups.products).toHaveLength(25);
    expect(groups.products.every((name) => /^(?:order\.items|product|sku)\./u.test(name))).toBe(true);
  });

  it('knows every name of the reference', () => {
    expect(VALIDATION_RULE_NAMES).toHaveLength(60);
    expect(new Set(VALIDATION_RULE_NAMES).size).toBe(60);
    expect(isValidationRuleName('campaign.redemptions.customers_count.weekly')).toBe(true);
    expect(isValidationRuleName('constructor')).toBe(false);
    expect(isValidationRuleName('order.colour')).toBe(false);
  });

  it('words the details of a failure as the service does', () => {
    expect(validationRuleViolationDetails({ object: 'voucher', type: 'DISCOUNT_VOUCHER' }, 'val_WuupvE7OVXyo')).toBe(
      'Discount Coupon cannot be redeemed because of violated validation rules: val_WuupvE7OVXyo',
    );
    expect(validationRuleViolationDetails({ object: 'voucher', type: 'GIFT_VOUCHER' }, 'val_1')).toBe(
      'Gift Card cannot be redeemed because of violated validation rules: val_1',
    );
    expect(validationRuleViolationDetails({ object: 'voucher', type: 'LOYALTY_CARD' }, 'val_1')).toMatch(
      /^Loyalty Card cannot/u,
    );
    expect(validationRuleViolationDetails({ object: 'promotion_tier' }, 'val_eqSA1dXOv491')).toBe(
      'Promotion Tier cannot be redeemed because of violated validation rules: val_eqSA1dXOv491',
    );
    expect(VALIDATION_RULE_FAILURE_MESSAGES).toEqual({
      customer_rules_violated: 'customer does not match validation rules',
      order_rules_violated: 'order does not match validation rules',
      redemption_rules_violated: 'redemption does not match validation rules',
    });
  });
});
