import type { ApplicableToResult } from './applicable-to-results.js';
import type { SelectedLine } from './applicable-to-selection.js';
import type { ApplicableItemsInput, ApplicableToEntryInput } from './item-selection.js';
import type { ApplicableToResolution, CoveredLine } from '../rules/applicable-to.js';

/** The entry's fields as the rule wrote them, without the lines of this order. */
const entryInput = (result: ApplicableToResult, selected?: readonly SelectedLine[]): ApplicableToEntryInput => {
  const { order_item_indices, order_item_units: _units, ...fields } = result;
  return selected === undefined
    ? { ...fields, matched_item_indices: order_item_indices }
    : { ...fields, matched_item_indices: order_item_indices, selected_lines: selected };
};

const selectedLine = ({ index, units, first, step }: CoveredLine): SelectedLine => ({ index, units, first, step });

/**
 * The lines and units a discount may reach under a validation rule set, from what the rules
 * resolved on the order (`applicable` of a passing {@link compileValidationRules} or
 * {@link evaluateValidationRules} result), in the form the discount calculation takes
 * (`applicable_to` of {@link DiscountStepInput}).
 *
 * @remarks
 * - The units are selected once, by the rules: each included entry carries the units the rules
 *   covered for it (`selected_lines`), which the discount takes as they are, so application
 *   rules (`effect`, `skip_initially`, `repeat`), unit limits and budgets are not applied a
 *   second time. The entry keeps the fields written in the rule, so the money limits
 *   (`amount_limit`, `aggregated_amount_limit`) and the new price of `FIXED` (`price`,
 *   `price_formula`) still apply, and the discount's `applicable_to` lists the same entries.
 * - Excluded entries are echoed in `inapplicable_to`; lines that `included_all` covers and no
 *   entry names are reached in full, under no entry.
 * - A rule set that names no product, SKU or collection (no `applicable_to`, or `included_all`
 *   alone) gives `undefined`: every line, as without rules.
 * - The resolution must have been made on the order the discount applies to (same lines in the
 *   same order).
 *
 * @param resolution - What the rules resolved on the order.
 * @returns The discount's `applicable_to`, or `undefined` for every line.
 * @example
 * ```ts
 * const { applicable_to } = parseValidationRules({
 *   applicable_to: { included: [{ object: 'product', id: 'prod_mug' }], excluded: [], included_all: false },
 * });
 * const items = [{ product_id: 'prod_mug', price: 1000, quantity: 2 }, { product_id: 'prod_tee', price: 2000, quantity: 1 }];
 * const step = { discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' }, applicable_to: discountItemsFromRules(resolveApplicableTo(applicable_to, items)) } as const;
 * applyDiscount(calculateOrderAmounts({ items }), step).order.items.map((item) => item.applied_discount_amount); // [200, 0]
 * ```
 */
export function discountItemsFromRules(resolution: ApplicableToResolution): ApplicableItemsInput | undefined {
  const { applicable_to, inapplicable_to, covered } = resolution;
  if (applicable_to.data.length === 0 && inapplicable_to.data.length === 0) return undefined;
  // The resolution lists the included entries in the rule's order; `covered[].entry` points into it.
  const byEntry = new Map<number | undefined, SelectedLine[]>();
  for (const line of covered) {
    const lines = byEntry.get(line.entry) ?? [];
    lines.push(selectedLine(line));
    byEntry.set(line.entry, lines);
  }
  const rest = byEntry.get(undefined) ?? [];
  return {
    included: applicable_to.data.map((result, position) => entryInput(result, byEntry.get(position) ?? [])),
    excluded: inapplicable_to.data.map((result) => entryInput(result)),
    ...(rest.length > 0 ? { included_all_lines: rest } : {}),
  };
}
