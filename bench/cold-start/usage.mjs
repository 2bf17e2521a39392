/**
 * Loaded with `--import` into each run of a cold-start file: at exit it writes the process's CPU
 * time and peak resident memory to stderr, for `bench/cold-start.ts` to read.
 */
process.on('exit', () => {
  const { userCPUTime, systemCPUTime, maxRSS } = process.resourceUsage();
  process.stderr.write(`\nusage ${JSON.stringify({ cpuMs: (userCPUTime + systemCPUTime) / 1000, peakKiB: maxRSS })}\n`);
});
