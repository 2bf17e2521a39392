/**
 * The reference's own examples against our generated validation, on the real files: the counts in
 * docs/parity.md come from the same checks, so a spec change that makes an example fail has to be
 * fixed or explained in EXPECTED_REJECTIONS, never just regenerated into the report.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadOperations } from '../packages/mock-server/src/http/load-operations.ts';
import {
  EXPECTED_REJECTIONS,
  type ExampleReport,
  checkExamples,
  checkWebhookExamples,
  rejectionKey,
} from './lib/examples.ts';
import { type MediaType, type OpenApiDocument, type Reference, type RequestBody, isReference } from './lib/openapi.ts';
import { compareDocuments } from './lib/parity.ts';
import { GENERATED, REFERENCE, repoPath } from './lib/paths.ts';

const { operations, webhookEvents } = await loadOperations();

/** The share of the reference's webhook examples that must validate against our webhook schemas. */
const WEBHOOK_TARGET = 0.95;

const readJson = <T>(file: string): T => JSON.parse(readFileSync(repoPath(file), 'utf8')) as T;

const webhookReference = readJson<OpenApiDocument>(REFERENCE.webhooks);
const apiReference = readJson<OpenApiDocument>(REFERENCE.api);
const ours = readJson<OpenApiDocument>(GENERATED.bundle);

const webhookReport = checkWebhookExamples(webhookReference, webhookEvents);
const apiReport = checkExamples(apiReference, compareDocuments(ours, apiReference), operations as never);

/** Expected rejections of one report's kind: webhook keys start with the reference's `EVENTS.` names. */
const expectedOf = (webhooks: boolean): string[] =>
  Object.keys(EXPECTED_REJECTIONS).filter((key) => key.startsWith('EVENTS.') === webhooks);

/** The JSON media of a request body written in place (the reference's webhooks use no `$ref` there). */
const jsonMedia = (body: RequestBody | Reference | undefined): MediaType | undefined =>
  body === undefined || isReference(body) ? undefined : body.content['application/json'];

const unexplained = (report: ExampleReport): string[] =>
  report.rejected.map(rejectionKey).filter((key) => EXPECTED_REJECTIONS[key] === undefined);

const stale = (report: ExampleReport, expected: readonly string[]): string[] => {
  const rejected = new Set(report.rejected.map(rejectionKey));
  return expected.filter((key) => !rejected.has(key));
};

/** A sendout around an example's `data`, with the envelope every webhook of version 2024-01-01 carries. */
const sendout = (type: string, data: unknown): unknown => ({
  id: 'whs_0e16e42bc6e0c65b57',
  project_id: 'proj_5T4Rpl4T1nuM',
  created_at: '2024-01-01T11:11:11.111Z',
  type,
  data,
  source: { id: 'wh_j56Vfy47Vx9YOX7QYD1fzHnc', object: 'webhook', target_url: 'https://example.com/hooks' },
  event: {
    id: 'ev_0e16e42bc6e0c65b58',
    type,
    created_at: '2024-01-01T11:11:11.111Z',
    group_id: 'v-0e16e42bc6e0c65b59',
    event_source: { channel: 'API' },
  },
});

describe("the reference's webhook examples", () => {
  it('are all checked, one outcome per example of the reference', () => {
    const count = Object.values(webhookReference.webhooks ?? {}).reduce(
      (sum, item) => sum + Object.keys(jsonMedia(item.post?.requestBody)?.examples ?? {}).length,
      0,
    );
    expect(count).toBeGreaterThan(0);
    expect(webhookReport.outcomes).toHaveLength(count);
  });

  it('each name an event of our spec', () => {
    const names = new Set(Object.keys(webhookEvents));
    expect(
      webhookReport.outcomes.map(({ ours }) => ours).filter((name) => name === undefined || !names.has(name)),
    ).toEqual([]);
  });

  it(`validate against our webhook schemas for at least ${WEBHOOK_TARGET * 100} %`, () => {
    expect(webhookReport.accepted / webhookReport.outcomes.length).toBeGreaterThanOrEqual(WEBHOOK_TARGET);
  });

  it('are rejected only where EXPECTED_REJECTIONS explains why', () => {
    expect(unexplained(webhookReport)).toEqual([]);
  });

  it('leave no explanation for an example that validates now', () => {
    expect(stale(webhookReport, expectedOf(true))).toEqual([]);
  });

  it("validate inside a whole sendout too, through the event's envelope schema", () => {
    const failures: string[] = [];
    for (const [event, item] of Object.entries(webhookReference.webhooks ?? {})) {
      const outcomes = webhookReport.outcomes.filter(
        (outcome) => outcome.operation === event && outcome.reason === undefined,
      );
      for (const { ours: name, name: example } of outcomes) {
        const spec = name === undefined ? undefined : webhookEvents[name as keyof typeof webhookEvents];
        const value = (jsonMedia(item.post?.requestBody)?.examples?.[example] as { value?: unknown } | undefined)
          ?.value;
        if (spec === undefined || !spec.schema.safeParse(sendout(name ?? '', value)).success)
          failures.push(`${event} ${example}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("the reference's API examples", () => {
  it('are rejected only where EXPECTED_REJECTIONS explains why', () => {
    expect(apiReport.outcomes.length).toBeGreaterThan(0);
    expect(unexplained(apiReport)).toEqual([]);
  });

  it('leave no explanation for an example that validates now', () => {
    expect(stale(apiReport, expectedOf(false))).toEqual([]);
  });
});
