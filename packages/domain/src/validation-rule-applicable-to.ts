import type { ApplicableToResultList, OrderItemUnits } from './discount-item-selection.js';
import { type OrderLine, type RuleOrderItemInput, readOrderLines } from './validation-rule-context.js';
import type { ApplicableToDefinition, ApplicableToEntry, UnitLimitName } from './validation-rule-parse.js';

/**
 * Options of {@link resolveApplicableTo}: whose budgets apply, what earlier redemptions used up,
 * and the values of limit formulas.
 *
 * @example
 * ```ts
 * const options: ApplicableToOptions = {
 *   budget: 'promotion_tier',
 *   discountedUnits: { all: { prod_mug: 95 }, customer: { prod_mug: 2 } },
 *   formulaLimits: [{ quantity_limit: 3 }],
 * };
 * ```
 */
export interface ApplicableToOptions {
  /**
   * Which budgets apply: the campaign's (`product_*campaign_quantity_limit`, for codes) or the
   * promotion tier's (`product_*promotion_tier_quantity_limit`). `campaign` by default.
   */
  readonly budget?: 'campaign' | 'promotion_tier' | undefined;
  /**
   * Units discounted by earlier redemptions of the same campaign or tier, for all customers
   * (`all`) and for this customer (`customer`), keyed by the id of a product, SKU or collection:
   * an entry's budget reads its own id, a per-product-in-collection budget the line's product id.
   */
  readonly discountedUnits?:
    | {
        readonly all?: Readonly<Record<string, number>> | undefined;
        readonly customer?: Readonly<Record<string, number>> | undefined;
      }
    | undefined;
  /**
   * The results of the entries' limit formulas (`*_quantity_limit_formula`), by position in
   * `included`; a result replaces the entry's static limit, which is the fallback. Results are
   * rounded down to whole units, and negative ones count as 0.
   */
  readonly formulaLimits?: readonly (Readonly<Partial<Record<UnitLimitName, number>>> | null | undefined)[] | undefined;
  /**
   * Multiplies `quantity_limit` and `aggregated_quantity_limit`, for discounts that scale with
   * the number of bundles; 1 by default.
   */
  readonly unitLimitMultiplier?: number | undefined;
}

/**
 * An `applicable_to` or `inapplicable_to` entry of a validation answer: the entry as written in
 * the rule set (with its `effect`), and the order lines it covers or excludes.
 *
 * @example
 * ```ts
 * const entry: ApplicableToResultEntry = {
 *   object: 'product', id: 'prod_mug', effect: 'APPLY_TO_EVERY', quantity_limit: 1,
 *   order_item_indices: [0], order_item_units: [{ index: 0, units: [1] }],
 * };
 * ```
 */
export interface ApplicableToResultEntry {
  readonly [property: string]: unknown;
  /** The kind of thing the entry names. */
  readonly object: 'product' | 'sku' | 'products_collection';
  /** The id of the product, SKU or collection. */
  readonly id: string;
  /** The entry's effect, with its default filled in; absent for excluded entries. */
  readonly effect?: string;
  /** Covered (or excluded) order lines, in the order the discount reaches them. */
  readonly order_item_indices: readonly number[];
  /** Covered units of those lines; absent for excluded entries. */
  readonly order_item_units?: readonly OrderItemUnits[];
}

/**
 * Units of one order line a discount may reduce, and which entry covers them (`undefined` for
 * lines covered by `included_all` alone).
 *
 * @example
 * ```ts
 * const covered: CoveredLine = { index: 2, units: 1, entry: 0 };
 * ```
 */
export interface CoveredLine {
  /** Position of the line in the order, from 0. */
  readonly index: number;
  /** How many of its units a discount may reduce, 1 or more. */
  readonly units: number;
  /** Position in `included` of the entry that covers the line; `undefined` when `included_all` alone does. */
  readonly entry: number | undefined;
}

/**
 * What {@link resolveApplicableTo} finds: the answer's `applicable_to` and `inapplicable_to`, and
 * the covered units of each line, in the order the discount reaches them, for the discount
 * calculation.
 *
 * @example
 * ```ts
 * const resolution: ApplicableToResolution = {
 *   applicable_to: { object: 'list', data_ref: 'data', data: [], total: 0 },
 *   inapplicable_to: { object: 'list', data_ref: 'data', data: [], total: 0 },
 *   covered: [],
 * };
 * ```
 */
export interface ApplicableToResolution {
  /** Every included entry with the lines and units it covers, for the answer's `applicable_to`. */
  readonly applicable_to: ApplicableToResultList<ApplicableToResultEntry>;
  /** Every excluded entry with the lines it excludes, for the answer's `inapplicable_to`. */
  readonly inapplicable_to: ApplicableToResultList<ApplicableToResultEntry>;
  /** The covered units of each line, in the order the discount reaches them. */
  readonly covered: readonly CoveredLine[];
}

/** Above this many units in the order, covered units are no longer numbered one by one. */
const MAX_NUMBERED_UNITS = 1000;

/** A SKU entry is more specific than a product entry, which is more specific than a collection. */
const SPECIFICITY: Readonly<Record<ApplicableToEntry['object'], number>> = { sku: 3, product: 2, products_collection: 1 };

const covers = (entry: ApplicableToEntry, line: OrderLine): boolean =>
  line.references.some((reference) => reference.id === entry.id && reference.object === entry.object);

/** Units are whole: every limit and quantity is rounded down, and nothing goes below zero. */
const wholeUnits = (value: number): number => (Number.isFinite(value) ? Math.max(0, Math.floor(value)) : value > 0 ? Infinity : 0);

/**
 * Cheapest first: by unit price, then by line amount, then by position; lines without a price
 * come last. The most expensive order sorts by price the other way round with the same ties.
 */
const compareLines =
  (direction: 1 | -1) =>
  (a: OrderLine, b: OrderLine): number => {
    if (a.price === undefined || b.price === undefined) return a.price === b.price ? a.index - b.index : a.price === undefined ? 1 : -1;
    return direction * (a.price - b.price) || (a.amount ?? 0) - (b.amount ?? 0) || a.index - b.index;
  };

/** The lines an entry reaches, in the order it reaches them. */
const applicationOrder = (entry: ApplicableToEntry, lines: readonly OrderLine[]): readonly OrderLine[] => {
  switch (entry.effect) {
    case 'APPLY_TO_EVERY':
      return lines;
    case 'APPLY_FROM_CHEAPEST':
      return [...lines].sort(compareLines(1));
    case 'APPLY_FROM_MOST_EXPENSIVE':
      return [...lines].sort(compareLines(-1));
    case 'APPLY_TO_CHEAPEST':
      return [...lines].sort(compareLines(1)).slice(0, 1);
    case 'APPLY_TO_MOST_EXPENSIVE':
      return [...lines].sort(compareLines(-1)).slice(0, 1);
  }
};

/**
 * The units of a run `[from, from + count)` of a sequence that `skip_initially` and `repeat`
 * select (positions `skip`, `skip + repeat`, `skip + 2 × repeat` …), as the first selected
 * position and how many there are.
 */
const selected = (from: number, count: number, skip: number, repeat: number): { readonly first: number; readonly count: number } => {
  const start = Math.max(from, skip);
  const first = start + ((repeat - ((start - skip) % repeat)) % repeat);
  const end = from + count;
  return { first, count: first >= end ? 0 : Math.floor((end - 1 - first) / repeat) + 1 };
};

/** Budgets that shrink as units are taken: one for the whole entry, one per product for collections. */
class Budget {
  private readonly left = new Map<string, number>();

  constructor(private readonly limitOf: (key: string) => number) {}

  remaining(key: string): number {
    return this.left.get(key) ?? this.limitOf(key);
  }

  take(key: string, units: number): void {
    this.left.set(key, this.remaining(key) - units);
  }
}

interface EntryCoverage {
  readonly lines: readonly { readonly line: OrderLine; readonly first: number; readonly step: number; readonly units: number }[];
}

const coverEntry = (entry: ApplicableToEntry, position: number, lines: readonly OrderLine[], options: ApplicableToOptions): EntryCoverage => {
  const formula = options.formulaLimits?.[position] ?? undefined;
  const limit = (name: UnitLimitName): number => {
    const value = formula?.[name] ?? entry.limits[name];
    return value === undefined ? Infinity : wholeUnits(value);
  };
  const multiplier = wholeUnits(options.unitLimitMultiplier ?? 1);
  const soFar = (who: 'all' | 'customer', key: string): number => wholeUnits(options.discountedUnits?.[who]?.[key] ?? 0);
  const tier = options.budget === 'promotion_tier';
  const scaled = (value: number): number => (value === Infinity ? value : value * multiplier);
  const perLine = scaled(limit('quantity_limit'));
  let aggregate = scaled(limit('aggregated_quantity_limit'));
  let entryBudget = Math.min(
    limit(tier ? 'product_promotion_tier_quantity_limit' : 'product_campaign_quantity_limit') - soFar('all', entry.id),
    limit(tier ? 'product_customer_promotion_tier_quantity_limit' : 'product_customer_campaign_quantity_limit') - soFar('customer', entry.id),
  );
  const inCollection = entry.object === 'products_collection';
  const productBudget = new Budget((productId) =>
    inCollection
      ? Math.min(
          limit(tier ? 'product_in_collection_promotion_tier_quantity_limit' : 'product_in_collection_campaign_quantity_limit') - soFar('all', productId),
          limit(tier ? 'product_in_collection_customer_promotion_tier_quantity_limit' : 'product_in_collection_customer_campaign_quantity_limit') -
            soFar('customer', productId),
        )
      : Infinity,
  );
  const { skip_initially: skip, repeat, target } = entry;
  const covered: { line: OrderLine; first: number; step: number; units: number }[] = [];
  let unitOffset = 0;
  applicationOrder(entry, lines).forEach((line, place) => {
    const quantity = wholeUnits(line.quantity);
    // Which units the skip-and-repeat pattern reaches: whole lines (ITEM) or single units (UNIT).
    const reach =
      target === 'ITEM'
        ? { first: 0, step: 1, count: selected(place, 1, skip, repeat).count === 1 ? quantity : 0 }
        : (() => {
            const run = selected(unitOffset, quantity, skip, repeat);
            return { first: run.first - unitOffset, step: repeat, count: run.count };
          })();
    unitOffset += quantity;
    const productKey = line.product_id ?? line.sku_id ?? `#${line.index}`;
    const units = Math.max(0, Math.min(reach.count, perLine, aggregate, entryBudget, productBudget.remaining(productKey)));
    if (units === 0) return;
    aggregate -= units;
    entryBudget -= units;
    productBudget.take(productKey, units);
    covered.push({ line, first: reach.first, step: reach.step, units });
  });
  return { lines: covered };
};

const list = (data: readonly ApplicableToResultEntry[]): ApplicableToResultList<ApplicableToResultEntry> => ({ object: 'list', data_ref: 'data', data, total: data.length });

/**
 * Works out which order lines, and how many of their units, a discount under a rule set may
 * reduce: `applicable_to.included` (or every line with `included_all`) minus `excluded`, each
 * entry reaching its lines in the order its `effect` gives, with `skip_initially` and `repeat`,
 * and within its unit limits.
 *
 * @remarks
 * - Matching: a product entry covers the product's lines and its SKUs' lines; a SKU entry only
 *   that SKU; a collection entry the lines whose product or SKU belongs to it (the caller
 *   resolves `collection_ids`). An excluded line is never covered. A line that several included
 *   entries match belongs to the most specific (SKU, then product, then collection), and among
 *   equals to the first listed. Lines no entry matches are covered by `included_all` with all
 *   their units.
 * - Order: `APPLY_TO_EVERY` keeps the request order; `APPLY_FROM_CHEAPEST` and
 *   `APPLY_FROM_MOST_EXPENSIVE` sort by unit price (ties: the lower line amount, then the earlier
 *   line); `APPLY_TO_CHEAPEST` and `APPLY_TO_MOST_EXPENSIVE` keep only the first line of that
 *   order. Then `skip_initially` lines (`target: ITEM`) or units (`UNIT`) are passed over and
 *   every `repeat`-th one after is reached.
 * - Limits, of which the lowest wins, taken in that order: `quantity_limit` per line,
 *   `aggregated_quantity_limit` over the entry, the entry's budget for the campaign or promotion
 *   tier (all customers and this customer) minus `discountedUnits` so far, and for a collection
 *   the same per product of the collection. Formula results replace static limits.
 * - Output: every included entry in `applicable_to` and every excluded one in `inapplicable_to`,
 *   as written, with `order_item_indices` (lines covered or excluded) and, for included entries,
 *   `order_item_units`; at most 1000 units are numbered, above that each line says
 *   `units_limit_exceeded`. Money limits (`amount_limit` …) are left to the discount calculation.
 *
 * @param applicableTo - `definition.applicable_to` from {@link parseValidationRules}.
 * @param items - The order lines, with product and SKU ids and the collections they belong to.
 * @param options - Budgets, earlier units and formula results; see {@link ApplicableToOptions}.
 * @returns The answer's lists and the covered units per line.
 * @example
 * ```ts
 * const { applicable_to } = parseValidationRules({
 *   applicable_to: { included: [{ object: 'products_collection', id: 'pc_mugs', quantity_limit: 1 }], excluded: [], included_all: false },
 * });
 * resolveApplicableTo(applicable_to, [{ product_id: 'prod_mug', quantity: 3, price: 1000, collection_ids: ['pc_mugs'] }]).covered;
 * // [{ index: 0, units: 1, entry: 0 }]
 * ```
 */
export function resolveApplicableTo(
  applicableTo: ApplicableToDefinition,
  items: readonly RuleOrderItemInput[],
  options: ApplicableToOptions = {},
): ApplicableToResolution {
  return resolveApplicableToLines(applicableTo, readOrderLines(items), options);
}

/** {@link resolveApplicableTo} on order lines already read, for the evaluator, which reads them once. */
export const resolveApplicableToLines = (
  applicableTo: ApplicableToDefinition,
  lines: readonly OrderLine[],
  options: ApplicableToOptions,
): ApplicableToResolution => {
  const numbered = lines.reduce((total, line) => total + wholeUnits(line.quantity), 0) <= MAX_NUMBERED_UNITS;
  const excluded = new Set<number>();
  const inapplicable = applicableTo.excluded.map((entry): ApplicableToResultEntry => {
    const indices = lines.filter((line) => covers(entry, line)).map((line) => line.index);
    indices.forEach((index) => excluded.add(index));
    return { ...entry.input, object: entry.object, id: entry.id, order_item_indices: indices };
  });
  const owner = new Map<number, number>();
  for (const line of lines) {
    if (excluded.has(line.index)) continue;
    let best: number | undefined;
    applicableTo.included.forEach((entry, position) => {
      const current = best === undefined ? undefined : applicableTo.included[best];
      if (covers(entry, line) && (current === undefined || SPECIFICITY[entry.object] > SPECIFICITY[current.object])) best = position;
    });
    if (best !== undefined) owner.set(line.index, best);
  }
  const covered: CoveredLine[] = [];
  const applicable = applicableTo.included.map((entry, position): ApplicableToResultEntry => {
    const own = lines.filter((line) => owner.get(line.index) === position);
    const coverage = coverEntry(entry, position, own, options);
    for (const { line, units } of coverage.lines) covered.push({ index: line.index, units, entry: position });
    return {
      ...entry.input,
      object: entry.object,
      id: entry.id,
      effect: entry.effect,
      order_item_indices: coverage.lines.map(({ line }) => line.index),
      order_item_units: coverage.lines.map(({ line, first, step, units }): OrderItemUnits =>
        numbered ? { index: line.index, units: Array.from({ length: units }, (_, k) => first + k * step + 1) } : { index: line.index, units_limit_exceeded: true },
      ),
    };
  });
  if (applicableTo.included_all) {
    for (const line of lines) {
      if (!excluded.has(line.index) && !owner.has(line.index) && wholeUnits(line.quantity) > 0) {
        covered.push({ index: line.index, units: wholeUnits(line.quantity), entry: undefined });
      }
    }
  }
  return { applicable_to: list(applicable), inapplicable_to: list(inapplicable), covered };
};
