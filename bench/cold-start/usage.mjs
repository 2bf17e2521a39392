import { readFileSync } from 'node:fs';

/**
 * Loaded with `--import` into each run of a cold-start file: at exit it writes the process's CPU
 * time and peak resident memory to stderr, for `bench/cold-start.ts` to read.
 */

/**
 * The peak resident memory of this process, in KiB. On Linux, `maxRSS` keeps the peak of the
 * process that spawned this one (the benchmark, which may be larger), while `VmHWM` is this
 * program's own; elsewhere `maxRSS` is all there is.
 */
const peakKiB = (maxRSS) => {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return hwm === undefined ? maxRSS : Number(hwm);
  } catch {
    return maxRSS;
  }
};

process.on('exit', () => {
  const { userCPUTime, systemCPUTime, maxRSS } = process.resourceUsage();
  process.stderr.write(
    `\nusage ${JSON.stringify({ cpuMs: (userCPUTime + systemCPUTime) / 1000, peakKiB: peakKiB(maxRSS) })}\n`,
  );
});
