import type { ApplicableToEffect, SelectedLine } from './applicable-to-selection.js';

/**
 * The units of one order line that a discount covered.
 *
 * @remarks
 * When the order holds more than 1000 units in all, the service lists no unit
 * numbers: `units` is left out and `units_limit_exceeded` is `true` (the discount itself still
 * covers every unit it should).
 *
 * @example
 * ```ts
 * const units: OrderItemUnits = { index: 1, units: [1, 3, 5] };
 * const many: OrderItemUnits = { index: 0, units_limit_exceeded: true };
 * ```
 */
export interface OrderItemUnits {
  /** Index of the order line (0-based). */
  readonly index: number;
  /** Numbers of the covered units in the line, counted from 1; absent when the order has more than 1000 units. */
  readonly units?: readonly number[];
  /** `true` when the order has more than 1000 units, so no unit numbers are listed. */
  readonly units_limit_exceeded?: true;
}

/**
 * An `applicable_to` or `inapplicable_to` entry of a validation, redemption or discount result:
 * the entry's own fields as the rule set or the caller gave them (those that are set), with the
 * lines and units it covered or excluded.
 *
 * @example
 * ```ts
 * const entry: ApplicableToResult = { object: 'product', id: 'prod_mug', order_item_indices: [0], order_item_units: [{ index: 0, units: [1, 2] }] };
 * ```
 */
export interface ApplicableToResult {
  /** Kind of the object. */
  readonly object: 'product' | 'sku' | 'products_collection';
  /** Id of the product, SKU or collection. */
  readonly id: string;
  /** The caller's own id of the product or SKU. */
  readonly source_id?: string;
  /** For a SKU, its product's id. */
  readonly product_id?: string;
  /** For a SKU, its product's own id. */
  readonly product_source_id?: string;
  /** Whether the entry matches only the product itself, not its SKUs, as the rule set says. */
  readonly strict?: boolean;
  /** The application rule's effect (a validation rule set's included entries always carry it). */
  readonly effect?: ApplicableToEffect;
  /** What skipping and repeating count. */
  readonly target?: 'ITEM' | 'UNIT';
  /** Items or units skipped first. */
  readonly skip_initially?: number;
  /** Discount every this many items or units. */
  readonly repeat?: number;
  /** Most units per line. */
  readonly quantity_limit?: number;
  /** Most units across lines. */
  readonly aggregated_quantity_limit?: number;
  /** Most discount per line. */
  readonly amount_limit?: number;
  /** Most discount across lines. */
  readonly aggregated_amount_limit?: number;
  /** New unit price of a `FIXED` discount. */
  readonly price?: number;
  /** Formula of the new unit price. */
  readonly price_formula?: string;
  /** Most units of the entry discounted over the campaign. */
  readonly product_campaign_quantity_limit?: number;
  /** Formula of `product_campaign_quantity_limit`. */
  readonly product_campaign_quantity_limit_formula?: string;
  /** Most units of the entry discounted for one customer over the campaign. */
  readonly product_customer_campaign_quantity_limit?: number;
  /** Formula of `product_customer_campaign_quantity_limit`. */
  readonly product_customer_campaign_quantity_limit_formula?: string;
  /** Most units of each product of the collection discounted over the campaign. */
  readonly product_in_collection_campaign_quantity_limit?: number;
  /** Formula of `product_in_collection_campaign_quantity_limit`. */
  readonly product_in_collection_campaign_quantity_limit_formula?: string;
  /** Most units of each product of the collection discounted for one customer over the campaign. */
  readonly product_in_collection_customer_campaign_quantity_limit?: number;
  /** Formula of `product_in_collection_customer_campaign_quantity_limit`. */
  readonly product_in_collection_customer_campaign_quantity_limit_formula?: string;
  /** Most units of the entry discounted over the promotion tier. */
  readonly product_promotion_tier_quantity_limit?: number;
  /** Formula of `product_promotion_tier_quantity_limit`. */
  readonly product_promotion_tier_quantity_limit_formula?: string;
  /** Most units of the entry discounted for one customer over the promotion tier. */
  readonly product_customer_promotion_tier_quantity_limit?: number;
  /** Formula of `product_customer_promotion_tier_quantity_limit`. */
  readonly product_customer_promotion_tier_quantity_limit_formula?: string;
  /** Most units of each product of the collection discounted over the promotion tier. */
  readonly product_in_collection_promotion_tier_quantity_limit?: number;
  /** Formula of `product_in_collection_promotion_tier_quantity_limit`. */
  readonly product_in_collection_promotion_tier_quantity_limit_formula?: string;
  /** Most units of each product of the collection discounted for one customer over the promotion tier. */
  readonly product_in_collection_customer_promotion_tier_quantity_limit?: number;
  /** Formula of `product_in_collection_customer_promotion_tier_quantity_limit`. */
  readonly product_in_collection_customer_promotion_tier_quantity_limit_formula?: string;
  /**
   * In `applicable_to`, the lines the application rules covered, in the order the discount
   * reached them; in `inapplicable_to`, the lines the entry excludes, ascending.
   */
  readonly order_item_indices: readonly number[];
  /** The units covered in each covered line, in the same order; absent in `inapplicable_to`. */
  readonly order_item_units?: readonly OrderItemUnits[];
}

/**
 * A list of {@link ApplicableToResult}s, shaped as the API's `ApplicableToResultList`.
 *
 * @example
 * ```ts
 * const none: ApplicableToResultList = { object: 'list', data_ref: 'data', data: [], total: 0 };
 * ```
 */
export interface ApplicableToResultList {
  /** Always `list`. */
  readonly object: 'list';
  /** Always `data`. */
  readonly data_ref: 'data';
  /** The entries. */
  readonly data: readonly ApplicableToResult[];
  /** Number of entries. */
  readonly total: number;
}

/**
 * Most units an order may hold in all for `order_item_units` to list unit numbers; above it the
 * lists are replaced by `units_limit_exceeded: true`, as the service does.
 */
export const MAX_LISTED_UNITS = 1000;

type EchoedField = Exclude<keyof ApplicableToResult, 'object' | 'id' | 'order_item_indices' | 'order_item_units'>;

/** Every field of an entry that results echo; the compiler keeps it in step with {@link ApplicableToResult}. */
const ECHOED: Readonly<Record<EchoedField, true>> = {
  source_id: true,
  product_id: true,
  product_source_id: true,
  strict: true,
  effect: true,
  target: true,
  skip_initially: true,
  repeat: true,
  quantity_limit: true,
  aggregated_quantity_limit: true,
  amount_limit: true,
  aggregated_amount_limit: true,
  price: true,
  price_formula: true,
  product_campaign_quantity_limit: true,
  product_campaign_quantity_limit_formula: true,
  product_customer_campaign_quantity_limit: true,
  product_customer_campaign_quantity_limit_formula: true,
  product_in_collection_campaign_quantity_limit: true,
  product_in_collection_campaign_quantity_limit_formula: true,
  product_in_collection_customer_campaign_quantity_limit: true,
  product_in_collection_customer_campaign_quantity_limit_formula: true,
  product_promotion_tier_quantity_limit: true,
  product_promotion_tier_quantity_limit_formula: true,
  product_customer_promotion_tier_quantity_limit: true,
  product_customer_promotion_tier_quantity_limit_formula: true,
  product_in_collection_promotion_tier_quantity_limit: true,
  product_in_collection_promotion_tier_quantity_limit_formula: true,
  product_in_collection_customer_promotion_tier_quantity_limit: true,
  product_in_collection_customer_promotion_tier_quantity_limit_formula: true,
};
const ECHOED_FIELDS: ReadonlySet<string> = new Set(Object.keys(ECHOED));

/** An entry as a caller or a rule set gives it: its kind and id, and any of the echoed fields. */
export type EchoableEntry = { readonly object: ApplicableToResult['object']; readonly id: string } & Readonly<
  Partial<Record<EchoedField, unknown>>
>;

/**
 * A result entry: the entry's echoed fields that are set, in its order (fields only the caller
 * knows, such as matched lines or budgets left, are left out), and the lines it covered or excluded.
 */
const resultEntry = (
  entry: EchoableEntry,
  lines: Pick<ApplicableToResult, 'order_item_indices' | 'order_item_units'>,
): ApplicableToResult => {
  const result: Record<string, unknown> = { object: entry.object, id: entry.id };
  for (const field in entry) {
    const value = (entry as Readonly<Record<string, unknown>>)[field];
    if (value !== null && value !== undefined && ECHOED_FIELDS.has(field)) result[field] = value;
  }
  result.order_item_indices = lines.order_item_indices;
  if (lines.order_item_units !== undefined) result.order_item_units = lines.order_item_units;
  return Object.freeze(result as unknown as ApplicableToResult);
};

const numberUnits = ({ units, first, step }: SelectedLine): readonly number[] => {
  const numbers: number[] = [];
  for (let n = 0; n < units; n += 1) numbers.push(first + n * step);
  return Object.freeze(numbers);
};

/**
 * An `applicable_to` entry: the lines and units the application rules reached, in the order they
 * reached them. Units are numbered when the order holds at most {@link MAX_LISTED_UNITS} units;
 * above that each line says `units_limit_exceeded`.
 */
export const coveredEntryResult = (
  entry: EchoableEntry,
  lines: readonly SelectedLine[],
  orderUnits: number,
): ApplicableToResult => {
  const numbered = orderUnits <= MAX_LISTED_UNITS;
  return resultEntry(entry, {
    order_item_indices: Object.freeze(lines.map((line) => line.index)),
    order_item_units: Object.freeze(
      lines.map(
        (line): OrderItemUnits =>
          numbered
            ? Object.freeze({ index: line.index, units: numberUnits(line) })
            : Object.freeze({ index: line.index, units_limit_exceeded: true as const }),
      ),
    ),
  });
};

/** An `inapplicable_to` entry: the lines the entry excludes, given ascending. */
export const excludedEntryResult = (entry: EchoableEntry, indices: readonly number[]): ApplicableToResult =>
  resultEntry(entry, { order_item_indices: Object.freeze([...indices]) });

/** Wraps entries in the API's list shape. */
export const applicableToResultList = (data: readonly ApplicableToResult[]): ApplicableToResultList =>
  Object.freeze({ object: 'list', data_ref: 'data', data: Object.freeze([...data]), total: data.length });
