import { describe, expect, it } from 'vitest';
import {
  MAX_LISTED_UNITS,
  applicableToResultList,
  coveredEntryResult,
  excludedEntryResult,
} from './applicable-to-results.js';

describe('coveredEntryResult', () => {
  const lines = [
    { index: 2, units: 2, first: 2, step: 3 },
    { index: 0, units: 1, first: 1, step: 1 },
  ];

  it('lists the lines in the order they were reached and numbers their units from 1', () => {
    expect(coveredEntryResult({ object: 'product', id: 'prod_mug' }, lines, 12)).toEqual({
      object: 'product',
      id: 'prod_mug',
      order_item_indices: [2, 0],
      order_item_units: [
        { index: 2, units: [2, 5] },
        { index: 0, units: [1] },
      ],
    });
  });

  it('numbers units up to 1000 units in the order, and only flags the lines above that', () => {
    expect(
      coveredEntryResult({ object: 'product', id: 'prod_mug' }, lines, MAX_LISTED_UNITS).order_item_units?.[0],
    ).toEqual({ index: 2, units: [2, 5] });
    expect(
      coveredEntryResult({ object: 'product', id: 'prod_mug' }, lines, MAX_LISTED_UNITS + 1).order_item_units,
    ).toEqual([
      { index: 2, units_limit_exceeded: true },
      { index: 0, units_limit_exceeded: true },
    ]);
  });

  it('echoes the fields of the API that are set, and leaves out nulls and what only the caller knows', () => {
    const entry = {
      object: 'sku' as const,
      id: 'sku_mug_blue',
      source_id: null,
      product_id: 'prod_mug',
      strict: false,
      effect: 'APPLY_TO_EVERY' as const,
      quantity_limit: 2,
      product_in_collection_campaign_quantity_limit_formula: 'CUSTOMER_METADATA(tier)',
      matched_item_indices: [0],
      remaining_units: 3,
      comment: 'not an API field',
    };
    expect(coveredEntryResult(entry, [], 0)).toEqual({
      object: 'sku',
      id: 'sku_mug_blue',
      product_id: 'prod_mug',
      strict: false,
      effect: 'APPLY_TO_EVERY',
      quantity_limit: 2,
      product_in_collection_campaign_quantity_limit_formula: 'CUSTOMER_METADATA(tier)',
      order_item_indices: [],
      order_item_units: [],
    });
  });
});

describe('excludedEntryResult and applicableToResultList', () => {
  it('gives an excluded entry its lines and no units', () => {
    expect(excludedEntryResult({ object: 'products_collection', id: 'pc_glass', effect: null }, [1, 4])).toEqual({
      object: 'products_collection',
      id: 'pc_glass',
      order_item_indices: [1, 4],
    });
  });

  it('wraps entries in a frozen API list', () => {
    const list = applicableToResultList([excludedEntryResult({ object: 'product', id: 'prod_knife' }, [])]);
    expect(list).toEqual({
      object: 'list',
      data_ref: 'data',
      total: 1,
      data: [{ object: 'product', id: 'prod_knife', order_item_indices: [] }],
    });
    expect(Object.isFrozen(list) && Object.isFrozen(list.data) && Object.isFrozen(list.data[0])).toBe(true);
  });
});
