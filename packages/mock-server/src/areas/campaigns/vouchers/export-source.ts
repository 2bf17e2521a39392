import { redeemableStatus } from '@voucherkit/domain';
import type { CsvCell } from '../../../core/csv.js';
import type { CustomerStore } from '../../customers/customers/store.js';
import { type ExportSource, columnLabel, sameNameColumns } from '../../platform/exports/source.js';
import { type ExportStore, scheduledExport } from '../../platform/exports/store.js';
import type { VoucherStore } from './store.js';
import type { StoredVoucher, VoucherTransaction } from './types.js';

/** A property of a discount of any variant (`amount_off`, `percent_off_formula` …), when it is written. */
const discountField = (voucher: StoredVoucher, key: string): CsvCell => {
  const value = (voucher.discount as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
};

/** The discount's size in its own unit: the amount, the percentage, the free units or the new price. */
const DISCOUNT_VALUE: Readonly<Record<string, string>> = {
  AMOUNT: 'amount_off',
  PERCENT: 'percent_off',
  UNIT: 'unit_off',
  FIXED: 'fixed_amount',
};

const discountType = (voucher: StoredVoucher): string | undefined =>
  discountField(voucher, 'type') as string | undefined;

/**
 * The rows of a voucher export: the project's vouchers (of one campaign with
 * `parameters.campaign_id`). `value` is what the voucher is worth in its own unit: the discount
 * (amount or price in minor units, percentage, free units), the gift card balance, the loyalty
 * card's points balance. Filters may also name `redemption_status`, the voucher's state as a
 * customer's wallet shows it (`ACTIVE`, `USED`, `DISABLED`, `NOT_ACTIVE_YET`, `EXPIRED`,
 * `NO_BALANCE`) when the rows are picked, and `published_for_customer_id`, the id of the customer
 * the voucher was published to. Headers are the columns' labels (`Voucher Type`).
 *
 * @param vouchers - The vouchers store.
 * @param customers - The customers store, for `customer_source_id`.
 * @returns The source to register as `voucher`.
 */
export const voucherExportSource = (vouchers: VoucherStore, customers: CustomerStore): ExportSource<StoredVoucher> => ({
  rows: (parameters) => {
    if (parameters.campaign_id === undefined) return vouchers.all();
    return vouchers.idsOfCampaign(parameters.campaign_id).map((id) => vouchers.get(id));
  },
  view: (voucher, named) => ({
    ...voucher,
    category_ids: voucher.category_id === null || voucher.category_id === undefined ? [] : [voucher.category_id],
    categories: voucher.category === null || voucher.category === undefined ? [] : [voucher.category],
    created_date: voucher.created_at?.slice(0, 10),
    vouchers: voucher.id,
    // A validity check per voucher is not free: only when a filter or the order names it.
    redemption_status: named('redemption_status')
      ? redeemableStatus(voucher, vouchers.checkValidity(voucher.id))
      : undefined,
    // Only publishing sets a holder, and a published code is never published again.
    published_for_customer_id: (voucher.publish?.count ?? 0) > 0 ? (voucher.holder_id ?? null) : null,
  }),
  columns: {
    ...sameNameColumns<StoredVoucher>(
      'code',
      'campaign',
      'category',
      'start_date',
      'expiration_date',
      'active',
      'metadata',
      'id',
      'is_referral_code',
      'created_at',
      'updated_at',
      'campaign_id',
      'additional_info',
    ),
    voucher_type: (voucher) => voucher.type,
    value: (voucher) => {
      if (voucher.type === 'GIFT_VOUCHER') return voucher.gift?.balance;
      if (voucher.type === 'LOYALTY_CARD') return voucher.loyalty_card?.balance;
      const key = DISCOUNT_VALUE[discountType(voucher) ?? ''];
      return key === undefined ? undefined : discountField(voucher, key);
    },
    formula: (voucher) => {
      const key = DISCOUNT_VALUE[discountType(voucher) ?? ''];
      return key === undefined ? undefined : discountField(voucher, `${key}_formula`);
    },
    discount_type: (voucher) => discountType(voucher),
    gift_balance: (voucher) => voucher.gift?.balance,
    loyalty_balance: (voucher) => voucher.loyalty_card?.balance,
    redemption_quantity: (voucher) => voucher.redemption?.quantity,
    redemption_count: (voucher) => voucher.redemption?.redeemed_quantity,
    qr_code: (voucher) => voucher.assets?.qr?.url,
    bar_code: (voucher) => voucher.assets?.barcode?.url,
    validity_timeframe_interval: (voucher) => voucher.validity_timeframe?.interval,
    validity_timeframe_duration: (voucher) => voucher.validity_timeframe?.duration,
    validity_day_of_week: (voucher) => voucher.validity_day_of_week?.join(','),
    discount_amount_limit: (voucher) => discountField(voucher, 'amount_limit'),
    customer_id: (voucher) => voucher.holder_id,
    discount_effect: (voucher) => discountField(voucher, 'effect'),
    discount_unit_type: (voucher) => discountField(voucher, 'unit_type'),
    discount_unit_effect: (voucher) =>
      discountType(voucher) === 'UNIT' ? discountField(voucher, 'effect') : undefined,
    validation_rules_id: (voucher) =>
      vouchers
        .ruleAssignments(voucher)
        .data?.map((assignment) => assignment.rule_id)
        .join(','),
    customer_source_id: (voucher) => (voucher.holder_id ? customers.find(voucher.holder_id)?.source_id : undefined),
  },
  header: columnLabel,
  defaultFields: ['code', 'voucher_type', 'value', 'discount_type'],
  filterFields: [
    'created_at',
    'updated_at',
    'created_date',
    'active',
    'start_date',
    'expiration_date',
    'validity_day_of_week',
    'code',
    'categories',
    'vouchers',
    'holder_id',
    'is_referral_code',
    'validity_timeframe',
    'category_ids',
    'campaign_id',
    'type',
    'redemption_status',
    'published_for_customer_id',
    'metadata.*',
  ],
});

/**
 * The rows of a card transaction export: every gift card and loyalty card transaction of the
 * project; the voucher and campaign forms narrow them with a `voucher_id` or `campaign_id`
 * filter. `amount` is the change (minor units or points) and `balance` the balance after it.
 *
 * @param vouchers - The vouchers store.
 * @returns The source to register as `voucher_transactions`.
 */
export const voucherTransactionExportSource = (vouchers: VoucherStore): ExportSource<VoucherTransaction> => ({
  rows: () => vouchers.transactions.all(),
  columns: {
    ...sameNameColumns<VoucherTransaction>(
      'id',
      'campaign_id',
      'voucher_id',
      'type',
      'source_id',
      'reason',
      'source',
      'related_transaction_id',
      'created_at',
      'details',
    ),
    balance: (transaction) => transaction.details.balance?.balance,
    amount: (transaction) => transaction.details.balance?.amount ?? transaction.details.balance?.points,
  },
  defaultFields: ['id', 'type', 'source_id', 'reason', 'source', 'balance', 'amount', 'created_at'],
  filterFields: ['created_at', 'voucher_id', 'campaign_id'],
});

/**
 * Schedules an export of card transactions narrowed to one campaign or one card, as the
 * transaction export operations of campaigns, vouchers and loyalty programmes do: the request's
 * other conditions stay, the scope's are added.
 *
 * @param exports - The project's exports.
 * @param parameters - The request's `parameters`.
 * @param scope - The campaign (`camp_…`) or the card (`v_…`) whose transactions go out.
 * @returns The scheduled export, with the parameters it runs with.
 */
export const exportTransactionsOf = (
  exports: ExportStore,
  parameters: object | null | undefined,
  scope: { readonly campaign_id: string } | { readonly voucher_id: string },
) => {
  const { filters, ...rest } = (parameters ?? {}) as { readonly filters?: object | null | undefined };
  const [field, id] = 'campaign_id' in scope ? ['campaign_id', scope.campaign_id] : ['voucher_id', scope.voucher_id];
  const scoped = { ...rest, filters: { ...filters, [field]: { conditions: { $in: [id] } } } };
  return {
    ...scheduledExport(exports.create('voucher_transactions', scoped)),
    exported_object: 'voucher_transactions' as const,
    parameters: scoped,
  };
};
