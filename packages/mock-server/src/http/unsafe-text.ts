import type { z } from 'zod/mini';

// With the `u` flag a surrogate pair is one code point, so this matches unpaired halves only.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

const PROBLEMS = {
  nul: { value: 'must not contain NUL characters', name: 'has a property name with NUL characters' },
  surrogate: { value: 'must be well-formed Unicode', name: 'has a property name that is not well-formed Unicode' },
} as const;

const problemOf = (text: string): (typeof PROBLEMS)[keyof typeof PROBLEMS] | undefined => {
  if (text.includes('\u0000')) return PROBLEMS.nul;
  if (LONE_SURROGATE.test(text)) return PROBLEMS.surrogate;
  return undefined;
};

/** A container being walked: depth-first, so memory grows with nesting depth, not with size. */
interface Frame {
  container: Record<PropertyKey, unknown>;
  /** Property names of an object; undefined for an array. */
  names: readonly string[] | undefined;
  length: number;
  next: number;
  key: PropertyKey | undefined;
  parent: Frame | undefined;
}

const open = (value: unknown, key: PropertyKey | undefined, parent: Frame | undefined): Frame | undefined => {
  if (Array.isArray(value))
    return {
      container: value as unknown as Record<PropertyKey, unknown>,
      names: undefined,
      length: value.length,
      next: 0,
      key,
      parent,
    };
  if (typeof value !== 'object' || value === null) return undefined;
  const names = Object.keys(value);
  return { container: value as Record<PropertyKey, unknown>, names, length: names.length, next: 0, key, parent };
};

const pathOf = (frame: Frame): PropertyKey[] => {
  const path: PropertyKey[] = [];
  for (let at: Frame | undefined = frame; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * Finds the first string, anywhere in a parsed body or in parameter values, that holds a NUL
 * character or a lone UTF-16 surrogate (which JSON can carry as `"\ud800"`). Such text cannot be
 * stored faithfully or sent on as UTF-8, so it is refused rather than kept. Property names are
 * checked as well as values. The walk keeps its own stack, so no nesting depth can overflow the
 * call stack.
 *
 * @returns an issue naming the offending property, in the form `describeIssues` renders, or
 *   undefined when every string is clean.
 */
export const findUnsafeText = (value: unknown): z.core.$ZodIssue | undefined => {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem && { code: 'custom', path: [], message: problem.value, input: value };
  }
  for (let frame = open(value, undefined, undefined); frame !== undefined; ) {
    if (frame.next >= frame.length) {
      frame = frame.parent;
      continue;
    }
    const key = frame.names ? (frame.names[frame.next] as string) : frame.next;
    frame.next += 1;
    const nameProblem = typeof key === 'string' ? problemOf(key) : undefined;
    if (nameProblem) return { code: 'custom', path: pathOf(frame), message: nameProblem.name, input: frame.container };
    const item = frame.container[key];
    if (typeof item === 'string') {
      const problem = problemOf(item);
      if (problem) return { code: 'custom', path: [...pathOf(frame), key], message: problem.value, input: item };
    } else {
      frame = open(item, key, frame) ?? frame;
    }
  }
  return undefined;
};
