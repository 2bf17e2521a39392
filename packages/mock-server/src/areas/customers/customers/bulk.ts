import { metadataFromText } from '@voucherkit/domain/internals';
import { type CsvRow, csvValues, readCsv } from '../../../core/csv.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import { type BulkJob, importSummary, updateSummary } from '../../platform/async-actions/job.js';
import type { MetadataSchemaStore } from '../../catalog/metadata-schemas/store.js';
import { cellOf } from '../../catalog/products/bulk.js';
import type { CustomerStore, CustomerUpsert } from './store.js';

/**
 * The standard columns of a customer CSV file (matched without regard to case) and the field
 * each fills; every other column becomes metadata.
 */
const CUSTOMER_COLUMNS: Readonly<Record<string, (customer: CustomerUpsert, value: string) => void>> = {
  id: (customer, value) => (customer.id = value),
  source_id: (customer, value) => (customer.source_id = value),
  name: (customer, value) => (customer.name = value),
  email: (customer, value) => (customer.email = value),
  phone: (customer, value) => (customer.phone = value),
  birthdate: (customer, value) => (customer.birthdate = value),
  description: (customer, value) => (customer.description = value),
  address_line_1: (customer, value) => (customer.address = { ...customer.address, line_1: value }),
  address_line_2: (customer, value) => (customer.address = { ...customer.address, line_2: value }),
  address_postal_code: (customer, value) => (customer.address = { ...customer.address, postal_code: value }),
  address_city: (customer, value) => (customer.address = { ...customer.address, city: value }),
  address_state: (customer, value) => (customer.address = { ...customer.address, state: value }),
  address_country: (customer, value) => (customer.address = { ...customer.address, country: value }),
};

const DATE = /^\d{4}-\d{2}-\d{2}$/u;

/**
 * The customer a row of a customer CSV file describes. Empty cells are left out.
 *
 * @param values - The row's cells by column name.
 * @param metadataProperties - The customer metadata schema's properties, to type metadata.
 * @returns The create-or-update request of the row.
 * @throws ApiError 400 `invalid_payload` when the row names the customer by neither `source_id`
 *   nor id, or its birthdate is not a date.
 */
const customerFromCsv = (
  values: Readonly<Record<string, string>>,
  metadataProperties?: Resource<'MetadataSchema'>['properties'],
): CustomerUpsert => {
  const customer: CustomerUpsert = {};
  const rest: Record<string, string> = {};
  for (const [column, text] of Object.entries(values)) {
    const value = text.trim();
    const apply = CUSTOMER_COLUMNS[column.toLowerCase()];
    if (apply === undefined) rest[column] = text;
    else if (value !== '') apply(customer, value);
  }
  if (customer.source_id === undefined && customer.id === undefined)
    throw ApiError.invalidPayload('The row has no source_id.');
  if (customer.birthdate !== undefined && !DATE.test(customer.birthdate))
    throw ApiError.invalidPayload('Column birthdate should be a date (YYYY-MM-DD).');
  const metadata = metadataFromText(rest, metadataProperties);
  return Object.keys(metadata).length === 0 ? customer : { ...customer, metadata };
};

/**
 * The bulk job of `POST /v1/customers/importCSV`: each row creates or updates a customer (by
 * `source_id`), with no `customer.*` events. A row that fails leaves nothing behind.
 *
 * @param customers - The project's customers.
 * @param metadataSchemas - The project's metadata schemas, to type metadata columns.
 * @param file - The uploaded CSV file.
 * @returns The job.
 */
export const customerImportJob = (
  customers: CustomerStore,
  metadataSchemas: MetadataSchemaStore,
  file: Blob,
): BulkJob<CsvRow> => ({
  items: async () => (await readCsv(file)).rows,
  process: (row) => {
    customers.upsert(customerFromCsv(csvValues(row), metadataSchemas.find('customer')?.properties), { silent: true });
  },
  identify: (row) => ({ row: row.row, source_id: cellOf(row.values, 'source_id') }),
  summarize: importSummary('customer'),
});

/**
 * The bulk job of `POST /v1/customers/bulk/async`: each entry updates the customer with its
 * `source_id`, or creates it, with no `customer.*` events.
 *
 * @param customers - The project's customers.
 * @param updates - The request body.
 * @returns The job.
 */
export const customerBulkUpdateJob = (
  customers: CustomerStore,
  updates: readonly Resource<'CustomerUpdateInBulkRequest'>[],
): BulkJob<Resource<'CustomerUpdateInBulkRequest'>> => ({
  items: updates,
  process: (update) => {
    customers.upsert(update, { silent: true });
  },
  identify: (update) => ({ source_id: update.source_id }),
  summarize: updateSummary,
});

/**
 * The bulk job of `POST /v1/customers/metadata/async`: the same metadata on every customer
 * listed by `source_id` (a customer that does not exist is created), with no `customer.*` events.
 *
 * @param customers - The project's customers.
 * @param request - The source ids and the metadata.
 * @returns The job.
 */
export const customerMetadataJob = (
  customers: CustomerStore,
  request: Resource<'ProductMetadataUpdateInBulkRequest'>,
): BulkJob<string> => ({
  items: request.source_ids ?? [],
  process: (sourceId) => {
    customers.upsert(
      { source_id: sourceId, ...(request.metadata === undefined ? {} : { metadata: request.metadata }) },
      { silent: true },
    );
  },
  identify: (sourceId) => ({ source_id: sourceId }),
  summarize: updateSummary,
});
