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

const componentName = (ref: string): string => {
  if (!ref.startsWith(COMPONENT_PREFIX)) throw new Error(`Unsupported $ref ${ref}`);
  return ref.slice(COMPONENT_PREFIX.length);
};

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

const typesOf = (schema: JsonSchema): string[] => {
  const type = schema['type'];
  if (Array.isArray(type)) return type as string[];
  return typeof type === 'string' ? [type] : [];
};

const isNullSchema = (schema: unknown): boolean =>
  typeof schema === 'object' &&
  schema !== null &&
  (schema as JsonSchema)['type'] === 'null' &&
  Object.keys(schema).length === 1;

/**
 * Name of the error option every generated module declares for integers: zod reports a string
 * given for an integer as "expected number", the service says "should be integer".
 */
export const INTEGER_ERROR = 'integerError';

/**
 * Name of the request-side `anyOf`, imported by each generated module from the mock's
 * `http/any-of.ts`: it keeps the fields of every member that matches, where `z.union` keeps the
 * first member's output only.
 */
export const ANY_OF = 'anyOf';

/**
 * Name of the request-side object wrapper, imported by each generated module from the mock's
 * `http/null-means-absent.ts`: the optional properties listed take `null` as "not given".
 */
export const NULL_MEANS_ABSENT = 'nullMeansAbsent';

/** The declaration of {@link INTEGER_ERROR}, placed at the top of each generated module. */
export const INTEGER_ERROR_DECLARATION = `const ${INTEGER_ERROR} = { error: (issue: z.core.$ZodRawIssue) => (issue.code === 'invalid_type' ? 'should be integer' : undefined) };`;

/** The properties of one object shape that an `allOf` flattens into. */
interface ObjectShape {
  properties: Map<string, JsonSchema>;
  required: Set<string>;
  /** `additionalProperties` of the merged object: undefined (none said), false, true or a schema. */
  additional: unknown;
}

/**
 * The schema of an object's keyed entries (`patternProperties` of one pattern, such as numbered
 * rules), checked as zod checks any other key: zod has no keys by pattern, and the only other keys
 * of such objects are their named fields.
 */
const patternEntries = (schema: JsonSchema): unknown => {
  const patterns = schema['patternProperties'] as Record<string, unknown> | undefined;
  if (patterns === undefined) return undefined;
  const entries = Object.values(patterns);
  if (entries.length !== 1) throw new Error(`patternProperties with ${entries.length} patterns is not supported`);
  return entries[0];
};

/** Unions inside `allOf` multiply out; more variants than this is a spec smell worth a look. */
const MAX_VARIANTS = 64;

/**
 * Keywords that only annotate a schema; they never change what it accepts. `x-unset` says how
 * the service sends a property that holds no value (decision 0057); the mock's answers apply it.
 */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'externalDocs',
  'discriminator',
  'x-unset',
]);

/**
 * Translates JSON Schema (the OpenAPI 3.1 dialect the spec uses) into zod source code.
 *
 * - `allOf` is flattened into one object, so strict response objects accept the fields of every
 *   member (an intersection of strict objects would reject each member's fields in the other);
 *   a union inside `allOf` multiplies out into a union of flattened objects.
 * - `oneOf` and `anyOf` become unions: `z.union` for responses (strict, so the first member that
 *   parses is exact), {@link ANY_OF} for requests (it keeps the fields of every matching member,
 *   where `z.union` would strip those only a later member declares); a `null` member,
 *   a `null` type or a `null` in an enum make the schema nullable.
 * - Unsupported keywords throw, so a spec change the generator cannot honour is noticed at
 *   generation time instead of silently accepting anything.
 */
export interface ZodSourceWriterOptions {
  direction: Direction;
  /** Every component schema of the document, to flatten `allOf` members that are references. */
  components: Readonly<Record<string, JsonSchema>>;
  /** Components that must be referenced lazily because they are part of a cycle or not yet declared. */
  lazy?: ReadonlySet<string>;
  /** Module namespace that component identifiers are read from (`''` inside the schemas module itself). */
  namespace?: string;
  /**
   * Values of a deep-object query parameter (`filters[created_at][conditions][$after]=…`): every
   * leaf arrives as a string, so numbers and booleans are coerced, references are written out in
   * place (the shared components do not coerce), and objects keep unknown keys, because filters
   * name open-ended paths such as `metadata.tier`.
   */
  queryValues?: boolean;
}

/** Deep-object query values are written out in place; deeper nesting than this is a spec bug. */
const MAX_INLINE_DEPTH = 12;

/**
 * A schema with its checks (`z.minLength(3)`, `z.gte(0)` …) in zod/mini's form; the checks left
 * out are `false`.
 */
const withChecks = (source: string, checks: readonly (string | false)[]): string => {
  const kept = checks.filter((check): check is string => check !== false);
  return kept.length === 0 ? source : `${source}.check(${kept.join(', ')})`;
};

/**
 * A schema that reads a value through `coercion` first: zod's `preprocess`, which zod/mini
 * writes as a pipe from a transform.
 */
export const preprocessed = (coercion: string, source: string): string => `z.pipe(z.transform(${coercion}), ${source})`;

export class ZodSourceWriter {
  private readonly direction: Direction;
  private readonly components: Readonly<Record<string, JsonSchema>>;
  private readonly lazy: ReadonlySet<string>;
  private readonly namespace: string;
  private readonly queryValues: boolean;
  private depth = 0;

  constructor(options: ZodSourceWriterOptions) {
    this.direction = options.direction;
    this.components = options.components;
    this.lazy = options.lazy ?? new Set();
    this.namespace = options.namespace ?? '';
    this.queryValues = options.queryValues ?? false;
  }

  /** A writer for the values of deep-object query parameters; see {@link ZodSourceWriterOptions.queryValues}. */
  forQueryValues(): ZodSourceWriter {
    return new ZodSourceWriter({
      direction: this.direction,
      components: this.components,
      lazy: this.lazy,
      namespace: this.namespace,
      queryValues: true,
    });
  }

  /** Zod source for one schema. */
  write(schema: JsonSchema | undefined): string {
    if (schema === undefined) return 'z.unknown()';
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      const name = componentName(ref);
      // A `default` beside the reference is the default of this use of the component.
      if (this.queryValues) return this.withDefault(schema, this.writeInline(name));
      // Each component is a function that builds its schema on first call (decision 0074).
      const id = `${this.namespace}${componentIdentifier(name)}`;
      return this.withDefault(schema, this.lazy.has(name) ? `z.lazy(${id})` : `${id}()`);
    }
    return this.withDefault(schema, this.withNull(schema, this.writeBase(schema)));
  }

  private writeInline(name: string): string {
    const target = this.components[name];
    if (target === undefined) throw new Error(`Unknown component schema ${name}`);
    if (this.depth >= MAX_INLINE_DEPTH)
      throw new Error(`Query parameter schema nests deeper than ${MAX_INLINE_DEPTH} through ${name}`);
    this.depth += 1;
    try {
      return this.write(target);
    } finally {
      this.depth -= 1;
    }
  }

  private writeBase(schema: JsonSchema): string {
    if ('const' in schema) return `z.literal(${literal(schema['const'])})`;
    const enumValues = schema['enum'];
    if (Array.isArray(enumValues)) return this.writeEnum(enumValues.filter((value) => value !== null));
    if (Array.isArray(schema['allOf'])) return this.writeAllOf(schema);
    for (const combinator of ['oneOf', 'anyOf'] as const) {
      const members = schema[combinator];
      if (Array.isArray(members))
        return this.writeUnion((members as JsonSchema[]).filter((member) => !isNullSchema(member)));
    }
    const types = typesOf(schema).filter((type) => type !== 'null');
    if (types.length > 1) return `z.union([${types.map((type) => this.writeType({ ...schema, type })).join(', ')}])`;
    if (types.length === 0) {
      if (schema['properties'] !== undefined || schema['additionalProperties'] !== undefined)
        return this.writeObject(this.shapeOf(schema));
      return typesOf(schema).includes('null') ? 'z.null()' : 'z.unknown()';
    }
    return this.writeType({ ...schema, type: types[0] });
  }

  private writeEnum(values: unknown[]): string {
    if (values.length > 0 && values.every((value) => typeof value === 'string')) return `z.enum(${literal(values)})`;
    if (values.length === 1) return `z.literal(${literal(values[0])})`;
    return `z.union([${values.map((value) => `z.literal(${literal(value)})`).join(', ')}])`;
  }

  private writeUnion(members: JsonSchema[]): string {
    const written = members.map((member) => this.write(member));
    if (written.length === 0) return 'z.never()';
    return this.alternatives(written);
  }

  private writeAllOf(schema: JsonSchema): string {
    return this.alternatives(this.variantsOf(schema, new Set()).map((shape) => this.writeObject(shape)));
  }

  /**
   * Schemas of which any may match. Responses are strict, so the first member that parses holds
   * every field and `z.union` is exact. Requests strip unknown keys, so `z.union` would keep only
   * the first matching member's fields; {@link ANY_OF} keeps the fields of every member that matches.
   */
  private alternatives(written: readonly string[]): string {
    if (written.length === 1) return written[0] as string;
    return this.direction === 'request' ? `${ANY_OF}([${written.join(', ')}])` : `z.union([${written.join(', ')}])`;
  }

  /**
   * The object shapes a schema stands for: one for an object or an `allOf` of objects, several
   * when a member of an `allOf` is a union.
   */
  private variantsOf(schema: JsonSchema, seen: ReadonlySet<string>): ObjectShape[] {
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      const name = componentName(ref);
      if (seen.has(name)) throw new Error(`allOf through ${name} refers to itself`);
      const target = this.components[name];
      if (target === undefined) throw new Error(`Unknown component schema ${name}`);
      return this.variantsOf(target, new Set([...seen, name]));
    }
    const own = this.shapeOf(schema);
    let variants: ObjectShape[] = [own];
    const members = Array.isArray(schema['allOf']) ? (schema['allOf'] as JsonSchema[]) : [];
    for (const member of members) {
      const memberVariants = this.variantsOf(member, seen);
      variants = variants.flatMap((left) => memberVariants.map((right) => mergeShapes(left, right)));
    }
    const union = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
    if (union) {
      const unionVariants = union
        .filter((member) => !isNullSchema(member))
        .flatMap((member) => this.variantsOf(member, seen));
      variants = variants.flatMap((left) => unionVariants.map((right) => mergeShapes(left, right)));
    }
    if (variants.length > MAX_VARIANTS) throw new Error(`allOf expands into ${variants.length} variants`);
    return variants;
  }

  /** The object shape a schema declares itself, without its `allOf` members. */
  private shapeOf(schema: JsonSchema): ObjectShape {
    const types = typesOf(schema).filter((type) => type !== 'null');
    const composed = ['allOf', 'anyOf', 'oneOf'].some((key) => key in schema);
    if (types.length > 0 && !types.includes('object'))
      throw new Error(`allOf member of type ${types.join('|')} cannot be merged into an object`);
    if (!composed) {
      for (const key of Object.keys(schema)) {
        if (
          !ANNOTATIONS.has(key) &&
          ![
            'type',
            'properties',
            'required',
            'additionalProperties',
            'patternProperties',
            'default',
            'minProperties',
            'maxProperties',
          ].includes(key)
        ) {
          throw new Error(`Unsupported keyword ${key} on an object schema`);
        }
      }
    }
    return {
      properties: new Map(Object.entries((schema['properties'] ?? {}) as Record<string, JsonSchema>)),
      required: new Set((schema['required'] ?? []) as string[]),
      additional: schema['additionalProperties'] ?? patternEntries(schema),
    };
  }

  private writeType(schema: JsonSchema): string {
    switch (schema['type']) {
      case 'string':
        return this.writeString(schema);
      case 'integer':
        return this.coerced('toNumber', withChecks(`z.int(${INTEGER_ERROR})`, this.numberChecks(schema)));
      case 'number':
        return this.coerced('toNumber', withChecks('z.number()', this.numberChecks(schema)));
      case 'boolean':
        return this.coerced('toBoolean', 'z.boolean()');
      case 'null':
        return 'z.null()';
      case 'array':
        return this.writeArray(schema);
      case 'object':
        return this.writeObject(this.shapeOf(schema));
      default:
        throw new Error(`Unsupported schema type ${String(schema['type'])}`);
    }
  }

  /** A value of a URL or a form is text: the coercion reads it as the schema's type (decision 0058). */
  private coerced(coercion: 'toNumber' | 'toBoolean' | 'toArray' | 'toEmptyObject', source: string): string {
    return this.queryValues ? preprocessed(`coerce.${coercion}`, source) : source;
  }

  private writeString(schema: JsonSchema): string {
    let out = 'z.string()';
    switch (schema['format']) {
      case 'date-time':
        // Requests take every form clients write a moment in and read it as the service answers it (decision 0058).
        out =
          this.direction === 'request'
            ? preprocessed('coerce.toDateTime', 'z.iso.datetime({ offset: true })')
            : 'z.iso.datetime({ offset: true })';
        break;
      case 'date':
        out = 'z.iso.date()';
        break;
      case 'binary':
        // A file of a multipart upload arrives as a Blob (a File in Node and browsers).
        return this.direction === 'request' ? 'z.instanceof(Blob)' : 'z.string()';
      case 'uri':
      case 'url':
        // The service's own payloads carry addresses that are not always absolute URLs: check them on input only.
        if (this.direction === 'request') out = 'z.url()';
        break;
      case 'email':
        if (this.direction === 'request') out = 'z.email()';
        break;
      default:
        break;
    }
    return withChecks(out, [
      typeof schema['minLength'] === 'number' && `z.minLength(${schema['minLength']})`,
      typeof schema['maxLength'] === 'number' && `z.maxLength(${schema['maxLength']})`,
      typeof schema['pattern'] === 'string' && `z.regex(new RegExp(${literal(schema['pattern'])}))`,
    ]);
  }

  private numberChecks(schema: JsonSchema): (string | false)[] {
    return [
      typeof schema['minimum'] === 'number' && `z.gte(${schema['minimum']})`,
      typeof schema['maximum'] === 'number' && `z.lte(${schema['maximum']})`,
      typeof schema['exclusiveMinimum'] === 'number' && `z.gt(${schema['exclusiveMinimum']})`,
      typeof schema['exclusiveMaximum'] === 'number' && `z.lt(${schema['exclusiveMaximum']})`,
    ];
  }

  private writeArray(schema: JsonSchema): string {
    const out = withChecks(`z.array(${this.write(schema['items'] as JsonSchema | undefined)})`, [
      typeof schema['minItems'] === 'number' && `z.minLength(${schema['minItems']})`,
      typeof schema['maxItems'] === 'number' && `z.maxLength(${schema['maxItems']})`,
    ]);
    // `filters[code][conditions][$in]=a`, without an index, is a list of one.
    return this.coerced('toArray', out);
  }

  private writeObject(shape: ObjectShape): string {
    const { properties, required, additional } = shape;
    const extra =
      additional === undefined || additional === true || additional === false
        ? undefined
        : this.write(additional as JsonSchema);
    if (properties.size === 0 && (additional === true || extra !== undefined))
      return `z.record(z.string(), ${extra ?? 'z.unknown()'})`;
    const fields = [...properties].map(([name, property]) => {
      const value = this.write(property);
      const optional = !required.has(name) && !(this.direction === 'request' && 'default' in property);
      return `${literal(name)}: ${optional ? `z.optional(${value})` : value}`;
    });
    const body = `{ ${fields.join(', ')} }`;
    const object =
      additional === false
        ? `z.strictObject(${body})`
        : extra !== undefined
          ? `z.catchall(z.object(${body}), ${extra})`
          : additional === true || this.queryValues
            ? `z.looseObject(${body})`
            : this.direction === 'response'
              ? `z.strictObject(${body})`
              : `z.object(${body})`;
    // An operator whose operand is an empty object is written `filters[status][conditions][$active]=`.
    return properties.size === 0 ? this.coerced('toEmptyObject', object) : this.withNullMeansAbsent(object, shape);
  }

  /**
   * The request rule for `null`: an optional property whose schema does not admit `null` takes it
   * as "not given" (decision 0036). Form fields and query values never carry `null`.
   */
  private withNullMeansAbsent(object: string, { properties, required }: ObjectShape): string {
    if (this.direction !== 'request' || this.queryValues) return object;
    const absent = [...properties]
      .filter(([name, property]) => !required.has(name) && !this.admitsNull(property, 0))
      .map(([name]) => name);
    return absent.length === 0 ? object : `${NULL_MEANS_ABSENT}(${object}, ${literal(absent)})`;
  }

  /** Whether a schema, through references, accepts `null` itself. */
  private admitsNull(schema: JsonSchema, depth: number): boolean {
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      const target = this.components[componentName(ref)];
      if (target === undefined || depth > MAX_INLINE_DEPTH) throw new Error(`Cannot resolve ${ref}`);
      return this.admitsNull(target, depth + 1);
    }
    if (
      typesOf(schema).includes('null') ||
      (Array.isArray(schema['enum']) && (schema['enum'] as unknown[]).includes(null))
    )
      return true;
    if ('const' in schema) return schema['const'] === null;
    return ['anyOf', 'oneOf'].some(
      (key) =>
        Array.isArray(schema[key]) &&
        (schema[key] as JsonSchema[]).some((member) => isNullSchema(member) || this.admitsNull(member, depth + 1)),
    );
  }

  private withNull(schema: JsonSchema, source: string): string {
    const nullable = typesOf(schema).includes('null') && typesOf(schema).length > 1;
    const enumNull = Array.isArray(schema['enum']) && (schema['enum'] as unknown[]).includes(null);
    const unionNull = ['anyOf', 'oneOf'].some(
      (key) => Array.isArray(schema[key]) && (schema[key] as unknown[]).some(isNullSchema),
    );
    return nullable || enumNull || unionNull ? `z.nullable(${source})` : source;
  }

  private withDefault(schema: JsonSchema, source: string): string {
    return this.direction === 'request' && 'default' in schema
      ? `z._default(${source}, ${literal(schema['default'])})`
      : source;
  }
}

/** Two object shapes as one: properties and required fields of both; a later property wins. */
const mergeShapes = (left: ObjectShape, right: ObjectShape): ObjectShape => {
  const properties = new Map(left.properties);
  for (const [name, schema] of right.properties) {
    const previous = properties.get(name);
    // `{}` or an annotation-only schema adds nothing to what the other member says.
    if (previous === undefined || Object.keys(schema).some((key) => !ANNOTATIONS.has(key)))
      properties.set(name, schema);
  }
  const additional =
    left.additional === undefined
      ? right.additional
      : right.additional === undefined
        ? left.additional
        : left.additional === false || right.additional === false
          ? false
          : right.additional;
  return { properties, required: new Set([...left.required, ...right.required]), additional };
};

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
