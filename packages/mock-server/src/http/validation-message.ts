import type { z } from 'zod/mini';

/** Renders an issue path the way the service does: `.items[1].id`. */
const renderPath = (path: readonly PropertyKey[]): string =>
  path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');

const describeExpected = (issue: z.core.$ZodIssue): string => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      if (issue.input === null) return 'should not be null';
      // The generated schemas name some types themselves ("should be integer"); zod's own says "number".
      return issue.message.startsWith('should be ') ? issue.message : `should be ${issue.expected}`;
    case 'invalid_value': {
      const values = issue.values.map((value) => String(value)).join(', ');
      return issue.input === null ? `should be one of: ${values}, not null` : `should be one of: ${values}`;
    }
    case 'unrecognized_keys':
      return `has unknown properties: ${issue.keys.join(', ')}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `should be at least ${String(issue.minimum)} characters long`
        : `should be >= ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `should be at most ${String(issue.maximum)} characters long`
        : `should be <= ${String(issue.maximum)}`;
    case 'invalid_format':
      return `should be a valid ${issue.format}`;
    default:
      return issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
  }
};

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]): boolean =>
  a.length === b.length && a.every((part, index) => part === b[index]);

/** A member's value for an enum or literal field differs from the one the request gives. */
const contradicts = (issue: z.core.$ZodIssue): boolean =>
  issue.code === 'invalid_value' && issue.input !== undefined && issue.input !== null;

/** A member needs a field the request leaves out or sends as null. */
const lacks = (issue: z.core.$ZodIssue): boolean =>
  (issue.code === 'invalid_type' || issue.code === 'invalid_value') &&
  (issue.input === undefined || issue.input === null);

const count = (branch: readonly z.core.$ZodIssue[], test: (issue: z.core.$ZodIssue) => boolean): number =>
  branch.filter(test).length;
const depth = (branch: readonly z.core.$ZodIssue[]): number => Math.max(0, ...branch.map((inner) => inner.path.length));

/**
 * Ranks two members' issues: the member whose enum and literal fields (its discriminators) agree
 * with the request explains best, then the one that needs no field the request leaves out, then
 * the one with fewest issues, then the one whose issue lies deepest.
 */
const closer = (a: readonly z.core.$ZodIssue[], b: readonly z.core.$ZodIssue[]): number =>
  count(a, contradicts) - count(b, contradicts) ||
  count(a, lacks) - count(b, lacks) ||
  a.length - b.length ||
  depth(b) - depth(a);

/**
 * The issues that explain why a value matched no member of a union (`anyOf`), instead of zod's
 * bare "invalid input". When every member refuses the same property's value and each member
 * takes a single value there (a discriminator such as `exported_object`), one issue lists the
 * values the members take; otherwise the issues of the member the value came closest to (see
 * {@link closer}), so a gift card without its amount is told about `gift.amount`, not that its
 * `type` should be `LOYALTY_CARD`.
 */
const unionIssues = (issue: z.core.$ZodIssue): z.core.$ZodIssue[] => {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const branches = issue.errors.map((branch) =>
    branch
      .flatMap(unionIssues)
      .map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as z.core.$ZodIssue),
  );
  const first = branches[0] ?? [];
  const discriminator = first.find(
    (candidate) =>
      candidate.code === 'invalid_value' &&
      branches.every((branch) =>
        branch.some(
          (other) =>
            other.code === 'invalid_value' && other.values.length === 1 && samePath(other.path, candidate.path),
        ),
      ),
  );
  if (discriminator) {
    const values = branches.flatMap((branch) =>
      branch.flatMap((other) =>
        other.code === 'invalid_value' && samePath(other.path, discriminator.path) ? other.values : [],
      ),
    );
    return [{ ...discriminator, values: [...new Set(values)] } as z.core.$ZodIssue];
  }
  const closest = [...branches].sort(closer)[0];
  return closest && closest.length > 0 ? closest : [issue];
};

/**
 * One sentence per issue naming the offending field, e.g. "Property .hierarchy should be integer"
 * or "Query parameter limit should be <= 100". A sentence is said once, even when zod reports the
 * same bound twice (an integer above 2^53 - 1 breaks both the safe range and the spec's maximum).
 */
export const describeIssues = (where: 'body' | 'query' | 'path', issues: readonly z.core.$ZodIssue[]): string => {
  const sentences = issues.flatMap(unionIssues).map((issue) => {
    if (where === 'body') return `Property ${renderPath(issue.path) || '(body)'} ${describeExpected(issue)}`;
    const [name, ...rest] = issue.path;
    const label = where === 'query' ? 'Query parameter' : 'Path parameter';
    return `${label} ${String(name ?? '')}${renderPath(rest)} ${describeExpected(issue)}`;
  });
  return [...new Set(sentences)].join('; ');
};
