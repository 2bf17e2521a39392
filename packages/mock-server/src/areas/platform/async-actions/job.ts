import type { Resource } from '../../../core/resource.js';

/** What a job reports in its async action's `result`, as the spec's `AsyncAction` has it. */
export type AsyncActionResult = NonNullable<Resource<'AsyncAction'>['result']>;

/** One item that a job could not process, with the reason (`result.failed[]`). */
export type FailedItem = NonNullable<AsyncActionResult['failed']>[number];

/**
 * How a failed item is named in `result.failed[]`: the voucher `code`, the `source_id` of a
 * customer, product or order, the `row` of an imported file.
 */
type FailedItemKey = Omit<FailedItem, 'reason'>;

/** How far a job got: the counts its result is built from. */
export interface JobTally {
  /** Items in the job. */
  readonly total: number;
  /** Items processed so far, done or failed. */
  readonly processed: number;
  /** Items processed successfully. */
  readonly done: number;
  /** Items that failed, in order, each with its reason. */
  readonly failed: readonly FailedItem[];
}

/**
 * A bulk job: a list of items and what to do with one of them. The job runs in portions on the
 * mock's scheduler, taking turns with the project's other jobs (see `AsyncActionStore.start`).
 *
 * - `process` handles one item. When it throws an `ApiError` or a `DomainError`, only that item
 *   fails: it is counted in `failed_count` and listed in `result.failed` with the error's
 *   details (or message) as the reason, and the job goes on. So that nothing is half-written,
 *   `process` checks everything about its item before it changes any store.
 * - Anything else that `process` throws, and any error from `items`, ends the whole job
 *   `FAILED`, with the error's message as the result's message.
 *
 * @typeParam Item - One unit of work: a code to generate, a CSV row, an update.
 */
export interface BulkJob<Item> {
  /**
   * The items, or a function that produces them when the job starts (parsing an uploaded file
   * there, rather than in the request, is what the service does: a broken file ends the job FAILED).
   */
  readonly items: readonly Item[] | (() => readonly Item[] | Promise<readonly Item[]>);
  /** Processes one item; `index` is its position in `items`. */
  process(item: Item, index: number): void | Promise<void>;
  /** Names a failed item in `result.failed[]`; by default items are named by their reason only. */
  identify?(item: Item, index: number): FailedItemKey;
  /**
   * The `result` of the job, from its tally; shown while the job runs and once it is done.
   * Default {@link itemSummary}.
   */
  summarize?(tally: JobTally): AsyncActionResult;
}

/**
 * The default result of a job: counts, failed items and a message in the service's words
 * (`2 item(s) processed successfully, 1 failed.`).
 *
 * @param tally - How far the job got.
 * @returns The result.
 */
export const itemSummary = (tally: JobTally): AsyncActionResult => importSummary('item', 'processed')(tally);

/**
 * A result in the words of the service's import jobs: `41 customer(s) imported successfully, 1 failed.`,
 * with `done_count`, `failed_count` and `failed`.
 *
 * @param noun - What the items are (`voucher`, `customer`, `product`, `sku`, `order`).
 * @param verb - What was done to them; default `imported`.
 * @returns A `summarize` function for {@link BulkJob}.
 */
export const importSummary =
  (noun: string, verb = 'imported') =>
  (tally: JobTally): AsyncActionResult => ({
    message: `${tally.done} ${noun}(s) ${verb} successfully, ${tally.failed.length} failed.`,
    done_count: tally.done,
    failed_count: tally.failed.length,
    failed: [...tally.failed],
  });

/**
 * A result in the shape of the service's bulk updates (`CUSTOMERS.BULK_UPDATE`,
 * `VOUCHERS.METADATA_UPDATE` …): counts, failed items, `reports` and `errors`. The mock keeps no
 * report files, so `reports` is empty.
 *
 * @param tally - How far the job got.
 * @returns The result.
 */
export const updateSummary = (tally: JobTally): AsyncActionResult => ({
  done_count: tally.done,
  failed_count: tally.failed.length,
  ...(tally.failed.length > 0 ? { failed: [...tally.failed] } : {}),
  reports: [],
  errors: [],
});
