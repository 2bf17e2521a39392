/**
 * Node entry point: everything from the main entry, plus the HTTP sandbox server.
 * @module @voucherkit/mock-server/node
 */
export * from './index.js';
export { listen, type HttpSandbox, type ListenOptions } from './http-server.js';
