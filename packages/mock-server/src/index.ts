/**
 * The whole API, stateful and in memory, through MSW: the service and its controls, the views of
 * its state that tests arrange and inspect, snapshots, the journal and its matchers, factories
 * and the untested report. It runs in Node and in browsers; `/node` and `/browser` add what only
 * runs there.
 * @module @voucherkit/mock-server
 */
// The service and its options.
export { createMockService, type MockService, type MockServiceOptions } from './service.js';
export type { BulkJobSettings, WebhookSettings } from './core/context.js';
export type { ManagementKeys } from './http/authenticate.js';

// Its controls: the clock, background work, injected failures.
export type { Clock, ClockOptions } from './core/clock.js';
export type { Scheduler, SchedulerMode, Task } from './core/scheduler.js';
export type { FailureInjector, InjectedFailure } from './core/failures.js';

// The projects, their keys and settings.
export type { Project, ProjectKeys, ProjectRegistry, ProjectSeed, ProjectSettings } from './core/projects.js';
export type { ProjectConfig, ProjectConfigChanges, ProjectConfigInput } from './core/project-config.js';

// What tests see of the state, and the shapes it and the factories define or show; the API's
// own records are named by the client's `Schemas`.
export type {
  CategoriesView,
  ConsentsView,
  CustomersView,
  EventsView,
  MetadataSchemasView,
  NightlyView,
  OrganisationUsersView,
  OrganisationView,
  ProductCollectionsView,
  ProductsView,
  ProjectStateView,
  ReferralTiersView,
  StackingRulesView,
  ValidationRulesView,
  VouchersView,
  WebhookDeliveriesView,
  WebhooksView,
} from './areas/views.js';
export type { AnyVariant, StoredVoucher, Voucher, VoucherCreateInput } from './areas/campaigns/vouchers/types.js';
export type { Order } from './areas/customers/orders/store.js';
export type { ConsentGroupInput, ConsentInput } from './areas/customers/consents/store.js';
export type { CustomerChange, CustomerProfile, CustomerUpsert } from './areas/customers/customers/store.js';
export type {
  OrganisationUser,
  OrganisationUserInput,
  ProjectUser,
} from './areas/platform/projects/organisation-users.js';
export type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryFilter,
  WebhookDeliveryStatus,
} from './areas/platform/webhooks/deliveries.js';
export type { NightlySummary } from './areas/programmes/nightly/run.js';
export type { ReferralTier, ReferralTierInput } from './areas/programmes/referrals/tiers.js';
export type { AssignmentInput, ValidationRuleInput } from './areas/rules/validation-rules/store.js';
export type { RelatedObjectType } from './areas/rules/validation-rules/targets.js';
export type { EventData, EventFilter, EventSource, EventType, ServiceEvent } from './core/event-log.js';

// Snapshots.
export { MockSnapshot, SNAPSHOT_FORMAT, type ProjectImage, type SnapshotImage } from './snapshots.js';
export type { ContainerImage, ImageValue } from './core/history/image.js';
export type { ClockState } from './core/clock.js';

// The journal, typed by operation, and the matchers that read it.
export { RequestJournal, type JournalEntry, type JournalFilter } from './http/journal.js';
export type { OperationId, WebhookEventName } from './generated/routes.js';
export {
  mockServerMatchers,
  type DeepPartial,
  type MatcherContext,
  type MatcherResult,
  type MockServerMatchers,
} from './testing/matchers.js';

// Factories.
export { createFactories, type Factories, type FactoryOptions } from './testing/factories.js';

// What the tests answered, and the untested report.
export { RequestTally, type TalliedOperation, type TallySnapshot } from './http/tally.js';
export { documentedErrors } from './generated/documented-errors.js';
export {
  formatUntestedReport,
  untestedReport,
  type OperationReport,
  type UntestedReport,
  type UntestedReportOptions,
  type UntestedTableOptions,
  type UntestedTotals,
} from './testing/untested-report.js';

// The service's errors: what the stores throw and `service.refuse` answers.
export { ApiError, type ApiErrorExtras } from './http/api-error.js';

// The schemas the mock checks with: requests, responses and webhook payloads.
export { loadOperations, type LoadedOperations } from './http/load-operations.js';
export type { OperationRoute, OperationSpec, WebhookEventSpec } from './http/operation-spec.js';
