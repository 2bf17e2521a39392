import { buildClient } from './client-core.js';
import type { VoucherkitClientOptions, VoucherkitHelpers } from './client-options.js';
import type { AuthOptions } from './credentials.js';
import type { Resources } from './generated/resources.js';

/**
 * The client: the resource API ({@link Resources}: `client.vouchers.get(code)` … one typed method
 * per operation that returns the body or throws the typed {@link VoucherkitError}), plus
 * {@link VoucherkitHelpers}. For openapi-fetch's `GET`/`POST`/… style with `{ data, error, response }`,
 * import `createClient` from `@voucherkit/client/fetch` instead: same client, typed for both.
 *
 * @typeParam A - The kind of credentials, which decides whether `client.oauth` exists.
 * @example
 * ```ts
 * const client: VoucherkitClient = createClient({ auth });
 * const category = await client.categories.create({ name: 'Summer', hierarchy: 1 });
 * ```
 */
export type VoucherkitClient<A extends AuthOptions = AuthOptions> = VoucherkitHelpers<A> & Resources;

/**
 * Creates a typed client of the service. Every request is authenticated, retried on network
 * errors, 429 and 5xx (idempotent requests only, except 429; pass `{ idempotent: true }` in a
 * call's options to let a non-idempotent one be retried too), and failed responses have
 * credentials removed from their bodies. Methods resolve to the response body and reject with
 * the {@link VoucherkitError} subclass of the failure ({@link NotFoundError}, {@link BadRequestError} …),
 * or {@link ConnectionError} when no response arrives.
 *
 * @param options - Base URL, credentials and behaviour.
 * @returns The client.
 * @throws {@link ConfigurationError} when the OAuth scopes are invalid.
 * @example
 * ```ts
 * const client = createClient({ auth: { type: 'oauth', appId, appToken, scopes: ['vouchers'] } });
 * try {
 *   const voucher = await client.vouchers.get('SUMMER10');
 *   console.log(voucher.active);
 * } catch (error) {
 *   if (error instanceof NotFoundError) console.warn('no such code');
 *   else throw error;
 * }
 * ```
 */
export function createClient<A extends AuthOptions>(options: VoucherkitClientOptions<A>): VoucherkitClient<A> {
  return buildClient(options);
}
