/**
 * What runs in Node only: the HTTP sandbox (`listen`), and the files of the untested report
 * (tallies saved by test files, merged after the run). The service itself comes from the main
 * entry, `@voucherkit/mock-server`.
 * @module @voucherkit/mock-server/node
 */
export { listen, type HttpSandbox, type ListenOptions } from './http-server.js';
export {
  DEFAULT_TALLY_DIR,
  readTallies,
  saveTally,
  untestedReportSetup,
  type UntestedReportSetupOptions,
} from './testing/tally-files.js';
