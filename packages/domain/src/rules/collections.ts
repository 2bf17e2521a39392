import type { ValidationRuleLevel, ValidationRuleSetDefinition } from './parse.js';

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Adds the collections the conditions of a level and its sub-levels name. */
const collectFromLevel = (level: ValidationRuleLevel, found: Set<string>): void => {
  for (const rule of level.rules) {
    for (const condition of rule.conditions) {
      for (const value of condition.values) {
        if (isRecord(value) && value.object === 'products_collection' && typeof value.id === 'string')
          found.add(value.id);
      }
    }
    collectFromLevel(rule.rules, found);
  }
};

/**
 * The product collections a validation rule set names: in its rules' conditions (`$is` or `$in`
 * a collection, `$from` collections), in `applicable_to` (included and excluded entries) and in
 * `bundle_rules`. Only these memberships matter when the rule set is judged, so a caller that
 * resolves the `collection_ids` of order lines (see {@link RuleOrderItemInput}) needs no others.
 *
 * @param definition - The rule set, from {@link parseValidationRules}.
 * @returns The collection ids (`pc_…`), each once, in the order first named.
 */
export function collectionsNamedBy(definition: ValidationRuleSetDefinition): string[] {
  const found = new Set<string>();
  collectFromLevel(definition.rules, found);
  for (const entry of [...definition.applicable_to.included, ...definition.applicable_to.excluded]) {
    if (entry.object === 'products_collection') found.add(entry.id);
  }
  for (const part of definition.bundle?.parts ?? []) {
    if (part.reference.object === 'products_collection') found.add(part.reference.id);
  }
  return [...found];
}
