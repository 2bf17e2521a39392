import { type ExportSource, sameNameColumns } from '../../platform/exports/source.js';
import type { LoyaltyCardLedger, PointsBucketRow } from './ledger.js';

const FIELDS = ['id', 'campaign_id', 'voucher_id', 'points', 'status', 'expires_at'] as const;

/**
 * Rows of a points expiration export: every bucket of points of every loyalty card, spendable and
 * expired, soonest expiry first unless `order` says otherwise.
 *
 * @param ledger - The project's loyalty card ledger.
 * @returns The export source.
 */
export const pointsExpirationExportSource = (ledger: LoyaltyCardLedger): ExportSource<PointsBucketRow> => ({
  rows: () => ledger.bucketRows(),
  columns: sameNameColumns<PointsBucketRow>(...FIELDS),
  defaultFields: FIELDS,
  filterFields: ['voucher_id', 'campaign_id', 'status', 'expires_at'],
  defaultOrder: 'expires_at',
});
