import { scopesSatisfy } from '@voucherkit/domain/internals';
import type { Project, ProjectRegistry } from '../core/projects.js';
import type { ProjectState } from '../areas/state.js';
import { API_KEY_HEADERS } from '../generated/routes.js';
import { ApiError } from './api-error.js';
import type { RequestHeaders } from './incoming-request.js';

/** Who is calling, after the credentials were checked against the operation's security. */
export type Principal =
  | { kind: 'server'; project: Project<ProjectState> }
  | { kind: 'client'; project: Project<ProjectState> }
  | { kind: 'oauth'; project: Project<ProjectState>; scopes: readonly string[] }
  | { kind: 'management' };

/**
 * Management credentials are account-wide: they reach every project through `{projectId}`.
 *
 * @example
 * ```ts
 * const { managementId, managementToken }: ManagementKeys = service.management;
 * ```
 */
export interface ManagementKeys {
  /** Sent as `X-Management-Id`. */
  managementId: string;
  /** Sent as `X-Management-Token`. */
  managementToken: string;
}

type KeyKind = 'server' | 'client' | 'management';

/** The API-key security schemes of the spec that form each credential pair (id scheme, secret scheme). */
const KEY_PAIRS: Record<KeyKind, readonly [keyof typeof API_KEY_HEADERS, keyof typeof API_KEY_HEADERS]> = {
  server: ['X-App-Id', 'X-App-Token'],
  client: ['X-Client-Application-Id', 'X-Client-Token'],
  management: ['X-Management-Id', 'X-Management-Token'],
};
const OAUTH_SCHEME = 'OAuth2';

const unauthorized = (details: string): ApiError => new ApiError(401, 'unauthorized', 'Unauthorized', { details });

/** The credentials a request presents, before they are checked. */
type Presented =
  | { kind: KeyKind; id: string; secret: string | null }
  | { kind: 'oauth'; token: string }
  | { kind: 'none' };

const presented = (headers: RequestHeaders): Presented => {
  const authorization = headers.get('authorization');
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <access_token>".');
    return { kind: 'oauth', token: match[1] };
  }
  for (const kind of ['server', 'client', 'management'] as const) {
    const [idScheme, secretScheme] = KEY_PAIRS[kind];
    const id = headers.get(API_KEY_HEADERS[idScheme]);
    if (id !== null) return { kind, id, secret: headers.get(API_KEY_HEADERS[secretScheme]) };
  }
  return { kind: 'none' };
};

const acceptsKeys = (security: readonly Record<string, readonly string[]>[], kind: KeyKind): boolean =>
  security.some((requirement) => KEY_PAIRS[kind].every((scheme) => scheme in requirement));

const oauthAlternatives = (security: readonly Record<string, readonly string[]>[]): (readonly string[])[] =>
  security.flatMap((requirement) => {
    const scopes = requirement[OAUTH_SCHEME];
    return scopes === undefined ? [] : [scopes];
  });

/** What `authenticate` needs to know about the service. */
export interface AuthenticationSources {
  projects: ProjectRegistry<ProjectState>;
  management: ManagementKeys;
  now: () => number;
}

/**
 * Checks a request's credentials against an operation's security alternatives.
 *
 * @throws ApiError 401 for missing, wrong, expired or revoked credentials and for keys of a kind
 *   the operation does not accept (client keys on a server-side endpoint); 403 for a valid token
 *   that lacks every scope the operation accepts.
 */
export const authenticate = (
  headers: RequestHeaders,
  security: readonly Record<string, readonly string[]>[],
  sources: AuthenticationSources,
): Principal => {
  const credentials = presented(headers);
  switch (credentials.kind) {
    case 'none':
      throw unauthorized('Missing credentials: send X-App-Id and X-App-Token, or an OAuth bearer token.');
    case 'oauth': {
      const alternatives = oauthAlternatives(security);
      if (alternatives.length === 0)
        throw unauthorized('This endpoint does not accept OAuth tokens; use the server keys.');
      const found = sources.projects
        .list()
        .map((project) => ({ project, token: project.state.oauth.active(credentials.token, sources.now()) }))
        .find((entry) => entry.token !== undefined);
      if (!found?.token) throw unauthorized('The access token is invalid, expired or revoked.');
      if (!scopesSatisfy(found.token.scopes, alternatives)) {
        throw new ApiError(403, 'forbidden', 'Forbidden', {
          details: `The token's scopes do not allow this endpoint; it needs one of: ${alternatives.map((a) => a.join(' ')).join(', ')}.`,
        });
      }
      return { kind: 'oauth', project: found.project, scopes: found.token.scopes };
    }
    default: {
      const { kind, id, secret } = credentials;
      if (!acceptsKeys(security, kind)) throw unauthorized(`This endpoint does not accept ${kind}-side keys.`);
      if (secret === null) throw unauthorized(`Missing ${API_KEY_HEADERS[KEY_PAIRS[kind][1]]} header.`);
      if (kind === 'management') {
        const { managementId, managementToken } = sources.management;
        if (id !== managementId || secret !== managementToken) throw unauthorized('Invalid management keys.');
        return { kind };
      }
      const project =
        kind === 'server' ? sources.projects.byServerKeys(id, secret) : sources.projects.byClientKeys(id, secret);
      if (!project) throw unauthorized(`Invalid ${kind}-side keys.`);
      return { kind, project };
    }
  }
};
