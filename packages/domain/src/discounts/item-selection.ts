import {
  type ApplicableToResultList,
  applicableToResultList,
  coveredEntryResult,
  excludedEntryResult,
} from './applicable-to-results.js';
import {
  type ApplicationRulesInput,
  type SelectedLine,
  assignLines,
  scaleLimit,
  selectUnits,
  unitLimit,
  wholeUnits,
} from './applicable-to-selection.js';
import type { OrderAmounts } from './order-amounts.js';

/**
 * One `applicable_to` entry of a discount's validation rule, already matched to the order by the
 * caller (who knows products, SKUs and collections): `matched_item_indices` lists the order
 * lines the entry covers, with excluded lines already left out. The application rules
 * ({@link ApplicationRulesInput}) and caps are the API's fields.
 *
 * @remarks
 * Unit limits (`quantity_limit`, `aggregated_quantity_limit`, `remaining_units`) that are absent
 * or `null` do not limit; otherwise they count whole units, so 0 allows none, as validation rules
 * read them. Money limits (`amount_limit`, `aggregated_amount_limit`) that are absent, `null`, 0
 * or negative do not limit. The campaign, customer and tier unit budgets
 * (`product_*_quantity_limit`) depend on earlier redemptions, so the caller resolves them into
 * `remaining_units`.
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
export interface ApplicableToEntryInput extends ApplicationRulesInput {
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
  /** Indices of the order lines this entry matches (0-based, excluded lines left out); they are reached in request order. */
  readonly matched_item_indices: readonly number[];
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
  /**
   * The lines and units of this entry that the validation rules already selected (see
   * {@link discountItemsFromRules}). When given, they are the entry's coverage: the application
   * rules and unit limits are not applied a second time, `matched_item_indices` is only echoed,
   * and only blocked lines, lines without units and units beyond a line's quantity are left out.
   */
  readonly selected_lines?: readonly SelectedLine[] | null | undefined;
}

/**
 * The order lines a discount may reach, resolved by the caller from the validation rule's
 * `applicable_to` (`included`, `excluded`, `included_all`). A line matched by several included
 * entries belongs to the most specific of them (SKU, then product, then collection), and among
 * equals to the first, as in validation rules.
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
  /**
   * Lines that `included_all` covers and no included entry names, with the units it covers: item
   * effects reach them under no entry's caps, and no entry of `applicable_to` lists them.
   */
  readonly included_all_lines?: readonly SelectedLine[] | null | undefined;
}

/** The lines one entry covers, in the order its application rules reach them. */
export interface EntryCoverage {
  readonly entry: ApplicableToEntryInput;
  readonly lines: readonly SelectedLine[];
}

const checkIndex = (order: OrderAmounts, index: number): number => {
  if (!Number.isInteger(index) || index < 0 || index >= order.items.length) {
    throw new RangeError(
      `order item index ${String(index)} is out of range (the order has ${order.items.length} lines)`,
    );
  }
  return index;
};

/** The entry that reaches every line in request order, when no rule names products. */
const everyLine = (order: OrderAmounts): ApplicableToEntryInput => ({
  object: 'product',
  id: '',
  matched_item_indices: order.items.map((_, index) => index),
});

/** The entry under which the lines of `included_all` are reached: the least specific kind, so any named entry owns a line first. */
const includedAllEntry = (lines: readonly SelectedLine[]): ApplicableToEntryInput => ({
  object: 'products_collection',
  id: '',
  matched_item_indices: [],
  selected_lines: lines,
});

/**
 * Applies the application rules of each entry: which lines and units a discount covers.
 * `applicable` absent means every line, in request order. A line matched by several entries
 * belongs to one of them (see {@link assignLines}). Lines in `blocked` (already discounted under
 * the ONCE products application mode) and lines without units are never covered.
 * `unitLimitFactor` multiplies the entries' `quantity_limit` and `aggregated_quantity_limit`
 * (the number of bundles, for effects whose unit limits scale with bundles). An entry with
 * `selected_lines` is not selected again: its lines are taken as they are (the rules that
 * selected them applied their own limits and bundles), each line once.
 */
export const selectDiscountedUnits = (
  order: OrderAmounts,
  applicable: ApplicableItemsInput | null | undefined,
  blocked: ReadonlySet<number>,
  unitLimitFactor = 1,
): EntryCoverage[] => {
  const rest = applicable?.included_all_lines ?? [];
  const entries: readonly ApplicableToEntryInput[] =
    applicable === null || applicable === undefined
      ? [everyLine(order)]
      : rest.length > 0
        ? [...applicable.included, includedAllEntry(rest)]
        : applicable.included;
  const owners = assignLines(entries, (entry) =>
    (entry.selected_lines?.map((line) => line.index) ?? entry.matched_item_indices).map((index) =>
      checkIndex(order, index),
    ),
  );
  return entries.map((entry, position) => {
    const owned = (index: number): boolean => owners.get(index) === position && !blocked.has(index);
    if (entry.selected_lines !== null && entry.selected_lines !== undefined) {
      const seen = new Set<number>();
      const lines = entry.selected_lines.flatMap((line): SelectedLine[] => {
        const units = Math.min(wholeUnits(line.units), wholeUnits(order.items[line.index]?.quantity ?? 0));
        if (seen.has(line.index) || !owned(line.index) || units <= 0) return [];
        seen.add(line.index);
        return [{ index: line.index, units, first: line.first, step: line.step }];
      });
      return { entry, lines };
    }
    const lines = order.items.flatMap((item, index) =>
      owned(index)
        ? [
            {
              index,
              quantity: item.quantity,
              amount: item.amount,
              price: item.price ?? (item.quantity > 0 ? item.amount / item.quantity : 0),
            },
          ]
        : [],
    );
    const limits = {
      perLine: scaleLimit(unitLimit(entry.quantity_limit), unitLimitFactor),
      total: Math.min(
        scaleLimit(unitLimit(entry.aggregated_quantity_limit), unitLimitFactor),
        unitLimit(entry.remaining_units),
      ),
    };
    return { entry, lines: selectUnits(lines, entry, limits) };
  });
};

/**
 * The `applicable_to` and `inapplicable_to` lists of an item discount: every included entry with
 * the lines and units its application rules covered (whether or not caps left them a discount),
 * and every excluded entry with the lines it matched. The lines of `included_all` are in no entry.
 */
export const applicableToResults = (
  order: OrderAmounts,
  applicable: ApplicableItemsInput | null | undefined,
  coverage: readonly EntryCoverage[],
): { applicable_to: ApplicableToResultList; inapplicable_to: ApplicableToResultList } => {
  if (applicable === null || applicable === undefined)
    return { applicable_to: applicableToResultList([]), inapplicable_to: applicableToResultList([]) };
  const orderUnits = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const listed = new Set(applicable.included);
  const excluded = (applicable.excluded ?? []).map((entry) =>
    excludedEntryResult(
      entry,
      [...new Set(entry.matched_item_indices)]
        .filter((index) => index >= 0 && index < order.items.length)
        .sort((a, b) => a - b),
    ),
  );
  return {
    applicable_to: applicableToResultList(
      coverage
        .filter(({ entry }) => listed.has(entry))
        .map(({ entry, lines }) => coveredEntryResult(entry, lines, orderUnits)),
    ),
    inapplicable_to: applicableToResultList(excluded),
  };
};
