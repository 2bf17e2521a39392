import type { CsvCell } from '../../../core/csv.js';
import type { ExportSource } from '../../platform/exports/source.js';
import type { RedemptionExportRow, RedemptionStore } from './store.js';

/** A column of the row's record, or empty when the record has no value there. */
const cell = (value: string | number | null | undefined): CsvCell => value ?? '';

/**
 * Redemptions, failed redemptions and rollbacks as `exported_object: 'redemption'` writes them:
 * one row per record, filtered on the fields `GET /v1/redemptions` filters on (and `campaign`,
 * `customer`, `voucher`, `related_object`), newest first unless the request says otherwise.
 *
 * @param redemptions - The project's redemptions.
 * @returns The source to register under `redemption`.
 */
export const redemptionExportSource = (redemptions: RedemptionStore): ExportSource<RedemptionExportRow> => ({
  rows: () => redemptions.exportRows(),
  view: (row) => row.view,
  columns: {
    id: (row) => row.record.id,
    object: (row) => row.record.object,
    date: (row) => cell(row.record.date),
    voucher_code: (row) => cell(row.record.voucher?.code),
    campaign: (row) => cell(row.campaign?.name),
    promotion_tier_id: (row) => cell(row.record.promotion_tier?.id),
    customer_id: (row) => cell(row.record.customer_id),
    customer_source_id: (row) => cell(row.record.customer?.source_id),
    customer_name: (row) => cell(row.record.customer?.name),
    tracking_id: (row) => cell(row.record.tracking_id),
    order_id: (row) => cell(row.record.order?.id),
    order_amount: (row) => cell(row.record.order?.amount),
    gift_amount: (row) => cell(row.record.gift?.amount),
    loyalty_points: (row) => cell(row.record.loyalty_card?.points),
    result: (row) => row.record.result,
    failure_code: (row) => cell(row.record.failure_code),
    failure_message: (row) => cell(row.record.failure_message),
    metadata: (row) => (row.record.metadata ? JSON.stringify(row.record.metadata) : ''),
  },
  defaultFields: ['id', 'object', 'voucher_code', 'customer_id', 'date', 'result'],
  filterFields: [
    'id',
    'created_at',
    'campaign',
    'customer',
    'voucher',
    'related_object',
    'voucher_code',
    'related_object_id',
    'related_object_parent_id',
    'parent_redemption_id',
    'failure_code',
    'result',
    'object',
    'customer_id',
    'campaign_name',
    'user_login',
    'status',
    'tracking_id',
    'metadata.*',
  ],
});
