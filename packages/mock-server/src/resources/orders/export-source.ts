import type { ExportSource } from '../exports/source.js';
import type { Order, OrderStore } from './store.js';

/**
 * The rows of an order export: the project's orders with their computed amounts (minor units).
 *
 * @param orders - The orders store.
 * @returns The source to register as `order`.
 * @example
 * ```ts
 * exports.sources.register('order', orderExportSource(orders));
 * ```
 */
export const orderExportSource = (orders: OrderStore): ExportSource<Order> => ({
  rows: () => orders.all(),
  columns: {
    id: (order) => order.id,
    source_id: (order) => order.source_id,
    created_at: (order) => order.created_at,
    updated_at: (order) => order.updated_at,
    status: (order) => order.status,
    amount: (order) => order.amount,
    discount_amount: (order) => order.discount_amount,
    items_discount_amount: (order) => order.items_discount_amount,
    total_discount_amount: (order) => order.total_discount_amount,
    total_amount: (order) => order.total_amount,
    customer_id: (order) => order.customer_id,
    referrer_id: (order) => order.referrer_id,
    metadata: (order) => (order.metadata ? JSON.stringify(order.metadata) : ''),
  },
  defaultFields: ['id', 'source_id', 'status'],
  filterFields: ['created_at', 'updated_at', 'status', 'source_id', 'amount', 'total_amount', 'discount_amount', 'total_discount_amount', 'items_discount_amount', 'customer_id', 'metadata.*'],
});
