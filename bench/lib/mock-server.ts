/** The setting the mock benchmarks share: the mock's handlers and a bare MSW handler on one server, and a client. */
import { type VoucherkitClient, createClient } from '@voucherkit/client';
import type { MockService } from '@voucherkit/mock-server';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** What a mock benchmark measures against: the client of the mock and one fetch of the bare handler. */
export interface BenchServer {
  readonly client: VoucherkitClient;
  /** One fetch of a bare MSW handler answering a small JSON object: the reference rate. */
  readonly bare: () => Promise<unknown>;
  readonly close: () => void;
}

/** Starts MSW with the bare handler and the service's handlers, and a client with the primary project's server keys. */
export const benchServer = (service: MockService): BenchServer => {
  const server = setupServer(
    http.get('https://bare.bench.test/ping', () => HttpResponse.json({ id: 'cat_1', name: 'Bench', hierarchy: 1, object: 'category' })),
    ...service.handlers,
  );
  server.listen({ onUnhandledRequest: 'error' });
  const { appId, appToken } = service.projects.primary.keys;
  return {
    client: createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId, appToken }, retry: false }),
    bare: async () => (await fetch('https://bare.bench.test/ping')).json(),
    close: () => server.close(),
  };
};
