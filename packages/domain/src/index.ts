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
