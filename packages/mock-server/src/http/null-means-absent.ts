import * as z from 'zod/mini';

/** The object schema inside a {@link nullMeansAbsent} schema, and the keys it reads null as absent. */
export interface NullMeansAbsent {
  readonly object: z.ZodMiniType;
  readonly keys: ReadonlySet<string>;
}

const wrapped = new WeakMap<z.ZodMiniType, NullMeansAbsent>();

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A request object whose optional properties take `null` as "not given": before the object is
 * parsed, each of `keys` that holds `null` is removed, so the property's default applies and the
 * handler never sees the key. Generated clients send `null` for every field left unset, and the
 * service reads it so. Properties whose own schema admits `null` are not among `keys`: there the
 * service gives `null` a meaning (clear a date, lift a limit) and the handler receives it.
 *
 * @param object - The object schema, as the generator writes it.
 * @param keys - Its optional properties whose schema does not admit `null`.
 * @returns A schema for the generated request modules.
 */
export const nullMeansAbsent = (object: z.ZodMiniType, keys: readonly string[]): z.ZodMiniType => {
  const nullable = new Set(keys);
  const withoutNulls = z.transform((value: unknown) => {
    if (!isRecord(value) || !keys.some((key) => value[key] === null)) return value;
    return Object.fromEntries(Object.entries(value).filter(([key, inner]) => inner !== null || !nullable.has(key)));
  });
  const schema = z.pipe(withoutNulls, object);
  wrapped.set(schema, { object, keys: nullable });
  return schema;
};

/**
 * The object and keys a {@link nullMeansAbsent} schema was made of, or undefined for any other
 * schema; the request-side `anyOf` reads it to screen members by their object's properties.
 *
 * @param schema - Any zod schema.
 * @returns What {@link nullMeansAbsent} was given.
 */
export const nullMeansAbsentParts = (schema: z.ZodMiniType): NullMeansAbsent | undefined => wrapped.get(schema);
