import type { AsyncAction, WaitForAsyncActionOptions } from './async-actions.js';
import type { AuthOptions, OAuthAuth } from './credentials.js';
import type { OAuthTokenManager } from './oauth-token-manager.js';
import type { ListItem, ListPath, PaginateArgs } from './paginate.js';
import type { FetchFunction, RetryOptions } from './retrying-fetch.js';
import type { Sleep } from './runtime.js';

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
 * The helpers every client has besides the resource API.
 *
 * @typeParam A - The kind of credentials.
 * @example
 * ```ts
 * for await (const category of client.paginate('/v1/categories')) console.log(category.name);
 * ```
 */
export interface VoucherkitHelpers<A extends AuthOptions = AuthOptions> {
  /**
   * Iterates over every item of a list endpoint, requesting further pages as needed (see
   * {@link PaginationStyle} for how the next page is asked for). Items are typed from the spec.
   *
   * @param path - A list path.
   * @param init - Request options of the GET, plus `by`.
   */
  paginate<P extends ListPath>(path: P, ...init: PaginateArgs<P>): AsyncGenerator<ListItem<P>, void, undefined>;
  /**
   * Polls an async action until it is `DONE`; throws {@link AsyncActionFailedError} when it fails and
   * {@link AsyncActionTimeoutError} when it takes too long. Uses the client's
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
