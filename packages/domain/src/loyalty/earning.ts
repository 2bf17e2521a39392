import type { FormulaContext } from '../formulas/context.js';
import { formulaValue } from '../formulas/value.js';

/**
 * How many points one increment of a proportional rule earns: `points` for every `every` of the
 * basis (money in minor units, item units, or a metadata number), or a `points_formula`.
 *
 * @example
 * ```ts
 * const leaf: ProportionalLeaf = { every: 1000, points: 1 }; // a point per 10.00 spent
 * ```
 */
export interface ProportionalLeaf {
  /** How much of the basis earns `points` once. */
  readonly every: number;
  /** Points for every `every`. */
  readonly points: number;
  /** A formula that gives the points instead, rounded to the nearest whole number. */
  readonly points_formula?: string | null | undefined;
  /** The metadata key that holds the basis (`ORDER_METADATA`, `CUSTOMER_METADATA`, `CUSTOM_EVENT_METADATA`). */
  readonly property?: string | null | undefined;
  /** One product, SKU or collection whose order lines count (`ORDER_ITEMS_*`); `applicable_to` lists several. */
  readonly object?: 'product' | 'sku' | 'products_collection' | null | undefined;
  /** Its id, with `object`. */
  readonly id?: string | null | undefined;
  /** Several products, SKUs or collections whose lines count. */
  readonly applicable_to?:
    | readonly { readonly object: 'product' | 'sku' | 'products_collection'; readonly id: string }[]
    | null
    | undefined;
}

/**
 * The `loyalty` of an earning rule: a fixed number of points per event, or points proportional
 * to one value of the order, its lines, the customer or the custom event.
 *
 * @example
 * ```ts
 * const loyalty: EarningRuleLoyalty = { type: 'PROPORTIONAL', calculation_type: 'ORDER_TOTAL_AMOUNT', order: { total_amount: { every: 500, points: 10 } } };
 * ```
 */
export type EarningRuleLoyalty =
  | {
      readonly type: 'FIXED';
      readonly points?: number | null | undefined;
      readonly points_formula?: string | null | undefined;
    }
  | {
      readonly type: 'PROPORTIONAL';
      readonly calculation_type: EarningCalculationType;
      readonly order?:
        | {
            readonly amount?: ProportionalLeaf;
            readonly total_amount?: ProportionalLeaf;
            readonly metadata?: ProportionalLeaf;
          }
        | null
        | undefined;
      readonly order_items?:
        | {
            readonly quantity?: ProportionalLeaf;
            readonly amount?: ProportionalLeaf;
            readonly subtotal_amount?: ProportionalLeaf;
          }
        | null
        | undefined;
      readonly customer?: { readonly metadata?: ProportionalLeaf } | null | undefined;
      readonly custom_event?: { readonly metadata?: ProportionalLeaf } | null | undefined;
    };

/**
 * What a proportional earning rule counts.
 *
 * @example
 * ```ts
 * const type: EarningCalculationType = 'ORDER_ITEMS_QUANTITY';
 * ```
 */
export type EarningCalculationType =
  | 'ORDER_AMOUNT'
  | 'ORDER_TOTAL_AMOUNT'
  | 'ORDER_METADATA'
  | 'ORDER_ITEMS_QUANTITY'
  | 'ORDER_ITEMS_AMOUNT'
  | 'ORDER_ITEMS_SUBTOTAL_AMOUNT'
  | 'CUSTOMER_METADATA'
  | 'CUSTOM_EVENT_METADATA';

/**
 * A tier's change to what an earning rule or a reward is worth for its members: the points
 * multiplied, or replaced by a number of its own.
 *
 * @example
 * ```ts
 * const gold: PointsMapping = { type: 'MULTIPLY', multiplier: 1.5 };
 * ```
 */
export type PointsMapping =
  | { readonly type: 'MULTIPLY'; readonly multiplier: number }
  | { readonly type: 'CUSTOM'; readonly points: number };

/**
 * An order line as earning rules read it.
 *
 * @example
 * ```ts
 * const line: EarningOrderLine = { product_id: 'prod_1', quantity: 2, amount: 2000, subtotal_amount: 1800 };
 * ```
 */
export interface EarningOrderLine {
  /** The line's product (`prod_…`). */
  readonly product_id?: string | null | undefined;
  /** The line's SKU (`sku_…`), if any. */
  readonly sku_id?: string | null | undefined;
  /** Collections the line's product or SKU belongs to. */
  readonly collection_ids?: readonly string[] | undefined;
  /** Units bought, free units excluded. */
  readonly quantity?: number | null | undefined;
  /** Before discounts, in minor units. */
  readonly amount?: number | null | undefined;
  /** After discounts, in minor units. */
  readonly subtotal_amount?: number | null | undefined;
}

/**
 * What an event gives earning rules to count.
 *
 * @example
 * ```ts
 * const input: EarningInput = { order: { amount: 45000, total_amount: 40000, items: [] }, customer: { metadata: { visits: 3 } } };
 * ```
 */
export interface EarningInput {
  /** The order of the event: its amounts, metadata and lines. */
  readonly order?: {
    readonly amount?: number | null | undefined;
    readonly total_amount?: number | null | undefined;
    readonly metadata?: Readonly<Record<string, unknown>> | null | undefined;
    readonly items?: readonly EarningOrderLine[] | null | undefined;
  } | null;
  /** The customer, whose metadata `CUSTOMER_METADATA` rules read. */
  readonly customer?: { readonly metadata?: Readonly<Record<string, unknown>> | null | undefined } | null;
  /** The custom event, whose metadata `CUSTOM_EVENT_METADATA` rules read. */
  readonly customEvent?: { readonly metadata?: Readonly<Record<string, unknown>> | null | undefined } | null;
  /** The context `points_formula` is evaluated in (the instant, the order, the customer); formulas fall back to the static points without it. */
  readonly formula?: FormulaContext | undefined;
}

const whole = (value: number): number => (Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);

const numeric = (
  metadata: Readonly<Record<string, unknown>> | null | undefined,
  property: string | null | undefined,
): number => {
  const value = property ? metadata?.[property] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

/** Whether a line is one of the products, SKUs or collections a leaf names; a line counts once however many it matches. */
const lineMatches = (line: EarningOrderLine, leaf: ProportionalLeaf): boolean => {
  const targets =
    leaf.applicable_to && leaf.applicable_to.length > 0
      ? leaf.applicable_to
      : leaf.object && leaf.id
        ? [{ object: leaf.object, id: leaf.id }]
        : [];
  return targets.some(
    (target) =>
      (target.object === 'product' && line.product_id === target.id) ||
      (target.object === 'sku' && line.sku_id === target.id) ||
      (target.object === 'products_collection' && (line.collection_ids ?? []).includes(target.id)),
  );
};

const linesSum = (
  input: EarningInput,
  leaf: ProportionalLeaf,
  field: 'quantity' | 'amount' | 'subtotal_amount',
): number =>
  (input.order?.items ?? [])
    .filter((line) => lineMatches(line, leaf))
    .reduce((sum, line) => sum + (line[field] ?? 0), 0);

/** The leaf a proportional rule uses and the basis it counts, by calculation type. */
const basisOf = (
  loyalty: Extract<EarningRuleLoyalty, { type: 'PROPORTIONAL' }>,
  input: EarningInput,
): { leaf: ProportionalLeaf | undefined; basis: number } => {
  switch (loyalty.calculation_type) {
    case 'ORDER_AMOUNT':
      return { leaf: loyalty.order?.amount, basis: input.order?.amount ?? 0 };
    case 'ORDER_TOTAL_AMOUNT':
      return { leaf: loyalty.order?.total_amount, basis: input.order?.total_amount ?? input.order?.amount ?? 0 };
    case 'ORDER_METADATA':
      return {
        leaf: loyalty.order?.metadata,
        basis: numeric(input.order?.metadata, loyalty.order?.metadata?.property),
      };
    case 'ORDER_ITEMS_QUANTITY': {
      const leaf = loyalty.order_items?.quantity;
      return { leaf, basis: leaf ? linesSum(input, leaf, 'quantity') : 0 };
    }
    case 'ORDER_ITEMS_AMOUNT': {
      const leaf = loyalty.order_items?.amount;
      return { leaf, basis: leaf ? linesSum(input, leaf, 'amount') : 0 };
    }
    case 'ORDER_ITEMS_SUBTOTAL_AMOUNT': {
      const leaf = loyalty.order_items?.subtotal_amount;
      return { leaf, basis: leaf ? linesSum(input, leaf, 'subtotal_amount') : 0 };
    }
    case 'CUSTOMER_METADATA':
      return {
        leaf: loyalty.customer?.metadata,
        basis: numeric(input.customer?.metadata, loyalty.customer?.metadata?.property),
      };
    case 'CUSTOM_EVENT_METADATA':
      return {
        leaf: loyalty.custom_event?.metadata,
        basis: numeric(input.customEvent?.metadata, loyalty.custom_event?.metadata?.property),
      };
  }
};

const formulaPoints = (formula: string | null | undefined, fallback: number, input: EarningInput): number =>
  formula && input.formula ? formulaValue(formula, input.formula, { kind: 'points', fallback }) : fallback;

/**
 * The points one earning rule gives for one event (decision 0038):
 *
 * - `FIXED`: `points`, or the value of `points_formula` rounded to the nearest whole number
 *   (`points` when the formula has no value);
 * - `PROPORTIONAL`: `points` for every whole `every` of the basis, remainders dropped
 *   (`{ every: 500, points: 10 }` on a total of 45 000 gives 900); a `points_formula` on the leaf
 *   gives the points instead;
 * - a tier mapping then multiplies the result (rounded to the nearest whole number), or, `CUSTOM`,
 *   replaces the fixed points or the points per `every`.
 *
 * Never negative; an event the rule finds nothing to count in gives 0.
 *
 * @param loyalty - The rule's `loyalty`.
 * @param input - The order, customer and custom event of the event.
 * @param mapping - The member's tier mapping for this rule, if any.
 * @returns Whole points.
 * @example
 * ```ts
 * earnedPoints({ type: 'PROPORTIONAL', calculation_type: 'ORDER_TOTAL_AMOUNT', order: { total_amount: { every: 500, points: 10 } } }, { order: { total_amount: 45000 } }); // 900
 * earnedPoints({ type: 'FIXED', points: 50 }, {}, { type: 'MULTIPLY', multiplier: 1.5 }); // 75
 * ```
 */
export function earnedPoints(loyalty: EarningRuleLoyalty, input: EarningInput, mapping?: PointsMapping | null): number {
  if (loyalty.type === 'FIXED') {
    const base =
      mapping?.type === 'CUSTOM' ? mapping.points : formulaPoints(loyalty.points_formula, loyalty.points ?? 0, input);
    return whole(mapping?.type === 'MULTIPLY' ? base * mapping.multiplier : base);
  }
  const { leaf, basis } = basisOf(loyalty, input);
  if (!leaf) return 0;
  const increments = leaf.every > 0 && basis > 0 ? Math.floor(basis / leaf.every) : 0;
  const base =
    mapping?.type === 'CUSTOM'
      ? increments * mapping.points
      : leaf.points_formula
        ? formulaPoints(leaf.points_formula, increments * leaf.points, input)
        : increments * leaf.points;
  return whole(mapping?.type === 'MULTIPLY' ? base * mapping.multiplier : base);
}

/**
 * What a reward costs a member: the assignment's points, multiplied or replaced by the member's
 * tier mapping for that reward.
 *
 * @param points - The assignment's `parameters.loyalty.points`.
 * @param mapping - The member's tier mapping for the reward, if any.
 * @returns Whole points.
 * @example
 * ```ts
 * rewardPrice(100, { type: 'MULTIPLY', multiplier: 0.8 }); // 80
 * ```
 */
export function rewardPrice(points: number, mapping?: PointsMapping | null): number {
  if (mapping?.type === 'CUSTOM') return whole(mapping.points);
  return whole(mapping?.type === 'MULTIPLY' ? points * mapping.multiplier : points);
}

/**
 * An earning rule's `loyalty` as a tier's members see it: the fixed points, or the points for
 * every `every`, multiplied (rounded to the nearest whole number) or replaced by the tier's
 * mapping.
 *
 * @param loyalty - The rule's `loyalty`.
 * @param mapping - The tier's mapping for the rule; the rule as it is without one.
 * @returns The `loyalty` with the tier's points.
 */
export function mappedLoyalty(loyalty: EarningRuleLoyalty, mapping?: PointsMapping | null): EarningRuleLoyalty {
  if (!mapping) return loyalty;
  const map = (points: number): number =>
    mapping.type === 'CUSTOM' ? whole(mapping.points) : whole(points * mapping.multiplier);
  if (loyalty.type === 'FIXED') return { ...loyalty, points: map(loyalty.points ?? 0) };
  const group = <G extends Readonly<Record<string, ProportionalLeaf | undefined>>>(
    leaves: G | null | undefined,
  ): G | null | undefined =>
    leaves &&
    (Object.fromEntries(
      Object.entries(leaves).map(([key, leaf]) => [key, leaf && { ...leaf, points: map(leaf.points) }]),
    ) as G);
  // Only the groups the rule has: an absent one stays absent rather than becoming `undefined`.
  const groups = (['order', 'order_items', 'customer', 'custom_event'] as const).flatMap((key) =>
    loyalty[key] === undefined ? [] : [[key, group(loyalty[key])]],
  );
  return { ...loyalty, ...Object.fromEntries(groups) };
}
