/**
 * `npm run bench`: the project's performance figures, each measured against a reference in the
 * same run (these machines are shared and noisy, so only ratios are meaningful). Runs against
 * the built packages, as an app would.
 */
import { bundleSize } from './bundle-size.ts';
import { mockThroughput } from './mock-throughput.ts';
import { typeCheckCost } from './type-check.ts';

const sections = [await mockThroughput(), typeCheckCost(), await bundleSize()];
console.log(`Voucherkit benchmark\n\n${sections.map((lines) => lines.join('\n')).join('\n\n')}`);
