import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { type ListOrder, type Page, type SortedPageQuery, pageOf, sortByOrder } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import { RoundRobin } from '../async-actions/round-robin.js';
import { ExportRun } from './run.js';
import { type ExportParameters, ExportSources, type ExportedObject } from './source.js';

/** An export as the API returns it, of any exported object. */
export type Export = Resource<'Export'>;

/**
 * An export as the store keeps it: the API's fields without `result`, which
 * {@link ExportStore.present} builds from the download token and the caller's base URL.
 */
export type StoredExport = Omit<Export, 'result'> & {
  /** The kind of object exported. */
  readonly exported_object: ExportedObject;
};

/**
 * Which exports {@link ExportStore.list} returns, and in what order: `created_at` or `status`,
 * newest first by default.
 */
export type ExportListQuery = SortedPageQuery<ListOrder<'created_at' | 'status'>>;

/** The file of a finished export, as its download serves it. */
export interface ExportFile {
  /** The file name offered to browsers: the export's id with `.csv`. */
  readonly name: string;
  /** The CSV text. */
  readonly text: string;
}

/**
 * The job fields of an export just created, typed as the scheduled answers of every export
 * operation have them (`status` `SCHEDULED`, `result` null, `channel` `API`); each operation adds
 * its own `exported_object` and `parameters`.
 *
 * @param stored - The export {@link ExportStore.create} returned.
 * @returns Its id, object, creation time, status, channel, result and user.
 */
export const scheduledExport = (
  stored: StoredExport,
): {
  id: string;
  object: 'export';
  created_at: string;
  status: 'SCHEDULED';
  channel: 'API';
  result: null;
  user_id: null;
} => ({
  id: stored.id,
  object: 'export',
  created_at: stored.created_at,
  status: 'SCHEDULED',
  channel: 'API',
  result: null,
  user_id: null,
});

/** Rows written per turn: ten times a bulk job's portion, since writing a row is far cheaper than changing a record. */
const ROWS_PER_PORTION_FACTOR = 10;

/**
 * Exports of one project. An export is created `SCHEDULED`, runs as a background job on the
 * mock's scheduler (`IN_PROGRESS`, then `DONE` with a file, or `ERROR`), and its file is
 * downloaded with the token in `result.url`. The rows come from the sources that areas register
 * in {@link ExportSources}; an exported object without a source answers 501.
 */
export class ExportStore {
  /** Row sources by exported object: `exports.sources.register('order', source)`. */
  readonly sources: ExportSources;
  readonly #items: TrackedMap<string, StoredExport>;
  /** The file of each finished export and the token that downloads it. */
  readonly #files: TrackedMap<string, { readonly token: string; readonly text: string }>;
  /** The running exports: tracked, not in the image (see {@link RoundRobin}). */
  readonly #runner: RoundRobin;

  constructor(private readonly context: ServiceContext) {
    const { portionSize, portionIntervalMs } = context.settings.bulkJobs;
    this.sources = new ExportSources(context.tracked);
    this.#items = context.tracked.map();
    this.#files = context.tracked.map();
    this.#runner = new RoundRobin(
      context.scheduler,
      { portionSize: portionSize * ROWS_PER_PORTION_FACTOR, portionIntervalMs },
      context.tracked,
    );
  }

  /**
   * Checks an export request and schedules its job.
   *
   * @param object - What to export.
   * @param parameters - Columns, order and filters as sent; `fields` is stored with the defaults filled in.
   * @returns The new export, `SCHEDULED`.
   * @throws ApiError 501 for an object without a source; 400 `invalid_payload` for unknown
   *   columns or a malformed filter.
   */
  create(object: ExportedObject, parameters: ExportParameters = {}): StoredExport {
    const plan = this.sources.plan(object, parameters, this.context.clock.now());
    const stored = {
      id: this.context.ids('exp'),
      object: 'export',
      created_at: this.context.timestamp(),
      status: 'SCHEDULED',
      channel: 'API',
      user_id: null,
      exported_object: object,
      parameters: { ...parameters, fields: [...plan.fields] },
    } as StoredExport;
    this.#items.set(stored.id, stored);
    this.#runner.add(
      new ExportRun(
        plan,
        {
          started: () => this.#patch(stored.id, 'IN_PROGRESS'),
          done: (text) => {
            if (!this.#items.has(stored.id)) return;
            this.#files.set(stored.id, { token: this.#token(), text });
            this.#patch(stored.id, 'DONE');
          },
          failed: () => this.#patch(stored.id, 'ERROR'),
        },
        this.context.tracked,
      ),
    );
    return stored;
  }

  /**
   * The export with this id.
   *
   * @throws ApiError 404 when the project has no such export.
   */
  get(id: string): StoredExport {
    const stored = this.#items.get(id);
    if (!stored) throw ApiError.notFound('export', id);
    return stored;
  }

  /** Whether the project has an export with this id. */
  has(id: string): boolean {
    return this.#items.has(id);
  }

  /** A page of exports, newest first unless `order` says otherwise. */
  list(query: ExportListQuery = {}): Page<StoredExport> {
    return pageOf(sortByOrder([...this.#items.values()], query.order ?? '-created_at'), query);
  }

  /**
   * Deletes an export and its file; its download link stops working.
   *
   * @throws ApiError 404 when the project has no such export.
   */
  delete(id: string): void {
    this.get(id);
    this.#items.delete(id);
    this.#files.delete(id);
  }

  /**
   * The export as the API shows it: `result.url` is the download address under `baseUrl`
   * (the address the caller used), with the export's token, once it is `DONE`.
   *
   * @param stored - A stored export.
   * @param baseUrl - Origin and base path of the API as the caller reached it.
   * @returns The export with `result`.
   */
  present<Stored extends StoredExport>(stored: Stored, baseUrl: string): Stored & { result: { url: string } | null } {
    const file = this.#files.get(stored.id);
    const url =
      file === undefined ? undefined : `${baseUrl}/v1/exports/${encodeURIComponent(stored.id)}?token=${file.token}`;
    return { ...stored, result: url === undefined ? null : { url } };
  }

  /**
   * The file of an export, for the holder of its download token.
   *
   * @param id - The export's id.
   * @param token - The token from `result.url`.
   * @returns The file.
   * @throws ApiError 404 when the project has no such export; 401 `unauthorized` when the
   *   token is not the export's (or the export has no file yet).
   */
  download(id: string, token: string): ExportFile {
    this.get(id);
    const file = this.#files.get(id);
    if (file === undefined || file.token !== token) {
      throw new ApiError(401, 'unauthorized', 'Unauthorized', {
        details: `The download token is not valid for export ${id}.`,
      });
    }
    return { name: `${id}.csv`, text: file.text };
  }

  #patch(id: string, status: 'IN_PROGRESS' | 'DONE' | 'ERROR'): void {
    const stored = this.#items.get(id);
    if (stored) this.#items.set(id, { ...stored, status });
  }

  /** 32 random hexadecimal characters from the seeded source, like a short signed-URL token. */
  #token(): string {
    return Array.from({ length: 32 }, () => this.context.random.int(16).toString(16)).join('');
  }
}
