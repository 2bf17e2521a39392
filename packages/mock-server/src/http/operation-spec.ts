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
  readonly method: string;
  readonly path: string;
  /** The first tag of the operation (its resource). */
  readonly tag: string;
  /** Alternatives: each entry names the security schemes that together satisfy it. */
  readonly security: readonly Readonly<Record<string, readonly string[]>>[];
  readonly pathParams: z.ZodType;
  readonly query: z.ZodType;
  /** Query parameters that are lists even when they appear once. */
  readonly arrayQuery: readonly string[];
  /** Query parameters in deep-object style (`filters[…]`). */
  readonly deepQuery: readonly string[];
  readonly body: { readonly contentType: string; readonly required: boolean; readonly schema: z.ZodType } | null;
  readonly responses: Readonly<Record<string, z.ZodType | null>>;
}
