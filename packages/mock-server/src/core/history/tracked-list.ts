import type { Change, Revertible, StateHistory } from './state-history.js';

const LENGTH = 0;
const SPLICE = 1;
const SET = 2;

/**
 * An array whose writes a {@link StateHistory} can take back. Reads go to `items`, the array
 * itself (typed read-only: only the list's methods write it); writes go through `push`, `set`,
 * `splice` and `truncate`, which record what they replace while the history records.
 */
export class TrackedList<T> implements Revertible, Iterable<T> {
  readonly #items: T[] = [];

  constructor(readonly history: StateHistory) {}

  /** The array, for reading. */
  get items(): readonly T[] {
    return this.#items;
  }

  get length(): number {
    return this.#items.length;
  }

  /** The item at `index` (negative counts from the end). */
  at(index: number): T | undefined {
    return this.#items.at(index);
  }

  [Symbol.iterator](): Iterator<T> {
    return this.#items[Symbol.iterator]();
  }

  /** Appends an item; answers the new length, as `Array#push`. */
  push(item: T): number {
    if (this.history.recording) this.history.record(this, LENGTH, this.#items.length, undefined);
    return this.#items.push(item);
  }

  /** Replaces the item at `index` (within the list, or just past its end). */
  set(index: number, item: T): void {
    if (index < 0 || index > this.#items.length)
      throw new RangeError(`Index ${index} is outside a list of ${this.#items.length}`);
    if (this.history.recording) {
      if (index === this.#items.length) this.history.record(this, LENGTH, index, undefined);
      else this.history.record(this, SET, index, this.#items[index]);
    }
    this.#items[index] = item;
  }

  /** Removes `deleteCount` items at `start` and inserts `items` there, as `Array#splice`. */
  splice(start: number, deleteCount: number, ...items: T[]): T[] {
    const length = this.#items.length;
    const removed = this.#items.splice(start, deleteCount, ...items);
    if (this.history.recording) {
      const at = start < 0 ? Math.max(0, length + start) : Math.min(start, length);
      this.history.record(this, SPLICE, [at, items.length], removed);
    }
    return removed;
  }

  /** Removes and answers the first item. */
  shift(): T | undefined {
    return this.#items.length === 0 ? undefined : this.splice(0, 1)[0];
  }

  /** Removes and answers the last item. */
  pop(): T | undefined {
    return this.#items.length === 0 ? undefined : this.splice(this.#items.length - 1, 1)[0];
  }

  /** Keeps the first `length` items. */
  truncate(length: number): void {
    if (length >= this.#items.length) return;
    this.splice(length, this.#items.length - length);
  }

  /** Fills the list without recording (loading an image). */
  load(items: Iterable<T>): void {
    this.#items.length = 0;
    for (const item of items) this.#items.push(item);
  }

  revert(change: Change): void {
    if (change.op === LENGTH) this.#items.length = change.key as number;
    else if (change.op === SET) this.#items[change.key as number] = change.value as T;
    else {
      const [at, inserted] = change.key as [number, number];
      this.#items.splice(at, inserted, ...(change.value as T[]));
    }
  }
}
