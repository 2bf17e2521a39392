import type { Middleware } from 'openapi-fetch';
import type { AuthOptions } from './credentials.js';
import type { OAuthTokenManager } from './oauth-token-manager.js';
import { copyIdempotentMark, discard } from './retrying-fetch.js';

const BEARER = 'Bearer ';

/**
 * The headers that carry static credentials (everything but OAuth).
 *
 * @param auth - The credentials.
 * @returns Header names and values; empty for OAuth, whose header depends on the current token.
 */
function keyHeaders(auth: AuthOptions): Record<string, string> {
  switch (auth.type) {
    case 'server':
      return { 'X-App-Id': auth.appId, 'X-App-Token': auth.appToken };
    case 'client':
      return {
        'X-Client-Application-Id': auth.clientAppId,
        'X-Client-Token': auth.clientToken,
        ...(auth.origin === undefined ? {} : { Origin: auth.origin }),
      };
    case 'management':
      return { 'X-Management-Id': auth.managementId, 'X-Management-Token': auth.managementToken };
    case 'oauth':
      return {};
  }
}

/**
 * Middleware that authenticates every request. Key-based credentials become their headers;
 * OAuth adds `Authorization: Bearer <token>` from the token manager and, when the service
 * answers 401 to that token, renews it once and sends the request again.
 *
 * The replay clones the request that was handed to `fetch`; the client's fetch wrapper always
 * sends clones, so that request still holds its body.
 *
 * @param auth - The credentials.
 * @param tokens - The token manager; required when `auth.type` is `'oauth'`.
 * @returns An openapi-fetch middleware.
 */
export function createAuthMiddleware(auth: AuthOptions, tokens?: OAuthTokenManager): Middleware {
  const headers = Object.entries(keyHeaders(auth));
  if (auth.type !== 'oauth' || tokens === undefined) {
    return {
      onRequest({ request }) {
        for (const [name, value] of headers) request.headers.set(name, value);
        return request;
      },
    };
  }
  return {
    async onRequest({ request }) {
      const { access_token } = await tokens.getToken();
      request.headers.set('Authorization', `${BEARER}${access_token}`);
      return request;
    },
    async onResponse({ request, response, options }) {
      const sent = request.headers.get('Authorization');
      if (response.status !== 401 || sent?.startsWith(BEARER) !== true || request.bodyUsed) return undefined;
      const stale = sent.slice(BEARER.length);
      tokens.invalidate(stale);
      const { access_token } = await tokens.getToken();
      if (access_token === stale) return undefined;
      const replay = copyIdempotentMark(request, request.clone());
      replay.headers.set('Authorization', `${BEARER}${access_token}`);
      discard(response);
      return options.fetch(replay);
    },
  };
}
