import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { HELP, type SandboxOptions, UsageError, isLoopback, parseCommandLine } from '../../src/sandbox/cli.js';

/** The options a command line gives, with no environment unless one is passed. */
const options = (args: string[], env: Record<string, string> = {}): SandboxOptions => {
  const line = parseCommandLine(args, env);
  if (line.help) throw new Error('asked for help');
  return line.options;
};

describe("the sandbox's command line", () => {
  test('defaults: loopback on 4010, the demo data, in memory, not strict', () => {
    expect(options([])).toEqual({
      port: 4010,
      host: '127.0.0.1',
      data: undefined,
      demo: true,
      seed: 'sandbox',
      strict: false,
      keys: {},
      management: {},
      forwardWebhooks: undefined,
      saveIntervalMs: 2000,
    });
  });

  test('every option, as flags and in the --name=value form', () => {
    expect(
      options([
        '--port=0',
        '--host',
        '0.0.0.0',
        '--data',
        'state',
        '--save-interval',
        '250',
        '--no-demo',
        '--seed',
        'shop',
        '--strict',
        '--app-id',
        'a',
        '--app-token',
        'b',
        '--client-app-id',
        'c',
        '--client-token',
        'd',
        '--management-id',
        'e',
        '--management-token',
        'f',
        '--forward-webhooks',
        'http://127.0.0.1:3000/hooks',
      ]),
    ).toEqual({
      port: 0,
      host: '0.0.0.0',
      data: 'state',
      demo: false,
      seed: 'shop',
      strict: true,
      keys: { appId: 'a', appToken: 'b', clientAppId: 'c', clientToken: 'd' },
      management: { managementId: 'e', managementToken: 'f' },
      forwardWebhooks: 'http://127.0.0.1:3000/hooks',
      saveIntervalMs: 250,
    });
  });

  test('environment variables stand in for options left out; a flag wins over its variable', () => {
    const env = {
      PORT: '4020',
      VOUCHERKIT_APP_ID: 'env-id',
      VOUCHERKIT_APP_TOKEN: 'env-secret',
      VOUCHERKIT_DATA: 'from-env',
      VOUCHERKIT_STRICT: 'true',
      VOUCHERKIT_NO_DEMO: '0',
      VOUCHERKIT_MANAGEMENT_ID: 'm-id',
      VOUCHERKIT_FORWARD_WEBHOOKS: 'https://hooks.example.com/in',
      VOUCHERKIT_SAVE_INTERVAL: '',
    };
    const read = options(['--app-id', 'flag-id'], env);
    expect(read).toMatchObject({
      port: 4020,
      data: 'from-env',
      strict: true,
      demo: true,
      keys: { appId: 'flag-id', appToken: 'env-secret' },
      management: { managementId: 'm-id' },
      forwardWebhooks: 'https://hooks.example.com/in',
      saveIntervalMs: 2000,
    });
  });

  test('--help and -h ask for the help, which lists every option with its variable', () => {
    expect(parseCommandLine(['--help'], {})).toEqual({ help: true });
    expect(parseCommandLine(['--port', 'nope', '-h'], {})).toEqual({ help: true });
    for (const flag of [
      '--port <number>',
      '--host <address>',
      '--data <folder>',
      '--save-interval <ms>',
      '--no-demo',
      '--seed <text>',
      '--strict',
      '--app-id <key>',
      '--app-token <key>',
      '--client-app-id <key>',
      '--client-token <key>',
      '--management-id <key>',
      '--management-token <key>',
      '--forward-webhooks <url>',
      '--help',
    ])
      expect(HELP).toContain(flag);
    expect(HELP).toContain('[VOUCHERKIT_DATA]');
    expect(HELP).toContain('npx @voucherkit/mock-server');
  });

  test.each([
    [['--bogus'], /Unknown option '--bogus'\. Run with --help/],
    [['extra'], /Unexpected argument 'extra'\. Run with --help/],
    [['--port'], /--port/],
    [['--port', '70000'], /--port must be a whole number from 0 to 65535, not "70000"/],
    [['--port', '1.5'], /--port must be a whole number/],
    [['--save-interval', '0'], /--save-interval must be a whole number from 10/],
    [['--forward-webhooks', 'ftp://example.com'], /--forward-webhooks must use http or https/],
    [['--forward-webhooks', 'hooks'], /--forward-webhooks must be an absolute http or https address/],
    [['--host', ' '], /--host needs an address/],
  ])('refuses %j with a message that says what is wrong', (args, message) => {
    expect(() => parseCommandLine(args, {})).toThrow(UsageError);
    expect(() => parseCommandLine(args, {})).toThrow(message);
  });

  test('a bad variable is named in the refusal', () => {
    expect(() => parseCommandLine([], { PORT: 'http' })).toThrow(/PORT must be a whole number/);
    expect(() => parseCommandLine([], { VOUCHERKIT_STRICT: 'maybe' })).toThrow(
      /VOUCHERKIT_STRICT must be 1 or 0 \(true or false\), not "maybe"/,
    );
  });

  test('loopback addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1']) expect(isLoopback(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'sandbox.local']) expect(isLoopback(host)).toBe(false);
  });

  test('the package has one command, so that npx @voucherkit/mock-server runs it', () => {
    // npm exec runs a package's only bin whatever its name; with two, it would look for `mock-server`.
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      bin: Record<string, string>;
    };
    expect(Object.values(manifest.bin)).toEqual(['./bin/sandbox.mjs']);
  });
});
