/**
 * The `npm start` sandbox: the mock service over HTTP, on loopback unless `--host` says
 * otherwise, with a demo project. Its command line (`--help`) is read by `sandbox/cli.ts`, with
 * environment variables as fallbacks; `--data` keeps the state in a folder across restarts
 * (`sandbox/persistence.ts`).
 * @packageDocumentation
 */
import type { ProjectKeys } from './core/projects.js';
import { listen } from './http-server.js';
import { HELP, type SandboxOptions, UsageError, isLoopback, parseCommandLine } from './sandbox/cli.js';
import { seedDemoData, seedDemoTeam } from './sandbox/demo-data.js';
import { forwardWebhooks } from './sandbox/forward-webhooks.js';
import { DataFolderError, type SavedSandbox, keepSaved, readDataFolder, restoreSaved } from './sandbox/persistence.js';
import { type FullMockService, createMockService, fullService } from './service.js';

/** A TypeScript string literal of any text (keys may come from the environment). */
const literal = (text: string): string => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** What the banner shows: where the sandbox listens and the keys to call it with. */
export interface BannerFacts {
  url: string;
  apiVersion: string;
  project: { name: string; id: string; keys: ProjectKeys; webhookToken: string };
  management: { managementId: string; managementToken: string };
  /** The interface it is bound to, when it is not loopback. */
  host?: string;
  /** The data folder and how often a changed state is saved there. */
  data?: { folder: string; intervalMs: number };
  /** The webhook that forwards every event, and where to. */
  forwarding?: { url: string; webhookId: string };
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
export const banner = ({ url, apiVersion, project, management, host, data, forwarding }: BannerFacts): string => {
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
  if (forwarding) rows.push(['Webhooks to', `${forwarding.url} (${forwarding.webhookId}, every event)`]);
  if (data) rows.push(['Data folder', `${data.folder} (saved every ${data.intervalMs / 1000} s while it changes)`]);
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const { appId, appToken } = project.keys;
  return [
    `Voucherkit sandbox (API build ${apiVersion}) listening on ${url}`,
    '',
    `Dashboard: ${dashboardUrl(url, management)}`,
    '',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}${value}`),
    '',
    ...(host === undefined || isLoopback(host)
      ? []
      : [
          `Bound to ${host}: other machines can reach it; the dashboard and the control API take the management keys.`,
          '',
        ]),
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

// A web page of the developer's calls the sandbox from any origin: every client-side feature is on.
const CLIENT_FEATURES = {
  client_redeem_enabled: true,
  client_loyalty_events_enabled: true,
  client_publish_enabled: true,
  client_list_vouchers_enabled: true,
  client_create_customer_enabled: true,
};

/**
 * The options a saved state overrides, when they differ from it: a restart keeps the seed and
 * the keys the state was made with.
 */
const overridden = (options: SandboxOptions, seed: string, keys: ProjectKeys): string[] => [
  ...(options.seed === seed ? [] : ['--seed']),
  ...(Object.entries(options.keys).some(([name, value]) => keys[name as keyof ProjectKeys] !== value)
    ? ['the keys']
    : []),
];

/**
 * The service of a sandbox: the saved state of its data folder, loaded into a service made with
 * the state's seed and keys, or a new state (with the demo data unless `--no-demo`).
 */
const serviceFor = async (options: SandboxOptions, saved: SavedSandbox | undefined): Promise<FullMockService> => {
  const savedKeys = saved?.state.projects[0]?.keys;
  if (saved && savedKeys) {
    const ignored = overridden(options, saved.seed, savedKeys);
    if (ignored.length > 0)
      console.warn(
        `The state in ${options.data} keeps the seed (${saved.seed}) and the keys it was made with: ${ignored.join(' and ')} given apply to a new state only.`,
      );
  }
  const service = fullService(
    createMockService({
      seed: saved?.seed ?? options.seed,
      strict: options.strict,
      management: saved?.management ?? options.management,
      projects: [
        {
          name: options.demo ? 'Demo project' : 'Sandbox project',
          keys: savedKeys ?? options.keys,
          config: CLIENT_FEATURES,
        },
      ],
    }),
  );
  if (saved) restoreSaved(service, saved, options.data ?? '');
  else if (options.demo) {
    await seedDemoData(service.projects.primary);
    seedDemoTeam(service.organisation, service.projects.primary);
    await service.scheduler.runDue();
  }
  return service;
};

/** Starts a sandbox with these options and prints its banner; resolves once it listens. */
const start = async (options: SandboxOptions, mockVersion: string): Promise<void> => {
  const saved = options.data === undefined ? undefined : readDataFolder(options.data, mockVersion);
  const service = await serviceFor(options, saved);
  // Read after a restore, which makes the projects anew.
  const project = service.projects.primary;
  const webhook = options.forwardWebhooks === undefined ? undefined : forwardWebhooks(project, options.forwardWebhooks);
  const kept =
    options.data === undefined
      ? undefined
      : keepSaved(service, {
          folder: options.data,
          seed: saved?.seed ?? options.seed,
          mockVersion,
          intervalMs: options.saveIntervalMs,
          onError: (error) => console.error(`The state could not be saved to ${options.data}: ${error.message}`),
        });
  await kept?.save();
  const sandbox = await listen(service, { port: options.port, host: options.host }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        throw new UsageError(
          `Port ${options.port} of ${options.host} is in use: pick another with --port (0 picks a free one).`,
        );
      throw error;
    },
  );
  console.log(
    banner({
      url: sandbox.url,
      apiVersion: service.apiVersion,
      project,
      management: service.management,
      host: options.host,
      ...(options.data === undefined ? {} : { data: { folder: options.data, intervalMs: options.saveIntervalMs } }),
      ...(webhook === undefined ? {} : { forwarding: { url: webhook.target_url ?? '', webhookId: webhook.id } }),
    }),
  );
  const stop = (): void => {
    void sandbox
      .close()
      .then(() => kept?.stop())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

/**
 * The sandbox's command: reads its command line (`--help` prints the options), starts the
 * sandbox and prints its URL and keys; resolves once it listens. A bad command line or a data
 * folder it cannot use is told on stderr, with a non-zero exit code.
 *
 * @param args - The arguments after the command's name.
 * @param mockVersion - The version of `@voucherkit/mock-server` that runs, which a data folder records.
 */
export const main = async (args: readonly string[], mockVersion: string): Promise<void> => {
  try {
    const line = parseCommandLine(args, process.env);
    if (line.help) console.log(HELP);
    else await start(line.options, mockVersion);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof DataFolderError)) throw error;
    console.error(error.message);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  }
};
