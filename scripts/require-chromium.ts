/**
 * The guard in front of every step of `npm test` that drives Chromium. With Chromium found, it
 * passes. Without one, it exits with {@link SKIPPED}, which `scripts/run-steps.ts` reports as a
 * skipped step together with how to enable it, so `npm install && npm test` passes on a machine
 * without a browser; where `CI` is set, a missing Chromium fails the run instead, so CI never
 * hides the browser tests.
 *
 * Plain TypeScript with nothing to transform: `node scripts/require-chromium.ts`.
 */
import { CHROMIUM_INSTALL, findChromium } from '../examples/browser/scripts/chromium.mjs';
import { SKIPPED, inCi } from './lib/skipped-step.ts';

if (findChromium() === undefined) {
  if (inCi(process.env)) {
    console.error(`No Chromium found, and CI runs every browser test: ${CHROMIUM_INSTALL}.`);
    process.exit(1);
  }
  console.log(`Skipped, no Chromium found. To run it, ${CHROMIUM_INSTALL}.`);
  process.exit(SKIPPED);
}
