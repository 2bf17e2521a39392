import type { EventLog, ServiceEvent } from '../../../core/event-log.js';
import { type ListOrder, type Sortable, pageOf, sortByKeys } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import { type CustomerActivityQuery, activityCategory, customerActivityFilter, eventActivity } from './activity.js';
import type { Customer } from './profile.js';

/** The sort keys of the older customer activity list. */
type CustomerActivitiesOrder = ListOrder<'created_at' | 'updated_at' | 'type' | 'code' | 'campaign' | 'category'>;

/**
 * The parameters of `GET /v1/customers/{customerId}/activities`, the older form of the activity
 * list: those of the newer one (without `type` and `category`), a product, more sort keys and a
 * time cursor.
 */
export interface CustomerActivitiesQuery extends Omit<CustomerActivityQuery, 'order' | 'type' | 'category'> {
  /** Sort key, `-` for descending; default `-created_at`. */
  readonly order?: CustomerActivitiesOrder | undefined;
  /** Only the activities after this moment in the list's time order (later ones ascending, earlier ones descending). */
  readonly starting_after?: string | undefined;
  /** Only the activities whose order has a line of this product or SKU. */
  readonly product_id?: string | undefined;
}

interface OrderLine {
  readonly product_id?: unknown;
  readonly sku_id?: unknown;
  readonly product?: { readonly id?: unknown } | null;
  readonly sku?: { readonly id?: unknown } | null;
}

/** What the sort keys and the product condition read of an event's payload. */
interface Payload {
  readonly order?: { readonly items?: readonly OrderLine[] | null } | null;
  readonly voucher?: { readonly code?: string | null } | null;
  readonly campaign?: { readonly name?: string | null } | null;
}

const namesProduct = (event: ServiceEvent, productId: string): boolean =>
  ((event.data as Payload).order?.items ?? []).some((line) =>
    [line.product_id, line.sku_id, line.product?.id, line.sku?.id].includes(productId),
  );

/** An event's sort keys; activities never change, so `updated_at` is `created_at`. */
const sortKeys = (event: ServiceEvent): Readonly<Record<string, Sortable>> => {
  const payload = event.data as Payload;
  return {
    created_at: event.created_at,
    updated_at: event.created_at,
    type: event.type,
    code: payload.voucher?.code ?? null,
    campaign: payload.campaign?.name ?? null,
    category: activityCategory(event.type),
  };
};

/**
 * A customer's activities as the older list shows them (`GET /v1/customers/{customerId}/activities`):
 * the events of the newer list (`listCustomerActivity`), narrowed by product too, sorted by
 * `order`, and paged from `starting_after` (a moment) or `starting_after_id` (an activity), with
 * how many match in all.
 *
 * @param events - The project's event log.
 * @param customer - The customer.
 * @param query - The list parameters.
 * @returns The page and the number of matching activities.
 * @throws ApiError 400 `invalid_query_params` for a `starting_after_id` that names no activity of the list.
 */
export const listCustomerActivities = (
  events: EventLog,
  customer: Customer,
  query: CustomerActivitiesQuery,
): Resource<'LegacyCustomerActivityList'> => {
  const keep = customerActivityFilter(customer, query);
  const { product_id: productId } = query;
  const kept = events
    .about([customer.id])
    .filter((event) => keep(event) && (productId === undefined || namesProduct(event, productId)));
  const order = query.order ?? '-created_at';
  let rest = sortByKeys(kept, sortKeys, order);
  if (query.starting_after_id !== undefined && query.starting_after_id !== '') {
    const at = rest.findIndex((event) => event.id === query.starting_after_id);
    if (at < 0) {
      throw new ApiError(400, 'invalid_query_params', 'Invalid query parameters', {
        details: `Query parameter starting_after_id does not name an activity of this list: ${query.starting_after_id}`,
      });
    }
    rest = rest.slice(at + 1);
  }
  if (query.starting_after !== undefined) {
    const moment = Date.parse(query.starting_after);
    const descending = order.startsWith('-');
    rest = rest.filter((event) =>
      descending ? Date.parse(event.created_at) < moment : Date.parse(event.created_at) > moment,
    );
  }
  const data = pageOf(rest, { limit: query.limit }).items.map((event) =>
    eventActivity(event),
  ) as Resource<'CustomerActivity'>[];
  return { object: 'list', data_ref: 'data', data, total: kept.length };
};
