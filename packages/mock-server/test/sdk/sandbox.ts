/**
 * The setting of the official SDK's integration tests: a mock service in strict mode, served by
 * the HTTP sandbox on a free port, and `@voucherify/sdk` pointed at it with the primary project's
 * server keys. Bulk jobs run in small, quick portions, as they would in the background of a
 * running sandbox.
 */
import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterEach } from 'vitest';
import { type HttpSandbox, listen } from '../../src/node.js';
import { seedDemoData } from '../../src/sandbox/demo-data.js';
import { type FullMockService, createMockService, fullService } from '../../src/service.js';

/** What a test gets: the service (to arrange or inspect state), the sandbox's address and the SDK. */
export interface SdkSandbox {
  readonly service: FullMockService;
  readonly url: string;
  readonly sdk: ReturnType<typeof VoucherifyServerSide>;
}

/** How a test's sandbox starts: with the sandbox's demo data, and with state arranged before it listens. */
export interface SdkSandboxOptions {
  readonly demo?: boolean;
  readonly arrange?: (service: FullMockService) => void;
}

/**
 * Registers the sandbox's closing after each test of the file and returns the function that
 * starts one.
 *
 * @param seed - The service's seed, named after the test file.
 */
export const useSdkSandbox = (seed: string): ((options?: SdkSandboxOptions) => Promise<SdkSandbox>) => {
  let sandbox: HttpSandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });
  return async ({ demo = false, arrange }: SdkSandboxOptions = {}) => {
    const service = fullService(
      createMockService({ seed, strict: true, bulkJobs: { portionSize: 50, portionIntervalMs: 1 } }),
    );
    if (demo) await seedDemoData(service.projects.primary);
    arrange?.(service);
    sandbox = await listen(service, { port: 0 });
    const { appId, appToken } = service.projects.primary.keys;
    return {
      service,
      url: sandbox.url,
      sdk: VoucherifyServerSide({ applicationId: appId, secretKey: appToken, apiUrl: sandbox.url }),
    };
  };
};

/**
 * Polls an async action until it has finished, as an SDK user would.
 *
 * @param sdk - The SDK of the sandbox.
 * @param id - The async action's id (`aa_…`).
 */
export const settled = async (sdk: SdkSandbox['sdk'], id: string) => {
  for (let attempt = 0; attempt < 200; attempt++) {
    const action = await sdk.asyncActions.get(id);
    if (action.status === 'DONE' || action.status === 'FAILED') return action;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`async action ${id} did not finish`);
};
