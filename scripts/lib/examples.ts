/**
 * Checks the reference's own examples against our spec. The reference's examples are payloads
 * the service really sends and accepts, so they are the test of whether our description is true:
 * each JSON request example must pass the mock's request validation of our counterpart operation
 * (unknown keys stripped, as the mock does), and each JSON response example must pass the mock's
 * strict response check for the same status (unknown keys rejected).
 */
import type { z } from 'zod';
import { type JsonSchema, type MediaType, type OpenApiDocument, resolveRef } from './openapi.ts';
import type { ParityResult } from './parity.ts';

/** What the example check needs of one operation of the mock's generated table. */
export interface CheckedOperation {
  body: { contentType: string; schema: z.ZodType } | null;
  responses: Record<string, z.ZodType | null>;
}

/**
 * Examples we reject on purpose, with the reason; the report prints it next to the check's own
 * words. A key is `<reference operationId> <request|status> <example name>`.
 */
export const EXPECTED_REJECTIONS: Readonly<Record<string, string>> = {
  'create-segment 200 Static': 'the seed says the service removed `initial_sync_status` from segment responses',
  'create-segment 200 Dynamic': 'the seed says the service removed `initial_sync_status` from segment responses',
  'get-segment 200 Tier Segment': 'the seed says the service removed `initial_sync_status` from segment responses',
};

/** One example and what became of it. */
export interface ExampleOutcome {
  /** The reference operationId. */
  operation: string;
  /** `request` or the response status. */
  where: string;
  /** The example's name in the reference. */
  name: string;
  /** Why it was rejected; undefined when it validates. */
  reason?: string;
}

/** Every JSON example of the in-scope reference operations, checked. */
export interface ExampleReport {
  outcomes: ExampleOutcome[];
  accepted: number;
  rejected: ExampleOutcome[];
}

const MAX_REASON = 300;

const examplesOf = (reference: OpenApiDocument, media: MediaType | undefined): [string, unknown][] => {
  if (media === undefined) return [];
  const named = Object.entries((media as { examples?: Record<string, unknown> }).examples ?? {}).map(
    ([name, example]) => [name, (resolveRef(reference, example as JsonSchema) as { value?: unknown }).value] as [string, unknown],
  );
  const single = (media as { example?: unknown }).example;
  return single === undefined ? named : [...named, ['example', single]];
};

type Issue = z.core.$ZodIssue;

/** Union failures list every member's issues; the member that came closest explains best. */
const flatten = (issues: readonly Issue[], prefix: readonly PropertyKey[] = []): { path: PropertyKey[]; message: string }[] =>
  issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      return flatten(closest, path);
    }
    return [{ path, message: issue.message }];
  });

const describe = (error: z.ZodError): string => {
  const issues = flatten(error.issues);
  const text = issues
    .slice(0, 3)
    .map(({ path, message }) => `${path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('') || '(root)'}: ${message}`)
    .join('; ');
  const more = issues.length > 3 ? ` (+${issues.length - 3} more)` : '';
  const full = `${text}${more}`;
  return full.length > MAX_REASON ? `${full.slice(0, MAX_REASON - 1)}…` : full;
};

const check = (schema: z.ZodType | null | undefined, value: unknown, missing: string): string | undefined => {
  if (schema === undefined) return missing;
  if (schema === null) return 'our spec documents no body for it';
  const result = schema.safeParse(value);
  return result.success ? undefined : describe(result.error);
};

/**
 * Validates every JSON example of every in-scope reference operation that our spec has,
 * against the generated schemas of our counterpart.
 */
export const checkExamples = (
  reference: OpenApiDocument,
  parity: ParityResult,
  operations: Readonly<Record<string, CheckedOperation>>,
): ExampleReport => {
  const outcomes: ExampleOutcome[] = [];
  for (const row of parity.inScope) {
    const operation = row.reference.operation;
    const id = operation.operationId ?? `${row.reference.method} ${row.reference.path}`;
    const ours = row.ours?.operation.operationId === undefined ? undefined : operations[row.ours.operation.operationId];
    const record = (where: string, name: string, reason: string | undefined): void => {
      const expected = EXPECTED_REJECTIONS[`${id} ${where} ${name}`];
      if (reason === undefined) outcomes.push({ operation: id, where, name });
      else outcomes.push({ operation: id, where, name, reason: expected === undefined ? reason : `${expected} (${reason})` });
    };
    if (operation.requestBody) {
      const body = resolveRef(reference, operation.requestBody);
      for (const [name, value] of examplesOf(reference, body.content['application/json'])) {
        if (ours === undefined) record('request', name, 'our spec lacks the operation');
        else if (ours.body?.contentType !== 'application/json') record('request', name, 'our operation takes no JSON body');
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
  const rejected = outcomes.filter((outcome) => outcome.reason !== undefined);
  return { outcomes, accepted: outcomes.length - rejected.length, rejected };
};
