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

export { assertValidMetadata, findMetadataViolations } from './metadata-validation.js';
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
export type { CodeConfigInput } from './code-generation.js';

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
  ApplicableToEffect,
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
export { evaluateBundle } from './validation-rule-bundle.js';
export type { BundleResult } from './validation-rule-bundle.js';
export { resolveApplicableTo } from './validation-rule-applicable-to.js';
export type {
  ApplicableToOptions,
  ApplicableToResolution,
  ApplicableToResultEntry,
  ApplicableToResultList,
  CoveredLine,
  OrderItemUnits,
} from './validation-rule-applicable-to.js';
export { calendarPeriods, countRedemptionsByPeriod, firstDayOfWeek } from './validation-rule-periods.js';
export type { CalendarPeriods, PeriodOptions } from './validation-rule-periods.js';
