import type { HandlerMap } from '../../../http/handler.js';

/** OAuth 2.0 client credentials: token, introspection, revocation. */
export const oauthHandlers = {
  generateOAuthToken: ({ project, body }) => ({
    status: 200,
    body: project.state.oauth.issue(project.keys.appId, body.scope),
  }),
  introspectOAuthToken: ({ project, body }) => ({
    status: 200,
    body: project.state.oauth.introspect(body.access_token),
  }),
  revokeOAuthToken: ({ project, body }) => {
    project.state.oauth.revoke(body.access_token);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
