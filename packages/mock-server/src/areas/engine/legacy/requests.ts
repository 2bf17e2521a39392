import type { operations } from '@voucherkit/client';
import type { Resource } from '../../../core/resource.js';
import type { RequestedRedeemable, StackedRequest } from '../redemptions/engine/request.js';

/**
 * What a legacy request says besides the code or tier: the body of the server-side forms, or the
 * query of the client-side ones once read.
 */
export type LegacyContext = Partial<Resource<'LegacyVoucherValidateRequest'>>;

/** The query of `GET /client/v1/validate` and `GET /client/v1/promotions/validation`, as the mock reads it. */
export type LegacyClientQuery = Partial<operations['validateVoucherClientSide']['parameters']['query']>;

const isEmptyObject = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Object.keys(value).length === 0;

/**
 * The request's customer: its `customer`, else the customer its `tracking_id` names (a tracking id
 * is the customer's `source_id`; one the mock made up for an anonymous request, `track_…`, names
 * none). An empty object, which the client-side SDK sends without an identity, names none either.
 */
const customerOf = (context: LegacyContext): StackedRequest['customer'] => {
  if (context.customer !== undefined && !isEmptyObject(context.customer)) return context.customer;
  const tracking = context.tracking_id;
  return tracking !== undefined && tracking !== '' && !tracking.startsWith('track_')
    ? { source_id: tracking }
    : undefined;
};

/**
 * What the engine reads of a legacy context besides the redeemables: the customer (or the one the
 * tracking id names), the order, the session and the metadata, as they are.
 *
 * @param context - The body (or the client-side query, read).
 * @returns The customer, order, session and metadata of an engine request.
 */
export const engineContext = (context: LegacyContext): Omit<StackedRequest, 'redeemables'> => {
  const customer = customerOf(context);
  return {
    ...(customer === undefined ? {} : { customer }),
    ...(context.order === undefined ? {} : { order: context.order }),
    ...(context.session === undefined ? {} : { session: context.session }),
    ...(context.metadata === undefined ? {} : { metadata: context.metadata }),
  };
};

/**
 * The engine's request for one redeemable in a legacy context (see {@link engineContext}).
 *
 * @param redeemable - The voucher or promotion tier, with a card's credits or reward.
 * @param context - The body (or the client-side query, read).
 * @returns The body of a validation or redemption of that redeemable alone.
 */
export const engineRequest = (redeemable: RequestedRedeemable, context: LegacyContext): StackedRequest => ({
  redeemables: [redeemable],
  ...engineContext(context),
});

/**
 * A voucher as one redeemable: a gift card with the credits to use, a loyalty card with its
 * reward, when the context names them.
 *
 * @param code - The voucher code.
 * @param context - The body (or the client-side query, read).
 * @returns The redeemable.
 */
export const voucherRedeemable = (code: string, context: LegacyContext): RequestedRedeemable => ({
  object: 'voucher',
  id: code,
  ...(context.gift?.credits === undefined ? {} : { gift: { credits: context.gift.credits } }),
  ...(context.reward?.id === undefined
    ? {}
    : {
        reward: {
          id: context.reward.id,
          ...(context.reward.points === undefined ? {} : { points: context.reward.points }),
        },
      }),
});

/**
 * The context that the client-side query gives, qs-style: `customer` (a `source_id`, or
 * `customer[source_id]` with `customer[metadata][…]`), the order from `amount`, `item[i][…]` and
 * `order[metadata][…]`, the validation's `metadata[…]`, and a lock from the `session_*` values
 * when `session_type` asks for one.
 *
 * @param query - The query, read and coerced against the spec.
 * @returns The context, as a body would give it.
 */
export const clientContext = (query: LegacyClientQuery): LegacyContext => {
  const { customer, amount, item, order, metadata, tracking_id: trackingId } = query;
  const hasOrder = amount !== undefined || item !== undefined || order?.metadata !== undefined;
  return {
    ...(customer === undefined ? {} : { customer: typeof customer === 'string' ? { source_id: customer } : customer }),
    ...(hasOrder
      ? {
          order: {
            ...(amount === undefined ? {} : { amount }),
            ...(item === undefined ? {} : { items: item }),
            ...(order?.metadata === undefined ? {} : { metadata: order.metadata }),
          },
        }
      : {}),
    ...(metadata === undefined ? {} : { metadata }),
    ...(trackingId === undefined ? {} : { tracking_id: trackingId }),
    ...(query.session_type === undefined
      ? {}
      : {
          session: {
            type: query.session_type,
            ...(query.session_key === undefined ? {} : { key: query.session_key }),
            ...(query.session_ttl === undefined ? {} : { ttl: query.session_ttl }),
            ...(query.session_ttl_unit === undefined ? {} : { ttl_unit: query.session_ttl_unit }),
          },
        }),
  };
};

/**
 * The tracking id of a legacy answer: the customer's `source_id` as sent (or the `tracking_id`
 * that stands for it), else the engine's.
 *
 * @param context - The body (or the client-side query, read).
 * @param engine - The engine's tracking id, asked for only when the request names no `source_id`.
 * @returns The tracking id to answer.
 */
export const legacyTrackingId = (context: LegacyContext, engine: () => string): string => {
  const customer = customerOf(context);
  const sourceId =
    typeof customer === 'string' ? (customer.startsWith('cust_') ? undefined : customer) : customer?.source_id;
  return sourceId ?? engine();
};
