/**
 * The sandbox's data folder across a crash: a sandbox started with `--data` is killed (`SIGKILL`)
 * while it takes writes, started again, and holds every write older than the save interval (and
 * the time a save takes), with the same keys and ids that do not collide.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { DATA_FILE } from '../../src/sandbox/persistence.js';

const folder = mkdtempSync(join(tmpdir(), 'voucherkit-restart-'));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

const SAVE_INTERVAL_MS = 200;
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const sources = new URL('../../src/sandbox.ts', import.meta.url).href;
const tsconfig = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

// The package's command as it runs in a checkout without a build (bin/sandbox.mjs): the sources
// through tsx, whatever dist/ holds, so that the test runs the code it tests.
const command = `
const { tsImport } = await import('tsx/esm/api');
const { main } = await tsImport(${JSON.stringify(sources)}, { parentURL: import.meta.url, tsconfig: ${JSON.stringify(tsconfig)} });
await main(process.argv.slice(1), '0.0.0');
`;

/** A sandbox started by the command, and what its banner says. */
interface Sandbox {
  readonly child: ChildProcess;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly banner: () => string;
}

const start = (): Promise<Sandbox> =>
  new Promise((resolve, reject) => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VOUCHERKIT_')));
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        command,
        '--',
        '--port',
        '0',
        '--data',
        folder,
        '--save-interval',
        String(SAVE_INTERVAL_MS),
      ],
      { cwd: root, env: { ...env, PORT: '' } },
    );
    started.push(child);
    let output = '';
    const field = (label: string): string | undefined => output.match(new RegExp(`^ +${label} +(\\S+)$`, 'm'))?.[1];
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      const [url, appId, appToken] = [field('Base URL'), field('X-App-Id'), field('X-App-Token')];
      if (url && appId && appToken && output.includes('Press Ctrl+C'))
        resolve({ child, url, headers: { 'X-App-Id': appId, 'X-App-Token': appToken }, banner: () => output });
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.once('exit', (code, signal) =>
      reject(new Error(`The sandbox exited (${code ?? signal}) before it listened:\n${output}`)),
    );
  });

const exited = (child: ChildProcess): Promise<number | string | null> =>
  new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));

const createCategory = async ({ url, headers }: Sandbox, name: string): Promise<{ id: string }> => {
  const response = await fetch(`${url}/v1/categories`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name, hierarchy: 1 }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string };
};

const categoryNames = async ({ url, headers }: Sandbox): Promise<string[]> => {
  const response = await fetch(`${url}/v1/categories?limit=100`, { headers });
  return ((await response.json()) as { data: { name: string }[] }).data.map(({ name }) => name);
};

test('a sandbox killed while it takes writes starts again with every write older than the save interval', async () => {
  const first = await start();
  // Writes one after another for a while, noting when each was answered, then a kill in the middle of one.
  const answered: { name: string; at: number }[] = [];
  const until = Date.now() + 4 * SAVE_INTERVAL_MS;
  for (let index = 0; Date.now() < until; index += 1) {
    const name = `Written ${index}`;
    await createCategory(first, name);
    answered.push({ name, at: Date.now() });
  }
  void createCategory(first, 'In flight').catch(() => undefined);
  const killedAt = Date.now();
  const gone = exited(first.child);
  first.child.kill('SIGKILL');
  expect(await gone).toBe('SIGKILL');

  const second = await start();
  // Same keys, same project: the banners differ only in the port.
  const withoutPort = (text: string) => text.replaceAll(/:\d{2,5}\b/g, ':PORT');
  expect(withoutPort(second.banner())).toBe(withoutPort(first.banner()));
  const names = await categoryNames(second);
  // A write is saved at the first save after it: within an interval, and the time the save takes.
  const older = answered.filter(({ at }) => at < killedAt - 2 * SAVE_INTERVAL_MS).map(({ name }) => name);
  expect(older.length).toBeGreaterThan(0);
  expect(names).toEqual(expect.arrayContaining(older));
  expect(names).toEqual(expect.arrayContaining(['Seasonal', 'Loyalty', 'Clearance']));

  // What is made after the restart does not take an id made before it.
  const { id } = await createCategory(second, 'After the restart');
  const ids = (
    (await (await fetch(`${second.url}/v1/categories?limit=100`, { headers: second.headers })).json()) as {
      data: { id: string }[];
    }
  ).data.map((category) => category.id);
  expect(ids.filter((each) => each === id)).toHaveLength(1);

  // A clean stop saves the last writes at once.
  const stopped = exited(second.child);
  second.child.kill('SIGTERM');
  expect(await stopped).toBe(0);
  expect(readFileSync(join(folder, DATA_FILE), 'utf8')).toContain('After the restart');
}, 60_000);
