import { listBody, wholeList } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

/**
 * The organisation's users in its projects (management keys): who works in a project and with
 * which role, and invitations of new users. The users are the organisation's
 * (`organisation.users`); each project keeps its users' roles.
 */
export const projectUserHandlers = {
  listUsers: ({ organisation, project }) => ({
    status: 200,
    body: listBody('data', wholeList(organisation.users.inProject(project.id)), ['total']),
  }),
  assignUser: ({ organisation, project, body }) => ({ status: 200, body: organisation.users.assign(project.id, body) }),
  getUser: ({ organisation, project, params }) => ({
    status: 200,
    body: organisation.users.assigned(project.id, params.userId),
  }),
  updateUser: ({ organisation, project, params, body }) => ({
    status: 200,
    body: organisation.users.changeRole(project.id, params.userId, body.role),
  }),
  unassignUser: ({ organisation, project, params }) => {
    organisation.users.unassign(project.id, params.userId);
    return { status: 204, body: null };
  },
  inviteUser: ({ organisation, body }) => {
    organisation.users.invite(body);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
