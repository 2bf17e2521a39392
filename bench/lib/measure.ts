/** Helpers shared by the benchmarks: rates over a fixed time and medians of interleaved rounds. */
import { GCProfiler, getHeapStatistics } from 'node:v8';

/** Calls per second over the same run, by the wall clock and by this thread's CPU time. */
export interface Rates {
  readonly wall: number;
  /** Per second of the main thread's CPU time: what other processes on a shared machine disturb least (the wall rate where Node cannot tell). */
  readonly cpu: number;
}

/** The main thread's CPU time so far in milliseconds, where Node can tell it (22.16 and later). */
export const threadCpuMs = (): number | undefined => {
  const usage = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage?.();
  return usage === undefined ? undefined : (usage.user + usage.system) / 1000;
};

/** Calls `once` sequentially for `durationMs` after `warmup` calls: calls per second by the wall clock and per second of this thread's CPU time, so a busy machine's share of the time can be told apart. */
export const rates = async (once: () => Promise<unknown>, durationMs: number, warmup = 300): Promise<Rates> => {
  for (let i = 0; i < warmup; i += 1) await once();
  const [start, cpuStart] = [performance.now(), threadCpuMs()];
  let calls = 0;
  while (performance.now() - start < durationMs) {
    await once();
    calls += 1;
  }
  const wall = calls / ((performance.now() - start) / 1000);
  const cpuEnd = threadCpuMs();
  return { wall, cpu: cpuStart === undefined || cpuEnd === undefined ? wall : calls / ((cpuEnd - cpuStart) / 1000) };
};

/** Calls `once` sequentially for `durationMs` after `warmup` calls and returns calls per second (by the wall clock). */
export const rate = async (once: () => Promise<unknown>, durationMs: number, warmup = 300): Promise<number> =>
  (await rates(once, durationMs, warmup)).wall;

/** Milliseconds that `run` takes, awaited. */
export const time = async (run: () => unknown): Promise<number> => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};

/** The median of some numbers (the upper one of the two middle values for an even count). */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A fixed-width label column, so the report lines up. */
export const label = (text: string): string => text.padEnd(52);

/** Runs a full garbage collection when Node was started with `--expose-gc`, so heap readings count live data only. */
export const collectGarbage = (): void => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
};

/**
 * The heap in use once collecting has nothing more to free: collections until the heap stops
 * shrinking, ten at most. Two were not always enough: after a run that loaded the engine on
 * demand, the webhooks bench's first reading still held the earlier rounds' garbage, and its
 * bytes per delivery read 3.6 kB instead of 0.5.
 */
export const settledHeapUsed = (): number => {
  let used = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 10; round += 1) {
    collectGarbage();
    const now = process.memoryUsage().heapUsed;
    // Less than a thousandth freed: nothing left to collect but the noise of the collection itself.
    if (now > used * 0.999) return Math.min(now, used);
    used = now;
  }
  return used;
};

/**
 * What `run` returned, and the bytes this thread allocated on its heap while it ran: what the
 * heap grew by between collections, read from V8's GC profiler. Unlike a time, the figure hardly
 * moves with the machine's load, so a change of a few kilobytes per call shows in one run. Other
 * threads (a load generator in a worker) allocate on heaps of their own and are not counted.
 */
export const allocatedDuring = async <T>(run: () => Promise<T>): Promise<{ result: T; bytes: number }> => {
  const profiler = new GCProfiler();
  const start = getHeapStatistics().used_heap_size;
  profiler.start();
  const result = await run();
  const end = getHeapStatistics().used_heap_size;
  let bytes = 0;
  let after = start;
  for (const collection of profiler.stop()?.statistics ?? []) {
    bytes += collection.beforeGC.heapStatistics.usedHeapSize - after;
    after = collection.afterGC.heapStatistics.usedHeapSize;
  }
  return { result, bytes: bytes + end - after };
};
