import { errorFromResponse } from './errors.js';

/**
 * The shape of what openapi-fetch calls resolve to: `{ data, error, response }`.
 *
 * @example
 * ```ts
 * const result: FetchResultLike = await client.GET('/v1/categories');
 * ```
 */
export interface FetchResultLike {
  /** The parsed body of a successful response. */
  readonly data?: unknown;
  /** The parsed body of a failed response. */
  readonly error?: unknown;
  /** The response itself. */
  readonly response: Response;
}

/**
 * The `data` type of the successful branch of a `{ data, error, response }` result.
 *
 * @typeParam R - The result type of an openapi-fetch call.
 * @example
 * ```ts
 * type Category = SuccessData<Awaited<ReturnType<typeof client.GET<'/v1/categories/{categoryId}'>>>>;
 * ```
 */
export type SuccessData<R> = R extends { data: infer D; error?: never } ? D : never;

/**
 * Turns a raw `{ data, error, response }` result into its data, or throws the typed
 * {@link VoucherkitError} for a failed response: the subclass of its status, with the fields of
 * the service's error body. This is the "convenience methods throw" style; raw calls never throw for HTTP failures.
 *
 * @param result - An openapi-fetch call, or its awaited result.
 * @returns The success body (`undefined` for 204 responses).
 * @throws {@link VoucherkitError} (a subclass matching the status) when the response is not 2xx.
 * @example
 * ```ts
 * const category = await unwrap(client.POST('/v1/categories', { body: { name: 'Summer', hierarchy: 1 } }));
 * console.log(category.id);
 * ```
 */
export async function unwrap<R extends FetchResultLike>(result: R | PromiseLike<R>): Promise<SuccessData<R>> {
  const settled = await result;
  if (!settled.response.ok) throw errorFromResponse(settled.response, settled.error);
  // The success branch of the union is exactly the one whose response is ok.
  return settled.data as SuccessData<R>;
}
