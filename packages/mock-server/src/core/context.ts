import type { RandomSource } from '@voucherkit/domain';
import type { IdPrefix } from '@voucherkit/domain/internals';
import type { Clock } from './clock.js';
import type { Followers } from './followers.js';
import type { TrackedState } from './history/tracked-state.js';
import type { Scheduler } from './scheduler.js';

/**
 * How bulk jobs share the scheduler: each scheduler task processes one portion of one job, the
 * jobs taking turns, and the next portion runs `portionIntervalMs` later on the mock's clock.
 *
 * @example
 * ```ts
 * const service = createMockService({ bulkJobs: { portionSize: 2, portionIntervalMs: 10 } });
 * ```
 */
export interface BulkJobSettings {
  /** Items processed in one portion; default 100. */
  readonly portionSize: number;
  /** Milliseconds between two portions; default 10. */
  readonly portionIntervalMs: number;
}

/** Settings every store may read. */
interface ServiceSettings {
  /** Lifetime of OAuth access tokens, in seconds. */
  readonly tokenTtlSeconds: number;
  /** Portion size and pace of bulk jobs. */
  readonly bulkJobs: BulkJobSettings;
  /** Events each project's log keeps, the newest; default {@link DEFAULT_EVENT_RETENTION}. */
  readonly eventRetention?: number | undefined;
  /** How long a webhook delivery waits for an answer, and how many deliveries each project keeps. */
  readonly webhooks?: WebhookSettings | undefined;
}

/**
 * Settings of outbound webhooks.
 *
 * @example
 * ```ts
 * const service = createMockService({ webhooks: { timeoutMs: 200 } });
 * ```
 */
export interface WebhookSettings {
  /** Milliseconds a delivery waits for a 2xx before it counts as failed; default 10,000, as the service. */
  readonly timeoutMs?: number | undefined;
  /** Deliveries each project keeps for reading, the newest; default 10,000. */
  readonly retention?: number | undefined;
}

/**
 * Events a project's log keeps by default: enough for any test's and a long sandbox session's
 * activity, while memory stays flat under sustained load (the oldest go first).
 */
export const DEFAULT_EVENT_RETENTION = 50_000;

/** The service-wide dependencies that stores and handlers use instead of globals. */
export interface ServiceContext {
  readonly clock: Clock;
  readonly scheduler: Scheduler;
  readonly random: RandomSource;
  /** Next id with one of the service's prefixes (`cat_…`, `aa_…`), deterministic for a seed. */
  readonly ids: (prefix: IdPrefix) => string;
  /** Current time as the service writes it: ISO 8601 UTC with milliseconds. */
  readonly timestamp: () => string;
  readonly settings: ServiceSettings;
  /**
   * Where stores make the containers of their state (the project's own, in a project's stores),
   * so that snapshots can take writes back and images of the state be taken and loaded.
   */
  readonly tracked: TrackedState;
  /**
   * Who follows the webhook deliveries as they change (the sandbox's event stream): told the
   * project and the id of each delivery made, attempted or given up. Kept across resets.
   */
  readonly deliveryFollowers?: Followers<DeliveryChange> | undefined;
}

/** A webhook delivery that was made or changed: its project and its id (`whs_…`). */
export interface DeliveryChange {
  readonly projectId: string;
  readonly id: string;
}
