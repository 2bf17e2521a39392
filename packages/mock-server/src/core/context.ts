import type { IdPrefix, RandomSource } from '@voucherkit/domain';
import type { Clock } from './clock.js';
import type { Scheduler } from './scheduler.js';

/** Settings every store may read. */
export interface ServiceSettings {
  /** Lifetime of OAuth access tokens, in seconds. */
  readonly tokenTtlSeconds: number;
}

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
}
