/**
 * Spec-driven fuzzing: for every operation of the spec, a bounded, deterministic set of requests
 * built from its schemas and broken on purpose. Whatever arrives, the mock answers without a
 * server error (501 for behaviour that has not landed is fine), every refusal comes in the
 * service's error body, and the mock keeps answering afterwards.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { type MockService, type OperationId, createMockService, loadOperations } from '../../src/index.js';

const { operations } = await loadOperations();
import { sampleFromSchema } from '../../../../scripts/lib/sample-from-schema.js';

type Schema = Record<string, unknown>;
interface SpecOperation {
  parameters?: Schema[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}
const bundle = JSON.parse(
  readFileSync(new URL('../../../../spec/generated/openapi.json', import.meta.url), 'utf8'),
) as {
  paths: Record<string, Record<string, SpecOperation> & { parameters?: Schema[] }>;
  components: { schemas: Record<string, Schema>; parameters?: Record<string, Schema> };
};
const components = bundle.components.schemas;
const resolveParameter = (parameter: Schema): Schema =>
  typeof parameter['$ref'] === 'string'
    ? (bundle.components.parameters?.[String(parameter['$ref']).split('/').pop() ?? ''] ?? {})
    : parameter;

const T0 = '2026-01-01T00:00:00.000Z';
const ids = Object.keys(operations) as OperationId[];

interface Probe {
  method?: string;
  path?: string;
  query?: string;
  headers?: Record<string, string>;
  body?: BodyInit | null;
  auth?: boolean;
}

/** What the generator knows of one operation, and a request builder for it. */
const operationKit = (service: MockService, id: OperationId) => {
  const operation = operations[id];
  const spec = bundle.paths[operation.path]?.[operation.method.toLowerCase()] ?? {};
  const parameters = [...(bundle.paths[operation.path]?.parameters ?? []), ...(spec.parameters ?? [])].map(
    resolveParameter,
  );
  const query = parameters.filter((parameter) => parameter['in'] === 'query');
  const contentType = operation.body?.contentType;
  const bodySchema = contentType ? spec.requestBody?.content[contentType]?.schema : undefined;
  const sample = bodySchema ? sampleFromSchema(bodySchema, components) : undefined;

  const keys = (): Record<string, string> => {
    const security = operation.security as readonly Record<string, unknown>[];
    if (security.some((requirement) => 'X-Management-Id' in requirement)) {
      return {
        'X-Management-Id': service.management.managementId,
        'X-Management-Token': service.management.managementToken,
      };
    }
    const { appId, appToken, clientAppId, clientToken } = service.projects.primary.keys;
    if (security.some((requirement) => 'X-App-Id' in requirement))
      return { 'X-App-Id': appId, 'X-App-Token': appToken };
    return { 'X-Client-Application-Id': clientAppId, 'X-Client-Token': clientToken, origin: 'https://shop.example' };
  };
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'projectId' ? service.projects.primary.id : 'fuzz_0000000001',
  );
  const requiredQuery = new URLSearchParams(
    query
      .filter((parameter) => parameter['required'] === true)
      .map((parameter) => [
        String(parameter['name']),
        String(sampleFromSchema(parameter['schema'] as Schema, components) ?? 'x'),
      ]),
  );

  const encode = (value: unknown): BodyInit => {
    if (contentType === 'application/x-www-form-urlencoded')
      return new URLSearchParams(value as Record<string, string>).toString();
    if (contentType === 'multipart/form-data') {
      const form = new FormData();
      for (const [name, field] of Object.entries((value ?? {}) as Record<string, unknown>)) {
        form.append(name, name === 'file' ? new Blob(['code\nFUZZ-1\n'], { type: 'text/csv' }) : String(field));
      }
      return form;
    }
    return JSON.stringify(value);
  };

  const request = (probe: Probe = {}): Request => {
    const headers: Record<string, string> = { ...(probe.auth === false ? {} : keys()), ...probe.headers };
    const body = probe.body !== undefined ? probe.body : contentType ? encode(sample) : null;
    if (
      body !== null &&
      typeof body === 'string' &&
      contentType &&
      !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')
    ) {
      headers['content-type'] = contentType;
    }
    const search = probe.query ?? requiredQuery.toString();
    return new Request(`${service.baseUrl}${probe.path ?? path}${search ? `?${search}` : ''}`, {
      method: probe.method ?? operation.method,
      headers,
      ...(body === null ? {} : { body }),
    });
  };

  /** The broken requests for this operation, each with a name for the failure message. */
  const probes = (): [string, Request][] => {
    const list: [string, Request][] = [
      ['as sampled', request()],
      ['without credentials', request({ auth: false })],
      ['with an unknown method', request({ method: 'FOO' })],
      ['with an undecodable path', request({ path: `${path}/%E0%A4%A` })],
    ];
    const names = query.map((parameter) => String(parameter['name']));
    if (names.length > 0) {
      const broken = new URLSearchParams(requiredQuery);
      for (const name of names) broken.set(name, 'not-a-value');
      list.push(['with wrong query values', request({ query: broken.toString() })]);
      list.push(['with a huge query value', request({ query: `${names[0]}=${'9'.repeat(20_000)}` })]);
      list.push(['with clashing bracket keys', request({ query: `${names[0]}=x&${names[0]}[a][b]=y&${names[0]}[=z` })]);
    }
    if (contentType === 'application/json') {
      list.push(['with malformed JSON', request({ body: '{"' })]);
      list.push(['with a JSON array body', request({ body: '[]' })]);
      list.push([
        'with a text/plain body',
        request({ body: JSON.stringify(sample), headers: { 'content-type': 'text/plain' } }),
      ]);
      if (typeof sample === 'object' && sample !== null && !Array.isArray(sample)) {
        const wrong = Object.fromEntries(
          Object.entries(sample).map(([name, value]) => [name, typeof value === 'string' ? 12 : 'x']),
        );
        list.push(['with wrong property types', request({ body: JSON.stringify(wrong) })]);
        const huge = Object.fromEntries(
          Object.entries(sample).map(([name, value]) => [
            name,
            typeof value === 'string' ? 'x'.repeat(100_000) : value,
          ]),
        );
        list.push(['with huge strings', request({ body: JSON.stringify(huge) })]);
        const [first] = Object.keys(sample);
        if (first !== undefined) {
          const { [first]: _dropped, ...missing } = sample as Record<string, unknown>;
          list.push([`without ${first}`, request({ body: JSON.stringify(missing) })]);
        }
      }
    } else if (contentType !== undefined) {
      list.push(['with an empty body', request({ body: '' })]);
      list.push(['with a JSON body', request({ body: '{}', headers: { 'content-type': 'application/json' } })]);
    }
    return list;
  };
  return { probes };
};

const isErrorBody = (body: unknown, status: number): boolean => {
  if (typeof body !== 'object' || body === null) return false;
  const error = body as Record<string, unknown>;
  return (
    error['code'] === status &&
    typeof error['key'] === 'string' &&
    typeof error['message'] === 'string' &&
    /^v-[0-9a-f]{18}$/.test(String(error['request_id']))
  );
};

describe('spec-driven fuzzing of every operation', () => {
  test(`${ids.length} operations answer broken requests without a server error`, async () => {
    const service = createMockService({ strict: true, clock: { frozenAt: T0 } });
    const failures: string[] = [];
    let sent = 0;
    for (const id of ids) {
      for (const [name, request] of operationKit(service, id).probes()) {
        const response = await service.handle(request);
        sent += 1;
        const text = await response.text();
        const label = `${id} ${name}: ${response.status}`;
        if (response.status >= 500 && response.status !== 501) failures.push(`${label} ${text.slice(0, 300)}`);
        else if (response.status >= 400 && !isErrorBody(JSON.parse(text || 'null'), response.status))
          failures.push(`${label} not an error body: ${text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(ids.length * 4);
    const { appId, appToken } = service.projects.primary.keys;
    const after = await service.handle(
      new Request(`${service.baseUrl}/v1/categories`, { headers: { 'X-App-Id': appId, 'X-App-Token': appToken } }),
    );
    expect(after.status).toBe(200);
  }, 60_000);
});
