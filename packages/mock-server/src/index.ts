/**
 * The whole API, stateful and in memory, through MSW.
 * @module @voucherkit/mock-server
 */
export { createMockService, type MockService, type MockServiceOptions } from './service.js';
export type { Clock, ClockOptions } from './core/clock.js';
export type { Scheduler, SchedulerMode, Task } from './core/scheduler.js';
export type { FailureInjector, InjectedFailure } from './core/failures.js';
export type { Project, ProjectKeys, ProjectRegistry, ProjectSeed } from './core/projects.js';
export type { ProjectState } from './resources/state.js';
export type { ManagementKeys, Principal } from './http/authenticate.js';
export { ApiError, type ApiErrorExtras } from './http/api-error.js';
export {
  API_VERSION,
  OAUTH_SCOPES,
  operations,
  type OperationId,
  webhookEvents,
  type WebhookEventName,
  type WebhookEventSpec,
} from './generated/operations.js';
export type { OperationSpec } from './http/operation-spec.js';
export { AsyncActionStore, type AsyncAction, type AsyncActionOrigin, type AsyncActionResult, type AsyncJob } from './resources/async-actions/store.js';
export { CategoryStore, type Category } from './resources/categories/store.js';
export { MetadataSchemaStore, type MetadataSchema } from './resources/metadata-schemas/store.js';
export { OAuthTokenStore, type ActiveToken } from './resources/oauth/store.js';
export { StackingRulesStore, type StackingRules } from './resources/stacking-rules/store.js';
export { implementedOperations } from './resources/registry.js';
