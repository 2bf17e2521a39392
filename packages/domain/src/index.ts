/**
 * Pure business rules of the promotions, vouchers and loyalty API, for apps that check input
 * before sending it, preview codes, discounts or points, or show when a voucher can be used. No
 * I/O: time and randomness are parameters, and failures are {@link DomainError}s whose `key` is
 * the service's error key.
 *
 * @packageDocumentation
 */

export { DomainError, isDomainError } from './domain-error.js';
export type { DomainErrorInit, DomainErrorKey } from './domain-error.js';

export { createSeededRandom } from './ids/random-source.js';
export type { RandomSource, SeededRandom } from './ids/random-source.js';

export { parseScopes } from './auth/oauth-scopes.js';

export {
  DEFAULT_CODE_CHARSET,
  DEFAULT_CODE_LENGTH,
  codeConfigCapacity,
  generateCode,
  generateUniqueCodes,
} from './codes/generation.js';
export type { CodeConfigInput, TakenCodes } from './codes/generation.js';

export { assertValidMetadata, findMetadataViolations } from './metadata/validation.js';
export type {
  MetadataPropertyRules,
  MetadataPropertyType,
  MetadataSchemaRules,
  MetadataValidationOptions,
  MetadataViolation,
  MetadataViolationReason,
} from './metadata/validation.js';

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
export type { CalendarDate, CalendarPeriod } from './time/calendar-date.js';

export { redeemableStatus } from './vouchers/redeemable-status.js';
export type { RedeemableStatus, RedeemableStatusInput } from './vouchers/redeemable-status.js';

export { FILTER_OPERATORS, parseFilter } from './filters/language.js';
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
export { compileFilter, matchesFilter } from './filters/compile.js';
export type { FilterCompileOptions, FilterPredicate } from './filters/compile.js';

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
export type { FormulaParseOptions } from './formulas/parser.js';
export { printFormula } from './formulas/print.js';
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
export type { FormulaFailureReason, FormulaResult } from './formulas/evaluate.js';
export { compileFormula } from './formulas/compile.js';
export type { CompiledFormula } from './formulas/compile.js';
export { FORMULA_FIELD_KINDS, formulaValue } from './formulas/value.js';
export type { FormulaOutputKind, FormulaValueOptions } from './formulas/value.js';

export { calculateOrderAmounts } from './discounts/order-amounts.js';
export type { OrderAmounts, OrderInput, OrderItemAmounts, OrderItemInput } from './discounts/order-amounts.js';
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
export type { ApplicableToResult, ApplicableToResultList, OrderItemUnits } from './discounts/applicable-to-results.js';
export type { ApplicableItemsInput, ApplicableToEntryInput } from './discounts/item-selection.js';
export type { FreeItemInput } from './discounts/free-items.js';
export { discountItemsFromRules } from './discounts/items-from-rules.js';
export { applyDiscount } from './discounts/application.js';
export type {
  CalculationMode,
  DiscountStepInput,
  DiscountStepOptions,
  DiscountStepResult,
} from './discounts/application.js';
export { applyGiftCredits } from './discounts/gift-card-credits.js';
export type { GiftCreditsInput, GiftCreditsResult } from './discounts/gift-card-credits.js';
export { applyPointsPayment } from './discounts/pay-with-points.js';
export type { PayWithPointsInput, PayWithPointsResult } from './discounts/pay-with-points.js';
export type { CoinRatio } from './discounts/rounding.js';
export { applyDiscountStack } from './discounts/stack.js';
export type {
  DiscountStackDiscountResult,
  DiscountStackDiscountStep,
  DiscountStackGiftResult,
  DiscountStackGiftStep,
  DiscountStackOptions,
  DiscountStackPointsResult,
  DiscountStackPointsStep,
  DiscountStackResult,
  DiscountStackStep,
  DiscountStackStepResult,
} from './discounts/stack.js';

export { VALIDATION_RULE_NAMES } from './rules/names.js';
export type { ValidationRuleFailureKey, ValidationRuleName } from './rules/names.js';
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
export type { RuleLogic } from './rules/logic.js';
export type { ApplicableToOptions, ApplicableToResolution, CoveredLine } from './rules/applicable-to.js';
export type { BundleResult } from './rules/bundle.js';

export { STACKING_RULES_DEFAULTS, applyStackingRulesDefaults, validateStackingRules } from './stacking/rules.js';
export type { StackingRulesInput, StackingRulesSettings } from './stacking/rules.js';
export type { StackingCategory, StackingRedeemable, StackingType } from './stacking/categories.js';
export { StackedRedeemablesError, checkStackedRedeemables } from './stacking/request.js';
export type { StackedRedeemableRef } from './stacking/request.js';
export { stackingApplicationOrder } from './stacking/order.js';
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

export { earnedPoints, rewardPrice } from './loyalty/earning.js';
export type {
  EarningCalculationType,
  EarningInput,
  EarningOrderLine,
  EarningRuleLoyalty,
  PointsMapping,
  ProportionalLeaf,
} from './loyalty/earning.js';
export { pointsExpirationDate } from './loyalty/expiry.js';
export type { PointsExpirationRules } from './loyalty/expiry.js';
export { evaluateMemberTier, tierExpirationDate, tierForPoints } from './loyalty/tiers.js';
export type { MemberTier, TierChange, TierQualification, TierRange, TierRounding } from './loyalty/tiers.js';

export { referralConverts, referrerTiersReached } from './referrals/conversion.js';
export type {
  NoReferral,
  ReferralConversionSettings,
  ReferralTrigger,
  ReferrerTierRule,
} from './referrals/conversion.js';
