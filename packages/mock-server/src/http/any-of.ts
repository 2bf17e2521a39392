import * as z from 'zod/mini';
import { nullMeansAbsentParts } from './null-means-absent.js';
import { PARSE, PARSE_REPORTING } from './first-use.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A check a value must pass for a member to accept it: false means the member surely refuses. */
type MayAccept = (value: unknown) => boolean;

interface Def {
  type: string;
  coerce?: boolean;
  innerType?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
}

const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const valuesOf = (schema: z.ZodMiniType): ReadonlySet<unknown> | undefined =>
  (schema as unknown as { _zod: { values?: ReadonlySet<unknown> } })._zod.values;

/** Types whose schema refuses `undefined` (a required property that is absent). */
const REFUSE_UNDEFINED = new Set(['string', 'number', 'boolean', 'object', 'array', 'record']);
const ALWAYS = (): boolean => true;

/**
 * What a property's schema surely refuses, read from its definition: an enum or literal accepts
 * only its values, a required property of a plain type (not coerced) refuses absence; `optional`
 * and `default` let absence through, `nullable` lets null through. Anything else is not screened.
 */
const propertyCheck = (schema: z.ZodMiniType): MayAccept | undefined => {
  let [undefinedOk, nullOk, base] = [false, false, schema];
  for (let def = defOf(base); ; def = defOf(base)) {
    if ((def.type === 'optional' || def.type === 'default') && def.innerType) undefinedOk = true;
    else if (def.type === 'nullable' && def.innerType) nullOk = true;
    else break;
    base = def.innerType;
  }
  // An object that reads null as absence refuses what its object refuses.
  base = nullMeansAbsentParts(base)?.object ?? base;
  const { type, coerce } = defOf(base);
  if (coerce) return undefined;
  const values = type === 'enum' || type === 'literal' ? valuesOf(base) : undefined;
  if (values) return (value) => values.has(value) || (value === undefined && undefinedOk) || (value === null && nullOk);
  if (REFUSE_UNDEFINED.has(type) && !undefinedOk) return (value) => value !== undefined;
  return undefined;
};

/**
 * A quick screen of a member: an object (also one that reads null as absence) refuses anything
 * but a plain object and checks its properties as {@link propertyCheck} does; a string, number or
 * boolean without coercion refuses other types. It only ever answers false for a value the member's own parse refuses, so skipping
 * those members changes no result.
 */
const screen = (member: z.ZodMiniType): MayAccept => {
  const parts = nullMeansAbsentParts(member);
  const def = defOf(parts?.object ?? member);
  if (def.type === 'object' && def.shape) {
    const absent = parts?.keys;
    const checks = Object.entries(def.shape).flatMap(([key, property]) => {
      const check = propertyCheck(property);
      if (!check) return [];
      // A null that the object reads as absence is screened as absence.
      return [[key, absent?.has(key) ? (value: unknown) => check(value === null ? undefined : value) : check] as const];
    });
    return (value) => isRecord(value) && checks.every(([key, check]) => check(value[key]));
  }
  if ((def.type === 'string' || def.type === 'number' || def.type === 'boolean') && !def.coerce)
    return (value) => typeof value === def.type;
  return ALWAYS;
};

/**
 * JSON Schema's `anyOf` for request values: valid when at least one member accepts the value,
 * and the parsed value keeps what every accepting member read from it. Request objects strip
 * unknown keys, so `z.union`, which answers the first accepting member's output, would drop the
 * fields only a later member declares (a voucher update that is both a discount and a base
 * update). Where two accepting members read the same field, the earlier member's reading wins.
 * When none accepts, the issue is `z.union`'s: `invalid_union` with every member's issues.
 *
 * Members that surely refuse the value (a `promotion_tier` reference against the voucher
 * members, an object against a string) are screened out before parsing, and issues are only
 * built when no member accepts: a request names one of several shapes, so most members refuse it.
 *
 * @param members - The members, in the spec's order.
 * @returns A schema for the generated request modules.
 */
export const anyOf = (members: readonly z.ZodMiniType[]): z.ZodMiniType => {
  // Screens are read from the members' definitions on first use, when every member is built.
  let screens: readonly MayAccept[] | undefined;
  const union = z.transform((value: unknown, context) => {
    screens ??= members.map(screen);
    let matched = false;
    let parsed: unknown;
    for (const [index, member] of members.entries()) {
      if (!(screens[index] as MayAccept)(value)) continue;
      const result = member.safeParse(value, PARSE);
      if (!result.success) continue;
      if (!matched) [matched, parsed] = [true, result.data];
      else if (isRecord(parsed) && isRecord(result.data)) parsed = { ...result.data, ...parsed };
    }
    if (matched) return parsed;
    // The input of each issue tells the error message which member the value came closest to.
    const errors = members.map((member) => member.safeParse(value, PARSE_REPORTING).error?.issues ?? []);
    context.issues.push({ code: 'invalid_union', errors, input: value, message: 'Invalid input' });
    return z.NEVER;
  });
  return z.pipe(z.unknown(), union);
};
