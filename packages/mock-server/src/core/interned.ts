/**
 * One instance for equal values that many records keep: the same date string or tier object in
 * each of 100,000 cards costs the heap once instead of 100,000 times. It remembers the latest
 * `limit` distinct values (it starts over when full), so it stays small, and since stored values
 * are never changed in place, records may share them.
 *
 * @param keyOf - What makes two values equal.
 * @param limit - How many distinct values it remembers.
 * @returns A function that answers the kept instance equal to its argument, else keeps the argument.
 */
export const interned = <T>(keyOf: (value: T) => string, limit = 256): ((value: T) => T) => {
  const kept = new Map<string, T>();
  return (value) => {
    const key = keyOf(value);
    const found = kept.get(key);
    if (found !== undefined) return found;
    if (kept.size >= limit) kept.clear();
    kept.set(key, value);
    return value;
  };
};
