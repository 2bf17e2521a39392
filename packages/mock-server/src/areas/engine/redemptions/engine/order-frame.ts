import type { Resource } from '../../../../core/resource.js';
import type { OrderLine } from '../../../customers/orders/items.js';

/**
 * What an answer's `order` shows besides the amounts: the order's identity, status, metadata and
 * people, and the request's lines as the catalogue resolved them.
 */
export interface OrderFrame {
  readonly id?: string | undefined;
  readonly source_id: string | null;
  readonly status?: Resource<'OrderCalculated'>['status'];
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly customer_id: string | null;
  readonly referrer_id: string | null;
  readonly created_at?: string | undefined;
  /** The lines as the orders store resolved them, in request order. */
  readonly lines: readonly OrderLine[];
}

/** The metadata of one order line and of its catalogue product, as rules and formulas read them. */
export interface LineMetadata {
  /** The line's own metadata; `null` without any. */
  readonly metadata: Record<string, unknown> | null;
  /** The catalogue product's metadata; `undefined` when the line names no stored product. */
  readonly productMetadata: Record<string, unknown> | null | undefined;
}

/**
 * The metadata of the request's line at `index` and of its product. A line a discount added (a
 * `UNIT` discount's missing item) is past the request's lines and has none.
 */
export const lineMetadataOf = (frame: OrderFrame | undefined, index: number): LineMetadata => {
  const line = frame?.lines[index];
  const product = line?.product as { readonly metadata?: Record<string, unknown> | null } | undefined;
  return {
    metadata: (line?.metadata as Record<string, unknown> | null | undefined) ?? null,
    productMetadata: product?.metadata,
  };
};
