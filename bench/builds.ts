/**
 * Compares two builds of the packages on the same benchmarks, in interleaved runs. These machines
 * are shared: their speed varies by half from one minute to the next, so only runs of both builds
 * that alternate in one sitting compare them.
 *
 *   npm run build && npm run bench:builds -- keep before
 *   # … change the code …
 *   npm run build && npm run bench:builds -- keep after
 *   npm run bench:builds -- compare before after loyalty-nightly --runs 4
 *
 * `keep` copies the built packages (`packages/<name>/dist`) into `.bench-builds/<build>/`, which git
 * ignores. `compare` puts each build's packages in place for its runs (`bench/run.ts` with the
 * names given, each run in a fresh process), puts the current build back at the end, then prints,
 * for every figure, each build's median and range and the ratio of the medians. A comparison cut
 * short leaves the last build it ran in place: `npm run build` makes the current one again.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './lib/measure.ts';

const PACKAGES = ['domain', 'client', 'mock-server'] as const;
const KEPT = '.bench-builds';
/** Where `compare` keeps the build it found in place, to put it back. */
const CURRENT = '.current';
/** Width of a figure's label in the benchmarks' lines (`label` in `bench/lib/measure.ts`). */
const LABEL_WIDTH = 52;

const keep = (build: string): void => {
  for (const name of PACKAGES) {
    const target = join(KEPT, build, name);
    rmSync(target, { recursive: true, force: true });
    cpSync(join('packages', name, 'dist'), target, { recursive: true });
  }
};

const place = (build: string): void => {
  for (const name of PACKAGES) {
    const dist = join('packages', name, 'dist');
    rmSync(dist, { recursive: true, force: true });
    cpSync(join(KEPT, build, name), dist, { recursive: true });
  }
};

/** The figures of a run's lines: the first number after each label, by the label (and its place among equal labels). */
const figuresOf = (output: string): Map<string, number> => {
  const figures = new Map<string, number>();
  for (const line of output.split('\n')) {
    if (line.length <= LABEL_WIDTH || !line.startsWith('  ')) continue;
    const number = /-?\d[\d,]*(?:\.\d+)?/.exec(line.slice(LABEL_WIDTH))?.[0];
    if (number === undefined) continue;
    let key = line.slice(0, LABEL_WIDTH).trim();
    while (figures.has(key)) key += ' ′';
    figures.set(key, Number(number.replaceAll(',', '')));
  }
  return figures;
};

const compare = (builds: readonly [string, string], names: readonly string[], runs: number): void => {
  if (builds[0] === builds[1]) throw new Error('Name two different builds to compare');
  for (const build of builds)
    if (!existsSync(join(KEPT, build)))
      throw new Error(`No kept build "${build}": run \`npm run bench:builds -- keep ${build}\` first`);
  keep(CURRENT);
  const figures = new Map<string, Map<string, number[]>>();
  try {
    for (let run = 1; run <= runs; run += 1) {
      for (const build of builds) {
        place(build);
        const child = spawnSync(process.execPath, ['--expose-gc', 'bench/run.ts', ...names], {
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        });
        if (child.status !== 0) throw new Error(`The run of ${build} failed:\n${child.stderr}`);
        console.log(`\n${build}, run ${run} of ${runs}:\n${child.stdout.trim()}`);
        for (const [key, value] of figuresOf(child.stdout)) {
          const byBuild = figures.get(key) ?? new Map<string, number[]>();
          byBuild.set(build, [...(byBuild.get(build) ?? []), value]);
          figures.set(key, byBuild);
        }
      }
    }
  } finally {
    place(CURRENT);
  }
  const [first, second] = builds;
  console.log(`\nMedians of ${runs} interleaved runs (range), ${second} against ${first}:`);
  const number = (value: number): string => value.toLocaleString('en');
  const shown = (values: readonly number[]): string =>
    values.length === 0
      ? '–'
      : `${number(median(values))} (${number(Math.min(...values))}–${number(Math.max(...values))})`;
  for (const [key, byBuild] of figures) {
    const [a, b] = [byBuild.get(first) ?? [], byBuild.get(second) ?? []];
    const ratio = a.length > 0 && b.length > 0 && median(a) !== 0 ? ` ×${(median(b) / median(a)).toFixed(2)}` : '';
    console.log(`  ${key.padEnd(LABEL_WIDTH)}${shown(a)} → ${shown(b)}${ratio}`);
  }
};

const [command, ...rest] = process.argv.slice(2);
const runsAt = rest.indexOf('--runs');
const runs = runsAt >= 0 ? Number(rest[runsAt + 1]) : 3;
const words = runsAt >= 0 ? rest.filter((_, index) => index !== runsAt && index !== runsAt + 1) : rest;
if (command === 'keep' && words.length === 1) keep(words[0] as string);
else if (command === 'compare' && words.length >= 2 && Number.isInteger(runs) && runs > 0)
  compare([words[0] as string, words[1] as string], words.slice(2), runs);
else {
  console.error('Usage: npm run bench:builds -- keep <build> | compare <build> <build> [benchmark …] [--runs N]');
  process.exit(2);
}
