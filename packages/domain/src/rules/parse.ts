import { DomainError, isDomainError } from '../domain-error.js';
import { type FilterCondition, type FilterValue, isNumberText, parseConditionList } from '../filters/language.js';
import { type RuleLogic, parseRuleLogic, ruleLogicReferences } from './logic.js';
import { OPERATORS_BY_OPERANDS, RULE_NAME_SPECS, type ValidationRuleName, isValidationRuleName } from './names.js';
import type { ApplicableToEffect } from '../discounts/applicable-to-selection.js';

/**
 * One numbered rule after validation: a known name, its metadata key when it needs one, its
 * conditions (operators under their canonical names, operands normalised) and its sub-rules.
 *
 * @example
 * ```ts
 * const rule: ValidationRuleNode = {
 *   key: '1', name: 'order.amount', property: undefined, error: undefined,
 *   conditions: [{ operator: '$more_than', values: [10000] }],
 *   rules: { rules: [], logic: { kind: 'always' } },
 * };
 * ```
 */
export interface ValidationRuleNode {
  /** The rule's number among its siblings, as written (`"1"`). */
  readonly key: string;
  /** What the rule judges, such as `order.amount`. */
  readonly name: ValidationRuleName;
  /** The metadata key the rule reads, for the rules that need one. */
  readonly property: string | undefined;
  /**
   * The conditions, all required. Operands of rules on segments and items are objects `{ id }` or
   * `{ id, object }`, whatever form they were written in.
   */
  readonly conditions: readonly FilterCondition[];
  /** The sub-rules, judged on what this rule chose (for rules on order items). */
  readonly rules: ValidationRuleLevel;
  /** The rule's own failure message. */
  readonly error: string | undefined;
}

/**
 * A level of a rule tree: numbered rules and the logic that combines them. A level whose logic
 * is blank combines all its rules with `and`; a level without rules holds.
 *
 * @example
 * ```ts
 * const level: ValidationRuleLevel = { rules: [], logic: { kind: 'always' } };
 * ```
 */
export interface ValidationRuleLevel {
  /** The rules, by number. */
  readonly rules: readonly ValidationRuleNode[];
  /** How the rules combine; a blank logic was read as all of them joined by `and`. */
  readonly logic: RuleLogic;
}

/**
 * An entry of `applicable_to.included` or `excluded`: the product, SKU or collection, the settings
 * that decide which of its units a discount reaches, and the entry as written (echoed in answers).
 *
 * @example
 * ```ts
 * const entry: ApplicableToEntry = {
 *   object: 'products_collection', id: 'pc_mugs', effect: 'APPLY_TO_EVERY', target: 'ITEM', skip_initially: 0, repeat: 1,
 *   limits: { quantity_limit: 1 }, input: { object: 'products_collection', id: 'pc_mugs', quantity_limit: 1 },
 * };
 * ```
 */
export interface ApplicableToEntry {
  /** The kind of thing the entry names. */
  readonly object: 'product' | 'sku' | 'products_collection';
  /** The id of the product (`prod_…`), SKU (`sku_…`) or collection (`pc_…`). */
  readonly id: string;
  /** Which of the matching lines are reached, in which order; `APPLY_TO_EVERY` when not given. */
  readonly effect: ApplicableToEffect;
  /** Whether `skip_initially` and `repeat` count order lines (`ITEM`, the default) or single units (`UNIT`). */
  readonly target: 'ITEM' | 'UNIT';
  /** Lines or units passed over before the first one reached; 0 when not given. */
  readonly skip_initially: number;
  /** Every how many lines or units one is reached after the skipped ones; 1 (each) when not given. */
  readonly repeat: number;
  /** The unit limits set on the entry (whole numbers, 0 or more). */
  readonly limits: Readonly<Partial<Record<UnitLimitName, number>>>;
  /** The entry as written. */
  readonly input: Readonly<Record<string, unknown>>;
}

/**
 * The limits on discounted units an `applicable_to` entry may set: per order line, across lines,
 * and the budgets of a product, SKU or collection over a campaign or a promotion tier, for all
 * customers or for one, also per product of a collection.
 *
 * @example
 * ```ts
 * const limit: UnitLimitName = 'product_customer_campaign_quantity_limit';
 * ```
 */
export type UnitLimitName = (typeof UNIT_LIMIT_NAMES)[number];

/**
 * The names of the unit limits, in the order the spec lists them.
 *
 * @example
 * ```ts
 * UNIT_LIMIT_NAMES.includes('aggregated_quantity_limit'); // true
 * ```
 */
export const UNIT_LIMIT_NAMES = [
  'quantity_limit',
  'aggregated_quantity_limit',
  'product_campaign_quantity_limit',
  'product_customer_campaign_quantity_limit',
  'product_in_collection_campaign_quantity_limit',
  'product_in_collection_customer_campaign_quantity_limit',
  'product_promotion_tier_quantity_limit',
  'product_customer_promotion_tier_quantity_limit',
  'product_in_collection_promotion_tier_quantity_limit',
  'product_in_collection_customer_promotion_tier_quantity_limit',
] as const;

/**
 * The products and collections a discount under the rule set may reduce.
 *
 * @example
 * ```ts
 * const applicable: ApplicableToDefinition = { included: [], excluded: [], included_all: true };
 * ```
 */
export interface ApplicableToDefinition {
  /** The products, SKUs and collections a discount may reduce. */
  readonly included: readonly ApplicableToEntry[];
  /** Those it may never reduce, even when included. */
  readonly excluded: readonly ApplicableToEntry[];
  /** Whether every order line is included (except the excluded ones). */
  readonly included_all: boolean;
}

/**
 * One required part of a bundle: a product, SKU or collection and how many of its units one
 * bundle needs.
 *
 * @example
 * ```ts
 * const part: BundlePart = { key: '1', reference: { id: 'prod_laptop', object: 'product' }, units: 1, error: undefined };
 * ```
 */
export interface BundlePart {
  /** The part's number in `bundle_rules`, as written (`"1"`). */
  readonly key: string;
  /** The product, SKU or collection the order must hold. */
  readonly reference: { readonly id: string; readonly object: 'product' | 'sku' | 'products_collection' };
  /** Units one bundle needs, 1 or more. */
  readonly units: number;
  /** The part's failure message. */
  readonly error: string | undefined;
}

/**
 * Bundle rules after validation: the parts an order must hold together, and how many bundles may
 * count.
 *
 * @example
 * ```ts
 * const bundle: BundleDefinition = { limit: 2, parts: [] };
 * ```
 */
export interface BundleDefinition {
  /** Most bundles counted, 1–100. */
  readonly limit: number;
  /** The parts, by number; every one is needed for a bundle. */
  readonly parts: readonly BundlePart[];
}

/**
 * A validation rule set after validation, ready to evaluate: the rule tree, the fallback
 * message, the bundle and the applicable items.
 *
 * @example
 * ```ts
 * const definition: ValidationRuleSetDefinition = parseValidationRules({ rules: { 1: { name: 'order.amount', conditions: { $more_than: [10000] } }, logic: '1' } });
 * ```
 */
export interface ValidationRuleSetDefinition {
  /** The top level of the rule tree. */
  readonly rules: ValidationRuleLevel;
  /** The rule set's fallback message, for failures whose rules have none. */
  readonly error: string | undefined;
  /** The bundle, when `bundle_rules` has parts. */
  readonly bundle: BundleDefinition | undefined;
  /** The items a discount under the rule set may reduce; nothing when not given. */
  readonly applicable_to: ApplicableToDefinition;
}

/** How deep rule trees may nest; the spec describes four levels. */
const MAX_DEPTH = 8;
const RULE_KEY = /^[1-9]\d{0,3}$/u;
const OBJECTS = ['product', 'sku', 'products_collection'] as const;
const EFFECTS: readonly ApplicableToEffect[] = [
  'APPLY_TO_EVERY',
  'APPLY_TO_CHEAPEST',
  'APPLY_FROM_CHEAPEST',
  'APPLY_TO_MOST_EXPENSIVE',
  'APPLY_FROM_MOST_EXPENSIVE',
];

type Problems = string[];

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isObjectKind = (value: unknown): value is ApplicableToEntry['object'] =>
  OBJECTS.some((object) => object === value);

const readMessage = (value: unknown, at: string, problems: Problems): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) {
    problems.push(`Property ${at} should be object`);
    return undefined;
  }
  const { message } = value;
  if (message === undefined || message === null) return undefined;
  if (typeof message !== 'string') {
    problems.push(`Property ${at}.message should be string`);
    return undefined;
  }
  return message;
};

/** The default `object` of a reference written as a bare id, by rule. */
const defaultObject = (name: ValidationRuleName, operator: string): LineObject | undefined => {
  if (operator === '$from') return 'products_collection';
  if (name.startsWith('product.')) return 'product';
  if (name.startsWith('sku.')) return 'sku';
  return undefined;
};

type LineObject = ApplicableToEntry['object'];

type Operand = { readonly value: FilterValue } | { readonly problem: string };

const show = (value: FilterValue): string => JSON.stringify(value);

/** Normalises a reference operand (`'seg_1'`, `{ id, object, source_id, effect … }`) to `{ id }` or `{ id, object }`. */
const readReference = (
  value: FilterValue,
  kind: 'reference' | 'items',
  fallbackObject: LineObject | undefined,
): Operand => {
  const id = typeof value === 'string' ? value : isRecord(value) ? value.id : undefined;
  if (typeof id !== 'string' || id === '')
    return { problem: `should hold ids or objects with an id (actual value is ${show(value)})` };
  if (kind === 'reference') return { value: { id } };
  const object = isRecord(value) && value.object !== undefined && value.object !== null ? value.object : fallbackObject;
  if (object === undefined) return { value: { id } };
  if (!isObjectKind(object))
    return {
      problem: `should name objects of kind product, sku or products_collection (actual value is ${show(value)})`,
    };
  return { value: { id, object } };
};

const readOperand = (name: ValidationRuleName, operator: string, value: FilterValue): Operand => {
  const { operands } = RULE_NAME_SPECS[name];
  switch (operands) {
    case 'reference':
    case 'items':
      return readReference(value, operands, defaultObject(name, operator));
    case 'number':
      return typeof value === 'number' || (typeof value === 'string' && isNumberText(value.trim()))
        ? { value: Number(value) }
        : { problem: `should hold numbers (actual value is ${show(value)})` };
    case 'boolean':
      if (typeof value === 'boolean') return { value };
      return value === 'true' || value === 'false'
        ? { value: value === 'true' }
        : { problem: `should hold booleans (actual value is ${show(value)})` };
    case 'text':
      return typeof value === 'string' ? { value } : { problem: `should hold text (actual value is ${show(value)})` };
    case 'metadata':
      return { value };
  }
};

const readConditions = (
  name: ValidationRuleName,
  input: unknown,
  at: string,
  problems: Problems,
): FilterCondition[] => {
  const allowed = OPERATORS_BY_OPERANDS[RULE_NAME_SPECS[name].operands];
  if (input === undefined || input === null) return [];
  if (!isRecord(input)) {
    problems.push(`Property ${at} should be object`);
    return [];
  }
  const conditions: FilterCondition[] = [];
  for (const [written, operand] of Object.entries(input)) {
    // Condition values are always arrays, so that a single value is never mistaken for a list.
    if (!Array.isArray(operand)) {
      problems.push(`Property ${at}.${written} should be array`);
      continue;
    }
    const read = parseConditionList({ [written]: operand }, allowed);
    for (const { problem } of read.problems) {
      problems.push(
        problem.startsWith('is not allowed here')
          ? `Property ${at}.${written} is not an operator of rule '${name}' (allowed: ${allowed.join(', ')})`
          : `Property ${at}.${written} ${problem}`,
      );
    }
    for (const condition of read.conditions) {
      const values: FilterValue[] = [];
      for (const value of condition.values) {
        const normalised = readOperand(name, condition.operator, value);
        if ('problem' in normalised) {
          problems.push(`Property ${at}.${written} ${normalised.problem}`);
          break;
        }
        values.push(normalised.value);
      }
      if (values.length === condition.values.length) conditions.push({ operator: condition.operator, values });
    }
  }
  return conditions;
};

/** Rules that hold with no condition: those that choose order lines, and the yes-or-no rules (read as `$is: [true]`). */
const mayHaveNoConditions = (name: ValidationRuleName): boolean => {
  const spec = RULE_NAME_SPECS[name];
  return spec.role === 'selector' || spec.operands === 'boolean';
};

const readRule = (
  key: string,
  input: unknown,
  at: string,
  depth: number,
  problems: Problems,
): ValidationRuleNode | undefined => {
  if (!isRecord(input)) {
    problems.push(`Property ${at} should be object`);
    return undefined;
  }
  const { name } = input;
  if (typeof name !== 'string') {
    problems.push(
      name === undefined
        ? `Property ${at} should have required property 'name'`
        : `Property ${at}.name should be string`,
    );
    return undefined;
  }
  if (!isValidationRuleName(name)) {
    problems.push(`Rule '${name}' is not a known rule (${at})`);
    return undefined;
  }
  const spec = RULE_NAME_SPECS[name];
  const { property } = input;
  let readProperty: string | undefined;
  if (spec.property) {
    if (typeof property !== 'string' || property.trim() === '')
      problems.push(`Rule '${name}' must have a 'property' (${at})`);
    else readProperty = property;
  } else if (property !== undefined && property !== null && typeof property !== 'string') {
    problems.push(`Property ${at}.property should be string or null`);
  }
  const conditions = readConditions(name, input.conditions, `${at}.conditions`, problems);
  const written = isRecord(input.conditions) ? Object.keys(input.conditions).length : 0;
  if (written === 0 && !mayHaveNoConditions(name))
    problems.push(`Rule '${name}' must have at least one condition (${at}.conditions)`);
  const rules = readLevel(input.rules, `${at}.rules`, depth + 1, problems);
  return {
    key,
    name,
    property: readProperty,
    conditions,
    rules,
    error: readMessage(input.error, `${at}.error`, problems),
  };
};

const EMPTY_LEVEL: ValidationRuleLevel = { rules: [], logic: { kind: 'always' } };

const readLogic = (text: unknown, keys: readonly string[], at: string, problems: Problems): RuleLogic | undefined => {
  if (text !== undefined && text !== null && typeof text !== 'string') {
    problems.push(`Property ${at}.logic should be string`);
    return undefined;
  }
  let logic: RuleLogic;
  try {
    logic = parseRuleLogic(text ?? '');
  } catch (error) {
    if (!isDomainError(error, 'invalid_validation_rules')) throw error;
    problems.push(`${error.details ?? error.message} (${at}.logic)`);
    return undefined;
  }
  if (logic.kind === 'always') {
    // A blank logic requires every rule of the level.
    const operands = keys.map((key): RuleLogic => ({ kind: 'rule', key }));
    const [only] = operands;
    return only === undefined ? logic : operands.length === 1 ? only : { kind: 'and', operands };
  }
  // A rule the logic leaves out is still checked but never judged: the service stores such sets
  // (its own examples do), so refusing them would refuse what the service accepts.
  const named = ruleLogicReferences(logic);
  for (const key of named) {
    if (!keys.includes(key))
      problems.push(`Logic '${String(text)}' names rule ${key}, which is not defined (${at}.logic)`);
  }
  return logic;
};

const readLevel = (input: unknown, at: string, depth: number, problems: Problems): ValidationRuleLevel => {
  if (input === undefined || input === null) return EMPTY_LEVEL;
  if (!isRecord(input)) {
    problems.push(`Property ${at} should be object`);
    return EMPTY_LEVEL;
  }
  if (depth > MAX_DEPTH) {
    problems.push(`Property ${at} is nested more than ${MAX_DEPTH} levels deep`);
    return EMPTY_LEVEL;
  }
  const keys: string[] = [];
  const rules: ValidationRuleNode[] = [];
  for (const key of Object.keys(input)) {
    if (key === 'logic') continue;
    if (!RULE_KEY.test(key)) {
      problems.push(`Property ${at}.${key} is not a rule number or 'logic'`);
      continue;
    }
    keys.push(key);
    const rule = readRule(key, input[key], `${at}.${key}`, depth, problems);
    if (rule !== undefined) rules.push(rule);
  }
  keys.sort((a, b) => Number(a) - Number(b));
  rules.sort((a, b) => Number(a.key) - Number(b.key));
  const logic = readLogic(input.logic, keys, at, problems) ?? EMPTY_LEVEL.logic;
  return { rules, logic };
};

const readWholeNumber = (value: unknown, at: string, minimum: number, problems: Problems): number | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < minimum) {
    problems.push(`Property ${at} should be a whole number, ${minimum} or more`);
    return undefined;
  }
  return value;
};

const readEntry = (input: unknown, at: string, problems: Problems): ApplicableToEntry | undefined => {
  if (!isRecord(input)) {
    problems.push(`Property ${at} should be object`);
    return undefined;
  }
  const { object, id, effect, target } = input;
  let valid = true;
  if (!isObjectKind(object)) {
    problems.push(`Property ${at}.object should be one of: ${OBJECTS.join(', ')}`);
    valid = false;
  }
  if (typeof id !== 'string' || id === '') {
    problems.push(`Property ${at}.id should be a non-empty string`);
    valid = false;
  }
  if (effect !== undefined && effect !== null && !EFFECTS.some((known) => known === effect)) {
    problems.push(`Property ${at}.effect should be one of: ${EFFECTS.join(', ')}`);
  }
  if (target !== undefined && target !== null && target !== 'ITEM' && target !== 'UNIT') {
    problems.push(`Property ${at}.target should be one of: ITEM, UNIT`);
  }
  const skip = readWholeNumber(input.skip_initially, `${at}.skip_initially`, 0, problems);
  const repeat = readWholeNumber(input.repeat, `${at}.repeat`, 1, problems);
  const limits: Partial<Record<UnitLimitName, number>> = {};
  for (const name of UNIT_LIMIT_NAMES) {
    const limit = readWholeNumber(input[name], `${at}.${name}`, 0, problems);
    if (limit !== undefined) limits[name] = limit;
  }
  if (!valid || !isObjectKind(object) || typeof id !== 'string') return undefined;
  return {
    object,
    id,
    effect: EFFECTS.find((known) => known === effect) ?? 'APPLY_TO_EVERY',
    target: target === 'UNIT' ? 'UNIT' : 'ITEM',
    skip_initially: skip ?? 0,
    repeat: repeat ?? 1,
    limits,
    input,
  };
};

const readEntries = (input: unknown, at: string, problems: Problems): ApplicableToEntry[] => {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) {
    problems.push(`Property ${at} should be array`);
    return [];
  }
  return (input as readonly unknown[]).flatMap((entry, index) => readEntry(entry, `${at}[${index}]`, problems) ?? []);
};

const readApplicableTo = (input: unknown, problems: Problems): ApplicableToDefinition => {
  if (input === undefined || input === null) return { included: [], excluded: [], included_all: false };
  if (!isRecord(input)) {
    problems.push('Property .applicable_to should be object');
    return { included: [], excluded: [], included_all: false };
  }
  const { included_all } = input;
  if (included_all !== undefined && included_all !== null && typeof included_all !== 'boolean') {
    problems.push('Property .applicable_to.included_all should be boolean');
  }
  return {
    included: readEntries(input.included, '.applicable_to.included', problems),
    excluded: readEntries(input.excluded, '.applicable_to.excluded', problems),
    included_all: included_all === true,
  };
};

const readBundleUnits = (input: unknown, at: string, problems: Problems): number => {
  if (input === undefined || input === null) return 1;
  if (!isRecord(input)) {
    problems.push(`Property ${at} should be object`);
    return 1;
  }
  let units = 1;
  for (const key of Object.keys(input)) {
    if (key === 'logic') continue;
    const rule = input[key];
    const ruleAt = `${at}.${key}`;
    if (!RULE_KEY.test(key) || !isRecord(rule) || rule.name !== 'order.items.aggregated_quantity') {
      problems.push(`Property ${ruleAt} should be a rule named 'order.items.aggregated_quantity'`);
      continue;
    }
    const conditions = isRecord(rule.conditions) ? rule.conditions : {};
    const operand = conditions.$is ?? conditions.$more_than_or_equal ?? conditions.$more_than_equal;
    const [value] = Array.isArray(operand) ? (operand as readonly unknown[]) : [];
    if (
      !Array.isArray(operand) ||
      operand.length !== 1 ||
      typeof value !== 'number' ||
      !Number.isSafeInteger(value) ||
      value < 1
    ) {
      problems.push(`Property ${ruleAt}.conditions.$is should be an array of one whole number, 1 or more`);
      continue;
    }
    units = Math.max(units, value);
  }
  return units;
};

const usesOr = (logic: RuleLogic): boolean =>
  logic.kind === 'or' || (logic.kind === 'and' && logic.operands.some(usesOr));

const readBundle = (input: unknown, problems: Problems): BundleDefinition | undefined => {
  if (input === undefined || input === null) return undefined;
  if (!isRecord(input)) {
    problems.push('Property .bundle_rules should be object');
    return undefined;
  }
  const { limit } = input;
  if (
    limit !== undefined &&
    limit !== null &&
    (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 100)
  ) {
    problems.push('Property .bundle_rules.limit should be a whole number from 1 to 100');
  }
  const parts: BundlePart[] = [];
  const keys: string[] = [];
  for (const key of Object.keys(input)) {
    if (key === 'limit' || key === 'logic') continue;
    const at = `.bundle_rules.${key}`;
    const part = input[key];
    if (!RULE_KEY.test(key)) {
      problems.push(`Property ${at} is not a rule number, 'limit' or 'logic'`);
      continue;
    }
    keys.push(key);
    if (!isRecord(part) || part.name !== 'order.items.any') {
      problems.push(`Property ${at} should be a rule named 'order.items.any'`);
      continue;
    }
    const conditions = isRecord(part.conditions) ? part.conditions : {};
    const references = conditions.$is;
    const [reference] = Array.isArray(references) ? (references as readonly unknown[]) : [];
    if (
      !Array.isArray(references) ||
      references.length !== 1 ||
      !isRecord(reference) ||
      typeof reference.id !== 'string' ||
      !isObjectKind(reference.object)
    ) {
      problems.push(
        `Property ${at}.conditions.$is should be an array of one object with an id and an object (product, sku or products_collection)`,
      );
      continue;
    }
    const { type } = reference;
    const expectedType = reference.object === 'products_collection' ? 'products_collection' : 'product_or_sku';
    if (type !== undefined && type !== null && type !== expectedType) {
      problems.push(
        `Property ${at}.conditions.$is[0].type should be '${expectedType}' for an object of kind ${reference.object}`,
      );
    }
    parts.push({
      key,
      reference: { id: reference.id, object: reference.object },
      units: readBundleUnits(part.rules, `${at}.rules`, problems),
      error: readMessage(part.error, `${at}.error`, problems),
    });
  }
  if (input.logic !== undefined && input.logic !== null) {
    const logic = readLogic(input.logic, keys, '.bundle_rules', problems);
    if (logic !== undefined && usesOr(logic)) {
      problems.push(
        `Logic '${String(input.logic)}' of a bundle may only join its parts with 'and' (.bundle_rules.logic)`,
      );
    }
  }
  parts.sort((a, b) => Number(a.key) - Number(b.key));
  if (parts.length === 0) return undefined;
  return { limit: typeof limit === 'number' && Number.isInteger(limit) ? limit : 1, parts };
};

/**
 * Checks a validation rule set as a create or update request sends it and returns it ready to
 * evaluate: the rule tree (`rules`), the fallback message (`error`), `bundle_rules` and
 * `applicable_to`. Other properties (`name`, `type`, `context_type` …) are not looked at.
 *
 * @remarks
 * What is checked:
 * - `rules` and every nested `rules`: keys are rule numbers (`"1"`, `"2"` …) and `logic`; each
 *   rule has a known `name` (see {@link VALIDATION_RULE_NAMES}), a `property` when it reads
 *   metadata, and `conditions` whose values are arrays, with operators the rule accepts and
 *   operands of the right kind. Rules on values need at least one condition; rules that choose
 *   order lines and yes-or-no rules may have none.
 * - `logic`: rule numbers joined by `and`/`or` (any case) with brackets; it may name only rules
 *   of its level. A rule it leaves out is checked but never judged. A blank or missing logic
 *   requires all rules of the level.
 * - `error.message` (of the set and of each rule) is text.
 * - `bundle_rules`: `limit` 1–100; each part an `order.items.any` rule with one product, SKU or
 *   collection under `$is`, and optionally an `order.items.aggregated_quantity` sub-rule giving
 *   the units one bundle needs.
 * - `applicable_to`: `included` and `excluded` entries with `object` and `id`, a known `effect`
 *   and `target`, and whole-number limits; `included_all` a boolean.
 *
 * @param input - The request body, or just its rule-related properties.
 * @returns The rule set, normalised.
 * @throws DomainError `invalid_validation_rules` listing every problem in `details`, separated by
 *   `; `, for example `Rule 'custom_event.metadata' must have a 'property' (.rules.2)`.
 * @example
 * ```ts
 * const definition = parseValidationRules({
 *   name: 'Orders over $100',
 *   rules: { 1: { name: 'order.amount', conditions: { $more_than: [10000] } }, logic: '1' },
 *   error: { message: 'Spend more than $100' },
 * });
 * ```
 */
export function parseValidationRules(input: unknown): ValidationRuleSetDefinition {
  if (!isRecord(input)) {
    throw new DomainError('invalid_validation_rules', 'invalid validation rule definition', {
      details: 'The validation rule should be an object',
    });
  }
  const problems: Problems = [];
  const definition: ValidationRuleSetDefinition = {
    rules: readLevel(input.rules, '.rules', 1, problems),
    error: readMessage(input.error, '.error', problems),
    bundle: readBundle(input.bundle_rules, problems),
    applicable_to: readApplicableTo(input.applicable_to, problems),
  };
  if (problems.length > 0) {
    throw new DomainError('invalid_validation_rules', 'invalid validation rule definition', {
      details: problems.join('; '),
    });
  }
  return definition;
}
