/**
 * The numbers factories give the records they make (`Customer 1`, `Customer 2` …): one counter
 * per kind of record and per project's data, so a project that starts over (`service.reset()`)
 * starts from 1 again. A number whose default name or code the project already holds is skipped,
 * so a factory never collides with data arranged otherwise or with a second set of factories.
 */
export interface Sequences {
  /**
   * The next number of a kind of record in a project's data.
   *
   * @param scope - The project's data (its counters are dropped with it).
   * @param kind - The kind of record: each has its own counter.
   * @param taken - Whether a number's default name or code is already used; it is skipped then.
   */
  next(scope: object, kind: string, taken?: (n: number) => boolean): number;
}

/** Creates the counters of one set of factories. */
export const createSequences = (): Sequences => {
  const counters = new WeakMap<object, Map<string, number>>();
  return {
    next(scope, kind, taken = () => false) {
      const counts = counters.get(scope) ?? new Map<string, number>();
      counters.set(scope, counts);
      let n = (counts.get(kind) ?? 0) + 1;
      while (taken(n)) n += 1;
      counts.set(kind, n);
      return n;
    },
  };
};
