import { type FilterPredicate, compileFilter } from '@voucherkit/domain';
import type { CsvCell } from '../../../core/csv.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { TrackedState } from '../../../core/history/tracked-state.js';
import { sortByOrder } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';

/** The kinds of object the service exports (`exported_object`). */
export type ExportedObject = Resource<'ExportCreateRequest'>['exported_object'];

/**
 * The `parameters` of an export request, of any exported object: columns, conditions, sort order
 * and, for vouchers, the campaign.
 */
export interface ExportParameters {
  /** Columns of the file, in this order; the source's defaults when left out. */
  readonly fields?: readonly string[] | undefined;
  /** Sort order: a column name, with `-` for descending; `''` or left out for the default. */
  readonly order?: string | undefined;
  /** Conditions in the service's filter language. */
  readonly filters?: unknown;
  /** Voucher exports only: the campaign whose vouchers are exported. */
  readonly campaign_id?: string | undefined;
}

/**
 * Where the rows of one exported object come from, and how a row becomes the file's cells.
 * A store plugs one in with `exports.sources.register(object, source)`.
 *
 * @typeParam Row - A stored record (a voucher, a customer, an order, a transaction).
 */
export interface ExportSource<Row> {
  /** Every record of the project, oldest first; `parameters` lets a source narrow by its own keys (`campaign_id`). */
  rows(parameters: ExportParameters): readonly Row[];
  /**
   * The record that filters and sort orders read; default the row itself. `named` tells whether
   * the request's filters or order name a field, so a costly field is worked out only then.
   */
  view?(row: Row, named: (field: string) => boolean): Record<string, unknown>;
  /** How each column the spec lists for the object is written. */
  readonly columns: Readonly<Record<string, (row: Row) => CsvCell>>;
  /**
   * The header of a column the source writes; default the field name. `metadata.<key>` columns
   * are always headed by their field name.
   */
  header?(field: string): string;
  /** The columns of a request without `fields`, as the service documents them. */
  readonly defaultFields: readonly string[];
  /** Paths `parameters.filters` may name; `metadata.*` allows every metadata key. */
  readonly filterFields: readonly string[];
  /** Sort order of a request without `order`; default `-created_at`. */
  readonly defaultOrder?: string;
}

/** An export request checked against its source: the columns, and the rows it selects when run. */
export interface ExportPlan {
  /** The file's columns, in order. */
  readonly fields: readonly string[];
  /** The file's header row: the columns' headers, in the order of `fields`. */
  readonly header: readonly string[];
  /** Picks the rows (filtered and sorted) as the data is now. */
  select(): ExportSelection;
}

/** The rows an export writes, picked when its job starts. */
export interface ExportSelection {
  /** Number of rows. */
  readonly count: number;
  /** The cells of row `index` (from 0), in the order of the plan's fields. */
  cells(index: number): CsvCell[];
}

const invalid = (details: string): ApiError => ApiError.invalidPayload(details);

/**
 * Columns that are a property of the row as it is, by the same name, plus `metadata` as JSON
 * when `metadata` is among the names: what most columns of a source are.
 *
 * @param names - The row's properties to write.
 * @returns The columns, to spread into a source's `columns`.
 */
export const sameNameColumns = <Row>(
  ...names: readonly (keyof Row & string)[]
): Record<string, (row: Row) => CsvCell> =>
  Object.fromEntries(
    names.map((name) => [
      name,
      (row: Row): CsvCell => {
        const value = row[name];
        if (value === null || value === undefined) return '';
        return typeof value === 'object' ? JSON.stringify(value) : (value as CsvCell);
      },
    ]),
  );

/** `metadata.<key>`: the value of one metadata key, JSON when it is an object or array. */
const metadataKeyCell = (field: string, view: Record<string, unknown>): CsvCell => {
  const value = (view['metadata'] as Record<string, unknown> | null | undefined)?.[field.slice('metadata.'.length)];
  return value === undefined || value === null || typeof value !== 'object'
    ? (value as CsvCell)
    : JSON.stringify(value);
};

/**
 * The header the service writes for a column named `field`: its words capitalised, `id` as `ID`
 * (`voucher_type` → `Voucher Type`, `campaign_id` → `Campaign ID`), as the service's sample
 * voucher file heads `id`, `code`, `voucher_type` and `value`.
 *
 * @param field - A column's field name.
 * @returns Its header.
 */
export const columnLabel = (field: string): string =>
  field
    .split('_')
    .map((word) => (word === 'id' ? 'ID' : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');

/**
 * Checks a request against a source and compiles it: unknown columns and sort fields give 400
 * `invalid_payload` naming them, and the filter is checked by the domain's filter engine.
 */
const planOf = <Row>(
  object: string,
  source: ExportSource<Row>,
  parameters: ExportParameters,
  now: number,
): ExportPlan => {
  const fields = parameters.fields && parameters.fields.length > 0 ? [...parameters.fields] : [...source.defaultFields];
  const unknown = fields.filter((field) => !(field in source.columns) && !field.startsWith('metadata.'));
  if (unknown.length > 0) {
    throw invalid(
      `Property .parameters.fields has field(s) that a ${object} export does not have: ${unknown.join(', ')}. Allowed: ${Object.keys(source.columns).join(', ')}.`,
    );
  }
  const order =
    parameters.order === undefined || parameters.order === ''
      ? (source.defaultOrder ?? '-created_at')
      : parameters.order;
  const keep: FilterPredicate = compileFilter(parameters.filters ?? null, {
    source: { in: 'body', property: '.parameters.filters' },
    fields: source.filterFields,
    now,
  });
  // A superset is harmless: a field named only in a filter's value is worked out for nothing.
  const sortField = order.replace(/^-/, '');
  const mentioned = `${JSON.stringify(parameters.filters ?? null)} "${sortField}"`;
  const named = (field: string): boolean => mentioned.includes(`"${field}"`);
  const view = source.view
    ? (row: Row) => (source.view as NonNullable<typeof source.view>)(row, named)
    : (row: Row) => row as Record<string, unknown>;
  const writers = fields.map((field) => {
    const column = source.columns[field];
    return column ?? ((row: Row) => metadataKeyCell(field, view(row)));
  });
  const header = fields.map((field) => (source.header && field in source.columns ? source.header(field) : field));
  return {
    fields,
    header,
    select: () => {
      const entries = source.rows(parameters).map((row) => ({ row, view: view(row) }));
      const kept = entries.filter((entry) => keep(entry.view));
      const sorted = sortByOrder(
        kept.map((entry) => ({ ...entry, sortKey: sortValue(entry.view, sortField) })),
        order.startsWith('-') ? '-sortKey' : 'sortKey',
      );
      return {
        count: sorted.length,
        cells: (index) => writers.map((write) => write((sorted[index] as { row: Row }).row)),
      };
    },
  };
};

const sortValue = (view: Record<string, unknown>, field: string): string | number | boolean | null => {
  const value = view[field];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
};

/**
 * The row sources of one project, by exported object. Objects without a source answer 501 until
 * their area registers one, so exports grow one line at a time as areas land.
 */
export class ExportSources {
  /**
   * The sources areas plug in when the project is wired (or a test later: a restore takes those
   * back); functions of the project's stores, so not in the image.
   */
  readonly #plans: TrackedMap<string, (parameters: ExportParameters, now: number) => ExportPlan>;

  /** @param tracked - Where its map of sources is made. */
  constructor(tracked: TrackedState) {
    this.#plans = tracked.innerMap();
  }

  /**
   * Plugs in the rows of an exported object; a later registration of the same object replaces it.
   *
   * @param object - The `exported_object` served.
   * @param source - Its rows and columns.
   */
  register<Row>(object: ExportedObject, source: ExportSource<Row>): void {
    this.#plans.set(object, (parameters, now) => planOf(object, source, parameters, now));
  }

  /** Whether the object has a source. */
  has(object: string): boolean {
    return this.#plans.has(object);
  }

  /**
   * Checks a request and compiles it into a plan.
   *
   * @param object - The exported object.
   * @param parameters - Columns, order and filters as sent.
   * @param now - The current instant, for relative date conditions.
   * @returns The plan.
   * @throws ApiError 501 `not_implemented` when no source serves the object yet; 400
   *   `invalid_payload` for unknown columns or a malformed filter.
   */
  plan(object: ExportedObject, parameters: ExportParameters, now: number): ExportPlan {
    const plan = this.#plans.get(object);
    if (!plan) {
      throw new ApiError(501, 'not_implemented', 'Not implemented', {
        details: `Exports of ${object} are in the spec but not implemented by the mock yet.`,
      });
    }
    return plan(parameters, now);
  }
}
