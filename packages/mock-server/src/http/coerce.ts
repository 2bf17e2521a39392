/**
 * Coercions the generated parameter schemas apply before validation: URL values are strings,
 * the spec's types are not. A value that does not coerce is passed on unchanged so the schema
 * reports it with the documented type in the message.
 */

/** `"10"` → 10; anything else unchanged. */
export const toNumber = (value: unknown): unknown => {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
};

const BOOLEANS: ReadonlyMap<string, boolean> = new Map([['true', true], ['false', false], ['1', true], ['0', false]]);

/**
 * `"true"`/`"false"` in any case and `"1"`/`"0"` → booleans, as clients write them (`force=1`,
 * Python's `True`); anything else unchanged.
 */
export const toBoolean = (value: unknown): unknown => (typeof value === 'string' ? (BOOLEANS.get(value.toLowerCase()) ?? value) : value);

/** A single repeated-key value → a one-item array. */
export const toArray = (value: unknown): unknown => (value === undefined || Array.isArray(value) ? value : [value]);
