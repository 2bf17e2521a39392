import {
  type ApplicableToResultList,
  applicableToResultList,
  coveredEntryResult,
  excludedEntryResult,
} from '../discounts/applicable-to-results.js';
import {
  type UnitLimits,
  assignLines,
  scaleLimit,
  selectUnits,
  unitLimit,
  wholeUnits,
} from '../discounts/applicable-to-selection.js';
import { type OrderLine, type RuleOrderItemInput, readOrderLines } from './context.js';
import type { ApplicableToDefinition, ApplicableToEntry, UnitLimitName } from './parse.js';

/**
 * Options of the `applicable_to` resolution of {@link evaluateValidationRules}: whose budgets
 * apply, what earlier redemptions used up, and the values of limit formulas.
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
 * Units of one order line a discount may reduce, which of its units they are, and which entry
 * covers them (`undefined` for lines covered by `included_all` alone).
 *
 * @example
 * ```ts
 * // The second and fourth units of line 2, under the first included entry.
 * const covered: CoveredLine = { index: 2, units: 2, first: 2, step: 2, entry: 0 };
 * ```
 */
export interface CoveredLine {
  /** Position of the line in the order, from 0. */
  readonly index: number;
  /** How many of its units a discount may reduce, 1 or more. */
  readonly units: number;
  /** Number of the first covered unit of the line, from 1. */
  readonly first: number;
  /** Distance between the numbers of the covered units (the entry's `repeat` with `target: UNIT`, else 1). */
  readonly step: number;
  /** Position in `included` of the entry that covers the line; `undefined` when `included_all` alone does. */
  readonly entry: number | undefined;
}

/**
 * What a rule set's `applicable_to` reaches in an order (`applicable` of a passing
 * {@link evaluateValidationRules}): the answer's `applicable_to` and `inapplicable_to`, and
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
  readonly applicable_to: ApplicableToResultList;
  /** Every excluded entry with the lines it excludes, for the answer's `inapplicable_to`. */
  readonly inapplicable_to: ApplicableToResultList;
  /** The covered units of each line, in the order the discount reaches them. */
  readonly covered: readonly CoveredLine[];
}

const covers = (entry: ApplicableToEntry, line: OrderLine): boolean =>
  line.references.some((reference) => reference.id === entry.id && reference.object === entry.object);

/** The budgets each kind of redeemable reads: for the entry and for each product of a collection, for all customers and for this one. */
const BUDGET_LIMITS = {
  campaign: {
    entry: ['product_campaign_quantity_limit', 'product_customer_campaign_quantity_limit'],
    product: [
      'product_in_collection_campaign_quantity_limit',
      'product_in_collection_customer_campaign_quantity_limit',
    ],
  },
  promotion_tier: {
    entry: ['product_promotion_tier_quantity_limit', 'product_customer_promotion_tier_quantity_limit'],
    product: [
      'product_in_collection_promotion_tier_quantity_limit',
      'product_in_collection_customer_promotion_tier_quantity_limit',
    ],
  },
} as const satisfies Record<
  'campaign' | 'promotion_tier',
  Record<'entry' | 'product', readonly [UnitLimitName, UnitLimitName]>
>;

/**
 * The unit limits of the entry at `position` of `included`: its own (or its formulas'), scaled by
 * the bundles, and its budgets for the campaign or the promotion tier less what earlier
 * redemptions used, for the entry and, in a collection, for each of its products.
 */
const limitsOf = (entry: ApplicableToEntry, position: number, options: ApplicableToOptions): UnitLimits<OrderLine> => {
  const formula = options.formulaLimits?.[position] ?? undefined;
  const limit = (name: UnitLimitName): number => unitLimit(formula?.[name] ?? entry.limits[name]);
  const multiplier = wholeUnits(options.unitLimitMultiplier ?? 1);
  const budgets = BUDGET_LIMITS[options.budget ?? 'campaign'];
  const budget = ([all, customer]: readonly [UnitLimitName, UnitLimitName], key: string): number =>
    Math.min(
      limit(all) - wholeUnits(options.discountedUnits?.all?.[key] ?? 0),
      limit(customer) - wholeUnits(options.discountedUnits?.customer?.[key] ?? 0),
    );
  return {
    perLine: scaleLimit(limit('quantity_limit'), multiplier),
    total: Math.min(scaleLimit(limit('aggregated_quantity_limit'), multiplier), budget(budgets.entry, entry.id)),
    shared:
      entry.object === 'products_collection'
        ? {
            keyOf: (line) => line.product_id ?? line.sku_id ?? `#${line.index}`,
            limitOf: (product) => budget(budgets.product, product),
          }
        : undefined,
  };
};

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
 * - Order, the same as the discount calculation's ({@link applyDiscount}): `APPLY_TO_EVERY`
 *   keeps the request order; the other effects sort by unit price (ties: the lower line amount,
 *   then the earlier line; lines without a price last). Lines without units take no place. Then
 *   `skip_initially` lines (`target: ITEM`) or units (`UNIT`) are passed over and every
 *   `repeat`-th one after is reached. `APPLY_TO_CHEAPEST` and `APPLY_TO_MOST_EXPENSIVE` stop at
 *   the first line so reached, and reach one unit of it with `target: UNIT`.
 * - Limits, of which the lowest wins, taken in that order: `quantity_limit` per line,
 *   `aggregated_quantity_limit` over the entry, the entry's budget for the campaign or promotion
 *   tier (all customers and this customer) minus `discountedUnits` so far, and for a collection
 *   the same per product of the collection. Formula results replace static limits. A limit of 0
 *   allows no units.
 * - Output: every included entry in `applicable_to` and every excluded one in `inapplicable_to`,
 *   with the fields of the API it was written with (see {@link ApplicableToResult}), its effect
 *   filled in for included entries, `order_item_indices` (lines covered or excluded) and, for
 *   included entries, `order_item_units`; at most 1000 units are numbered, above that each line
 *   says `units_limit_exceeded`. Money limits (`amount_limit` …) are left to the discount
 *   calculation.
 *
 * @param applicableTo - `definition.applicable_to` from {@link parseValidationRules}.
 * @param items - The order lines, with product and SKU ids and the collections they belong to.
 * @param options - Budgets, earlier units and formula results; see {@link ApplicableToOptions}.
 * @returns The answer's lists and the covered units per line.
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
  const orderUnits = lines.reduce((total, line) => total + wholeUnits(line.quantity), 0);
  const excluded = new Set<number>();
  const inapplicable = applicableTo.excluded.map((entry) => {
    const indices = lines.filter((line) => covers(entry, line)).map((line) => line.index);
    indices.forEach((index) => excluded.add(index));
    return excludedEntryResult({ ...entry.input, object: entry.object, id: entry.id }, indices);
  });
  const owners = assignLines(applicableTo.included, (entry) => {
    const matched: number[] = [];
    for (const line of lines) if (!excluded.has(line.index) && covers(entry, line)) matched.push(line.index);
    return matched;
  });
  const covered: CoveredLine[] = [];
  const applicable = applicableTo.included.map((entry, position) => {
    const own = lines.filter((line) => owners.get(line.index) === position);
    const selected = selectUnits(own, entry, limitsOf(entry, position, options));
    for (const { index, units, first, step } of selected) covered.push({ index, units, first, step, entry: position });
    return coveredEntryResult(
      { ...entry.input, object: entry.object, id: entry.id, effect: entry.effect },
      selected,
      orderUnits,
    );
  });
  if (applicableTo.included_all) {
    for (const line of lines) {
      if (!excluded.has(line.index) && !owners.has(line.index) && wholeUnits(line.quantity) > 0) {
        covered.push({ index: line.index, units: wholeUnits(line.quantity), first: 1, step: 1, entry: undefined });
      }
    }
  }
  return {
    applicable_to: applicableToResultList(applicable),
    inapplicable_to: applicableToResultList(inapplicable),
    covered,
  };
};
