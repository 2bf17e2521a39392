import { type ExportSource, sameNameColumns } from '../../platform/exports/source.js';
import type { PublicationExportRow, PublicationStore } from './store.js';

/**
 * Publications as `exported_object: 'publication'` writes them: one row per published code (a
 * failed attempt gives one row without a code), filtered on the publication's fields and sorted
 * newest first unless the request says otherwise.
 *
 * @param publications - The project's publications.
 * @returns The source to register under `publication`.
 */
export const publicationExportSource = (publications: PublicationStore): ExportSource<PublicationExportRow> => ({
  rows: () => publications.exportRows(),
  view: (row) => ({ ...publications.filterViewOf(row.publication_id), voucher_code: row.voucher_code, date: row.date }),
  columns: sameNameColumns<PublicationExportRow>(
    'voucher_code',
    'customer_id',
    'customer_source_id',
    'date',
    'channel',
    'campaign',
    'is_winner',
    'metadata',
  ),
  defaultFields: ['voucher_code', 'customer_id', 'date', 'channel'],
  filterFields: [
    'created_at',
    'campaign',
    'customer',
    'voucher',
    'failure_code',
    'result',
    'customer_id',
    'campaign_name',
    'voucher_type',
    'is_referral_code',
    'parent_object_id',
    'related_object_id',
    'source_id',
    'metadata.*',
  ],
});
