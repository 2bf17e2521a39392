import { describe, expect, expectTypeOf, test } from 'vitest';
import { ApiError } from '../http/api-error.js';
import {
  type ListBody,
  type Ordering,
  cursorPageOf,
  listBody,
  pageOf,
  sortByKeys,
  sortByOrder,
  timeCursorPageOf,
  wholeList,
} from './list.js';

const letters = ['a', 'b', 'c', 'd', 'e'];

interface Item {
  id: string;
  created_at: string;
  name?: string | null;
}

/** Items created one second apart, in creation order. */
const items: Item[] = [
  { id: 'x3', created_at: '2026-01-01T00:00:01.000Z', name: 'pear' },
  { id: 'x1', created_at: '2026-01-01T00:00:02.000Z', name: 'apple' },
  { id: 'x5', created_at: '2026-01-01T00:00:03.000Z' },
  { id: 'x2', created_at: '2026-01-01T00:00:04.000Z', name: 'apple' },
  { id: 'x4', created_at: '2026-01-01T00:00:05.000Z', name: null },
];
const ids = (list: readonly { id: string }[]) => list.map((item) => item.id);

/** Rank of each id in creation order, for cursorPageOf. */
const rank = (id: string): number | undefined => {
  const index = items.findIndex((item) => item.id === id);
  return index === -1 ? undefined : index;
};

describe('pageOf', () => {
  test('cuts pages of limit items from page 1, with the total and whether more follow', () => {
    expect(pageOf(letters, { page: 1, limit: 2 })).toEqual({ items: ['a', 'b'], total: 5, hasMore: true });
    expect(pageOf(letters, { page: 2, limit: 2 })).toEqual({ items: ['c', 'd'], total: 5, hasMore: true });
    expect(pageOf(letters, { page: 3, limit: 2 })).toEqual({ items: ['e'], total: 5, hasMore: false });
    expect(pageOf(letters, { page: 4, limit: 2 })).toEqual({ items: [], total: 5, hasMore: false });
    expect(pageOf(letters, { page: 1, limit: 5 })).toEqual({ items: letters, total: 5, hasMore: false });
  });

  test('defaults to page 1 of 10, and an empty list is one empty page', () => {
    const many = Array.from({ length: 12 }, (_, index) => index);
    expect(pageOf(many)).toEqual({ items: many.slice(0, 10), total: 12, hasMore: true });
    expect(pageOf([])).toEqual({ items: [], total: 0, hasMore: false });
  });

  test('reads an ordering for the page window only, and starts at a cursor rank when given one', () => {
    const windows: [number, number][] = [];
    const reversed: Ordering<string> = {
      read: (start, end) => {
        windows.push([start, end]);
        return { items: [...letters].reverse().slice(start, end), total: letters.length };
      },
    };
    expect(pageOf(reversed, { page: 2, limit: 2 })).toEqual({ items: ['c', 'b'], total: 5, hasMore: true });
    expect(pageOf(reversed, { page: 9, limit: 2 }, 3)).toEqual({ items: ['b', 'a'], total: 5, hasMore: false });
    expect(windows).toEqual([
      [2, 4],
      [3, 5],
    ]);
  });
});

describe('cursorPageOf', () => {
  test('follows the cursor page by page and hands back the next cursor', () => {
    const first = cursorPageOf(items, { limit: 2 }, rank);
    expect(first).toMatchObject({ total: 5, hasMore: true, moreStartingAfter: 'x1' });
    expect(ids(first.items)).toEqual(['x3', 'x1']);
    const second = cursorPageOf(items, { limit: 2, startingAfterId: first.moreStartingAfter }, rank);
    expect(ids(second.items)).toEqual(['x5', 'x2']);
    const last = cursorPageOf(items, { limit: 2, startingAfterId: second.moreStartingAfter }, rank);
    expect(last).toMatchObject({ hasMore: false, moreStartingAfter: 'x4' });
    expect(ids(last.items)).toEqual(['x4']);
    const after = cursorPageOf(items, { limit: 2, startingAfterId: 'x4' }, rank);
    expect(after).toEqual({ items: [], total: 5, hasMore: false, moreStartingAfter: 'x4' });
  });

  test('a cursor naming an item that is gone still places the page', () => {
    const remaining = items.filter((item) => item.id !== 'x1');
    expect(ids(cursorPageOf(remaining, { limit: 2, startingAfterId: 'x1' }, rank).items)).toEqual(['x5', 'x2']);
  });

  test('an empty list hands back the empty cursor, which starts from the beginning; a cursor the list never held is 400', () => {
    expect(cursorPageOf([], {}, () => undefined)).toEqual({
      items: [],
      total: 0,
      hasMore: false,
      moreStartingAfter: '',
    });
    expect(ids(cursorPageOf(items, { limit: 2, startingAfterId: '' }, rank).items)).toEqual(['x3', 'x1']);
    expect(() => cursorPageOf(items, { startingAfterId: 'nope' }, rank)).toThrow(ApiError);
    try {
      cursorPageOf(items, { startingAfterId: 'nope' }, rank);
    } catch (error) {
      expect(error).toMatchObject({
        status: 400,
        key: 'invalid_query_params',
        extras: { details: expect.stringContaining('nope') },
      });
    }
  });
});

describe('sortByKeys', () => {
  test('sorts on the keys it is given, as sortByOrder sorts on fields, and answers the items themselves', () => {
    const items = [
      { n: 'b', at: 1 },
      { n: 'a', at: 2 },
      { n: 'b', at: 3 },
      { n: null, at: 4 },
    ];
    const keys = (item: (typeof items)[number]) => ({ name: item.n });
    expect(sortByKeys(items, keys, 'name').map((item) => item.at)).toEqual([2, 1, 3, 4]);
    expect(sortByKeys(items, keys, '-name').map((item) => item.at)).toEqual([4, 3, 1, 2]);
    expect(sortByKeys(items, keys, 'name')[0]).toBe(items[1]);
  });
});

describe('sortByOrder', () => {
  test('sorts ascending by a field, ties in creation order and missing values last', () => {
    expect(ids(sortByOrder(items, 'name'))).toEqual(['x1', 'x2', 'x3', 'x5', 'x4']);
    expect(ids(sortByOrder(items, 'created_at'))).toEqual(ids(items));
  });

  test('descending is exactly the reverse of ascending, so ties come newest first', () => {
    expect(ids(sortByOrder(items, '-name'))).toEqual(['x4', 'x5', 'x3', 'x2', 'x1']);
    expect(ids(sortByOrder(items, '-created_at'))).toEqual(ids([...items].reverse()));
  });

  test('leaves its input alone and sorts numbers as numbers', () => {
    const before = ids(items);
    sortByOrder(items, '-created_at');
    expect(ids(items)).toEqual(before);
    const counts = [{ n: 10 }, { n: 9 }, { n: 100 }];
    expect(sortByOrder(counts, 'n').map((item) => item.n)).toEqual([9, 10, 100]);
  });

  test('only fields the items have, holding sortable values, can be ordered on', () => {
    // @ts-expect-error items have no `code`
    sortByOrder(items, '-code');
    // @ts-expect-error an object does not sort
    sortByOrder([{ metadata: {} }], 'metadata');
    expectTypeOf(sortByOrder(items, '-created_at')).toEqualTypeOf<Item[]>();
  });
});

describe('timeCursorPageOf', () => {
  test('pages on from a created_at, leaving out the cursor moment itself', () => {
    const first = timeCursorPageOf(items, { limit: 2 });
    expect(first).toMatchObject({ total: 5, hasMore: true });
    expect(ids(first.items)).toEqual(['x3', 'x1']);
    const second = timeCursorPageOf(items, { limit: 2, startingAfter: first.items.at(-1)?.created_at });
    expect(ids(second.items)).toEqual(['x5', 'x2']);
    expect(second.hasMore).toBe(true);
    const last = timeCursorPageOf(items, { limit: 2, startingAfter: '2026-01-01T00:00:04.000Z' });
    expect(last).toMatchObject({ total: 5, hasMore: false });
    expect(ids(last.items)).toEqual(['x4']);
  });

  test('in a descending list, after means created earlier; any ISO form of the moment works', () => {
    const newestFirst = sortByOrder(items, '-created_at');
    const page = timeCursorPageOf(newestFirst, {
      limit: 2,
      startingAfter: '2026-01-01T01:00:04+01:00',
      descending: true,
    });
    expect(ids(page.items)).toEqual(['x5', 'x1']);
    expect(page.hasMore).toBe(true);
  });

  test('in a list sorted on another field, the page holds the items after the moment; total counts every item', () => {
    const byName = sortByOrder(items, 'name');
    const page = timeCursorPageOf(byName, { limit: 2, startingAfter: '2026-01-01T00:00:02.000Z' });
    expect(ids(page.items)).toEqual(['x2', 'x5']);
    expect(page).toMatchObject({ total: 5, hasMore: true });
  });

  test('a cursor that is not a timestamp is 400 invalid_query_params', () => {
    expect(() => timeCursorPageOf(items, { startingAfter: 'yesterday' })).toThrow(
      expect.objectContaining({ status: 400, key: 'invalid_query_params' }) as Error,
    );
  });
});

describe('listBody', () => {
  test('puts the items under data_ref and adds only the envelope fields asked for', () => {
    const page = pageOf(letters, { limit: 2 });
    expect(listBody('data', page)).toEqual({ object: 'list', data_ref: 'data', data: ['a', 'b'] });
    expect(listBody('async_actions', page, ['has_more'])).toEqual({
      object: 'list',
      data_ref: 'async_actions',
      async_actions: ['a', 'b'],
      has_more: true,
    });
    expect(listBody('vouchers', page, ['total', 'has_more'])).toEqual({
      object: 'list',
      data_ref: 'vouchers',
      vouchers: ['a', 'b'],
      total: 5,
      has_more: true,
    });
    const cursorPage = cursorPageOf(items, { limit: 1 }, rank);
    expect(listBody('data', cursorPage, ['total', 'has_more', 'more_starting_after'])).toMatchObject({
      total: 5,
      has_more: true,
      more_starting_after: 'x3',
    });
  });

  test('is typed by its data_ref and fields; more_starting_after needs a cursor page', () => {
    const body = listBody('data', wholeList(letters), ['total']);
    expectTypeOf(body).toEqualTypeOf<ListBody<'data', string, 'total'>>();
    expectTypeOf(body.data).toEqualTypeOf<string[]>();
    // @ts-expect-error has_more was not asked for
    void body.has_more;
    expect(() => listBody('data', pageOf(letters), ['more_starting_after'])).toThrow(RangeError);
  });

  test('wholeList is every item on one page', () => {
    expect(wholeList(letters)).toEqual({ items: letters, total: 5, hasMore: false });
    expect(listBody('data', wholeList([]), ['total', 'has_more'])).toEqual({
      object: 'list',
      data_ref: 'data',
      data: [],
      total: 0,
      has_more: false,
    });
  });
});
