import type { Change, Revertible, StateHistory } from './state-history.js';

/** One value whose changes a {@link StateHistory} can take back: a store's counter or setting. */
export class Cell<T> implements Revertible {
  #value: T;

  constructor(
    readonly history: StateHistory,
    initial: T,
  ) {
    this.#value = initial;
  }

  get value(): T {
    return this.#value;
  }

  set value(value: T) {
    if (this.history.recording && !Object.is(value, this.#value)) this.history.record(this, 0, undefined, this.#value);
    this.#value = value;
  }

  /** Sets the value without recording (loading an image). */
  load(value: T): void {
    this.#value = value;
  }

  revert(change: Change): void {
    this.#value = change.value as T;
  }
}
