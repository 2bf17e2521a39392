import openApiFetch, { type Client, type Middleware } from 'openapi-fetch';
import { type AsyncAction, type WaitForAsyncActionOptions, waitForAsyncAction } from './async-actions.js';
import { createAuthMiddleware } from './auth-middleware.js';
import { type AuthOptions, type OAuthAuth, secretsOf } from './credentials.js';
import type { paths } from './generated/schema.js';
import { type OAuthTokenManager, createOAuthTokenManager } from './oauth-token-manager.js';
import { type ListItem, type ListPath, type PaginateArgs, paginate } from './paginate.js';
import { createRedactionMiddleware } from './redact-secrets.js';
import { type FetchFunction, type RetryOptions, createRetryingFetch, defaultRetryOptions } from './retrying-fetch.js';
import { type Runtime, type Sleep, defaultRuntime } from './runtime.js';

/**
 * The default base address of the service (without `/v1`: the paths carry it).
 *
 * @example
 * ```ts
 * createClient({ baseUrl: DEFAULT_BASE_URL, auth });
 * ```
 */
export const DEFAULT_BASE_URL = 'https://api.voucherify.io';

/**
 * Identifies the application in the service's API logs (the `X-Voucherify-Channel` header).
 *
 * @example
 * ```ts
 * const appInfo: AppInfo = { name: 'shop-backend', version: '1.4.0' };
 * ```
 */
export interface AppInfo {
  /** Name of the application. */
  readonly name: string;
  /** Version of the application. */
  readonly version?: string | undefined;
}

/**
 * Options of {@link createClient}.
 *
 * @typeParam A - The kind of credentials, which decides whether `client.oauth` exists.
 * @example
 * ```ts
 * const options: VoucherkitClientOptions = {
 *   auth: { type: 'server', appId: process.env.APP_ID!, appToken: process.env.APP_TOKEN! },
 *   retry: { ...defaultRetryOptions, retries: 4 },
 * };
 * ```
 */
export interface VoucherkitClientOptions<A extends AuthOptions = AuthOptions> {
  /** Base address of the service, without `/v1`. Default: `https://api.voucherify.io`. */
  readonly baseUrl?: string | undefined;
  /** Credentials. */
  readonly auth: A;
  /** The fetch to use. Default: `globalThis.fetch`, looked up on every request. */
  readonly fetch?: FetchFunction | undefined;
  /** Retry settings (merged over {@link defaultRetryOptions}), or `false` to never retry. */
  readonly retry?: Partial<RetryOptions> | false | undefined;
  /** Headers sent with every request. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** Names the application in the service's API logs. */
  readonly appInfo?: AppInfo | undefined;
  /** Replaces the timer used for backoff and polling, for tests. */
  readonly sleep?: Sleep | undefined;
  /** Replaces the clock (milliseconds since the epoch) used for token expiry, for tests. */
  readonly now?: (() => number) | undefined;
  /** Replaces the random source of backoff jitter (`[0, 1)`), for tests. */
  readonly random?: (() => number) | undefined;
}

/**
 * The helpers that {@link createClient} adds to the openapi-fetch client.
 *
 * @typeParam A - The kind of credentials.
 * @example
 * ```ts
 * for await (const category of client.paginate('/v1/categories')) console.log(category.name);
 * ```
 */
export interface VoucherkitHelpers<A extends AuthOptions = AuthOptions> {
  /**
   * Iterates over every item of a list endpoint; see {@link paginate}.
   *
   * @param path - A list path.
   * @param init - Request options of the GET, plus `by`.
   */
  paginate<P extends ListPath>(path: P, ...init: PaginateArgs<P>): AsyncGenerator<ListItem<P>, void, undefined>;
  /**
   * Polls an async action until it is `DONE`; see {@link waitForAsyncAction}. Uses the client's
   * clock and timer unless the options replace them.
   *
   * @param asyncActionId - The job's id.
   * @param options - Interval, timeout and cancellation.
   */
  waitForAsyncAction(asyncActionId: string, options?: WaitForAsyncActionOptions): Promise<AsyncAction>;
  /** The OAuth token manager; present exactly when `auth.type` is `'oauth'`. */
  readonly oauth: A extends OAuthAuth ? OAuthTokenManager : undefined;
  /** Releases what the client holds: revokes the OAuth token, if any. */
  close(): Promise<void>;
}

/**
 * The client: openapi-fetch's typed `GET`/`POST`/`PUT`/`DELETE`/… returning
 * `{ data, error, response }`, plus {@link VoucherkitHelpers}.
 *
 * @typeParam A - The kind of credentials.
 * @example
 * ```ts
 * const client: VoucherkitClient = createClient({ auth });
 * const { data, error } = await client.GET('/v1/categories');
 * ```
 */
export type VoucherkitClient<A extends AuthOptions = AuthOptions> = Client<paths> & VoucherkitHelpers<A>;

const CHANNEL = 'Voucherkit-JS';

// openapi-fetch ships CommonJS with `exports.default`. Our CJS build imports it with Node's
// interop, which hands over the whole exports object as the default import; unwrap it there.
const createOpenApiClient: typeof openApiFetch =
  typeof openApiFetch === 'function' ? openApiFetch : (openApiFetch as unknown as { default: typeof openApiFetch }).default;

const withMiddleware = (client: Client<paths>, ...middleware: Middleware[]): Client<paths> => {
  client.use(...middleware);
  return client;
};

const normalizeBaseUrl = (baseUrl: string): string => baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');

/**
 * Creates a typed client of the service. Every request is authenticated, retried on network
 * errors, 429 and 5xx (idempotent requests only, except 429), and failed responses have
 * credentials removed from their bodies. Raw calls resolve to `{ data, error, response }` and
 * reject only when no response arrives ({@link ConnectionError}) or an OAuth token cannot be
 * obtained; wrap them in {@link unwrap} to get data or a thrown {@link VoucherkitError}.
 *
 * To let a non-idempotent request be retried after a network error or 5xx, pass
 * `idempotent: true` with it.
 *
 * @param options - Base URL, credentials and behaviour.
 * @returns The client.
 * @throws {@link ConfigurationError} when the OAuth scopes are invalid.
 * @example
 * ```ts
 * const client = createClient({ auth: { type: 'oauth', appId, appToken, scopes: ['categories'] } });
 * const { data, error } = await client.POST('/v1/categories', { body: { name: 'Summer', hierarchy: 1 } });
 * if (error) console.warn(error.key);
 * else console.log(data.id);
 * ```
 */
export function createClient<A extends AuthOptions>(options: VoucherkitClientOptions<A>): VoucherkitClient<A> {
  const runtime: Runtime = {
    sleep: options.sleep ?? defaultRuntime.sleep,
    now: options.now ?? defaultRuntime.now,
    random: options.random ?? defaultRuntime.random,
  };
  const retry = options.retry === false ? false : { ...defaultRetryOptions, ...options.retry };
  const channel = options.appInfo
    ? `${options.appInfo.name}${options.appInfo.version ? `/${options.appInfo.version}` : ''} ${CHANNEL}`
    : CHANNEL;
  const clientOptions = {
    baseUrl: normalizeBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL),
    fetch: createRetryingFetch({ fetch: options.fetch, retry, runtime }),
    headers: { 'X-Voucherify-Channel': channel, ...options.headers },
  };

  const { auth } = options;
  let currentToken: string | undefined;
  const redaction = createRedactionMiddleware(() => [...secretsOf(auth), ...(currentToken === undefined ? [] : [currentToken])]);
  const tokens =
    auth.type === 'oauth'
      ? createOAuthTokenManager({
          // Token requests carry the app keys themselves, so they skip the auth middleware.
          client: withMiddleware(createOpenApiClient<paths>(clientOptions), redaction),
          appId: auth.appId,
          appToken: auth.appToken,
          scopes: auth.scopes,
          refreshMarginMs: auth.refreshMarginMs,
          now: runtime.now,
          onToken: (token) => {
            currentToken = token.access_token;
          },
        })
      : undefined;

  const api = createOpenApiClient<paths>(clientOptions);
  // onResponse runs in reverse order: auth (401 replay) first, then redaction of the final response.
  withMiddleware(api, redaction, createAuthMiddleware(auth, tokens));

  const helpers: VoucherkitHelpers<A> = {
    paginate: (path, ...init) => paginate(api, path, ...init),
    waitForAsyncAction: (asyncActionId, waitOptions = {}) =>
      waitForAsyncAction(api, asyncActionId, { sleep: runtime.sleep, now: runtime.now, ...waitOptions }),
    // `tokens` exists exactly when A is OAuthAuth, which is what the conditional type says.
    oauth: tokens as VoucherkitHelpers<A>['oauth'],
    close: async () => {
      await tokens?.revoke();
    },
  };
  return Object.assign(api, helpers);
}
