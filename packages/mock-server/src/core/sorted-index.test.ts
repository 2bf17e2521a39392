import { StateHistory } from './history/state-history.js';
import { TrackedState } from './history/tracked-state.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageOf, sortByOrder } from './list.js';
import { SortedIndexes, indexOrder } from './sorted-index.js';

interface Row {
  readonly position: number;
  readonly code: string | null;
  readonly even: boolean;
}

describe('SortedIndex', () => {
  it('pages every order as a full sort does, however the records were added before and after it was built', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { nil: null }), { maxLength: 60 }),
        fc.nat(60),
        fc.boolean(),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 10 }),
        fc.boolean(),
        (codes, builtAfter, descending, limit, page, filtered) => {
          const rows: Row[] = [];
          const indexes = new SortedIndexes<'code'>(
            (_field, position) => rows[position]?.code,
            new TrackedState(new StateHistory()),
          );
          const add = (code: string | null) => {
            rows.push({ position: rows.length, code, even: rows.length % 2 === 0 });
            indexes.add(rows.length - 1);
          };
          codes.slice(0, builtAfter).forEach(add);
          indexes.of('code');
          codes.slice(builtAfter).forEach(add);
          const keep = filtered ? (position: number) => (rows[position] as Row).even : undefined;
          const query = { limit, page };
          const expected = pageOf(
            sortByOrder(filtered ? rows.filter((row) => row.even) : rows, descending ? '-code' : 'code'),
            query,
          );
          expect(
            pageOf(
              indexOrder(indexes.of('code'), descending, (position) => rows[position] as Row, keep),
              query,
            ),
          ).toEqual(expected);
        },
      ),
    );
  });

  it('keeps the order through changes of keys and removals', () => {
    type Op =
      | { readonly kind: 'add'; readonly key: string | null }
      | { readonly kind: 'change'; readonly at: number; readonly key: string | null }
      | { readonly kind: 'remove'; readonly at: number };
    const key = fc.option(fc.constantFrom('a', 'b', 'c'), { nil: null });
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), key }),
      fc.record({ kind: fc.constant('change' as const), at: fc.nat(30), key }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat(30) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.boolean(), (ops, descending) => {
        const keys: (string | null | undefined)[] = [];
        const live = new Set<number>();
        const indexes = new SortedIndexes<'key'>(
          (_field, position) => keys[position],
          new TrackedState(new StateHistory()),
        );
        indexes.of('key');
        for (const one of ops) {
          if (one.kind === 'add') {
            keys.push(one.key);
            live.add(keys.length - 1);
            indexes.add(keys.length - 1);
            continue;
          }
          const position = [...live][one.at % Math.max(1, live.size)];
          if (position === undefined) continue;
          if (one.kind === 'change') {
            indexes.detach('key', position);
            keys[position] = one.key;
            indexes.attach('key', position);
          } else {
            indexes.remove(position);
            live.delete(position);
          }
        }
        const rows = [...live].sort((a, b) => a - b).map((position) => ({ position, key: keys[position] ?? null }));
        const expected = pageOf(sortByOrder(rows, descending ? '-key' : 'key'), { limit: 100 });
        expect(
          pageOf(
            indexOrder(indexes.of('key'), descending, (position) => ({ position, key: keys[position] ?? null })),
            { limit: 100 },
          ),
        ).toEqual(expected);
      }),
    );
  });
});
