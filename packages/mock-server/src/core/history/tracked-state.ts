import { Cell } from './cell.js';
import type { StateHistory } from './state-history.js';
import { TrackedList } from './tracked-list.js';
import { TrackedMap } from './tracked-map.js';
import { TrackedSet } from './tracked-set.js';

/** A tracked container or cell. */
export type Tracked = TrackedMap<unknown, unknown> | TrackedSet<unknown> | TrackedList<unknown> | Cell<unknown>;

/** Whether a value is a tracked container or cell (it is then part of an image, not shared). */
export const isTracked = (value: unknown): value is Tracked =>
  value instanceof TrackedMap || value instanceof TrackedSet || value instanceof TrackedList || value instanceof Cell;

/**
 * Where one project's (or the service's) stores get their state: maps, sets, lists and cells
 * whose writes the service's history can take back, so that a snapshot is restored in the time
 * of the writes made since, and that an image of the state can be taken and loaded.
 *
 * A store makes its containers in its constructor with `map`, `set`, `list` and `cell`: these are
 * registered, in the order made, as the scope's state. Containers kept inside other containers
 * (a set of ids per customer) are made with `innerMap`, `innerSet` and `innerList`. Whatever else
 * a store keeps is either fixed once built (its dependencies, its listeners) or a cache it can
 * rebuild, never state: records stored in containers are never changed in place.
 */
export class TrackedState {
  readonly #containers: Tracked[] = [];
  readonly #afterLoad: (() => void)[] = [];
  readonly #afterRestore: (() => void)[] = [];

  constructor(readonly history: StateHistory) {}

  /** The scope's containers, in the order they were made. */
  get containers(): readonly Tracked[] {
    return this.#containers;
  }

  /** A map of the scope's state. */
  map<K, V>(): TrackedMap<K, V> {
    return this.#register(new TrackedMap<K, V>(this.history));
  }

  /** A set of the scope's state. */
  set<T>(): TrackedSet<T> {
    return this.#register(new TrackedSet<T>(this.history));
  }

  /** A list of the scope's state. */
  list<T>(): TrackedList<T> {
    return this.#register(new TrackedList<T>(this.history));
  }

  /** One value of the scope's state. */
  cell<T>(initial: T): Cell<T> {
    return this.#register(new Cell<T>(this.history, initial));
  }

  /** A map kept inside another container. */
  innerMap<K, V>(): TrackedMap<K, V> {
    return new TrackedMap<K, V>(this.history);
  }

  /** A set kept inside another container. */
  innerSet<T>(values?: Iterable<T>): TrackedSet<T> {
    const set = new TrackedSet<T>(this.history);
    if (values !== undefined) set.load(values);
    return set;
  }

  /** A list kept inside another container. */
  innerList<T>(items?: Iterable<T>): TrackedList<T> {
    const list = new TrackedList<T>(this.history);
    if (items !== undefined) list.load(items);
    return list;
  }

  /**
   * A value kept alongside the state but not part of its image: a cache built from the state
   * (a sorted index), which a restore takes back with the state and a loaded image starts
   * without.
   */
  innerCell<T>(initial: T): Cell<T> {
    return new Cell<T>(this.history, initial);
  }

  /**
   * Runs `rebuild` once an image has been loaded into the scope's containers: a store rebuilds
   * there what it keeps outside them (indexes of class instances, which an image cannot hold).
   */
  afterLoad(rebuild: () => void): void {
    this.#afterLoad.push(rebuild);
  }

  /** Tells the scope's stores that an image was loaded (see {@link TrackedState.afterLoad}). */
  loaded(): void {
    for (const rebuild of this.#afterLoad) rebuild();
  }

  /**
   * Runs `react` after every restore of the scope's state, by taking writes back or by loading
   * an image: a store sets again there what lives outside the state but follows it (a timer set
   * for an instant the state holds).
   */
  afterRestore(react: () => void): void {
    this.#afterRestore.push(react);
  }

  /** Tells the scope's stores that its state was restored (see {@link TrackedState.afterRestore}). */
  restored(): void {
    for (const react of this.#afterRestore) react();
  }

  #register<T extends Tracked>(container: T): T {
    this.#containers.push(container);
    return container;
  }
}
