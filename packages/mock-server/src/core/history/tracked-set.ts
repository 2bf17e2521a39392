import { firstOutOfPlace } from './key-order.js';
import type { Change, Revertible, StateHistory } from './state-history.js';

const ADD = 0;
const DELETE = 1;
const ORDER = 2;

/**
 * A `Set` whose writes a {@link StateHistory} can take back, as {@link TrackedMap} does for maps:
 * reads at `Set`'s speed, and a deleted member comes back in its place.
 */
export class TrackedSet<T> extends Set<T> implements Revertible {
  #orderedIn = -1;

  constructor(readonly history: StateHistory) {
    super();
  }

  override add(value: T): this {
    const history = this.history;
    if (history.recording && !super.has(value)) history.record(this, ADD, value, undefined);
    return super.add(value);
  }

  override delete(value: T): boolean {
    const history = this.history;
    if (history.recording && super.has(value)) {
      if (this.#orderedIn !== history.epoch) {
        this.#orderedIn = history.epoch;
        history.record(this, ORDER, undefined, [...super.values()]);
      }
      history.record(this, DELETE, value, undefined);
    }
    return super.delete(value);
  }

  override clear(): void {
    const history = this.history;
    if (history.recording) for (const value of [...super.values()]) this.delete(value);
    else super.clear();
  }

  /** Fills the set without recording (loading an image). */
  load(values: Iterable<T>): void {
    super.clear();
    for (const value of values) super.add(value);
  }

  revert(change: Change): void {
    if (change.op === ADD) super.delete(change.key as T);
    else if (change.op === DELETE) super.add(change.key as T);
    else {
      // Back in their order, moving only the members from the first one out of place on.
      const order = change.value as T[];
      for (let index = firstOutOfPlace(super.values(), order); index < order.length; index += 1) {
        super.delete(order[index] as T);
        super.add(order[index] as T);
      }
    }
  }
}
