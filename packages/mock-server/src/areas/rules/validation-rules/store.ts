import {
  type ValidationRuleLevel,
  type ValidationRuleSetDefinition,
  type ValidationRulesEvaluator,
  compileValidationRules,
  parseValidationRules,
} from '@voucherkit/domain';
import type { ServiceContext } from '../../../core/context.js';
import type { EventData, EventInput, EventLog } from '../../../core/event-log.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { TrackedSet } from '../../../core/history/tracked-set.js';
import { type ListOrder, type Ordering, type Page, type SortedPageQuery, pageOf } from '../../../core/list.js';
import { creationOrder } from '../../../core/sorted-page.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import {
  type AssignmentTarget,
  type AssignmentTargetLookup,
  type RelatedObjectType,
  assertKindAccepts,
  assertTargetAccepts,
} from './targets.js';

/** A validation rule as the API returns it. */
export type ValidationRule = Resource<'ValidationRule'>;

/** An assignment of a validation rule to an object, as the assignment operations return it. */
export type ValidationRuleAssignment = Resource<'ValidationRuleAssignment'>;

/** An assignment as vouchers and campaigns show it, with how much of the rule applies to the object. */
export type ValidationRuleAssignmentDetails = Resource<'ValidationRuleAssignmentDetails'>;

/**
 * The fields of a new validation rule, or the changes of an update (`POST`/`PUT /v1/validation-rules`).
 * `rules` may also be given as a plain record: the generated type of a rule tree (numbered rules
 * beside a `logic` text) cannot be written as an object literal, and the domain checks it anyway.
 *
 * @example
 * ```ts
 * const input: ValidationRuleInput = { name: 'Orders over $50', rules: { 1: { name: 'order.amount', conditions: { $more_than: [5000] } }, logic: '1' } };
 * ```
 */
export type ValidationRuleInput = Omit<Partial<Resource<'ValidationRuleBase'>>, 'rules'> & {
  /** The numbered rules and their `logic`. */
  readonly rules?: Resource<'ValidationRuleBase'>['rules'] | Readonly<Record<string, unknown>> | undefined;
};

/** Which validation rules {@link ValidationRuleStore.list} returns (`GET /v1/validation-rules`). */
export interface ValidationRuleListQuery extends SortedPageQuery<ListOrder<'created_at' | 'updated_at' | 'name'>> {
  /** Only rules created at or after this instant (ISO 8601). */
  readonly start_date?: string | undefined;
  /** Only rules created at or before this instant (ISO 8601). */
  readonly end_date?: string | undefined;
}

/** Which assignments the assignment lists return. */
export interface AssignmentListQuery extends SortedPageQuery<string> {
  /** Only assignments to this object. */
  readonly related_object_id?: string | undefined;
  /** Only assignments of this validation rule. */
  readonly rule?: string | undefined;
}

/**
 * What a new assignment names (`POST /v1/validation-rules/{id}/assignments`).
 *
 * @example
 * ```ts
 * const input: AssignmentInput = { related_object_type: 'campaign', related_object_id: 'camp_1' };
 * ```
 */
export interface AssignmentInput {
  /** The kind of object; `voucher` when not given. */
  readonly related_object_type?: RelatedObjectType | undefined;
  /** The object's id (a voucher's code and a campaign's name are accepted too). */
  readonly related_object_id?: string | undefined;
}

/**
 * A redeemable whose validation rules the validation engine asks for: a voucher or a promotion
 * tier, with its campaign.
 */
export interface RuleRedeemable {
  /** What is redeemed. */
  readonly object: 'voucher' | 'promotion_tier';
  /** The voucher's (`v_…`) or tier's (`promo_…`) id. */
  readonly id: string;
  /** The campaign it belongs to, whose assignments it follows; none for a standalone voucher. */
  readonly campaign_id?: string | null | undefined;
}

/**
 * A validation rule that applies to a redeemable, ready for the domain's evaluation: the
 * assignment that brings it, the rule as stored, the parsed definition (for
 * `evaluateValidationRules` or `compileValidationRules` with other options) and the definition
 * compiled with default options.
 */
export interface ApplicableValidationRule {
  /** The assignment (to the redeemable itself or to its campaign). */
  readonly assignment: ValidationRuleAssignment;
  /** The rule as the API shows it. */
  readonly rule: ValidationRule;
  /** The rule's version: 1 when created, one more at each update. */
  readonly version: number;
  /** The rule set parsed by the domain. */
  readonly definition: ValidationRuleSetDefinition;
  /** The rule set compiled with default options, kept until the rule changes. */
  readonly evaluate: ValidationRulesEvaluator;
}

/** What the validation engine needs of the validation rules store. */
interface ValidationRulesPort {
  /** The rules that apply to a redeemable: its campaign's first, then its own, each assignment once, oldest first. */
  rulesFor(redeemable: RuleRedeemable): ApplicableValidationRule[];
}

/** A stored rule with its parsed form (plain data); its compiled form is kept beside it (see `ValidationRuleStore.#compiled`). */
interface StoredRule {
  readonly rule: ValidationRule;
  readonly version: number;
  readonly definition: ValidationRuleSetDefinition;
}

/** Rules the mock cannot judge for an object of this kind, because such objects are never validated with what they read. */
const OMITTED_FOR: Readonly<Partial<Record<RelatedObjectType, ReadonlySet<string>>>> = {
  voucher: new Set(['custom_event.metadata']),
  campaign: new Set(['custom_event.metadata']),
  promotion_tier: new Set(['custom_event.metadata']),
};

const readsAny = (level: ValidationRuleLevel, names: ReadonlySet<string>): boolean =>
  level.rules.some((rule) => names.has(rule.name) || readsAny(rule.rules, names));

const ORDERS = new Set(['created_at', '-created_at']);

const byCreation = <T extends { readonly created_at?: string | null | undefined }>(
  items: T[],
  order: string | undefined,
): readonly T[] | Ordering<T> => {
  // Items are kept in creation order and the clock never runs backwards.
  if (order !== undefined && !ORDERS.has(order)) {
    throw new ApiError(400, 'invalid_query_params', 'Invalid query params', {
      details: `Query parameter order should be one of: created_at, -created_at (actual value is ${order})`,
    });
  }
  return creationOrder(items, order === 'created_at' ? 'created_at' : '-created_at');
};

/**
 * Validation rules of one project and their assignments to vouchers, campaigns, promotion tiers,
 * earning rules, reward assignments and distributions. Rules are parsed by the domain when created
 * or changed, and kept compiled for the validation engine until they change again. Assignments
 * live only here: vouchers and campaigns read theirs through {@link ValidationRuleStore.assignmentPage}.
 */
type StoredRules = NonNullable<ValidationRule['rules']>;

/**
 * A rule set's `rules` as the service keeps them: `{}` when none are sent, and numbered rules
 * without a `logic` get them all joined with `and` (`"1"` for one), the logic the domain reads
 * into a blank one.
 */
const storedRules = (rules: ValidationRuleInput['rules']): StoredRules => {
  if (rules === undefined || rules === null) return {};
  if (typeof rules.logic === 'string' && rules.logic.trim() !== '') return rules as StoredRules;
  const numbered = Object.keys(rules)
    .filter((key) => /^[0-9]+$/.test(key))
    .sort((a, b) => Number(a) - Number(b));
  return (numbered.length === 0 ? rules : { ...rules, logic: numbered.join(' and ') }) as StoredRules;
};

export class ValidationRuleStore implements ValidationRulesPort {
  readonly #rules: TrackedMap<string, StoredRule>;
  readonly #assignments: TrackedMap<string, ValidationRuleAssignment>;
  /** Assignment ids by rule, in creation order. */
  readonly #byRule: TrackedMap<string, TrackedSet<string>>;
  /** Assignment ids by related object, in creation order. */
  readonly #byObject: TrackedMap<string, TrackedSet<string>>;
  /** not state: each stored rule compiled on first use, kept with that (never changed) version of the rule. */
  readonly #compiled = new WeakMap<StoredRule, ValidationRulesEvaluator>();

  constructor(
    private readonly context: ServiceContext,
    private readonly targets: AssignmentTargetLookup,
    private readonly events: EventLog,
  ) {
    this.#rules = context.tracked.map();
    this.#assignments = context.tracked.map();
    this.#byRule = context.tracked.map();
    this.#byObject = context.tracked.map();
  }

  /** Whether the rule exists. */
  has(id: string): boolean {
    return this.#rules.has(id);
  }

  /**
   * The rule with this id, with its current `assignments_count`.
   * @throws ApiError 404 when the project has no such rule.
   */
  get(id: string): ValidationRule {
    return this.#show(this.#stored(id).rule);
  }

  /**
   * The rule compiled for evaluation, kept until the rule changes: what an earning rule or a
   * reward assignment that names the rule by id is judged with.
   * @throws ApiError 404 when the project has no such rule.
   */
  evaluatorOf(id: string): ValidationRulesEvaluator {
    return this.ruleSetOf(id).evaluate;
  }

  /**
   * The rule's parsed definition and its compiled form, for the engine to judge a redeemable by a
   * rule named by id (a pay-with-points reward's assignment).
   * @throws ApiError 404 when the project has no such rule.
   */
  ruleSetOf(id: string): Pick<ApplicableValidationRule, 'definition' | 'evaluate'> {
    const stored = this.#stored(id);
    return { definition: stored.definition, evaluate: this.#evaluatorOf(stored) };
  }

  /**
   * A page of rules, newest first unless `order` says otherwise, created between `start_date` and
   * `end_date` when given.
   */
  list(query: ValidationRuleListQuery = {}): Page<ValidationRule> {
    const from = query.start_date === undefined ? -Infinity : Date.parse(query.start_date);
    const to = query.end_date === undefined ? Infinity : Date.parse(query.end_date);
    const rules: ValidationRule[] = [];
    for (const { rule } of this.#rules.values()) {
      const created = Date.parse(rule.created_at);
      if (created >= from && created <= to) rules.push(rule);
    }
    const order = query.order ?? '-created_at';
    const field = order.replace(/^-/u, '') as 'created_at' | 'updated_at' | 'name';
    // Stored in creation order; a stable sort keeps that order among equal keys.
    const ordered =
      field === 'created_at' ? rules : [...rules].sort((a, b) => compareText(a[field] ?? '', b[field] ?? ''));
    if (order.startsWith('-')) ordered.reverse();
    const page = pageOf(ordered, query);
    return { ...page, items: page.items.map((rule) => this.#show(rule)) };
  }

  /**
   * Creates a rule. The domain checks `rules`, `bundle_rules`, `error` and `applicable_to`; `type`
   * defaults to `basic` for a rule that only limits products and to `expression` otherwise,
   * `context_type` to `global`. Records `business_validation_rule.created`.
   *
   * @throws DomainError `invalid_validation_rules` (400) listing every problem of the rule set;
   *   ApiError 400 `invalid_payload` without a `name`.
   */
  create(input: ValidationRuleInput, origin: Origin = {}): ValidationRule {
    if (typeof input.name !== 'string') throw ApiError.invalidPayload('Property .name is required');
    const definition = parseValidationRules(input);
    const rule: ValidationRule = {
      id: this.context.ids('val'),
      ...this.#fields(input, definition),
      created_at: this.context.timestamp(),
      object: 'validation_rules',
    };
    this.#rules.set(rule.id, { rule, version: 1, definition });
    const shown = this.#show(rule);
    this.#record('business_validation_rule.created', rule.id, { rule: shown, created_at: rule.created_at }, origin);
    return shown;
  }

  /**
   * Changes the fields sent and keeps the others; `rules`, `bundle_rules`, `error` and
   * `applicable_to` are replaced whole. The changed rule is parsed again and applies to its
   * assignments from then on. Records `business_validation_rule.updated`.
   *
   * @throws ApiError 404 for an unknown rule; DomainError `invalid_validation_rules` (400).
   */
  update(id: string, patch: ValidationRuleInput, origin: Origin = {}): ValidationRule {
    const current = this.#stored(id);
    const merged: ValidationRuleInput = { ...current.rule };
    for (const [key, value] of Object.entries(patch)) if (value !== undefined) Object.assign(merged, { [key]: value });
    const definition = parseValidationRules(merged);
    const rule: ValidationRule = {
      ...current.rule,
      ...this.#fields(merged, definition),
      updated_at: this.context.timestamp(),
    };
    this.#rules.set(id, { rule, version: current.version + 1, definition });
    const shown = this.#show(rule);
    this.#record(
      'business_validation_rule.updated',
      id,
      { rule: shown, updated_at: rule.updated_at ?? this.context.timestamp() },
      origin,
    );
    return shown;
  }

  /**
   * Deletes a rule together with its assignments: the objects it was assigned to are no longer
   * governed by it. Records `business_validation_rule.assignment.deleted` for each assignment,
   * then `business_validation_rule.deleted`.
   *
   * @throws ApiError 404 for an unknown rule.
   */
  delete(id: string, origin: Origin = {}): void {
    const shown = this.get(id);
    for (const assignmentId of [...(this.#byRule.get(id) ?? [])]) this.#unlink(assignmentId, origin);
    this.#rules.delete(id);
    this.#byRule.delete(id);
    this.#record('business_validation_rule.deleted', id, { rule: shown, deleted_at: this.context.timestamp() }, origin);
  }

  /**
   * A page of assignments of every rule, narrowed to one object or one rule; newest first unless
   * `order` is `created_at`.
   *
   * @throws ApiError 400 `invalid_query_params` for an order other than `created_at` or `-created_at`.
   */
  listAssignments(query: AssignmentListQuery = {}): Page<ValidationRuleAssignment> {
    let ids: Iterable<string> = this.#assignments.keys();
    if (query.related_object_id !== undefined) ids = this.#byObject.get(query.related_object_id) ?? [];
    const found: ValidationRuleAssignment[] = [];
    for (const id of ids) {
      const assignment = this.#assignments.get(id);
      if (assignment && (query.rule === undefined || assignment.rule_id === query.rule)) found.push(assignment);
    }
    // Ids are visited in the order of one index; assignments of the object index are already in creation order.
    return pageOf(byCreation(found, query.order), query);
  }

  /**
   * A page of one rule's assignments. An unknown rule has none, as the service answers.
   *
   * @throws ApiError 400 `invalid_query_params` for an order other than `created_at` or `-created_at`.
   */
  assignmentsOfRule(ruleId: string, query: AssignmentListQuery = {}): Page<ValidationRuleAssignment> {
    const found = [...(this.#byRule.get(ruleId) ?? [])].flatMap((id) => this.#assignments.get(id) ?? []);
    return pageOf(byCreation(found, query.order), query);
  }

  /** The assignments made to one object, oldest first. */
  assignmentsOf(objectId: string): ValidationRuleAssignment[] {
    return [...(this.#byObject.get(objectId) ?? [])].flatMap((id) => this.#assignments.get(id) ?? []);
  }

  /**
   * The `validation_rules_assignments` list of a voucher, campaign or promotion tier: the
   * assignments of each object given, in that order, each with how much of its rule applies to
   * that kind of object (`validation_status`, `validation_omitted_rules`).
   */
  assignmentPage(...objectIds: string[]): {
    object: 'list';
    data_ref: 'data';
    data: ValidationRuleAssignmentDetails[];
    total: number;
  } {
    const data = objectIds.flatMap((id) => this.assignmentsOf(id)).map((assignment) => this.#details(assignment));
    return { object: 'list', data_ref: 'data', data, total: data.length };
  }

  /**
   * Assigns a rule to an object after the service's checks. With `force`, an assignment of the
   * same rule to the same object is replaced by a new one; without it, it is refused. Records
   * `business_validation_rule.assignment.created` (and `.deleted` for a replaced one).
   *
   * @throws ApiError 404 for an unknown rule or object; 400 `invalid_payload` without
   *   `related_object_id`, or for a rule whose context or product limits do not fit the object;
   *   409 `duplicate_found` for a rule already assigned to the object.
   */
  assign(ruleId: string, input: AssignmentInput, force = false, origin: Origin = {}): ValidationRuleAssignment {
    const type = input.related_object_type ?? 'voucher';
    const objectId = input.related_object_id;
    if (objectId === undefined || objectId === '')
      throw ApiError.invalidPayload('Property .related_object_id is required');
    const stored = this.#stored(ruleId);
    const target = this.#target(stored, type, objectId);
    const existing = this.assignmentsOf(target.id).find((assignment) => assignment.rule_id === ruleId);
    if (existing !== undefined) {
      if (!force) {
        throw new ApiError(409, 'duplicate_found', 'Duplicated resource found', {
          details: `Validation rule ${ruleId} is already assigned to ${type} ${target.id} (${existing.id}); pass force=true to replace the assignment.`,
          resourceId: existing.id,
          resourceType: 'validation_rules_assignment',
        });
      }
      this.#unlink(existing.id, origin);
    }
    return this.#link(ruleId, target, origin);
  }

  /**
   * Checks, without storing anything, that rules may be assigned to an object about to be created
   * (a voucher or campaign whose request names `validation_rules`), so that a refusal stores nothing.
   *
   * @throws ApiError 404 for an unknown rule; 400 `invalid_payload` for a rule that does not fit the object.
   */
  assertAssignable(ruleIds: readonly string[] | null | undefined, target: AssignmentTarget): void {
    for (const ruleId of ruleIds ?? []) {
      const stored = this.#stored(ruleId);
      assertKindAccepts(target.type, stored.rule, stored.definition);
      assertTargetAccepts(target, stored.rule);
    }
  }

  /**
   * Assigns rules to an object just created, once each. Call it after
   * {@link ValidationRuleStore.assertAssignable} passed for the same rules and object (before the
   * object was stored, so a refusal stores nothing). Records
   * `business_validation_rule.assignment.created` for each unless silent.
   */
  assignAll(ruleIds: readonly string[] | null | undefined, target: AssignmentTarget, origin: Origin = {}): void {
    const given = new Set(this.assignmentsOf(target.id).map((assignment) => assignment.rule_id));
    for (const ruleId of ruleIds ?? []) {
      if (given.has(ruleId)) continue;
      given.add(ruleId);
      this.#link(ruleId, target, origin);
    }
  }

  /**
   * Deletes one assignment of a rule and records `business_validation_rule.assignment.deleted`.
   * @throws ApiError 404 for an unknown rule, or an assignment that is not the rule's.
   */
  unassign(ruleId: string, assignmentId: string, origin: Origin = {}): void {
    this.#stored(ruleId);
    const assignment = this.#assignments.get(assignmentId);
    if (assignment?.rule_id !== ruleId) throw ApiError.notFound('validation_rules_assignment', assignmentId);
    this.#unlink(assignmentId, origin);
  }

  /**
   * Deletes the assignments of an object that is gone (a deleted voucher, campaign or tier). The
   * object's own deletion event tells of it, so no assignment event is recorded.
   */
  releaseObject(objectId: string): void {
    for (const assignmentId of [...(this.#byObject.get(objectId) ?? [])]) this.#unlink(assignmentId);
  }

  /** {@inheritDoc ValidationRulesPort.rulesFor} */
  rulesFor(redeemable: RuleRedeemable): ApplicableValidationRule[] {
    const applicable: ApplicableValidationRule[] = [];
    // Each assignment is indexed under its one object, so the campaign's and the redeemable's never overlap.
    const owners = redeemable.campaign_id ? [redeemable.campaign_id, redeemable.id] : [redeemable.id];
    for (const assignment of owners.flatMap((id) => this.assignmentsOf(id))) {
      const stored = this.#rules.get(assignment.rule_id);
      if (stored === undefined) continue;
      applicable.push({
        assignment,
        rule: this.#show(stored.rule),
        version: stored.version,
        definition: stored.definition,
        evaluate: this.#evaluatorOf(stored),
      });
    }
    return applicable;
  }

  /** The rule compiled on first use and kept with this version of the rule; an update stores a new version. */
  #evaluatorOf(stored: StoredRule): ValidationRulesEvaluator {
    let evaluate = this.#compiled.get(stored);
    if (evaluate === undefined) {
      evaluate = compileValidationRules(stored.definition);
      this.#compiled.set(stored, evaluate);
    }
    return evaluate;
  }

  #stored(id: string): StoredRule {
    const stored = this.#rules.get(id);
    if (!stored) throw ApiError.notFound('validation_rule', id);
    return stored;
  }

  #show(rule: ValidationRule): ValidationRule {
    return { ...rule, assignments_count: this.#byRule.get(rule.id)?.size ?? 0 };
  }

  /** The stored fields of a rule from a request, with the service's defaults. */
  #fields(
    input: ValidationRuleInput,
    definition: ValidationRuleSetDefinition,
  ): Omit<ValidationRule, 'id' | 'created_at' | 'object'> {
    const onlyProducts = definition.rules.rules.length === 0 && definition.bundle === undefined;
    return {
      ...(input.name === undefined ? {} : { name: input.name }),
      rules: storedRules(input.rules),
      ...(input.bundle_rules === undefined ? {} : { bundle_rules: input.bundle_rules }),
      ...(input.error === undefined ? {} : { error: input.error }),
      // A rule that does not limit products has none to show: the service answers `null`.
      applicable_to:
        input.applicable_to === undefined || input.applicable_to === null
          ? null
          : { included_all: false, ...input.applicable_to },
      type: input.type ?? (onlyProducts ? 'basic' : 'expression'),
      context_type: input.context_type ?? 'global',
    };
  }

  #target(stored: StoredRule, type: RelatedObjectType, objectId: string): AssignmentTarget {
    assertKindAccepts(type, stored.rule, stored.definition);
    const target = this.targets.find(type, objectId);
    if (target === undefined) throw ApiError.notFound(type, objectId);
    assertTargetAccepts(target, stored.rule);
    return target;
  }

  #link(ruleId: string, target: AssignmentTarget, origin: Origin): ValidationRuleAssignment {
    const assignment: ValidationRuleAssignment = {
      id: this.context.ids('asgm'),
      rule_id: ruleId,
      related_object_id: target.id,
      related_object_type: target.type,
      created_at: this.context.timestamp(),
      object: 'validation_rules_assignment',
    };
    this.#assignments.set(assignment.id, assignment);
    this.#index(this.#byRule, ruleId).add(assignment.id);
    this.#index(this.#byObject, target.id).add(assignment.id);
    this.#recordAssignment('business_validation_rule.assignment.created', assignment, target, origin);
    return assignment;
  }

  #unlink(assignmentId: string, origin: Origin = { silent: true }): void {
    const assignment = this.#assignments.get(assignmentId);
    if (!assignment) return;
    if (!origin.silent) {
      const target = this.targets.find(assignment.related_object_type, assignment.related_object_id);
      this.#recordAssignment('business_validation_rule.assignment.deleted', assignment, target, origin);
    }
    this.#assignments.delete(assignmentId);
    this.#byRule.get(assignment.rule_id)?.delete(assignmentId);
    const ofObject = this.#byObject.get(assignment.related_object_id);
    ofObject?.delete(assignmentId);
    if (ofObject?.size === 0) this.#byObject.delete(assignment.related_object_id);
  }

  #record<
    T extends
      | 'business_validation_rule.created'
      | 'business_validation_rule.updated'
      | 'business_validation_rule.deleted',
  >(type: T, entityId: string, data: EventData<T>, origin: Origin): void {
    if (origin.silent) return;
    this.events.record(type, { entityId, data, origin } as EventInput<T>);
  }

  #recordAssignment(
    type: 'business_validation_rule.assignment.created' | 'business_validation_rule.assignment.deleted',
    assignment: ValidationRuleAssignment,
    target: AssignmentTarget | undefined,
    origin: Origin,
  ): void {
    if (origin.silent) return;
    const rule = this.#rules.get(assignment.rule_id)?.rule;
    if (rule === undefined) return;
    const data = {
      rule: this.#show(rule),
      assignment,
      voucher: null,
      campaign: null,
      promotion_tier: null,
      earning_rule: null,
      distribution: null,
      ...target?.related,
    };
    this.events.record(type, { entityId: assignment.id, data, origin });
  }

  #index(map: TrackedMap<string, TrackedSet<string>>, key: string): TrackedSet<string> {
    let set = map.get(key);
    if (set === undefined) {
      set = this.context.tracked.innerSet();
      map.set(key, set);
    }
    return set;
  }

  #details(assignment: ValidationRuleAssignment): ValidationRuleAssignmentDetails {
    const stored = this.#rules.get(assignment.rule_id);
    const names = OMITTED_FOR[assignment.related_object_type];
    const top = stored?.definition.rules.rules ?? [];
    const omitted =
      names === undefined
        ? []
        : top.filter((rule) => names.has(rule.name) || readsAny(rule.rules, names)).map((rule) => rule.key);
    const status = omitted.length === 0 ? 'VALID' : omitted.length === top.length ? 'INVALID' : 'PARTIALLY_VALID';
    return { ...assignment, validation_status: status, validation_omitted_rules: omitted };
  }
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
