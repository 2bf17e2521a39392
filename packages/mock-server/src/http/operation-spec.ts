import type { z } from 'zod/mini';

/**
 * One operation of the spec as the mock routes it: its route, the security alternatives it
 * accepts, and the shape of its query and body, without schemas. The route table is small and
 * loaded with the mock; the schemas come on first use (`loadOperations`).
 *
 * @example
 * const route: OperationRoute = routes.getCategory; // { method: 'GET', path: '/v1/categories/{categoryId}', … }
 */
export interface OperationRoute {
  /** The HTTP method, upper case. */
  readonly method: string;
  /** The path template, with `{name}` for path parameters. */
  readonly path: string;
  /** The first tag of the operation (its resource). */
  readonly tag: string;
  /** Alternatives: each entry names the security schemes that together satisfy it. */
  readonly security: readonly Readonly<Record<string, readonly string[]>>[];
  /** Query parameters that are lists even when they appear once. */
  readonly arrayQuery: readonly string[];
  /** Query parameters in deep-object style (`filters[…]`). */
  readonly deepQuery: readonly string[];
  /** The request body the operation takes: its media type and whether it is required. */
  readonly body: { readonly contentType: string; readonly required: boolean } | null;
}

/**
 * One operation of the spec with its schemas: its route, and the zod schemas of its request parts
 * and of each documented response (`null` for a response without a body).
 *
 * @example
 * const { operations } = await loadOperations();
 * const spec: OperationSpec = operations.getCategory;
 * spec.pathParams.parse({ categoryId: 'cat_1' });
 */
export interface OperationSpec extends Omit<OperationRoute, 'body'> {
  /** Validates and coerces the path parameters (an object by name). */
  readonly pathParams: z.ZodMiniType;
  /** Validates and coerces the query (an object by parameter name). */
  readonly query: z.ZodMiniType;
  /** The request body the operation takes: its media type, whether it is required, and its schema. */
  readonly body: { readonly contentType: string; readonly required: boolean; readonly schema: z.ZodMiniType } | null;
  /** The schema of each documented response body, by status (`null` for a response without a body). */
  readonly responses: Readonly<Record<string, z.ZodMiniType | null>>;
}

/**
 * What the mock reads a request of one operation with: its route and its request parts' schemas.
 * The responses' schemas load apart, for strict mode (decision 0074).
 */
export type OperationInput = Omit<OperationSpec, 'responses'>;

/**
 * The zod schemas of one outbound webhook event, in the response direction (unknown keys are
 * rejected): the whole sendout, and its `data` alone.
 *
 * @example
 * const { webhookEvents } = await loadOperations();
 * const spec: WebhookEventSpec = webhookEvents['voucher.created'];
 */
export interface WebhookEventSpec {
  /** Validates a whole sendout: the envelope, `type` and `data`. */
  readonly schema: z.ZodMiniType;
  /** Validates the sendout's `data` alone. */
  readonly data: z.ZodMiniType;
}
