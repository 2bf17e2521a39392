/**
 * Writes the client's webhook event types from the spec's `webhooks`: a map from each event name
 * to its payload type, and the union of the payloads, in three families that differ in how a
 * receiver tells the events apart.
 *
 * - Project webhooks fix the sendout's `type` (its schema declares `type` as a `const`), so their
 *   union narrows by `event.type`.
 * - Distribution webhooks carry the event name chosen for the distribution's channel in `type` and
 *   name the trigger in `event.type` (a `const` of the schema's `event`); they are keyed by that.
 * - Anything else (workflow callouts) is keyed by the name of its webhook entry.
 *
 * Types are indexed accesses into the generated `components`, so they cost the type-checker
 * nothing beyond what the schema types already cost.
 */
import { writeFileSync } from 'node:fs';
import { type JsonSchema, type OpenApiDocument, type RequestBody, isReference } from '../lib/openapi.ts';
import { GENERATED, GENERATED_HEADER, repoPath } from '../lib/paths.ts';

const SCHEMA_PREFIX = '#/components/schemas/';

/** How a webhook's payloads are told apart; see the module comment. */
type Family = 'project' | 'distribution' | 'other';

interface WebhookEntry {
  /** The event name that keys the entry in its family's map. */
  name: string;
  /** The component schema of the payload. */
  schema: string;
  family: Family;
  summary: string;
}

const componentName = (ref: unknown, where: string): string => {
  if (typeof ref !== 'string' || !ref.startsWith(SCHEMA_PREFIX)) {
    throw new Error(`${where}: the JSON payload must be a $ref to a component schema`);
  }
  return ref.slice(SCHEMA_PREFIX.length);
};

/** The `const` that a schema, its `allOf` members or the schemas they refer to give `property`. */
const constOf = (doc: OpenApiDocument, schema: JsonSchema | undefined, path: readonly string[], depth = 0): unknown => {
  if (schema === undefined || depth > 16) return undefined;
  const ref = schema['$ref'];
  if (typeof ref === 'string') return constOf(doc, doc.components?.schemas?.[componentName(ref, ref)], path, depth + 1);
  const [head, ...rest] = path;
  if (head === undefined) return schema['const'];
  const property = (schema['properties'] as Record<string, JsonSchema> | undefined)?.[head];
  const found = property === undefined ? undefined : constOf(doc, property, rest, depth + 1);
  if (found !== undefined) return found;
  for (const member of (schema['allOf'] as JsonSchema[] | undefined) ?? []) {
    const inMember = constOf(doc, member, path, depth + 1);
    if (inMember !== undefined) return inMember;
  }
  return undefined;
};

const entriesOf = (doc: OpenApiDocument): WebhookEntry[] =>
  Object.entries(doc.webhooks ?? {}).map(([key, item]) => {
    const operation = item.post;
    if (operation === undefined || operation.requestBody === undefined || isReference(operation.requestBody)) {
      throw new Error(`Webhook ${key}: expected a POST with an inline request body`);
    }
    const body: RequestBody = operation.requestBody;
    const schema = componentName(body.content['application/json']?.schema?.['$ref'], `Webhook ${key}`);
    const root = doc.components?.schemas?.[schema];
    const type = constOf(doc, root, ['type']);
    const trigger = constOf(doc, root, ['event', 'type']);
    const summary = operation.summary ?? key;
    if (typeof type === 'string') {
      if (type !== key) throw new Error(`Webhook ${key}: its payload's type is ${type}; name the entry after it`);
      return { name: type, schema, family: 'project', summary };
    }
    if (typeof trigger === 'string') return { name: trigger, schema, family: 'distribution', summary };
    return { name: key, schema, family: 'other', summary };
  });

const mapSource = (entries: readonly WebhookEntry[]): string =>
  entries
    .map(
      (entry) =>
        `  /** ${entry.summary}. */\n  ${JSON.stringify(entry.name)}: components["schemas"][${JSON.stringify(entry.schema)}];`,
    )
    .join('\n');

const unionSource = (entries: readonly WebhookEntry[]): string =>
  entries.length === 0 ? 'never' : entries.map((entry) => `\n  | ${JSON.stringify(entry.name)}`).join('');

/** The TypeScript source of the webhook event types. */
const webhookTypesSource = (doc: OpenApiDocument): string => {
  const entries = entriesOf(doc);
  const of = (family: Family): WebhookEntry[] => entries.filter((entry) => entry.family === family);
  const [project, distribution, other] = [of('project'), of('distribution'), of('other')];
  const firstProject = project[0]?.name ?? 'redemption.succeeded';
  const firstDistribution = distribution[0]?.name ?? 'customer.order.paid';
  return `${GENERATED_HEADER('scripts/generate/webhook-types.ts')}// The payloads of the spec's webhooks, by event name: ${project.length} project events, ${distribution.length} distribution triggers, ${other.length} other.
import type { components } from './schema.js';

/**
 * The name of every event that project webhooks send, as the sendout's \`type\` carries it.
 *
 * @example
 * \`\`\`ts
 * const subscribed: WebhookEventType[] = ['redemption.succeeded', 'customer.updated'];
 * \`\`\`
 */
export type WebhookEventType =${unionSource(project)};

/**
 * The payload of each project webhook event, by its \`type\`.
 *
 * @example
 * \`\`\`ts
 * type Succeeded = WebhookEventMap[${JSON.stringify(firstProject)}];
 * \`\`\`
 */
export interface WebhookEventMap {
${mapSource(project)}
}

/**
 * Any sendout of a project webhook (the webhooks of the project settings). Narrow it by \`type\`.
 *
 * @example
 * \`\`\`ts
 * if (event.type === ${JSON.stringify(firstProject)}) console.log(event.data);
 * \`\`\`
 */
export type WebhookEvent = WebhookEventMap[WebhookEventType];

/**
 * The trigger of every event that a distribution's webhook channel can send, as \`event.type\` carries it.
 *
 * @example
 * \`\`\`ts
 * const trigger: DistributionWebhookEventType = ${JSON.stringify(firstDistribution)};
 * \`\`\`
 */
export type DistributionWebhookEventType =${unionSource(distribution)};

/**
 * The payload of each distribution webhook, by its trigger (\`event.type\`). The sendout's \`type\` is
 * the event name chosen for the distribution's webhook channel, so it does not tell triggers apart.
 *
 * @example
 * \`\`\`ts
 * type OrderPaid = DistributionWebhookEventMap[${JSON.stringify(firstDistribution)}];
 * \`\`\`
 */
export interface DistributionWebhookEventMap {
${mapSource(distribution)}
}

/**
 * Any sendout of a distribution's webhook channel sent with the default payload.
 *
 * @example
 * \`\`\`ts
 * const sendout = JSON.parse(body) as DistributionWebhookEvent;
 * console.log(sendout.event.type, sendout.data);
 * \`\`\`
 */
export type DistributionWebhookEvent = DistributionWebhookEventMap[DistributionWebhookEventType];

/**
 * The body of each workflow callout, by the name of its webhook entry in the spec.
 *
 * @example
 * \`\`\`ts
 * type Callout = WorkflowWebhookEventMap[keyof WorkflowWebhookEventMap];
 * \`\`\`
 */
export interface WorkflowWebhookEventMap {
${mapSource(other)}
}

/**
 * Any body that a workflow's webhook callout action posts.
 *
 * @example
 * \`\`\`ts
 * const callout = JSON.parse(body) as WorkflowWebhookEvent;
 * \`\`\`
 */
export type WorkflowWebhookEvent = WorkflowWebhookEventMap[keyof WorkflowWebhookEventMap];
`;
};

/** Writes the client's webhook event types from the bundled spec. */
export const generateWebhookTypes = (doc: OpenApiDocument): void => {
  writeFileSync(repoPath(GENERATED.clientWebhookEvents), webhookTypesSource(doc));
};
