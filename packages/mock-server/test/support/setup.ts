import { createClient, type VoucherkitClientOptions } from '@voucherkit/client/fetch';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { MockService, MockServiceOptions, MockSnapshot, SnapshotImage } from '../../src/index.js';
import { type FullMockService, createMockService, fullService } from '../../src/service.js';

/** Where two JSON texts first differ, with some context. */
const firstDifference = (expected: string, actual: string): string => {
  let at = 0;
  while (at < expected.length && expected[at] === actual[at]) at += 1;
  return `expected …${expected.slice(Math.max(0, at - 200), at + 200)}…\nactual   …${actual.slice(Math.max(0, at - 200), at + 200)}…`;
};

/** Frozen start of the clock in every test, so timestamps and expiries are exact. */
export const T0 = '2026-01-01T00:00:00.000Z';

/**
 * How each test gets its service's state: `fresh` (a new service), `restore` (one service per
 * file, put back before each test in the snapshot taken when it was made: every test then checks
 * that a restore takes back everything the previous test did) or `image` (the same, loading the
 * snapshot's JSON each time). Set by `VOUCHERKIT_TEST_STATE`.
 */
const STATE_MODE = process.env['VOUCHERKIT_TEST_STATE'] ?? 'restore';

/**
 * A strict service in the state of a new one for each test, behind one MSW server per file, with
 * helpers that build real clients for it. Tests talk to the mock only through HTTP, as apps do.
 */
export const useMockService = (options: MockServiceOptions = {}) => {
  const server = setupServer();
  let service: FullMockService | undefined;
  let initial: MockSnapshot | undefined;
  let initialJson = '';
  const current = (): FullMockService => {
    if (service === undefined) throw new Error('The service is made before each test');
    return service;
  };
  const newService = (): FullMockService =>
    fullService(createMockService({ strict: true, clock: { frozenAt: T0 }, ...options }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    if (STATE_MODE === 'fresh' || service === undefined || initial === undefined) {
      service = newService();
      if (STATE_MODE !== 'fresh') {
        initial = service.snapshot();
        initialJson = JSON.stringify(initial);
      }
    } else {
      service.restore(STATE_MODE === 'image' ? (JSON.parse(initialJson) as SnapshotImage) : initial);
      const now = JSON.stringify(service.snapshot());
      if (now !== initialJson)
        throw new Error(`The restored state differs from the snapshot:\n${firstDifference(initialJson, now)}`);
    }
    server.resetHandlers(...service.handlers);
  });
  afterAll(() => server.close());
  return {
    /** The file's MSW server: `server.use(handler)` adds a handler for this test (a webhook endpoint, say). */
    server,
    /** The current test's service. */
    get service(): FullMockService {
      return current();
    },
    /** A client with the primary project's server keys, retries off. */
    serverClient: (extra: Partial<VoucherkitClientOptions> = {}) => {
      const { appId, appToken } = current().projects.primary.keys;
      return createClient({
        baseUrl: current().baseUrl,
        auth: { type: 'server', appId, appToken },
        retry: false,
        ...extra,
      });
    },
    /** A client with the account's management keys, retries off. */
    managementClient: () => {
      const { managementId, managementToken } = current().management;
      return createClient({
        baseUrl: current().baseUrl,
        auth: { type: 'management', managementId, managementToken },
        retry: false,
      });
    },
    /** A raw fetch against the current service, for requests no client would send. */
    raw: (path: string, init: RequestInit = {}) => fetch(`${current().baseUrl}${path}`, init),
  };
};

/** Management-key headers of the account, with a JSON content type, for raw requests. */
export const managementHeaders = (service: MockService): Record<string, string> => ({
  'X-Management-Id': service.management.managementId,
  'X-Management-Token': service.management.managementToken,
  'content-type': 'application/json',
});

/** Server-key headers of the primary project, for raw requests. */
export const serverHeaders = (service: MockService, extra: Record<string, string> = {}): Record<string, string> => ({
  'X-App-Id': service.projects.primary.keys.appId,
  'X-App-Token': service.projects.primary.keys.appToken,
  ...extra,
});
