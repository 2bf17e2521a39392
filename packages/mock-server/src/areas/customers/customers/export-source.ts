import { type ExportSource, sameNameColumns } from '../../platform/exports/source.js';
import type { Customer, CustomerStore } from './store.js';

/**
 * The rows of a customer export: the project's customers, with their address, redemption and
 * order summaries and loyalty figures. Filters read the customer as segments do, plus `city`.
 *
 * @param customers - The customers store.
 * @returns The source to register as `customer`.
 */
export const customerExportSource = (customers: CustomerStore): ExportSource<Customer> => ({
  rows: () => customers.all(),
  view: (customer) => ({ ...customers.filterView(customer), city: customer.address?.city }),
  columns: {
    ...sameNameColumns<Customer>(
      'name',
      'id',
      'description',
      'email',
      'source_id',
      'created_at',
      'updated_at',
      'phone',
      'birthday',
      'birthdate',
      'metadata',
    ),
    address_city: (customer) => customer.address?.city,
    address_state: (customer) => customer.address?.state,
    address_line_1: (customer) => customer.address?.line_1,
    address_line_2: (customer) => customer.address?.line_2,
    address_country: (customer) => customer.address?.country,
    address_postal_code: (customer) => customer.address?.postal_code,
    redemptions_total_redeemed: (customer) => customer.summary?.redemptions?.total_redeemed,
    redemptions_total_failed: (customer) => customer.summary?.redemptions?.total_failed,
    redemptions_total_succeeded: (customer) => customer.summary?.redemptions?.total_succeeded,
    redemptions_total_rolled_back: (customer) => customer.summary?.redemptions?.total_rolled_back,
    redemptions_total_rollback_failed: (customer) => customer.summary?.redemptions?.total_rollback_failed,
    redemptions_total_rollback_succeeded: (customer) => customer.summary?.redemptions?.total_rollback_succeeded,
    orders_total_amount: (customer) => customer.summary?.orders?.total_amount,
    orders_total_count: (customer) => customer.summary?.orders?.total_count,
    orders_average_amount: (customer) => customer.summary?.orders?.average_amount,
    orders_last_order_amount: (customer) => customer.summary?.orders?.last_order_amount,
    orders_last_order_date: (customer) => customer.summary?.orders?.last_order_date,
    loyalty_points: (customer) => customer.loyalty?.points,
    loyalty_referred_customers: (customer) => customer.loyalty?.referred_customers,
  },
  defaultFields: ['name', 'source_id'],
  filterFields: [
    'created_at',
    'updated_at',
    'email',
    'name',
    'city',
    'phone',
    'birthday',
    'birthdate',
    'source_id',
    'id',
    'address.*',
    'summary.*',
    'metadata.*',
  ],
});
