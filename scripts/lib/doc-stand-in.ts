/**
 * What the documentation's examples call when they call the service itself or the local
 * sandbox, rather than set up a mock of their own (docs/decisions/0047-runnable-docs.md): the
 * sandbox's demo project behind MSW, on the service's address and the sandbox's, with the keys,
 * ids and records that those examples name.
 */
import { createMockService } from '@voucherkit/mock-server';
import { fullService } from '@voucherkit/mock-server/internals';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { seedDemoData } from '../../packages/mock-server/src/sandbox/demo-data.ts';

/** The sandbox's address, as `npm start` serves it. */
const SANDBOX = 'http://127.0.0.1:4010';
const KEYS = { appId: 'app-id', appToken: 'app-token' };
const MANAGEMENT = { managementId: 'id', managementToken: 'secret' };
const PROJECT_ID = 'proj_0b5f49fb31c3bf6ab0';
const WEBHOOK_SECRET = 'webhook-secret';

/** The environment the examples read their keys from; undefined removes a variable. */
const ENVIRONMENT: Record<string, string | undefined> = {
  VOUCHERIFY_APP_ID: KEYS.appId,
  VOUCHERIFY_APP_TOKEN: KEYS.appToken,
  VOUCHERIFY_BASE_URL: undefined,
  VOUCHERIFY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  VOUCHERKIT_APP_ID: KEYS.appId,
  VOUCHERKIT_APP_TOKEN: KEYS.appToken,
  APP_ID: KEYS.appId,
  APP_TOKEN: KEYS.appToken,
  MANAGEMENT_ID: MANAGEMENT.managementId,
  MANAGEMENT_TOKEN: MANAGEMENT.managementToken,
  PROJECT_ID,
  WEBHOOK_SECRET,
};

const setEnvironment = (values: Record<string, string | undefined>): void => {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = value;
  }
};

/**
 * Runs `example` while the stand-in answers: a fresh service for each example, every request it
 * does not answer an error, the environment as it was afterwards.
 */
export const withStandIn = async (example: () => Promise<unknown>): Promise<void> => {
  const service = fullService(
    createMockService({
      seed: 'sandbox',
      strict: true,
      management: MANAGEMENT,
      projects: [{ id: PROJECT_ID, name: 'Demo project', keys: KEYS, webhookToken: WEBHOOK_SECRET }],
    }),
  );
  const project = service.projects.primary;
  seedDemoData(project);
  // Records the examples name besides the demo data: a code and a campaign to publish from.
  project.state.vouchers.create({
    code: 'SUMMER10',
    type: 'DISCOUNT_VOUCHER',
    discount: { type: 'PERCENT', percent_off: 10 },
  });
  project.state.campaigns.create({
    name: 'Summer',
    campaign_type: 'DISCOUNT_COUPONS',
    vouchers_count: 3,
    voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } },
  });
  await service.scheduler.drain();

  const server = setupServer(
    ...service.handlers,
    http.all(`${SANDBOX}/*`, ({ request }) => service.handle(request)),
  );
  const saved = Object.fromEntries(Object.keys(ENVIRONMENT).map((name) => [name, process.env[name]]));
  server.listen({ onUnhandledRequest: 'error' });
  setEnvironment(ENVIRONMENT);
  try {
    await example();
  } finally {
    setEnvironment(saved);
    server.close();
    service.scheduler.clear();
  }
};
