/**
 * The `npm start` sandbox: the mock service over HTTP on loopback, with a demo project.
 * Keys come from VOUCHERKIT_APP_ID, VOUCHERKIT_APP_TOKEN, VOUCHERKIT_CLIENT_APP_ID and
 * VOUCHERKIT_CLIENT_TOKEN when set; PORT picks the port (default 4010).
 * @packageDocumentation
 */
import type { ProjectKeys } from './core/projects.js';
import { listen } from './http-server.js';
import { seedDemoData } from './sandbox/demo-data.js';
import { createMockService } from './service.js';

/** Environment variables that set the demo project's keys. */
const ENV_KEYS = {
  appId: 'VOUCHERKIT_APP_ID',
  appToken: 'VOUCHERKIT_APP_TOKEN',
  clientAppId: 'VOUCHERKIT_CLIENT_APP_ID',
  clientToken: 'VOUCHERKIT_CLIENT_TOKEN',
} as const;

/** Starts the sandbox and prints its URL and keys; resolves once it listens. */
export const main = async (): Promise<void> => {
  const keys: Partial<ProjectKeys> = Object.fromEntries(
    Object.entries(ENV_KEYS).flatMap(([key, variable]) => (process.env[variable] ? [[key, process.env[variable]]] : [])),
  );
  const port = Number(process.env['PORT'] ?? 4010);
  const service = createMockService({ seed: 'sandbox', projects: [{ name: 'Demo project', keys }] });
  const project = service.projects.primary;
  seedDemoData(project);
  await service.scheduler.runDue();
  const sandbox = await listen(service, { port });
  console.log(`Voucherkit sandbox (API build ${service.apiVersion}) listening on ${sandbox.url}

  Base URL               ${sandbox.url}
  Project                ${project.name} (${project.id})
  X-App-Id               ${project.keys.appId}
  X-App-Token            ${project.keys.appToken}
  X-Client-Application-Id ${project.keys.clientAppId}
  X-Client-Token         ${project.keys.clientToken}
  X-Management-Id        ${service.management.managementId}
  X-Management-Token     ${service.management.managementToken}

Try: curl -H "X-App-Id: ${project.keys.appId}" -H "X-App-Token: ${project.keys.appToken}" ${sandbox.url}/v1/categories
Press Ctrl+C to stop.`);
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};
