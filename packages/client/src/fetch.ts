/**
 * The client typed for openapi-fetch as well: `client.GET`/`POST`/… resolving to
 * `{ data, error, response }`. Everything of the main entry is here too. The main entry leaves
 * openapi-fetch's generic types out of its declarations because they cost a consumer's
 * type-checker seconds; import from here when you want them.
 *
 * @example
 * ```ts
 * import { createClient, unwrap } from '@voucherkit/client/fetch';
 *
 * const client = createClient({ auth: { type: 'server', appId: 'id', appToken: 'secret' } });
 * const { data, error } = await client.GET('/v1/categories');
 * const category = await unwrap(client.POST('/v1/categories', { body: { name: 'Summer', hierarchy: 1 } }));
 * ```
 *
 * @module @voucherkit/client/fetch
 */
import {
  type AuthOptions,
  type Resources,
  type VoucherkitClientOptions,
  type VoucherkitHelpers,
  createClient as createMainClient,
  type paths,
} from '@voucherkit/client';
import type { Client } from 'openapi-fetch';

export * from '@voucherkit/client';
export type { Client, Middleware } from 'openapi-fetch';

/**
 * The client as openapi-fetch types it: `GET`/`POST`/… returning `{ data, error, response }`
 * (never throwing for HTTP failures), `use`/`eject` for middleware, plus the resource API and the
 * helpers of {@link VoucherkitClient}. Unlike the main entry's client, its type offers every
 * operation whatever the credentials.
 *
 * @typeParam A - The kind of credentials, which decides whether `client.oauth` exists.
 * @example
 * ```ts
 * const client: VoucherkitFetchClient = createClient({ auth });
 * const { data, error } = await client.GET('/v1/categories');
 * ```
 */
export type VoucherkitFetchClient<A extends AuthOptions = AuthOptions> = Client<paths> &
  VoucherkitHelpers<A> &
  Resources;

/**
 * Creates the client typed for openapi-fetch as well: `client.GET('/v1/…', { params })` and the
 * other methods resolve to `{ data, error, response }` and never throw for HTTP failures (wrap a
 * call in {@link unwrap} to get the data or the typed error). It is the same client as the main
 * entry's `createClient`; only its type is wider.
 *
 * @param options - Base URL, credentials and behaviour.
 * @returns The client.
 * @throws {@link ConfigurationError} when the OAuth scopes are invalid.
 * @example
 * ```ts
 * import { createClient } from '@voucherkit/client/fetch';
 * const client = createClient({ baseUrl, auth: { type: 'server', appId, appToken } });
 * const { data, error } = await client.POST('/v1/categories', { body: { name: 'Summer', hierarchy: 1 } });
 * if (error) console.warn(error.key);
 * else console.log(data.id);
 * ```
 */
export function createClient<A extends AuthOptions>(options: VoucherkitClientOptions<A>): VoucherkitFetchClient<A> {
  // The main entry's client is an openapi-fetch client with helpers and resources attached.
  return createMainClient(options) as unknown as VoucherkitFetchClient<A>;
}
