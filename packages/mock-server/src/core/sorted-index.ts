import type { TrackedList } from './history/tracked-list.js';
import type { TrackedMap } from './history/tracked-map.js';
import type { TrackedState } from './history/tracked-state.js';
import { type Ordering, type Sortable, compareAscending } from './list.js';

/**
 * The records of a store in the order of one field, kept sorted as records are added, changed
 * and removed, so that a page in that order is read without sorting. A record is known by its
 * position: its place in creation order, 0 for the first. Ties keep creation order, and the
 * descending order is the exact reverse, as `sortByOrder` sorts.
 *
 * Adding or removing is a binary search and one `splice`: a copy of the positions after it, a
 * few microseconds at 100,000 records.
 */
export class SortedIndex {
  readonly #positions: TrackedList<number>;

  private constructor(
    private readonly keyAt: (position: number) => Sortable,
    positions: TrackedList<number>,
  ) {
    this.#positions = positions;
  }

  /**
   * An index of the records at some positions, sorted once.
   *
   * @param members - The positions, in creation order.
   * @param keyAt - The field of the record at a position.
   * @param tracked - Where its list is made (it is part of its store's state).
   */
  static build(members: readonly number[], keyAt: (position: number) => Sortable, tracked: TrackedState): SortedIndex {
    const keys: Sortable[] = [];
    for (const position of members) keys[position] = keyAt(position);
    const positions = [...members].sort((a, b) => compareAscending(keys[a], keys[b]) || a - b);
    return new SortedIndex(keyAt, tracked.innerList(positions));
  }

  /** How many records it holds. */
  get size(): number {
    return this.#positions.length;
  }

  /** Adds the record at a position, where its key and position sort it. */
  add(position: number): void {
    this.#positions.splice(this.#rankOf(this.keyAt(position), position), 0, position);
  }

  /**
   * Takes out the record at a position, found by its key: call it while the key still reads as
   * it did when the record was added (a store that changes a key takes the record out, changes
   * it, and adds it again).
   */
  remove(position: number): void {
    const rank = this.#rankOf(this.keyAt(position), position) - 1;
    if (this.#positions.items[rank] === position) this.#positions.splice(rank, 1);
  }

  /** The first rank whose record sorts after (key, position): a greater key, or an equal key and a later position. */
  #rankOf(key: Sortable, position: number): number {
    let low = 0;
    const positions = this.#positions.items;
    let high = positions.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = positions[middle] as number;
      if ((compareAscending(this.keyAt(other), key) || other - position) > 0) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** The position of the record at a rank of the list order, ascending or descending. */
  at(rank: number, descending: boolean): number {
    const positions = this.#positions.items;
    return positions[descending ? positions.length - 1 - rank : rank] as number;
  }
}

/**
 * The list of an index's order, for `pageOf`: the records at the page's ranks that `keep` lets
 * through. Without `keep`, only the page's ranks are read. With it, every record is tested once,
 * for `total`, and no record is sorted.
 *
 * @param index - The index of the list's order field.
 * @param descending - Whether the order starts with `-`.
 * @param recordAt - The record at a position.
 * @param keep - The list's filters, if any.
 * @returns The ordering.
 */
export const indexOrder = <T>(
  index: SortedIndex,
  descending: boolean,
  recordAt: (position: number) => T,
  keep?: (position: number) => boolean,
): Ordering<T> => ({
  read: (start, end) => {
    const items: T[] = [];
    if (keep === undefined) {
      for (let rank = start; rank < Math.min(index.size, end); rank += 1)
        items.push(recordAt(index.at(rank, descending)));
      return { items, total: index.size };
    }
    let total = 0;
    for (let rank = 0; rank < index.size; rank += 1) {
      const position = index.at(rank, descending);
      if (!keep(position)) continue;
      if (total >= start && total < end) items.push(recordAt(position));
      total += 1;
    }
    return { items, total };
  },
});

/**
 * The indexes of a store's list orders over its records, or over one scope of them (a
 * campaign's publications), each built the first time a list asks for its field and kept in
 * step as records are added.
 */
export class SortedIndexes<Field extends string> {
  /** The positions of the records in scope, in creation order. */
  readonly #members: TrackedList<number>;
  /** Each made at the first `of` of its field: a scope nobody lists (one customer's publications) holds its members only. */
  readonly #built: TrackedMap<Field, SortedIndex>;

  /**
   * @param keyOf - The key of a member in one field's order.
   * @param tracked - Where its lists are made: the indexes are part of their store's state (not
   *   of its image: a store adds its members again once an image is loaded).
   */
  constructor(
    private readonly keyOf: (field: Field, position: number) => Sortable,
    private readonly tracked: TrackedState,
  ) {
    this.#members = tracked.innerList();
    this.#built = tracked.innerMap();
  }

  /** The index of a field. */
  of(field: Field): SortedIndex {
    let index = this.#built.get(field);
    if (index === undefined) {
      index = SortedIndex.build(this.#members.items, (position) => this.keyOf(field, position), this.tracked);
      this.#built.set(field, index);
    }
    return index;
  }

  /** Adds the store's newest record to the scope and to every index built so far. */
  add(position: number): void {
    this.#members.push(position);
    for (const index of this.#built.values()) index.add(position);
  }

  /**
   * Takes a record out of one field's index before that field changes (while its key still
   * reads as stored); {@link SortedIndexes.attach} puts it back under the new key.
   */
  detach(field: Field, position: number): void {
    this.#built.get(field)?.remove(position);
  }

  /** Puts a record back in one field's index after {@link SortedIndexes.detach} and the change. */
  attach(field: Field, position: number): void {
    this.#built.get(field)?.add(position);
  }

  /** Takes a record out of the scope and of every index built so far (call while its keys still read). */
  remove(position: number): void {
    const member = this.#members.items.indexOf(position);
    if (member >= 0) this.#members.splice(member, 1);
    for (const index of this.#built.values()) index.remove(position);
  }
}

/**
 * {@link SortedIndexes} by scope: a record belongs to the scopes its keys name (a publication
 * to its campaign's name and id), so a list narrowed to a scope reads only that scope's records,
 * in order.
 */
export class ScopedIndexes<Field extends string> {
  readonly #scopes: TrackedMap<string, SortedIndexes<Field>>;

  constructor(
    private readonly keyOf: (field: Field, position: number) => Sortable,
    private readonly tracked: TrackedState,
  ) {
    this.#scopes = tracked.innerMap();
  }

  /** The indexes of a scope, if any record is in it. */
  of(scope: string): SortedIndexes<Field> | undefined {
    return this.#scopes.get(scope);
  }

  /** Adds the store's newest record to each of its scopes (each named once). */
  add(scopes: Iterable<string>, position: number): void {
    for (const scope of new Set(scopes)) {
      let indexes = this.#scopes.get(scope);
      if (indexes === undefined) {
        indexes = new SortedIndexes(this.keyOf, this.tracked);
        this.#scopes.set(scope, indexes);
      }
      indexes.add(position);
    }
  }
}
