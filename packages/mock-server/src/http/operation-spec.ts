import type { z } from 'zod';

/**
 * One operation of the spec as the mock routes and validates it: its route, the security
 * alternatives it accepts, and the zod schemas of its request parts and of each documented
 * response (`null` for a response without a body).
 *
 * @example
 * const spec: OperationSpec = operations.getCategory;
 * spec.pathParams.parse({ categoryId: 'cat_1' });
 */
export interface OperationSpec {
  /** The HTTP method, upper case. */
  readonly method: string;
  /** The path template, with `{name}` for path parameters. */
  readonly path: string;
  /** The first tag of the operation (its resource). */
  readonly tag: string;
  /** Alternatives: each entry names the security schemes that together satisfy it. */
  readonly security: readonly Readonly<Record<string, readonly string[]>>[];
  /** Validates and coerces the path parameters (an object by name). */
  readonly pathParams: z.ZodType;
  /** Validates and coerces the query (an object by parameter name). */
  readonly query: z.ZodType;
  /** Query parameters that are lists even when they appear once. */
  readonly arrayQuery: readonly string[];
  /** Query parameters in deep-object style (`filters[…]`). */
  readonly deepQuery: readonly string[];
  /** The request body the operation takes: its media type, whether it is required, and its schema. */
  readonly body: { readonly contentType: string; readonly required: boolean; readonly schema: z.ZodType } | null;
  /** The schema of each documented response body, by status (`null` for a response without a body). */
  readonly responses: Readonly<Record<string, z.ZodType | null>>;
}
