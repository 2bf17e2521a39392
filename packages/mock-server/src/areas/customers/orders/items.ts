import { DomainError, type OrderItemAmounts, type OrderItemInput } from '@voucherkit/domain';
import type { Resource } from '../../../core/resource.js';
import type { ProductStore, Product, Sku } from '../../catalog/products/store.js';
import { withoutUnknownAmounts } from './unpriced-line.js';

/** An order line as a request sends it. */
export type OrderItemRequest = Resource<'OrderItem'>;

/** An order line as the API returns it, with its amounts. */
export type OrderLine = Resource<'OrderCalculatedItem'>;

/**
 * A request's line with the catalogue entries it names and the price the amounts are computed
 * from.
 */
export interface ResolvedLine {
  readonly request: OrderItemRequest;
  readonly product: Product | undefined;
  readonly sku: Sku | undefined;
  /** The input of the domain's order maths. */
  readonly amounts: OrderItemInput;
}

const quantityOf = (value: OrderItemRequest['quantity'], index: number): number | undefined => {
  if (value === undefined) return undefined;
  const quantity = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 0) {
    throw new DomainError('invalid_order', 'invalid order', {
      details: `Property .items[${index}].quantity should be a non-negative integer (actual value is ${JSON.stringify(value)})`,
    });
  }
  return quantity;
};

/**
 * The SKU a line names by `sku_id`, `sku.id` or its `source_id`, storing it first when
 * `sku.override` says so. An id that names no SKU names none here: the line keeps it as given.
 */
const skuOf = (item: OrderItemRequest, catalogue: ProductStore, product: Product | undefined): Sku | undefined => {
  const id = item.sku_id ?? item.sku?.id;
  if (id !== undefined) return catalogue.findSku(id);
  const sourceId = item.sku?.source_id ?? (item.related_object === 'sku' ? item.source_id : undefined);
  if (sourceId === undefined) return undefined;
  const known = catalogue.findSku(sourceId);
  if (item.sku?.override !== true || product === undefined) return known;
  const { sku, price, metadata } = item.sku;
  return catalogue.upsertSku(product.id, {
    source_id: sourceId,
    ...(sku === undefined ? {} : { sku }),
    ...(price === undefined ? {} : { price: Math.round(price) }),
    ...(metadata === undefined ? {} : { metadata }),
  }).sku;
};

/**
 * The product a line names by `product_id`, `product.id` or its `source_id`, storing it first
 * when `product.override` says so. An id that names no product names none here: the line keeps
 * it as given.
 */
const productOf = (item: OrderItemRequest, catalogue: ProductStore): Product | undefined => {
  const id = item.product_id ?? item.product?.id;
  if (id !== undefined) return catalogue.find(id);
  const sourceId = item.product?.source_id ?? (item.related_object !== 'sku' ? item.source_id : undefined);
  if (sourceId === undefined) return undefined;
  const known = catalogue.find(sourceId);
  if (item.product?.override !== true) return known;
  const { name, price, metadata } = item.product;
  return catalogue.upsert({
    source_id: sourceId,
    ...(name === undefined ? {} : { name }),
    ...(price === undefined ? {} : { price: Math.round(price) }),
    ...(metadata === undefined ? {} : { metadata }),
  }).product;
};

/**
 * Resolves the lines of an order to the catalogue: a line names a product or SKU by id
 * (`product_id`, `sku_id`, `product.id`, `sku.id`) or by `source_id` (with `related_object`
 * `product`, the default, or `sku`). Data sent in `product`/`sku` with `override: true` is stored
 * in the catalogue first, creating the entry when its `source_id` is new. A line's price is the
 * one it sends, else the one its `sku`/`product` data sends, else the catalogue's (SKU before
 * product). An id that names nothing in the catalogue is kept as given, as the service keeps it:
 * such a line has only the price the request sends.
 *
 * @param items - The lines of the request.
 * @param catalogue - The project's products.
 * @returns The lines with what they name.
 * @throws DomainError `invalid_order` for a bad quantity.
 */
export const resolveLines = (items: readonly OrderItemRequest[], catalogue: ProductStore): ResolvedLine[] => {
  // Every line is checked before any `override` writes to the catalogue, so a bad line leaves
  // the catalogue as it was.
  const quantities = items.map((request, index) => quantityOf(request.quantity, index));
  return items.map((request, index) => {
    let product = productOf(request, catalogue);
    const sku = skuOf(request, catalogue, product);
    if (sku !== undefined && product === undefined) product = catalogue.find(sku.product_id);
    const price =
      request.price ?? request.sku?.price ?? request.product?.price ?? sku?.price ?? product?.price ?? undefined;
    const quantity = quantities[index];
    const amounts: OrderItemInput = {
      product_id: product?.id ?? request.product_id ?? request.product?.id,
      sku_id: sku?.id ?? request.sku_id ?? request.sku?.id,
      quantity,
      price: price === undefined || price === null ? undefined : price,
      amount: request.amount,
      initial_amount: request.initial_amount,
      initial_quantity: request.initial_quantity,
      discount_amount: request.discount_amount,
      discount_quantity: request.discount_quantity,
    };
    return { request, product, sku, amounts };
  });
};

/**
 * An order line as the API returns it: what the line names and the amounts the domain computed.
 *
 * @param line - The resolved request line.
 * @param amounts - Its computed amounts.
 * @returns The line.
 */
export const orderLine = (line: ResolvedLine, amounts: OrderItemAmounts): OrderLine => {
  const { request, product, sku } = line;
  const relatedObject = sku ? 'sku' : product ? 'product' : request.related_object;
  const sourceId = (sku ? sku.source_id : product?.source_id) ?? request.source_id;
  const productName = request.product?.name ?? product?.name ?? undefined;
  const skuName = request.sku?.sku ?? sku?.sku ?? undefined;
  // Ids that name nothing in the catalogue are kept as the request gave them, as the service keeps them.
  const productId = product?.id ?? request.product_id ?? request.product?.id;
  const skuId = sku?.id ?? request.sku_id ?? request.sku?.id;
  return withoutUnknownAmounts(
    {
      object: 'order_item',
      ...(productId === undefined ? {} : { product_id: productId }),
      ...(skuId === undefined ? {} : { sku_id: skuId }),
      ...(relatedObject === undefined ? {} : { related_object: relatedObject }),
      ...(sourceId === undefined || sourceId === null ? {} : { source_id: sourceId }),
      quantity: amounts.quantity,
      initial_quantity: amounts.initial_quantity,
      discount_quantity: amounts.discount_quantity,
      amount: amounts.amount,
      initial_amount: amounts.initial_amount,
      discount_amount: amounts.discount_amount,
      applied_discount_amount: amounts.applied_discount_amount,
      subtotal_amount: amounts.subtotal_amount,
      ...(amounts.price === null ? {} : { price: amounts.price }),
      ...(productName === undefined || productName === null
        ? {}
        : {
            product: {
              ...(product ? { id: product.id } : {}),
              ...(product?.source_id ? { source_id: product.source_id } : {}),
              name: productName,
              metadata: request.product?.metadata ?? product?.metadata ?? {},
              ...(product?.price === null || product?.price === undefined ? {} : { price: product.price }),
            },
          }),
      ...(skuName === undefined || skuName === null
        ? {}
        : {
            sku: {
              ...(sku ? { id: sku.id } : {}),
              ...(sku?.source_id ? { source_id: sku.source_id } : {}),
              sku: skuName,
              metadata: request.sku?.metadata ?? sku?.metadata ?? {},
              ...(sku?.price === null || sku?.price === undefined ? {} : { price: sku.price }),
            },
          }),
      ...(request.metadata === undefined ? {} : { metadata: request.metadata }),
    },
    amounts,
  );
};
