import type { ServiceContext } from '../../core/context.js';
import { ApiError } from '../../http/api-error.js';
import type { Resource } from '../../core/resource.js';

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
 * What a finished job reports.
 *
 * @example
 * ```ts
 * const result: AsyncActionResult = { message: 'Imported 3 customers.', done_count: 3, failed_count: 0 };
 * ```
 */
export type AsyncActionResult = NonNullable<AsyncAction['result']>;

/**
 * The work of a bulk job; it runs on the scheduler and reports its outcome. A job that throws
 * ends `FAILED`, with the error's message as the result's message.
 *
 * @example
 * ```ts
 * const job: AsyncJob = () => ({ message: 'Imported 3 customers.', done_count: 3, failed_count: 0 });
 * ```
 */
export type AsyncJob = () => AsyncActionResult | Promise<AsyncActionResult>;

/**
 * Who started a job, recorded on the action as the service does.
 *
 * @example
 * ```ts
 * const origin: AsyncActionOrigin = { logId: 'log_1', requestId: 'v-0123456789abcdef01' };
 * ```
 */
export interface AsyncActionOrigin {
  /** The user who started the job, as the action's `user`. */
  user?: AsyncAction['user'];
  /** Id of the API log entry of the starting request, as the action's `log_id`. */
  logId?: string;
  /** Id of the starting request, as the action's `request_id`. */
  requestId?: string;
}

/**
 * Bulk jobs of one project. A job is ENQUEUED when started, IN_PROGRESS once the scheduler
 * picks it up, and DONE (or FAILED when the job throws) after it ran.
 *
 * @example
 * ```ts
 * const { asyncActions } = service.projects.primary.state;
 * const action = asyncActions.start('CUSTOMERS.IMPORT_CSV', () => ({ message: 'ok', done_count: 3, failed_count: 0 }));
 * await service.scheduler.drain();
 * asyncActions.get(action.id).status; // 'DONE'
 * ```
 */
export class AsyncActionStore {
  readonly #items = new Map<string, AsyncAction>();

  constructor(private readonly context: ServiceContext) {}

  /** Starts a job of `type` (for example `CAMPAIGN.VOUCHERS_GENERATE`) and returns its action. */
  start(type: string, job: AsyncJob, origin: AsyncActionOrigin = {}): AsyncAction {
    const now = this.context.timestamp();
    const action: AsyncAction = {
      id: this.context.ids('aa'),
      type,
      status: 'ENQUEUED',
      created_at: now,
      updated_at: now,
      progress: 0,
      object: 'async_action',
      ...(origin.requestId === undefined ? {} : { request_id: origin.requestId }),
      ...(origin.user === undefined ? {} : { user: origin.user }),
      ...(origin.logId === undefined ? {} : { log_id: origin.logId }),
    };
    this.#items.set(action.id, action);
    this.context.scheduler.schedule(() => this.#run(action.id, job));
    return action;
  }

  /** Actions newest first; `endDate` keeps those created before it. */
  list(options: { limit?: number | undefined; endDate?: string | undefined } = {}): AsyncAction[] {
    const end = options.endDate === undefined ? Number.POSITIVE_INFINITY : Date.parse(options.endDate);
    return [...this.#items.values()]
      .filter((action) => Date.parse(action.created_at) < end)
      .reverse()
      .slice(0, options.limit ?? 10);
  }

  /**
   * The action with this id.
   * @throws ApiError 404 when the project has no such action.
   */
  get(id: string): AsyncAction {
    const action = this.#items.get(id);
    if (!action) throw ApiError.notFound('async_action', id);
    return action;
  }

  async #run(id: string, job: AsyncJob): Promise<void> {
    const started = this.context.clock.now();
    this.#patch(id, { status: 'IN_PROGRESS' });
    try {
      const result = await job();
      this.#patch(id, { status: 'DONE', progress: 100, result, processing_time: this.context.clock.now() - started });
    } catch (error) {
      this.#patch(id, {
        status: 'FAILED',
        result: { message: error instanceof Error ? error.message : String(error), done_count: 0, failed_count: 1 } as AsyncActionResult,
        processing_time: this.context.clock.now() - started,
      });
    }
  }

  #patch(id: string, patch: Partial<AsyncAction>): void {
    const action = this.#items.get(id);
    if (action) this.#items.set(id, { ...action, ...patch, updated_at: this.context.timestamp() } as AsyncAction);
  }
}
