import { type ApplicableToResultList, applicableToResultList } from './applicable-to-results.js';
import { scaleLimit } from './applicable-to-selection.js';
import {
  type AmountDiscountInput,
  type DiscountFormulaContext,
  type DiscountFormulaEvaluator,
  type DiscountInput,
  type FixedDiscountInput,
  type PercentDiscountInput,
  type UnitDiscountItemInput,
  evaluateDiscountValue,
  resolveDiscountEffect,
} from './definition.js';
import { type FreeItemInput, giveFreeUnits } from './free-items.js';
import {
  type ApplicableItemsInput,
  type ApplicableToEntryInput,
  applicableToResults,
  selectDiscountedUnits,
} from './item-selection.js';
import { allocateProportionally, partOfAmount, percentOfAmount } from './rounding.js';
import { OrderDraft, type OrderAmounts } from './order-amounts.js';

/**
 * On which amount a discount is computed: the amount before discounts (`INITIAL_AMOUNT`) or what
 * is left after the earlier discounts of the stack (`DISCOUNTED_AMOUNT`). Either way a discount
 * never takes more than what is left to pay.
 *
 * @example
 * ```ts
 * const mode: CalculationMode = 'DISCOUNTED_AMOUNT';
 * ```
 */
export type CalculationMode = 'INITIAL_AMOUNT' | 'DISCOUNTED_AMOUNT';

/**
 * One discount to apply to an order, with what the caller resolved about the order: the lines
 * each `applicable_to` entry matches, and the lines and prices of the free products of a `UNIT`
 * discount.
 *
 * @example
 * ```ts
 * const step: DiscountStepInput = {
 *   discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS' },
 *   applicable_to: { included: [{ object: 'products_collection', id: 'pc_adventure', matched_item_indices: [0, 1, 2] }] },
 * };
 * ```
 */
export interface DiscountStepInput {
  /** The discount, as the voucher or promotion tier stores it. */
  readonly discount: DiscountInput;
  /**
   * The lines item effects may reach. Absent means every line (no product rules); an empty
   * `included` means none.
   */
  readonly applicable_to?: ApplicableItemsInput | null | undefined;
  /** For `UNIT` discounts: what the order holds of each free product, keyed by `unit_type`. */
  readonly free_items?: Readonly<Record<string, FreeItemInput>> | null | undefined;
  /**
   * Complete bundles in the order, for a bundle discount that multiplies by bundles; 1 when
   * absent (and for bundles that do not multiply). See {@link applyDiscount} for what it scales.
   */
  readonly bundle_quantity?: number | null | undefined;
}

/**
 * How {@link applyDiscount} computes a step.
 *
 * @example
 * ```ts
 * const options: DiscountStepOptions = { calculation_mode: 'INITIAL_AMOUNT', blocked_item_indices: [0] };
 * ```
 */
export interface DiscountStepOptions {
  /** The amount discounts are computed on; `DISCOUNTED_AMOUNT` when absent. */
  readonly calculation_mode?: CalculationMode | undefined;
  /** Computes formulas; without it every discount uses its static values. */
  readonly evaluate?: DiscountFormulaEvaluator | undefined;
  /**
   * Lines that item effects must not discount: under the `ONCE` products application mode, the
   * lines an earlier discount of the stack already discounted.
   */
  readonly blocked_item_indices?: readonly number[] | undefined;
}

/**
 * The outcome of one discount: the order after it, the discount with its computed values, and
 * which order lines it covered.
 *
 * @example
 * ```ts
 * const { order, has_effect } = applyDiscount(calculateOrderAmounts({ amount: 17500 }), { discount: { type: 'AMOUNT', amount_off: 1000 } });
 * order.total_amount; // 16500
 * ```
 */
export interface DiscountStepResult {
  /** The order after this discount; its `applied_*` fields are this discount's. */
  readonly order: OrderAmounts;
  /** The discount as applied: computed values, resolved `effect`, `is_dynamic: true` when it has a formula. */
  readonly discount: DiscountInput;
  /** The covered entries with their lines and units (item effects only; empty otherwise). */
  readonly applicable_to: ApplicableToResultList;
  /** The excluded entries with the lines they matched (item effects only; empty otherwise). */
  readonly inapplicable_to: ApplicableToResultList;
  /** Whether the discount changed anything: a discount above 0, units added, or units made free. */
  readonly has_effect: boolean;
}

/** A money limit: absent, null, 0 and negative mean no limit. */
const limitOf = (value: number | null | undefined): number =>
  typeof value === 'number' && value > 0 ? Math.floor(value) : Number.POSITIVE_INFINITY;

/** One covered line of an item discount, with what it is worth and the most it may get. */
interface LinePlan {
  readonly index: number;
  readonly units: number;
  readonly value: number;
  readonly cap: number;
  readonly entry: ApplicableToEntryInput;
}

/**
 * Shares `total` among lines in proportion to their weights, within each line's cap and within
 * each group's cap (the `aggregated_amount_limit` of an `applicable_to` entry). A group over its
 * cap gets exactly its cap, shared the same way, and the others share the rest anew.
 */
const allocateWithinGroups = (
  total: number,
  weights: readonly number[],
  caps: readonly number[],
  groups: readonly { readonly members: readonly number[]; readonly cap: number }[],
): number[] => {
  const shares = weights.map(() => 0);
  const fixed = new Set<number>();
  const pending = [...groups];
  let remaining = total;
  for (;;) {
    const open = weights.map((_, index) => index).filter((index) => !fixed.has(index));
    const proposal = allocateProportionally(
      remaining,
      open.map((index) => weights[index] ?? 0),
      open.map((index) => caps[index] ?? 0),
    );
    const shareOf = new Map(open.map((index, position) => [index, proposal[position] ?? 0]));
    const over = pending.findIndex(
      (group) =>
        group.members.reduce((sum, member) => sum + (shareOf.get(member) ?? shares[member] ?? 0), 0) > group.cap,
    );
    const group = pending[over];
    if (group === undefined) {
      for (const [index, share] of shareOf) shares[index] = share;
      return shares;
    }
    pending.splice(over, 1);
    const members = group.members.filter((member) => !fixed.has(member));
    const budget = Math.min(group.cap, remaining);
    const split = allocateProportionally(
      budget,
      members.map((member) => weights[member] ?? 0),
      members.map((member) => caps[member] ?? 0),
    );
    members.forEach((member, position) => {
      shares[member] = split[position] ?? 0;
      fixed.add(member);
      remaining -= split[position] ?? 0;
    });
  }
};

type ItemDiscount = AmountDiscountInput | PercentDiscountInput | FixedDiscountInput;

/** Applies an `AMOUNT`, `PERCENT` or `FIXED` discount with an item effect to the draft. */
const discountItems = (
  draft: OrderDraft,
  order: OrderAmounts,
  discount: ItemDiscount,
  effect: string,
  value: number,
  step: DiscountStepInput,
  options: DiscountStepOptions,
  bundle: number,
): { applicable_to: ApplicableToResultList; inapplicable_to: ApplicableToResultList } => {
  const mode = options.calculation_mode ?? 'DISCOUNTED_AMOUNT';
  // Per-unit values (an amount per unit, a new unit price) stay; the units they reach scale.
  const unitsScale = effect === 'APPLY_TO_ITEMS_BY_QUANTITY' || discount.type === 'FIXED' ? bundle : 1;
  const coverage = selectDiscountedUnits(
    order,
    step.applicable_to,
    new Set(options.blocked_item_indices ?? []),
    unitsScale,
  );
  const lineLimit =
    discount.type === 'PERCENT' ? scaleLimit(limitOf(discount.amount_limit), bundle) : Number.POSITIVE_INFINITY;
  const orderLimit =
    discount.type === 'FIXED'
      ? Number.POSITIVE_INFINITY
      : scaleLimit(limitOf(discount.aggregated_amount_limit), bundle);

  const plans: LinePlan[] = coverage.flatMap(({ entry, lines }) =>
    lines.map((line): LinePlan => {
      const item = draft.lines[line.index];
      const remaining = draft.lineRemaining(line.index);
      const base = mode === 'INITIAL_AMOUNT' ? (item?.amount ?? 0) : remaining;
      const worth = partOfAmount(base, line.units, item?.quantity ?? 0);
      return {
        index: line.index,
        units: line.units,
        value: worth,
        cap: Math.min(worth, remaining, limitOf(entry.amount_limit), lineLimit),
        entry,
      };
    }),
  );

  if (effect === 'APPLY_TO_ITEMS_PROPORTIONALLY' || effect === 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY') {
    // Lines in request order, so the rounding remainder lands on the last line of the order.
    const ordered = [...plans].sort((a, b) => a.index - b.index);
    const groups = coverage
      .filter(({ entry }) => Number.isFinite(limitOf(entry.aggregated_amount_limit)))
      .map(({ entry }) => ({
        members: ordered.flatMap((plan, position) => (plan.entry === entry ? [position] : [])),
        cap: limitOf(entry.aggregated_amount_limit),
      }));
    const total = Math.min(value, orderLimit, draft.remaining());
    const weights = ordered.map((plan) => (effect === 'APPLY_TO_ITEMS_PROPORTIONALLY' ? plan.value : plan.units));
    const shares = allocateWithinGroups(
      total,
      weights,
      ordered.map((plan) => plan.cap),
      groups,
    );
    ordered.forEach((plan, position) => {
      const share = shares[position] ?? 0;
      if (share > 0) draft.discountLine(plan.index, share, plan.units);
    });
  } else {
    const entryLeft = new Map(coverage.map(({ entry }) => [entry, limitOf(entry.aggregated_amount_limit)]));
    let orderLeft = orderLimit;
    for (const plan of plans) {
      let proposed: number;
      if (discount.type === 'PERCENT') {
        proposed = percentOfAmount(plan.value, value);
      } else if (discount.type === 'FIXED') {
        const context: DiscountFormulaContext = { field: 'price', order, item_index: plan.index };
        const hasOwnPrice = plan.entry.price_formula !== null && plan.entry.price_formula !== undefined;
        const price =
          hasOwnPrice || (plan.entry.price !== null && plan.entry.price !== undefined)
            ? evaluateDiscountValue(plan.entry.price ?? value, plan.entry.price_formula, context, options.evaluate)
                .value
            : value;
        proposed = Math.max(0, plan.value - price * plan.units);
      } else {
        proposed = effect === 'APPLY_TO_ITEMS_BY_QUANTITY' ? value * plan.units : value;
      }
      const amount = Math.min(proposed, plan.cap, entryLeft.get(plan.entry) ?? 0, orderLeft);
      if (amount <= 0) continue;
      const given = draft.discountLine(plan.index, amount, plan.units);
      entryLeft.set(plan.entry, (entryLeft.get(plan.entry) ?? 0) - given);
      orderLeft -= given;
    }
  }
  return applicableToResults(order, step.applicable_to, coverage);
};

const withDynamic = <T extends object>(discount: T, dynamic: boolean): T =>
  dynamic ? { ...discount, is_dynamic: true } : discount;

/**
 * Applies one discount to an order: the amount, percentage, new price or free units of a
 * voucher or promotion tier, reaching the order or its lines as its effect says.
 *
 * @remarks
 * - `APPLY_TO_ORDER` takes the discount off the order; item effects reach the lines that
 *   `applicable_to` resolves (every line when it is absent), within the application rules and
 *   caps of each entry (the lowest cap wins): `APPLY_TO_ITEMS` per line,
 *   `APPLY_TO_ITEMS_BY_QUANTITY` per unit, the proportional effects shared by line amount or by
 *   quantity. `FIXED` on items discounts each covered unit down to the entry's `price`.
 * - `UNIT` discounts add units (priced units raise `amount`) and discount them; see
 *   {@link FreeItemInput}.
 * - No discount exceeds what it applies to: a line never goes below 0, nor does the order.
 * - `bundle_quantity` (bundles that multiply) multiplies `amount_off` (except the per-unit
 *   `APPLY_TO_ITEMS_BY_QUANTITY`, whose unit limits multiply instead), `percent_off` (up to
 *   100), `unit_off` and the discount's money limits; a `FIXED` price never multiplies, but the
 *   unit limits of its entries do.
 * - Rounding (decision 0017): a percentage rounds half up to a whole cent, the value of some
 *   units of a line rounds down, and an amount shared among lines gives each its share rounded
 *   down and the remainder to the last line that has weight.
 *
 * @param order - The order as the earlier discounts of the stack left it.
 * @param step - The discount and what the caller resolved about the order.
 * @param options - Calculation mode, formula evaluator and lines blocked by the ONCE mode.
 * @returns The order after the discount (its `applied_*` fields are this discount's) and the
 *   discount's result.
 * @throws RangeError when an `applicable_to` or free-item index is not a line of the order.
 * @example
 * ```ts
 * const order = calculateOrderAmounts({ items: [{ price: 1000, quantity: 2 }, { price: 1500, quantity: 3 }] });
 * const { order: after } = applyDiscount(order, { discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' } });
 * after.items.map((item) => item.applied_discount_amount); // [200, 450]
 * ```
 */
export function applyDiscount(
  order: OrderAmounts,
  step: DiscountStepInput,
  options: DiscountStepOptions = {},
): DiscountStepResult {
  const draft = new OrderDraft(order);
  const { discount } = step;
  const evaluate = options.evaluate;
  const mode = options.calculation_mode ?? 'DISCOUNTED_AMOUNT';
  const bundle =
    step.bundle_quantity === null || step.bundle_quantity === undefined
      ? 1
      : Math.max(0, Math.floor(step.bundle_quantity));
  let lists = { applicable_to: applicableToResultList([]), inapplicable_to: applicableToResultList([]) };
  let applied: DiscountInput;

  if (discount.type === 'UNIT') {
    /** Gives one free product; returns it with its computed `unit_off` and whether a formula gave it. */
    const giveUnit = (unit: UnitDiscountItemInput): [UnitDiscountItemInput, boolean] => {
      const { value, dynamic } = evaluateDiscountValue(
        unit.unit_off,
        unit.unit_off_formula,
        { field: 'unit_off', order },
        evaluate,
      );
      const effect = unit.effect ?? 'ADD_MISSING_ITEMS';
      const unitType = unit.unit_type ?? '';
      if (unitType !== '')
        giveFreeUnits(draft, unitType, value * bundle, effect, step.free_items?.[unitType] ?? undefined);
      return [{ ...unit, unit_off: value, effect }, dynamic];
    };
    if (discount.effect === 'ADD_MANY_ITEMS') {
      const given = discount.units.map((unit) => giveUnit(unit));
      applied = withDynamic(
        { ...discount, units: given.map(([unit]) => unit) },
        given.some(([, dynamic]) => dynamic),
      );
    } else {
      const [unit, dynamic] = giveUnit(discount);
      applied = withDynamic({ ...discount, ...unit }, dynamic);
    }
  } else {
    const namesProducts =
      (step.applicable_to?.included.length ?? 0) > 0 || (step.applicable_to?.excluded?.length ?? 0) > 0;
    const effect = resolveDiscountEffect(discount, namesProducts);
    const field =
      discount.type === 'AMOUNT' ? 'amount_off' : discount.type === 'PERCENT' ? 'percent_off' : 'fixed_amount';
    const staticValue =
      discount.type === 'AMOUNT'
        ? discount.amount_off
        : discount.type === 'PERCENT'
          ? discount.percent_off
          : discount.fixed_amount;
    const formula =
      discount.type === 'AMOUNT'
        ? discount.amount_off_formula
        : discount.type === 'PERCENT'
          ? discount.percent_off_formula
          : discount.fixed_amount_formula;
    const { value, dynamic } = evaluateDiscountValue(staticValue, formula, { field, order }, evaluate);
    // The value this request applies: per bundle for amounts and percentages, never for a new price.
    const scaledValue =
      discount.type === 'FIXED' || effect === 'APPLY_TO_ITEMS_BY_QUANTITY'
        ? value
        : discount.type === 'PERCENT'
          ? Math.min(100, value * bundle)
          : value * bundle;

    if (effect === 'APPLY_TO_ORDER') {
      const base = mode === 'INITIAL_AMOUNT' ? draft.amount : draft.remaining();
      if (discount.type === 'AMOUNT') {
        draft.discountOrder(Math.min(scaledValue, scaleLimit(limitOf(discount.aggregated_amount_limit), bundle)));
      } else if (discount.type === 'PERCENT') {
        const limit = Math.min(limitOf(discount.amount_limit), limitOf(discount.aggregated_amount_limit));
        draft.discountOrder(Math.min(percentOfAmount(base, scaledValue), scaleLimit(limit, bundle)));
      } else {
        draft.discountOrder(Math.max(0, base - value));
      }
    } else {
      lists = discountItems(draft, order, discount, effect, scaledValue, step, options, bundle);
    }
    applied =
      discount.type === 'AMOUNT'
        ? { ...discount, amount_off: value, effect: effect as AmountDiscountInput['effect'] }
        : discount.type === 'PERCENT'
          ? { ...discount, percent_off: value, effect: effect as PercentDiscountInput['effect'] }
          : { ...discount, fixed_amount: value, effect: effect as FixedDiscountInput['effect'] };
    applied = withDynamic(applied, dynamic);
  }

  const after = draft.snapshot();
  return Object.freeze({
    order: after,
    discount: applied,
    ...lists,
    has_effect:
      after.total_applied_discount_amount > 0 ||
      after.items.some((item) => item.applied_quantity > 0 || item.applied_discount_quantity > 0),
  });
}
