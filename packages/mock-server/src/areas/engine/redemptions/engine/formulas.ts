import {
  type DiscountFormulaEvaluator,
  type FormulaContext,
  type FormulaOrderItemInput,
  type OrderAmounts,
  FORMULA_FIELD_KINDS,
} from '@voucherkit/domain';
import type { Customer } from '../../../customers/customers/store.js';
import { compiled } from './limit-formulas.js';
import { type OrderFrame, lineMetadataOf } from './order-frame.js';
import type { FoundRedeemable } from './redeemables.js';
import type { StackedRequest } from './request.js';

/** What formulas read of a request besides the redeemable and the order (a part of the checks' context). */
export interface FormulaInputs {
  /** The instant of the request, epoch milliseconds. */
  readonly now: number;
  /** The request's customer as stored, if known. */
  readonly customer: Customer | undefined;
  /** The request's metadata (`REDEMPTION_METADATA`). */
  readonly metadata: StackedRequest['metadata'];
  /** The request's order: its lines' and its own metadata. */
  readonly orderFrame?: OrderFrame | undefined;
  /** The project's time zone; UTC without one. */
  readonly timeZone?: string | undefined;
}

/** An order line as formulas read it: the step's amounts, with the metadata of the request's line and of its product. */
const formulaItem = (
  item: OrderAmounts['items'][number],
  index: number,
  context: FormulaInputs,
): FormulaOrderItemInput => {
  const { metadata, productMetadata } = lineMetadataOf(context.orderFrame, index);
  return {
    price: item.price,
    amount: item.amount,
    subtotal_amount: item.subtotal_amount,
    quantity: item.quantity,
    metadata,
    product: productMetadata === undefined ? null : { metadata: productMetadata },
  };
};

/**
 * What a formula reads for a redeemable at this step of the stack: the order as the earlier
 * redeemables left it (amounts, lines and their metadata, the order's metadata), the customer,
 * the voucher or promotion tier, the request's metadata (`REDEMPTION_METADATA`), the instant and
 * the project's time zone.
 */
export const formulaContextOf = (
  found: FoundRedeemable,
  order: OrderAmounts,
  context: FormulaInputs,
): FormulaContext => {
  const { customer } = context;
  return {
    now: context.now,
    ...(context.timeZone === undefined ? {} : { timeZone: context.timeZone }),
    order: {
      amount: order.amount,
      items: order.items.map((item, index) => formulaItem(item, index, context)),
      metadata: context.orderFrame?.metadata ?? null,
    },
    customer:
      customer === undefined
        ? null
        : {
            metadata: customer.metadata ?? null,
            birthdate: (customer as { birthdate?: string | null }).birthdate ?? null,
          },
    ...(found.object === 'voucher'
      ? {
          voucher: {
            metadata: found.voucher.metadata ?? null,
            start_date: found.voucher.start_date ?? null,
            expiration_date: found.voucher.expiration_date ?? null,
            redemption: found.voucher.redemption ?? null,
            publish: found.voucher.publish ?? null,
          },
        }
      : {
          promotionTier: {
            metadata: found.tier.metadata ?? null,
            start_date: found.tier.start_date ?? null,
            expiration_date: found.tier.expiration_date ?? null,
          },
        }),
    redemption: { metadata: context.metadata ?? null },
  };
};

/**
 * The domain's evaluator of discount formulas (`amount_off_formula`, `percent_off_formula`,
 * `price_formula` …) for a redeemable, on {@link formulaContextOf} with the order of the step the
 * discount computes on, and for `price_formula` the line priced. A formula without a value gives `undefined`, so the static value
 * applies.
 */
export const discountFormulaEvaluator = (found: FoundRedeemable, context: FormulaInputs): DiscountFormulaEvaluator => {
  let base: FormulaContext | undefined;
  return (text, { field, order, item_index }) => {
    const formula = compiled(text);
    if (formula === undefined) return undefined;
    // Built on the first formula only: most discounts have none.
    base ??= formulaContextOf(found, order, context);
    const items = order.items.map((item, index) => formulaItem(item, index, context));
    const value = formula.value(
      {
        ...base,
        order: { ...base.order, amount: order.amount, items },
        ...(item_index === undefined ? {} : { item: items[item_index] ?? null }),
      },
      { kind: FORMULA_FIELD_KINDS[`${field}_formula`], fallback: Number.NaN },
    );
    return Number.isFinite(value) ? value : undefined;
  };
};
