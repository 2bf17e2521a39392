/** A query value after parsing: a string, a list, or nested values from bracket keys. */
export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };

/** Nested query keys deeper than this are refused as malformed rather than followed. */
const MAX_DEPTH = 8;

const isRecord = (value: QueryValue | undefined): value is { [key: string]: QueryValue } =>
  typeof value === 'object' && !Array.isArray(value);

/** `filters[metadata.tier][conditions][$in][0]` → `['filters', 'metadata.tier', 'conditions', '$in', '0']`. */
const splitKey = (key: string): string[] | undefined => {
  const open = key.indexOf('[');
  if (open <= 0) return open === -1 ? [key] : undefined;
  const parts = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^[\]]*)\]/gy;
  let consumed = 0;
  for (let match = pattern.exec(rest); match !== null; match = pattern.exec(rest)) {
    parts.push(match[1] ?? '');
    consumed = pattern.lastIndex;
  }
  return consumed === rest.length && parts.length <= MAX_DEPTH + 1 ? parts : undefined;
};

const append = (previous: QueryValue | undefined, value: string): QueryValue =>
  previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous as string, value];

/** Sets `value` at `path` below `target`; a trailing `[]` makes a list even of one value. */
const assign = (target: { [key: string]: QueryValue }, path: readonly string[], value: string): boolean => {
  const [head, ...rest] = path;
  if (head === undefined || head === '') return false;
  if (rest.length === 0 || (rest.length === 1 && rest[0] === '')) {
    const current = target[head];
    if (isRecord(current)) return false;
    const next = append(current, value);
    target[head] = rest.length === 1 && typeof next === 'string' ? [next] : next;
    return true;
  }
  const current = target[head];
  if (current !== undefined && !isRecord(current)) return false;
  const next = current ?? {};
  target[head] = next;
  return assign(next, rest, value);
};

/** Objects whose keys are exactly 0…n-1 become lists: `$in[0]=a&$in[1]=b` is `$in: ['a', 'b']`. */
const listify = (value: QueryValue): QueryValue => {
  if (Array.isArray(value)) return value.map(listify);
  if (typeof value === 'string') return value;
  const keys = Object.keys(value);
  const entries = keys.map((key): [string, QueryValue] => [key, listify(value[key] as QueryValue)]);
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  return isList ? entries.map(([, item]) => item) : Object.fromEntries(entries);
};

/**
 * Reads a URL's query the way the service does: repeated keys and `key[]` make lists, and
 * bracket keys make nested values (`filters[junction]=and&filters[created_at][conditions][$after]=…`),
 * as OpenAPI's deep-object style describes. `arrayNames` are parameters that are lists even when
 * they appear once. A key whose brackets are malformed, or that clashes with another key for the
 * same name, is reported in `malformed` instead of being guessed at.
 */
export const parseQuery = (
  params: URLSearchParams,
  arrayNames: readonly string[],
): { query: Record<string, QueryValue>; malformed: string[] } => {
  const query: { [key: string]: QueryValue } = {};
  const malformed: string[] = [];
  for (const [key, value] of params) {
    const path = splitKey(key);
    if (path === undefined || !assign(query, path, value)) malformed.push(key);
  }
  for (const name of arrayNames) {
    const current = query[name];
    if (typeof current === 'string') query[name] = [current];
  }
  return { query: Object.fromEntries(Object.entries(query).map(([name, value]) => [name, listify(value)])), malformed };
};
