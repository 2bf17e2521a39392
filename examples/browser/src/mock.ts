import { createMockService, type MockService } from '@voucherkit/mock-server';
import { startMockWorker } from '@voucherkit/mock-server/browser';

/**
 * Starts the mock in a Service Worker that answers everything under `baseUrl`. The page imports
 * this module with `import()`, so the mock stays out of its first chunk; the imports here name
 * what they take, so the bundler keeps only what the page uses of the mock.
 */
export const startMock = async (baseUrl: string): Promise<MockService> => {
  const service = createMockService({ baseUrl });
  await startMockWorker(service, { onUnhandledRequest: 'bypass' });
  return service;
};
