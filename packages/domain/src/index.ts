/**
 * Pure business rules of the promotions, vouchers and loyalty API. No I/O: time and randomness
 * are parameters, and failures are {@link DomainError}s whose `key` is the service's error key.
 *
 * @packageDocumentation
 */

export { DomainError, isDomainError } from './domain-error.js';
export type { DomainErrorInit, DomainErrorKey } from './domain-error.js';

export { createSeededRandom } from './ids/random-source.js';
export type { RandomSource, SeededRandom } from './ids/random-source.js';

export { derivedId } from './ids/derived-id.js';
export { ID_PREFIXES, createIdFactory } from './ids/resource-id.js';
export type { IdFactory, IdPrefix } from './ids/resource-id.js';

export { parseScopes, scopesSatisfy } from './auth/oauth-scopes.js';

export {
  STACKING_RULES_DEFAULTS,
  applyStackingRulesDefaults,
  categoriesInStackingRules,
  mergeStackingRules,
  removeCategoryFromStackingRules,
  stackingRulesReferenceCategory,
  validateStackingRules,
} from './stacking/rules.js';
export type {
  StackingRulesCategoryRefs,
  StackingRulesInput,
  StackingRulesSettings,
} from './stacking/rules.js';

export {
  categoryStackingRulesType,
  discountCalculationModeFor,
  noEffectRuleFor,
  redeemableHierarchy,
  redeemableStackingType,
} from './stacking/categories.js';
export type { StackingCategory, StackingRedeemable, StackingType } from './stacking/categories.js';
export { stackingApplicationOrder } from './stacking/order.js';
export { StackedRedeemablesError, checkStackedRedeemables } from './stacking/request.js';
export type { StackedRedeemableRef } from './stacking/request.js';
export { STACKING_SKIP_MESSAGES, applyStackedRedeemables } from './stacking/application.js';
export type {
  StackingApplicableOutcome,
  StackingApplication,
  StackingApplicationInput,
  StackingApplied,
  StackingEvaluate,
  StackingInapplicableOutcome,
  StackingOutcome,
  StackingRejected,
  StackingSkipDetails,
  StackingSkipKey,
  StackingSkippedOutcome,
  StackingStepContext,
  StackingVerdict,
} from './stacking/application.js';

export { assertValidMetadata, findMetadataViolations } from './metadata/validation.js';
export { metadataFromText, metadataValueFromText } from './metadata/from-text.js';
export { patchMetadata, type Metadata } from './metadata/patch.js';
export {
  distanceMetres,
  locationContains,
  readGeoPoint,
  type GeoPoint,
  type LocationShape,
} from './metadata/geo-location.js';
export type {
  MetadataPropertyRules,
  MetadataPropertyType,
  MetadataSchemaRules,
  MetadataValidationOptions,
  MetadataViolation,
  MetadataViolationReason,
} from './metadata/validation.js';

export {
  DEFAULT_CODE_CHARSET,
  DEFAULT_CODE_LENGTH,
  codeConfigCapacity,
  generateCode,
  generateUniqueCodes,
} from './codes/generation.js';

export {
  FILTER_OPERATORS,
  FILTER_OPERATOR_ALIASES,
  parseFilter,
} from './filters/language.js';
export type {
  FilterCondition,
  FilterDefinition,
  FilterField,
  FilterJunction,
  FilterOperator,
  FilterParseOptions,
  FilterSource,
  FilterValue,
} from './filters/language.js';
export { compileFieldPath, resolveFieldPath } from './filters/field-path.js';
export type { FieldReader } from './filters/field-path.js';
export {
  allOf,
  anyOf,
  compileFilter,
  compileFilterDefinition,
  dateRangeFilter,
  matchesFilter,
} from './filters/compile.js';
export type { FilterCompileOptions, FilterPredicate } from './filters/compile.js';
export type { CodeConfigInput, TakenCodes } from './codes/generation.js';

export {
  MS_PER_DAY,
  civilFromDays,
  dayOfWeekOfDays,
  daysFromCivil,
  daysInMonth,
  instantOfZoned,
  zoneClock,
  zonedDateTime,
} from './time/zone.js';
export type { ZoneClock, ZonedDateTimeParts } from './time/zone.js';

export {
  addIsoDuration,
  formatIsoDuration,
  hasCalendarUnits,
  isoDurationTimeMs,
  parseIsoDuration,
} from './time/iso-duration.js';
export type { IsoDuration } from './time/iso-duration.js';

export { redeemableStatus } from './vouchers/redeemable-status.js';
export type { RedeemableStatus, RedeemableStatusInput } from './vouchers/redeemable-status.js';

export {
  CAMPAIGN_VALIDITY_KEYS,
  PROMOTION_TIER_VALIDITY_KEYS,
  VOUCHER_VALIDITY_KEYS,
  checkValidityWindow,
  compileValidityWindow,
} from './time/validity-window.js';
export type {
  ValidityCheckResult,
  ValidityFailureKey,
  ValidityFailureKeys,
  ValidityFailureReason,
  ValidityFailureText,
  ValidityHoursEntryInput,
  ValidityHoursInput,
  ValidityTimeframeInput,
  ValidityWindowCheck,
  ValidityWindowInput,
  ValidityWindowOptions,
} from './time/validity-window.js';

export {
  CAMPAIGN_UPDATE_VOUCHER_FIELDS,
  campaignUpdateForVoucher,
  expirationAfterPublishing,
  inheritVoucher,
  isRewrittenByCampaignUpdate,
  voucherRuleAssignments,
  voucherTypeOf,
} from './vouchers/inheritance.js';
export type {
  CampaignField,
  CampaignInheritanceInput,
  CampaignUpdateVoucherField,
  CampaignVoucherTemplateInput,
  InheritedVoucherSettings,
  PublishingOptions,
  TemplateField,
  VoucherOverridesInput,
  VoucherType,
  VoucherUsageInput,
} from './vouchers/inheritance.js';

export {
  allocateProportionally,
  coinPointsCost,
  coinPointsValue,
  partOfAmount,
  percentOfAmount,
  roundToInteger,
} from './discounts/rounding.js';
export type { CoinRatio } from './discounts/rounding.js';

export { calculateOrderAmounts } from './discounts/order-amounts.js';
export type { OrderAmounts, OrderInput, OrderItemAmounts, OrderItemInput } from './discounts/order-amounts.js';

export { resolveDiscountEffect } from './discounts/definition.js';
export type {
  AmountDiscountEffect,
  AmountDiscountInput,
  DiscountFormulaContext,
  DiscountFormulaEvaluator,
  DiscountInput,
  FixedDiscountInput,
  OrderOrItemsEffect,
  PercentDiscountInput,
  UnitDiscountEffect,
  UnitDiscountInput,
  UnitDiscountItemInput,
  UnitMultipleDiscountInput,
} from './discounts/definition.js';

export type { ApplicableToEffect, ApplicationRulesInput, SelectedLine } from './discounts/applicable-to-selection.js';
export { MAX_LISTED_UNITS } from './discounts/applicable-to-results.js';
export type { ApplicableToResult, ApplicableToResultList, OrderItemUnits } from './discounts/applicable-to-results.js';
export type { ApplicableItemsInput, ApplicableToEntryInput } from './discounts/item-selection.js';
export { discountItemsFromRules } from './discounts/items-from-rules.js';
export type { FreeItemInput } from './discounts/free-items.js';

export { applyDiscount } from './discounts/application.js';
export type {
  CalculationMode,
  DiscountStepInput,
  DiscountStepOptions,
  DiscountStepResult,
} from './discounts/application.js';

export { applyGiftCredits } from './discounts/gift-card-credits.js';
export { changeGiftBalance, changeLoyaltyPoints } from './vouchers/card-balance.js';
export type { GiftBalance, GiftBalanceInput, LoyaltyPoints, LoyaltyPointsInput } from './vouchers/card-balance.js';
export type { GiftCreditsInput, GiftCreditsResult } from './discounts/gift-card-credits.js';

export { applyPointsPayment } from './discounts/pay-with-points.js';
export type { PayWithPointsInput, PayWithPointsResult } from './discounts/pay-with-points.js';

export { applyDiscountStack, applyStackStep, finishDiscountStack, startDiscountStack } from './discounts/stack.js';
export type {
  DiscountStackDiscountResult,
  DiscountStackDiscountStep,
  DiscountStackGiftResult,
  DiscountStackGiftStep,
  DiscountStackOptions,
  DiscountStackPointsResult,
  DiscountStackPointsStep,
  DiscountStackResult,
  DiscountStackState,
  DiscountStackStep,
  DiscountStackStepResult,
} from './discounts/stack.js';

export {
  FORMULA_FUNCTIONS,
  FORMULA_METADATA_READERS,
  FORMULA_OPERANDS,
  FORMULA_OPERATORS,
} from './formulas/ast.js';
export type {
  FormulaAst,
  FormulaBinaryNode,
  FormulaBooleanNode,
  FormulaCallNode,
  FormulaFunctionName,
  FormulaMetadataNode,
  FormulaMetadataReader,
  FormulaNumberNode,
  FormulaOperandName,
  FormulaOperandNode,
  FormulaOperator,
  FormulaSpan,
  FormulaSwitchCase,
  FormulaSwitchNode,
  FormulaTextNode,
  FormulaUnaryNode,
} from './formulas/ast.js';
export { FormulaSyntaxError, parseFormula } from './formulas/parser.js';
export { printFormula } from './formulas/print.js';
export type { FormulaParseOptions } from './formulas/parser.js';
export type {
  FormulaContext,
  FormulaCustomerInput,
  FormulaMetadata,
  FormulaMetadataHolder,
  FormulaOrderInput,
  FormulaOrderItemInput,
  FormulaPromotionTierInput,
  FormulaVoucherInput,
} from './formulas/context.js';
export { FormulaEvaluationError, evaluateFormula } from './formulas/evaluate.js';
export { compileFormula } from './formulas/compile.js';
export type { CompiledFormula } from './formulas/compile.js';
export type { FormulaFailureReason, FormulaResult } from './formulas/evaluate.js';
export { FORMULA_FIELD_KINDS, formulaNumberToApiValue, formulaValue } from './formulas/value.js';
export type { FormulaOutputKind, FormulaValueOptions } from './formulas/value.js';

export { blameRuleLogic, evaluateRuleLogic, parseRuleLogic, ruleLogicReferences } from './rules/logic.js';
export type { RuleLogic } from './rules/logic.js';
export {
  VALIDATION_RULE_FAILURE_MESSAGES,
  VALIDATION_RULE_NAMES,
  isValidationRuleName,
  validationRuleCategory,
  validationRuleFailureKey,
  validationRuleViolationDetails,
} from './rules/names.js';
export type {
  ValidatedRedeemable,
  ValidationRuleCategory,
  ValidationRuleFailureKey,
  ValidationRuleName,
} from './rules/names.js';
export { UNIT_LIMIT_NAMES, parseValidationRules } from './rules/parse.js';
export type {
  ApplicableToDefinition,
  ApplicableToEntry,
  BundleDefinition,
  BundlePart,
  UnitLimitName,
  ValidationRuleLevel,
  ValidationRuleNode,
  ValidationRuleSetDefinition,
} from './rules/parse.js';
export type {
  RedemptionPeriodCounts,
  RuleCampaignInput,
  RuleCustomerInput,
  RuleMetadata,
  RuleOrderInput,
  RuleOrderItemInput,
  RuleRedemptionInput,
  ValidationRuleContext,
} from './rules/context.js';
export { compileValidationRules, evaluateValidationRules } from './rules/evaluate.js';
export type {
  EvaluateValidationRulesOptions,
  ValidationRuleFailure,
  ValidationRulesEvaluator,
  ValidationRulesResult,
} from './rules/evaluate.js';
export {
  isCustomerRule,
  qualificationRuleOptions,
  qualificationScenarioPolicy,
  ruleSetRequiresProducts,
} from './qualifications/scenarios.js';
export type { QualificationScenario, QualificationScenarioPolicy } from './qualifications/scenarios.js';
export { evaluateBundle } from './rules/bundle.js';
export type { BundleResult } from './rules/bundle.js';
export { resolveApplicableTo } from './rules/applicable-to.js';
export { collectionsNamedBy } from './rules/collections.js';
export type { ApplicableToOptions, ApplicableToResolution, CoveredLine } from './rules/applicable-to.js';
export { calendarPeriods, countRedemptionsByPeriod, firstDayOfWeek } from './rules/periods.js';
export type { CalendarPeriods, PeriodOptions } from './rules/periods.js';

export {
  addDays,
  addMonths,
  calendarDateAt,
  calendarDays,
  dateOfDays,
  endOfPeriod,
  periodOf,
  startOfCalendarDate,
  startOfNextPeriod,
} from './time/calendar-date.js';
export type { CalendarDate, CalendarPeriod } from './time/calendar-date.js';

export { pointsExpirationDate } from './loyalty/expiry.js';
export type { PointsExpirationRules } from './loyalty/expiry.js';
export { bucketBalance, creditBuckets, expireBuckets, nextExpiration, spendBuckets } from './loyalty/buckets.js';
export { referralConverts, referrerTiersReached } from './referrals/conversion.js';
export type {
  NoReferral,
  ReferralConversionSettings,
  ReferralTrigger,
  ReferrerTierRule,
} from './referrals/conversion.js';
export type { BucketSpending, PointsBucket } from './loyalty/buckets.js';
export { earnedPoints, mappedLoyalty, rewardPrice } from './loyalty/earning.js';
export type {
  EarningCalculationType,
  EarningInput,
  EarningOrderLine,
  EarningRuleLoyalty,
  PointsMapping,
  ProportionalLeaf,
} from './loyalty/earning.js';
export { evaluateMemberTier, tierExpirationDate, tierForPoints } from './loyalty/tiers.js';
export type { MemberTier, TierChange, TierQualification, TierRange, TierRounding } from './loyalty/tiers.js';
export { runNightly } from './loyalty/nightly.js';
export type { NightlyCard, NightlyEffect, NightlySettings, PendingPointsEntry } from './loyalty/nightly.js';
