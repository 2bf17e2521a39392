/**
 * The cold start of a test file: a whole Node process that imports the mock, creates a service
 * and makes its first two requests (bench/cold-start/with-mock.mjs), against the same test file
 * with bare MSW handlers (bare-msw.mjs). Test runners give each file a fresh module graph, so
 * every file of a suite pays this. The files are plain JavaScript, so no transform is counted on
 * either side; runs alternate, so a busy machine slows both alike.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { label, median } from './lib/measure.ts';

const RUNS = 11;
const file = (name: string): string => fileURLToPath(new URL(`cold-start/${name}`, import.meta.url));

interface Run {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly peakMiB: number;
}

const runOnce = (name: string): Run => {
  const start = performance.now();
  const result = spawnSync(process.execPath, ['--import', file('usage.mjs'), file(name)], { encoding: 'utf8' });
  const wallMs = performance.now() - start;
  const usage = /usage (\{.*\})/.exec(result.stderr)?.[1];
  if (result.status !== 0 || usage === undefined)
    throw new Error(`${name} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  const { cpuMs, peakKiB } = JSON.parse(usage) as { cpuMs: number; peakKiB: number };
  return { wallMs, cpuMs, peakMiB: peakKiB / 1024 };
};

const medians = (runs: readonly Run[]): Run => ({
  wallMs: median(runs.map((run) => run.wallMs)),
  cpuMs: median(runs.map((run) => run.cpuMs)),
  peakMiB: median(runs.map((run) => run.peakMiB)),
});

const describe = ({ wallMs, cpuMs, peakMiB }: Run): string =>
  `${wallMs.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU, ${peakMiB.toFixed(0)} MiB peak`;

export const coldStart = (): string[] => {
  const [mock, bare]: [Run[], Run[]] = [[], []];
  // One unmeasured run each warms the file system cache.
  runOnce('with-mock.mjs');
  runOnce('bare-msw.mjs');
  for (let run = 0; run < RUNS; run += 1) {
    mock.push(runOnce('with-mock.mjs'));
    bare.push(runOnce('bare-msw.mjs'));
  }
  const [withMock, reference] = [medians(mock), medians(bare)];
  return [
    `Cold start of a test file (whole process: import, create, a write and a validation; medians of ${RUNS} alternating runs)`,
    `  ${label('bare MSW handlers (reference)')}${describe(reference)}`,
    `  ${label('with the mock')}${describe(withMock)}`,
    `  ${label('ratio mock / bare: wall, CPU')}${(withMock.wallMs / reference.wallMs).toFixed(2)}, ${(withMock.cpuMs / reference.cpuMs).toFixed(2)} (goal ≤ 1.3 wall, ≤ 100 MiB peak)`,
  ];
};
