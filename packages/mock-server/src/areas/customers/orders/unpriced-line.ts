import type { OrderItemAmounts } from '@voucherkit/domain';

/** The fields of a line that hold money, or units a discount touched. */
const AMOUNT_FIELDS = [
  'discount_quantity',
  'applied_discount_quantity',
  'amount',
  'initial_amount',
  'discount_amount',
  'applied_discount_amount',
  'applied_quantity_amount',
  'subtotal_amount',
] as const;

/**
 * An order line as the service shows one sent without a price or an amount: its ids, quantities
 * and `object`, without amounts, which it cannot know, and without discounted units (the service's
 * own answers leave them out; the mock computed them as 0). A line with a price or an amount, or
 * one a discount touched, is shown whole.
 *
 * @param line - The line as built for an answer.
 * @param amounts - Its computed amounts.
 * @returns The line, or a copy without its amounts.
 */
export const withoutUnknownAmounts = <Line extends object>(line: Line, amounts: OrderItemAmounts): Line => {
  if (amounts.price !== null || AMOUNT_FIELDS.some((field) => amounts[field] !== 0)) return line;
  const unknown = new Set<string>(AMOUNT_FIELDS);
  return Object.fromEntries(Object.entries(line).filter(([field]) => !unknown.has(field))) as Line;
};
