import type { OperationId, WebhookEventName } from '../generated/routes.js';
import type { OperationSpec, WebhookEventSpec } from './operation-spec.js';

/**
 * The operation table with its zod schemas, and the webhook events' schemas.
 *
 * @example
 * const loaded: LoadedOperations = await loadOperations();
 */
export interface LoadedOperations {
  /** Every operation of the spec with the zod schemas of its request parts and responses. */
  readonly operations: Readonly<Record<OperationId, OperationSpec>>;
  /** Every webhook event of the spec with the zod schemas of its sendout and its `data`. */
  readonly webhookEvents: Readonly<Record<WebhookEventName, WebhookEventSpec>>;
}

/**
 * Loads the schemas of every operation and webhook event, once per process or page: the mock
 * reads a request's input with them, and strict mode its answers. They are most of the mock's
 * code, so a browser bundle keeps them out of its first chunk and fetches them on the first
 * request.
 *
 * @returns The operation table with its schemas, and the webhook events' schemas.
 * @example
 * ```ts
 * const { operations } = await loadOperations();
 * operations.createCategory.body?.schema.safeParse({ name: 'Summer', hierarchy: 1 }).success; // true
 * ```
 */
export const loadOperations = (): Promise<LoadedOperations> =>
  (loading ??= import('../generated/operations.js').then(
    ({ operations, webhookEvents }) => (loaded = { operations, webhookEvents }),
  ));

let loading: Promise<LoadedOperations> | undefined;
let loaded: LoadedOperations | undefined;

/**
 * The schemas when {@link loadOperations} has loaded them, else `undefined`: every request after
 * the first reads them without waiting.
 *
 * @returns The loaded table, or `undefined` before the first load finished.
 */
export const loadedOperations = (): LoadedOperations | undefined => loaded;
