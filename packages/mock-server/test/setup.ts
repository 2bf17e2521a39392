import { createClient, type VoucherkitClientOptions } from '@voucherkit/client/fetch';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type MockService, type MockServiceOptions, createMockService } from '../src/index.js';

/** Frozen start of the clock in every test, so timestamps and expiries are exact. */
export const T0 = '2026-01-01T00:00:00.000Z';

/**
 * A fresh strict service per test behind one MSW server per file, with helpers that build real
 * clients for it. Tests talk to the mock only through HTTP, as apps do.
 */
export const useMockService = (options: MockServiceOptions = {}) => {
  const server = setupServer();
  let service: MockService;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    service = createMockService({ strict: true, clock: { frozenAt: T0 }, ...options });
    server.resetHandlers(...service.handlers);
  });
  afterAll(() => server.close());
  return {
    /** The file's MSW server: `server.use(handler)` adds a handler for this test (a webhook endpoint, say). */
    server,
    /** The current test's service. */
    get service(): MockService {
      return service;
    },
    /** A client with the primary project's server keys, retries off. */
    serverClient: (extra: Partial<VoucherkitClientOptions> = {}) => {
      const { appId, appToken } = service.projects.primary.keys;
      return createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId, appToken }, retry: false, ...extra });
    },
    /** A client with the account's management keys, retries off. */
    managementClient: () => {
      const { managementId, managementToken } = service.management;
      return createClient({ baseUrl: service.baseUrl, auth: { type: 'management', managementId, managementToken }, retry: false });
    },
    /** A raw fetch against the current service, for requests no client would send. */
    raw: (path: string, init: RequestInit = {}) => fetch(`${service.baseUrl}${path}`, init),
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
