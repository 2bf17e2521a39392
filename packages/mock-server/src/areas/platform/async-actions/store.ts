import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { type LimitQuery, type Page, pageOf } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import { type ActionPatch, JobExecution } from './execution.js';
import type { BulkJob } from './job.js';
import { RoundRobin } from './round-robin.js';

/** An async action as the API returns it. */
export type AsyncAction = Resource<'AsyncAction'>;

/** Which actions {@link AsyncActionStore.list} returns. */
export interface AsyncActionQuery extends LimitQuery {
  /** Only actions created before this moment (ISO 8601): the `created_at` of the last action read. */
  endDate?: string | undefined;
}

/**
 * Bulk jobs of one project and their async actions. A started job is ENQUEUED; the next
 * scheduler task takes it in (IN_PROGRESS) together with every other job started meanwhile,
 * and the jobs then run in portions, in turn, until each is DONE or FAILED. Progress, counts and
 * failed items are visible on the action while the job runs.
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
