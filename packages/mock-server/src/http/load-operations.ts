import type * as ResponsesModule from '../generated/operation-responses.js';
import type { OperationId, WebhookEventName } from '../generated/routes.js';
import { inputsByTag } from '../generated/operation-inputs.js';
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

/** The request schemas of each tag's operations: loaded with the first request of the tag, then read without waiting. */
const inputsOfTag = new Map(
  Object.entries(inputsByTag).map(([tag, load]) => [
    tag,
    loader<Partial<Inputs>>(() => load().then((module) => module.operationInputs)),
  ]),
);

/** The loader of the module that holds the request schemas of an operation's tag. */
const tagLoader = (operationId: OperationId): ReturnType<typeof loader<Partial<Inputs>>> => {
  const tag = inputsOfTag.get(routes[operationId].tag);
  if (tag === undefined) throw new Error(`${operationId} has no request schemas`);
  return tag;
};

/**
 * What the mock reads one operation's request with: the schemas of its tag load with the first
 * request of the tag (a page that only lists categories loads no voucher's schema), and are read
 * without waiting after.
 */
export const operationInput = {
  /** Loads the schemas of the operation's tag, once per process or page. */
  load: async (operationId: OperationId): Promise<OperationInput> =>
    (await tagLoader(operationId).load())[operationId] as OperationInput,
  /** The operation's input if its tag has loaded, else `undefined`. */
  loaded: (operationId: OperationId): OperationInput | undefined => tagLoader(operationId).loaded()?.[operationId],
};

/** The request schemas of every operation: every tag's module, joined per operation on first read. */
export const operationInputs = loader<Inputs>(async () => {
  const ids = Object.keys(routes) as OperationId[];
  const tables = await Promise.all(ids.map((id) => tagLoader(id).load()));
  return builtOnRead(
    Object.fromEntries(ids.map((id, index) => [id, () => tables[index]?.[id] as OperationInput])) as Record<
      OperationId,
      () => OperationInput
    >,
  );
});

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
