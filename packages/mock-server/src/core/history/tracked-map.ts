import { firstOutOfPlace } from './key-order.js';
import type { Change, Revertible, StateHistory } from './state-history.js';

const SET = 0;
const DELETE = 1;
const ORDER = 2;

/**
 * A `Map` whose writes a {@link StateHistory} can take back. Reads are `Map`'s own, at its
 * speed; `set` and `delete` record what they replace while the history records.
 *
 * Taking a deletion back puts the key back where it was in the iteration order: before its first
 * deletion after a mark, the map records the order of its keys once.
 */
export class TrackedMap<K, V> extends Map<K, V> implements Revertible {
  #orderedIn = -1;

  constructor(readonly history: StateHistory) {
    super();
  }

  override set(key: K, value: V): this {
    const history = this.history;
    if (history.recording) {
      const had = super.has(key);
      history.record(this, SET, key, had ? [super.get(key)] : undefined);
    }
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    const history = this.history;
    if (history.recording && super.has(key)) {
      this.#keepOrder(history);
      history.record(this, DELETE, key, super.get(key));
    }
    return super.delete(key);
  }

  override clear(): void {
    const history = this.history;
    if (history.recording) for (const key of [...super.keys()]) this.delete(key);
    else super.clear();
  }

  /** Fills the map without recording (loading an image). */
  load(entries: Iterable<readonly [K, V]>): void {
    super.clear();
    for (const [key, value] of entries) super.set(key, value);
  }

  revert(change: Change): void {
    const key = change.key as K;
    if (change.op === SET) {
      const before = change.value as [V] | undefined;
      if (before === undefined) super.delete(key);
      else super.set(key, before[0]);
    } else if (change.op === DELETE) {
      super.set(key, change.value as V);
    } else {
      // The map holds the keys it held before its first deletion of the epoch again: put them
      // back in their order, moving only the keys from the first one out of place on.
      const order = change.value as K[];
      for (let index = firstOutOfPlace(super.keys(), order); index < order.length; index += 1) {
        const key = order[index] as K;
        const value = super.get(key) as V;
        super.delete(key);
        super.set(key, value);
      }
    }
  }

  #keepOrder(history: StateHistory): void {
    if (this.#orderedIn === history.epoch) return;
    this.#orderedIn = history.epoch;
    history.record(this, ORDER, undefined, [...super.keys()]);
  }
}
