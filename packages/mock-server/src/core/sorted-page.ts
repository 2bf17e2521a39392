/**
 * Orderings of lists held as arrays that are not in list order, for `pageOf`. A list
 * request over a large store (100,000 vouchers ordered by `code`) needs only the first
 * `page × limit` items in list order: a bounded heap selects them in O(n log k) comparisons
 * instead of the O(n log n) of a full sort, and only they are sorted. Either way the page is
 * exactly `pageOf(sortByOrder(items, order), query)`.
 */
import { type OrderField, type Ordering, type Sortable, compareAscending, sortByOrder } from './list.js';

/** Beyond this share of the list, the page reaches so deep that a full sort is as cheap. */
const SELECT_SHARE = 1 / 8;

/**
 * The list of `items` in `order`, as `sortByOrder` sorts it (ties keep creation order ascending
 * and its reverse descending), read by selecting a page's items instead of sorting the whole list
 * when the page lies near its start.
 *
 * @param items - The filtered list, in creation order.
 * @param order - The field, with `-` for descending.
 * @returns The ordering, for `pageOf`.
 */
export const sortedOrder = <T extends { readonly [Key in OrderField<Order>]?: Sortable }, Order extends string>(
  items: readonly T[],
  order: Order,
): Ordering<T> => ({
  read: (start, end) => {
    const total = items.length;
    const last = Math.min(total, end);
    if (last > total * SELECT_SHARE) return { items: sortByOrder(items, order).slice(start, end), total };
    const descending = order.startsWith('-');
    const field = (descending ? order.slice(1) : order) as OrderField<Order>;
    // List order on item indexes: a total order, so the selection equals the stable sort's prefix.
    const before = (i: number, j: number): number => {
      const byValue = compareAscending((items[i] as T)[field], (items[j] as T)[field]) || i - j;
      return descending ? -byValue : byValue;
    };
    const page = selectFirst(total, last, before)
      .sort(before)
      .slice(start)
      .map((index) => items[index] as T);
    return { items: page, total };
  },
});

/** The indexes of the `count` first of `length` items in the order `before`, unordered: a max-heap of the best so far. */
const selectFirst = (length: number, count: number, before: (i: number, j: number) => number): number[] => {
  const heap: number[] = [];
  const swap = (a: number, b: number): void => {
    [heap[a], heap[b]] = [heap[b] as number, heap[a] as number];
  };
  const siftDown = (from: number): void => {
    let parent = from;
    for (;;) {
      const left = 2 * parent + 1;
      let largest = parent;
      if (left < heap.length && before(heap[left] as number, heap[largest] as number) > 0) largest = left;
      if (left + 1 < heap.length && before(heap[left + 1] as number, heap[largest] as number) > 0) largest = left + 1;
      if (largest === parent) return;
      swap(parent, largest);
      parent = largest;
    }
  };
  for (let index = 0; index < length; index += 1) {
    if (heap.length < count) {
      heap.push(index);
      for (let child = heap.length - 1; child > 0; ) {
        const parent = (child - 1) >> 1;
        if (before(heap[child] as number, heap[parent] as number) <= 0) break;
        swap(child, parent);
        child = parent;
      }
    } else if (count > 0 && before(index, heap[0] as number) < 0) {
      heap[0] = index;
      siftDown(0);
    }
  }
  return heap;
};

/**
 * The list of records kept in creation order, in `order`, as {@link sortedOrder} reads it. The
 * clock never runs backwards, so creation order is already `created_at` order (and keeps records
 * of the same millisecond apart): `created_at` and `-created_at` read the list as kept or from its
 * end, without sorting or reversing it; any other order selects the page.
 *
 * @param items - The filtered records, in creation order.
 * @param order - The field, with `-` for descending.
 * @returns The ordering, for `pageOf`.
 */
export const creationOrder = <T extends { readonly [Key in OrderField<Order>]?: Sortable }, Order extends string>(
  items: readonly T[],
  order: Order,
): readonly T[] | Ordering<T> => {
  if (order === 'created_at') return items;
  if (order !== '-created_at') return sortedOrder(items, order);
  return {
    read: (start, end) => ({
      items: items.slice(Math.max(0, items.length - end), Math.max(0, items.length - start)).reverse(),
      total: items.length,
    }),
  };
};
