/**
 * Where the keys of a map (or members of a set) first stand out of the order they had, given
 * that it holds exactly the keys of `order` again: the keys before that place are where they
 * were, and a restore moves only the keys from there on.
 */
export const firstOutOfPlace = <K>(keys: Iterable<K>, order: readonly K[]): number => {
  let first = 0;
  for (const key of keys) {
    if (key !== order[first]) break;
    first += 1;
  }
  return first;
};
