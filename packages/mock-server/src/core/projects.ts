import { type RandomSource, zoneClock } from '@voucherkit/domain';
import type { ServiceContext } from './context.js';

/**
 * A project's API keys. Server keys call the server-side API, client keys the client-side API.
 *
 * @example
 * ```ts
 * const { appId, appToken } = service.projects.primary.keys;
 * const client = createClient({ baseUrl: service.baseUrl, auth: { type: 'server', appId, appToken } });
 * ```
 */
export interface ProjectKeys {
  /** Application id, sent as `X-App-Id`. */
  appId: string;
  /** Application secret, sent as `X-App-Token`. */
  appToken: string;
  /** Client-side application id, sent as `X-Client-Application-Id`. */
  clientAppId: string;
  /** Client-side token, sent as `X-Client-Token`. */
  clientToken: string;
}

/**
 * What a test or the sandbox says about a project; everything left out is generated from the seed.
 *
 * @example
 * ```ts
 * const service = createMockService({ projects: [{ id: 'proj_shop', name: 'Shop', keys: { appId: 'test-id', appToken: 'test-secret' } }] });
 * ```
 */
export interface ProjectSeed {
  /** Project id; default a generated `proj_…` id. */
  id?: string;
  /** Display name; default `Project <n>`. */
  name?: string;
  /** Keys to use instead of generated ones, each on its own. */
  keys?: Partial<ProjectKeys>;
  /** The project's IANA time zone (`Europe/Warsaw`), in which validation rules and formulas read dates; UTC when left out. */
  timezone?: string;
}

/**
 * The settings of a project that its areas read, as the management API's project has them.
 *
 * @example
 * ```ts
 * const settings: ProjectSettings = { timezone: 'Europe/Warsaw' };
 * ```
 */
export interface ProjectSettings {
  /** IANA time zone in which validation rules and formulas read dates, days and hours; UTC when absent. */
  readonly timezone?: string | undefined;
}

/**
 * One isolated project: its keys and its data. No request can reach another project's state.
 *
 * @typeParam State - The project's data; the service's resources decide its shape.
 * @example
 * ```ts
 * const project = service.projects.primary;
 * project.state.categories.create({ name: 'Summer', hierarchy: 1 });
 * ```
 */
export interface Project<State = unknown> {
  /** The project id (`proj_…`), as management paths name it. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** The project's API keys. */
  readonly keys: ProjectKeys;
  /** The project's settings (its time zone). */
  readonly settings: ProjectSettings;
  /** The project's data: one store per resource. */
  readonly state: State;
}

/**
 * The projects of one mock service.
 *
 * @typeParam State - The data every project holds.
 * @example
 * ```ts
 * const eu = service.projects.primary;
 * const us = service.projects.create({ name: 'US shop' });
 * service.projects.list().map((project) => project.name); // ['Default project', 'US shop']
 * ```
 */
export interface ProjectRegistry<State = unknown> {
  /** Every project, in creation order. */
  list(): Project<State>[];
  /** The project with this id, if any. */
  get(id: string): Project<State> | undefined;
  /** The first project: the one tests use unless they create more. */
  readonly primary: Project<State>;
  /** Adds a project. */
  create(seed?: ProjectSeed): Project<State>;
  /** The project whose server keys match, if any. */
  byServerKeys(appId: string, appToken: string): Project<State> | undefined;
  /** The project whose client keys match, if any. */
  byClientKeys(clientAppId: string, clientToken: string): Project<State> | undefined;
}

/** A UUID-shaped key drawn from the service's seeded random source, like the service's app ids. */
export const randomKey = (random: RandomSource): string => {
  const hex = Array.from({ length: 32 }, () => random.int(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** Whether the runtime knows an IANA time zone name: the domain's zone clock, which the engine reads later, can be made. */
const knownTimeZone = (timeZone: string): boolean => {
  try {
    zoneClock(timeZone);
    return true;
  } catch {
    return false;
  }
};

/**
 * Creates the project registry and the projects named in `seeds` (one default project when
 * none is given). Each project's data comes from `createState`, which the service passes in with
 * the project's settings: the core knows nothing of the resources.
 *
 * @throws Error for a project id given twice or a time zone the runtime does not know.
 */
export const createProjectRegistry = <State>(
  context: ServiceContext,
  seeds: readonly ProjectSeed[],
  createState: (context: ServiceContext, settings: ProjectSettings) => State,
): ProjectRegistry<State> => {
  const projects: Project<State>[] = [];
  const create = (seed: ProjectSeed = {}): Project<State> => {
    const id = seed.id ?? context.ids('proj');
    if (projects.some((project) => project.id === id)) throw new Error(`Project ${id} already exists`);
    if (seed.timezone !== undefined && !knownTimeZone(seed.timezone)) throw new Error(`Unknown time zone for project ${id}: ${seed.timezone}`);
    const settings: ProjectSettings = seed.timezone === undefined ? {} : { timezone: seed.timezone };
    const project: Project<State> = {
      id,
      name: seed.name ?? `Project ${projects.length + 1}`,
      keys: {
        appId: seed.keys?.appId ?? randomKey(context.random),
        appToken: seed.keys?.appToken ?? randomKey(context.random),
        clientAppId: seed.keys?.clientAppId ?? randomKey(context.random),
        clientToken: seed.keys?.clientToken ?? randomKey(context.random),
      },
      settings,
      state: createState(context, settings),
    };
    projects.push(project);
    return project;
  };
  for (const seed of seeds.length > 0 ? seeds : [{ name: 'Default project' }]) create(seed);
  const primary = projects[0] as Project<State>;
  return {
    list: () => [...projects],
    get: (id) => projects.find((project) => project.id === id),
    primary,
    create,
    byServerKeys: (appId, appToken) => projects.find((p) => p.keys.appId === appId && p.keys.appToken === appToken),
    byClientKeys: (clientAppId, clientToken) =>
      projects.find((p) => p.keys.clientAppId === clientAppId && p.keys.clientToken === clientToken),
  };
};
