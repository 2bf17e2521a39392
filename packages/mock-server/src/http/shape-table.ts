/**
 * The form of the answer shapes that `npm run generate` writes from the spec's `x-unset`
 * annotations (decision 0057); `answer-shape.ts` applies them.
 */

/**
 * What an answer does with a property that holds no value (decision 0057): `omit` leaves it out
 * when it is undefined, `null`, `[]` or `{}`; `omit-zero` also when it is `0`; `null` sends `null`
 * for undefined; `empty-array` and `empty-object` send `[]` or `{}` for undefined or `null`.
 */
export type Unset = 'omit' | 'omit-zero' | 'null' | 'empty-array' | 'empty-object';

/** The rule of one property: what to do when it holds no value, and the shape of its value. */
export interface PropertyShape {
  readonly unset?: Unset;
  /** Index in the table of shapes of the property's value. */
  readonly shape?: number;
}

/**
 * Where an answer's rules are, as generated from the spec's `x-unset` annotations: the rules of
 * an object's properties, and the shapes of an array's items and of a map's values.
 */
export interface AnswerShape {
  readonly properties?: Readonly<Record<string, PropertyShape>>;
  readonly items?: number;
  readonly values?: number;
}
