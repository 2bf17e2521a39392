/**
 * Freezes a JSON-like value and every object in it, and answers it. A part that is frozen
 * already is taken as frozen all the way down and not walked again.
 *
 * @param value - The value to freeze.
 * @returns The same value, frozen.
 */
export const freezeDeep = <T>(value: T): T => {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const key in value) freezeDeep((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
};

const env = (globalThis as { readonly process?: { readonly env?: Readonly<Record<string, string | undefined>> } })
  .process?.env;

/** Whether {@link immutable} freezes: set `VOUCHERKIT_FREEZE_RECORDS=1` (the project's own test run does). */
export const FREEZES_RECORDS = env?.['VOUCHERKIT_FREEZE_RECORDS'] === '1';

/**
 * Marks a record as never changed in place, and answers it (decision 0041). A change to a
 * stored record stores a new version that shares the unchanged parts, so readers keep records by
 * reference: the event log keeps the payload it is given, and the records it names, without
 * copying them. Freezing every record would enforce this but costs about as much as copying it,
 * so it is a check, not a cost: with `VOUCHERKIT_FREEZE_RECORDS=1` (the project's test run sets
 * it) the value is frozen deeply and any change in place throws; otherwise nothing is done.
 *
 * @param value - A new record or payload that nothing will change after this.
 * @returns The same value.
 */
export const immutable: <T>(value: T) => T = FREEZES_RECORDS ? freezeDeep : (value) => value;

/**
 * One shared frozen empty object, for records' fields that are most often empty (`metadata`,
 * `system_metadata`): an empty object costs 28 to 56 bytes each.
 */
export const EMPTY_OBJECT: Readonly<Record<string, never>> = Object.freeze({});

/**
 * A copy of a record's own fields (`metadata` of a new record), or one shared frozen empty object
 * when it has none: most records have no metadata, and an empty object costs 28 bytes each.
 *
 * @param value - The fields to copy, if any.
 * @returns A new object with them, or the shared empty one.
 */
export const copyOrEmpty = <T extends Readonly<Record<string, unknown>>>(value: T | null | undefined): T => {
  if (value === null || value === undefined) return EMPTY_OBJECT as T;
  for (const _key in value) return { ...value };
  return EMPTY_OBJECT as T;
};

/**
 * The value itself when it has fields of its own, else one shared frozen empty object: for
 * objects a request sent or a function just built, which nothing else holds, so they need no
 * copy.
 *
 * @param value - The fields, if any.
 * @returns The same object, or the shared empty one.
 */
export const sharedWhenEmpty = <T extends Readonly<Record<string, unknown>>>(value: T | null | undefined): T => {
  if (value === null || value === undefined) return EMPTY_OBJECT as T;
  for (const _key in value) return value;
  return EMPTY_OBJECT as T;
};

/**
 * One shared frozen empty list, for records' lists that are most often empty (`children`,
 * `referrals.campaigns`): an empty array costs 16 to 32 bytes each.
 */
export const EMPTY_LIST: readonly never[] = Object.freeze([]);

/**
 * A function of a stored record version whose answer is made once per version and shared, such
 * as the short form of a campaign that every event of its cards embeds. A version never changes
 * (decision 0041), so the answer never goes stale, and it goes with the version when nothing
 * holds that any more. The shared answer is marked {@link immutable}: a caller that wants to
 * change it makes a copy.
 *
 * Only for records with few versions and many readers: each answer costs a `WeakMap` entry, which
 * the garbage collector handles more slowly than a plain object. Short forms of customers and
 * vouchers (a new version at most changes, read by one or two events) made the nightly run over
 * 100,000 cards slower (4.7 s against 3.6–3.9 s) and its cards larger (3.5 kB against 3.3 kB).
 *
 * @param make - Builds the answer for a version.
 * @returns The function, answering the same object for the same version.
 */
export const perVersion = <R extends object, T>(make: (record: R) => T): ((record: R) => T) => {
  const made = new WeakMap<R, T>();
  return (record) => {
    let answer = made.get(record);
    if (answer === undefined) made.set(record, (answer = immutable(make(record))));
    return answer;
  };
};
