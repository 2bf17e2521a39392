/** The setting the mock benchmarks share: the mock's handlers and bare MSW handlers on one server, and a client. */
import { type VoucherkitClient, createClient } from '@voucherkit/client';
import type { MockService } from '@voucherkit/mock-server';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** What a mock benchmark measures against: the client of the mock and fetches of the bare handlers. */
export interface BenchServer {
  readonly client: VoucherkitClient;
  /** A client of one of the other mocks the server answers for (see {@link benchServer}). */
  readonly clientOf: (other: MockService) => VoucherkitClient;
  /** One GET of a bare MSW handler answering a small JSON object: the reference rate of a small read. */
  readonly bare: () => Promise<unknown>;
  /**
   * The reference of equal work for a POST: returns one fetch that sends `body` as JSON to a bare
   * MSW handler, which reads it as JSON and answers `answer` as JSON (so both sides stringify and
   * parse the same sizes as the mock's call, and nothing else).
   */
  readonly barePost: (body: unknown, answer: unknown) => () => Promise<unknown>;
  readonly close: () => void;
}

/** Where benchmarks send webhooks: a bare handler that reads the body and answers 204. */
export const WEBHOOK_TARGET = 'https://hooks.bench.test/deliveries';
const WEBHOOK_ENDPOINT = /^https:\/\/hooks\.bench\.test\//;

const clientFor = (service: MockService): VoucherkitClient => {
  const { appId, appToken } = service.projects.primary.keys;
  return createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId, appToken }, retry: false });
};

/**
 * Starts MSW with the bare handlers and the service's handlers, and a client with the primary
 * project's server keys. `others` are mocks with other base URLs that the same server answers
 * for, so that rounds against two mocks can be interleaved.
 */
export const benchServer = (service: MockService, others: readonly MockService[] = []): BenchServer => {
  let postAnswer: unknown = null;
  // One bare handler for both references, first in the list: each reference matches at once, and
  // the mock's requests pass one handler before theirs, as they did with the GET reference alone.
  const server = setupServer(
    // A webhook endpoint that takes every delivery: matched by a RegExp, MSW's cheapest match.
    http.post(WEBHOOK_ENDPOINT, async ({ request }) => {
      await request.text();
      return new HttpResponse(null, { status: 204 });
    }),
    http.all('https://bare.bench.test/:what', async ({ request }) => {
      if (request.method === 'GET')
        return HttpResponse.json({ id: 'cat_1', name: 'Bench', hierarchy: 1, object: 'category' });
      await request.json();
      return HttpResponse.json(postAnswer as Record<string, unknown>);
    }),
    ...service.handlers,
    ...others.flatMap((other) => other.handlers),
  );
  server.listen({ onUnhandledRequest: 'error' });
  return {
    client: clientFor(service),
    clientOf: clientFor,
    bare: async () => (await fetch('https://bare.bench.test/ping')).json(),
    barePost: (body, answer) => {
      postAnswer = answer;
      return async () =>
        (
          await fetch('https://bare.bench.test/echo', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json();
    },
    close: () => server.close(),
  };
};
