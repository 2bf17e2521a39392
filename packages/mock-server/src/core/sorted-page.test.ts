import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageOf, sortByOrder } from './list.js';
import { creationOrder, sortedOrder } from './sorted-page.js';

describe('sortedOrder', () => {
  it('answers the page of the fully sorted list (property)', () => {
    // One type per field, as stored records have: list values of mixed types have no order.
    const value = fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { nil: undefined });
    fc.assert(
      fc.property(
        fc
          .array(
            fc.record({
              id: fc.nat(),
              code: value,
              amount: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
            }),
            { maxLength: 300 },
          )
          .map((items) => items.map((item, index) => ({ ...item, id: index }))),
        fc.constantFrom('code', '-code', 'id', '-id', 'amount', '-amount'),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 20 }),
        (items, order, page, limit) => {
          expect(pageOf(sortedOrder(items, order), { page, limit })).toEqual(
            pageOf(sortByOrder(items, order), { page, limit }),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('selects from a large list without changing it', () => {
    const items = Array.from({ length: 1000 }, (_, index) => ({
      code: `C${String((index * 7919) % 1000).padStart(4, '0')}`,
    }));
    const copy = [...items];
    expect(pageOf(sortedOrder(items, '-code'), { page: 2, limit: 3 }).items.map(({ code }) => code)).toEqual([
      'C0996',
      'C0995',
      'C0994',
    ]);
    expect(items).toEqual(copy);
  });
});

describe('creationOrder', () => {
  it('answers the page of the fully sorted list for records in creation order (property)', () => {
    // Creation order: created_at never decreases, and records of the same millisecond share it.
    const records = fc
      .array(fc.record({ step: fc.nat(2), code: fc.constantFrom('a', 'b', 'c') }), { maxLength: 200 })
      .map((steps) => {
        let at = Date.UTC(2026, 0, 1);
        return steps.map(({ step, code }, index) => {
          at += step;
          return { id: index, code, created_at: new Date(at).toISOString() };
        });
      });
    fc.assert(
      fc.property(
        records,
        fc.constantFrom('created_at', '-created_at', 'code', '-code'),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 20 }),
        (items, order, page, limit) => {
          const copy = [...items];
          expect(pageOf(creationOrder(items, order), { page, limit })).toEqual(
            pageOf(sortByOrder(items, order), { page, limit }),
          );
          expect(items).toEqual(copy);
        },
      ),
      { numRuns: 500 },
    );
  });
});
