/**
 * Functions that follow something as it happens, such as the sandbox's event stream following the
 * journal: nobody follows most of the time, and telling nobody costs one size check.
 *
 * @typeParam T - What they are told.
 */
export class Followers<T> {
  // not state: who follows now, which a snapshot neither keeps nor restores.
  readonly #listeners = new Set<(value: T) => void>();

  /** Whether anyone follows. */
  get any(): boolean {
    return this.#listeners.size > 0;
  }

  /**
   * Adds a follower.
   *
   * @returns A function that removes it.
   */
  add(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** Tells every follower; a follower that throws does not stop the others or the caller. */
  tell(value: T): void {
    if (this.#listeners.size === 0) return;
    for (const listener of this.#listeners) {
      try {
        listener(value);
      } catch {
        // A follower's failure is its own: what it follows goes on.
      }
    }
  }
}
