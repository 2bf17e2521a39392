import { z } from 'zod';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * JSON Schema's `anyOf` for request values: valid when at least one member accepts the value,
 * and the parsed value keeps what every accepting member read from it. Request objects strip
 * unknown keys, so `z.union`, which answers the first accepting member's output, would drop the
 * fields only a later member declares (a voucher update that is both a discount and a base
 * update). Where two accepting members read the same field, the earlier member's reading wins.
 * When none accepts, the issue is `z.union`'s: `invalid_union` with every member's issues.
 *
 * @param members - The members, in the spec's order.
 * @returns A schema for the generated request modules.
 * @example
 * ```ts
 * const body = anyOf([z.object({ a: z.number() }), z.object({ b: z.number() })]);
 * body.parse({ a: 1, b: 2 }); // { a: 1, b: 2 }
 * ```
 */
export const anyOf = (members: readonly z.ZodType[]): z.ZodType =>
  z.unknown().transform((value, context) => {
    const errors: z.core.$ZodIssue[][] = [];
    let matched = false;
    let parsed: unknown;
    for (const member of members) {
      const result = member.safeParse(value);
      if (!result.success) errors.push(result.error.issues);
      else if (!matched) [matched, parsed] = [true, result.data];
      else if (isRecord(parsed) && isRecord(result.data)) parsed = { ...result.data, ...parsed };
    }
    if (matched) return parsed;
    context.issues.push({ code: 'invalid_union', errors, input: value, message: 'Invalid input' });
    return z.NEVER;
  });
