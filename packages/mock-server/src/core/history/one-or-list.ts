import { TrackedList } from './tracked-list.js';
import type { TrackedMap } from './tracked-map.js';
import type { TrackedState } from './tracked-state.js';

/**
 * What a key of a tracked map holds when most keys hold one value: the value alone, or a
 * {@link TrackedList} from the second value on (a list of one costs about 200 bytes more). The
 * value itself must not be a `TrackedList`. For values without an order and with look-ups by
 * value, {@link TrackedGroups} keeps a set instead.
 *
 * @example
 * ```ts
 * const placesBySubject: TrackedMap<string, OneOrList<number>> = tracked.innerMap();
 * appendTo(placesBySubject, 'cust_1', 7, tracked);
 * itemsOf(placesBySubject.get('cust_1')); // [7]
 * ```
 */
export type OneOrList<V> = V | TrackedList<V>;

/**
 * The values a key holds, oldest first.
 *
 * @param held - What the key holds, if anything.
 * @returns The values: the list's own items, or a new array of the one value.
 * @example
 * ```ts
 * itemsOf(undefined); // []
 * ```
 */
export const itemsOf = <V>(held: OneOrList<V> | undefined): readonly V[] =>
  held === undefined ? [] : held instanceof TrackedList ? held.items : [held];

/**
 * Adds a value at the end of what a key holds: alone when the key holds nothing, in a new list
 * with the one it held, or at the end of its list.
 *
 * @param map - The map.
 * @param key - The key.
 * @param value - The value to add.
 * @param tracked - Where a new list is made: the map's scope.
 * @example
 * ```ts
 * appendTo(holdingsByCustomer, holding.customerId, holding, tracked);
 * ```
 */
export const appendTo = <K, V>(map: TrackedMap<K, OneOrList<V>>, key: K, value: V, tracked: TrackedState): void => {
  const held = map.get(key);
  if (held instanceof TrackedList) held.push(value);
  else if (held === undefined) map.set(key, value);
  else map.set(key, tracked.innerList([held, value]));
};
