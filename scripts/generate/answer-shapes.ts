/**
 * Writes the mock's answer shapes (decision 0057): for every success answer of every operation,
 * where in the body the spec says how the service sends a property that holds no value
 * (`x-unset` on the property's schema), as a compact table the dispatcher applies to each answer.
 *
 * - `omit`: left out when undefined, `null`, `[]` or `{}`;
 * - `omit-zero`: also left out when `0`;
 * - `null`: sent as `null` when undefined;
 * - `empty`: sent as `[]` or `{}` (the property's type says which) when undefined or `null`.
 *
 * Only the parts of a schema that lead to an annotation are kept, so the dispatcher walks no
 * further into an answer than it must. The spec is checked on the way: a property left out may
 * not be `required`, one sent as `null` must admit `null`, and the members of a union must not
 * disagree about a property.
 */
import { writeFileSync } from 'node:fs';
import { type JsonSchema, type OpenApiDocument, listOperations, resolveRef } from '../lib/openapi.ts';
import { GENERATED, GENERATED_HEADER, repoPath } from '../lib/paths.ts';
import { webhookPayloads } from './mock-schemas.ts';
import { jsonTable } from './json-table.ts';

/** What the runtime does with a property that holds no value. */
type Unset = 'omit' | 'omit-zero' | 'null' | 'empty-array' | 'empty-object';

const ANNOTATION_VALUES = ['omit', 'omit-zero', 'null', 'empty'] as const;

interface PropertyDraft {
  unset?: Unset;
  /** The node of the property's value. */
  node?: number;
}

/** A schema as the answer shapes see it: the rules of its properties, and what its arrays and maps hold. */
interface Node {
  properties: Map<string, PropertyDraft>;
  items?: number;
  values?: number;
}

const SCHEMA_PREFIX = '#/components/schemas/';

/** Keywords that say what a value holds; the others (`description`, `default` …) only annotate it. */
const STRUCTURAL = new Set([
  'properties',
  'items',
  'additionalProperties',
  'patternProperties',
  'allOf',
  'oneOf',
  'anyOf',
]);

/** Webhook events share the table of roots with operations, under this prefix and the key `data`. */
const WEBHOOK_PREFIX = 'webhook:';

const typesOf = (schema: JsonSchema): string[] => {
  const type = schema['type'];
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
};

class ShapeCollector {
  readonly nodes: Node[] = [];
  private readonly byRef = new Map<string, number>();
  private readonly merged = new Map<string, number>();

  constructor(private readonly doc: OpenApiDocument) {}

  /** The node of a schema: references are followed once (cycles share their node), compositions merged. */
  collect(schema: JsonSchema | undefined, where: string): number | undefined {
    if (schema === undefined || typeof schema !== 'object') return undefined;
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      const known = this.byRef.get(ref);
      const id = known ?? this.referenced(ref, schema);
      // Keywords beside a `$ref` that describe more of the value (OpenAPI 3.1 allows them) count as an `allOf` member.
      const beside = Object.fromEntries(Object.entries(schema).filter(([key]) => STRUCTURAL.has(key)));
      return Object.keys(beside).length === 0 ? id : this.merge(id, this.build(beside, where), where);
    }
    return this.build(schema, where);
  }

  /** The node of a component, made once: a cycle back to it finds the node while it is being made. */
  private referenced(ref: string, schema: JsonSchema): number {
    const id = this.nodes.push({ properties: new Map() }) - 1;
    this.byRef.set(ref, id);
    const resolved = resolveRef<JsonSchema>(this.doc, schema);
    const own = this.build(resolved, ref.startsWith(SCHEMA_PREFIX) ? ref.slice(SCHEMA_PREFIX.length) : ref);
    this.nodes[id] = this.nodes[own] as Node;
    return id;
  }

  private build(schema: JsonSchema, where: string): number {
    const node: Node = { properties: new Map() };
    const required = new Set((schema['required'] as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(
      (schema['properties'] as Record<string, JsonSchema> | undefined) ?? {},
    )) {
      const draft: PropertyDraft = {};
      const annotation = property['x-unset'];
      if (annotation !== undefined)
        draft.unset = this.unsetOf(annotation, property, `${where}.${name}`, required.has(name));
      const child = this.collect(property, `${where}.${name}`);
      if (child !== undefined) draft.node = child;
      node.properties.set(name, draft);
    }
    const items = this.collect(schema['items'] as JsonSchema | undefined, `${where}[]`);
    if (items !== undefined) node.items = items;
    const additional = schema['additionalProperties'];
    const patterns = Object.values((schema['patternProperties'] as Record<string, JsonSchema> | undefined) ?? {});
    for (const values of [...(typeof additional === 'object' ? [additional as JsonSchema] : []), ...patterns]) {
      const id = this.collect(values, `${where}{}`);
      if (id !== undefined) node.values = node.values === undefined ? id : this.merge(node.values, id, `${where}{}`);
    }
    let id = this.nodes.push(node) - 1;
    for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
      for (const [index, member] of ((schema[keyword] as JsonSchema[] | undefined) ?? []).entries()) {
        const memberId = this.collect(member, `${where}/${keyword}/${index}`);
        if (memberId !== undefined) id = this.merge(id, memberId, where);
      }
    }
    return id;
  }

  private unsetOf(annotation: unknown, property: JsonSchema, where: string, required: boolean): Unset {
    if (!ANNOTATION_VALUES.includes(annotation as (typeof ANNOTATION_VALUES)[number])) {
      throw new Error(`${where}: x-unset is ${JSON.stringify(annotation)}, not one of ${ANNOTATION_VALUES.join(', ')}`);
    }
    const resolved = resolveRef<JsonSchema>(this.doc, property);
    const types = typesOf(resolved);
    const admitsNull =
      types.includes('null') ||
      [
        ...((resolved['oneOf'] as JsonSchema[] | undefined) ?? []),
        ...((resolved['anyOf'] as JsonSchema[] | undefined) ?? []),
      ].some((member) => typesOf(member).includes('null'));
    switch (annotation) {
      case 'omit':
      case 'omit-zero':
        if (required)
          throw new Error(`${where}: x-unset ${annotation} leaves the property out, so it cannot be required`);
        return annotation;
      case 'null':
        if (!admitsNull) throw new Error(`${where}: x-unset null sends null, so the schema must admit null`);
        return 'null';
      default: {
        const kind =
          types.includes('array') || resolved['items'] !== undefined
            ? 'array'
            : types.includes('object') ||
                resolved['properties'] !== undefined ||
                resolved['additionalProperties'] !== undefined
              ? 'object'
              : undefined;
        if (kind === undefined) throw new Error(`${where}: x-unset empty needs an array or object type`);
        return kind === 'array' ? 'empty-array' : 'empty-object';
      }
    }
  }

  /** One node with the properties of both; a property the two treat differently is a spec error. */
  private merge(a: number, b: number, where: string): number {
    if (a === b) return a;
    const key = `${Math.min(a, b)}+${Math.max(a, b)}`;
    const known = this.merged.get(key);
    if (known !== undefined) return known;
    const id = this.nodes.push({ properties: new Map() }) - 1;
    this.merged.set(key, id);
    const left = this.nodes[a] as Node;
    const right = this.nodes[b] as Node;
    const node: Node = { properties: new Map(left.properties) };
    for (const [name, draft] of right.properties) {
      const other = node.properties.get(name);
      if (other === undefined) {
        node.properties.set(name, draft);
        continue;
      }
      if (other.unset !== undefined && draft.unset !== undefined && other.unset !== draft.unset) {
        throw new Error(
          `${where}.${name}: x-unset is ${other.unset} in one part of the schema and ${draft.unset} in another`,
        );
      }
      const unset = other.unset ?? draft.unset;
      const child =
        other.node === undefined
          ? draft.node
          : draft.node === undefined
            ? other.node
            : this.merge(other.node, draft.node, `${where}.${name}`);
      node.properties.set(name, {
        ...(unset === undefined ? {} : { unset }),
        ...(child === undefined ? {} : { node: child }),
      });
    }
    for (const part of ['items', 'values'] as const) {
      const [x, y] = [left[part], right[part]];
      const child = x === undefined ? y : y === undefined ? x : this.merge(x, y, where);
      if (child !== undefined) node[part] = child;
    }
    this.nodes[id] = node;
    return id;
  }
}

/** The shape table the runtime reads: live nodes only, renumbered, and the root of each answer. */
interface ShapeTable {
  shapes: unknown[];
  roots: Record<string, Record<string, number>>;
}

/** Keeps the nodes that hold a rule or lead to one, and writes them in the runtime's form. */
const compact = (nodes: readonly Node[], roots: ReadonlyMap<string, Map<string, number>>): ShapeTable => {
  const live = new Set<number>();
  for (let changed = true; changed; ) {
    changed = false;
    nodes.forEach((node, id) => {
      if (live.has(id)) return;
      const leads = (child: number | undefined): boolean => child !== undefined && live.has(child);
      const has =
        [...node.properties.values()].some((draft) => draft.unset !== undefined || leads(draft.node)) ||
        leads(node.items) ||
        leads(node.values);
      if (has) {
        live.add(id);
        changed = true;
      }
    });
  }
  const order = new Map<number, number>();
  const visit = (id: number | undefined): void => {
    if (id === undefined || !live.has(id) || order.has(id)) return;
    order.set(id, order.size);
    const node = nodes[id] as Node;
    for (const draft of node.properties.values()) visit(draft.node);
    visit(node.items);
    visit(node.values);
  };
  for (const statuses of roots.values()) for (const id of statuses.values()) visit(id);
  const index = (id: number | undefined): number | undefined => (id === undefined ? undefined : order.get(id));
  const shapes = [...order.keys()].map((id) => {
    const node = nodes[id] as Node;
    const properties = Object.fromEntries(
      [...node.properties]
        .map(
          ([name, draft]) =>
            [
              name,
              {
                ...(draft.unset === undefined ? {} : { unset: draft.unset }),
                ...(index(draft.node) === undefined ? {} : { shape: index(draft.node) }),
              },
            ] as const,
        )
        .filter(([, rule]) => Object.keys(rule).length > 0),
    );
    return {
      ...(Object.keys(properties).length === 0 ? {} : { properties }),
      ...(index(node.items) === undefined ? {} : { items: index(node.items) }),
      ...(index(node.values) === undefined ? {} : { values: index(node.values) }),
    };
  });
  const rootTable: Record<string, Record<string, number>> = {};
  for (const [operationId, statuses] of roots) {
    const kept = [...statuses]
      .filter(([, id]) => order.has(id))
      .map(([status, id]) => [status, order.get(id) as number] as const);
    if (kept.length > 0) rootTable[operationId] = Object.fromEntries(kept);
  }
  return { shapes, roots: rootTable };
};

/** Shapes with the same rules made one, until none repeats: the table stays as small as its rules. */
const deduplicate = (table: ShapeTable): ShapeTable => {
  let { shapes, roots } = table;
  for (;;) {
    const first = new Map<string, number>();
    const canonical = shapes.map((shape, index) => {
      const key = JSON.stringify(shape);
      if (!first.has(key)) first.set(key, index);
      return first.get(key) as number;
    });
    if (canonical.every((target, index) => target === index)) return { shapes, roots };
    const kept = [...new Set(canonical)];
    const renumber = (index: number): number => kept.indexOf(canonical[index] as number);
    const rewrite = (value: unknown, key?: string): unknown =>
      typeof value === 'number' && (key === 'shape' || key === 'items' || key === 'values')
        ? renumber(value)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, rewrite(inner, name)]))
          : value;
    shapes = kept.map((index) => rewrite(shapes[index]));
    roots = Object.fromEntries(
      Object.entries(roots).map(([id, statuses]) => [
        id,
        Object.fromEntries(Object.entries(statuses).map(([status, index]) => [status, renumber(index)])),
      ]),
    );
  }
};

/** Writes packages/mock-server/src/generated/answer-shapes.ts. */
export const generateAnswerShapes = (doc: OpenApiDocument): void => {
  const collector = new ShapeCollector(doc);
  const roots = new Map<string, Map<string, number>>();
  for (const entry of listOperations(doc)) {
    const operationId = entry.operation.operationId ?? `${entry.method} ${entry.path}`;
    for (const [status, response] of Object.entries(entry.operation.responses)) {
      if (!status.startsWith('2')) continue;
      const schema = resolveRef(doc, response).content?.['application/json']?.schema;
      const id = collector.collect(schema, `${operationId} ${status}`);
      if (id === undefined) continue;
      const statuses = roots.get(operationId) ?? new Map<string, number>();
      statuses.set(status, id);
      roots.set(operationId, statuses);
    }
  }
  // A webhook's payload is sent by the service as its answers are: its `data` takes the same rules.
  for (const { name, data } of webhookPayloads(doc)) {
    const id = collector.collect(data, `webhook ${name}`);
    if (id !== undefined) roots.set(`${WEBHOOK_PREFIX}${name}`, new Map([['data', id]]));
  }
  const { shapes, roots: rootTable } = deduplicate(compact(collector.nodes, roots));
  const source = `${GENERATED_HEADER('scripts/generate/answer-shapes.ts')}import type { AnswerShape } from '../http/shape-table.js';

/** Every shape an answer may hold, each naming the others by index (decision 0057). */
export const SHAPES: readonly AnswerShape[] = ${jsonTable(shapes)};

/**
 * The shape of each success answer, by operation and status, and of each webhook event's \`data\`
 * (\`webhook:<event>\`, key \`data\`); an answer not listed is sent as it is.
 */
export const ANSWER_SHAPES: Readonly<Partial<Record<string, Readonly<Record<string, number>>>>> = ${jsonTable(rootTable)};
`;
  writeFileSync(repoPath(GENERATED.mockAnswerShapes), source);
};
