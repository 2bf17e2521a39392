import type { ServiceContext } from '../core/context.js';
import { AsyncActionStore } from './async-actions/store.js';
import { CategoryStore } from './categories/store.js';
import { MetadataSchemaStore } from './metadata-schemas/store.js';
import { OAuthTokenStore } from './oauth/store.js';
import { StackingRulesStore } from './stacking-rules/store.js';

/** One project's data: a store per resource. */
export interface ProjectState {
  readonly oauth: OAuthTokenStore;
  readonly categories: CategoryStore;
  readonly stackingRules: StackingRulesStore;
  readonly metadataSchemas: MetadataSchemaStore;
  readonly asyncActions: AsyncActionStore;
}

/** Creates the empty state of a new project; the service hands it to the project registry. */
export const createProjectState = (context: ServiceContext): ProjectState => ({
  oauth: new OAuthTokenStore(context),
  categories: new CategoryStore(context),
  stackingRules: new StackingRulesStore(context),
  metadataSchemas: new MetadataSchemaStore(context),
  asyncActions: new AsyncActionStore(context),
});
