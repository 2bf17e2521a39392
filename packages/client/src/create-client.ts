import { buildClient } from './client-core.js';
import type { VoucherkitClientOptions, VoucherkitHelpers } from './client-options.js';
import type { AuthOptions } from './credentials.js';
import type { KeyedResources } from './keyed-resources.js';

/**
 * The client: the resource API ({@link Resources}: `client.vouchers.get(code)` … one typed method
 * per operation that returns the body or throws the typed {@link VoucherkitError}), plus
 * {@link VoucherkitHelpers}. Its type follows its credentials ({@link KeyedResources}): a call
 * those credentials cannot make, such as a server operation with client-side keys, does not
 * compile, and the error says what the operation needs. For openapi-fetch's `GET`/`POST`/… style with `{ data, error, response }`,
 * import `createClient` from `@voucherkit/client/fetch` instead: same client, typed for both.
 *
 * @typeParam A - The credentials: their kind (and OAuth scopes) decide which operations compile, and whether `client.oauth` exists.
 * @example
 * ```ts
 * const client: VoucherkitClient = createClient({ auth });
 * const category = await client.categories.create({ name: 'Summer', hierarchy: 1 });
 * ```
 */
export type VoucherkitClient<A extends AuthOptions = AuthOptions> = VoucherkitHelpers<A> & KeyedResources<A>;

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
export function createClient<const A extends AuthOptions>(options: VoucherkitClientOptions<A>): VoucherkitClient<A> {
  // The runtime client has every method; its type keeps those the credentials may call.
  return buildClient(options) as unknown as VoucherkitClient<A>;
}
