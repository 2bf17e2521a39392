import { MAX_BODY_DEPTH } from './limits.js';

const childrenOf = (value: unknown): unknown[] | undefined =>
  Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : undefined;

/**
 * Whether a parsed body nests objects and arrays deeper than {@link MAX_BODY_DEPTH}. The walk
 * keeps its own stack, so it measures any depth that `JSON.parse` accepts without overflowing the
 * call stack, which the schemas' recursive checks would do on such a body.
 *
 * @param value - A parsed JSON body.
 * @returns True when some value lies deeper than the limit.
 */
export const nestsTooDeep = (value: unknown): boolean => {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const children = childrenOf(entry.value);
    if (children === undefined) continue;
    if (entry.depth > MAX_BODY_DEPTH) return true;
    for (const child of children) stack.push({ value: child, depth: entry.depth + 1 });
  }
  return false;
};
