/**
 * What a formula can read: the evaluation context the caller builds from the request and the
 * stored objects, and how each operand and metadata reader finds its value in it. Money is read
 * in the API's minor units and handed to the formula in major units (2000 → 20).
 */
import type { FormulaMetadataReader, FormulaOperandName } from './ast.js';
import { FormulaDate, readFormulaDate } from './dates.js';
import { toMajorUnits } from './rounding.js';
import type { ZoneCalendar } from '../filters/time.js';

/**
 * Custom attributes, as the API sends them.
 *
 * @example
 * ```ts
 * const metadata: FormulaMetadata = { store_city: 'Boston', visits: 12 };
 * ```
 */
export type FormulaMetadata = Readonly<Record<string, unknown>>;

/**
 * An order line, with the fields of the API's order item that formulas read. Money in minor units.
 *
 * @example
 * ```ts
 * const item: FormulaOrderItemInput = { price: 2000, quantity: 2, amount: 4000, metadata: { size: 'M' } };
 * ```
 */
export interface FormulaOrderItemInput {
  /** Unit price. When absent, `amount / quantity`. */
  readonly price?: number | null | undefined;
  /** Line amount before discounts. When absent, `price × quantity`. */
  readonly amount?: number | null | undefined;
  /** Line amount after the discounts applied so far in a stack. When absent, `amount`. */
  readonly subtotal_amount?: number | null | undefined;
  /** Units on the line. When absent, the line counts as one unit. */
  readonly quantity?: number | null | undefined;
  /** The line's metadata (`ORDER_ITEM_METADATA`). */
  readonly metadata?: FormulaMetadata | null | undefined;
  /** The product, for `ORDER_ITEM_PRODUCT_METADATA`. */
  readonly product?: { readonly metadata?: FormulaMetadata | null | undefined } | null | undefined;
}

/**
 * The order being validated or redeemed. Money in minor units.
 *
 * @example
 * ```ts
 * const order: FormulaOrderInput = { amount: 17500, items: [{ price: 1000, quantity: 2 }], metadata: { channel: 'web' } };
 * ```
 */
export interface FormulaOrderInput {
  /** The order amount (`ORDER_AMOUNT`). When absent, the sum of the lines' amounts. */
  readonly amount?: number | null | undefined;
  /** The lines; the cheapest and most expensive are chosen among those with a price. */
  readonly items?: readonly FormulaOrderItemInput[] | null | undefined;
  /** The order's metadata (`ORDER_METADATA`). */
  readonly metadata?: FormulaMetadata | null | undefined;
}

/**
 * The customer, for `CUSTOMER_METADATA` and `CUSTOMER_BIRTHDATE`.
 *
 * @example
 * ```ts
 * const customer: FormulaCustomerInput = { birthdate: '1990-05-17', metadata: { tier: 'VIP' } };
 * ```
 */
export interface FormulaCustomerInput {
  /** The customer's metadata. */
  readonly metadata?: FormulaMetadata | null | undefined;
  /** Date of birth, `YYYY-MM-DD`. */
  readonly birthdate?: string | null | undefined;
  /** The older name of `birthdate`, read when `birthdate` is absent. */
  readonly birthday?: string | null | undefined;
}

/**
 * The voucher being applied, for the `VOUCHER_*` operands and `REDEEMABLE_METADATA`.
 *
 * @example
 * ```ts
 * const voucher: FormulaVoucherInput = { publish: { count: 1 }, redemption: { quantity: 5, redeemed_quantity: 2 } };
 * ```
 */
export interface FormulaVoucherInput {
  /** The voucher's metadata. */
  readonly metadata?: FormulaMetadata | null | undefined;
  /** ISO 8601 timestamp (`VOUCHER_START_DATE`). */
  readonly start_date?: string | null | undefined;
  /** ISO 8601 timestamp (`VOUCHER_EXPIRATION_DATE`). */
  readonly expiration_date?: string | null | undefined;
  /** Redemption limit and count (`VOUCHER_REDEMPTION_QUANTITY`, `VOUCHER_REDEEMED_QUANTITY`). */
  readonly redemption?:
    | { readonly quantity?: number | null | undefined; readonly redeemed_quantity?: number | null | undefined }
    | null
    | undefined;
  /** Publication count (`VOUCHER_PUBLISH_COUNT`). */
  readonly publish?: { readonly count?: number | null | undefined } | null | undefined;
}

/**
 * The promotion tier being applied, for `PROMOTION_TIER_*` and `REDEEMABLE_METADATA`.
 *
 * @example
 * ```ts
 * const tier: FormulaPromotionTierInput = { start_date: '2024-01-01T00:00:00.000Z', metadata: { level: 2 } };
 * ```
 */
export interface FormulaPromotionTierInput {
  /** The tier's metadata. */
  readonly metadata?: FormulaMetadata | null | undefined;
  /** ISO 8601 timestamp (`PROMOTION_TIER_START_DATE`). */
  readonly start_date?: string | null | undefined;
  /** ISO 8601 timestamp (`PROMOTION_TIER_EXPIRATION_DATE`). */
  readonly expiration_date?: string | null | undefined;
}

/**
 * Something that only carries metadata: the redemption request or the publication.
 *
 * @example
 * ```ts
 * const redemption: FormulaMetadataHolder = { metadata: { store_list: 4 } };
 * ```
 */
export interface FormulaMetadataHolder {
  /** Its metadata. */
  readonly metadata?: FormulaMetadata | null | undefined;
}

/**
 * Everything a formula may read, supplied by the caller. Leave out what does not apply: an
 * operand whose source is absent has no value, and a formula that needs it falls back to the
 * static value (unless `DEFAULT_TO` supplies one).
 *
 * @example
 * ```ts
 * const context: FormulaContext = {
 *   now: Date.parse('2026-03-01T10:00:00Z'),
 *   timeZone: 'Europe/Warsaw',
 *   order: { amount: 45000, metadata: { store_city: 'Boston' } },
 *   customer: { metadata: { tier: 'VIP' } },
 * };
 * ```
 */
export interface FormulaContext {
  /** The moment of evaluation, for `NOW`, `TODAY` and the `…_SINCE`/`…_UNTIL` functions. */
  readonly now: number | Date;
  /** The project's IANA time zone, which decides calendar days; UTC when absent. */
  readonly timeZone?: string | undefined;
  /** The order. */
  readonly order?: FormulaOrderInput | null | undefined;
  /** The line a product discount or `price_formula` is being computed for (`ORDER_ITEM_*`). */
  readonly item?: FormulaOrderItemInput | null | undefined;
  /** The customer. */
  readonly customer?: FormulaCustomerInput | null | undefined;
  /** The voucher being applied. */
  readonly voucher?: FormulaVoucherInput | null | undefined;
  /** The promotion tier being applied. */
  readonly promotionTier?: FormulaPromotionTierInput | null | undefined;
  /** The redemption (its request metadata), for `REDEMPTION_METADATA`. */
  readonly redemption?: FormulaMetadataHolder | null | undefined;
  /** The voucher's publication, for `PUBLICATION_METADATA`. */
  readonly publication?: FormulaMetadataHolder | null | undefined;
}

/** What the evaluator needs besides the context: the instant and the calendar of the time zone. */
export interface FormulaScope {
  readonly context: FormulaContext;
  readonly now: number;
  readonly calendar: ZoneCalendar;
  /** The calendar day of `now`. */
  readonly today: FormulaDate;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const quantityOf = (item: FormulaOrderItemInput): number => (isNumber(item.quantity) ? item.quantity : 1);

const priceOf = (item: FormulaOrderItemInput): number | undefined => {
  if (isNumber(item.price)) return item.price;
  const quantity = quantityOf(item);
  return isNumber(item.amount) && quantity > 0 ? item.amount / quantity : undefined;
};

const amountOf = (item: FormulaOrderItemInput): number | undefined => {
  if (isNumber(item.amount)) return item.amount;
  return isNumber(item.price) ? item.price * quantityOf(item) : undefined;
};

const subtotalOf = (item: FormulaOrderItemInput): number | undefined =>
  isNumber(item.subtotal_amount) ? item.subtotal_amount : amountOf(item);

/**
 * The cheapest (or most expensive) line by unit price among the lines that have one. Ties go to
 * the line with the lowest subtotal, then to the first.
 */
const pickItem = (
  items: readonly FormulaOrderItemInput[] | null | undefined,
  most: boolean,
): FormulaOrderItemInput | undefined => {
  let best: FormulaOrderItemInput | undefined;
  let bestPrice = 0;
  let bestSubtotal = 0;
  for (const item of items ?? []) {
    const price = priceOf(item);
    if (price === undefined) continue;
    const subtotal = subtotalOf(item) ?? Infinity;
    const better =
      best === undefined ||
      (most ? price > bestPrice : price < bestPrice) ||
      (price === bestPrice && subtotal < bestSubtotal);
    if (better) {
      best = item;
      bestPrice = price;
      bestSubtotal = subtotal;
    }
  }
  return best;
};

const money = (minor: number | undefined): number | undefined =>
  minor === undefined ? undefined : toMajorUnits(minor);

const itemField = (
  item: FormulaOrderItemInput | null | undefined,
  field: 'PRICE' | 'AMOUNT' | 'SUBTOTAL' | 'UNITS_QUANTITY',
): number | undefined => {
  if (item === null || item === undefined) return undefined;
  switch (field) {
    case 'PRICE':
      return money(priceOf(item));
    case 'AMOUNT':
      return money(amountOf(item));
    case 'SUBTOTAL':
      return money(subtotalOf(item));
    case 'UNITS_QUANTITY':
      return quantityOf(item);
  }
};

const orderAmount = (order: FormulaOrderInput): number | undefined => {
  if (isNumber(order.amount)) return order.amount;
  const items = order.items ?? [];
  if (items.length === 0) return undefined;
  let sum = 0;
  for (const item of items) {
    const amount = amountOf(item);
    if (amount === undefined) return undefined;
    sum += amount;
  }
  return sum;
};

const date = (value: string | null | undefined, scope: FormulaScope): FormulaDate | undefined =>
  value === null || value === undefined ? undefined : readFormulaDate(value, scope.calendar);

const count = (value: number | null | undefined): number | undefined => (isNumber(value) ? value : undefined);

/**
 * The value of a bare operand: a number (money already in major units), a {@link FormulaDate},
 * or `undefined` when the context does not supply it.
 */
export const resolveOperand = (name: FormulaOperandName, scope: FormulaScope): number | FormulaDate | undefined => {
  const { context } = scope;
  const order = context.order ?? undefined;
  switch (name) {
    case 'ORDER_AMOUNT':
      return order === undefined ? undefined : money(orderAmount(order));
    case 'ORDER_ITEMS_QUANTITY':
      return order === undefined ? undefined : (order.items ?? []).length;
    case 'ORDER_UNITS_QUANTITY':
      return order === undefined ? undefined : (order.items ?? []).reduce((sum, item) => sum + quantityOf(item), 0);
    case 'ORDER_ITEM_PRICE':
      return itemField(context.item, 'PRICE');
    case 'ORDER_ITEM_AMOUNT':
      return itemField(context.item, 'AMOUNT');
    case 'ORDER_ITEM_SUBTOTAL':
      return itemField(context.item, 'SUBTOTAL');
    case 'ORDER_ITEM_UNITS_QUANTITY':
      return itemField(context.item, 'UNITS_QUANTITY');
    case 'CHEAPEST_ORDER_ITEM_PRICE':
      return itemField(pickItem(order?.items, false), 'PRICE');
    case 'CHEAPEST_ORDER_ITEM_AMOUNT':
      return itemField(pickItem(order?.items, false), 'AMOUNT');
    case 'CHEAPEST_ORDER_ITEM_SUBTOTAL':
      return itemField(pickItem(order?.items, false), 'SUBTOTAL');
    case 'CHEAPEST_ORDER_ITEM_UNITS_QUANTITY':
      return itemField(pickItem(order?.items, false), 'UNITS_QUANTITY');
    case 'MOST_EXPENSIVE_ORDER_ITEM_PRICE':
      return itemField(pickItem(order?.items, true), 'PRICE');
    case 'MOST_EXPENSIVE_ORDER_ITEM_AMOUNT':
      return itemField(pickItem(order?.items, true), 'AMOUNT');
    case 'MOST_EXPENSIVE_ORDER_ITEM_SUBTOTAL':
      return itemField(pickItem(order?.items, true), 'SUBTOTAL');
    case 'MOST_EXPENSIVE_ORDER_ITEM_UNITS_QUANTITY':
      return itemField(pickItem(order?.items, true), 'UNITS_QUANTITY');
    case 'VOUCHER_REDEMPTION_QUANTITY':
      return count(context.voucher?.redemption?.quantity);
    case 'VOUCHER_REDEEMED_QUANTITY':
      return count(context.voucher?.redemption?.redeemed_quantity);
    case 'VOUCHER_PUBLISH_COUNT':
      return count(context.voucher?.publish?.count);
    case 'VOUCHER_START_DATE':
      return date(context.voucher?.start_date, scope);
    case 'VOUCHER_EXPIRATION_DATE':
      return date(context.voucher?.expiration_date, scope);
    case 'PROMOTION_TIER_START_DATE':
      return date(context.promotionTier?.start_date, scope);
    case 'PROMOTION_TIER_EXPIRATION_DATE':
      return date(context.promotionTier?.expiration_date, scope);
    case 'CUSTOMER_BIRTHDATE':
      return date(context.customer?.birthdate ?? context.customer?.birthday, scope);
    case 'TODAY':
      return scope.today;
    case 'NOW':
      return new FormulaDate(scope.now, false);
  }
};

const metadataOf = (reader: FormulaMetadataReader, context: FormulaContext): FormulaMetadata | null | undefined => {
  const items = context.order?.items;
  switch (reader) {
    case 'ORDER_METADATA':
      return context.order?.metadata;
    case 'CUSTOMER_METADATA':
      return context.customer?.metadata;
    case 'REDEEMABLE_METADATA':
      return (context.voucher ?? context.promotionTier)?.metadata;
    case 'REDEMPTION_METADATA':
      return context.redemption?.metadata;
    case 'PUBLICATION_METADATA':
      return context.publication?.metadata;
    case 'ORDER_ITEM_METADATA':
      return context.item?.metadata;
    case 'ORDER_ITEM_PRODUCT_METADATA':
      return context.item?.product?.metadata;
    case 'CHEAPEST_ORDER_ITEM_METADATA':
      return pickItem(items, false)?.metadata;
    case 'CHEAPEST_ORDER_ITEM_PRODUCT_METADATA':
      return pickItem(items, false)?.product?.metadata;
    case 'MOST_EXPENSIVE_ORDER_ITEM_METADATA':
      return pickItem(items, true)?.metadata;
    case 'MOST_EXPENSIVE_ORDER_ITEM_PRODUCT_METADATA':
      return pickItem(items, true)?.product?.metadata;
  }
};

/** The raw metadata value under `key` (own properties only), or `undefined` when it is not there. */
export const resolveMetadata = (reader: FormulaMetadataReader, key: string, context: FormulaContext): unknown => {
  const metadata = metadataOf(reader, context);
  return metadata !== null && metadata !== undefined && Object.hasOwn(metadata, key) ? metadata[key] : undefined;
};
