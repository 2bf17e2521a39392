import { type FieldReader, compileFieldPath } from '../filters/field-path.js';
import { type FilterCondition, operandKindOf } from '../filters/language.js';
import { type ValueTest, compileCondition } from '../filters/operators.js';
import { UTC_CALENDAR, type ZoneCalendar, createZoneCalendar } from '../filters/time.js';
import { type ApplicableToOptions, type ApplicableToResolution, resolveApplicableToLines } from './applicable-to.js';
import { type BundleResult, bundleOfLines } from './bundle.js';
import {
  type OrderLine,
  type RedemptionPeriodCounts,
  type RuleMetadata,
  type ValidationRuleContext,
  readOrderLines,
} from './context.js';
import { blameRuleLogic } from './logic.js';
import {
  RULE_NAME_SPECS,
  VALIDATION_RULE_FAILURE_MESSAGES,
  type ValidationRuleFailureKey,
  type ValidationRuleName,
} from './names.js';
import type { ValidationRuleLevel, ValidationRuleNode, ValidationRuleSetDefinition } from './parse.js';

/**
 * Why a rule set does not hold: the service's error key and message, the text to return in
 * `error.message` (the failing rule's own, else the rule set's fallback, else none), and the rule
 * blamed.
 *
 * @example
 * ```ts
 * const failure: ValidationRuleFailure = {
 *   key: 'customer_rules_violated',
 *   message: 'customer does not match validation rules',
 *   error: { message: 'Not a new customer' },
 *   rule: { path: ['1'], name: 'customer.segment' },
 * };
 * ```
 */
export interface ValidationRuleFailure {
  /** The service's error key, by the family of the rule blamed. */
  readonly key: ValidationRuleFailureKey;
  /** The service's message for the key. */
  readonly message: string;
  /** The text for the answer's `error.message`; `undefined` when neither the rule nor the set has one. */
  readonly error: { readonly message: string } | undefined;
  /**
   * The rule blamed: the numbers leading to it from the top (`['2', '1']` is sub-rule 1 of rule
   * 2) and its name; for an incomplete bundle, `['bundle_rules', <part>]` and `order.items.any`.
   */
  readonly rule: { readonly path: readonly string[]; readonly name: ValidationRuleName };
}

/**
 * The answer of {@link evaluateValidationRules}: valid, with the items a discount may reduce; or
 * not, with the failure. Both carry the bundle when the rule set has one.
 *
 * @example
 * ```ts
 * const result: ValidationRulesResult = evaluateValidationRules(definition, { now: Date.now(), order });
 * if (result.valid) console.log(result.applicable.applicable_to.data);
 * else console.log(result.failure.key, result.failure.error?.message);
 * ```
 */
export type ValidationRulesResult =
  | {
      readonly valid: true;
      /** How the order meets `bundle_rules`; `undefined` without them. */
      readonly bundle: BundleResult | undefined;
      /** The order lines and units a discount may reduce, from `applicable_to`. */
      readonly applicable: ApplicableToResolution;
    }
  | {
      readonly valid: false;
      /** The rule at fault, with the service's key and messages. */
      readonly failure: ValidationRuleFailure;
      /** How the order meets `bundle_rules`; `undefined` without them. */
      readonly bundle: BundleResult | undefined;
    };

/**
 * Options of {@link evaluateValidationRules} and {@link compileValidationRules}.
 *
 * @example
 * ```ts
 * // Qualifications ignore campaign budgets and per-customer limits, and list what a bundle lacks.
 * const options: EvaluateValidationRulesOptions = {
 *   skipRule: (name) => validationRuleCategory(name) === 'budget',
 *   allowIncompleteBundle: true,
 * };
 * ```
 */
export interface EvaluateValidationRulesOptions {
  /** Rules for which this returns `true` are not judged and count as holding. */
  readonly skipRule?: ((name: ValidationRuleName) => boolean) | undefined;
  /** When `true`, an incomplete bundle does not make the rule set fail (the result still lists what is missing). */
  readonly allowIncompleteBundle?: boolean | undefined;
  /**
   * Budgets, earlier discounted units and formula results for `applicable_to`; see
   * {@link ApplicableToOptions}. When the rule set has a bundle and `unitLimitMultiplier` is not
   * given, unit limits are multiplied by the number of complete bundles (at least 1), as the
   * service does by default; pass 1 for a discount that does not scale with bundles.
   */
  readonly applicableTo?: ApplicableToOptions | undefined;
}

/**
 * A rule set compiled by {@link compileValidationRules}: judges one validation at a time. The
 * optional `applicableTo` options are this validation's (whose budgets apply, what earlier
 * redemptions used up); they override the compiled ones field by field.
 *
 * @example
 * ```ts
 * const evaluate: ValidationRulesEvaluator = compileValidationRules(definition);
 * const result = evaluate({ now: clock.now(), customer, order });
 * const tier = evaluate({ now: clock.now(), order }, { budget: 'promotion_tier', discountedUnits: { all: { prod_mug: 95 } } });
 * ```
 */
export type ValidationRulesEvaluator = (
  context: ValidationRuleContext,
  applicableTo?: ApplicableToOptions,
) => ValidationRulesResult;

/** The rules blamed for a failure, from the one at the top down to the deepest at fault. */
type Blame = readonly [ValidationRuleNode, ...ValidationRuleNode[]];

type Outcome = { readonly ok: true } | { readonly ok: false; readonly blame: Blame };

const HOLDS: Outcome = { ok: true };

/** The order lines a rule judges: those its parent chose, one of them when sub-rules are judged line by line, and how to quantify over them. */
interface Scope {
  readonly lines: readonly OrderLine[];
  readonly focus: OrderLine | undefined;
  readonly quantifier: 'any' | 'every';
}

/** What a compiled rule set keeps between evaluations: calendars, compiled conditions and metadata readers. */
interface Caches {
  readonly calendars: Map<string, ZoneCalendar>;
  /** Tests that do not depend on the moment of the validation, by time zone. */
  readonly tests: Map<string, Map<FilterCondition, ValueTest>>;
  readonly readers: Map<string, FieldReader>;
}

/** What one evaluation reads, computed once. */
interface State {
  readonly context: ValidationRuleContext;
  readonly lines: readonly OrderLine[];
  readonly amount: number | undefined;
  readonly now: number;
  readonly calendar: ZoneCalendar;
  /** Tests compiled for this time zone, kept between evaluations. */
  readonly tests: Map<FilterCondition, ValueTest>;
  /** Tests that read the moment of the validation, compiled for this evaluation only. */
  readonly momentTests: Map<FilterCondition, ValueTest>;
  readonly readers: Map<string, FieldReader>;
  readonly skip: ((name: ValidationRuleName) => boolean) | undefined;
}

const TRUE_CONDITION: FilterCondition = { operator: '$is', values: [true] };

/**
 * Whether a condition's test reads the moment of the validation: the relative day operators, and a
 * number compared with a metadata value, which counts days ago when the value is a date.
 */
const readsMoment = (rule: ValidationRuleNode, condition: FilterCondition): boolean =>
  operandKindOf(condition.operator) === 'days' ||
  (operandKindOf(condition.operator) === 'ordered' &&
    RULE_NAME_SPECS[rule.name].operands === 'metadata' &&
    typeof condition.values[0] === 'number');

const testOf = (rule: ValidationRuleNode, condition: FilterCondition, state: State): ValueTest => {
  const moment = readsMoment(rule, condition);
  const cache = moment ? state.momentTests : state.tests;
  let test = cache.get(condition);
  if (test === undefined) {
    // Only tests that read the moment get it, so the others can be kept between evaluations.
    test = compileCondition(condition, {
      calendar: state.calendar,
      now: moment ? state.now : undefined,
      inLocation: undefined,
    });
    cache.set(condition, test);
  }
  return test;
};

/** Whether a value meets all the conditions; a yes-or-no rule without conditions asks for `true`. */
const meets = (rule: ValidationRuleNode, value: unknown, state: State, conditions = rule.conditions): boolean => {
  if (conditions.length === 0 && RULE_NAME_SPECS[rule.name].operands === 'boolean')
    return testOf(rule, TRUE_CONDITION, state)(value);
  for (const condition of conditions) if (!testOf(rule, condition, state)(value)) return false;
  return true;
};

const readMetadata = (
  metadata: RuleMetadata | null | undefined,
  property: string | undefined,
  state: State,
): unknown => {
  if (metadata === null || metadata === undefined || property === undefined) return undefined;
  let reader = state.readers.get(property);
  if (reader === undefined) {
    reader = compileFieldPath(property);
    state.readers.set(property, reader);
  }
  return reader(metadata);
};

const present = (value: number | null | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The count after this redemption: the earlier ones plus one. */
const next = (counts: RedemptionPeriodCounts | null | undefined, period: keyof RedemptionPeriodCounts): number =>
  (present(counts?.[period]) ?? 0) + 1;

const periodOf = (name: string): keyof RedemptionPeriodCounts =>
  name.endsWith('.daily')
    ? 'daily'
    : name.endsWith('.weekly')
      ? 'weekly'
      : name.endsWith('.monthly')
        ? 'monthly'
        : 'total';

const hasCustomer = (state: State): boolean => {
  const customer = state.context.customer;
  return (customer?.id ?? undefined) !== undefined || (customer?.source_id ?? undefined) !== undefined;
};

const isLinkedCustomer = (state: State): boolean => {
  const { customer, publication } = state.context;
  const same = (a: string | null | undefined, b: string | null | undefined): boolean =>
    typeof a === 'string' && a !== '' && a === b;
  return same(publication?.customer_id, customer?.id) || same(publication?.customer_source_id, customer?.source_id);
};

/** The value a rule on the validation as a whole reads. Counts and budgets include the redemption being judged. */
const valueOf = (rule: ValidationRuleNode, state: State): unknown => {
  const { customer, order, redemption, campaign, custom_event } = state.context;
  const { name, property } = rule;
  switch (name) {
    case 'customer.segment':
      return customer?.segment_ids?.map((id) => ({ id }));
    case 'customer.metadata':
      return readMetadata(customer?.metadata, property, state);
    case 'publication.redeemable_by_linked_customer':
      return isLinkedCustomer(state);
    case 'order.amount':
      return state.amount;
    case 'order.total_amount':
      return present(order?.total_amount) ?? state.amount;
    case 'order.initial_amount':
      return present(order?.initial_amount) ?? state.amount;
    case 'order.metadata':
      return readMetadata(order?.metadata, property, state);
    case 'campaign.orders.amount':
      return (present(campaign?.orders_amount) ?? 0) + (state.amount ?? 0);
    case 'campaign.orders.amount_discounted':
      return (present(campaign?.orders_amount_discounted) ?? 0) + (present(redemption?.discount_amount) ?? 0);
    case 'campaign.redemptions.count':
    case 'campaign.redemptions.count.daily':
    case 'campaign.redemptions.count.weekly':
    case 'campaign.redemptions.count.monthly':
      return next(campaign?.redemptions, periodOf(name));
    case 'campaign.redemptions.customers_count':
    case 'campaign.redemptions.customers_count.daily':
    case 'campaign.redemptions.customers_count.weekly':
    case 'campaign.redemptions.customers_count.monthly':
      return hasCustomer(state) ? next(campaign?.customer_redemptions, periodOf(name)) : undefined;
    case 'redemption.count.daily':
    case 'redemption.count.weekly':
    case 'redemption.count.monthly':
      return next(redemption?.counts?.incentive, periodOf(name));
    case 'redemption.count.per_customer':
    case 'redemption.count.per_customer.daily':
    case 'redemption.count.per_customer.weekly':
    case 'redemption.count.per_customer.monthly':
      return hasCustomer(state) ? next(redemption?.counts?.customer, periodOf(name)) : undefined;
    case 'redemption.api_key':
      return redemption?.api_key ?? undefined;
    case 'redemption.count.per_api_key':
      return typeof redemption?.api_key === 'string' ? (present(redemption.counts?.api_key) ?? 0) + 1 : undefined;
    case 'redemption.user.login':
      return redemption?.user?.login ?? undefined;
    case 'redemption.count.per_user':
      return typeof redemption?.user?.login === 'string' ? (present(redemption.counts?.user) ?? 0) + 1 : undefined;
    case 'redemption.metadata':
      return readMetadata(redemption?.metadata, property, state);
    case 'redemption.gift.amount':
      return (present(campaign?.gift_amount) ?? 0) + (present(redemption?.gift?.credits) ?? 0);
    case 'redemption.reward.pay_with_points.points_used':
      return present(redemption?.points_used);
    case 'custom_event.metadata':
      return readMetadata(custom_event?.metadata, property, state);
    default:
      return undefined;
  }
};

/** The value of one order line a line rule reads; SKU rules see only SKU lines, product rules only product lines. */
const lineValueOf = (rule: ValidationRuleNode, line: OrderLine, state: State): unknown => {
  switch (rule.name) {
    case 'order.items.quantity':
      return line.quantity;
    case 'product.quantity':
      return line.product_id === undefined ? undefined : line.quantity;
    case 'sku.quantity':
      return line.sku_id === undefined ? undefined : line.quantity;
    case 'order.items.price':
    case 'order.items.price_any':
    case 'order.items.price_each':
      return line.price;
    case 'product.price':
      return line.product_id === undefined ? undefined : line.price;
    case 'sku.price':
      return line.sku_id === undefined ? undefined : line.price;
    case 'order.items.metadata':
    case 'order.items.metadata_any':
    case 'order.items.metadata_each':
      return readMetadata(line.metadata, rule.property, state);
    default:
      return undefined;
  }
};

const sum = (lines: readonly OrderLine[], read: (line: OrderLine) => number | undefined): number => {
  let total = 0;
  for (const line of lines) total += read(line) ?? 0;
  return total;
};

/** The total an aggregate rule reads over the lines in scope. */
const aggregateOf = (rule: ValidationRuleNode, scope: Scope, state: State): unknown => {
  switch (rule.name) {
    case 'order.items.count':
    case 'order.items.aggregated_quantity':
    case 'product.metadata.aggregated_quantity':
      return sum(scope.lines, (line) => line.quantity);
    case 'order.items.aggregated_amount':
    case 'product.metadata.aggregated_amount':
      return sum(scope.lines, (line) => line.amount);
    case 'product.metadata.match_all':
      return scope.lines.length > 0 && scope.lines.length === state.lines.length;
    default:
      return undefined;
  }
};

const fail = (rule: ValidationRuleNode, below: Outcome = HOLDS): Outcome => ({
  ok: false,
  blame: below.ok ? [rule] : [rule, ...below.blame],
});

/** Sub-rules of a level that judge one line at a time make the level judged line by line. */
const judgedPerLine = (level: ValidationRuleLevel): boolean =>
  level.rules.some((rule) => RULE_NAME_SPECS[rule.name].role === 'line');

/**
 * Judges the sub-rules of a rule that chose some lines: once over all of them, or, when a
 * sub-rule judges single lines, line by line (`any`: one line must pass them all; `every`: each
 * line must).
 */
const judgeChosen = (
  level: ValidationRuleLevel,
  chosen: readonly OrderLine[],
  quantifier: 'any' | 'every',
  state: State,
): Outcome => {
  if (!judgedPerLine(level)) return evaluateLevel(level, { lines: chosen, focus: undefined, quantifier }, state);
  let first: Outcome | undefined;
  for (const line of chosen) {
    const outcome = evaluateLevel(level, { lines: chosen, focus: line, quantifier }, state);
    if (quantifier === 'any' && outcome.ok) return HOLDS;
    if (quantifier === 'every' && !outcome.ok) return outcome;
    first ??= outcome;
  }
  return quantifier === 'every' ? HOLDS : (first ?? HOLDS);
};

/** What a rule that chooses lines compares with its conditions: the line's references, or its product's metadata. */
const chosenValueOf = (rule: ValidationRuleNode, line: OrderLine, state: State): unknown =>
  RULE_NAME_SPECS[rule.name].operands === 'metadata'
    ? readMetadata(line.product_metadata, rule.property, state)
    : line.references;

/** Lines a product or SKU rule may choose from: those that are a product, or a SKU. */
const eligible = (rule: ValidationRuleNode, line: OrderLine): boolean =>
  rule.name.startsWith('sku.')
    ? line.sku_id !== undefined
    : rule.name.startsWith('product.')
      ? line.product_id !== undefined
      : true;

const byPrice = (a: OrderLine, b: OrderLine): number => (a.price ?? 0) - (b.price ?? 0);

const evaluateSelector = (rule: ValidationRuleNode, scope: Scope, state: State): Outcome => {
  const base = scope.lines.filter((line) => eligible(rule, line));
  const matches = (line: OrderLine, conditions: readonly FilterCondition[]): boolean =>
    meets(rule, chosenValueOf(rule, line, state), state, conditions);
  switch (rule.name) {
    case 'order.items.every': {
      const chosen = base.filter((line) => matches(line, rule.conditions));
      if (base.length === 0 || chosen.length !== base.length) return fail(rule);
      const below = judgeChosen(rule.rules, chosen, 'every', state);
      return below.ok ? HOLDS : fail(rule, below);
    }
    case 'order.items.none': {
      const chosen = base.filter((line) => matches(line, rule.conditions));
      return chosen.length > 0 && judgeChosen(rule.rules, chosen, 'any', state).ok ? fail(rule) : HOLDS;
    }
    case 'order.items.cheapest':
    case 'order.items.most_expensive': {
      // `$from` narrows the lines the cheapest (most expensive) is picked from; the other
      // conditions say what it must be. Lines tied on unit price are all picked.
      const pool = rule.conditions.filter((condition) => condition.operator === '$from');
      const identity = rule.conditions.filter((condition) => condition.operator !== '$from');
      const priced = base.filter((line) => line.price !== undefined && matches(line, pool)).sort(byPrice);
      const extreme = rule.name === 'order.items.cheapest' ? priced[0]?.price : priced.at(-1)?.price;
      const chosen = priced.filter((line) => line.price === extreme && matches(line, identity));
      if (chosen.length === 0) return fail(rule);
      const below = judgeChosen(rule.rules, chosen, 'every', state);
      return below.ok ? HOLDS : fail(rule, below);
    }
    default: {
      const chosen = base.filter((line) => matches(line, rule.conditions));
      if (chosen.length === 0) return fail(rule);
      const below = judgeChosen(rule.rules, chosen, 'any', state);
      return below.ok ? HOLDS : fail(rule, below);
    }
  }
};

const evaluateRule = (rule: ValidationRuleNode, scope: Scope, state: State): Outcome => {
  if (state.skip?.(rule.name) === true) return HOLDS;
  const { role } = RULE_NAME_SPECS[rule.name];
  let own: boolean;
  switch (role) {
    case 'selector':
      return evaluateSelector(rule, scope, state);
    case 'value':
      own = meets(rule, valueOf(rule, state), state);
      break;
    case 'aggregate':
      own = meets(rule, aggregateOf(rule, scope, state), state);
      break;
    case 'line': {
      const passes = (line: OrderLine): boolean => meets(rule, lineValueOf(rule, line, state), state);
      if (scope.focus !== undefined) own = passes(scope.focus);
      else
        own =
          scope.quantifier === 'any' ? scope.lines.some(passes) : scope.lines.length > 0 && scope.lines.every(passes);
      break;
    }
    case 'lines_any':
    case 'lines_each': {
      const passes = (line: OrderLine): boolean => meets(rule, lineValueOf(rule, line, state), state);
      own = role === 'lines_any' ? scope.lines.some(passes) : scope.lines.length > 0 && scope.lines.every(passes);
      break;
    }
  }
  if (!own) return fail(rule);
  const below = evaluateLevel(rule.rules, scope, state);
  return below.ok ? HOLDS : fail(rule, below);
};

function evaluateLevel(level: ValidationRuleLevel, scope: Scope, state: State): Outcome {
  if (level.rules.length === 0) return HOLDS;
  // The logic may name a rule more than once ("(1 and 2) or (1 and 3)"): judge each once.
  const outcomes = new Map<string, Outcome>();
  const blamed = blameRuleLogic(level.logic, (key) => {
    let outcome = outcomes.get(key);
    if (outcome === undefined) {
      const rule = level.rules.find((candidate) => candidate.key === key);
      // The logic names only rules of its level (checked when the rule set was parsed).
      outcome = rule === undefined ? HOLDS : evaluateRule(rule, scope, state);
      outcomes.set(key, outcome);
    }
    return outcome.ok;
  });
  return blamed === undefined ? HOLDS : (outcomes.get(blamed) ?? HOLDS);
}

const failure = (
  key: ValidationRuleFailureKey,
  text: string | undefined,
  rule: ValidationRuleFailure['rule'],
): ValidationRuleFailure => ({
  key,
  message: VALIDATION_RULE_FAILURE_MESSAGES[key],
  error: text === undefined ? undefined : { message: text },
  rule,
});

const failureOf = (blame: Blame, definition: ValidationRuleSetDefinition): ValidationRuleFailure => {
  const deepest = blame[blame.length - 1] ?? blame[0];
  const message = [...blame].reverse().find((rule) => rule.error !== undefined)?.error ?? definition.error;
  return failure(RULE_NAME_SPECS[deepest.name].failure, message, {
    path: blame.map((rule) => rule.key),
    name: deepest.name,
  });
};

const orderAmount = (context: ValidationRuleContext, lines: readonly OrderLine[]): number | undefined => {
  const given = present(context.order?.amount);
  if (given !== undefined) return given;
  return lines.some((line) => line.amount !== undefined) ? sum(lines, (line) => line.amount) : undefined;
};

/**
 * The calendar of a time zone, made on first use: most rule sets read no dates, and making a
 * calendar for a zone other than UTC costs far more than judging the rules.
 */
const lazyCalendar = (timeZone: string): ZoneCalendar => {
  let calendar: ZoneCalendar | undefined;
  const made = (): ZoneCalendar => (calendar ??= createZoneCalendar(timeZone));
  return {
    timeZone,
    startOfDay: (year, month, day) => made().startOfDay(year, month, day),
    startOfDayFrom: (ms, days) => made().startOfDayFrom(ms, days),
    wallClock: (year, month, day, hour, minute, second, millisecond) =>
      made().wallClock(year, month, day, hour, minute, second, millisecond),
    localParts: (ms) => made().localParts(ms),
  };
};

const calendarOf = (timeZone: string | undefined, caches: Caches): ZoneCalendar => {
  if (timeZone === undefined) return UTC_CALENDAR;
  let calendar = caches.calendars.get(timeZone);
  if (calendar === undefined) {
    calendar = lazyCalendar(timeZone);
    caches.calendars.set(timeZone, calendar);
  }
  return calendar;
};

const testsFor = (timeZone: string, caches: Caches): Map<FilterCondition, ValueTest> => {
  let tests = caches.tests.get(timeZone);
  if (tests === undefined) {
    tests = new Map();
    caches.tests.set(timeZone, tests);
  }
  return tests;
};

/**
 * Compiles a validation rule set once for many validations: conditions, metadata readers and the
 * project's calendar are prepared on first use and kept, so each call only reads the context.
 * Conditions that count days from the moment of the validation are prepared for each call.
 * Judges exactly as {@link evaluateValidationRules}, which describes the rules.
 *
 * @param definition - The rule set, from {@link parseValidationRules}.
 * @param options - Rules to skip, whether an incomplete bundle fails, and the options of
 *   `applicable_to`; the same for every call.
 * @returns A function that judges one validation.
 * @throws RangeError (from the returned function) when a rule reads a date and `context.timeZone`
 *   is not a time zone the runtime knows.
 * @example
 * ```ts
 * const evaluate = compileValidationRules(parseValidationRules(stored));
 * const results = carts.map((order) => evaluate({ now: clock.now(), timeZone: 'Europe/Warsaw', customer, order }));
 * ```
 */
export function compileValidationRules(
  definition: ValidationRuleSetDefinition,
  options: EvaluateValidationRulesOptions = {},
): ValidationRulesEvaluator {
  const caches: Caches = { calendars: new Map(), tests: new Map(), readers: new Map() };
  return (context, applicableTo) => {
    const lines = readOrderLines(context.order?.items);
    const timeZone = context.timeZone ?? 'UTC';
    const state: State = {
      context,
      lines,
      amount: orderAmount(context, lines),
      now: context.now instanceof Date ? context.now.getTime() : context.now,
      calendar: calendarOf(context.timeZone, caches),
      tests: testsFor(timeZone, caches),
      momentTests: new Map(),
      readers: caches.readers,
      skip: options.skipRule,
    };
    const outcome = evaluateLevel(definition.rules, { lines, focus: undefined, quantifier: 'any' }, state);
    const bundle = definition.bundle === undefined ? undefined : bundleOfLines(definition.bundle, lines);
    if (!outcome.ok) return { valid: false, failure: failureOf(outcome.blame, definition), bundle };
    if (bundle !== undefined && bundle.quantity === 0 && options.allowIncompleteBundle !== true) {
      // Bundle parts take no message of their own (the reference marks theirs unsupported): the
      // rule set's fallback is used.
      const part = definition.bundle?.parts.find(
        (candidate) => bundle.missing?.some((item) => item.id === candidate.reference.id) === true,
      );
      return {
        valid: false,
        failure: failure('order_rules_violated', definition.error, {
          path: ['bundle_rules', part?.key ?? ''],
          name: 'order.items.any',
        }),
        bundle,
      };
    }
    const applicableOptions =
      applicableTo === undefined ? (options.applicableTo ?? {}) : { ...options.applicableTo, ...applicableTo };
    const applicable = resolveApplicableToLines(definition.applicable_to, lines, {
      ...applicableOptions,
      unitLimitMultiplier:
        applicableOptions.unitLimitMultiplier ?? (bundle === undefined ? 1 : Math.max(1, bundle.quantity)),
    });
    return { valid: true, bundle, applicable };
  };
}

/**
 * Judges a validation rule set against a validation: may this customer use this code or
 * promotion on this order now? Returns whether it may and which order items a discount may then
 * reduce, or, when not, which rule failed, the service's error key (`customer_rules_violated`,
 * `order_rules_violated`, `redemption_rules_violated`) and the message to show.
 *
 * @remarks
 * How rules are judged:
 * - Each level's `logic` is evaluated left to right with short-circuiting (`and` binds tighter
 *   than `or`); a rule's conditions must all hold, and so must its sub-rules.
 * - A failure is blamed on the rule that made its level fail (for `or`, the first operand), down
 *   to the deepest sub-rule at fault. Its key follows that rule's family:
 *   `customer_rules_violated` for `customer.segment` and
 *   `publication.redeemable_by_linked_customer`, `order_rules_violated` for order amounts,
 *   counts, items, products and SKUs, `redemption_rules_violated` for budgets, redemption limits,
 *   API keys and users, and metadata; its message is the nearest `error.message` on the way from
 *   that rule up to the top, else the set's `error.message`, else none.
 * - Missing data: a rule that reads something the context lacks sees no value, so positive
 *   operators fail and negative ones (`$is_not`, `$not_in` …) hold, as in filters.
 * - Counts and budgets (`redemption.count.*`, `campaign.redemptions.*`, `campaign.orders.*`,
 *   `redemption.gift.amount`) are what they would be after this redemption: the earlier counts
 *   from the context plus one, the earlier totals plus this order's amount, discount or credits,
 *   so `redemption.count.per_customer $less_than_or_equal 1` allows one redemption per customer.
 *   Per-customer counts see no value without a customer, per-key and per-user counts without a
 *   key or user.
 * - Order lines: `order.items.any` (and `product.id`, `sku.id`, `product.metadata` …) choose the
 *   lines that meet their conditions (`$is` a product, SKU or collection; a product matches its
 *   SKUs; `$from` collections) and hold when one does and their sub-rules hold for the chosen
 *   lines (one line must pass the line rules: quantity, price, metadata; totals are over all
 *   chosen lines). `order.items.every` needs every line chosen and each to pass;
 *   `order.items.none` holds when `any` would not; `order.items.cheapest` and
 *   `most_expensive` pick the lines with the lowest (highest) unit price, among the `$from`
 *   collections when given, and need one of them to meet `$is`.
 * - A rule set with `bundle_rules` also needs one complete bundle, unless
 *   `allowIncompleteBundle`; the result carries the bundle either way. An incomplete bundle
 *   fails with `order_rules_violated` and the set's fallback message.
 * - On a pass, `applicable` tells which order lines and units a discount may reduce (see
 *   {@link ApplicableToResolution}; {@link discountItemsFromRules} hands them to a discount).
 *
 * To judge many validations against one rule set, {@link compileValidationRules} once.
 *
 * @param definition - The rule set, from {@link parseValidationRules}.
 * @param context - The validation; see {@link ValidationRuleContext}.
 * @param options - Rules to skip, whether an incomplete bundle fails, and the options of `applicable_to`.
 * @returns `{ valid: true, bundle, applicable }` or `{ valid: false, failure, bundle }`.
 * @throws RangeError when a rule reads a date and `context.timeZone` is not a time zone the
 *   runtime knows.
 * @example
 * ```ts
 * const definition = parseValidationRules({
 *   error: { message: 'Fallback text' },
 *   rules: {
 *     1: { name: 'customer.segment', conditions: { $is: ['seg_new'] }, error: { message: 'Not a new customer' } },
 *     2: { name: 'order.items.any', conditions: { $is: [{ id: 'prod_iphone', object: 'product' }] } },
 *     logic: '1 and 2',
 *   },
 * });
 * const result = evaluateValidationRules(definition, { now: Date.now(), customer: { id: 'cust_1', segment_ids: [] } });
 * // { valid: false, failure: { key: 'customer_rules_violated', error: { message: 'Not a new customer' }, … }, bundle: undefined }
 * ```
 */
export function evaluateValidationRules(
  definition: ValidationRuleSetDefinition,
  context: ValidationRuleContext,
  options: EvaluateValidationRulesOptions = {},
): ValidationRulesResult {
  return compileValidationRules(definition, options)(context);
}
