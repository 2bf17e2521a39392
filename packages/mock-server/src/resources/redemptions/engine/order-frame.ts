import type { Resource } from '../../../core/resource.js';
import type { OrderLine } from '../../orders/items.js';

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
