/**
 * Node entry point: everything from the main entry, plus the HTTP sandbox server.
 * @packageDocumentation
 */
export * from './index.js';
export { listen, type HttpSandbox, type ListenOptions } from './http-server.js';
