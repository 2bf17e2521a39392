import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateBundle } from './bundle.js';
import type { RuleOrderItemInput } from './context.js';
import { type BundleDefinition, parseValidationRules } from './parse.js';

type Kind = 'product' | 'sku' | 'products_collection';

/** A bundle as `bundle_rules` sends it: each part an id, its kind and the units one bundle needs. */
const bundleOf = (
  limit: number | undefined,
  ...parts: [id: string, object: Kind, units?: number][]
): BundleDefinition => {
  const rules: Record<string, unknown> = limit === undefined ? {} : { limit };
  parts.forEach(([id, object, units], index) => {
    rules[String(index + 1)] = {
      name: 'order.items.any',
      conditions: {
        $is: [{ id, type: object === 'products_collection' ? 'products_collection' : 'product_or_sku', object }],
      },
      rules:
        units === undefined
          ? {}
          : { 1: { name: 'order.items.aggregated_quantity', conditions: { $is: [units] } }, logic: '1' },
    };
  });
  const { bundle } = parseValidationRules({ bundle_rules: rules });
  if (bundle === undefined) throw new Error('no bundle');
  return bundle;
};

describe('evaluateBundle', () => {
  it('reports what the cart has and lacks, as in the reference’s example', () => {
    // 2 Star Thermal Bottles and 5 Adventure products; the cart has 1 bottle, 1 T-shirt and 2 pairs of socks.
    const bundle = bundleOf(undefined, ['prod_bottle', 'product', 2], ['pc_adventure', 'products_collection', 5]);
    const items: RuleOrderItemInput[] = [
      { product_id: 'prod_bottle', quantity: 1, price: 2499 },
      { product_id: 'prod_tee', quantity: 1, price: 1999, collection_ids: ['pc_adventure'] },
      { product_id: 'prod_socks', quantity: 2, price: 499, collection_ids: ['pc_adventure'] },
    ];
    expect(evaluateBundle(bundle, items)).toEqual({
      quantity: 0,
      limit: 1,
      identified: [
        { id: 'prod_bottle', object: 'product', item_index: 0, item_quantity: 1 },
        { id: 'prod_tee', object: 'product', item_index: 1, item_quantity: 1 },
        { id: 'prod_socks', object: 'product', item_index: 2, item_quantity: 2 },
      ],
      missing: [
        { id: 'prod_bottle', object: 'product', item_quantity: 1 },
        { id: 'pc_adventure', object: 'products_collection', item_quantity: 2 },
      ],
    });
  });

  it('counts complete bundles up to the limit, and identifies only the units they use', () => {
    const bundle = bundleOf(2, ['prod_laptop', 'product'], ['prod_bag', 'product']);
    const result = evaluateBundle(bundle, [
      { product_id: 'prod_laptop', quantity: 3 },
      { product_id: 'prod_mouse', quantity: 1 },
      { product_id: 'prod_bag', quantity: 5 },
    ]);
    expect(result).toEqual({
      quantity: 2,
      limit: 2,
      identified: [
        { id: 'prod_laptop', object: 'product', item_index: 0, item_quantity: 2 },
        { id: 'prod_bag', object: 'product', item_index: 2, item_quantity: 2 },
      ],
    });
    expect(
      evaluateBundle(bundleOf(5, ['prod_laptop', 'product'], ['prod_bag', 'product']), [
        { product_id: 'prod_laptop', quantity: 3 },
        { product_id: 'prod_bag', quantity: 5 },
      ]).quantity,
    ).toBe(3);
  });

  it('names a SKU line as the SKU, and lets a product part take its SKUs', () => {
    const result = evaluateBundle(bundleOf(1, ['prod_tee', 'product', 2]), [
      { product_id: 'prod_tee', sku_id: 'sku_tee_m', quantity: 1 },
      { product_id: 'prod_tee', sku_id: 'sku_tee_l', quantity: 1 },
    ]);
    expect(result).toEqual({
      quantity: 1,
      limit: 1,
      identified: [
        { id: 'sku_tee_m', object: 'sku', item_index: 0, item_quantity: 1 },
        { id: 'sku_tee_l', object: 'sku', item_index: 1, item_quantity: 1 },
      ],
    });
    expect(
      evaluateBundle(bundleOf(1, ['sku_tee_l', 'sku', 2]), [
        { product_id: 'prod_tee', sku_id: 'sku_tee_m', quantity: 5 },
      ]).missing,
    ).toEqual([{ id: 'sku_tee_l', object: 'sku', item_quantity: 2 }]);
  });

  it('counts a unit towards one part only, and shares lines out so that most bundles complete', () => {
    // The T-shirt is also an Adventure product; with 1 T-shirt and 1 mug it makes one bundle only
    // if the T-shirt serves the T-shirt part and the mug the collection part.
    const bundle = bundleOf(3, ['pc_adventure', 'products_collection'], ['prod_tee', 'product']);
    const items: RuleOrderItemInput[] = [
      { product_id: 'prod_tee', quantity: 1, collection_ids: ['pc_adventure'] },
      { product_id: 'prod_mug', quantity: 1, collection_ids: ['pc_adventure'] },
    ];
    expect(evaluateBundle(bundle, items).quantity).toBe(1);
    expect(
      evaluateBundle(bundle, [{ product_id: 'prod_tee', quantity: 3, collection_ids: ['pc_adventure'] }]).quantity,
    ).toBe(1);
    expect(
      evaluateBundle(bundle, [{ product_id: 'prod_tee', quantity: 1, collection_ids: ['pc_adventure'] }]),
    ).toMatchObject({
      quantity: 0,
      identified: [{ id: 'prod_tee', item_index: 0, item_quantity: 1 }],
      // The product part is served before the collection part.
      missing: [{ id: 'pc_adventure', object: 'products_collection', item_quantity: 1 }],
    });
  });

  it('finds nothing in an empty order', () => {
    expect(evaluateBundle(bundleOf(1, ['prod_a', 'product']), [])).toEqual({
      quantity: 0,
      limit: 1,
      identified: [],
      missing: [{ id: 'prod_a', object: 'product', item_quantity: 1 }],
    });
  });
});

/** The most bundles an order makes, found by trying every way to share each line's units between the parts it matches. */
const bruteForce = (
  parts: readonly { id: string; units: number }[],
  lines: readonly { ids: readonly string[]; quantity: number }[],
  limit: number,
): number => {
  let best = 0;
  const given = parts.map(() => 0);
  const visit = (line: number): void => {
    if (line === lines.length) {
      best = Math.max(best, Math.min(limit, ...parts.map((part, p) => Math.floor((given[p] ?? 0) / part.units))));
      return;
    }
    const current = lines[line];
    if (current === undefined) return;
    const serving = parts.flatMap((part, p) => (current.ids.includes(part.id) ? [p] : []));
    const share = (index: number, left: number): void => {
      if (index === serving.length) {
        visit(line + 1);
        return;
      }
      const p = serving[index] ?? 0;
      for (let units = 0; units <= left; units += 1) {
        given[p] = (given[p] ?? 0) + units;
        share(index + 1, left - units);
        given[p] = (given[p] ?? 0) - units;
      }
    };
    share(0, current.quantity);
  };
  visit(0);
  return best;
};

describe('evaluateBundle (property)', () => {
  it('finds as many bundles as the best sharing of the order, and identifies exactly their units', () => {
    const part = fc.record({
      id: fc.constantFrom('prod_a', 'prod_b', 'pc_x', 'pc_y'),
      units: fc.integer({ min: 1, max: 3 }),
    });
    const line = fc.record({
      product_id: fc.constantFrom('prod_a', 'prod_b', 'prod_c'),
      quantity: fc.integer({ min: 0, max: 4 }),
      collection_ids: fc.subarray(['pc_x', 'pc_y']),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(part, { minLength: 1, maxLength: 3, selector: (candidate) => candidate.id }),
        fc.array(line, { maxLength: 4 }),
        fc.integer({ min: 1, max: 4 }),
        (parts, items, limit) => {
          const bundle = bundleOf(
            limit,
            ...parts.map(({ id, units }): [string, Kind, number] => [
              id,
              id.startsWith('pc_') ? 'products_collection' : 'product',
              units,
            ]),
          );
          const result = evaluateBundle(bundle, items);
          const lines = items.map((item) => ({
            ids: [item.product_id, ...item.collection_ids],
            quantity: item.quantity,
          }));
          expect(result.quantity).toBe(bruteForce(parts, lines, limit));
          for (const identified of result.identified)
            expect(identified.item_quantity).toBeLessThanOrEqual(items[identified.item_index]?.quantity ?? 0);
          const identifiedUnits = result.identified.reduce((sum, identified) => sum + identified.item_quantity, 0);
          const needed = parts.reduce((sum, { units }) => sum + units, 0);
          if (result.quantity > 0) {
            expect(result.missing).toBeUndefined();
            expect(identifiedUnits).toBe(result.quantity * needed);
          } else {
            const missingUnits = (result.missing ?? []).reduce((sum, missing) => sum + missing.item_quantity, 0);
            expect(identifiedUnits + missingUnits).toBe(needed);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
