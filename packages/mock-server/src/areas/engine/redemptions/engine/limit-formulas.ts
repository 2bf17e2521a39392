import {
  type CompiledFormula,
  type FormulaContext,
  type UnitLimitName,
  type ValidationRuleSetDefinition,
  UNIT_LIMIT_NAMES,
  compileFormula,
  isDomainError,
} from '@voucherkit/domain';

/**
 * The compiled limit formulas of one rule set's `applicable_to.included`, by entry position:
 * each entry's `<limit>_formula` by limit name; `undefined` for an entry without any.
 */
export type LimitFormulas = readonly (Readonly<Partial<Record<UnitLimitName, CompiledFormula>>> | undefined)[];

/**
 * Formula texts compiled, shared by every service of the process; `undefined` for text that does
 * not parse (the static value applies). Memoisation only: past {@link MAX_COMPILED_TEXTS} texts
 * (a long-running sandbox fed new rules) it starts again empty, as the time zone caches do.
 */
const compiledByText = new Map<string, CompiledFormula | undefined>();

/** The formula texts kept compiled at most. */
export const MAX_COMPILED_TEXTS = 1_000;

/** How many formula texts are kept compiled now (for tests of the bound). */
export const compiledTextCount = (): number => compiledByText.size;

/** A formula compiled once per text, or `undefined` when the text does not parse. */
export const compiled = (text: string): CompiledFormula | undefined => {
  if (compiledByText.has(text)) return compiledByText.get(text);
  let formula: CompiledFormula | undefined;
  try {
    formula = compileFormula(text);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    formula = undefined;
  }
  if (compiledByText.size >= MAX_COMPILED_TEXTS) compiledByText.clear();
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
export const formulaLimitsOf = (
  formulas: LimitFormulas,
  context: FormulaContext,
): (Partial<Record<UnitLimitName, number>> | undefined)[] =>
  formulas.map((entry) => {
    if (entry === undefined) return undefined;
    const values: Partial<Record<UnitLimitName, number>> = {};
    for (const [name, formula] of Object.entries(entry) as [UnitLimitName, CompiledFormula][]) {
      const value = formula.value(context, { kind: 'units', fallback: Number.NaN });
      if (Number.isFinite(value)) values[name] = value;
    }
    return values;
  });
