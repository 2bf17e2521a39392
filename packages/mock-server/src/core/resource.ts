import type { components } from '@voucherkit/client';

/**
 * A stored record typed as the spec's schema of its resource, so a store can only hold what the
 * API documents (strict mode checks the same at run time).
 */
export type Resource<Name extends keyof components['schemas']> = components['schemas'][Name];
