/**
 * The `npm start` sandbox: the mock service over HTTP on loopback, with a demo project.
 * Keys come from VOUCHERKIT_APP_ID, VOUCHERKIT_APP_TOKEN, VOUCHERKIT_CLIENT_APP_ID and
 * VOUCHERKIT_CLIENT_TOKEN when set; PORT picks the port (default 4010).
 * @packageDocumentation
 */
import type { ProjectKeys } from './core/projects.js';
import { listen } from './http-server.js';
import { seedDemoData, seedDemoTeam } from './sandbox/demo-data.js';
import { createMockService, fullService } from './service.js';

/** Environment variables that set the demo project's keys. */
const ENV_KEYS = {
  appId: 'VOUCHERKIT_APP_ID',
  appToken: 'VOUCHERKIT_APP_TOKEN',
  clientAppId: 'VOUCHERKIT_CLIENT_APP_ID',
  clientToken: 'VOUCHERKIT_CLIENT_TOKEN',
} as const;

/** A TypeScript string literal of any text (keys may come from the environment). */
const literal = (text: string): string => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** What the banner shows: where the sandbox listens and the keys to call it with. */
export interface BannerFacts {
  url: string;
  apiVersion: string;
  project: { name: string; id: string; keys: ProjectKeys; webhookToken: string };
  management: { managementId: string; managementToken: string };
}

/**
 * The dashboard's address, with the management keys in its fragment: the page reads them there,
 * and the browser never sends them in the request for the page.
 */
const dashboardUrl = (url: string, management: BannerFacts['management']): string =>
  `${url}/_voucherkit/#${new URLSearchParams({ management_id: management.managementId, management_token: management.managementToken })}`;

/**
 * The text printed when the sandbox starts: the dashboard's address, its keys in aligned columns, a curl command and a
 * `createClient` call that can be pasted as they are.
 */
export const banner = ({ url, apiVersion, project, management }: BannerFacts): string => {
  const rows: [string, string][] = [
    ['Base URL', url],
    ['Project', `${project.name} (${project.id})`],
    ['X-App-Id', project.keys.appId],
    ['X-App-Token', project.keys.appToken],
    ['X-Client-Application-Id', project.keys.clientAppId],
    ['X-Client-Token', project.keys.clientToken],
    ['X-Management-Id', management.managementId],
    ['X-Management-Token', management.managementToken],
    ['Webhook secret', project.webhookToken],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const { appId, appToken } = project.keys;
  return [
    `Voucherkit sandbox (API build ${apiVersion}) listening on ${url}`,
    '',
    `Dashboard: ${dashboardUrl(url, management)}`,
    '',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}${value}`),
    '',
    'Try it with curl:',
    `  curl -H "X-App-Id: ${appId}" -H "X-App-Token: ${appToken}" ${url}/v1/categories`,
    '',
    'Or from TypeScript, with @voucherkit/client:',
    "  import { createClient } from '@voucherkit/client';",
    `  const client = createClient({ baseUrl: ${literal(url)}, auth: { type: 'server', appId: ${literal(appId)}, appToken: ${literal(appToken)} } });`,
    '',
    'Press Ctrl+C to stop.',
  ].join('\n');
};

/** Starts the sandbox and prints its URL and keys; resolves once it listens. */
export const main = async (): Promise<void> => {
  const keys: Partial<ProjectKeys> = Object.fromEntries(
    Object.entries(ENV_KEYS).flatMap(([key, variable]) =>
      process.env[variable] ? [[key, process.env[variable]]] : [],
    ),
  );
  const port = Number(process.env['PORT'] ?? 4010);
  // A web page of the developer's calls the sandbox from any origin: every client-side feature is on.
  const config = {
    client_redeem_enabled: true,
    client_loyalty_events_enabled: true,
    client_publish_enabled: true,
    client_list_vouchers_enabled: true,
    client_create_customer_enabled: true,
  };
  const service = fullService(
    createMockService({ seed: 'sandbox', projects: [{ name: 'Demo project', keys, config }] }),
  );
  const project = service.projects.primary;
  seedDemoData(project);
  seedDemoTeam(service.organisation, project);
  await service.scheduler.runDue();
  const sandbox = await listen(service, { port });
  console.log(banner({ url: sandbox.url, apiVersion: service.apiVersion, project, management: service.management }));
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};
