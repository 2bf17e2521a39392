import type * as ResponsesModule from '../generated/operation-responses.js';
import type { OperationId, WebhookEventName } from '../generated/routes.js';
import { routes } from '../generated/routes.js';
import { builtOnRead } from './first-use.js';
import type { OperationInput, OperationSpec, WebhookEventSpec } from './operation-spec.js';

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

type Inputs = Readonly<Record<OperationId, OperationInput>>;
type Responses = typeof ResponsesModule;

/**
 * A module loaded on first use, once per process or page, and then read without waiting. The
 * schemas are most of the mock's code: a browser bundle keeps them out of its first chunk, and a
 * test file loads the response half only when strict mode or a payload check reads it.
 */
const loader = <T>(
  load: () => Promise<T>,
): { readonly load: () => Promise<T>; readonly loaded: () => T | undefined } => {
  let loading: Promise<T> | undefined;
  let value: T | undefined;
  return {
    load: () => (loading ??= load().then((loaded) => (value = loaded))),
    loaded: () => value,
  };
};

/** The request schemas of every operation: loaded with the first request, then read without waiting. */
export const operationInputs = loader<Inputs>(() =>
  import('../generated/operation-inputs.js').then((module) => module.operationInputs),
);

/** The response and webhook schemas: loaded with strict mode's first check or a payload check. */
export const operationResponses = loader<Responses>(() => import('../generated/operation-responses.js'));

/** Both halves joined per operation on first read: one table per process or page, as every call answers. */
const everything = loader<LoadedOperations>(async () => {
  const [requestSide, responseSide] = await Promise.all([operationInputs.load(), operationResponses.load()]);
  const operations = builtOnRead(
    Object.fromEntries(
      (Object.keys(routes) as OperationId[]).map((id) => [
        id,
        (): OperationSpec => ({ ...requestSide[id], responses: responseSide.operationResponses[id] }),
      ]),
    ) as Record<OperationId, () => OperationSpec>,
  );
  return { operations, webhookEvents: responseSide.webhookEvents };
});

/**
 * Loads the schemas of every operation and webhook event, once per process or page: the mock
 * reads a request's input with them, and strict mode its answers. Each schema is built when it is
 * first read.
 *
 * @returns The operation table with its schemas, and the webhook events' schemas.
 * @example
 * ```ts
 * const { operations } = await loadOperations();
 * operations.createCategory.body?.schema.safeParse({ name: 'Summer', hierarchy: 1 }).success; // true
 * ```
 */
export const loadOperations = (): Promise<LoadedOperations> => everything.load();
