import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkWebhookExamples, ourWebhookName } from './lib/examples.ts';
import { type OpenApiDocument, type Operation, listOperations } from './lib/openapi.ts';
import {
  compareDocuments,
  diffFields,
  matchOperations,
  normalizePath,
  operationFields,
  routeKey,
  schemaFields,
  successStatus,
} from './lib/parity.ts';
import { renderParityReport } from './spec-parity.ts';

const doc = (
  paths: OpenApiDocument['paths'],
  schemas: Record<string, unknown> = {},
  extra: Partial<OpenApiDocument> & { tags?: { name: string }[] } = {},
): OpenApiDocument & { tags?: { name: string }[] } => ({
  openapi: '3.1.0',
  info: { title: 'Test', version: '1' },
  paths,
  components: { schemas: schemas as Record<string, Record<string, unknown>> },
  ...extra,
});

const ok = (schema: unknown, status = '200'): Operation['responses'] => ({
  [status]: { description: 'ok', content: { 'application/json': { schema: schema as Record<string, unknown> } } },
});

describe('normalizePath and routeKey', () => {
  it('ignores path parameter names', () => {
    expect(normalizePath('/v1/categories/{categoryId}')).toBe(normalizePath('/v1/categories/{id}'));
    expect(routeKey('get', '/v1/a/{x}/b/{y}')).toBe('GET /v1/a/{}/b/{}');
    expect(routeKey('get', '/v1/a/{x}')).not.toBe(routeKey('get', '/v1/a/{x}/b'));
  });
});

describe('schemaFields', () => {
  it('writes nested objects as dotted paths and arrays with []', () => {
    const fields = schemaFields(doc({}), {
      type: 'object',
      properties: {
        voucher: {
          type: 'object',
          properties: { code_config: { type: 'object', properties: { length: { type: 'integer' } } } },
        },
        items: { type: 'array', items: { type: 'object', properties: { sku_id: { type: 'string' } } } },
        tags: { type: ['array', 'null'], items: { type: 'string' } },
        metadata: { type: 'object', additionalProperties: true },
      },
    });
    expect(fields).toEqual([
      'items[]',
      'items[].sku_id',
      'metadata',
      'tags[]',
      'voucher',
      'voucher.code_config',
      'voucher.code_config.length',
    ]);
  });

  it('resolves $ref, merges allOf and unites oneOf/anyOf variants', () => {
    const d = doc(
      {},
      {
        Base: { type: 'object', properties: { id: { type: 'string' } } },
        A: { type: 'object', properties: { a: { type: 'string' } } },
        B: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'string' } } } } },
      },
    );
    expect(schemaFields(d, { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { name: {} } }] })).toEqual([
      'id',
      'name',
    ]);
    expect(
      schemaFields(d, { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] }),
    ).toEqual(['a', 'b', 'b.c']);
    expect(
      schemaFields(d, { properties: { x: { anyOf: [{ $ref: '#/components/schemas/A' }, { type: 'null' }] } } }),
    ).toEqual(['x', 'x.a']);
  });

  it('lists a field that may be an object or an array under both names', () => {
    const fields = schemaFields(doc({}), {
      properties: { v: { oneOf: [{ properties: { a: {} } }, { type: 'array', items: { properties: { a: {} } } }] } },
    });
    expect(fields).toEqual(['v', 'v.a', 'v[]', 'v[].a']);
  });

  it('gives the elements of a top-level array the prefix []', () => {
    expect(schemaFields(doc({}), { type: 'array', items: { properties: { code: {} } } })).toEqual(['[].code']);
  });

  it('treats OpenAPI 3.0 nullable and 3.1 type arrays alike', () => {
    const legacy = {
      type: 'object',
      nullable: true,
      properties: { list: { type: 'array', nullable: true, items: { type: 'string' } } },
    };
    const modern = {
      type: ['object', 'null'],
      properties: { list: { type: ['array', 'null'], items: { type: 'string' } } },
    };
    expect(schemaFields(doc({}), legacy)).toEqual(schemaFields(doc({}), modern));
  });

  it('stops at cycles and at the depth limit', () => {
    const d = doc(
      {},
      {
        Node: { type: 'object', properties: { name: {}, parent: { $ref: '#/components/schemas/Node' } } },
      },
    );
    expect(schemaFields(d, { $ref: '#/components/schemas/Node' })).toEqual(['name', 'parent']);

    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 8; i >= 1; i -= 1) deep = { properties: { [`l${i}`]: deep } };
    expect(schemaFields(doc({}), deep).at(-1)).toBe('l1.l2.l3.l4.l5.l6');
  });
});

describe('operationFields', () => {
  it('collects parameters (path-level ones overridden), body fields and the lowest 2xx response', () => {
    const d = doc({}, { Body: { properties: { name: {} } } });
    d.components = { ...d.components, parameters: { Limit: { name: 'limit', in: 'query' } } };
    const [entry] = listOperations({
      paths: {
        '/v1/x/{id}': {
          parameters: [
            { name: 'id', in: 'path', required: true },
            { name: 'page', in: 'query' },
          ],
          post: {
            parameters: [
              { $ref: '#/components/parameters/Limit' },
              { name: 'page', in: 'query' },
              { name: 'X-Trace', in: 'header' },
            ],
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Body' } } } },
            responses: {
              ...ok({ properties: { late: {} } }, '202'),
              ...ok({ properties: { id: {} } }, '201'),
              400: { description: 'no' },
            },
          },
        },
      },
    });
    expect(entry).toBeDefined();
    if (!entry) return;
    expect(operationFields(d, entry)).toEqual({
      query: ['limit', 'page'],
      path: ['id'],
      requestContentTypes: ['application/json'],
      requestBody: ['name'],
      successStatus: '201',
      responseContentTypes: ['application/json'],
      responseBody: ['id'],
    });
  });

  it('prefers an exact 2xx code over a 2XX range', () => {
    expect(successStatus({ '2XX': {}, 204: {}, 200: {}, 400: {} })).toBe('200');
    expect(successStatus({ '2XX': {}, default: {} })).toBe('2XX');
    expect(successStatus({ 400: {} })).toBeUndefined();
  });
});

describe('diffFields', () => {
  it('splits names into missing in ours and extra in ours', () => {
    expect(diffFields(['a', 'c', 'd'], ['a', 'b'])).toEqual({ missing: ['b'], extra: ['c', 'd'] });
  });
});

describe('matchOperations', () => {
  it('pairs routes regardless of parameter names and prefers an exact path among duplicates', () => {
    const reference = listOperations({
      paths: {
        '/v1/exports/{exportId}': { get: { operationId: 'get-export', responses: {} } },
        '/v1/exports/{export_Id}': { get: { operationId: 'download-export', responses: {} } },
        '/v1/categories/{categoryId}': { get: { operationId: 'get-category', responses: {} } },
      },
    });
    const ours = listOperations({
      paths: {
        '/v1/exports/{export_Id}': { get: { operationId: 'download', responses: {} } },
        '/v1/categories/{id}': {
          get: { operationId: 'getCategory', responses: {} },
          post: { operationId: 'extra', responses: {} },
        },
      },
    });
    const { pairs, unmatched } = matchOperations(ours, reference);
    const paired = Object.fromEntries(
      [...pairs].map(([ref, own]) => [ref.operation.operationId, own.operation.operationId]),
    );
    expect(paired).toEqual({ 'download-export': 'download', 'get-export': 'download', 'get-category': 'getCategory' });
    expect(unmatched.map((entry) => entry.operation.operationId)).toEqual(['extra']);
  });
});

describe('compareDocuments', () => {
  const reference = doc(
    {
      '/v1/categories/{categoryId}': {
        parameters: [{ name: 'categoryId', in: 'path', required: true }],
        get: {
          operationId: 'get-category',
          tags: ['Categories'],
          responses: ok({ properties: { id: {}, name: {}, stacking_rules_type: {} } }),
        },
      },
      '/v1/categories': { get: { operationId: 'list-categories', tags: ['Categories'], responses: ok({}) } },
      '/v1/vouchers': { get: { operationId: 'list-vouchers', tags: ['Vouchers'], responses: ok({}) } },
      '/management/v1/projects/{projectId}/users': {
        get: { operationId: 'list-users', tags: ['Management'], responses: ok({}) },
      },
    },
    {},
    { tags: [{ name: 'Vouchers' }, { name: 'Categories' }, { name: 'Management' }] },
  );
  const ours = doc({
    '/v1/categories/{id}': {
      get: {
        operationId: 'getCategory',
        parameters: [{ name: 'id', in: 'path', required: true }],
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: { properties: { id: {}, name: {}, created_at: {} } } } },
          },
        },
      },
    },
    '/v1/metadata-schemas/{id}': { post: { operationId: 'createMetadataSchema', responses: ok({}) } },
  });
  const result = compareDocuments(ours, reference);

  it("lists every reference operation, the management API's users too, and our extra ones in a stable order", () => {
    expect(result.groups).toEqual(['Vouchers', 'Categories', 'Management']);
    expect(result.rows.map((row) => row.reference.operation.operationId)).toEqual([
      'list-vouchers',
      'list-categories',
      'get-category',
      'list-users',
    ]);
    expect(result.extra.map((entry) => entry.operation.operationId)).toEqual(['createMetadataSchema']);
  });

  it('groups untagged operations by their first path segment after the version', () => {
    const untagged = compareDocuments(doc({}), doc({ '/v1/things/{id}': { get: { responses: ok({}) } } }));
    expect(untagged.groups).toEqual(['things']);
  });

  it('reports the field differences of a matched operation', () => {
    const comparison = result.rows.find((row) => row.reference.operation.operationId === 'get-category')?.comparison;
    expect(comparison).toMatchObject({
      path: { missing: ['categoryId'], extra: ['id'] },
      responseBody: { missing: ['stacking_rules_type'], extra: ['created_at'] },
      missingCount: 2,
      extraCount: 2,
      differs: true,
    });
    expect(comparison?.successStatus).toBeUndefined();
  });

  it('renders a deterministic report without machine paths', () => {
    const sources = { ours: { title: 'Ours', version: '1' }, reference: { title: 'Theirs', version: '2' } };
    const report = renderParityReport(result, sources);
    expect(renderParityReport(compareDocuments(ours, reference), sources)).toBe(report);
    expect(report).toContain('| Reference operations | 4 |');
    expect(report).toContain('| In our spec | 1 |');
    expect(report).toContain("| In our spec, percentage of the reference's | 25.0 % |");
    expect(report).toContain(
      '| GET | [`/v1/categories/{categoryId}`](#op-get-category) | `get-category` | ✅ | 2 | 2 |',
    );
    expect(report).toContain('  - missing (1): `stacking_rules_type`');
    expect(report).toContain('| POST | `/v1/metadata-schemas/{id}` | `createMetadataSchema` |');
    expect(report).toContain('### Management (0 of 1)');
    expect(report).not.toMatch(/\/work\/|\/home\/|[A-Z]:\\/);
  });
});

describe('webhook examples', () => {
  const reference = {
    ...doc({}),
    webhooks: {
      'EVENTS.VOUCHER.CREATED': {
        post: {
          requestBody: {
            content: { 'application/json': { examples: { ok: { value: { id: 'v_1' } }, bad: { value: { id: 1 } } } } },
          },
          responses: {},
        },
      },
      'EVENTS.BUS_VAL_RULE.CREATED': {
        post: {
          requestBody: { content: { 'application/json': { examples: { rule: { value: {} } } } } },
          responses: {},
        },
      },
    },
  };

  it('maps the reference names to ours, mechanically or by the table', () => {
    expect(ourWebhookName('EVENTS.REDEMPTION.ROLLBACK.SUCCEEDED')).toBe('redemption.rollback.succeeded');
    expect(ourWebhookName('EVENTS.CUSTOMER.REWARDED.LOYALTY_POINTS')).toBe('customer.rewarded.loyalty_points');
    expect(ourWebhookName('EVENTS.BUS_VAL_RULE.ASSIGNMENT.DELETED')).toBe(
      'business_validation_rule.assignment.deleted',
    );
    expect(ourWebhookName('EVENTS.DISTRIBUTION.MANUAL_DISTRIBUTION_SCHEDULE')).toBe('manual_distribution_schedule');
  });

  it("checks each example against our event's data and reports a missing event", () => {
    const report = checkWebhookExamples(reference, { 'voucher.created': { data: z.strictObject({ id: z.string() }) } });
    expect(report.accepted).toBe(1);
    expect(report.rejected.map(({ operation, ours, name }) => [operation, ours, name])).toEqual([
      ['EVENTS.VOUCHER.CREATED', 'voucher.created', 'bad'],
      ['EVENTS.BUS_VAL_RULE.CREATED', 'business_validation_rule.created', 'rule'],
    ]);
    expect(report.rejected[0]?.reason).toContain('.id');
    expect(report.rejected[1]?.reason).toBe('our spec lacks the event');
  });

  it('reports the count in the summary and lists the rejected examples', () => {
    const result = compareDocuments(doc({}), doc({}));
    const sources = { ours: { title: 'Ours', version: '1' }, reference: { title: 'Theirs', version: '2' } };
    const webhooks = checkWebhookExamples(reference, {
      'voucher.created': { data: z.strictObject({ id: z.string() }) },
    });
    const report = renderParityReport(result, sources, undefined, [], webhooks);
    expect(report).toContain('| Reference webhook examples that validate against our spec | 1 of 3 (33.3 %) |');
    expect(report).toContain(
      '| `EVENTS.BUS_VAL_RULE.CREATED` | `business_validation_rule.created` | rule | our spec lacks the event |',
    );
  });
});
