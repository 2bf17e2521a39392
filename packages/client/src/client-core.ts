import openApiFetch, { type Client, type Middleware } from 'openapi-fetch';
import { serializeQuery } from './query-serializer.js';
import { createAuthMiddleware } from './auth-middleware.js';
import type { VoucherkitClientOptions, VoucherkitHelpers } from './client-options.js';
import { DEFAULT_BASE_URL } from './client-options.js';
import { type AuthOptions, secretsOf } from './credentials.js';
import type { Resources } from './generated/resources.js';
import type { paths } from './generated/schema.js';
import { createOAuthTokenManager } from './oauth-token-manager.js';
import { paginate } from './paginate.js';
import { waitForAsyncAction } from './async-actions.js';
import { createRedactionMiddleware } from './redact-secrets.js';
import { createResources } from './resources.js';
import { createRetryingFetch, defaultRetryOptions } from './retrying-fetch.js';
import { type Runtime, defaultRuntime } from './runtime.js';

const CHANNEL = 'Voucherkit-JS';

// openapi-fetch ships CommonJS with `exports.default`. Our CJS build imports it with Node's
// interop, which hands over the whole exports object as the default import; unwrap it there.
const createOpenApiClient: typeof openApiFetch =
  typeof openApiFetch === 'function'
    ? openApiFetch
    : (openApiFetch as unknown as { default: typeof openApiFetch }).default;

const withMiddleware = (client: Client<paths>, ...middleware: Middleware[]): Client<paths> => {
  client.use(...middleware);
  return client;
};

const normalizeBaseUrl = (baseUrl: string): string => baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');

/**
 * Builds the client both entry points hand out: openapi-fetch with auth, retries and redaction,
 * plus the helpers and the resource API.
 *
 * @param options - Base URL, credentials and behaviour.
 * @returns The client: openapi-fetch's, with the helpers and the resource API.
 * @throws {@link ConfigurationError} when the OAuth scopes are invalid.
 */
export function buildClient<A extends AuthOptions>(
  options: VoucherkitClientOptions<A>,
): Client<paths> & VoucherkitHelpers<A> & Resources {
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
    querySerializer: serializeQuery,
  };

  const { auth } = options;
  let currentToken: string | undefined;
  const redaction = createRedactionMiddleware(() => [
    ...secretsOf(auth),
    ...(currentToken === undefined ? [] : [currentToken]),
  ]);
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
  return Object.assign(api, helpers, createResources(api));
}
