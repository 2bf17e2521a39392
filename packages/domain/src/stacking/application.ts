import {
  type StackingRedeemable,
  type StackingType,
  discountCalculationModeFor,
  noEffectRuleFor,
  redeemableStackingType,
} from './categories.js';
import { stackingApplicationOrder } from './order.js';
import type { StackingRulesSettings } from './rules.js';

/**
 * Why the stacking rules left a redeemable out: the `result.details.key` of a skipped
 * redeemable in validation and redemption responses.
 *
 * @example
 * ```ts
 * const key: StackingSkipKey = 'exclusion_rules_not_met';
 * ```
 */
export type StackingSkipKey =
  | 'applicable_redeemables_limit_exceeded'
  | 'applicable_redeemables_per_category_limit_exceeded'
  | 'applicable_exclusive_redeemables_limit_exceeded'
  | 'applicable_exclusive_redeemables_per_category_limit_exceeded'
  | 'exclusion_rules_not_met'
  | 'preceding_validation_failed'
  | 'no_effect';

/**
 * The message that goes with each {@link StackingSkipKey} in `result.details.message`: the
 * service's own wording, since clients may show or match it like the key.
 *
 * @example
 * ```ts
 * STACKING_SKIP_MESSAGES.no_effect; // 'Redeemable cannot be applied due to no effect'
 * ```
 */
export const STACKING_SKIP_MESSAGES: Readonly<Record<StackingSkipKey, string>> = Object.freeze({
  applicable_redeemables_limit_exceeded: 'Applicable redeemables limit exceeded',
  applicable_redeemables_per_category_limit_exceeded: 'Applicable redeemables limit per category exceeded',
  applicable_exclusive_redeemables_limit_exceeded: 'Applicable exclusive redeemables limit exceeded',
  applicable_exclusive_redeemables_per_category_limit_exceeded:
    'Applicable exclusive redeemables limit per category exceeded',
  exclusion_rules_not_met: 'Redeemable cannot be applied due to exclusion rules',
  preceding_validation_failed: 'Redeemable cannot be applied due to preceding validation failure',
  no_effect: 'Redeemable cannot be applied due to no effect',
});

/**
 * The `result.details` of a skipped redeemable.
 *
 * @example
 * ```ts
 * const details: StackingSkipDetails = { key: 'no_effect', message: STACKING_SKIP_MESSAGES.no_effect };
 * ```
 */
export interface StackingSkipDetails {
  /** The stacking rule that left the redeemable out. */
  readonly key: StackingSkipKey;
  /** Human-readable reason, from {@link STACKING_SKIP_MESSAGES}. */
  readonly message: string;
}

/**
 * What the evaluation of one redeemable gets to know besides the redeemable: the order as the
 * earlier redeemables left it and how the stacking rules say its discount is computed. Its
 * values are shared with other steps, not copied: read them, never change them.
 *
 * @typeParam O - The caller's order type.
 * @example
 * ```ts
 * const evaluate = (redeemable: StackingRedeemable, step: StackingStepContext<{ total: number }>) => {
 *   const base = step.calculationMode === 'INITIAL_AMOUNT' ? step.initialOrder.total : step.order.total;
 *   return { status: 'APPLICABLE', order: { total: step.order.total - base / 10 }, effect: true, result: null } as const;
 * };
 * ```
 */
export interface StackingStepContext<O> {
  /** The order after every redeemable applied so far: what `order.*` validation rules judge. */
  readonly order: O;
  /** The order before any redeemable applied. */
  readonly initialOrder: O;
  /**
   * Whether the discount is computed on the amounts of `initialOrder` or of `order`: the
   * redeemable's category setting, else the project's `discount_calculation_mode`.
   */
  readonly calculationMode: StackingRulesSettings['discount_calculation_mode'];
  /** The project's `redeemables_products_application_mode`. */
  readonly productsApplicationMode: StackingRulesSettings['redeemables_products_application_mode'];
  /** Items (keys the caller chose, see {@link StackingApplied}) that earlier redeemables discounted. */
  readonly discountedItems: ReadonlySet<string>;
  /**
   * Items this redeemable must not discount: under `ONCE` the same as `discountedItems` (only the
   * first redeemable may discount an item), under `STACK` none.
   */
  readonly excludedItems: ReadonlySet<string>;
  /** How the redeemable combines with others, from its categories. */
  readonly stackingType: StackingType;
  /** Its position in application order, from 0. */
  readonly position: number;
}

/**
 * The verdict on a redeemable that is valid on the order it was given: the order once it
 * applied, and whether that changed anything.
 *
 * @typeParam O - The caller's order type.
 * @typeParam A - What the caller records about the application (for example the response's
 *   `result` with its discount); returned untouched.
 * @example
 * ```ts
 * const verdict: StackingApplied<{ total: number }, null> = {
 *   status: 'APPLICABLE', order: { total: 9450 }, effect: true, result: null, discountedItems: ['mug'],
 * };
 * ```
 */
export interface StackingApplied<O, A> {
  /** The redeemable applies. */
  readonly status: 'APPLICABLE';
  /** The order after this redeemable. */
  readonly order: O;
  /**
   * Whether it changed anything (a discount above 0, credits or points used, items added).
   * Without effect it is skipped with `no_effect` when the no-effect rule says `SKIP`.
   */
  readonly effect: boolean;
  /** The caller's own record of the application, handed back in the outcome. */
  readonly result: A;
  /**
   * Keys of the items it discounted (the caller's choice: line index, product or SKU id); later
   * redeemables see them in `discountedItems`, and under `ONCE` in `excludedItems`.
   */
  readonly discountedItems?: Iterable<string> | undefined;
}

/**
 * The verdict on a redeemable that fails a check (unknown, inactive, expired, used up, rules not
 * met on the order it was given …).
 *
 * @typeParam E - The caller's error type, for example the service's error body.
 * @example
 * ```ts
 * const verdict: StackingRejected<{ key: string }> = { status: 'INAPPLICABLE', error: { key: 'order_rules_violated' } };
 * ```
 */
export interface StackingRejected<E> {
  /** The redeemable does not apply. */
  readonly status: 'INAPPLICABLE';
  /** Why, as the caller reports it. */
  readonly error: E;
}

/**
 * The verdict of the caller's evaluation of one redeemable.
 *
 * @example
 * ```ts
 * const verdict: StackingVerdict<{ total: number }, null, string> = { status: 'INAPPLICABLE', error: 'voucher_expired' };
 * ```
 */
export type StackingVerdict<O, A, E> = StackingApplied<O, A> | StackingRejected<E>;

/**
 * The caller's evaluation of one redeemable on the order as the earlier ones left it: its
 * lifecycle, limits and validation rules, then its discount. Called at most once per
 * redeemable, in application order, and never for one that `precheck` rejects or that the
 * stacking rules skip beforehand (limits, exclusion, an earlier failure in `ALL` mode).
 *
 * @example
 * ```ts
 * const evaluate: StackingEvaluate<StackingRedeemable, { total: number }, null, string> = (_redeemable, step) =>
 *   step.order.total > 10000
 *     ? { status: 'APPLICABLE', order: { total: step.order.total * 0.8 }, effect: true, result: null }
 *     : { status: 'INAPPLICABLE', error: 'order_rules_violated' };
 * ```
 */
export type StackingEvaluate<R, O, A, E> = (redeemable: R, step: StackingStepContext<O>) => StackingVerdict<O, A, E>;

/**
 * The input of {@link applyStackedRedeemables}.
 *
 * @typeParam R - The caller's redeemable type.
 * @example
 * ```ts
 * const input: StackingApplicationInput<StackingRedeemable, { total: number }, null, string> = {
 *   redeemables: [{ object: 'voucher', id: 'SUMMER10' }],
 *   order: { total: 10500 },
 *   rules: STACKING_RULES_DEFAULTS,
 *   evaluate: (_redeemable, step) => ({ status: 'APPLICABLE', order: step.order, effect: false, result: null }),
 * };
 * ```
 */
export interface StackingApplicationInput<R extends StackingRedeemable, O, A, E> {
  /** The request's redeemables in request order (a promotion stack already replaced by its tiers). */
  readonly redeemables: readonly R[];
  /** The order as the request sends it, before any redeemable. */
  readonly order: O;
  /** The stacking rules in force: the project's own or {@link STACKING_RULES_DEFAULTS}. */
  readonly rules: StackingRulesSettings;
  /** Validates and applies one redeemable, see {@link StackingEvaluate}. */
  readonly evaluate: StackingEvaluate<R, O, A, E>;
  /**
   * Optional checks that depend neither on the other redeemables nor on the order, typically
   * that the redeemable exists (whatever else is checked here is reported even past a limit,
   * where `evaluate` would not have been called). A redeemable that fails them is
   * `INAPPLICABLE` with the returned error wherever it stands, also where a limit or an
   * exclusive redeemable would have skipped it (an unknown code is reported as unknown, not as
   * excluded); only `preceding_validation_failed` comes first. Returns `undefined` when the
   * redeemable passes. Called at most once per redeemable, in application order, before
   * `evaluate`.
   */
  readonly precheck?: ((redeemable: R) => E | undefined) | undefined;
}

/**
 * A redeemable that applies.
 *
 * @example
 * ```ts
 * const outcome: StackingApplicableOutcome<StackingRedeemable, { total: number }, null> = {
 *   status: 'APPLICABLE', index: 0, redeemable: { object: 'voucher', id: 'A' }, order: { total: 9450 }, result: null, effect: true,
 * };
 * ```
 */
export interface StackingApplicableOutcome<R, O, A> {
  /** Outcome for this redeemable. */
  readonly status: 'APPLICABLE';
  /** Its position in the request. */
  readonly index: number;
  /** The redeemable as the caller passed it. */
  readonly redeemable: R;
  /** The order right after it applied. */
  readonly order: O;
  /** The caller's record of the application. */
  readonly result: A;
  /** Whether it changed anything (`false` only when the no-effect rule says `REDEEM_ANYWAY`). */
  readonly effect: boolean;
}

/**
 * A redeemable that failed a check.
 *
 * @example
 * ```ts
 * const outcome: StackingInapplicableOutcome<StackingRedeemable, string> = {
 *   status: 'INAPPLICABLE', index: 1, redeemable: { object: 'voucher', id: 'B' }, error: 'order_rules_violated',
 * };
 * ```
 */
export interface StackingInapplicableOutcome<R, E> {
  /** Outcome for this redeemable. */
  readonly status: 'INAPPLICABLE';
  /** Its position in the request. */
  readonly index: number;
  /** The redeemable as the caller passed it. */
  readonly redeemable: R;
  /** The error the evaluation reported. */
  readonly error: E;
}

/**
 * A redeemable that the stacking rules left out.
 *
 * @example
 * ```ts
 * const outcome: StackingSkippedOutcome<StackingRedeemable> = {
 *   status: 'SKIPPED', index: 0, redeemable: { object: 'voucher', id: 'C' },
 *   details: { key: 'exclusion_rules_not_met', message: STACKING_SKIP_MESSAGES.exclusion_rules_not_met },
 * };
 * ```
 */
export interface StackingSkippedOutcome<R> {
  /** Outcome for this redeemable. */
  readonly status: 'SKIPPED';
  /** Its position in the request. */
  readonly index: number;
  /** The redeemable as the caller passed it. */
  readonly redeemable: R;
  /** The rule that left it out. */
  readonly details: StackingSkipDetails;
}

/**
 * The outcome for one redeemable.
 *
 * @example
 * ```ts
 * const applied = (outcome: StackingOutcome<StackingRedeemable, unknown, unknown, unknown>) => outcome.status === 'APPLICABLE';
 * ```
 */
export type StackingOutcome<R, O, A, E> =
  | StackingApplicableOutcome<R, O, A>
  | StackingInapplicableOutcome<R, E>
  | StackingSkippedOutcome<R>;

/**
 * Which redeemables of a stacked validation or redemption apply, and the order they leave.
 *
 * @example
 * ```ts
 * const redeemNow = (application: StackingApplication<StackingRedeemable, unknown, unknown, unknown>) =>
 *   application.canRedeem ? application.applicable.map(({ redeemable }) => redeemable.id) : [];
 * ```
 */
export interface StackingApplication<R, O, A, E> {
  /**
   * The `valid` of a validation response: at least one redeemable applies and none is
   * inapplicable, in either application mode. Skipped redeemables do not make it false.
   */
  readonly valid: boolean;
  /**
   * Whether a redemption goes through: at least one redeemable applies and, in `ALL` mode, none
   * is inapplicable. In `PARTIAL` mode it redeems the applicable ones even when `valid` is false.
   */
  readonly canRedeem: boolean;
  /** Every redeemable once, in application order (the order of the response). */
  readonly outcomes: readonly StackingOutcome<R, O, A, E>[];
  /** The applicable ones, in application order. */
  readonly applicable: readonly StackingApplicableOutcome<R, O, A>[];
  /** The inapplicable ones, in application order. */
  readonly inapplicable: readonly StackingInapplicableOutcome<R, E>[];
  /** The skipped ones, in application order. */
  readonly skipped: readonly StackingSkippedOutcome<R>[];
  /**
   * The order after every applicable redeemable (the input order when none applies). In `ALL`
   * mode with an inapplicable redeemable nothing is redeemed (`canRedeem` is false), although
   * this still shows what the redeemables before it would have done.
   */
  readonly order: O;
}

/** What has applied so far, for the limits and the exclusion rule. */
interface Tally {
  applied: number;
  exclusive: number;
  readonly perCategory: Map<string, number>;
}

type LimitRules = Pick<
  StackingRulesSettings,
  | 'applicable_redeemables_limit'
  | 'applicable_redeemables_per_category_limit'
  | 'applicable_redeemables_category_limits'
  | 'applicable_exclusive_redeemables_limit'
  | 'applicable_exclusive_redeemables_per_category_limit'
  | 'exclusive_categories'
>;

const ownCategoryLimit = (rules: LimitRules, categoryId: string): number | undefined =>
  Object.hasOwn(rules.applicable_redeemables_category_limits, categoryId)
    ? rules.applicable_redeemables_category_limits[categoryId]
    : undefined;

/**
 * The first limit that one more applicable redeemable would break. The global limits come
 * before the per-category ones. An exclusive category is bounded by the exclusive per-category
 * limit and its own limit, if it has one; other categories by their own limit or else the
 * general per-category limit.
 */
const limitReached = (
  type: StackingType,
  categoryIds: readonly string[],
  tally: Tally,
  rules: LimitRules,
): StackingSkipKey | undefined => {
  if (tally.applied >= rules.applicable_redeemables_limit) return 'applicable_redeemables_limit_exceeded';
  if (type === 'EXCLUSIVE' && tally.exclusive >= rules.applicable_exclusive_redeemables_limit) {
    return 'applicable_exclusive_redeemables_limit_exceeded';
  }
  const count = (id: string): number => tally.perCategory.get(id) ?? 0;
  const isExclusive = (id: string): boolean => rules.exclusive_categories.includes(id);
  if (
    categoryIds.some((id) => isExclusive(id) && count(id) >= rules.applicable_exclusive_redeemables_per_category_limit)
  ) {
    return 'applicable_exclusive_redeemables_per_category_limit_exceeded';
  }
  if (
    categoryIds.some((id) => {
      const limit =
        ownCategoryLimit(rules, id) ?? (isExclusive(id) ? Infinity : rules.applicable_redeemables_per_category_limit);
      return count(id) >= limit;
    })
  ) {
    return 'applicable_redeemables_per_category_limit_exceeded';
  }
  return undefined;
};

const skippedOutcome = <R>(index: number, redeemable: R, key: StackingSkipKey): StackingSkippedOutcome<R> => ({
  status: 'SKIPPED',
  index,
  redeemable,
  details: { key, message: STACKING_SKIP_MESSAGES[key] },
});

/**
 * Decides which redeemables of a stacked validation or redemption apply, in the order the
 * stacking rules give them, and computes the order they leave by calling the caller's
 * `evaluate` for each one on the order as the earlier ones left it.
 *
 * @remarks
 * For each redeemable in {@link stackingApplicationOrder} (exclusive ones first, joint ones
 * last), the first rule that speaks decides:
 * 1. in `ALL` mode, once one redeemable is inapplicable, every later one is skipped with
 *    `preceding_validation_failed`;
 * 2. `precheck`, when given, may make it inapplicable;
 * 3. a common redeemable is skipped with `exclusion_rules_not_met` once an exclusive one applies;
 * 4. a redeemable is skipped when one more would break a limit: `applicable_redeemables_limit`,
 *    `applicable_exclusive_redeemables_limit`, the exclusive per-category limit, then the
 *    category's own limit or `applicable_redeemables_per_category_limit`;
 * 5. otherwise `evaluate` decides: inapplicable, or applicable with a new order;
 * 6. an applicable redeemable without effect is skipped with `no_effect` when its no-effect rule
 *    is `SKIP` (its order is discarded), and applies otherwise.
 *
 * Skipped and inapplicable redeemables count against no limit and exclude nothing. The function
 * itself is pure: it reads only its input, changes none of it, and gives the same answer for the
 * same input as long as `evaluate` and `precheck` do.
 *
 * Call {@link checkStackedRedeemables} on the request first; a promotion stack is passed as its
 * tiers.
 *
 * @typeParam R - The caller's redeemable type (handed back to `evaluate` and in the outcomes).
 * @typeParam O - The caller's order type.
 * @typeParam A - The caller's record of an application.
 * @typeParam E - The caller's error type.
 * @param input - Redeemables in request order, the order, the stacking rules, `evaluate` and
 *   optionally `precheck`.
 * @returns Every redeemable's outcome in application order, the three lists, the final order,
 *   `valid` and `canRedeem`.
 * @throws Whatever `evaluate` or `precheck` throws; nothing of its own.
 * @example
 * ```ts
 * // $105 cart; A is 10% off, B is 20% off orders above $100.
 * const percent: Record<string, number> = { A: 10, B: 20 };
 * const application = applyStackedRedeemables({
 *   redeemables: [{ object: 'voucher', id: 'B' }, { object: 'voucher', id: 'A' }],
 *   order: { total: 10500 },
 *   rules: STACKING_RULES_DEFAULTS,
 *   evaluate: (redeemable, step) =>
 *     redeemable.id === 'B' && step.order.total <= 10000
 *       ? { status: 'INAPPLICABLE', error: 'order_rules_violated' }
 *       : {
 *           status: 'APPLICABLE',
 *           order: { total: step.order.total - (step.order.total * (percent[redeemable.id] ?? 0)) / 100 },
 *           effect: true,
 *           result: null,
 *         },
 * });
 * application.order.total; // 7560
 * ```
 */
export function applyStackedRedeemables<R extends StackingRedeemable, O, A, E>(
  input: StackingApplicationInput<R, O, A, E>,
): StackingApplication<R, O, A, E> {
  const { redeemables, rules, evaluate, precheck } = input;
  const initialOrder = input.order;
  const all = rules.redeemables_application_mode === 'ALL';
  const once = rules.redeemables_products_application_mode === 'ONCE';
  const tally: Tally = { applied: 0, exclusive: 0, perCategory: new Map() };
  const none: ReadonlySet<string> = new Set();
  // Replaced, never changed, when a step discounts items: each step keeps the set it was given.
  let discounted = none;
  const outcomes: StackingOutcome<R, O, A, E>[] = [];
  let order = initialOrder;
  let failed = false;

  const applicationOrder = stackingApplicationOrder(redeemables, rules);
  for (let position = 0; position < applicationOrder.length; position += 1) {
    const index = applicationOrder[position] ?? -1;
    const redeemable = redeemables[index];
    if (redeemable === undefined) continue;
    if (failed) {
      outcomes.push(skippedOutcome(index, redeemable, 'preceding_validation_failed'));
      continue;
    }
    const rejection = precheck?.(redeemable);
    if (rejection !== undefined) {
      outcomes.push({ status: 'INAPPLICABLE', index, redeemable, error: rejection });
      failed = all;
      continue;
    }

    const categories = redeemable.categories ?? [];
    const categoryIds =
      categories.length < 2 ? categories.map(({ id }) => id) : [...new Set(categories.map(({ id }) => id))];
    const stackingType = redeemableStackingType(categories, rules);
    const skip: StackingSkipKey | undefined =
      stackingType === 'COMMON' && tally.exclusive > 0
        ? 'exclusion_rules_not_met'
        : limitReached(stackingType, categoryIds, tally, rules);
    if (skip !== undefined) {
      outcomes.push(skippedOutcome(index, redeemable, skip));
      continue;
    }

    const verdict = evaluate(redeemable, {
      order,
      initialOrder,
      calculationMode: discountCalculationModeFor(categories, rules),
      productsApplicationMode: rules.redeemables_products_application_mode,
      discountedItems: discounted,
      excludedItems: once ? discounted : none,
      stackingType,
      position,
    });
    if (verdict.status === 'INAPPLICABLE') {
      outcomes.push({ status: 'INAPPLICABLE', index, redeemable, error: verdict.error });
      failed = all;
      continue;
    }
    if (!verdict.effect && noEffectRuleFor(categories, rules) === 'SKIP') {
      outcomes.push(skippedOutcome(index, redeemable, 'no_effect'));
      continue;
    }

    order = verdict.order;
    const items = [...(verdict.discountedItems ?? [])];
    if (items.some((item) => !discounted.has(item))) discounted = new Set([...discounted, ...items]);
    tally.applied += 1;
    if (stackingType === 'EXCLUSIVE') tally.exclusive += 1;
    for (const id of categoryIds) tally.perCategory.set(id, (tally.perCategory.get(id) ?? 0) + 1);
    outcomes.push({
      status: 'APPLICABLE',
      index,
      redeemable,
      order: verdict.order,
      result: verdict.result,
      effect: verdict.effect,
    });
  }

  const applicable = outcomes.filter(
    (outcome): outcome is StackingApplicableOutcome<R, O, A> => outcome.status === 'APPLICABLE',
  );
  const inapplicable = outcomes.filter(
    (outcome): outcome is StackingInapplicableOutcome<R, E> => outcome.status === 'INAPPLICABLE',
  );
  const skipped = outcomes.filter((outcome): outcome is StackingSkippedOutcome<R> => outcome.status === 'SKIPPED');
  const valid = applicable.length > 0 && inapplicable.length === 0;
  const canRedeem = applicable.length > 0 && (!all || inapplicable.length === 0);
  return { valid, canRedeem, outcomes, applicable, inapplicable, skipped, order };
}
