/** A query value the API takes: text, numbers, booleans, dates, and arrays and objects of them. */
type QueryValue = unknown;

const part = (text: string): string => encodeURIComponent(text);

const isObject = (value: QueryValue): boolean =>
  typeof value === 'object' && value !== null && !(value instanceof Date) && !Array.isArray(value);

/** Appends `name=value` pairs for one value: arrays repeat the name, objects go deeper in brackets. */
const append = (pairs: string[], name: string, value: QueryValue, nested: boolean): void => {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    // At the top, `tags=a&tags=b`; inside an object, as the filters write them: `[$in][0]=a&[$in][1]=b`;
    // objects of a list are indexed anywhere, so their fields stay together (`item[0][product_id]=…`).
    value.forEach((item, index) => append(pairs, nested || isObject(item) ? `${name}[${index}]` : name, item, true));
    return;
  }
  if (value instanceof Date) {
    pairs.push(`${name}=${part(value.toISOString())}`);
    return;
  }
  if (typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) append(pairs, `${name}[${part(key)}]`, inner, true);
    return;
  }
  pairs.push(`${name}=${part(String(value))}`);
};

/**
 * Writes a query string as the API reads it: arrays as repeated names, objects as deep objects to
 * any depth (`filters[holder_role][conditions][$is]=REFEREE`,
 * `filters[created_at][conditions][$after][0]=2026-01-01`), lists of objects indexed
 * (`item[0][product_id]=prod_1`), dates in ISO 8601. openapi-fetch's own
 * serializer stops at one level of object, which the list filters go past.
 *
 * @param query - The query parameters.
 * @returns The query string, without `?`.
 */
export const serializeQuery = (query: Record<string, unknown>): string => {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) append(pairs, part(name), value, false);
  return pairs.join('&');
};
