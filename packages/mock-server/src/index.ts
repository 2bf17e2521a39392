/**
 * The whole API, stateful and in memory, through MSW.
 * @module @voucherkit/mock-server
 */
export { createMockService, type MockService, type MockServiceOptions } from './service.js';
export type { Clock, ClockOptions } from './core/clock.js';
export type { Scheduler, SchedulerMode, Task } from './core/scheduler.js';
export type { FailureInjector, InjectedFailure } from './core/failures.js';
export type { Project, ProjectKeys, ProjectRegistry, ProjectSeed, ProjectSettings } from './core/projects.js';
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
export { AsyncActionStore, type AsyncAction, type AsyncActionOrigin, type AsyncActionQuery } from './resources/async-actions/store.js';
export {
  importSummary,
  itemSummary,
  updateSummary,
  type AsyncActionResult,
  type BulkJob,
  type FailedItem,
  type FailedItemKey,
  type JobTally,
} from './resources/async-actions/job.js';
export {
  BinStore,
  type BinEntry,
  type BinInput,
  type BinListQuery,
  type BinPurgeListener,
  type BinRecords,
  type BinResourceType,
} from './resources/bin/store.js';
export type { BinListFilters } from './resources/bin/filters.js';
export { EventLog, type EventData, type EventFilter, type EventInput, type EventSource, type EventType, type ServiceEvent } from './core/event-log.js';
export type { ListOrder, Page } from './core/list.js';
export type { CursorQuery, LimitQuery, PageQuery, SortedPageQuery, TimeWindow } from './core/list.js';
export type { BulkJobSettings } from './core/context.js';
export { CategoryStore, type Category } from './resources/categories/store.js';
export { MetadataSchemaStore, type MetadataSchema } from './resources/metadata-schemas/store.js';
export { OAuthTokenStore, type ActiveToken } from './resources/oauth/store.js';
export {
  CampaignStore,
  type CampaignCreateInput,
  type CampaignListQuery,
  type CampaignStoreDependencies,
  type CampaignUpdateInput,
  type SummaryRange,
} from './resources/campaigns/store.js';
export {
  VoucherStore,
  type BalanceChange,
  type CampaignPort,
  type HeldSession,
  type TransactionQuery,
  type VoucherListQuery,
  type VoucherStoreDependencies,
} from './resources/vouchers/store.js';
export type {
  AnyVariant,
  BalanceChangeInput,
  Campaign,
  CampaignVoucherInput,
  StoredVoucher,
  Voucher,
  VoucherCreateInput,
  VoucherTransaction,
  VoucherUpdateInput,
} from './resources/vouchers/types.js';
export type { ChangeOrigin as VoucherChangeOrigin } from './resources/vouchers/shapes.js';
export type { ImportRow } from './resources/vouchers/jobs.js';
export { StackingRulesStore, type StackingRules } from './resources/stacking-rules/store.js';
export {
  CustomerStore,
  type ChangeOrigin,
  type Customer,
  type CustomerChange,
  type CustomerListQuery,
  type CustomerOrder,
  type CustomerOrderSummary,
  type CustomerPermanentDeletion,
  type CustomerProfile,
  type CustomerReference,
  type CustomerUpsert,
} from './resources/customers/store.js';
export {
  ProductStore,
  type CatalogueListQuery,
  type CatalogueOrder,
  type Product,
  type ProductInput,
  type ProductWithoutSku,
  type RemovedProduct,
  type Sku,
  type SkuInput,
} from './resources/products/store.js';
export {
  ProductCollectionStore,
  type CollectionActivityType,
  type CollectionListQuery,
  type CollectionMember,
  type CollectionOrder,
  type ProductCollection,
} from './resources/product-collections/store.js';
export {
  SegmentStore,
  MAX_FILTER_SEGMENTS,
  MAX_STATIC_CUSTOMERS,
  type Segment,
  type SegmentActivityType,
  type SegmentInput,
  type SegmentListQuery,
} from './resources/segments/store.js';
export {
  OrderStore,
  type Order,
  type OrderCalculation,
  type OrderCalculationInput,
  type OrderChange,
  type OrderInput,
  type OrderOrder,
} from './resources/orders/store.js';
export type { OrderItemRequest, OrderLine } from './resources/orders/items.js';
export { LocationStore, type Location, type LocationListQuery } from './resources/locations/store.js';
export type { Activity, ActivityListBody, ActivityListQuery, ActivityQuery } from './core/activity-log.js';
export {
  PromotionStore,
  type FoundPromotionStack,
  type FoundPromotionTier,
  type PreparedTiers,
  type PromotionCampaignPort,
  type PromotionRedeemableRef,
  type PromotionRedeemables,
  type PromotionStoreDependencies,
  type PromotionTier,
  type PromotionTierCreateInput,
  type PromotionTierListQuery,
  type PromotionTierUpdateInput,
  type TierRedemptionAmounts,
} from './resources/promotions/store.js';
export {
  MAX_TIERS_PER_STACK,
  PromotionStackStore,
  type PromotionStack,
  type PromotionStackCreateInput,
  type PromotionStackListQuery,
  type PromotionStackUpdateInput,
  type StackTierLookup,
} from './resources/promotions/stacks.js';
export type { TierRuleAssignmentList, TierRuleAssignments } from './resources/promotions/rule-assignments.js';
export { tierRuleAssignments } from './resources/validation-rules/tier-assignments.js';
export {
  ValidationRuleStore,
  type ApplicableValidationRule,
  type AssignmentInput,
  type AssignmentListQuery,
  type RuleRedeemable,
  type ValidationRule,
  type ValidationRuleAssignment,
  type ValidationRuleAssignmentDetails,
  type ValidationRuleInput,
  type ValidationRuleListQuery,
  type ValidationRulesPort,
} from './resources/validation-rules/store.js';
export type {
  AssignmentRelated,
  AssignmentTarget,
  AssignmentTargetLookup,
  PromotionTierRef,
  RelatedObjectType,
} from './resources/validation-rules/targets.js';
export {
  ExportStore,
  scheduledExport,
  type Export,
  type ExportFile,
  type ExportListQuery,
  type StoredExport,
} from './resources/exports/store.js';
export { ExportSources, type ExportParameters, type ExportPlan, type ExportSelection, type ExportSource, type ExportedObject } from './resources/exports/source.js';
export type { CsvCell } from './core/csv.js';
export { implementedOperations } from './resources/registry.js';
export {
  PublicationStore,
  type CustomerRedeemable,
  type CustomerRedeemableQuery,
  type PublicationAnswer,
  type PublicationExportRow,
  type PublicationListItem,
  type PublicationListQuery,
  type PublicationOrder,
  type PublicationRequest,
  type PublicationStoreDependencies,
  type PublishOptions,
} from './resources/publications/store.js';
export { publicationExportSource } from './resources/publications/export-source.js';
export { RedemptionStore, ROLLBACK_MOMENT_MS, type RedemptionListQuery, type ValidationResult } from './resources/redemptions/store.js';
export { projectPorts, type EnginePorts, type EnginePromotionTier, type EngineStores, type RuleTarget } from './resources/redemptions/ports.js';
export type { EngineOrigin, RedemptionChannel, RedemptionEntry, RedemptionRecord, RedemptionRollbackRecord } from './resources/redemptions/engine/records.js';
export type { RequestedRedeemable, StackedRequest } from './resources/redemptions/engine/request.js';
export type { RedemptionResult } from './resources/redemptions/engine/commit.js';
export type { RollbackInput, RollbacksResult } from './resources/redemptions/engine/rollback.js';
export type { AloneJudge, AlonePart, AloneVerdict, QualifiedOrder } from './resources/redemptions/engine/alone.js';
export { QualificationStore, type QualificationRedeemable, type QualificationRequest, type QualificationResult, type QualificationStores } from './resources/qualifications/store.js';
export { ROLLBACK_WINDOW } from './resources/redemptions/store.js';
export { engineRuleSet, type EngineRuleSet, type RuleInputs } from './resources/redemptions/ports.js';
export type { LimitFormulas } from './resources/redemptions/engine/limit-formulas.js';
