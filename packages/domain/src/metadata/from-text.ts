import type { MetadataPropertyRules } from './validation.js';

/**
 * Reads one text value (a CSV cell) as a metadata property's type says: `number` and `boolean`
 * become a number or a boolean when the text is one, an `array` property splits on commas;
 * every other type, and text that is not of the type, stays text so that metadata validation
 * can report it.
 *
 * @param text - The cell, already trimmed or not; surrounding blanks are ignored.
 * @param rules - The property's rules from the metadata schema; without them the text is kept.
 * @returns The value to store.
 */
export function metadataValueFromText(text: string, rules?: Pick<MetadataPropertyRules, 'type' | 'array'>): unknown {
  const scalar = (part: string): unknown => {
    const value = part.trim();
    if (rules?.type === 'number' && value !== '' && Number.isFinite(Number(value))) return Number(value);
    if (rules?.type === 'boolean' && /^(true|false)$/iu.test(value)) return value.toLowerCase() === 'true';
    return value;
  };
  if (rules?.array === true) return text.split(',').map(scalar);
  return rules === undefined ? text : scalar(text);
}

/**
 * Builds a resource's metadata from the text columns of an import row (the columns that are not
 * standard fields): empty cells are left out, and each value is read as the metadata schema
 * types it ({@link metadataValueFromText}).
 *
 * @param columns - Column name to cell text.
 * @param properties - The `properties` of the resource type's metadata schema, if it has one.
 * @returns The metadata.
 */
export function metadataFromText(
  columns: Readonly<Record<string, string>>,
  properties?: Readonly<Record<string, Pick<MetadataPropertyRules, 'type' | 'array'>>> | null,
): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(columns)) {
    if (text.trim() === '') continue;
    const rules =
      properties !== null && properties !== undefined && Object.hasOwn(properties, name) ? properties[name] : undefined;
    metadata[name] = metadataValueFromText(text, rules);
  }
  return metadata;
}
