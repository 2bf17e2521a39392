import type { ServiceContext } from '../core/context.js';
import type { OperationId } from '../generated/operations.js';
import type { HandlerMap } from '../http/handler.js';
import { asyncActionHandlers } from './async-actions/handlers.js';
import { AsyncActionStore } from './async-actions/store.js';
import { categoryHandlers } from './categories/handlers.js';
import { CategoryStore } from './categories/store.js';
import { metadataSchemaHandlers } from './metadata-schemas/handlers.js';
import { MetadataSchemaStore } from './metadata-schemas/store.js';
import { oauthHandlers } from './oauth/handlers.js';
import { OAuthTokenStore } from './oauth/store.js';
import { stackingRulesHandlers } from './stacking-rules/handlers.js';
import { StackingRulesStore } from './stacking-rules/store.js';

/** One project's data: a store per resource. */
export interface ProjectState {
  readonly oauth: OAuthTokenStore;
  readonly categories: CategoryStore;
  readonly stackingRules: StackingRulesStore;
  readonly metadataSchemas: MetadataSchemaStore;
  readonly asyncActions: AsyncActionStore;
}

/** Creates the empty state of a new project. */
export const createProjectState = (context: ServiceContext): ProjectState => ({
  oauth: new OAuthTokenStore(context),
  categories: new CategoryStore(context),
  stackingRules: new StackingRulesStore(context),
  metadataSchemas: new MetadataSchemaStore(context),
  asyncActions: new AsyncActionStore(context),
});

/** Every implemented operation's handler; operations missing here answer 501. */
export const handlers: HandlerMap = {
  ...oauthHandlers,
  ...categoryHandlers,
  ...stackingRulesHandlers,
  ...metadataSchemaHandlers,
  ...asyncActionHandlers,
};

/** The operationIds the mock implements, sorted; the coverage report is built from this list. */
export const implementedOperations: readonly OperationId[] = (Object.keys(handlers) as OperationId[]).sort();
