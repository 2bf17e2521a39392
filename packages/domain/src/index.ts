/**
 * Pure business rules of the promotions, vouchers and loyalty API. No I/O: time and randomness
 * are parameters, and failures are {@link DomainError}s whose `key` is the service's error key.
 *
 * @packageDocumentation
 */

export { DomainError, isDomainError } from './domain-error.js';
export type { DomainErrorInit, DomainErrorKey } from './domain-error.js';

export { createSeededRandom } from './random-source.js';
export type { RandomSource } from './random-source.js';

export { ID_PREFIXES, createIdFactory } from './resource-id.js';
export type { IdFactory, IdPrefix } from './resource-id.js';

export { parseScopes, scopesSatisfy } from './oauth-scopes.js';

export {
  STACKING_RULES_DEFAULTS,
  applyStackingRulesDefaults,
  categoriesInStackingRules,
  mergeStackingRules,
  removeCategoryFromStackingRules,
  stackingRulesReferenceCategory,
  validateStackingRules,
} from './stacking-rules.js';
export type {
  StackingRulesCategoryRefs,
  StackingRulesInput,
  StackingRulesSettings,
} from './stacking-rules.js';

export {
  categoryStackingRulesType,
  discountCalculationModeFor,
  noEffectRuleFor,
  redeemableHierarchy,
  redeemableStackingType,
} from './stacking-categories.js';
export type { StackingCategory, StackingRedeemable, StackingType } from './stacking-categories.js';
export { stackingApplicationOrder } from './stacking-order.js';
export { StackedRedeemablesError, checkStackedRedeemables } from './stacking-request.js';
export type { StackedRedeemableRef } from './stacking-request.js';
export { STACKING_SKIP_MESSAGES, applyStackedRedeemables } from './stacking-application.js';
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
} from './stacking-application.js';

export { assertValidMetadata, findMetadataViolations } from './metadata-validation.js';
export { metadataFromText, metadataValueFromText } from './metadata-from-text.js';
export { patchMetadata, type Metadata } from './metadata-patch.js';
export { distanceMetres, locationContains, readGeoPoint, type GeoPoint, type LocationShape } from './geo-location.js';
export type {
  MetadataPropertyRules,
  MetadataPropertyType,
  MetadataSchemaRules,
  MetadataValidationOptions,
  MetadataViolation,
  MetadataViolationReason,
} from './metadata-validation.js';

export {
  DEFAULT_CODE_CHARSET,
  DEFAULT_CODE_LENGTH,
  codeConfigCapacity,
  generateCode,
  generateUniqueCodes,
} from './code-generation.js';

export {
  FILTER_OPERATORS,
  FILTER_OPERATOR_ALIASES,
  parseFilter,
} from './filter-language.js';
export type {
  FilterCondition,
  FilterDefinition,
  FilterField,
  FilterJunction,
  FilterOperator,
  FilterParseOptions,
  FilterSource,
  FilterValue,
} from './filter-language.js';
export { compileFieldPath, resolveFieldPath } from './filter-field-path.js';
export type { FieldReader } from './filter-field-path.js';
export {
  allOf,
  anyOf,
  compileFilter,
  compileFilterDefinition,
  dateRangeFilter,
  matchesFilter,
} from './filter-compile.js';
export type { FilterCompileOptions, FilterPredicate } from './filter-compile.js';
export type { CodeConfigInput, TakenCodes } from './code-generation.js';

export {
  MS_PER_DAY,
  civilFromDays,
  dayOfWeekOfDays,
  daysFromCivil,
  daysInMonth,
  instantOfZoned,
  zoneClock,
  zonedDateTime,
} from './time-zone.js';
export type { ZoneClock, ZonedDateTimeParts } from './time-zone.js';

export { addIsoDuration, formatIsoDuration, hasCalendarUnits, isoDurationTimeMs, parseIsoDuration } from './iso-duration.js';
export type { IsoDuration } from './iso-duration.js';

export { redeemableStatus } from './redeemable-status.js';
export type { RedeemableStatus, RedeemableStatusInput } from './redeemable-status.js';

export {
  CAMPAIGN_VALIDITY_KEYS,
  PROMOTION_TIER_VALIDITY_KEYS,
  VOUCHER_VALIDITY_KEYS,
  checkValidityWindow,
  compileValidityWindow,
} from './validity-window.js';
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
} from './validity-window.js';

export {
  CAMPAIGN_UPDATE_VOUCHER_FIELDS,
  campaignUpdateForVoucher,
  expirationAfterPublishing,
  inheritVoucher,
  isRewrittenByCampaignUpdate,
  voucherRuleAssignments,
  voucherTypeOf,
} from './voucher-inheritance.js';
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
} from './voucher-inheritance.js';

export {
  allocateProportionally,
  coinPointsCost,
  coinPointsValue,
  partOfAmount,
  percentOfAmount,
  roundToInteger,
} from './discount-rounding.js';
export type { CoinRatio } from './discount-rounding.js';

export { calculateOrderAmounts } from './order-amounts.js';
export type { OrderAmounts, OrderInput, OrderItemAmounts, OrderItemInput } from './order-amounts.js';

export { resolveDiscountEffect } from './discount-definition.js';
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
} from './discount-definition.js';

export type { ApplicableToEffect, ApplicationRulesInput, SelectedLine } from './applicable-to-selection.js';
export { MAX_LISTED_UNITS } from './applicable-to-results.js';
export type { ApplicableToResult, ApplicableToResultList, OrderItemUnits } from './applicable-to-results.js';
export type { ApplicableItemsInput, ApplicableToEntryInput } from './discount-item-selection.js';
export { discountItemsFromRules } from './discount-items-from-rules.js';
export type { FreeItemInput } from './discount-free-items.js';

export { applyDiscount } from './discount-application.js';
export type { CalculationMode, DiscountStepInput, DiscountStepOptions, DiscountStepResult } from './discount-application.js';

export { applyGiftCredits } from './gift-card-credits.js';
export { changeGiftBalance, changeLoyaltyPoints } from './card-balance.js';
export type { GiftBalance, GiftBalanceInput, LoyaltyPoints, LoyaltyPointsInput } from './card-balance.js';
export type { GiftCreditsInput, GiftCreditsResult } from './gift-card-credits.js';

export { applyPointsPayment } from './pay-with-points.js';
export type { PayWithPointsInput, PayWithPointsResult } from './pay-with-points.js';

export { applyDiscountStack, applyStackStep, finishDiscountStack, startDiscountStack } from './discount-stack.js';
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
} from './discount-stack.js';

export {
  FORMULA_FUNCTIONS,
  FORMULA_METADATA_READERS,
  FORMULA_OPERANDS,
  FORMULA_OPERATORS,
} from './formula-ast.js';
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
} from './formula-ast.js';
export { FormulaSyntaxError, parseFormula } from './formula-parser.js';
export { printFormula } from './formula-print.js';
export type { FormulaParseOptions } from './formula-parser.js';
export type {
  FormulaContext,
  FormulaCustomerInput,
  FormulaMetadata,
  FormulaMetadataHolder,
  FormulaOrderInput,
  FormulaOrderItemInput,
  FormulaPromotionTierInput,
  FormulaVoucherInput,
} from './formula-context.js';
export { FormulaEvaluationError, evaluateFormula } from './formula-evaluate.js';
export { compileFormula } from './formula-compile.js';
export type { CompiledFormula } from './formula-compile.js';
export type { FormulaFailureReason, FormulaResult } from './formula-evaluate.js';
export { FORMULA_FIELD_KINDS, formulaNumberToApiValue, formulaValue } from './formula-value.js';
export type { FormulaOutputKind, FormulaValueOptions } from './formula-value.js';

export { blameRuleLogic, evaluateRuleLogic, parseRuleLogic, ruleLogicReferences } from './validation-rule-logic.js';
export type { RuleLogic } from './validation-rule-logic.js';
export {
  VALIDATION_RULE_FAILURE_MESSAGES,
  VALIDATION_RULE_NAMES,
  isValidationRuleName,
  validationRuleCategory,
  validationRuleFailureKey,
  validationRuleViolationDetails,
} from './validation-rule-names.js';
export type { ValidatedRedeemable, ValidationRuleCategory, ValidationRuleFailureKey, ValidationRuleName } from './validation-rule-names.js';
export { UNIT_LIMIT_NAMES, parseValidationRules } from './validation-rule-parse.js';
export type {
  ApplicableToDefinition,
  ApplicableToEntry,
  BundleDefinition,
  BundlePart,
  UnitLimitName,
  ValidationRuleLevel,
  ValidationRuleNode,
  ValidationRuleSetDefinition,
} from './validation-rule-parse.js';
export type {
  RedemptionPeriodCounts,
  RuleCampaignInput,
  RuleCustomerInput,
  RuleMetadata,
  RuleOrderInput,
  RuleOrderItemInput,
  RuleRedemptionInput,
  ValidationRuleContext,
} from './validation-rule-context.js';
export { compileValidationRules, evaluateValidationRules } from './validation-rule-evaluate.js';
export type {
  EvaluateValidationRulesOptions,
  ValidationRuleFailure,
  ValidationRulesEvaluator,
  ValidationRulesResult,
} from './validation-rule-evaluate.js';
export { isCustomerRule, qualificationRuleOptions, qualificationScenarioPolicy, ruleSetRequiresProducts } from './qualification-scenarios.js';
export type { QualificationScenario, QualificationScenarioPolicy } from './qualification-scenarios.js';
export { evaluateBundle } from './validation-rule-bundle.js';
export type { BundleResult } from './validation-rule-bundle.js';
export { resolveApplicableTo } from './validation-rule-applicable-to.js';
export { collectionsNamedBy } from './validation-rule-collections.js';
export type { ApplicableToOptions, ApplicableToResolution, CoveredLine } from './validation-rule-applicable-to.js';
export { calendarPeriods, countRedemptionsByPeriod, firstDayOfWeek } from './validation-rule-periods.js';
export type { CalendarPeriods, PeriodOptions } from './validation-rule-periods.js';
