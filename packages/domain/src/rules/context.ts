/**
 * What validation rules are judged against: the customer, the order, the redemption being
 * attempted, the campaign's budget so far, the code's holder and a custom event, at a moment in
 * the project's time zone. Everything is resolved by the caller (segments the customer belongs
 * to, collections each item belongs to, counts of earlier redemptions); the rules only read it.
 */

/**
 * Custom attributes, as the API sends them.
 *
 * @example
 * ```ts
 * const metadata: RuleMetadata = { tier: 'gold', tags: ['a', 'b'] };
 * ```
 */
export type RuleMetadata = Readonly<Record<string, unknown>>;

/**
 * The customer of the validation: who they are and the segments they belong to.
 *
 * @example
 * ```ts
 * const customer: RuleCustomerInput = { id: 'cust_1', source_id: 'alice@x.io', metadata: { vip: true }, segment_ids: ['seg_new'] };
 * ```
 */
export interface RuleCustomerInput {
  /** The customer's id (`cust_…`). */
  readonly id?: string | null | undefined;
  /** Your own id of the customer. */
  readonly source_id?: string | null | undefined;
  /** The customer's metadata, for `customer.metadata`. */
  readonly metadata?: RuleMetadata | null | undefined;
  /** Ids of the segments (`seg_…`) the customer belongs to now, for `customer.segment`. */
  readonly segment_ids?: readonly string[] | null | undefined;
}

/**
 * One order line with what the rules need to know about it. Prices and amounts are integers in
 * minor units.
 *
 * @example
 * ```ts
 * const item: RuleOrderItemInput = {
 *   product_id: 'prod_mug', sku_id: 'sku_mug_red', quantity: 2, price: 1000,
 *   collection_ids: ['pc_kitchen'], product: { metadata: { material: 'ceramic' } },
 * };
 * ```
 */
export interface RuleOrderItemInput {
  /** Id of the product (`prod_…`); for a SKU line, the SKU's product. `product.id` when not given. */
  readonly product_id?: string | null | undefined;
  /** Id of the SKU (`sku_…`) when the line is a SKU. `sku.id` when not given. */
  readonly sku_id?: string | null | undefined;
  /** Units on the line; 1 when not given. */
  readonly quantity?: number | null | undefined;
  /** Unit price; when not given, the SKU's or product's price, else `amount / quantity`. */
  readonly price?: number | null | undefined;
  /** Amount of the line before discounts; `price × quantity` when not given. */
  readonly amount?: number | null | undefined;
  /** The line's own metadata, for `order.items.metadata*`. */
  readonly metadata?: RuleMetadata | null | undefined;
  /** The catalogue product: its metadata for `product.metadata*`, its id and price as fallbacks. */
  readonly product?:
    | {
        readonly id?: string | null | undefined;
        readonly metadata?: RuleMetadata | null | undefined;
        readonly price?: number | null | undefined;
      }
    | null
    | undefined;
  /** The catalogue SKU: its id and price as fallbacks. */
  readonly sku?:
    | { readonly id?: string | null | undefined; readonly price?: number | null | undefined }
    | null
    | undefined;
  /** Ids of the product collections (`pc_…`) the line's product or SKU belongs to. */
  readonly collection_ids?: readonly string[] | null | undefined;
}

/**
 * The order as it stands at this step of the stack.
 *
 * @example
 * ```ts
 * const order: RuleOrderInput = { amount: 10500, initial_amount: 10500, total_amount: 9450, items: [{ product_id: 'prod_1', price: 10500 }] };
 * ```
 */
export interface RuleOrderInput {
  /** The amount before this incentive (after earlier incentives of the stack); the sum of line amounts when not given. */
  readonly amount?: number | null | undefined;
  /** The amount before any incentive; `amount` when not given. */
  readonly initial_amount?: number | null | undefined;
  /** The amount after this incentive's discount; `amount` when not given. */
  readonly total_amount?: number | null | undefined;
  /** The order's metadata, for `order.metadata`. */
  readonly metadata?: RuleMetadata | null | undefined;
  /** The order lines, in the order of the request. */
  readonly items?: readonly RuleOrderItemInput[] | null | undefined;
}

/**
 * Earlier redemptions counted over the calendar periods that contain the moment of the
 * validation: all of them, this day, this week and this month, in the project's time zone and
 * with its first day of the week. Missing counts are zero.
 *
 * @example
 * ```ts
 * const counts: RedemptionPeriodCounts = { total: 12, daily: 1, weekly: 3, monthly: 7 };
 * ```
 */
export interface RedemptionPeriodCounts {
  /** All of them. */
  readonly total?: number | null | undefined;
  /** Those of the calendar day of the validation. */
  readonly daily?: number | null | undefined;
  /** Those of its week. */
  readonly weekly?: number | null | undefined;
  /** Those of its calendar month. */
  readonly monthly?: number | null | undefined;
}

/**
 * The redemption being judged and the redemptions that came before it.
 *
 * @example
 * ```ts
 * const redemption: RuleRedemptionInput = {
 *   metadata: { channel: 'pos' },
 *   api_key: 'app_key_1',
 *   counts: { incentive: { daily: 4 }, customer: { total: 1 } },
 * };
 * ```
 */
export interface RuleRedemptionInput {
  /** The redemption request's metadata, for `redemption.metadata`. */
  readonly metadata?: RuleMetadata | null | undefined;
  /** The API key that sends the request, as the rule names it, for `redemption.api_key`. */
  readonly api_key?: string | null | undefined;
  /** The project user who sends the request, for `redemption.user.login`. */
  readonly user?: { readonly login?: string | null | undefined } | null | undefined;
  /** Gift credits this redemption spends. */
  readonly gift?: { readonly credits?: number | null | undefined } | null | undefined;
  /** Loyalty points this redemption pays with, for `redemption.reward.pay_with_points.points_used`. */
  readonly points_used?: number | null | undefined;
  /** The discount this redemption gives, for `campaign.orders.amount_discounted`. */
  readonly discount_amount?: number | null | undefined;
  /** Earlier redemptions, not counting this one. */
  readonly counts?:
    | {
        /** Of this code or promotion tier. */
        readonly incentive?: RedemptionPeriodCounts | null | undefined;
        /** Of this code or promotion tier by this customer. */
        readonly customer?: RedemptionPeriodCounts | null | undefined;
        /** Of this code or promotion tier sent with this API key. */
        readonly api_key?: number | null | undefined;
        /** Of this code or promotion tier sent by this user. */
        readonly user?: number | null | undefined;
      }
    | null
    | undefined;
}

/**
 * The campaign's budget so far: what earlier redemptions of all its codes or tiers used up.
 *
 * @example
 * ```ts
 * const campaign: RuleCampaignInput = { orders_amount: 250000, redemptions: { total: 40, daily: 2 } };
 * ```
 */
export interface RuleCampaignInput {
  /** Sum of the amounts of the orders redeemed so far. */
  readonly orders_amount?: number | null | undefined;
  /** Sum of the discounts given so far. */
  readonly orders_amount_discounted?: number | null | undefined;
  /** Gift credits redeemed so far. */
  readonly gift_amount?: number | null | undefined;
  /** Redemptions so far. */
  readonly redemptions?: RedemptionPeriodCounts | null | undefined;
  /** Redemptions so far by this customer. */
  readonly customer_redemptions?: RedemptionPeriodCounts | null | undefined;
}

/**
 * Everything validation rules are judged against. Only `now` is required; a rule that reads a
 * part that is missing sees no value (see {@link evaluateValidationRules}).
 *
 * @example
 * ```ts
 * const context: ValidationRuleContext = {
 *   now: Date.UTC(2026, 0, 31, 12),
 *   timeZone: 'Europe/Warsaw',
 *   customer: { id: 'cust_1', segment_ids: ['seg_new'] },
 *   order: { amount: 120000, items: [{ product_id: 'prod_iphone', quantity: 1, price: 120000 }] },
 * };
 * ```
 */
export interface ValidationRuleContext {
  /** The moment of the validation, in epoch milliseconds or as a `Date`; relative dates count from it. */
  readonly now: number | Date;
  /** The project's IANA time zone, in which dates, days and hours are read; `UTC` by default. */
  readonly timeZone?: string | undefined;
  /** The customer of the validation, for `customer.*` rules and per-customer counts. */
  readonly customer?: RuleCustomerInput | null | undefined;
  /** The order at this step of the stack, for `order.*`, `product.*` and `sku.*` rules. */
  readonly order?: RuleOrderInput | null | undefined;
  /** The redemption being judged and the earlier ones, for `redemption.*` rules. */
  readonly redemption?: RuleRedemptionInput | null | undefined;
  /** What the campaign has used so far, for `campaign.*` rules and `redemption.gift.amount`. */
  readonly campaign?: RuleCampaignInput | null | undefined;
  /** The holder of the code, for `publication.redeemable_by_linked_customer`; none for an unpublished code. */
  readonly publication?:
    | { readonly customer_id?: string | null | undefined; readonly customer_source_id?: string | null | undefined }
    | null
    | undefined;
  /** The custom event that triggers an earning rule or a distribution, for `custom_event.metadata`. */
  readonly custom_event?: { readonly metadata?: RuleMetadata | null | undefined } | null | undefined;
}

/** A reference an order line answers to: its product, its SKU, or one of its collections. */
interface LineReference {
  readonly id: string;
  readonly object: 'product' | 'sku' | 'products_collection';
}

/** An order line read once, with every fallback applied. */
export interface OrderLine {
  /** Position in the request, from 0. */
  readonly index: number;
  readonly product_id: string | undefined;
  readonly sku_id: string | undefined;
  readonly quantity: number;
  /** Unit price, when it can be known. */
  readonly price: number | undefined;
  /** Amount before discounts, when it can be known. */
  readonly amount: number | undefined;
  readonly metadata: RuleMetadata | undefined;
  readonly product_metadata: RuleMetadata | undefined;
  /** What the line answers to: the product (a SKU line answers to its product too), the SKU, the collections. */
  readonly references: readonly LineReference[];
}

const present = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

const finite = (value: number | null | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Reads the order lines once: quantities default to 1, prices and amounts fall back on each other. */
export const readOrderLines = (items: readonly RuleOrderItemInput[] | null | undefined): readonly OrderLine[] =>
  (items ?? []).map((item, index) => {
    const quantity = finite(item.quantity) ?? 1;
    const givenAmount = finite(item.amount);
    const price =
      finite(item.price) ??
      finite(item.sku?.price) ??
      finite(item.product?.price) ??
      (givenAmount !== undefined && quantity > 0 ? givenAmount / quantity : undefined);
    const amount = givenAmount ?? (price === undefined ? undefined : price * quantity);
    const product_id = present(item.product_id) ?? present(item.product?.id);
    const sku_id = present(item.sku_id) ?? present(item.sku?.id);
    const references: LineReference[] = [];
    if (product_id !== undefined) references.push({ id: product_id, object: 'product' });
    if (sku_id !== undefined) references.push({ id: sku_id, object: 'sku' });
    for (const id of item.collection_ids ?? []) references.push({ id, object: 'products_collection' });
    return {
      index,
      product_id,
      sku_id,
      quantity,
      price,
      amount,
      metadata: present(item.metadata),
      product_metadata: present(item.product?.metadata),
      references,
    };
  });
