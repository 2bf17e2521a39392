import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { type LimitQuery, type Page, pageOf } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import { type ActionPatch, JobExecution } from './execution.js';
import type { BulkJob } from './job.js';
import { RoundRobin } from './round-robin.js';

/**
 * An async action as the API returns it.
 *
 * @example
 * ```ts
 * const action: AsyncAction = service.projects.primary.state.asyncActions.get('aa_0a1b2c3d4e5f6a7b8c');
 * ```
 */
export type AsyncAction = Resource<'AsyncAction'>;

/**
 * Which actions {@link AsyncActionStore.list} returns.
 *
 * @example
 * ```ts
 * const query: AsyncActionQuery = { limit: 10, endDate: '2026-01-01T00:00:00.000Z' };
 * ```
 */
export interface AsyncActionQuery extends LimitQuery {
  /** Only actions created before this moment (ISO 8601): the `created_at` of the last action read. */
  endDate?: string | undefined;
}

/**
 * Bulk jobs of one project and their async actions. A started job is ENQUEUED; the next
 * scheduler task takes it in (IN_PROGRESS) together with every other job started meanwhile,
 * and the jobs then run in portions, in turn, until each is DONE or FAILED. Progress, counts and
 * failed items are visible on the action while the job runs.
 *
 * @example
 * ```ts
 * const { asyncActions } = service.projects.primary.state;
 * const action = asyncActions.start('CUSTOMERS.IMPORT_CSV', { items: rows, process: (row) => importRow(row) });
 * await service.scheduler.drain();
 * asyncActions.get(action.id).status; // 'DONE'
 * ```
 */
export class AsyncActionStore {
  readonly #items: TrackedMap<string, AsyncAction>;
  /** The running jobs: tracked, not in the image (see {@link RoundRobin}). */
  readonly #runner: RoundRobin;

  constructor(private readonly context: ServiceContext) {
    this.#items = context.tracked.map();
    this.#runner = new RoundRobin(context.scheduler, context.settings.bulkJobs, context.tracked);
  }

  /**
   * Starts a bulk job and returns its action, ENQUEUED. Handlers answer with
   * `{ async_action_id: action.id }`.
   *
   * @param type - What the job does, as `AREA.OPERATION` (`CAMPAIGN.VOUCHERS_GENERATE`, `CUSTOMERS.IMPORT_CSV` …).
   * @param job - The items and what to do with each, see {@link BulkJob}.
   * @param origin - The starting request and user.
   * @returns The new action.
   * @example
   * ```ts
   * const action = asyncActions.start('VOUCHERS.METADATA_UPDATE', job, { requestId });
   * return { status: 202, body: { async_action_id: action.id } };
   * ```
   */
  start<Item>(type: string, job: BulkJob<Item>, origin: Origin = {}): AsyncAction {
    const now = this.context.timestamp();
    const action: AsyncAction = {
      id: this.context.ids('aa'),
      type,
      status: 'ENQUEUED',
      created_at: now,
      updated_at: now,
      progress: 0,
      ...(origin.requestId === undefined ? {} : { request_id: origin.requestId }),
      user: origin.user ?? null,
      log_id: origin.logId ?? null,
      object: 'async_action',
    };
    this.#items.set(action.id, action);
    this.#runner.add(
      new JobExecution(job, (patch) => this.#patch(action.id, patch), this.context.clock, this.context.tracked),
    );
    return action;
  }

  /**
   * A page of actions, newest first.
   *
   * @param query - Limit and `end_date`.
   * @returns The page; `hasMore` tells whether older actions exist.
   * @example
   * ```ts
   * const { items, hasMore } = asyncActions.list({ limit: 5 });
   * ```
   */
  list(query: AsyncActionQuery = {}): Page<AsyncAction> {
    const end = query.endDate === undefined ? Number.POSITIVE_INFINITY : Date.parse(query.endDate);
    const newestFirst = [...this.#items.values()].reverse().filter((action) => Date.parse(action.created_at) < end);
    return pageOf(newestFirst, { limit: query.limit });
  }

  /**
   * The action with this id.
   *
   * @param id - The action's id (`aa_…`).
   * @returns The action as it is now.
   * @throws ApiError 404 when the project has no such action.
   * @example
   * ```ts
   * asyncActions.get(action.id).progress; // 40
   * ```
   */
  get(id: string): AsyncAction {
    const action = this.#items.get(id);
    if (!action) throw ApiError.notFound('async_action', id);
    return action;
  }

  #patch(id: string, patch: ActionPatch): void {
    const action = this.#items.get(id);
    if (action) this.#items.set(id, { ...action, ...patch, updated_at: this.context.timestamp() });
  }
}
