/**
 * Unstable: what the Voucherkit repository's own benchmarks, scripts and examples reach inside the
 * mock, chiefly every project's whole state (all its stores) where `@voucherkit/mock-server`
 * shows views. This entry is not covered by semantic versioning: anything here may change or go
 * in any release, a patch included. It is not documented on the docs site; build on the main
 * entry instead.
 * @module @voucherkit/mock-server/internals
 */
export { fullService, type FullMockService } from './service.js';
export type { ProjectState } from './areas/state.js';
export type { OrganisationState } from './areas/organisation.js';
export { loadEngine } from './areas/engine/load.js';
