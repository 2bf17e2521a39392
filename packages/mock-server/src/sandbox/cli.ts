import { parseArgs } from 'node:util';
import type { ProjectKeys } from '../core/projects.js';
import type { ManagementKeys } from '../http/authenticate.js';

/** How the sandbox starts: its command line, with environment variables as fallbacks. */
export interface SandboxOptions {
  /** Port to listen on; 0 picks a free one. */
  readonly port: number;
  /** Interface to bind. */
  readonly host: string;
  /** Folder of the state kept across restarts; none keeps it in memory only. */
  readonly data: string | undefined;
  /** Whether a new state starts with the demo data. */
  readonly demo: boolean;
  /** Seed of the ids, codes and generated keys. */
  readonly seed: string;
  /** Whether every answer is checked against the spec. */
  readonly strict: boolean;
  /** The primary project's keys chosen; the others are generated from the seed. */
  readonly keys: Partial<ProjectKeys>;
  /** The management keys chosen; the others are generated from the seed. */
  readonly management: Partial<ManagementKeys>;
  /** Where a webhook of the primary project subscribed to every event delivers, if anywhere. */
  readonly forwardWebhooks: string | undefined;
  /** How often, in milliseconds, a changed state is saved to the data folder. */
  readonly saveIntervalMs: number;
}

/** What the command line asks for: help, or a sandbox. */
export type CommandLine = { readonly help: true } | { readonly help: false; readonly options: SandboxOptions };

/** A command line the sandbox cannot run: the message says what is wrong. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** One option: its flag, the variable that stands in for it, its value's name and what it does. */
interface OptionSpec {
  readonly flag: string;
  readonly env?: string;
  /** The value's name in the help; none for a switch. */
  readonly value?: string;
  readonly help: string;
}

const DEFAULT_PORT = 4010;
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_SEED = 'sandbox';
const DEFAULT_SAVE_INTERVAL_MS = 2000;

/** Every option, in the order `--help` lists them. */
const OPTIONS = [
  {
    flag: 'port',
    env: 'PORT',
    value: 'number',
    help: `port to listen on; 0 picks a free one (default ${DEFAULT_PORT})`,
  },
  {
    flag: 'host',
    env: 'VOUCHERKIT_HOST',
    value: 'address',
    help: `interface to bind (default ${DEFAULT_HOST}: loopback only)`,
  },
  {
    flag: 'data',
    env: 'VOUCHERKIT_DATA',
    value: 'folder',
    help: 'keep the state in this folder across restarts',
  },
  {
    flag: 'save-interval',
    env: 'VOUCHERKIT_SAVE_INTERVAL',
    value: 'ms',
    help: `how often a changed state is saved, in ms (default ${DEFAULT_SAVE_INTERVAL_MS})`,
  },
  { flag: 'no-demo', env: 'VOUCHERKIT_NO_DEMO', help: 'start a new state without the demo data' },
  {
    flag: 'seed',
    env: 'VOUCHERKIT_SEED',
    value: 'text',
    help: `seed of ids, codes and generated keys (default ${DEFAULT_SEED})`,
  },
  { flag: 'strict', env: 'VOUCHERKIT_STRICT', help: 'check every answer against the spec (a drift answers 500)' },
  { flag: 'app-id', env: 'VOUCHERKIT_APP_ID', value: 'key', help: "the project's X-App-Id" },
  { flag: 'app-token', env: 'VOUCHERKIT_APP_TOKEN', value: 'key', help: "the project's X-App-Token" },
  {
    flag: 'client-app-id',
    env: 'VOUCHERKIT_CLIENT_APP_ID',
    value: 'key',
    help: "the project's X-Client-Application-Id",
  },
  { flag: 'client-token', env: 'VOUCHERKIT_CLIENT_TOKEN', value: 'key', help: "the project's X-Client-Token" },
  { flag: 'management-id', env: 'VOUCHERKIT_MANAGEMENT_ID', value: 'key', help: 'the X-Management-Id' },
  { flag: 'management-token', env: 'VOUCHERKIT_MANAGEMENT_TOKEN', value: 'key', help: 'the X-Management-Token' },
  {
    flag: 'forward-webhooks',
    env: 'VOUCHERKIT_FORWARD_WEBHOOKS',
    value: 'url',
    help: 'post every event of the project to this address',
  },
  { flag: 'help', help: 'show this help' },
] as const satisfies readonly OptionSpec[];

type Flag = (typeof OPTIONS)[number]['flag'];

/**
 * What `--help` prints: how to run the sandbox and every option, with the environment variable
 * that stands in for it.
 */
export const HELP: string = (() => {
  const specs: readonly OptionSpec[] = OPTIONS;
  const left = specs.map((spec) => `--${spec.flag}${spec.value === undefined ? '' : ` <${spec.value}>`}`);
  const width = Math.max(...left.map((text) => text.length)) + 2;
  const lines = specs.map((spec, index) => {
    const env = spec.env === undefined ? '' : ` [${spec.env}]`;
    return `  ${(left[index] as string).padEnd(width)}${spec.help}${env}`;
  });
  return [
    'Usage: voucherkit-sandbox [options]',
    '       npx @voucherkit/mock-server [options]',
    '       npm start -- [options]          (in a clone of the repository)',
    '',
    'Serves the whole promotions, vouchers and loyalty API over HTTP, stateful, with a demo project.',
    'An environment variable in brackets stands in for an option left out.',
    '',
    'Options:',
    ...lines,
  ].join('\n');
})();

/** The switches: the options that take no value. */
const isSwitch = (spec: OptionSpec): boolean => spec.value === undefined;

/** A switch set by its variable: 1/true/yes or 0/false/no (empty is off). */
const switchFromEnv = (name: string, text: string): boolean => {
  const value = text.trim().toLowerCase();
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['', '0', 'false', 'no'].includes(value)) return false;
  throw new UsageError(`${name} must be 1 or 0 (true or false), not "${text}".`);
};

/** A whole number within bounds, or a usage error that names where it came from. */
const wholeNumber = (text: string, what: string, min: number, max: number): number => {
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value) || value < min || value > max)
    throw new UsageError(`${what} must be a whole number from ${min} to ${max}, not "${text}".`);
  return value;
};

/** An absolute http or https address. */
const httpUrl = (text: string, what: string): string => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      `${what} must be an absolute http or https address, such as http://127.0.0.1:3000/hooks, not "${text}".`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${what} must use http or https, not ${url.protocol}`);
  return text;
};

/**
 * Reads the sandbox's command line. An option left out falls back to its environment variable
 * (see {@link HELP}), then to its default.
 *
 * @param args - The arguments after the command's name.
 * @param env - The environment (`process.env`).
 * @throws UsageError for an unknown option, a missing or bad value, or an argument that is not an option.
 */
export const parseCommandLine = (
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): CommandLine => {
  let values: Partial<Record<Flag, string | boolean>>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: Object.fromEntries(
        OPTIONS.map((spec: OptionSpec) => [
          spec.flag,
          { type: isSwitch(spec) ? 'boolean' : 'string', ...(spec.flag === 'help' ? { short: 'h' } : {}) },
        ]),
      ),
      strict: true,
      allowPositionals: false,
    }) as { values: Partial<Record<Flag, string | boolean>> });
  } catch (error) {
    // parseArgs's first sentence says what is wrong; the rest differs between versions of Node.
    const what = (error as Error).message.split('\n')[0]?.split('. ')[0]?.replace(/\.$/, '');
    throw new UsageError(`${what}. Run with --help for the options.`);
  }
  if (values.help === true) return { help: true };
  /** An option's variable, when it has one and it is set. */
  const fromEnv = (flag: Flag): { value: string; from: string } | undefined => {
    const name = (OPTIONS.find((spec) => spec.flag === flag) as OptionSpec).env;
    const value = name === undefined ? undefined : env[name];
    return name === undefined || value === undefined || value === '' ? undefined : { value, from: name };
  };
  /** The text of an option, from its flag or its variable; `from` names which, for messages. */
  const text = (flag: Flag): { value: string; from: string } | undefined => {
    const given = values[flag];
    return typeof given === 'string' ? { value: given, from: `--${flag}` } : fromEnv(flag);
  };
  const on = (flag: Flag): boolean => {
    if (values[flag] === true) return true;
    const set = fromEnv(flag);
    return set !== undefined && switchFromEnv(set.from, set.value);
  };
  /** The keys chosen, by their names. */
  const chosen = <K extends string>(pairs: readonly (readonly [K, Flag])[]): Partial<Record<K, string>> => {
    const keys: Partial<Record<K, string>> = {};
    for (const [key, flag] of pairs) {
      const value = text(flag)?.value;
      if (value !== undefined) keys[key] = value;
    }
    return keys;
  };
  const port = text('port');
  const interval = text('save-interval');
  const forward = text('forward-webhooks');
  const host = text('host')?.value.trim() ?? DEFAULT_HOST;
  if (host === '') throw new UsageError('--host needs an address, such as 127.0.0.1 or 0.0.0.0.');
  return {
    help: false,
    options: {
      port: port === undefined ? DEFAULT_PORT : wholeNumber(port.value, port.from, 0, 65_535),
      host,
      data: text('data')?.value,
      demo: !on('no-demo'),
      seed: text('seed')?.value ?? DEFAULT_SEED,
      strict: on('strict'),
      keys: chosen<keyof ProjectKeys>([
        ['appId', 'app-id'],
        ['appToken', 'app-token'],
        ['clientAppId', 'client-app-id'],
        ['clientToken', 'client-token'],
      ]),
      management: chosen<keyof ManagementKeys>([
        ['managementId', 'management-id'],
        ['managementToken', 'management-token'],
      ]),
      forwardWebhooks: forward === undefined ? undefined : httpUrl(forward.value, forward.from),
      saveIntervalMs:
        interval === undefined ? DEFAULT_SAVE_INTERVAL_MS : wholeNumber(interval.value, interval.from, 10, 3_600_000),
    },
  };
};

/** Whether an address is this machine's loopback, which other machines cannot reach. */
export const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
