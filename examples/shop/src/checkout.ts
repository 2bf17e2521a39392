import type { VoucherkitClient } from '@voucherkit/client';

/** What the shop's checkout charges for a cart, and which codes it took. */
export interface CheckoutResult {
  /** The amount charged, in cents. */
  readonly charged: number;
  /** The codes redeemed. */
  readonly applied: readonly string[];
  /** Codes the service refused, with its reason (`quantity_exceeded` …); none is redeemed then. */
  readonly refused: readonly { readonly code: string; readonly reason: string }[];
}

/** The error key of a refused redeemable's result, when it has one. */
const reasonOf = (result: unknown): string | undefined => {
  const error = (result as { error?: { key?: unknown } } | undefined)?.error;
  return typeof error?.key === 'string' ? error.key : undefined;
};

/**
 * Charges a customer's cart with the codes they entered: validates the codes together first,
 * and redeems them only when every one of them applies, so that a refused code never uses up the
 * others. Amounts are in cents.
 */
export const checkout = async (
  client: VoucherkitClient,
  cart: { readonly customer: string; readonly amount: number; readonly codes: readonly string[] },
): Promise<CheckoutResult> => {
  const request = {
    customer: { source_id: cart.customer },
    order: { amount: cart.amount },
    redeemables: cart.codes.map((code) => ({ object: 'voucher' as const, id: code })),
  };
  if (cart.codes.length === 0) return { charged: cart.amount, applied: [], refused: [] };
  const validation = await client.validations.validateStackable(request);
  if (!validation.valid) {
    const refused = (validation.redeemables ?? []).flatMap((redeemable) =>
      redeemable.status === 'APPLICABLE'
        ? []
        : [{ code: redeemable.id ?? '', reason: reasonOf(redeemable.result) ?? redeemable.status ?? 'refused' }],
    );
    return { charged: cart.amount, applied: [], refused };
  }
  const redemption = await client.redemptions.redeemStackable(request);
  return { charged: redemption.order?.total_amount ?? cart.amount, applied: [...cart.codes], refused: [] };
};
