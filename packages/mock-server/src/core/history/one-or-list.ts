import { EMPTY_LIST } from '../immutable.js';
import { TrackedList } from './tracked-list.js';
import type { TrackedMap } from './tracked-map.js';
import type { TrackedState } from './tracked-state.js';

/**
 * What a place holds when most such places hold one value: the value alone, or a list from the
 * second value on (a list of one costs about 200 bytes more as a {@link TrackedList}, 60 as an
 * array). The list is a `TrackedList` where a key of a tracked map grows it in place
 * ({@link appendTo}), and a frozen array where a stored record holds it ({@link oneOrList}), since
 * a record is replaced whole. The value itself must not be a list. For values without an order
 * and with look-ups by value, {@link TrackedGroups} keeps a set instead.
 *
 * @typeParam V - The values.
 * @typeParam List - The form of the list: `TrackedList<V>` (the default) or `readonly V[]`.
 */
export type OneOrList<V, List extends TrackedList<V> | readonly V[] = TrackedList<V>> = V | List;

/**
 * The values a place holds, oldest first.
 *
 * @param held - What the place holds, if anything.
 * @returns The values: the list's own items, or a new array of the one value.
 */
export const itemsOf = <V>(held: OneOrList<V, TrackedList<V> | readonly V[]> | undefined): readonly V[] => {
  if (held === undefined) return [];
  if (held instanceof TrackedList) return held.items;
  return Array.isArray(held) ? (held as readonly V[]) : [held as V];
};

/**
 * The first value a place holds.
 *
 * @param held - What the place holds.
 * @returns The value alone, or the list's first; `undefined` for an empty list.
 */
export const firstOf = <V>(held: OneOrList<V, TrackedList<V> | readonly V[]>): V | undefined => {
  if (held instanceof TrackedList) return held.items[0];
  return Array.isArray(held) ? (held as readonly V[])[0] : (held as V);
};

/**
 * What a stored record keeps of some values: the one value alone, or the list as it is (the
 * shared empty list for none).
 *
 * @param values - The values, never changed afterwards.
 * @returns The value or the list.
 */
export const oneOrList = <V>(values: readonly V[]): OneOrList<V, readonly V[]> =>
  values.length === 1 ? (values[0] as V) : values.length === 0 ? (EMPTY_LIST as readonly V[]) : values;

/**
 * Adds a value at the end of what a key holds: alone when the key holds nothing, in a new list
 * with the one it held, or at the end of its list.
 *
 * @param map - The map.
 * @param key - The key.
 * @param value - The value to add.
 * @param tracked - Where a new list is made: the map's scope.
 */
export const appendTo = <K, V>(map: TrackedMap<K, OneOrList<V>>, key: K, value: V, tracked: TrackedState): void => {
  const held = map.get(key);
  if (held instanceof TrackedList) held.push(value);
  else if (held === undefined) map.set(key, value);
  else map.set(key, tracked.innerList([held, value]));
};
