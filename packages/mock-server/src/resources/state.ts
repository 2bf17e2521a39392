import type { ServiceContext } from '../core/context.js';
import { EventLog } from '../core/event-log.js';
import { AsyncActionStore } from './async-actions/store.js';
import { BinStore } from './bin/store.js';
import { CategoryStore } from './categories/store.js';
import { MetadataSchemaStore } from './metadata-schemas/store.js';
import { OAuthTokenStore } from './oauth/store.js';
import { StackingRulesStore } from './stacking-rules/store.js';

/**
 * One project's data: a store per resource. Tests reach it through `service.projects` to arrange
 * data or to check what a request stored, without going through HTTP.
 *
 * @example
 * ```ts
 * const { categories } = service.projects.primary.state;
 * categories.create({ name: 'Seasonal', hierarchy: 1 });
 * ```
 */
export interface ProjectState {
  /** OAuth access tokens issued with the project's keys. */
  readonly oauth: OAuthTokenStore;
  /** Categories. */
  readonly categories: CategoryStore;
  /** The project's stacking rules (management API). */
  readonly stackingRules: StackingRulesStore;
  /** Metadata schemas, one per resource type. */
  readonly metadataSchemas: MetadataSchemaStore;
  /** Bulk jobs and their status. */
  readonly asyncActions: AsyncActionStore;
  /** Campaigns, vouchers, products and SKUs deleted without `force=true`. */
  readonly bin: BinStore;
  /** What happened in the project (`voucher.created`, `customer.updated` …), for tests and webhooks. */
  readonly events: EventLog;
}

/** Creates the empty state of a new project; the service hands it to the project registry. */
export const createProjectState = (context: ServiceContext): ProjectState => ({
  oauth: new OAuthTokenStore(context),
  categories: new CategoryStore(context),
  stackingRules: new StackingRulesStore(context),
  metadataSchemas: new MetadataSchemaStore(context),
  asyncActions: new AsyncActionStore(context),
  bin: new BinStore(context),
  events: new EventLog(context),
});
