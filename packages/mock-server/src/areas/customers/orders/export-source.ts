import { type ExportSource, sameNameColumns } from '../../platform/exports/source.js';
import type { Order, OrderStore } from './store.js';

/**
 * The rows of an order export: the project's orders with their computed amounts (minor units).
 *
 * @param orders - The orders store.
 * @returns The source to register as `order`.
 */
export const orderExportSource = (orders: OrderStore): ExportSource<Order> => ({
  rows: () => orders.all(),
  columns: sameNameColumns<Order>(
    'id',
    'source_id',
    'created_at',
    'updated_at',
    'status',
    'amount',
    'discount_amount',
    'items_discount_amount',
    'total_discount_amount',
    'total_amount',
    'customer_id',
    'referrer_id',
    'metadata',
  ),
  defaultFields: ['id', 'source_id', 'status'],
  filterFields: [
    'created_at',
    'updated_at',
    'status',
    'source_id',
    'amount',
    'total_amount',
    'discount_amount',
    'total_discount_amount',
    'items_discount_amount',
    'customer_id',
    'metadata.*',
  ],
});
