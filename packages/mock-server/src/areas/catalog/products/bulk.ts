import { metadataFromText } from '@voucherkit/domain/internals';
import { type CsvRow, csvValues, readCsv, requireColumns } from '../../../core/csv.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import { type BulkJob, importSummary, updateSummary } from '../../platform/async-actions/job.js';
import type { MetadataSchemaStore } from '../metadata-schemas/store.js';
import type { ProductStore } from './store.js';

type Properties = Resource<'MetadataSchema'>['properties'];

/** The cells of a row by lower-case column name, trimmed, without empty ones; and the other columns. */
const split = (
  values: Readonly<Record<string, string>>,
  standard: readonly string[],
): { fields: Map<string, string>; rest: Record<string, string> } => {
  const fields = new Map<string, string>();
  const rest: Record<string, string> = {};
  for (const [column, text] of Object.entries(values)) {
    const name = column.toLowerCase();
    if (!standard.includes(name)) rest[column] = text;
    else if (text.trim() !== '') fields.set(name, text.trim());
  }
  return { fields, rest };
};

const priceOf = (text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const price = Number(text);
  if (!Number.isSafeInteger(price) || price < 0)
    throw ApiError.invalidPayload(`Column price should be a non-negative integer in minor units, not ${text}`);
  return price;
};

/**
 * Reads a SKU's `attributes` cell, written as the service's template does (`{'color':'blue'}`)
 * or as JSON.
 */
const skuAttributesOf = (text: string | undefined): Record<string, unknown> | undefined => {
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text.replaceAll("'", '"'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  throw ApiError.invalidPayload(`Column attributes should be an object such as {'color':'blue'}, not ${text}`);
};

/**
 * The cell of a column, whatever the case of the column's name in the file's header.
 *
 * @param values - The row's cells by column name.
 * @param column - The column's name in lower case.
 * @returns The cell, or `null` when the file has no such column.
 */
export const cellOf = (values: Readonly<Record<string, string>>, column: string): string | null =>
  Object.entries(values).find(([name]) => name.toLowerCase() === column)?.[1] ?? null;

const PRODUCT_COLUMNS = ['name', 'source_id', 'price', 'attributes', 'image_url'];
const SKU_COLUMNS = ['product_id', 'sku', 'source_id', 'price', 'image_url', 'attributes'];

/**
 * What a row of a product CSV file does: a new `source_id` (or none) creates the product with
 * every column; a known `source_id` changes the product's name only, as the service does.
 * Other columns are metadata, typed by the product metadata schema.
 *
 * @param products - The project's catalogue.
 * @param values - The row's cells by column name.
 * @param metadataProperties - The product metadata schema's properties.
 * @throws ApiError 400 `invalid_payload` for a row without a name or with a bad price;
 *   DomainError `metadata_validation_failed`.
 */
const importProductRow = (
  products: ProductStore,
  values: Readonly<Record<string, string>>,
  metadataProperties?: Properties,
): void => {
  const { fields, rest } = split(values, PRODUCT_COLUMNS);
  const name = fields.get('name');
  if (name === undefined) throw ApiError.invalidPayload('Column name is required.');
  const sourceId = fields.get('source_id');
  if (sourceId !== undefined && products.find(sourceId)) {
    products.update(sourceId, { name });
    return;
  }
  const price = priceOf(fields.get('price'));
  const attributes = fields
    .get('attributes')
    ?.split(',')
    .map((attribute) => attribute.trim())
    .filter((attribute) => attribute !== '');
  const imageUrl = fields.get('image_url');
  const metadata = metadataFromText(rest, metadataProperties);
  products.upsert({
    name,
    metadata,
    ...(sourceId === undefined ? {} : { source_id: sourceId }),
    ...(price === undefined ? {} : { price }),
    ...(attributes === undefined ? {} : { attributes }),
    ...(imageUrl === undefined ? {} : { image_url: imageUrl }),
  });
};

/**
 * What a row of a SKU CSV file does: it names its product (`product_id`, an id or a
 * `source_id`) and its own `source_id`; a known SKU gets the new `sku` and `price` only, a new
 * one is created with every column. Attributes must be among the product's attributes; other
 * columns are metadata, typed by the SKU metadata schema.
 *
 * @param products - The project's catalogue.
 * @param values - The row's cells by column name.
 * @param metadataProperties - The SKU metadata schema's properties.
 * @throws ApiError 400 `invalid_payload` for a missing `source_id` or `product_id`, an unknown
 *   product, a bad price or attributes the product does not have; DomainError `metadata_validation_failed`.
 */
const importSkuRow = (
  products: ProductStore,
  values: Readonly<Record<string, string>>,
  metadataProperties?: Properties,
): void => {
  const { fields, rest } = split(values, SKU_COLUMNS);
  const sourceId = fields.get('source_id');
  const productId = fields.get('product_id');
  if (sourceId === undefined || productId === undefined)
    throw ApiError.invalidPayload('Columns source_id and product_id are required.');
  const product = products.find(productId);
  if (!product) throw ApiError.invalidPayload(`Column product_id names no product: ${productId}`);
  const price = priceOf(fields.get('price'));
  const sku = fields.get('sku');
  const existing = products.findSku(sourceId);
  if (existing) {
    if (existing.product_id !== product.id)
      throw ApiError.invalidPayload(`SKU ${sourceId} belongs to another product.`);
    products.updateSku(existing.id, {
      ...(sku === undefined ? {} : { sku }),
      ...(price === undefined ? {} : { price }),
    });
    return;
  }
  const attributes = skuAttributesOf(fields.get('attributes'));
  const unknown = Object.keys(attributes ?? {}).filter((attribute) => !product.attributes.includes(attribute));
  if (unknown.length > 0)
    throw ApiError.invalidPayload(`Attributes ${unknown.join(', ')} are not attributes of product ${productId}.`);
  const imageUrl = fields.get('image_url');
  products.upsertSku(product.id, {
    source_id: sourceId,
    metadata: metadataFromText(rest, metadataProperties),
    ...(sku === undefined ? {} : { sku }),
    ...(price === undefined ? {} : { price }),
    ...(attributes === undefined ? {} : { attributes }),
    ...(imageUrl === undefined ? {} : { image_url: imageUrl }),
  });
};

/**
 * The bulk job of `POST /v1/products/importCSV` (type `PRODUCTS.IMPORT_CSV`); a file without a
 * `name` column fails the job.
 *
 * @param products - The project's catalogue.
 * @param metadataSchemas - The project's metadata schemas.
 * @param file - The uploaded CSV file.
 * @returns The job.
 */
export const productImportJob = (
  products: ProductStore,
  metadataSchemas: MetadataSchemaStore,
  file: Blob,
): BulkJob<CsvRow> => ({
  items: async () => requireColumns(await readCsv(file), ['name']).rows,
  process: (row) => importProductRow(products, csvValues(row), metadataSchemas.find('product')?.properties),
  identify: (row) => ({ row: row.row, source_id: cellOf(row.values, 'source_id') }),
  summarize: importSummary('product'),
});

/**
 * The bulk job of `POST /v1/skus/importCSV` (type `SKUS.IMPORT_CSV`); a file without the
 * `source_id` and `product_id` columns fails the job.
 *
 * @param products - The project's catalogue.
 * @param metadataSchemas - The project's metadata schemas.
 * @param file - The uploaded CSV file.
 * @returns The job.
 */
export const skuImportJob = (
  products: ProductStore,
  metadataSchemas: MetadataSchemaStore,
  file: Blob,
): BulkJob<CsvRow> => ({
  items: async () => requireColumns(await readCsv(file), ['source_id', 'product_id']).rows,
  process: (row) => importSkuRow(products, csvValues(row), metadataSchemas.find('sku')?.properties),
  identify: (row) => ({ row: row.row, source_id: cellOf(row.values, 'source_id') }),
  summarize: importSummary('sku'),
});

/**
 * The bulk job of `POST /v1/products/bulk/async` (type `PRODUCTS.BULK_UPDATE`): each entry
 * updates the product with its `source_id`, or creates it.
 *
 * @param products - The project's catalogue.
 * @param updates - The request body.
 * @returns The job.
 */
export const productBulkUpdateJob = (
  products: ProductStore,
  updates: readonly Resource<'ProductUpdateInBulkRequest'>[],
): BulkJob<Resource<'ProductUpdateInBulkRequest'>> => ({
  items: updates,
  process: (update) => {
    products.upsert(update);
  },
  identify: (update) => ({ source_id: update.source_id }),
  summarize: updateSummary,
});

/**
 * The bulk job of `POST /v1/products/metadata/async` (type `PRODUCTS.METADATA_UPDATE`): the same
 * metadata on every product listed by `source_id`, creating the ones that do not exist.
 *
 * @param products - The project's catalogue.
 * @param request - The source ids and the metadata.
 * @returns The job.
 */
export const productMetadataJob = (
  products: ProductStore,
  request: Resource<'ProductMetadataUpdateInBulkRequest'>,
): BulkJob<string> => ({
  items: request.source_ids ?? [],
  process: (sourceId) => {
    products.upsert({ source_id: sourceId, ...(request.metadata === undefined ? {} : { metadata: request.metadata }) });
  },
  identify: (sourceId) => ({ source_id: sourceId }),
  summarize: updateSummary,
});
