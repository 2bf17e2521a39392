/**
 * What runs in browsers only: a helper that starts the mock in a Service Worker with MSW. The
 * service itself comes from the main entry, `@voucherkit/mock-server`.
 * @module @voucherkit/mock-server/browser
 */
import { type SetupWorker, type StartOptions, setupWorker } from 'msw/browser';
import type { MockService } from './service.js';

/**
 * Starts an MSW worker that answers with the mock service. The app must serve MSW's
 * `mockServiceWorker.js` (see `npx msw init`).
 *
 * @example
 * const service = createMockService({ baseUrl: 'https://api.voucherify.io' });
 * const worker = await startMockWorker(service, { onUnhandledRequest: 'bypass' });
 */
export const startMockWorker = async (service: MockService, options?: StartOptions): Promise<SetupWorker> => {
  const worker = setupWorker(...service.handlers);
  await worker.start(options);
  return worker;
};
