import type { TrackedMap } from './tracked-map.js';
import { TrackedSet } from './tracked-set.js';
import type { TrackedState } from './tracked-state.js';

/**
 * Values filed under keys, in the order they were filed: a customer's orders, a card's open
 * pending points. Most keys hold one value, and a `Set` costs about 200 bytes, so a group of one
 * is kept as the value alone; the second value makes a {@link TrackedSet}. A group that empties
 * goes. Its map is one of the scope's tracked containers, so a restore takes writes back as it
 * does for any other.
 */
export class TrackedGroups<K, V> {
  readonly #groups: TrackedMap<K, V | TrackedSet<V>>;

  /**
   * @param tracked - The scope the groups belong to.
   * @param inner - `true` for groups built from other state (an index): kept alongside the state but not in its image.
   */
  constructor(
    private readonly tracked: TrackedState,
    inner = false,
  ) {
    this.#groups = inner ? tracked.innerMap() : tracked.map();
  }

  /** Files a value under a key (a value filed already stays where it is). */
  add(key: K, value: V): void {
    const group = this.#groups.get(key);
    if (group instanceof TrackedSet) group.add(value);
    else if (group === undefined) this.#groups.set(key, value);
    else if (group !== value) this.#groups.set(key, this.tracked.innerSet([group, value]));
  }

  /** Takes a value out of a key's group. */
  delete(key: K, value: V): void {
    const group = this.#groups.get(key);
    if (group instanceof TrackedSet) {
      group.delete(value);
      if (group.size === 0) this.#groups.delete(key);
    } else if (group !== undefined && group === value) {
      this.#groups.delete(key);
    }
  }

  /** Drops a key's whole group. */
  deleteGroup(key: K): void {
    this.#groups.delete(key);
  }

  /** Files exactly these values under a key, in this order. */
  replace(key: K, values: Iterable<V>): void {
    const [first, ...rest] = values;
    if (first === undefined) this.#groups.delete(key);
    else if (rest.length === 0) this.#groups.set(key, first);
    else this.#groups.set(key, this.tracked.innerSet([first, ...rest]));
  }

  /** The values filed under a key, in the order they were filed (a new array). */
  of(key: K): V[] {
    const group = this.#groups.get(key);
    if (group instanceof TrackedSet) return [...group];
    return group === undefined ? [] : [group];
  }

  /** Whether a value is filed under a key. */
  has(key: K, value: V): boolean {
    const group = this.#groups.get(key);
    return group instanceof TrackedSet ? group.has(value) : group !== undefined && group === value;
  }

  /** How many values are filed under a key. */
  count(key: K): number {
    const group = this.#groups.get(key);
    if (group instanceof TrackedSet) return group.size;
    return group === undefined ? 0 : 1;
  }
}
