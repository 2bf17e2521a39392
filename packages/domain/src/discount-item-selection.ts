import type { OrderAmounts } from './order-amounts.js';

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
 * One `applicable_to` entry of a discount's validation rule, already matched to the order by the
 * caller (who knows products, SKUs and collections): `matched_item_indices` lists the order
 * lines the entry covers, with excluded lines already left out. The application rules and caps
 * are the API's fields.
 *
 * @remarks
 * Limits that are absent, `null`, 0 or negative do not limit. The campaign, customer and tier
 * unit budgets (`product_*_quantity_limit`) depend on earlier redemptions, so the caller resolves
 * them into `remaining_units`.
 *
 * @example
 * ```ts
 * const adventure: ApplicableToEntryInput = {
 *   object: 'products_collection',
 *   id: 'pc_adventure',
 *   effect: 'APPLY_FROM_MOST_EXPENSIVE',
 *   skip_initially: 1,
 *   repeat: 2,
 *   matched_item_indices: [0, 1, 2, 3],
 * };
 * ```
 */
export interface ApplicableToEntryInput {
  /** Kind of the covered object. */
  readonly object: 'product' | 'sku' | 'products_collection';
  /** Id of the product, SKU or collection. */
  readonly id: string;
  /** The caller's own id of the product or SKU; echoed in results. */
  readonly source_id?: string | null | undefined;
  /** For a SKU, its product's id; echoed in results. */
  readonly product_id?: string | null | undefined;
  /** For a SKU, its product's own id; echoed in results. */
  readonly product_source_id?: string | null | undefined;
  /** Indices of the order lines this entry matches (0-based, request order, excluded lines left out). */
  readonly matched_item_indices: readonly number[];
  /** Which matching items the discount reaches; `APPLY_TO_EVERY` when absent. */
  readonly effect?: ApplicableToEffect | null | undefined;
  /** What `skip_initially` and `repeat` count: lines (`ITEM`, the default) or units (`UNIT`). */
  readonly target?: 'ITEM' | 'UNIT' | null | undefined;
  /** Items or units left undiscounted before the first discounted one. */
  readonly skip_initially?: number | null | undefined;
  /** After the skipped ones, discount every this many items or units, starting with the first. */
  readonly repeat?: number | null | undefined;
  /** Most units discounted in each line. */
  readonly quantity_limit?: number | null | undefined;
  /** Most units discounted across the entry's lines. */
  readonly aggregated_quantity_limit?: number | null | undefined;
  /** Most discount for each line, in minor units. */
  readonly amount_limit?: number | null | undefined;
  /** Most discount across the entry's lines, in minor units. */
  readonly aggregated_amount_limit?: number | null | undefined;
  /** New unit price for a `FIXED` discount on items, in minor units. */
  readonly price?: number | null | undefined;
  /** Formula for `price`; `price` is the fallback. */
  readonly price_formula?: string | null | undefined;
  /** Units the campaign, customer and tier budgets still allow, resolved by the caller. */
  readonly remaining_units?: number | null | undefined;
}

/**
 * The order lines a discount may reach, resolved by the caller from the validation rule's
 * `applicable_to` (`included`, `excluded`, `included_all`). A line matched by several included
 * entries belongs to the first of them.
 *
 * @example
 * ```ts
 * const items: ApplicableItemsInput = {
 *   included: [{ object: 'products_collection', id: 'pc_adventure', matched_item_indices: [0, 1, 2] }],
 *   excluded: [{ object: 'product', id: 'prod_bottle', matched_item_indices: [3] }],
 * };
 * ```
 */
export interface ApplicableItemsInput {
  /** The covered entries, in the rule's order. For `included_all`, one entry matching every line. */
  readonly included: readonly ApplicableToEntryInput[];
  /** The excluded entries; only echoed in `inapplicable_to`. */
  readonly excluded?: readonly ApplicableToEntryInput[] | null | undefined;
}

/**
 * The units of one order line that a discount covered.
 *
 * @remarks
 * When the order holds more than {@link MAX_LISTED_UNITS} units in all, the service lists no unit
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
 * An `applicable_to` or `inapplicable_to` entry of a validation or redemption result: the entry's
 * own fields, with the lines and units it covered.
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
  /** The application rule's effect. */
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
  /**
   * The lines the application rules covered, in the order the discount reached them (in
   * `applicable_to`), or the lines the entry matched, ascending (in `inapplicable_to`).
   */
  readonly order_item_indices: readonly number[];
  /** The units covered in each covered line, in the same order; empty in `inapplicable_to`. */
  readonly order_item_units: readonly OrderItemUnits[];
}

/**
 * A list of {@link ApplicableToResult}s (or of the validation rules' entries), shaped as the API's
 * `ApplicableToResultList`.
 *
 * @example
 * ```ts
 * const none: ApplicableToResultList = { object: 'list', data_ref: 'data', data: [], total: 0 };
 * ```
 */
export interface ApplicableToResultList<Entry = ApplicableToResult> {
  /** Always `list`. */
  readonly object: 'list';
  /** Always `data`. */
  readonly data_ref: 'data';
  /** The entries. */
  readonly data: readonly Entry[];
  /** Number of entries. */
  readonly total: number;
}

/**
 * Most units an order may hold in all for `order_item_units` to list unit numbers; above it the
 * lists are replaced by `units_limit_exceeded: true`, as the service does.
 *
 * @example
 * ```ts
 * MAX_LISTED_UNITS; // 1000
 * ```
 */
export const MAX_LISTED_UNITS = 1000;

/** The covered units of one line: `count` units numbered `first`, `first + step`, … (1-based). */
export interface LineCoverage {
  readonly index: number;
  readonly units: number;
  readonly first: number;
  readonly step: number;
}

/** The lines one entry covers, in the order its application rule visits them. */
export interface EntryCoverage {
  readonly entry: ApplicableToEntryInput;
  readonly lines: readonly LineCoverage[];
}

/** A limit as a number of units or money: absent, null, 0 and negative mean no limit. */
export const limitOf = (value: number | null | undefined): number =>
  typeof value === 'number' && value > 0 ? Math.floor(value) : Number.POSITIVE_INFINITY;

/** A limit multiplied by a factor (a number of bundles); no limit stays no limit. */
export const scaleLimit = (limit: number, factor: number): number => (Number.isFinite(limit) ? limit * factor : limit);

const unitPrice = (order: OrderAmounts, index: number): number => {
  const item = order.items[index];
  if (item === undefined) return 0;
  if (item.price !== null) return item.price;
  return item.quantity > 0 ? item.amount / item.quantity : 0;
};

const checkIndex = (order: OrderAmounts, index: number): void => {
  if (!Number.isInteger(index) || index < 0 || index >= order.items.length) {
    throw new RangeError(`order item index ${String(index)} is out of range (the order has ${order.items.length} lines)`);
  }
};

/**
 * Applies the application rules of each entry: which lines and units a discount covers.
 * `applicable` absent means every line, in request order. Lines in `blocked` (already discounted
 * under the ONCE products application mode) and lines without units are never covered.
 * `unitLimitFactor` multiplies the entries' `quantity_limit` and `aggregated_quantity_limit`
 * (the number of bundles, for effects whose unit limits scale with bundles).
 */
export const selectDiscountedUnits = (
  order: OrderAmounts,
  applicable: ApplicableItemsInput | null | undefined,
  blocked: ReadonlySet<number>,
  unitLimitFactor = 1,
): EntryCoverage[] => {
  const entries: readonly ApplicableToEntryInput[] = applicable?.included ?? [
    { object: 'product', id: '', matched_item_indices: order.items.map((_, index) => index) },
  ];
  const claimed = new Set<number>();
  return entries.map((entry) => {
    const lines: number[] = [];
    for (const index of entry.matched_item_indices) {
      checkIndex(order, index);
      if (claimed.has(index)) continue;
      claimed.add(index);
      if (!blocked.has(index) && (order.items[index]?.quantity ?? 0) > 0) lines.push(index);
    }
    const effect = entry.effect ?? 'APPLY_TO_EVERY';
    if (effect !== 'APPLY_TO_EVERY') {
      const direction = effect === 'APPLY_TO_CHEAPEST' || effect === 'APPLY_FROM_CHEAPEST' ? 1 : -1;
      // Stable: lines of the same unit price keep their request order.
      lines.sort((a, b) => direction * (unitPrice(order, a) - unitPrice(order, b)));
    }
    const single = effect === 'APPLY_TO_CHEAPEST' || effect === 'APPLY_TO_MOST_EXPENSIVE';
    const byUnit = entry.target === 'UNIT';
    const skip = Math.max(0, Math.floor(entry.skip_initially ?? 0));
    const repeat = Math.max(1, Math.floor(entry.repeat ?? 1));
    const perLine = scaleLimit(limitOf(entry.quantity_limit), unitLimitFactor);
    let left = Math.min(scaleLimit(limitOf(entry.aggregated_quantity_limit), unitLimitFactor), limitOf(entry.remaining_units));
    if (typeof entry.remaining_units === 'number' && entry.remaining_units <= 0) left = 0;

    const covered: LineCoverage[] = [];
    let position = 0;
    for (const index of lines) {
      if (left <= 0) break;
      const quantity = order.items[index]?.quantity ?? 0;
      let units: number;
      let first = 1;
      let step = 1;
      if (byUnit) {
        const start = position;
        const end = position + quantity;
        position = end;
        const from = Math.max(start, skip);
        const firstPosition = skip + Math.ceil((from - skip) / repeat) * repeat;
        const available = firstPosition < end ? Math.floor((end - 1 - firstPosition) / repeat) + 1 : 0;
        units = Math.min(available, perLine, left, single ? 1 : Number.POSITIVE_INFINITY);
        first = firstPosition - start + 1;
        step = repeat;
      } else {
        const hit = position >= skip && (position - skip) % repeat === 0;
        position += 1;
        units = hit ? Math.min(quantity, perLine, left) : 0;
      }
      if (units <= 0) continue;
      covered.push({ index, units, first, step });
      left -= units;
      if (single) break;
    }
    return { entry, lines: covered };
  });
};

type EchoedField = Exclude<keyof ApplicableToResult, 'object' | 'id' | 'order_item_indices' | 'order_item_units'>;

const ECHOED_FIELDS: readonly EchoedField[] = [
  'source_id',
  'product_id',
  'product_source_id',
  'effect',
  'target',
  'skip_initially',
  'repeat',
  'quantity_limit',
  'aggregated_quantity_limit',
  'amount_limit',
  'aggregated_amount_limit',
  'price',
  'price_formula',
];

/** The entry's own fields that are set, without the caller-only ones. */
const echoEntry = (entry: ApplicableToEntryInput): Omit<ApplicableToResult, 'order_item_indices' | 'order_item_units'> => {
  const echoed: Record<string, unknown> = { object: entry.object, id: entry.id };
  for (const field of ECHOED_FIELDS) {
    const value = entry[field];
    if (value !== null && value !== undefined) echoed[field] = value;
  }
  return echoed as Omit<ApplicableToResult, 'order_item_indices' | 'order_item_units'>;
};

/** Wraps entries in the API's list shape. */
export const resultList = (data: readonly ApplicableToResult[]): ApplicableToResultList =>
  Object.freeze({ object: 'list', data_ref: 'data', data: Object.freeze([...data]), total: data.length });

/**
 * The `order_item_units` of covered lines, in the order the discount reached them; without unit
 * numbers when the order holds more than {@link MAX_LISTED_UNITS} units.
 */
const listUnits = (lines: readonly LineCoverage[], tooMany: boolean): OrderItemUnits[] =>
  lines.map((line) =>
    tooMany
      ? Object.freeze({ index: line.index, units_limit_exceeded: true as const })
      : Object.freeze({ index: line.index, units: Object.freeze(Array.from({ length: line.units }, (_, n) => line.first + n * line.step)) }),
  );

/**
 * The `applicable_to` and `inapplicable_to` lists of an item discount: every included entry with
 * the lines and units its application rules covered (whether or not caps left them a discount),
 * and every excluded entry with the lines it matched.
 */
export const applicableToResults = (
  order: OrderAmounts,
  applicable: ApplicableItemsInput | null | undefined,
  coverage: readonly EntryCoverage[],
): { applicable_to: ApplicableToResultList; inapplicable_to: ApplicableToResultList } => {
  if (applicable === null || applicable === undefined) return { applicable_to: resultList([]), inapplicable_to: resultList([]) };
  const tooMany = order.items.reduce((sum, item) => sum + item.quantity, 0) > MAX_LISTED_UNITS;
  const included = coverage.map(({ entry, lines }) =>
    Object.freeze({
      ...echoEntry(entry),
      order_item_indices: Object.freeze(lines.map((line) => line.index)),
      order_item_units: Object.freeze(listUnits(lines, tooMany)),
    }),
  );
  const excluded = (applicable.excluded ?? []).map((entry) =>
    Object.freeze({
      ...echoEntry(entry),
      order_item_indices: Object.freeze(
        [...new Set(entry.matched_item_indices)].filter((index) => index >= 0 && index < order.items.length).sort((a, b) => a - b),
      ),
      order_item_units: Object.freeze([]),
    }),
  );
  return { applicable_to: resultList(included), inapplicable_to: resultList(excluded) };
};
