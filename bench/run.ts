/**
 * `npm run bench`: the project's performance figures, each measured against a reference or a
 * target in the same run (these machines are shared and noisy, so ratios and per-run figures are
 * what count). Runs against the built packages, as an app would; `npm run bench` passes
 * `--expose-gc` so the memory figures count live data only.
 */
import { browserBundle } from './browser-bundle.ts';
import { bundleSize } from './bundle-size.ts';
import { codeGeneration } from './code-generation.ts';
import { commerce } from './commerce.ts';
import { discounts } from './discounts.ts';
import { exportsBenchmark } from './exports.ts';
import { filterEngine } from './filter-engine.ts';
import { formulaBenchmark } from './formulas.ts';
import { historyBenchmark } from './history.ts';
import { journalBenchmark } from './journal.ts';
import { listsBenchmark } from './lists.ts';
import { loyaltyBenchmark } from './loyalty.ts';
import { mockThroughput } from './mock-throughput.ts';
import { publicationsBenchmark } from './publications.ts';
import { qualifications } from './qualifications.ts';
import { snapshotsBenchmark } from './snapshots.ts';
import { stackingApplication } from './stacking-application.ts';
import { tallyBenchmark } from './tally.ts';
import { typeCheckCost } from './type-check.ts';
import { validationRules } from './validation-rules.ts';
import { validationsBenchmark } from './validations.ts';
import { validityWindow } from './validity-window.ts';
import { vouchersBenchmark } from './vouchers.ts';
import { webhooksBenchmark } from './webhooks.ts';

// Each section prints as soon as it is done, so a long or failing run still shows what it measured.
const sections: readonly (() => string[] | Promise<string[]>)[] = [
  mockThroughput,
  typeCheckCost,
  bundleSize,
  browserBundle,
  codeGeneration,
  validityWindow,
  filterEngine,
  discounts,
  stackingApplication,
  formulaBenchmark,
  validationRules,
  vouchersBenchmark,
  commerce,
  publicationsBenchmark,
  exportsBenchmark,
  validationsBenchmark,
  qualifications,
  loyaltyBenchmark,
  historyBenchmark,
  listsBenchmark,
  webhooksBenchmark,
  journalBenchmark,
  tallyBenchmark,
  snapshotsBenchmark,
];
console.log('Voucherkit benchmark');
for (const section of sections) console.log(`\n${(await section()).join('\n')}`);
