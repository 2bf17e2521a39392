import { type CsvRow, csvValues, readCsv, requireColumns } from '../../../core/csv.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import { type BulkJob, importSummary, updateSummary } from '../../platform/async-actions/job.js';
import { type VoucherImportItem, importedVoucher, voucherFromCsvRow } from './import-rows.js';
import type { VoucherStore } from './store.js';
import type { VoucherCreateInput } from './types.js';

/**
 * One item of a voucher import, named by its row (from 1) and code in `result.failed`, and read
 * only when the job reaches it, so that a row that cannot be read fails alone.
 */
export interface ImportRow {
  /** How `result.failed` names the row when it fails: its position from 1 and its code. */
  readonly key: { readonly row: number; readonly code?: string };
  /** Reads the row into a voucher's settings; throws the row's failure. */
  readonly input: () => VoucherCreateInput;
}

/**
 * The rows of a JSON import.
 *
 * @param items - The vouchers as sent.
 * @param standalone - Whether they join no campaign.
 * @returns One row per item.
 */
export const jsonImportRows = (items: readonly VoucherImportItem[], standalone: boolean): ImportRow[] =>
  items.map((item, index) => ({
    key: { row: index + 1, ...(item.code === undefined ? {} : { code: item.code }) },
    input: () => importedVoucher(item, standalone),
  }));

/**
 * The rows of a CSV import, read from the uploaded file when the job starts: a file that cannot be
 * read, or has no `code` column, fails the whole job.
 *
 * @param file - The uploaded file.
 * @param campaignVoucherType - The kind of the campaign's vouchers, when importing into one.
 * @returns A function for the job's `items`.
 */
export const csvImportRows = (file: Blob, campaignVoucherType?: string) => async (): Promise<ImportRow[]> => {
  const table = await readCsv(file);
  const codeColumn = table.columns.find((column) => column.trim().toLowerCase() === 'code') ?? 'code';
  const { rows } = requireColumns(table, [codeColumn]);
  return rows.map((row: CsvRow) => ({
    key: { row: row.row, ...(row.values[codeColumn] ? { code: row.values[codeColumn] } : {}) },
    input: () => voucherFromCsvRow(csvValues(row), campaignVoucherType),
  }));
};

/**
 * A job that imports standalone vouchers: each row is checked in full (code free, category known,
 * validity window well formed) before anything of it is stored.
 *
 * @param vouchers - The project's vouchers.
 * @param items - The rows, or a function that reads them when the job starts.
 * @param origin - The request; `silent` unless the import asked for webhooks.
 * @returns The job.
 */
export const voucherImportJob = (
  vouchers: VoucherStore,
  items: BulkJob<ImportRow>['items'],
  origin: Origin,
): BulkJob<ImportRow> => ({
  items,
  process: (row) => {
    const input = row.input();
    if (input.type === 'LOYALTY_CARD') {
      throw new ApiError(400, 'invalid_voucher', 'Invalid voucher', {
        details: 'A loyalty card needs a loyalty campaign; import it into one.',
      });
    }
    vouchers.create(input, origin, null);
  },
  identify: (row) => row.key,
  summarize: importSummary('voucher'),
});

/**
 * A job that sets metadata on vouchers, each with its own values (`POST /v1/vouchers/bulk/async`)
 * or all with the same (`POST /v1/vouchers/metadata/async`). A code that does not exist fails
 * alone; no voucher is created.
 *
 * @param vouchers - The project's vouchers.
 * @param updates - Code and metadata of each change.
 * @returns The job.
 */
export const metadataUpdateJob = (
  vouchers: VoucherStore,
  updates: readonly Resource<'VoucherUpdateInBulkItemRequest'>[],
): BulkJob<Resource<'VoucherUpdateInBulkItemRequest'>> => ({
  items: updates,
  process: (update) => {
    vouchers.mergeMetadata(update.code, update.metadata, { silent: true });
  },
  identify: (update) => ({ code: update.code }),
  summarize: updateSummary,
});
