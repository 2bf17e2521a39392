/**
 * Checks the reference's own examples against our spec. The reference's examples are payloads
 * the service really sends and accepts, so they are the test of whether our description is true:
 * each JSON request example must pass the mock's request validation of our counterpart operation
 * (unknown keys stripped, as the mock does), each JSON response example must pass the mock's
 * strict response check for the same status (unknown keys rejected), and each example of a
 * webhook event's payload must pass the strict check of our event's `data`.
 */
import { config, locales, type z } from 'zod/mini';
import { type JsonSchema, type MediaType, type OpenApiDocument, resolveRef } from './openapi.ts';
import type { ParityResult } from './parity.ts';

// The mock's schemas are zod/mini's, which loads no messages; the parity report quotes zod's English ones.
config(locales.en());

/** What the example check needs of one webhook event of the mock's generated table. */
export interface CheckedWebhookEvent {
  /** The schema of the sendout's `data`, which is what the reference's examples show. */
  data: z.ZodMiniType;
}

/** What the example check needs of one operation of the mock's generated table. */
export interface CheckedOperation {
  body: { contentType: string; schema: z.ZodMiniType } | null;
  responses: Record<string, z.ZodMiniType | null>;
}

/**
 * Examples we reject on purpose, with the reason; the report prints it next to the check's own
 * words. A key is `<reference operationId> <request|status> <example name>`; for a webhook event,
 * whose payload is the request of the reference's webhook entry, `<reference event name> request
 * <example name>`.
 */
export const EXPECTED_REJECTIONS: Readonly<Record<string, string>> = {
  'create-segment 200 Static': 'the seed says the service removed `initial_sync_status` from segment responses',
  'create-segment 200 Dynamic': 'the seed says the service removed `initial_sync_status` from segment responses',
  'get-segment 200 Tier Segment': 'the seed says the service removed `initial_sync_status` from segment responses',
  'EVENTS.CUSTOMER.REWARD_REDEMPTIONS.COMPLETED request customer.reward_redemptions.completed':
    'its timestamps are broken (`2024-05-13T10: 23: 57.997Z`, with spaces); with them repaired it validates',
  'EVENTS.CUSTOMER.UPDATED request customer.updated':
    'a hand-written customer: its loyalty campaign entry lacks `points` and `referred_customers` and its referral campaigns are ' +
    'names, unlike every customer of the API examples (and the reference schema of the same objects)',
};

/**
 * Our name of each reference webhook event whose name is not the mechanical one (its name without
 * `EVENTS.`, in lower case).
 */
const WEBHOOK_NAMES: Readonly<Record<string, string>> = {
  'EVENTS.BUS_VAL_RULE.CREATED': 'business_validation_rule.created',
  'EVENTS.BUS_VAL_RULE.UPDATED': 'business_validation_rule.updated',
  'EVENTS.BUS_VAL_RULE.DELETED': 'business_validation_rule.deleted',
  'EVENTS.BUS_VAL_RULE.ASSIGNMENT.CREATED': 'business_validation_rule.assignment.created',
  'EVENTS.BUS_VAL_RULE.ASSIGNMENT.DELETED': 'business_validation_rule.assignment.deleted',
  'EVENTS.DISTRIBUTION.MANUAL_DISTRIBUTION_SCHEDULE': 'manual_distribution_schedule',
};

/** Our name of a reference webhook event (`EVENTS.REDEMPTION.SUCCEEDED` is `redemption.succeeded`). */
export const ourWebhookName = (reference: string): string =>
  WEBHOOK_NAMES[reference] ?? reference.replace(/^EVENTS\./, '').toLowerCase();

/** One example and what became of it. */
export interface ExampleOutcome {
  /** The reference operationId, or the reference's name of a webhook event. */
  operation: string;
  /** `request` (for a webhook event, its payload) or the response status. */
  where: string;
  /** The example's name in the reference. */
  name: string;
  /** Our name of the webhook event, for a webhook example. */
  ours?: string;
  /** Why it was rejected; undefined when it validates. */
  reason?: string;
}

/** Every JSON example of the reference operations (or of the reference's webhook events), checked. */
export interface ExampleReport {
  outcomes: ExampleOutcome[];
  accepted: number;
  rejected: ExampleOutcome[];
}

const MAX_REASON = 300;

/** The named examples of a media type, and its single `example` as `example`, with their values. */
export const examplesOf = (reference: OpenApiDocument, media: MediaType | undefined): [string, unknown][] => {
  if (media === undefined) return [];
  const named = Object.entries(media.examples ?? {}).map(
    ([name, example]) =>
      [name, (resolveRef(reference, example as JsonSchema) as { value?: unknown }).value] as [string, unknown],
  );
  return media.example === undefined ? named : [...named, ['example', media.example]];
};

type Issue = z.core.$ZodIssue;

/** Union failures list every member's issues; the member that came closest explains best. */
const flatten = (
  issues: readonly Issue[],
  prefix: readonly PropertyKey[] = [],
): { path: PropertyKey[]; message: string }[] =>
  issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      return flatten(closest, path);
    }
    return [{ path, message: issue.message }];
  });

const describe = (error: z.core.$ZodError): string => {
  const issues = flatten(error.issues);
  const text = issues
    .slice(0, 3)
    .map(
      ({ path, message }) =>
        `${path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('') || '(root)'}: ${message}`,
    )
    .join('; ');
  const more = issues.length > 3 ? ` (+${issues.length - 3} more)` : '';
  const full = `${text}${more}`;
  return full.length > MAX_REASON ? `${full.slice(0, MAX_REASON - 1)}…` : full;
};

/** The key of an example in {@link EXPECTED_REJECTIONS}: `<operation> <where> <name>`. */
export const rejectionKey = (example: Pick<ExampleOutcome, 'operation' | 'where' | 'name'>): string =>
  `${example.operation} ${example.where} ${example.name}`;

/** An outcome, with the reason of an expected rejection in front of the check's own words. */
const outcome = (example: ExampleOutcome, reason: string | undefined): ExampleOutcome => {
  if (reason === undefined) return example;
  const expected = EXPECTED_REJECTIONS[rejectionKey(example)];
  return { ...example, reason: expected === undefined ? reason : `${expected} (${reason})` };
};

const summarise = (outcomes: ExampleOutcome[]): ExampleReport => {
  const rejected = outcomes.filter((outcome) => outcome.reason !== undefined);
  return { outcomes, accepted: outcomes.length - rejected.length, rejected };
};

const check = (schema: z.ZodMiniType | null | undefined, value: unknown, missing: string): string | undefined => {
  if (schema === undefined) return missing;
  if (schema === null) return 'our spec documents no body for it';
  const result = schema.safeParse(value);
  return result.success ? undefined : describe(result.error);
};

/**
 * Validates every JSON example of every reference operation that our spec has,
 * against the generated schemas of our counterpart.
 */
export const checkExamples = (
  reference: OpenApiDocument,
  parity: ParityResult,
  operations: Readonly<Record<string, CheckedOperation>>,
): ExampleReport => {
  const outcomes: ExampleOutcome[] = [];
  for (const row of parity.rows) {
    const operation = row.reference.operation;
    const id = operation.operationId ?? `${row.reference.method} ${row.reference.path}`;
    const ours = row.ours?.operation.operationId === undefined ? undefined : operations[row.ours.operation.operationId];
    const record = (where: string, name: string, reason: string | undefined): void => {
      outcomes.push(outcome({ operation: id, where, name }, reason));
    };
    if (operation.requestBody) {
      const body = resolveRef(reference, operation.requestBody);
      for (const [name, value] of examplesOf(reference, body.content['application/json'])) {
        if (ours === undefined) record('request', name, 'our spec lacks the operation');
        else if (ours.body?.contentType !== 'application/json')
          record('request', name, 'our operation takes no JSON body');
        else record('request', name, check(ours.body.schema, value, ''));
      }
    }
    for (const [status, raw] of Object.entries(operation.responses)) {
      const response = resolveRef(reference, raw);
      for (const [name, value] of examplesOf(reference, response.content?.['application/json'])) {
        if (ours === undefined) record(status, name, 'our spec lacks the operation');
        else record(status, name, check(ours.responses[status], value, `our spec does not document status ${status}`));
      }
    }
  }
  return summarise(outcomes);
};

/**
 * Validates every JSON example of the reference's webhook events against the strict schema of our
 * event's `data` (the reference's examples show the payload without the sendout's envelope).
 */
export const checkWebhookExamples = (
  reference: OpenApiDocument,
  events: Readonly<Record<string, CheckedWebhookEvent>>,
): ExampleReport => {
  const outcomes: ExampleOutcome[] = [];
  for (const [event, item] of Object.entries(reference.webhooks ?? {})) {
    const ours = ourWebhookName(event);
    const body = item.post?.requestBody === undefined ? undefined : resolveRef(reference, item.post.requestBody);
    for (const [name, value] of examplesOf(reference, body?.content['application/json'])) {
      const reason = check(events[ours]?.data, value, 'our spec lacks the event');
      outcomes.push(outcome({ operation: event, where: 'request', name, ours }, reason));
    }
  }
  return summarise(outcomes);
};
