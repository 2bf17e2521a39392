/** The management keys, which the control API and the management API take. */
export interface ManagementKeys {
  readonly managementId: string;
  readonly managementToken: string;
}

/** A project as `GET /_voucherkit/projects` lists it. */
export interface ProjectInfo {
  readonly id: string;
  readonly name: string;
  readonly primary: boolean;
  readonly keys: {
    readonly app_id: string;
    readonly app_token: string;
    readonly client_app_id: string;
    readonly client_token: string;
  };
  readonly webhook_secret: string;
}

/** A refusal of the sandbox, with the service's error body. */
class RequestFailed extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const { message, details } = (body ?? {}) as { message?: string; details?: string };
    super([`${status}`, message, details].filter(Boolean).join(': '));
  }
}

/** Where the control API is: the page's own path, `…/_voucherkit/`. */
const controlBase = (): string => location.pathname.replace(/\/?$/, '');

/** Where the service's API is: the control API's prefix taken off. */
const apiBase = (): string => controlBase().replace(/\/_voucherkit$/, '');

const call = async (url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<unknown> => {
  const response = await fetch(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const parsed: unknown = text === '' ? null : JSON.parse(text);
  if (!response.ok) throw new RequestFailed(response.status, parsed);
  return parsed;
};

/** The sandbox's two APIs, called with the keys the page was given. */
export interface Api {
  readonly management: ManagementKeys;
  /** The control API: `control('POST', '/clock', { freeze: true })`. */
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** The service's API with a project's server keys: `api(project, 'GET', '/v1/campaigns')`. */
  api<T = unknown>(project: ProjectInfo, method: string, path: string, body?: unknown): Promise<T>;
  /** The management API with the management keys. */
  manage<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** The address of the service's API, as a caller outside the page writes it. */
  readonly origin: string;
}

export const createApi = (management: ManagementKeys): Api => {
  const managementHeaders = {
    'x-management-id': management.managementId,
    'x-management-token': management.managementToken,
  };
  return {
    management,
    origin: `${location.origin}${apiBase()}`,
    control: (method, path, body) => call(`${controlBase()}${path}`, method, managementHeaders, body) as never,
    api: (project, method, path, body) =>
      call(
        `${apiBase()}${path}`,
        method,
        { 'x-app-id': project.keys.app_id, 'x-app-token': project.keys.app_token },
        body,
      ) as never,
    manage: (method, path, body) => call(`${apiBase()}${path}`, method, managementHeaders, body) as never,
  };
};

/** The path of the event stream. */
export const eventsUrl = (): string => `${controlBase()}/events`;
