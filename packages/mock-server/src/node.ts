/**
 * Node entry point: everything from the main entry, plus the HTTP sandbox server and the files
 * of the untested report (tallies saved by test files, merged after the run).
 * @module @voucherkit/mock-server/node
 */
export * from './index.js';
export { listen, type HttpSandbox, type ListenOptions } from './http-server.js';
export {
  DEFAULT_TALLY_DIR,
  readTallies,
  saveTally,
  untestedReportSetup,
  type UntestedReportSetupOptions,
} from './testing/tally-files.js';
