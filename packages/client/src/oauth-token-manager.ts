import type { Client } from 'openapi-fetch';
import { ConfigurationError, errorFromResponse } from './errors.js';
import type { components, paths } from './generated/schema.js';

/**
 * A token as `POST /v1/oauth/token` returns it.
 *
 * @example
 * ```ts
 * const token: OAuthToken = await client.oauth.getToken();
 * ```
 */
export type OAuthToken = components['schemas']['OAuthToken'];

/**
 * What `POST /v1/oauth/introspect` says about a token.
 *
 * @example
 * ```ts
 * const state: OAuthTokenIntrospection = await client.oauth.introspect();
 * if (!state.active) console.warn('token no longer works');
 * ```
 */
export type OAuthTokenIntrospection = components['schemas']['OAuthTokenIntrospection'];

export interface OAuthTokenManagerOptions {
  /** A client without auth middleware; token requests carry the app keys themselves. */
  readonly client: Client<paths>;
  /** The application id. */
  readonly appId: string;
  /** The application secret. */
  readonly appToken: string;
  /** Scopes to request. */
  readonly scopes: readonly string[];
  /** Renew this many milliseconds before expiry. Default: 60 000. */
  readonly refreshMarginMs?: number | undefined;
  /** The clock, in milliseconds since the epoch. */
  readonly now: () => number;
  /** Called with every new token (the client uses it to redact the token from error bodies). */
  readonly onToken?: ((token: OAuthToken) => void) | undefined;
}

/**
 * Fetches, caches, renews and revokes the OAuth token of one client.
 *
 * @example
 * ```ts
 * const client = createClient({ auth: { type: 'oauth', appId, appToken, scopes: ['api'] } });
 * const { access_token, expires_at } = await client.oauth.getToken();
 * await client.oauth.revoke();
 * ```
 */
export interface OAuthTokenManager {
  /** The scope string sent with token requests (space-delimited). */
  readonly scope: string;
  /**
   * The current token: the cached one while it is fresh, otherwise a new one. Concurrent callers
   * share one request.
   *
   * @throws {@link VoucherkitError} when the token request fails.
   */
  getToken(): Promise<OAuthToken>;
  /**
   * Forgets the cached token so the next call fetches a new one. With `accessToken`, only when
   * that is still the cached token (so that many parallel 401s renew once).
   */
  invalidate(accessToken?: string): void;
  /**
   * Revokes the cached token at the service and forgets it; does nothing without one. A token
   * the service no longer knows (404) counts as revoked.
   *
   * @throws {@link VoucherkitError} when the service refuses the revocation.
   */
  revoke(): Promise<void>;
  /**
   * Asks the service about a token (by default the cached one, fetching one if needed).
   *
   * @throws {@link VoucherkitError} when the request fails.
   */
  introspect(accessToken?: string): Promise<OAuthTokenIntrospection>;
}

const DEFAULT_REFRESH_MARGIN_MS = 60_000;
const FORM = 'application/x-www-form-urlencoded';

/**
 * Checks the scopes and joins them with single spaces, as the token endpoint expects.
 *
 * @param scopes - One scope per entry.
 * @returns The space-delimited scope string.
 * @throws {@link ConfigurationError} when there is no scope, or a scope is empty or contains
 * whitespace or a comma (the service refuses commas as separators).
 */
export function formatScopes(scopes: readonly string[]): string {
  if (scopes.length === 0) throw new ConfigurationError('OAuth needs at least one scope, for example ["api"]');
  for (const scope of scopes) {
    if (!/^[^\s,]+$/.test(scope)) {
      throw new ConfigurationError(
        `Invalid OAuth scope ${JSON.stringify(scope)}: pass one scope per array entry, without spaces or commas`,
      );
    }
  }
  return [...new Set(scopes)].join(' ');
}

/**
 * Creates the token manager of an OAuth client (client-credentials grant). A token counts as
 * fresh until `refreshMarginMs` before it expires; the expiry is the local fetch time plus
 * `expires_in`, so clocks that disagree (a skewed server, or a mock with a frozen clock) cannot
 * make it look expired or fresh by mistake; a token the service already considers expired is
 * renewed on its 401.
 *
 * @param options - Keys, scopes, clock and the client to send token requests with.
 * @returns The token manager.
 * @throws {@link ConfigurationError} when a scope is invalid (see {@link formatScopes}).
 */
export function createOAuthTokenManager(options: OAuthTokenManagerOptions): OAuthTokenManager {
  const { client, now } = options;
  const scope = formatScopes(options.scopes);
  const margin = options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
  const keyHeaders = { 'Content-Type': FORM, 'X-App-Id': options.appId, 'X-App-Token': options.appToken };

  let cached: { token: OAuthToken; renewAt: number } | undefined;
  let inflight: Promise<OAuthToken> | undefined;

  const request = async (): Promise<OAuthToken> => {
    const fetchedAt = now();
    const { data, error, response } = await client.POST('/v1/oauth/token', {
      body: { grant_type: 'client_credentials', scope },
      headers: keyHeaders,
    });
    if (!response.ok || data === undefined) throw errorFromResponse(response, error, now());
    const expiresAt = fetchedAt + data.expires_in * 1000;
    // A margin longer than half the lifetime would renew on every call.
    const renewAt = expiresAt - Math.min(margin, (expiresAt - fetchedAt) / 2);
    cached = { token: data, renewAt };
    options.onToken?.(data);
    return data;
  };

  const getToken = (): Promise<OAuthToken> => {
    if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
    inflight ??= request().finally(() => {
      inflight = undefined;
    });
    return inflight;
  };

  return {
    scope,
    getToken,
    invalidate(accessToken) {
      if (accessToken === undefined || cached?.token.access_token === accessToken) cached = undefined;
    },
    async revoke() {
      const token = cached?.token ?? (inflight ? await inflight.catch(() => undefined) : undefined);
      cached = undefined;
      if (!token) return;
      const { error, response } = await client.POST('/v1/oauth/token/revoke', {
        body: { access_token: token.access_token },
        headers: keyHeaders,
      });
      if (!response.ok && response.status !== 404) throw errorFromResponse(response, error, now());
    },
    async introspect(accessToken) {
      const token = accessToken ?? (await getToken()).access_token;
      const { data, error, response } = await client.POST('/v1/oauth/introspect', {
        body: { access_token: token },
        headers: keyHeaders,
      });
      if (!response.ok || data === undefined) throw errorFromResponse(response, error, now());
      return data;
    },
  };
}
