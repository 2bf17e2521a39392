import type { JsonSchema } from '../lib/openapi.ts';

/**
 * Direction a schema is generated for. Requests strip unknown keys and apply defaults, so
 * handlers see exactly the documented input; responses reject unknown keys, so strict mode
 * catches a mock answer that drifts from the spec.
 */
export type Direction = 'request' | 'response';

const COMPONENT_PREFIX = '#/components/schemas/';

/** The identifier a component schema gets in generated code. */
export const componentIdentifier = (name: string): string => name.replace(/[^A-Za-z0-9_$]/g, '_');

/** Names of the component schemas a schema refers to, directly or nested. */
export const collectRefs = (schema: unknown, into = new Set<string>()): Set<string> => {
  if (Array.isArray(schema)) {
    for (const item of schema) collectRefs(item, into);
  } else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_PREFIX)) {
        into.add(value.slice(COMPONENT_PREFIX.length));
      } else {
        collectRefs(value, into);
      }
    }
  }
  return into;
};

const literal = (value: unknown): string => JSON.stringify(value);

/**
 * Name of the error option every generated module declares for integers: zod reports a string
 * given for an integer as "expected number", the service says "should be integer".
 */
export const INTEGER_ERROR = 'integerError';

/** The declaration of {@link INTEGER_ERROR}, placed at the top of each generated module. */
export const INTEGER_ERROR_DECLARATION =
  `const ${INTEGER_ERROR} = { error: (issue: z.core.$ZodRawIssue) => (issue.code === 'invalid_type' ? 'should be integer' : undefined) };`;

const typesOf = (schema: JsonSchema): string[] => {
  const type = schema['type'];
  if (Array.isArray(type)) return type as string[];
  return typeof type === 'string' ? [type] : [];
};

/**
 * Translates JSON Schema (the OpenAPI 3.1 dialect the spec uses) into zod source code.
 * Unsupported keywords throw, so a spec change that the generator cannot honour is noticed
 * at generation time instead of silently accepting anything.
 */
export class ZodSourceWriter {
  constructor(
    private readonly direction: Direction,
    /** Components that must be referenced lazily because they are part of a cycle or not yet declared. */
    private readonly lazy: ReadonlySet<string> = new Set(),
    /** Module namespace that component identifiers are read from (`''` inside the schemas module itself). */
    private readonly namespace = '',
  ) {}

  /** Zod source for one schema. */
  write(schema: JsonSchema | undefined): string {
    if (schema === undefined) return 'z.unknown()';
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      if (!ref.startsWith(COMPONENT_PREFIX)) throw new Error(`Unsupported $ref ${ref}`);
      const id = `${this.namespace}${componentIdentifier(ref.slice(COMPONENT_PREFIX.length))}`;
      return this.lazy.has(ref.slice(COMPONENT_PREFIX.length)) ? `z.lazy(() => ${id})` : id;
    }
    return this.withDefault(schema, this.withNull(schema, this.writeBase(schema)));
  }

  private writeBase(schema: JsonSchema): string {
    if ('const' in schema) return `z.literal(${literal(schema['const'])})`;
    const enumValues = schema['enum'];
    if (Array.isArray(enumValues)) return this.writeEnum(enumValues.filter((value) => value !== null));
    for (const combinator of ['oneOf', 'anyOf'] as const) {
      const members = schema[combinator];
      if (Array.isArray(members)) return this.writeUnion(members as JsonSchema[]);
    }
    const allOf = schema['allOf'];
    if (Array.isArray(allOf)) {
      return (allOf as JsonSchema[]).map((member) => this.write(member)).reduce((left, right) => `z.intersection(${left}, ${right})`);
    }
    const types = typesOf(schema).filter((type) => type !== 'null');
    if (types.length > 1) return `z.union([${types.map((type) => this.writeType({ ...schema, type })).join(', ')}])`;
    if (types.length === 0) {
      if (schema['properties'] !== undefined || schema['additionalProperties'] !== undefined) return this.writeObject(schema);
      return typesOf(schema).includes('null') ? 'z.null()' : 'z.unknown()';
    }
    return this.writeType({ ...schema, type: types[0] });
  }

  private writeEnum(values: unknown[]): string {
    if (values.every((value) => typeof value === 'string')) return `z.enum(${literal(values)})`;
    return `z.union([${values.map((value) => `z.literal(${literal(value)})`).join(', ')}])`;
  }

  private writeUnion(members: JsonSchema[]): string {
    const written = members.map((member) => this.write(member));
    return written.length === 1 ? (written[0] ?? 'z.never()') : `z.union([${written.join(', ')}])`;
  }

  private writeType(schema: JsonSchema): string {
    switch (schema['type']) {
      case 'string':
        return this.writeString(schema);
      case 'integer':
        return `z.int(${INTEGER_ERROR})${this.numberChecks(schema)}`;
      case 'number':
        return `z.number()${this.numberChecks(schema)}`;
      case 'boolean':
        return 'z.boolean()';
      case 'null':
        return 'z.null()';
      case 'array':
        return this.writeArray(schema);
      case 'object':
        return this.writeObject(schema);
      default:
        throw new Error(`Unsupported schema type ${String(schema['type'])}`);
    }
  }

  private writeString(schema: JsonSchema): string {
    let out = 'z.string()';
    switch (schema['format']) {
      case 'date-time':
        out = 'z.iso.datetime({ offset: true })';
        break;
      case 'date':
        out = 'z.iso.date()';
        break;
      case 'uri':
      case 'url':
        out = 'z.url()';
        break;
      case 'email':
        out = 'z.email()';
        break;
      default:
        break;
    }
    if (typeof schema['minLength'] === 'number') out += `.min(${schema['minLength']})`;
    if (typeof schema['maxLength'] === 'number') out += `.max(${schema['maxLength']})`;
    if (typeof schema['pattern'] === 'string') out += `.regex(new RegExp(${literal(schema['pattern'])}))`;
    return out;
  }

  private numberChecks(schema: JsonSchema): string {
    let out = '';
    if (typeof schema['minimum'] === 'number') out += `.min(${schema['minimum']})`;
    if (typeof schema['maximum'] === 'number') out += `.max(${schema['maximum']})`;
    if (typeof schema['exclusiveMinimum'] === 'number') out += `.gt(${schema['exclusiveMinimum']})`;
    if (typeof schema['exclusiveMaximum'] === 'number') out += `.lt(${schema['exclusiveMaximum']})`;
    return out;
  }

  private writeArray(schema: JsonSchema): string {
    let out = `z.array(${this.write(schema['items'] as JsonSchema | undefined)})`;
    if (typeof schema['minItems'] === 'number') out += `.min(${schema['minItems']})`;
    if (typeof schema['maxItems'] === 'number') out += `.max(${schema['maxItems']})`;
    return out;
  }

  private writeObject(schema: JsonSchema): string {
    const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema['required'] ?? []) as string[]);
    const additional = schema['additionalProperties'];
    const entries = Object.entries(properties);
    if (entries.length === 0 && additional !== undefined && additional !== false) {
      return `z.record(z.string(), ${additional === true ? 'z.unknown()' : this.write(additional as JsonSchema)})`;
    }
    const fields = entries.map(([name, property]) => {
      const value = this.write(property);
      const optional = required.has(name) || (this.direction === 'request' && 'default' in property) ? '' : '.optional()';
      return `${literal(name)}: ${value}${optional}`;
    });
    const shape = `{ ${fields.join(', ')} }`;
    if (additional !== undefined && additional !== false) {
      return `z.object(${shape}).catchall(${additional === true ? 'z.unknown()' : this.write(additional as JsonSchema)})`;
    }
    if (this.direction === 'response' && additional === undefined) return `z.strictObject(${shape})`;
    return additional === false ? `z.strictObject(${shape})` : `z.object(${shape})`;
  }

  private withNull(schema: JsonSchema, source: string): string {
    const nullable = typesOf(schema).includes('null') && typesOf(schema).length > 1;
    const enumNull = Array.isArray(schema['enum']) && (schema['enum'] as unknown[]).includes(null);
    return nullable || enumNull ? `${source}.nullable()` : source;
  }

  private withDefault(schema: JsonSchema, source: string): string {
    return this.direction === 'request' && 'default' in schema ? `${source}.default(${literal(schema['default'])})` : source;
  }
}

/**
 * Orders component names so each is declared after the components it uses; names that take
 * part in a cycle are returned in `lazy` and referenced through `z.lazy`.
 */
export const orderComponents = (
  components: Record<string, JsonSchema>,
  roots: Iterable<string>,
): { order: string[]; lazy: Set<string> } => {
  const order: string[] = [];
  const lazy = new Set<string>();
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string): void => {
    const seen = state.get(name);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      lazy.add(name);
      return;
    }
    const schema = components[name];
    if (schema === undefined) throw new Error(`Unknown component schema ${name}`);
    state.set(name, 'visiting');
    for (const dependency of [...collectRefs(schema)].sort()) visit(dependency);
    state.set(name, 'done');
    order.push(name);
  };
  for (const root of [...roots].sort()) visit(root);
  return { order, lazy };
};
