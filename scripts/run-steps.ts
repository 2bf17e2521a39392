/**
 * Runs the steps of `npm test` side by side (decision 0073). Each argument is a chain of npm
 * scripts joined by ` > `, run one after the other; the chains run at once, as many as the machine
 * has cores (`--jobs=N` chooses), in the order given, so the longest come first. A step's output is
 * printed whole when it ends, under its name and time. A step that exits with the skipped code
 * (`scripts/lib/skipped-step.ts`, for example the browser tests on a machine without Chromium)
 * is reported as skipped, with its own words on how to enable it, and its chain goes on. The first
 * step that fails stops the run: the steps still running are stopped, and its output is printed
 * last.
 *
 * Plain TypeScript with nothing to transform, so Node runs it as it is: `node scripts/run-steps.ts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { SKIPPED } from './lib/skipped-step.ts';

/** What a step left: its exit code (null when it was stopped), its output and how long it ran. */
interface StepRun {
  readonly step: string;
  readonly code: number | null;
  readonly output: string;
  readonly seconds: number;
}

const JOBS_FLAG = '--jobs=';
const args = process.argv.slice(2);
const jobsFlag = args.find((arg) => arg.startsWith(JOBS_FLAG));
const jobs = jobsFlag === undefined ? availableParallelism() : Number(jobsFlag.slice(JOBS_FLAG.length));
const chains = args.filter((arg) => !arg.startsWith('--')).map((chain) => chain.split('>').map((step) => step.trim()));

const scripts =
  (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
const unknown = chains.flat().filter((step) => !(step in scripts));
if (!Number.isInteger(jobs) || jobs < 1 || chains.length === 0 || unknown.length > 0) {
  console.error(
    unknown.length > 0
      ? `No such npm scripts: ${unknown.join(', ')}.`
      : "Usage: node scripts/run-steps.ts [--jobs=N] 'step > next step' step …",
  );
  process.exit(2);
}

// The steps write to pipes; they keep their colours when the run's output is a terminal.
const env =
  process.stdout.isTTY && process.env['NO_COLOR'] === undefined
    ? { FORCE_COLOR: '1', ...process.env }
    : { ...process.env };

const running = new Set<ChildProcess>();
const finished: StepRun[] = [];
const skipped: StepRun[] = [];
let failure: StepRun | undefined;

/** Stops every running step with its children: each step leads a process group of its own. */
const stopAll = (signal: NodeJS.Signals): void => {
  for (const child of running)
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // It ended meanwhile.
    }
};

const runStep = (step: string): Promise<StepRun> =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', step], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
    running.add(child);
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const end = (code: number | null, error?: Error): void => {
      running.delete(child);
      if (error !== undefined) output.push(Buffer.from(`${error.message}\n`));
      resolve({
        step,
        code,
        output: Buffer.concat(output).toString('utf8'),
        seconds: (performance.now() - started) / 1000,
      });
    };
    child.once('error', (error) => end(1, error));
    child.once('close', (code) => end(code));
  });

const print = ({ step, code, output, seconds }: StepRun): void => {
  const outcome = code === 0 ? '✓' : code === SKIPPED ? 'skipped' : `✗ exit ${code ?? 'signal'}`;
  const title = `── ${step} ${outcome} ${seconds.toFixed(1)} s `;
  console.log(`\n${title}${'─'.repeat(Math.max(3, 72 - title.length))}`);
  if (output.trim() !== '') console.log(output.trimEnd());
};

const runChain = async (chain: readonly string[]): Promise<void> => {
  for (const step of chain) {
    if (failure !== undefined) return;
    const run = await runStep(step);
    if (failure !== undefined) return; // stopped: another step failed first
    if (run.code === SKIPPED) {
      skipped.push(run);
      print(run);
      continue;
    }
    if (run.code !== 0) {
      failure = run;
      stopAll('SIGTERM');
      return;
    }
    finished.push(run);
    print(run);
  }
};

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stopAll(signal);
    process.exit(130);
  });

const started = performance.now();
const queue = [...chains];
await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    for (let chain = queue.shift(); chain !== undefined && failure === undefined; chain = queue.shift())
      await runChain(chain);
  }),
);
const total = ((performance.now() - started) / 1000).toFixed(1);

const width = Math.max(...finished.map(({ step }) => step.length));
console.log(`\n${finished.length} steps passed in ${total} s (${jobs} at a time):`);
for (const { step, seconds } of finished) console.log(`  ${step.padEnd(width)}  ${seconds.toFixed(1).padStart(6)} s`);
if (skipped.length > 0) {
  console.log(`${skipped.length} skipped:`);
  for (const { step, output } of skipped) console.log(`  ${step}: ${output.trim().split('\n').at(-1) ?? ''}`);
}
if (failure !== undefined) {
  const stopped = chains.flat().filter((step) => step !== failure?.step && !finished.some((run) => run.step === step));
  if (stopped.length > 0) console.log(`Not run or stopped: ${stopped.join(', ')}.`);
  print(failure);
  console.error(`\n${failure.step} failed (its output is just above).`);
  process.exit(1);
}
