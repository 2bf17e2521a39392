/**
 * Server-side application keys, sent as `X-App-Id` and `X-App-Token`. Never ship them to browsers.
 *
 * @example
 * ```ts
 * const auth: ServerKeyAuth = { type: 'server', appId: process.env.APP_ID!, appToken: process.env.APP_TOKEN! };
 * ```
 */
export interface ServerKeyAuth {
  /** Selects server keys. */
  readonly type: 'server';
  /** The application id (`X-App-Id`). */
  readonly appId: string;
  /** The application secret (`X-App-Token`). */
  readonly appToken: string;
}

/**
 * Client-side keys, sent as `X-Client-Application-Id` and `X-Client-Token`; usable only on the
 * client-side endpoints. Browsers send `Origin` themselves; in Node pass `origin`, which must be
 * one of the project's allowed website URLs.
 *
 * @example
 * ```ts
 * const auth: ClientKeyAuth = { type: 'client', clientAppId: 'id', clientToken: 'token', origin: 'https://shop.example' };
 * ```
 */
export interface ClientKeyAuth {
  /** Selects client-side keys. */
  readonly type: 'client';
  /** The client application id (`X-Client-Application-Id`). */
  readonly clientAppId: string;
  /** The client token (`X-Client-Token`). */
  readonly clientToken: string;
  /** Value of the `Origin` header, for server-side (Node) callers of the client-side API. */
  readonly origin?: string | undefined;
}

/**
 * Management keys for `/management/v1`, sent as `X-Management-Id` and `X-Management-Token`.
 *
 * @example
 * ```ts
 * const auth: ManagementKeyAuth = { type: 'management', managementId: 'id', managementToken: 'secret' };
 * ```
 */
export interface ManagementKeyAuth {
  /** Selects management keys. */
  readonly type: 'management';
  /** The management id (`X-Management-Id`). */
  readonly managementId: string;
  /** The management secret (`X-Management-Token`). */
  readonly managementToken: string;
}

/**
 * OAuth 2.0 client credentials: the server keys are exchanged for a short-lived bearer token
 * limited to `scopes`, which the client fetches, caches, renews and sends as
 * `Authorization: Bearer …`.
 *
 * @example
 * ```ts
 * const auth: OAuthAuth = { type: 'oauth', appId: 'id', appToken: 'secret', scopes: ['categories', 'async-actions'] };
 * ```
 */
export interface OAuthAuth {
  /** Selects OAuth bearer tokens. */
  readonly type: 'oauth';
  /** The application id used to request tokens. */
  readonly appId: string;
  /** The application secret used to request tokens. */
  readonly appToken: string;
  /** Scopes to request, one per entry (for example `api` or `vouchers`); sent space-delimited. */
  readonly scopes: readonly string[];
  /** Renew the token this many milliseconds before it expires. Default: 60 000. */
  readonly refreshMarginMs?: number | undefined;
}

/**
 * One of the ways to authenticate, chosen by `type`.
 *
 * @example
 * ```ts
 * const auth: AuthOptions = { type: 'server', appId: 'id', appToken: 'secret' };
 * ```
 */
export type AuthOptions = ServerKeyAuth | ClientKeyAuth | ManagementKeyAuth | OAuthAuth;

/**
 * The secret parts of some credentials (tokens, never ids), for redaction.
 *
 * @param auth - The credentials.
 * @returns The secrets they contain.
 */
export function secretsOf(auth: AuthOptions): string[] {
  switch (auth.type) {
    case 'server':
    case 'oauth':
      return [auth.appToken];
    case 'client':
      return [auth.clientToken];
    case 'management':
      return [auth.managementToken];
  }
}
