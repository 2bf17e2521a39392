/**
 * Which lines and units of an order the application rules of one `applicable_to` entry reach:
 * the order its `effect` gives, `skip_initially` and `repeat` over lines or units, and the unit
 * limits. The discount calculation (`item-selection.ts`) and the validation rules'
 * `applicable_to` (`../rules/applicable-to.ts`) both select through this module; each
 * only decides which lines an entry owns and what its limits are.
 */

/**
 * Which of the matching items a discount reaches: all of them in request order, only the
 * cheapest or most expensive one, or one after another starting from the cheapest or most
 * expensive.
 *
 * @example
 * ```ts
 * const effect: ApplicableToEffect = 'APPLY_FROM_MOST_EXPENSIVE';
 * ```
 */
export type ApplicableToEffect =
  | 'APPLY_TO_EVERY'
  | 'APPLY_TO_CHEAPEST'
  | 'APPLY_FROM_CHEAPEST'
  | 'APPLY_TO_MOST_EXPENSIVE'
  | 'APPLY_FROM_MOST_EXPENSIVE';

/**
 * The application rules of an `applicable_to` entry, under the API's names: in which order its
 * lines are reached and which of them, or of their units, get the discount. Absent ones take
 * their defaults.
 *
 * @example
 * ```ts
 * // From the most expensive, pass over one unit, then discount every second one.
 * const rules: ApplicationRulesInput = { effect: 'APPLY_FROM_MOST_EXPENSIVE', target: 'UNIT', skip_initially: 1, repeat: 2 };
 * ```
 */
export interface ApplicationRulesInput {
  /** Which matching lines are reached, in which order; `APPLY_TO_EVERY` when absent. */
  readonly effect?: ApplicableToEffect | null | undefined;
  /** What `skip_initially` and `repeat` count: lines (`ITEM`, the default) or units (`UNIT`). */
  readonly target?: 'ITEM' | 'UNIT' | null | undefined;
  /** Lines or units passed over before the first one reached; 0 when absent. */
  readonly skip_initially?: number | null | undefined;
  /** After the skipped ones, every this many lines or units is reached, starting with the first; 1 when absent. */
  readonly repeat?: number | null | undefined;
}

/** The unit limits of an entry, resolved to numbers: `Infinity` is no limit. */
export interface UnitLimits<Line extends SelectableLine = SelectableLine> {
  /** Most units reached in each line. */
  readonly perLine: number;
  /** Most units reached across the entry's lines: the lowest of its aggregated limit and its budgets. */
  readonly total: number;
  /** Budgets that lines share (each product of a collection): the key of a line's budget, and the units a key allows. */
  readonly shared?: { readonly keyOf: (line: Line) => string; readonly limitOf: (key: string) => number } | undefined;
}

/** An order line an entry owns, as the application rules see it. */
export interface SelectableLine {
  /** Position of the line in the order, from 0. */
  readonly index: number;
  /** Units on the line; rounded down, and a line without units is never reached. */
  readonly quantity: number;
  /** Unit price, when it can be known; lines without one come last in the cheapest and most expensive orders. */
  readonly price: number | undefined;
  /** Amount of the line, which breaks ties between equal unit prices. */
  readonly amount: number | undefined;
}

/**
 * The units of one line that an entry reached: `units` units numbered `first`, `first + step`, …
 * (from 1).
 *
 * @example
 * ```ts
 * // Units 2 and 4 of the third line.
 * const line: SelectedLine = { index: 2, units: 2, first: 2, step: 2 };
 * ```
 */
export interface SelectedLine {
  /** Position of the line in the order, from 0. */
  readonly index: number;
  /** How many of its units were reached, 1 or more. */
  readonly units: number;
  /** Number of the first unit reached, from 1. */
  readonly first: number;
  /** Distance between the numbers of the units reached. */
  readonly step: number;
}

/** Counts are whole: rounded down, never below zero (`NaN` counts as 0); `Infinity` stays. */
export const wholeUnits = (value: number): number =>
  Number.isFinite(value) ? Math.max(0, Math.floor(value)) : value === Number.POSITIVE_INFINITY ? value : 0;

/** A unit limit as the API sends it: absent or `null` does not limit; otherwise whole units, so 0 or less allows none. */
export const unitLimit = (value: number | null | undefined): number =>
  value === null || value === undefined ? Number.POSITIVE_INFINITY : wholeUnits(value);

/** A limit multiplied by a factor (a number of bundles); no limit stays no limit. */
export const scaleLimit = (limit: number, factor: number): number => (Number.isFinite(limit) ? limit * factor : limit);

/** A SKU entry is more specific than a product entry, which is more specific than a collection entry. */
const SPECIFICITY: Readonly<Record<'sku' | 'product' | 'products_collection', number>> = {
  sku: 3,
  product: 2,
  products_collection: 1,
};

/**
 * Which entry owns each order line that entries match: the most specific entry (SKU, then
 * product, then collection) and, among equals, the first listed.
 *
 * @returns The position in `entries` of each matched line's owner, by line index.
 */
export const assignLines = <Entry extends { readonly object: 'product' | 'sku' | 'products_collection' }>(
  entries: readonly Entry[],
  matchesOf: (entry: Entry) => Iterable<number>,
): Map<number, number> => {
  const owners = new Map<number, number>();
  entries.forEach((entry, position) => {
    for (const index of matchesOf(entry)) {
      const owner = owners.get(index);
      const current = owner === undefined ? undefined : entries[owner];
      if (current === undefined || SPECIFICITY[entry.object] > SPECIFICITY[current.object]) owners.set(index, position);
    }
  });
  return owners;
};

/**
 * Cheapest first: by unit price, then by the lower line amount, then by position; lines without a
 * price come last. The most expensive order sorts by price the other way round, with the same ties.
 */
const compareLines =
  (direction: 1 | -1) =>
  (a: SelectableLine, b: SelectableLine): number => {
    if (a.price === undefined || b.price === undefined)
      return a.price === b.price ? a.index - b.index : a.price === undefined ? 1 : -1;
    return direction * (a.price - b.price) || (a.amount ?? 0) - (b.amount ?? 0) || a.index - b.index;
  };

/**
 * The units the application rules reach within the limits, line by line in the order the effect
 * visits them.
 *
 * @remarks
 * Lines without units take no place. `APPLY_TO_EVERY` keeps the request order; the other effects
 * sort by {@link compareLines}. With `target: ITEM` the skip-and-repeat pattern counts lines and
 * a reached line gives all its units; with `UNIT` it counts units across the lines. The lowest
 * limit wins. `APPLY_TO_CHEAPEST` and `APPLY_TO_MOST_EXPENSIVE` stop after the first line that
 * gives a unit, and give one unit with `target: UNIT`.
 */
export const selectUnits = <Line extends SelectableLine>(
  lines: readonly Line[],
  rules: ApplicationRulesInput,
  limits: UnitLimits<Line>,
): SelectedLine[] => {
  const effect = rules.effect ?? 'APPLY_TO_EVERY';
  const reached = lines.filter((line) => wholeUnits(line.quantity) > 0);
  if (effect !== 'APPLY_TO_EVERY')
    reached.sort(compareLines(effect === 'APPLY_TO_CHEAPEST' || effect === 'APPLY_FROM_CHEAPEST' ? 1 : -1));
  const single = effect === 'APPLY_TO_CHEAPEST' || effect === 'APPLY_TO_MOST_EXPENSIVE';
  const byUnit = rules.target === 'UNIT';
  const skip = wholeUnits(rules.skip_initially ?? 0);
  const repeat = Math.max(1, wholeUnits(rules.repeat ?? 1));
  const { shared } = limits;
  // What each shared budget still allows, once a line has drawn on it.
  const sharedLeft = new Map<string, number>();
  const selected: SelectedLine[] = [];
  let left = limits.total;
  // Lines (ITEM) or units (UNIT) counted so far, for the skip-and-repeat pattern.
  let position = 0;
  for (const line of reached) {
    if (left <= 0) break;
    const quantity = wholeUnits(line.quantity);
    let available: number;
    let first = 1;
    let step = 1;
    if (byUnit) {
      const start = position;
      const end = start + quantity;
      position = end;
      const from = Math.max(start, skip);
      const firstPosition = skip + Math.ceil((from - skip) / repeat) * repeat;
      available = firstPosition < end ? Math.floor((end - 1 - firstPosition) / repeat) + 1 : 0;
      first = firstPosition - start + 1;
      step = repeat;
    } else {
      available = position >= skip && (position - skip) % repeat === 0 ? quantity : 0;
      position += 1;
    }
    const key = shared?.keyOf(line);
    const budget =
      key === undefined || shared === undefined
        ? Number.POSITIVE_INFINITY
        : (sharedLeft.get(key) ?? shared.limitOf(key));
    const units = Math.min(available, limits.perLine, left, budget, single && byUnit ? 1 : Number.POSITIVE_INFINITY);
    if (units <= 0) continue;
    selected.push({ index: line.index, units, first, step });
    left -= units;
    if (key !== undefined) sharedLeft.set(key, budget - units);
    if (single) break;
  }
  return selected;
};
