import { describe, expect, it } from 'vitest';
import { collectionsNamedBy } from './collections.js';
import { parseValidationRules } from './parse.js';

describe('collectionsNamedBy', () => {
  it('finds the collections of conditions, nested rules, applicable_to and bundles, each once', () => {
    const definition = parseValidationRules({
      rules: {
        1: {
          name: 'order.items.any',
          conditions: { $is: [{ id: 'pc_mugs', object: 'products_collection' }] },
          rules: {},
        },
        2: {
          name: 'order.items.every',
          conditions: { $is: ['prod_1'], $from: ['pc_kitchen'] },
          rules: {
            1: { name: 'order.items.any', conditions: { $is: [{ id: 'pc_deep', object: 'products_collection' }] } },
            logic: '1',
          },
        },
        logic: '1 and 2',
      },
      applicable_to: {
        included: [
          { object: 'products_collection', id: 'pc_sale' },
          { object: 'product', id: 'prod_1' },
        ],
        excluded: [{ object: 'products_collection', id: 'pc_mugs' }],
        included_all: false,
      },
      bundle_rules: {
        1: { name: 'order.items.any', conditions: { $is: [{ id: 'pc_bags', object: 'products_collection' }] } },
      },
    });
    expect(collectionsNamedBy(definition)).toEqual(['pc_mugs', 'pc_kitchen', 'pc_deep', 'pc_sale', 'pc_bags']);
  });

  it('finds none in rules that name products and segments only', () => {
    const definition = parseValidationRules({
      rules: {
        1: { name: 'customer.segment', conditions: { $is: ['seg_1'] } },
        2: { name: 'product.id', conditions: { $is: ['prod_1'] } },
        logic: '1 and 2',
      },
    });
    expect(collectionsNamedBy(definition)).toEqual([]);
  });
});
