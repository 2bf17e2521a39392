import { listBody, wholeList } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError, refusalsAs400 } from '../../../http/api-error.js';
import type { HandlerContext, HandlerMap } from '../../../http/handler.js';

type Registry = HandlerContext<'listProjects'>['projects'];
type AnyProject = HandlerContext<'listProjects'>['project'];

/** A project as the management API shows it: its id and its settings. */
const shown = (project: AnyProject): Resource<'Project'> => ({ id: project.id, ...project.config });

/** The project of `{projectId}`, or 404. */
const projectNamed = (projects: Registry, id: string): AnyProject => {
  const project = projects.get(id);
  if (!project) throw ApiError.notFound('project', id);
  return project;
};

/** Three capital letters, as ISO 4217 writes a currency. */
const CURRENCY = /^[A-Z]{3}$/;

const checkCurrency = (currency: string | undefined): void => {
  if (currency !== undefined && !CURRENCY.test(currency))
    throw ApiError.invalidPayload(`currency must be a three-letter ISO 4217 code, such as EUR, not "${currency}".`);
};

/**
 * Projects of the organisation (management keys): each has its own keys, settings, data and
 * webhook secret, and no request through one project's keys ever reaches another's data. The
 * first project is the organisation's sandbox project, which cannot be deleted. A new project's
 * users are the organisation's owners and those the request names.
 */
export const projectHandlers = {
  listProjects: ({ projects }) => ({
    status: 200,
    body: listBody('data', wholeList(projects.list().map(shown)), ['total']),
  }),
  createProject: ({ projects, organisation, body }) => {
    checkCurrency(body.currency);
    const { users, ...config } = body;
    const joining = organisation.users.joining(users ?? []);
    const project = refusalsAs400(() => projects.create({ name: body.name, config }));
    organisation.users.welcome(project.id, joining);
    const { appId, appToken, clientAppId, clientToken } = project.keys;
    // The answer of a creation has the settings without the code defaults, and the keys.
    const { default_code_config: _codes, ...settings } = shown(project);
    return {
      status: 200,
      body: {
        ...settings,
        server_side_key: { app_id: appId, app_token: appToken },
        client_side_key: { app_id: clientAppId, app_token: clientToken },
      },
    };
  },
  getProject: ({ projects, params }) => ({ status: 200, body: shown(projectNamed(projects, params.projectId)) }),
  updateProject: ({ projects, params, body }) => {
    const { id } = projectNamed(projects, params.projectId);
    checkCurrency(body.currency);
    return {
      status: 200,
      body: shown(refusalsAs400(() => projects.configure(id, body)) ?? projectNamed(projects, id)),
    };
  },
  deleteProject: ({ projects, params }) => {
    const { id } = projectNamed(projects, params.projectId);
    refusalsAs400(() => projects.remove(id));
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
