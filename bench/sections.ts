/**
 * The sections of `npm run bench`, by name, in the order it runs them, and the parts of a section
 * that can be run alone (`node --expose-gc bench/run.ts loyalty-nightly`, or through
 * `bench/builds.ts` to compare two builds).
 */
import { answerShapes } from './answer-shapes.ts';
import { browserBundle } from './browser-bundle.ts';
import { bundleSize } from './bundle-size.ts';
import { codeGeneration } from './code-generation.ts';
import { coldStart } from './cold-start.ts';
import { commerce } from './commerce.ts';
import { discounts } from './discounts.ts';
import { exportsBenchmark } from './exports.ts';
import { filterEngine } from './filter-engine.ts';
import { formulaBenchmark } from './formulas.ts';
import { historyBenchmark } from './history.ts';
import { journalBenchmark } from './journal.ts';
import { listsBenchmark } from './lists.ts';
import { loyaltyBenchmark, loyaltyNightly, loyaltyPaidOrders } from './loyalty.ts';
import { mockThroughput } from './mock-throughput.ts';
import { publicationsBenchmark } from './publications.ts';
import { qualifications } from './qualifications.ts';
import { sandboxDashboard } from './sandbox-dashboard.ts';
import { sandboxHttp } from './sandbox-http.ts';
import { snapshotsBenchmark } from './snapshots.ts';
import { stackingApplication } from './stacking-application.ts';
import { tallyBenchmark } from './tally.ts';
import { typeCheckCost } from './type-check.ts';
import { validationRules } from './validation-rules.ts';
import { validationsBenchmark } from './validations.ts';
import { validityWindow } from './validity-window.ts';
import { vouchersBenchmark } from './vouchers.ts';
import { webhooksBenchmark } from './webhooks.ts';

/** What a section answers: its lines, printed as one block. */
export type Section = () => string[] | Promise<string[]>;

export const SECTIONS: Readonly<Record<string, Section>> = {
  'mock-throughput': mockThroughput,
  'cold-start': coldStart,
  'sandbox-http': sandboxHttp,
  'sandbox-dashboard': sandboxDashboard,
  'answer-shapes': answerShapes,
  'type-check': typeCheckCost,
  'bundle-size': bundleSize,
  'browser-bundle': browserBundle,
  'code-generation': codeGeneration,
  'validity-window': validityWindow,
  'filter-engine': filterEngine,
  discounts: discounts,
  'stacking-application': stackingApplication,
  formulas: formulaBenchmark,
  'validation-rules': validationRules,
  vouchers: vouchersBenchmark,
  commerce: commerce,
  publications: publicationsBenchmark,
  exports: exportsBenchmark,
  validations: validationsBenchmark,
  qualifications: qualifications,
  loyalty: loyaltyBenchmark,
  history: historyBenchmark,
  lists: listsBenchmark,
  webhooks: webhooksBenchmark,
  journal: journalBenchmark,
  tally: tallyBenchmark,
  snapshots: snapshotsBenchmark,
};

/** Parts of a section, run alone only when named. */
export const PARTS: Readonly<Record<string, Section>> = {
  'loyalty-paid-orders': loyaltyPaidOrders,
  'loyalty-nightly': loyaltyNightly,
};
