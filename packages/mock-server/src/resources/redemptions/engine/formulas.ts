import {
  type CompiledFormula,
  type DiscountFormulaEvaluator,
  type FormulaContext,
  type FormulaOrderItemInput,
  type OrderAmounts,
  type UnitLimitName,
  type ValidationRuleSetDefinition,
  FORMULA_FIELD_KINDS,
  UNIT_LIMIT_NAMES,
  compileFormula,
  isDomainError,
} from '@voucherkit/domain';
import type { CheckContext } from './checks.js';
import type { FoundRedeemable } from './redeemables.js';

/**
 * The compiled limit formulas of one rule set's `applicable_to.included`, by entry position:
 * each entry's `<limit>_formula` by limit name; `undefined` for an entry without any.
 *
 * @example
 * ```ts
 * const formulas: LimitFormulas = [{ product_campaign_quantity_limit: compileFormula('IF(ORDER_AMOUNT > 50;1;3)') }, undefined];
 * ```
 */
export type LimitFormulas = readonly (Readonly<Partial<Record<UnitLimitName, CompiledFormula>>> | undefined)[];

/** Compiles formula text once for the life of the process; `undefined` for text that does not parse (the static value applies). */
const compiledByText = new Map<string, CompiledFormula | undefined>();

const compiled = (text: string): CompiledFormula | undefined => {
  if (compiledByText.has(text)) return compiledByText.get(text);
  let formula: CompiledFormula | undefined;
  try {
    formula = compileFormula(text);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    formula = undefined;
  }
  compiledByText.set(text, formula);
  return formula;
};

const limitFormulasByDefinition = new WeakMap<ValidationRuleSetDefinition, LimitFormulas | null>();

/**
 * The limit formulas (`*_quantity_limit_formula`) of a rule set's included entries, compiled once
 * per parsed definition.
 *
 * @returns By entry position; `undefined` when no entry has one.
 */
export const limitFormulasOf = (definition: ValidationRuleSetDefinition): LimitFormulas | undefined => {
  let formulas = limitFormulasByDefinition.get(definition);
  if (formulas === undefined) {
    let any = false;
    const list = definition.applicable_to.included.map((entry) => {
      const own: Partial<Record<UnitLimitName, CompiledFormula>> = {};
      let has = false;
      for (const name of UNIT_LIMIT_NAMES) {
        const text = entry.input[`${name}_formula`];
        const formula = typeof text === 'string' && text.trim() !== '' ? compiled(text) : undefined;
        if (formula !== undefined) {
          own[name] = formula;
          has = true;
        }
      }
      any ||= has;
      return has ? own : undefined;
    });
    formulas = any ? list : null;
    limitFormulasByDefinition.set(definition, formulas);
  }
  return formulas ?? undefined;
};

/**
 * The values of a rule set's limit formulas on this request, for the domain's
 * `ApplicableToOptions.formulaLimits`: a formula without a value is left out, so the entry's static
 * limit applies.
 */
export const formulaLimitsOf = (formulas: LimitFormulas, context: FormulaContext): (Partial<Record<UnitLimitName, number>> | undefined)[] =>
  formulas.map((entry) => {
    if (entry === undefined) return undefined;
    const values: Partial<Record<UnitLimitName, number>> = {};
    for (const [name, formula] of Object.entries(entry) as [UnitLimitName, CompiledFormula][]) {
      const value = formula.value(context, { kind: 'units', fallback: Number.NaN });
      if (Number.isFinite(value)) values[name] = value;
    }
    return values;
  });

/** An order line as formulas read it: the step's amounts, with the metadata of the request's line and of its product. */
const formulaItem = (item: OrderAmounts['items'][number], index: number, context: CheckContext): FormulaOrderItemInput => {
  const line = context.orderFrame?.lines[index];
  const product = line?.product as { readonly metadata?: Record<string, unknown> | null } | undefined;
  return {
    price: item.price,
    amount: item.amount,
    subtotal_amount: item.subtotal_amount,
    quantity: item.quantity,
    metadata: (line?.metadata as Record<string, unknown> | null | undefined) ?? null,
    product: product?.metadata === undefined ? null : { metadata: product.metadata },
  };
};

/**
 * What a formula reads for a redeemable at this step of the stack: the order as the earlier
 * redeemables left it (amounts, lines and their metadata, the order's metadata), the customer,
 * the voucher or promotion tier, the request's metadata (`REDEMPTION_METADATA`), the instant and
 * the project's time zone.
 */
export const formulaContextOf = (found: FoundRedeemable, order: OrderAmounts, context: CheckContext): FormulaContext => {
  const { customer } = context;
  return {
    now: context.now,
    ...(context.timeZone === undefined ? {} : { timeZone: context.timeZone }),
    order: {
      amount: order.amount,
      items: order.items.map((item, index) => formulaItem(item, index, context)),
      metadata: context.orderFrame?.metadata ?? null,
    },
    customer: customer === undefined ? null : { metadata: customer.metadata ?? null, birthdate: (customer as { birthdate?: string | null }).birthdate ?? null },
    ...(found.object === 'voucher'
      ? {
          voucher: {
            metadata: found.voucher.metadata ?? null,
            start_date: found.voucher.start_date ?? null,
            expiration_date: found.voucher.expiration_date ?? null,
            redemption: found.voucher.redemption ?? null,
            publish: found.voucher.publish ?? null,
          },
        }
      : { promotionTier: { metadata: found.tier.metadata ?? null, start_date: found.tier.start_date ?? null, expiration_date: found.tier.expiration_date ?? null } }),
    redemption: { metadata: context.metadata ?? null },
  };
};

/**
 * The domain's evaluator of discount formulas (`amount_off_formula`, `percent_off_formula`,
 * `price_formula` …) for a redeemable, on {@link formulaContextOf} with the order of the step the
 * discount computes on, and for `price_formula` the line priced. A formula without a value gives `undefined`, so the static value
 * applies.
 */
export const discountFormulaEvaluator = (found: FoundRedeemable, context: CheckContext): DiscountFormulaEvaluator => {
  let base: FormulaContext | undefined;
  return (text, { field, order, item_index }) => {
    const formula = compiled(text);
    if (formula === undefined) return undefined;
    // Built on the first formula only: most discounts have none.
    base ??= formulaContextOf(found, order, context);
    const items = order.items.map((item, index) => formulaItem(item, index, context));
    const value = formula.value(
      { ...base, order: { ...base.order, amount: order.amount, items }, ...(item_index === undefined ? {} : { item: items[item_index] ?? null }) },
      { kind: FORMULA_FIELD_KINDS[`${field}_formula`], fallback: Number.NaN },
    );
    return Number.isFinite(value) ? value : undefined;
  };
};
