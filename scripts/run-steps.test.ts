import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { repoPath } from './lib/paths.ts';

const dir = mkdtempSync(join(tmpdir(), 'run-steps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A project whose npm scripts stand for the steps of npm test.
writeFileSync(
  join(dir, 'package.json'),
  JSON.stringify({
    private: true,
    scripts: {
      first: 'echo first says hello',
      second: 'echo second follows first',
      alone: 'echo alone',
      slow: 'echo slow starts && sleep 60 && echo slow ends',
      broken: 'echo broken explains >&2 && exit 3',
      after: 'echo after broken',
      skips: 'echo Skipped, no browser. To run it, install one. && exit 77',
      needsBrowser: `${JSON.stringify(process.execPath)} ${JSON.stringify(repoPath('scripts/require-chromium.ts'))} && echo drove the browser`,
    },
  }),
);

const runSteps = (...args: string[]) => runStepsIn(process.env, ...args);
const runStepsIn = (env: NodeJS.ProcessEnv, ...args: string[]) => {
  const run = spawnSync(process.execPath, [repoPath('scripts/run-steps.ts'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    env,
  });
  return { status: run.status, output: run.stdout + run.stderr };
};

describe('the runner of npm test', () => {
  test('runs each chain in order, the chains side by side, and prints every step under its name', () => {
    const { status, output } = runSteps('--jobs=2', 'first > second', 'alone');
    expect(status).toBe(0);
    expect(output).toMatch(/── first ✓[^]*first says hello[^]*── second ✓[^]*second follows first/);
    expect(output).toMatch(/── alone ✓[^]*\nalone\n/);
    expect(output).toMatch(/3 steps passed in [\d.]+ s \(2 at a time\)/);
  });

  test('the first failure stops the steps still running and what follows it, and is printed last', () => {
    const { status, output } = runSteps('--jobs=2', 'slow', 'broken > after');
    expect(status).toBe(1);
    expect(output).not.toContain('slow ends');
    expect(output).not.toContain('after broken');
    expect(output).toContain('Not run or stopped: slow, after.');
    expect(output.slice(output.indexOf('── broken ✗ exit 3'))).toMatch(
      /^── broken ✗ exit 3[^]*broken explains[^]*broken failed/,
    );
  });

  test('a step that skips itself is reported as skipped, with how to enable it, and its chain goes on', () => {
    const { status, output } = runSteps('skips > first');
    expect(status).toBe(0);
    expect(output).toMatch(/── skips skipped[^]*── first ✓/);
    expect(output).toMatch(/1 steps passed[^]*1 skipped:\n {2}skips: Skipped, no browser\. To run it, install one\./);
  });

  test('without Chromium a browser step skips, except in CI, where it fails', () => {
    const { CI: _ci, ...rest } = process.env;
    const noChromium = { ...rest, CHROMIUM_PATH: join(dir, 'no-chromium') };
    const local = runStepsIn(noChromium, 'needsBrowser');
    expect(local.status).toBe(0);
    expect(local.output).toMatch(/needsBrowser: Skipped, no Chromium found\. To run it, install Chromium/);
    expect(local.output).not.toContain('drove the browser');
    const ci = runStepsIn({ ...noChromium, CI: 'true' }, 'needsBrowser');
    expect(ci.status).toBe(1);
    expect(ci.output).toContain('No Chromium found, and CI runs every browser test');
  });

  test('refuses a step that is no npm script', () => {
    const { status, output } = runSteps('first > nope');
    expect(status).toBe(2);
    expect(output).toContain('No such npm scripts: nope.');
  });
});
