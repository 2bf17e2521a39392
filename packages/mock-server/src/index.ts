/**
 * The whole API, stateful and in memory, through MSW.
 * @module @voucherkit/mock-server
 */
export { createMockService, type MockService, type MockServiceOptions } from './service.js';
export { MockSnapshot, SNAPSHOT_FORMAT, type ProjectImage, type SnapshotImage } from './snapshots.js';
export type { ContainerImage, ImageValue } from './core/history/image.js';
export type { ClockState, SavedClock } from './core/clock.js';
export type { Clock, ClockOptions } from './core/clock.js';
export type { Scheduler, SchedulerMode, Task } from './core/scheduler.js';
export type { FailureInjector, InjectedFailure } from './core/failures.js';
export type { Project, ProjectKeys, ProjectRegistry, ProjectSeed, ProjectSettings } from './core/projects.js';
export type { ProjectState } from './areas/state.js';
export type { OrganisationState } from './areas/organisation.js';
export {
  OrganisationUserStore,
  type Joining,
  type OrganisationUser,
  type OrganisationUserInput,
  type ProjectUser,
  type UserAssignment,
} from './areas/platform/projects/organisation-users.js';
export { ProjectMemberStore } from './areas/platform/projects/members.js';
export type { ManagementKeys, Principal } from './http/authenticate.js';
export { ApiError, type ApiErrorExtras } from './http/api-error.js';
export { API_VERSION, OAUTH_SCOPES, routes, type OperationId, type WebhookEventName } from './generated/routes.js';
export type { OperationRoute, OperationSpec, WebhookEventSpec } from './http/operation-spec.js';
export { loadOperations, type LoadedOperations } from './http/load-operations.js';
export {
  AsyncActionStore,
  type AsyncAction,
  type AsyncActionQuery,
} from './areas/platform/async-actions/store.js';
export {
  importSummary,
  itemSummary,
  updateSummary,
  type AsyncActionResult,
  type BulkJob,
  type FailedItem,
  type FailedItemKey,
  type JobTally,
} from './areas/platform/async-actions/job.js';
export {
  BinStore,
  type BinEntry,
  type BinInput,
  type BinListQuery,
  type BinPurgeListener,
  type BinRecords,
  type BinResourceType,
} from './areas/platform/bin/store.js';
export type { BinListFilters } from './areas/platform/bin/filters.js';
export type { Origin } from './core/origin.js';
export {
  EventLog,
  INTERNAL_SOURCE,
  type EventData,
  type EventFilter,
  type EventInput,
  type EventSource,
  type EventType,
  type ServiceEvent,
} from './core/event-log.js';
export type { ListOrder, Page } from './core/list.js';
export type { CursorQuery, LimitQuery, PageQuery, SortedPageQuery, TimeWindow } from './core/list.js';
export { DEFAULT_EVENT_RETENTION, type BulkJobSettings, type WebhookSettings } from './core/context.js';
export type { ProjectConfig, ProjectConfigChanges, ProjectConfigInput } from './core/project-config.js';
export { WebhookStore, type Webhook, type WebhookInput } from './areas/platform/webhooks/store.js';
export {
  DEFAULT_WEBHOOK_RETENTION,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  WEBHOOK_RETRY_DELAYS_MS,
  WebhookDeliveries,
  type DeliveryDependencies,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryFilter,
  type WebhookDeliveryStatus,
} from './areas/platform/webhooks/deliveries.js';
export type { Sendout } from './areas/platform/webhooks/envelope.js';
export { DEFAULT_JOURNAL_SIZE, RequestJournal, type JournalEntry, type JournalFilter } from './http/journal.js';
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
export { CONTROL_PREFIX, CONTROL_ROUTES, controlApi, type ControlDependencies } from './control/control-api.js';
export {
  mockServerMatchers,
  type DeepPartial,
  type MatcherContext,
  type MatcherResult,
  type MockServerMatchers,
} from './testing/matchers.js';
export { createFactories, type Factories, type FactoryOptions } from './testing/factories.js';
export { holdingFields, holdingId, type Holding } from './areas/campaigns/publications/holdings.js';
export {
  ReferralHolders,
  type ReferralHolder,
  type ReferralHolderDependencies,
  type ReferralHolderQuery,
} from './areas/programmes/referrals/holders.js';
export {
  ReferralTierStore,
  type ReferralTier,
  type ReferralTierDependencies,
  type ReferralTierInput,
} from './areas/programmes/referrals/tiers.js';
export { ReferralConversions, type ReferralConversionDependencies } from './areas/programmes/referrals/conversions.js';
export {
  giveCampaignCredit,
  giveReward,
  type CampaignCredit,
  type RewardGivingStores,
} from './areas/programmes/rewards/give.js';
export {
  CategoryStore,
  type Category,
  type CategoryChoice,
  type CategoryReferences,
} from './areas/catalog/categories/store.js';
export { MetadataSchemaStore, type MetadataSchema } from './areas/catalog/metadata-schemas/store.js';
export {
  CustomEventSchemaStore,
  type CustomEventSchema,
  type CustomEventSchemaChanges,
  type CustomEventSchemaInput,
} from './areas/catalog/custom-event-schemas/store.js';
export {
  BrandStore,
  DEFAULT_PERMISSION_REMINDER,
  type Brand,
  type BrandChanges,
  type BrandInput,
} from './areas/platform/branding/store.js';
export { OAuthTokenStore, type ActiveToken } from './areas/platform/oauth/store.js';
export {
  CampaignStore,
  type CampaignCreateInput,
  type CampaignListQuery,
  type CampaignStoreDependencies,
  type CampaignUpdateInput,
  type SummaryRange,
} from './areas/campaigns/campaigns/store.js';
export {
  VoucherStore,
  type BalanceChange,
  type CampaignPort,
  type HeldSession,
  type TransactionQuery,
  type VoucherListQuery,
  type VoucherStoreDependencies,
} from './areas/campaigns/vouchers/store.js';
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
} from './areas/campaigns/vouchers/types.js';
export type { KeptTransaction, TransactionEntry } from './areas/campaigns/vouchers/transaction-log.js';
export type { ImportRow } from './areas/campaigns/vouchers/jobs.js';
export { VoucherCodes } from './areas/campaigns/vouchers/codes.js';
export { VoucherSessions } from './areas/campaigns/vouchers/sessions.js';
export { VoucherTransactions, type TransactionCards } from './areas/campaigns/vouchers/transactions.js';
export { StackingRulesStore, type StackingRules } from './areas/rules/stacking-rules/store.js';
export {
  CustomerStore,
  type Customer,
  type CustomerChange,
  type CustomerConsent,
  type CustomerListQuery,
  type CustomerOrder,
  type CustomerOrderSummary,
  type CustomerPermanentDeletion,
  type CustomerProfile,
  type CustomerReference,
  type CustomerUpsert,
} from './areas/customers/customers/store.js';
export {
  ConsentStore,
  type Consent,
  type ConsentAnswers,
  type ConsentGroup,
  type ConsentGroupInput,
  type ConsentInput,
} from './areas/customers/consents/store.js';
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
} from './areas/catalog/products/store.js';
export {
  ProductCollectionStore,
  type CollectionActivityType,
  type CollectionListQuery,
  type CollectionMember,
  type CollectionOrder,
  type ProductCollection,
} from './areas/catalog/product-collections/store.js';
export {
  SegmentStore,
  MAX_FILTER_SEGMENTS,
  MAX_STATIC_CUSTOMERS,
  type Segment,
  type SegmentActivityType,
  type SegmentInput,
  type SegmentListQuery,
} from './areas/customers/segments/store.js';
export {
  OrderStore,
  type Order,
  type OrderCalculation,
  type OrderCalculationInput,
  type OrderChange,
  type UpsertOptions,
  type OrderInput,
  type OrderOrder,
} from './areas/customers/orders/store.js';
export type { OrderItemRequest, OrderLine } from './areas/customers/orders/items.js';
export { LocationStore, type Location, type LocationListQuery } from './areas/catalog/locations/store.js';
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
} from './areas/campaigns/promotions/store.js';
export {
  MAX_TIERS_PER_STACK,
  PromotionStackStore,
  type PromotionStack,
  type PromotionStackCreateInput,
  type PromotionStackListQuery,
  type PromotionStackUpdateInput,
  type StackTierLookup,
} from './areas/campaigns/promotions/stacks.js';
export type {
  PromotionTierRef,
  RuleAssignments,
  RuleOwner,
  TierRuleAssignmentList,
} from './areas/campaigns/rule-assignments.js';
export {
  CampaignTemplateStore,
  type CampaignTemplate,
  type CampaignTemplateChanges,
  type CampaignTemplateInput,
  type CampaignTemplateListQuery,
  type CampaignTemplateStoreDependencies,
} from './areas/campaigns/templates/store.js';
export {
  campaignFromSetup,
  campaignSetup,
  tierFromSetup,
  tierSetup,
  unsupportedByTemplate,
  type SavedCampaign,
  type TemplateCampaignType,
  type TemplateSetup,
} from './areas/campaigns/templates/setup.js';
export type { SavedValidationRule, TemplateRules } from './areas/campaigns/templates/template-rules.js';
export { type SavedResource, TemplateResources } from './areas/campaigns/templates/template-resources.js';
export { templateRules } from './areas/rules/validation-rules/template-rules.js';
export { ruleAssignments } from './areas/rules/validation-rules/rule-assignments.js';
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
} from './areas/rules/validation-rules/store.js';
export type {
  AssignmentRelated,
  AssignmentTarget,
  AssignmentTargetLookup,
  RelatedObjectType,
} from './areas/rules/validation-rules/targets.js';
export {
  ExportStore,
  scheduledExport,
  type Export,
  type ExportFile,
  type ExportListQuery,
  type StoredExport,
} from './areas/platform/exports/store.js';
export { apiLogExportSource } from './areas/platform/exports/api-log-source.js';
export {
  ExportSources,
  type ExportParameters,
  type ExportPlan,
  type ExportSelection,
  type ExportSource,
  type ExportedObject,
} from './areas/platform/exports/source.js';
export type { CsvCell } from './core/csv.js';
export { implementedOperations } from './areas/registry.js';
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
} from './areas/campaigns/publications/store.js';
export { publicationExportSource } from './areas/campaigns/publications/export-source.js';
export {
  RedemptionStore,
  ROLLBACK_MOMENT_MS,
  type RedemptionExportRow,
  type RedemptionListQuery,
  type ValidationResult,
} from './areas/engine/redemptions/store.js';
export { redemptionExportSource } from './areas/engine/redemptions/export-source.js';
export {
  projectPorts,
  type EngineLoyaltyReward,
  type EnginePorts,
  type EnginePromotionTier,
  type EngineStores,
  type RuleTarget,
} from './areas/engine/redemptions/ports.js';
export type {
  KeptRecord,
  KeptRedemption,
  KeptRollback,
  RedemptionChannel,
  RedemptionEntry,
  RedemptionRecord,
  RedemptionRollbackRecord,
} from './areas/engine/redemptions/engine/records.js';
export type { RequestedRedeemable, StackedRequest } from './areas/engine/redemptions/engine/request.js';
export type { RedemptionResult } from './areas/engine/redemptions/engine/commit.js';
export type { RollbackInput, RollbacksResult } from './areas/engine/redemptions/engine/rollback.js';
export type { AloneJudge, AlonePart, AloneVerdict, QualifiedOrder } from './areas/engine/redemptions/engine/alone.js';
export type { RuleJudgement } from './areas/engine/redemptions/engine/rule-alone.js';
export {
  QualificationStore,
  type QualificationRedeemable,
  type QualificationRequest,
  type QualificationResult,
  type QualificationScope,
  type QualificationStores,
  type QualifyingRedeemable,
} from './areas/engine/qualifications/store.js';
export {
  LoyaltyCardLedger,
  type LedgerVoucherPort,
  type PointsBalance,
  type PointsChange,
  type PointsCredit,
  type PointsDebit,
  type PointsBucketRow,
  type PointsExpiry,
  type StoredBucket,
} from './areas/campaigns/loyalty-cards/ledger.js';
export {
  LoyaltyStore,
  type MemberBalanceChange,
  type MemberCardStores,
  type PointsTransfer,
} from './areas/programmes/loyalties/store.js';
export { listMemberActivity, type MemberActivity } from './areas/programmes/loyalties/activity.js';
export { pointsExpirationExportSource } from './areas/campaigns/loyalty-cards/export-source.js';
export {
  EarningRuleStore,
  MAX_EARNING_RULES,
  earningEventFamily,
  type EarningEventFamily,
  type EarningRule,
  type EarningRuleChanges,
  type EarningRuleInput,
  type EarningRuleListQuery,
  type TierLookup,
} from './areas/programmes/earning-rules/store.js';
export {
  PointsEarner,
  type EarnerDeps,
  type EarningOccasion,
  type MemberTiers,
  type PointsEstimate,
} from './areas/programmes/earning-rules/earner.js';
export {
  PendingPointsStore,
  type PendingPoints,
  type PendingPointsInput,
  type PendingPointsQuery,
} from './areas/programmes/pending-points/store.js';
export {
  LoyaltyTierStore,
  type LoyaltyTier,
  type LoyaltyTierInput,
  type MemberStanding,
} from './areas/programmes/tiers/store.js';
export { NightlyRun, type NightlySummary } from './areas/programmes/nightly/run.js';
export {
  RewardRedeemer,
  type RewardRedeemerDependencies,
  type RewardRedemption,
  type RewardRedemptionRequest,
} from './areas/programmes/rewards/redeemer.js';
export {
  RewardStore,
  type AssignmentScope,
  type Reward,
  type RewardAssignment,
  type RewardAssignmentInput,
  type RewardInput,
} from './areas/programmes/rewards/store.js';
export { ROLLBACK_WINDOW } from './areas/engine/redemptions/store.js';
export { engineRuleSet, type EngineRuleSet, type RuleInputs } from './areas/engine/redemptions/ports.js';
export type { LimitFormulas } from './areas/engine/redemptions/engine/limit-formulas.js';
