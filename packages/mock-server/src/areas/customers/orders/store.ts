import { calculateOrderAmounts } from '@voucherkit/domain';
import { patchMetadata } from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import type { EventLog, EventType } from '../../../core/event-log.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { TrackedGroups } from '../../../core/history/tracked-groups.js';
import { type Page, type SortedPageQuery, pageOf } from '../../../core/list.js';
import { sortedOrder } from '../../../core/sorted-page.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import { simpleCustomer } from '../customers/profile.js';
import type {
  Customer,
  CustomerChange,
  CustomerOrderSummary,
  CustomerReference,
  CustomerStore,
} from '../customers/store.js';
import type { MetadataSchemaStore } from '../../catalog/metadata-schemas/store.js';
import type { ProductStore } from '../../catalog/products/store.js';
import { type OrderItemRequest, orderLine, resolveLines } from './items.js';
import { sharedWhenEmpty } from '../../../core/immutable.js';
import type { Origin } from '../../../core/origin.js';
import { CustomerOrderTotals } from './customer-totals.js';

/**
 * An order as the API returns it, with its lines and computed amounts.
 *
 * @example
 * ```ts
 * const order: Order = createFactories(service).order({ amount: 5000 });
 * order.total_amount;
 * ```
 */
export type Order = Resource<'OrderGetResponse'> & {
  id: string;
  source_id: string | null;
  created_at: string;
  status: NonNullable<Resource<'OrderGetResponse'>['status']>;
  /** The stored lines, none for an order without any (its answers leave them out). */
  items: NonNullable<Resource<'OrderGetResponse'>['items']>;
};

/** What {@link OrderStore.calculate} computes an order from. */
export interface OrderCalculationInput {
  /** The lines, resolved to the catalogue. */
  readonly items?: readonly OrderItemRequest[] | undefined;
  /** Amount before discounts; the sum of the lines when absent. */
  readonly amount?: number | undefined;
  /** Amount before any effect; `amount` when absent. */
  readonly initial_amount?: number | undefined;
  /** Order-level discounts already applied. */
  readonly discount_amount?: number | undefined;
}

/** An order's amounts and lines as {@link OrderStore.calculate} computes them. */
export type OrderCalculation = Pick<
  Order,
  | 'amount'
  | 'initial_amount'
  | 'discount_amount'
  | 'items_discount_amount'
  | 'total_discount_amount'
  | 'total_amount'
  | 'applied_discount_amount'
  | 'items_applied_discount_amount'
  | 'total_applied_discount_amount'
  | 'items'
>;

/** What a create, update or import request sends for one order. */
export type OrderInput = Resource<'OrderCreateRequest'>;

/** The sort keys of the order list. */
export type OrderOrder = 'created_at' | '-created_at' | 'updated_at' | '-updated_at';

/** What a change to an order did, so the caller can record the right events. */
export interface OrderChange {
  /** The order after the change. */
  readonly order: Order;
  /** The order before it; `undefined` for a new order. */
  readonly before: Order | undefined;
  /** What resolving the order's customer did, when the request sent one. */
  readonly customer: CustomerChange | undefined;
  /** What resolving the referrer did, when the request sent one. */
  readonly referrer: CustomerChange | undefined;
}

/** How an order change is made. */
export interface UpsertOptions {
  /** `false`: record no events now; the caller announces the change with {@link OrderStore.announce}. */
  readonly announce?: boolean | undefined;
  /**
   * The customer the input's `customer` names, resolved already by the caller (a redemption
   * resolves its customer first): it is neither looked up nor resolved again.
   */
  readonly customer?: Customer | undefined;
  /**
   * What {@link OrderStore.calculate} made of the input's lines and amounts, when the caller has
   * calculated them already (a redemption's new order, as its checks priced it).
   */
  readonly calculated?: OrderCalculation | undefined;
}

/**
 * Orders of one project, addressed by id (`ord_…`) or `source_id`. Amounts come from the
 * domain's `calculateOrderAmounts`: an amount a request leaves out is computed from the lines,
 * and the lines are priced from the catalogue when they carry no price. Each change keeps the
 * customers' order summaries (`summary.orders`) in step.
 */
export class OrderStore {
  readonly #items: TrackedMap<string, Order>;
  /** Ids of each customer's orders, in creation order: what summaries and a customer's orders read. */
  readonly #idsByCustomer: TrackedGroups<string, string>;
  /** Each customer's totals of paid and fulfilled orders, kept in step as orders are written. */
  readonly #totals: CustomerOrderTotals;
  readonly #idsBySource: TrackedMap<string, string>;

  constructor(
    private readonly context: ServiceContext,
    private readonly customers: CustomerStore,
    private readonly products: ProductStore,
    private readonly metadataSchemas: MetadataSchemaStore,
    private readonly events: EventLog,
  ) {
    this.#items = context.tracked.map();
    this.#idsByCustomer = new TrackedGroups(context.tracked);
    this.#totals = new CustomerOrderTotals(context.tracked);
    this.#idsBySource = context.tracked.map();
  }

  /**
   * The order with this id or `source_id`, if any.
   *
   * @param idOrSourceId - An order id (`ord_…`) or `source_id`.
   * @returns The order, or `undefined`.
   */
  find(idOrSourceId: string): Order | undefined {
    return this.#items.get(idOrSourceId) ?? this.#items.get(this.#idsBySource.get(idOrSourceId) ?? '');
  }

  /**
   * The order with this id or `source_id`.
   *
   * @param idOrSourceId - An order id (`ord_…`) or `source_id`.
   * @returns The order.
   * @throws ApiError 404.
   */
  get(idOrSourceId: string): Order {
    const order = this.find(idOrSourceId);
    if (!order) throw ApiError.notFound('order', idOrSourceId);
    return order;
  }

  /** Every order, oldest first. */
  all(): Order[] {
    return [...this.#items.values()];
  }

  /**
   * One page of orders, newest first unless `order` says otherwise.
   *
   * @param query - Page, limit and order.
   * @returns The page.
   */
  list(query: SortedPageQuery<OrderOrder> = {}): Page<Order> {
    return pageOf(sortedOrder(this.all(), query.order ?? '-created_at'), query);
  }

  /**
   * The orders of a customer, oldest first.
   *
   * @param customerId - The customer's id.
   * @returns The orders.
   */
  ofCustomer(customerId: string): Order[] {
    return this.#idsByCustomer.of(customerId).map((id) => this.#items.get(id) as Order);
  }

  /**
   * Creates an order, or updates the one that `id` or `source_id` names (the service's upsert).
   * The customer and referrer are resolved, and created when unknown.
   *
   * Records `customer.order.created` (and `customer.order.paid` for a paid order) for an order
   * with a customer, unless the origin is silent (imports).
   *
   * @param input - The order as the request sends it.
   * @param origin - The request, or `silent` for imports.
   * @returns What the change did.
   * @throws ApiError 404 when `id` names no order, or an id names no customer;
   *   DomainError `invalid_order`, `invalid_amount`, `metadata_validation_failed`.
   */
  upsert(input: OrderInput, origin: Origin = {}, options: UpsertOptions = {}): OrderChange {
    const existing =
      input.id !== undefined ? this.get(input.id) : input.source_id ? this.find(input.source_id) : undefined;
    if (existing) return this.update(existing.id, input, origin, options);
    const { order, customer, referrer } = this.#build(input, undefined, origin, options);
    this.#items.set(order.id, order);
    if (order.source_id) this.#idsBySource.set(order.source_id, order.id);
    this.#index(order, undefined);
    this.#totals.count(order, true, (customerId) => this.ofCustomer(customerId));
    this.#refreshSummaries([order.customer_id]);
    const change = { order, before: undefined, customer, referrer };
    return options.announce === false ? change : this.announce(change, origin);
  }

  /**
   * Changes the fields sent and leaves the others as they are; lines sent replace the old ones,
   * metadata keys sent replace their values.
   *
   * Records `customer.order.updated`, and `customer.order.paid` or `customer.order.canceled`
   * when the status becomes `PAID` or `CANCELED`, for an order with a customer.
   *
   * @param idOrSourceId - The order's id or `source_id`.
   * @param patch - The fields to change.
   * @param origin - The request, or `silent` for imports.
   * @returns What the change did.
   * @throws ApiError 404; DomainError `invalid_order`, `invalid_amount`, `metadata_validation_failed`.
   */
  update(
    idOrSourceId: string,
    patch: Resource<'OrderUpdateRequest'>,
    origin: Origin = {},
    options: UpsertOptions = {},
  ): OrderChange {
    const before = this.get(idOrSourceId);
    const { order, customer, referrer } = this.#build(patch, before, origin, options);
    this.#items.set(order.id, order);
    this.#index(order, before);
    this.#totals.count(order, false, (customerId) => this.ofCustomer(customerId));
    this.#refreshSummaries([before.customer_id, order.customer_id]);
    const change = { order, before, customer, referrer };
    return options.announce === false ? change : this.announce(change, origin);
  }

  /**
   * Computes an order's amounts and lines without storing it, as validations do with the
   * order of their request.
   *
   * @param input - The order as a request sends it.
   * @returns The amounts and the lines.
   * @throws DomainError `invalid_order`, `invalid_amount`.
   */
  calculate(input: OrderCalculationInput): OrderCalculation {
    const lines = resolveLines(input.items ?? [], this.products);
    const { items, ...amounts } = calculateOrderAmounts({
      amount: input.amount,
      initial_amount: input.initial_amount,
      discount_amount: input.discount_amount,
      items: lines.map((line) => line.amounts),
    });
    return { ...amounts, items: lines.map((line, index) => orderLine(line, items[index] as (typeof items)[number])) };
  }

  /**
   * Writes what a redemption did to a stored order: its amounts after the discounts and the
   * redemption's entry in `order.redemptions` (validations and redemptions call this).
   *
   * @param id - The order's id.
   * @param amounts - The amounts and lines after the redemption; absent to keep them.
   * @param redemptions - Entries of `order.redemptions` to add or replace, by redemption id.
   * @returns The order afterwards.
   * @throws ApiError 404 for an unknown order.
   */
  recordRedemption(
    id: string,
    amounts: OrderCalculation | undefined,
    redemptions: Readonly<NonNullable<Order['redemptions']>>,
  ): Order {
    const before = this.get(id);
    const order: Order = {
      ...before,
      ...(amounts ?? {}),
      redemptions: { ...before.redemptions, ...redemptions },
      updated_at: this.context.timestamp(),
    };
    this.#items.set(order.id, order);
    return order;
  }

  /**
   * Erases the orders of a customer (permanent deletion of the customer).
   *
   * @param customerId - The customer's id.
   * @returns How many orders went.
   */
  forgetCustomer(customerId: string): number {
    const orders = this.ofCustomer(customerId);
    for (const order of orders) {
      this.#items.delete(order.id);
      if (order.source_id) this.#idsBySource.delete(order.source_id);
    }
    this.#idsByCustomer.deleteGroup(customerId);
    this.#totals.forget(customerId, orders);
    return orders.length;
  }

  #build(
    input: Resource<'OrderUpdateRequest'>,
    before: Order | undefined,
    origin: Origin,
    options: UpsertOptions,
  ): { order: Order; customer: CustomerChange | undefined; referrer: CustomerChange | undefined } {
    // An order that was never given metadata has none, and the service leaves the key out.
    const given = input.metadata === undefined ? before?.metadata : patchMetadata(before?.metadata, input.metadata);
    const metadata = given === undefined ? undefined : sharedWhenEmpty(given);
    this.metadataSchemas.assertValid('order', metadata);
    // Customers named by id must exist before anything is written (a customer resolved already does).
    for (const reference of options.customer === undefined ? [input.customer, input.referrer] : [input.referrer]) {
      if (reference !== undefined && this.customers.lookup(reference as CustomerReference) === undefined) {
        const id = typeof reference === 'string' ? reference : reference.id;
        if (id !== undefined && (typeof reference !== 'string' || id.startsWith('cust_')))
          throw ApiError.notFound('customer', id);
      }
    }
    if (input.referrer_id !== undefined && input.referrer_id !== null) this.customers.get(input.referrer_id);
    const items: readonly OrderItemRequest[] | undefined = input.items ?? undefined;
    // Without new lines, the stored lines (and the amounts sent now) are computed again.
    const calculated =
      options.calculated ??
      (items === undefined && before !== undefined
        ? this.calculate({
            items: before.items,
            amount: input.amount ?? before.amount,
            initial_amount: input.initial_amount ?? before.initial_amount,
            discount_amount: input.discount_amount ?? before.discount_amount,
          })
        : this.calculate({
            items: items ?? [],
            amount: input.amount,
            initial_amount: input.initial_amount,
            discount_amount: input.discount_amount,
          }));
    const resolved = options.customer;
    const customer =
      resolved !== undefined
        ? { customer: resolved, before: resolved, created: false, changed: false }
        : input.customer === undefined
          ? undefined
          : this.customers.resolve(input.customer as CustomerReference, origin);
    const referrer = this.#referrer(input, origin);
    const customerId = customer?.customer.id ?? before?.customer_id ?? null;
    const referrerId =
      referrer?.customer.id ?? (input.referrer_id === undefined ? (before?.referrer_id ?? null) : input.referrer_id);
    const now = this.context.timestamp();
    const order: Partial<Order> = {
      id: before?.id ?? this.context.ids('ord'),
      source_id: before?.source_id ?? (input as OrderInput).source_id ?? null,
      created_at: before?.created_at ?? input.created_at ?? now,
      updated_at: before === undefined ? null : now,
      status: input.status ?? before?.status ?? 'CREATED',
      ...calculated,
    };
    // The rest one field after the other, an optional one only when it has a value: a spread
    // followed by more fields is built by V8's runtime, field by field, several times slower.
    if (metadata !== undefined) order.metadata = metadata;
    order.customer_id = customerId;
    order.referrer_id = referrerId;
    if (customerId !== null) order.customer = { id: customerId, object: 'customer' };
    if (referrerId !== null) order.referrer = { id: referrerId, object: 'customer' };
    order.redemptions = before?.redemptions ?? {};
    order.object = 'order';
    return { order: order as Order, customer, referrer };
  }

  #referrer(input: Resource<'OrderUpdateRequest'>, origin: Origin): CustomerChange | undefined {
    if (input.referrer !== undefined) return this.customers.resolve(input.referrer as CustomerReference, origin);
    if (input.referrer_id === undefined || input.referrer_id === null) return undefined;
    const referrer: Customer = this.customers.get(input.referrer_id);
    return { customer: referrer, before: referrer, created: false, changed: false };
  }

  /**
   * Records the events of an order change: `customer.order.created` or `.updated`, and
   * `customer.order.paid` or `.canceled` when the status became `PAID` or `CANCELED`. Changes
   * announce themselves unless told not to; a redemption announces its order once the discounts
   * are on it, so that what reacts to the paid order (earning rules) reads the amounts paid.
   *
   * @param change - The change, with the order as it should be announced.
   * @param origin - The request, or `silent` for imports.
   * @returns The change.
   */
  announce(change: OrderChange, origin: Origin = {}): OrderChange {
    const { order, before } = change;
    const buyer = order.customer_id === null ? undefined : this.customers.find(order.customer_id);
    if (origin.silent === true || buyer === undefined) return change;
    const referrer = order.referrer_id === null ? undefined : this.customers.find(order.referrer_id);
    const data = {
      customer: simpleCustomer(buyer),
      referrer: referrer ? simpleCustomer(referrer) : null,
      order,
      redemption: null,
    };
    const types: EventType[] = [before === undefined ? 'customer.order.created' : 'customer.order.updated'];
    if (order.status !== before?.status && order.status === 'PAID') types.push('customer.order.paid');
    if (order.status !== before?.status && order.status === 'CANCELED') types.push('customer.order.canceled');
    for (const type of types) {
      this.events.record(type as 'customer.order.created', {
        entityId: buyer.id,
        data,
        origin,
      });
    }
    return change;
  }

  /**
   * Files an order under its customer. An order that moves to another customer is filed among
   * theirs by creation, as the store holds them (a rare change, worth a scan).
   */
  #index(order: Order, before: Order | undefined): void {
    const customerId = order.customer_id;
    if (before?.customer_id === customerId) return;
    if (before?.customer_id) this.#idsByCustomer.delete(before.customer_id, order.id);
    if (!customerId) return;
    if (before === undefined) this.#idsByCustomer.add(customerId, order.id);
    else
      this.#idsByCustomer.replace(
        customerId,
        this.all().flatMap((stored) => (stored.customer_id === customerId ? [stored.id] : [])),
      );
  }

  /** Recomputes `summary.orders` of the customers an order change touched. */
  #refreshSummaries(customerIds: readonly (string | null | undefined)[]): void {
    for (const id of new Set(customerIds)) {
      if (id === null || id === undefined || this.customers.find(id) === undefined) continue;
      this.customers.setOrderSummary(id, this.summaryOf(id));
    }
  }

  /**
   * Totals of a customer's paid and fulfilled orders: what `summary.orders` shows.
   *
   * @param customerId - The customer's id.
   * @returns The totals.
   */
  summaryOf(customerId: string): CustomerOrderSummary {
    return this.#totals.summaryOf(customerId);
  }
}
