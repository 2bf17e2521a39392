/**
 * Builds a small value that a JSON schema of the bundled spec accepts: required properties only,
 * the first member of a union, the first enum value, the shortest allowed strings and arrays.
 * The fuzz test starts from such values and breaks them on purpose.
 */
type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;

const stringFor = (schema: Schema): string => {
  switch (schema['format']) {
    case 'date-time':
      return '2026-01-01T00:00:00.000Z';
    case 'date':
      return '2026-01-01';
    case 'email':
      return 'ada@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/';
    default: {
      const min = typeof schema['minLength'] === 'number' ? schema['minLength'] : 1;
      return 'x'.repeat(Math.max(1, min));
    }
  }
};

const typeOf = (schema: Schema): string | undefined => {
  const type = schema['type'];
  if (Array.isArray(type)) return (type as string[]).find((t) => t !== 'null');
  return typeof type === 'string' ? type : undefined;
};

/** A sample value for `schema`, resolving `$ref`s against `components`. */
export const sampleFromSchema = (
  schema: Schema | undefined,
  components: Record<string, Schema>,
  depth = 0,
): unknown => {
  if (schema === undefined || depth > MAX_DEPTH) return undefined;
  const ref = schema['$ref'];
  if (typeof ref === 'string') return sampleFromSchema(components[ref.split('/').pop() ?? ''], components, depth + 1);
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum'])) return (schema['enum'] as unknown[]).find((value) => value !== null) ?? null;
  if ('default' in schema) return schema['default'];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const members = schema[key] as Schema[] | undefined;
    if (members) {
      const first = members.find((member) => member['type'] !== 'null');
      return first ? sampleFromSchema(first, components, depth + 1) : null;
    }
  }
  const allOf = schema['allOf'] as Schema[] | undefined;
  if (allOf) {
    const parts = allOf.map((member) => sampleFromSchema(member, components, depth + 1));
    const own = schema['properties'] ? sampleFromSchema({ ...schema, allOf: undefined }, components, depth + 1) : {};
    return Object.assign({}, ...parts.filter((part) => typeof part === 'object' && part !== null), own);
  }
  switch (typeOf(schema)) {
    case 'string':
      return stringFor(schema);
    case 'integer':
    case 'number':
      return typeof schema['minimum'] === 'number' ? schema['minimum'] : 1;
    case 'boolean':
      return true;
    case 'array': {
      const min = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0;
      return Array.from({ length: min }, () => sampleFromSchema(schema['items'] as Schema, components, depth + 1));
    }
    default: {
      const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
      const required = (schema['required'] ?? []) as string[];
      return Object.fromEntries(
        required
          .filter((name) => name in properties)
          .map((name) => [name, sampleFromSchema(properties[name], components, depth + 1)]),
      );
    }
  }
};
