import { parseScopes } from '@voucherkit/domain';
import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { OAUTH_SCOPES } from '../../../generated/routes.js';
import type { Resource } from '../../../core/resource.js';

/** A token as the store keeps it (never changed in place: a revocation stores a new one). */
interface IssuedToken {
  readonly accessToken: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  /** Epoch milliseconds. */
  readonly expiresAt: number;
  readonly revoked: boolean;
}

/** The token a bearer request presents, when it is usable. */
export interface ActiveToken {
  /** The scopes the token was issued with. */
  readonly scopes: readonly string[];
}

type TokenBody = Resource<'OAuthToken'>;

const hex = (context: ServiceContext, length: number): string =>
  Array.from({ length }, () => context.random.int(16).toString(16)).join('');

/** OAuth access tokens of one project: issue, look up, introspect, revoke. */
export class OAuthTokenStore {
  readonly #tokens: TrackedMap<string, IssuedToken>;

  constructor(private readonly context: ServiceContext) {
    this.#tokens = context.tracked.map();
  }

  /**
   * Issues a token for the client-credentials grant.
   * @throws DomainError `invalid_scope` for commas, unknown or missing scopes.
   */
  issue(clientId: string, scope: string): TokenBody {
    const scopes = parseScopes(scope, OAUTH_SCOPES);
    const ttl = this.context.settings.tokenTtlSeconds;
    const token: IssuedToken = {
      accessToken: hex(this.context, 48),
      clientId,
      scopes,
      expiresAt: this.context.clock.now() + ttl * 1000,
      revoked: false,
    };
    this.#tokens.set(token.accessToken, token);
    return this.#describe(token);
  }

  /** The token if it exists, is not revoked and has not expired at `now`. */
  active(accessToken: string, now: number): ActiveToken | undefined {
    const token = this.#tokens.get(accessToken);
    return token && !token.revoked && token.expiresAt > now ? token : undefined;
  }

  /** What introspection reveals: `active: false` for unknown, expired and revoked tokens alike. */
  introspect(accessToken: string): { active: false } | ({ active: true } & TokenBody) {
    const token = this.#tokens.get(accessToken);
    if (!token || !this.active(accessToken, this.context.clock.now())) return { active: false };
    return { active: true, ...this.#describe(token) };
  }

  /** Revokes a token; revoking an unknown or revoked token is a no-op, as in RFC 7009. */
  revoke(accessToken: string): void {
    const token = this.#tokens.get(accessToken);
    if (token && !token.revoked) this.#tokens.set(accessToken, { ...token, revoked: true });
  }

  #describe(token: IssuedToken): TokenBody {
    const now = this.context.clock.now();
    return {
      access_token: token.accessToken,
      client_id: token.clientId,
      expires_at: Math.floor(token.expiresAt / 1000),
      expires_in: Math.max(0, Math.floor((token.expiresAt - now) / 1000)),
      scope: token.scopes.join(' '),
      token_type: 'Bearer',
    };
  }
}
