import type { UnitDiscountEffect } from './definition.js';
import { partOfAmount, roundToInteger } from './rounding.js';
import type { OrderDraft } from './order-amounts.js';

/**
 * What the caller knows about one free product of a `UNIT` discount (keyed by its `unit_type`):
 * which order lines hold it and, when the order lacks it, its catalogue price.
 *
 * @remarks
 * For `ADD_SAME_ITEMS`, whose `unit_type` is a collection, `matched_item_indices` lists the
 * ordered lines that belong to the collection. When a line holds the product, its own price is
 * used; `price` prices units the discount adds to a new line. Without any price, units are added
 * to the quantity only, and neither the amount nor the discount change.
 *
 * @example
 * ```ts
 * const mug: FreeItemInput = { matched_item_indices: [0], price: 1000 };
 * ```
 */
export interface FreeItemInput {
  /** Indices of the order lines that hold the product or SKU (0-based, request order). */
  readonly matched_item_indices: readonly number[];
  /** Catalogue unit price of the product, in minor units, for units added on a new line. */
  readonly price?: number | null | undefined;
}

/** The value of `units` free units of a line: at its price, else its share of the line amount. */
const freeValue = (draft: OrderDraft, index: number, units: number, price: number | null): number => {
  const line = draft.lines[index];
  if (line === undefined || units <= 0) return 0;
  if (price !== null) return price * units;
  return partOfAmount(line.amount, units, line.quantity);
};

/**
 * Gives `units` free units of one product under a `UNIT` effect, changing the draft: units are
 * added where the effect says, their value (when the price is known) raises the amount, and the
 * same value comes off the line as an item discount.
 */
export const giveFreeUnits = (
  draft: OrderDraft,
  unitType: string,
  units: number,
  effect: UnitDiscountEffect,
  target: FreeItemInput | undefined,
): void => {
  const matched = [...new Set(target?.matched_item_indices ?? [])];
  for (const index of matched) {
    if (!Number.isInteger(index) || index < 0 || index >= draft.lines.length) {
      throw new RangeError(
        `order item index ${String(index)} is out of range (the order has ${draft.lines.length} lines)`,
      );
    }
  }
  const catalogue = target?.price === null || target?.price === undefined ? null : roundToInteger(target.price);
  const priceOf = (index: number): number | null => draft.lines[index]?.price ?? catalogue;
  if (units <= 0) return;

  /** Adds `count` units to a line and makes them free. */
  const addFree = (index: number, count: number): void => {
    const price = priceOf(index);
    draft.addUnits(index, count, price);
    draft.discountLine(index, price === null ? 0 : price * count, count);
  };
  const newLine = (): number =>
    draft.addLine(unitType.startsWith('sku_') ? { sku_id: unitType } : { product_id: unitType }, catalogue);

  switch (effect) {
    case 'ADD_NEW_ITEMS':
      addFree(matched[0] ?? newLine(), units);
      break;
    case 'ADD_SAME_ITEMS':
      for (const index of matched) addFree(index, units);
      break;
    case 'ADD_MISSING_ITEMS': {
      const held = matched.reduce((sum, index) => sum + (draft.lines[index]?.quantity ?? 0), 0);
      const missing = Math.max(0, units - held);
      if (missing > 0) {
        const index = matched[0] ?? newLine();
        draft.addUnits(index, missing, priceOf(index));
        if (!matched.includes(index)) matched.push(index);
      }
      // The free units are the first `units` units of the product's lines, added ones included.
      let left = units;
      for (const index of matched) {
        const count = Math.min(left, draft.lines[index]?.quantity ?? 0);
        if (count <= 0) continue;
        draft.discountLine(index, freeValue(draft, index, count, priceOf(index)), count);
        left -= count;
        if (left === 0) break;
      }
      break;
    }
  }
};
