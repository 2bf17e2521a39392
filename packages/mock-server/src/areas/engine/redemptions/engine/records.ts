import type { Resource } from '../../../../core/resource.js';
import { simpleCustomer } from '../../../customers/customers/profile.js';
import type { Customer } from '../../../customers/customers/store.js';
import { simpleVoucher } from '../../../campaigns/vouchers/shapes.js';
import type { StoredVoucher } from '../../../campaigns/vouchers/types.js';
import { sharedWhenEmpty } from '../../../../core/immutable.js';

/**
 * The metadata a redemption or rollback record keeps: what the request sent, or `null` when it
 * sent none, as the service answers it.
 *
 * @param sent - The request's `metadata`.
 * @returns The record's metadata.
 */
export const recordMetadata = (
  sent: Readonly<Record<string, unknown>> | null | undefined,
): Readonly<Record<string, unknown>> | null => (sent === undefined || sent === null ? null : sharedWhenEmpty(sent));

/**
 * A redemption as it is stored and listed: a parent, a child, a single redemption, or a failed
 * one (`rf_…`).
 */
export type RedemptionRecord = Resource<'RedemptionWithVoucherWithoutStackingRulesTypeCategory'>;

/** A rollback of a redemption as it is stored and listed (`rr_…`, or `rrf_…` for a refused one). */
export type RedemptionRollbackRecord = Resource<'RedemptionRollback'>;

/** How a request reached the service: the `channel` of its records. */
export type RedemptionChannel = NonNullable<RedemptionRecord['channel']>;

/**
 * A record as the store keeps it: its `voucher` is the stored version the redemption left (shared
 * with the vouchers store until the voucher changes again), not the voucher as the API shows it.
 * The store presents it (assets, category objects, rule assignments) when the record is read, so
 * each record holds one small version instead of a presented copy.
 */
export type KeptRecord = KeptRedemption | KeptRollback;

/** A redemption record as the store keeps it (see {@link KeptRecord}). */
export type KeptRedemption = Omit<RedemptionRecord, 'voucher'> & { readonly voucher: StoredVoucher | null };

/** A rollback record as the store keeps it (see {@link KeptRecord}). */
export type KeptRollback = Omit<RedemptionRollbackRecord, 'voucher'> & { readonly voucher: StoredVoucher | null };

/**
 * What the store keeps about each record beyond what it shows. Never changed in place: the
 * store replaces an entry to change it.
 */
export interface RedemptionEntry {
  /** The record, with its voucher as a stored version. */
  readonly record: KeptRecord;
  /** The voucher it redeemed (children and single redemptions), by id. */
  readonly voucherId: string | undefined;
  /** Its campaign. */
  readonly campaign: { readonly id: string; readonly name: string } | undefined;
  /** Credits a gift card spent. */
  readonly credits: number;
  /** Points a loyalty card spent; a rollback gives them back. */
  readonly points?: number | undefined;
  /**
   * Units the redemption's discount reached, for product budgets: by the id of each
   * `applicable_to` entry and, under a collection, by the line's product (or SKU); absent when it
   * reached no listed entry.
   */
  readonly discountedUnits?: Readonly<Record<string, number>> | undefined;
  /** Ids of the children of a parent redemption. */
  readonly children: readonly string[];
  /** The answer of the request, replayed to a retry. */
  readonly result?: Resource<'RedemptionResult'> | undefined;
  /** When it was rolled back, epoch milliseconds. */
  readonly rolledBackAt?: number | undefined;
}

/**
 * A kept record as the API shows it: its voucher version presented as the vouchers store shows
 * vouchers (assets, category objects, the rule assignments in force now).
 */
export const shownRecord = <R extends KeptRecord>(
  record: R,
  vouchers: { present(voucher: StoredVoucher): Resource<'Voucher'> },
): R extends KeptRedemption ? RedemptionRecord : RedemptionRollbackRecord =>
  (record.voucher === null
    ? record
    : { ...record, voucher: vouchers.present(record.voucher) }) as R extends KeptRedemption
    ? RedemptionRecord
    : RedemptionRollbackRecord;

/** The customer of a record in short form. */
export const recordCustomer = (customer: Customer | undefined): RedemptionRecord['customer'] =>
  customer ? simpleCustomer(customer) : null;

/** A redemption or rollback as event payloads show it (`SimpleRedemption`). */
export const simpleRedemption = (record: KeptRecord): Resource<'SimpleRedemption'> => ({
  id: record.id,
  customer_id: record.customer_id,
  ...(record.tracking_id === null ? {} : { tracking_id: record.tracking_id }),
  date: record.date,
  ...(record.amount === undefined ? {} : { amount: record.amount }),
  result: record.result,
  status: record.status ?? (record.result === 'SUCCESS' ? 'SUCCEEDED' : 'FAILED'),
  ...(record.voucher ? { voucher: simpleVoucher(record.voucher) } : {}),
  ...(record.redemption === null ? {} : { redemption: record.redemption }),
  metadata: record.metadata,
  ...(record.failure_code === undefined ? {} : { failure_code: record.failure_code }),
  ...(record.failure_message === undefined ? {} : { failure_message: record.failure_message }),
  ...('reason' in record && record.reason !== undefined ? { reason: record.reason } : {}),
  ...(record.channel === undefined
    ? {}
    : { channel: { channel_id: record.channel.channel_id, channel_type: record.channel.channel_type } }),
  object: record.object,
});

/** An order as event payloads show it (`SimpleOrder`). */
export const simpleOrder = (order: NonNullable<RedemptionRecord['order']>): Resource<'SimpleOrder'> => ({
  ...(order.id === undefined ? {} : { id: order.id }),
  source_id: order.source_id ?? null,
  ...(order.status === undefined ? {} : { status: order.status }),
  customer_id: order.customer_id,
  referrer_id: order.referrer_id,
  ...(order.amount === undefined ? {} : { amount: order.amount }),
  ...(order.discount_amount === undefined ? {} : { discount_amount: order.discount_amount }),
  ...(order.applied_discount_amount === undefined ? {} : { applied_discount_amount: order.applied_discount_amount }),
  ...(order.items_discount_amount === undefined ? {} : { items_discount_amount: order.items_discount_amount }),
  ...(order.items_applied_discount_amount === undefined
    ? {}
    : { items_applied_discount_amount: order.items_applied_discount_amount }),
  ...(order.total_discount_amount === undefined ? {} : { total_discount_amount: order.total_discount_amount }),
  ...(order.total_applied_discount_amount === undefined
    ? {}
    : { total_applied_discount_amount: order.total_applied_discount_amount }),
  ...(order.total_amount === undefined ? {} : { total_amount: order.total_amount }),
  items: (order.items ?? []).map((item) => ({
    object: 'order_item' as const,
    ...(item.source_id === undefined ? {} : { source_id: item.source_id }),
    ...(item.related_object === undefined ? {} : { related_object: item.related_object }),
    ...(item.product_id === undefined ? {} : { product_id: item.product_id }),
    ...(item.sku_id === undefined ? {} : { sku_id: item.sku_id }),
    quantity: item.quantity,
    ...(item.amount === undefined ? {} : { amount: item.amount }),
    ...(item.discount_amount === undefined ? {} : { discount_amount: item.discount_amount }),
    ...(item.applied_discount_amount === undefined ? {} : { applied_discount_amount: item.applied_discount_amount }),
    ...(item.price === undefined ? {} : { price: item.price }),
    ...(item.subtotal_amount === undefined ? {} : { subtotal_amount: item.subtotal_amount }),
  })),
  metadata: { ...order.metadata },
  object: 'order',
  ...(order.created_at === undefined ? {} : { created_at: order.created_at }),
});

/**
 * What one more redemption of a voucher changes on it (`delta` 1), or a rollback of one (-1): its
 * redemption count and, for a gift card, the credits spent and the balance.
 */
export const redemptionChanges = (voucher: StoredVoucher, delta: 1 | -1, credits = 0): Partial<StoredVoucher> => {
  const redemption: NonNullable<StoredVoucher['redemption']> = voucher.redemption ?? {
    quantity: null,
    redeemed_quantity: 0,
    object: 'list',
  };
  return {
    redemption: {
      ...redemption,
      redeemed_quantity: Math.max(0, redemption.redeemed_quantity + delta),
      ...(credits > 0 ? { redeemed_amount: Math.max(0, (redemption.redeemed_amount ?? 0) + delta * credits) } : {}),
    },
    ...(credits > 0 && voucher.gift
      ? { gift: { ...voucher.gift, balance: voucher.gift.balance - delta * credits } }
      : {}),
  };
};
