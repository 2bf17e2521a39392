/**
 * The whole API, stateful and in memory, through MSW.
 * @packageDocumentation
 */
export { createMockService, type MockService, type MockServiceOptions } from './service.js';
export type { Clock, ClockOptions } from './core/clock.js';
export type { Scheduler, SchedulerMode, Task } from './core/scheduler.js';
export type { FailureInjector, InjectedFailure } from './core/failures.js';
export type { Project, ProjectKeys, ProjectRegistry, ProjectSeed } from './core/projects.js';
export type { ProjectState } from './resources/registry.js';
export type { ManagementKeys, Principal } from './http/authenticate.js';
export { ApiError, type ApiErrorExtras } from './http/api-error.js';
export { API_VERSION, OAUTH_SCOPES, type OperationId } from './generated/operations.js';
export { implementedOperations } from './resources/registry.js';
