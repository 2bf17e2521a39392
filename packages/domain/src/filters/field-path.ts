/**
 * A function that reads one field of a record, compiled once from a dotted path by
 * {@link compileFieldPath}.
 */
export type FieldReader = (record: unknown) => unknown;

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null;

const walk = (current: unknown, segments: readonly string[], index: number): unknown => {
  if (index === segments.length) return current;
  if (!isObject(current)) return undefined;
  if (Array.isArray(current)) {
    const reached: unknown[] = [];
    for (const element of current as readonly unknown[]) {
      const value = walk(element, segments, index);
      if (Array.isArray(value)) reached.push(...(value as readonly unknown[]));
      else if (value !== undefined) reached.push(value);
    }
    return reached;
  }
  // A key may itself contain dots (`metadata["a.b"]`): when the next segment is missing, try it
  // joined with the ones after it, shortest first.
  let key = segments[index] ?? '';
  for (let end = index + 1; end <= segments.length; end += 1) {
    if (end > index + 1) key = `${key}.${segments[end - 1] ?? ''}`;
    if (Object.hasOwn(current, key)) return walk(current[key], segments, end);
  }
  return undefined;
};

/**
 * Compiles a dotted field path (`metadata.tier`, `address.city`, `summary.orders.total_amount`)
 * into a reader that takes any plain record and returns the value found there.
 *
 * @remarks
 * - Only own properties are read, so no path reaches inherited members such as `constructor`.
 * - A key that itself contains dots is found too: when `a` is missing, `a.b` is tried as one key.
 * - When the path crosses an array before its end, the rest of the path is read in every element
 *   and the reader returns the values reached as one flat array (`orders.status` over
 *   `{ orders: [{ status: 'PAID' }, { status: 'CREATED' }] }` reads `['PAID', 'CREATED']`);
 *   an array at the end of the path is returned as it is. Filters treat an array as the set of
 *   its elements.
 * - A path that leads nowhere reads `undefined`.
 *
 * @param path - Segments separated by dots; none may be empty.
 * @returns A reader of that field.
 */
export function compileFieldPath(path: string): FieldReader {
  const segments = path.split('.');
  const last = segments.length - 1;
  // Names that plain objects inherit (`constructor`, `toString`, `__proto__` …) need an own-property
  // check; every other name can be read directly, which keeps the common case fast.
  const inherited = segments.map((segment) => segment in Object.prototype);
  return (record) => {
    let current = record;
    for (let index = 0; index <= last; index += 1) {
      if (!isObject(current) || Array.isArray(current) || inherited[index] === true)
        return walk(current, segments, index);
      const next = current[segments[index] ?? ''];
      if (next === undefined) return index === last ? undefined : walk(current, segments, index);
      current = next;
    }
    return current;
  };
}

/**
 * Reads the value at a dotted field path of a record; see {@link compileFieldPath} for the rules.
 * To read the same path from many records, compile it once instead.
 *
 * @param record - Any plain value; non-objects have no fields.
 * @param path - Segments separated by dots.
 * @returns The value found, an array of the values found when the path crosses arrays, or
 *   `undefined`.
 */
export function resolveFieldPath(record: unknown, path: string): unknown {
  return compileFieldPath(path)(record);
}
