import { type RandomSource } from '@voucherkit/domain';
import { zoneClock } from '@voucherkit/domain/internals';
import type { ServiceContext } from './context.js';
import { StateHistory } from './history/state-history.js';
import { TrackedState } from './history/tracked-state.js';
import {
  type ProjectConfig,
  type ProjectConfigChanges,
  type ProjectConfigInput,
  changedProjectConfig,
  newProjectConfig,
} from './project-config.js';

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
  /** The secret that signs the project's webhooks (`x-voucherify-signature`); generated when left out. */
  webhookToken?: string;
  /** Other settings as the management API names them (currency, client-side permissions …); the service's defaults when left out. */
  config?: ProjectConfigInput;
}

/**
 * The settings of a project that its areas read. They follow the project's current settings: a
 * time zone changed through the management API reaches loyalty and rule periods at once.
 *
 * @example
 * ```ts
 * const settings: ProjectSettings = { timezone: 'Europe/Warsaw' };
 * ```
 */
export interface ProjectSettings {
  /** IANA time zone in which validation rules and formulas read dates, days and hours; UTC when absent. */
  readonly timezone?: string | undefined;
  /** The project's id, as its webhooks name it (`project_id`). */
  readonly projectId?: string | undefined;
  /** The secret that signs its webhooks. */
  readonly webhookToken?: string | undefined;
  /** Whether `SUMMER` and `summer` are two codes (`case_sensitive_codes`); they are when absent. */
  readonly caseSensitiveCodes?: boolean | undefined;
  /** The characters of codes whose configuration names none (`default_code_config.charset`); the domain's default when absent. */
  readonly codeCharset?: string | undefined;
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
  /** The secret that signs the project's webhooks (`webhook_token`). */
  readonly webhookToken: string;
  /** The project's settings as the management API shows them; a change replaces the whole object. */
  readonly config: ProjectConfig;
  /** The settings its areas read (its time zone), always the current ones. */
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
  /** Adds a project. @throws Error for an id taken or a time zone the runtime does not know. */
  create(seed?: ProjectSeed): Project<State>;
  /**
   * Changes a project's settings; only the fields given change (see `changedProjectConfig`).
   *
   * @throws Error for a time zone the runtime does not know.
   */
  configure(id: string, changes: ProjectConfigChanges): Project<State> | undefined;
  /**
   * Deletes a project with its data; its keys stop working at once. The sandbox project (the
   * first) stays.
   *
   * @returns Whether a project was deleted.
   * @throws Error for the sandbox project.
   */
  remove(id: string): boolean;
  /** The project whose server keys match, if any. */
  byServerKeys(appId: string, appToken: string): Project<State> | undefined;
  /** The project whose client keys match, if any. */
  byClientKeys(clientAppId: string, clientToken: string): Project<State> | undefined;
}

/**
 * The registry as the service holds it: with each project's tracked state, which snapshots
 * take images of and load.
 *
 * @typeParam State - What each project holds.
 */
export interface ServiceProjects<State = unknown> extends ProjectRegistry<State> {
  /** The tracked state of a project that exists. */
  trackedOf(id: string): TrackedState | undefined;
  /** Replaces a project's settings wholesale (loading a snapshot). */
  load(id: string, config: ProjectConfig): void;
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
): ServiceProjects<State> => {
  // Tracked, so that a snapshot's restore takes back projects made, changed and deleted since;
  // not registered, since an image names its projects itself (a project is not data).
  const projects = context.tracked.innerList<Project<State>>();
  const configs = context.tracked.innerMap<string, ProjectConfig>();
  const scopes = new Map<string, TrackedState>();
  const checkTimeZone = (id: string, timeZone: string | undefined): void => {
    if (timeZone !== undefined && !knownTimeZone(timeZone))
      throw new Error(`Unknown time zone for project ${id}: ${timeZone}`);
  };
  const create = (seed: ProjectSeed = {}): Project<State> => {
    const id = seed.id ?? context.ids('proj');
    if (projects.items.some((project) => project.id === id)) throw new Error(`Project ${id} already exists`);
    const timezone = seed.timezone ?? seed.config?.timezone;
    checkTimeZone(id, timezone);
    const config = newProjectConfig(
      { ...seed.config, ...(timezone === undefined ? {} : { timezone }) },
      {
        name: seed.name ?? `Project ${projects.length + 1}`,
        isSandbox: projects.length === 0,
        webhookToken: seed.webhookToken ?? randomKey(context.random),
      },
    );
    configs.set(id, config);
    const current = (): ProjectConfig => configs.get(id) ?? config;
    // A history of its own: a snapshot of one project takes back its writes only.
    const scope = new TrackedState(new StateHistory());
    scopes.set(id, scope);
    const settings: ProjectSettings = {
      projectId: id,
      get timezone() {
        return current().timezone;
      },
      get webhookToken() {
        return current().webhook_token;
      },
      get caseSensitiveCodes() {
        return current().case_sensitive_codes;
      },
      get codeCharset() {
        return current().default_code_config?.charset ?? undefined;
      },
    };
    const project: Project<State> = {
      id,
      get name() {
        return current().name;
      },
      keys: {
        appId: seed.keys?.appId ?? randomKey(context.random),
        appToken: seed.keys?.appToken ?? randomKey(context.random),
        clientAppId: seed.keys?.clientAppId ?? randomKey(context.random),
        clientToken: seed.keys?.clientToken ?? randomKey(context.random),
      },
      get webhookToken() {
        return current().webhook_token ?? '';
      },
      get config() {
        return current();
      },
      settings,
      state: createState({ ...context, tracked: scope }, settings),
    };
    projects.push(project);
    return project;
  };
  for (const seed of seeds.length > 0 ? seeds : [{ name: 'Default project' }]) create(seed);
  const primary = projects.items[0] as Project<State>;
  return {
    list: () => [...projects],
    get: (id) => projects.items.find((project) => project.id === id),
    primary,
    create,
    configure(id, changes) {
      const config = configs.get(id);
      if (config === undefined) return undefined;
      checkTimeZone(id, changes.timezone);
      configs.set(id, changedProjectConfig(config, changes));
      return projects.items.find((project) => project.id === id);
    },
    remove(id) {
      const index = projects.items.findIndex((project) => project.id === id);
      if (index < 0) return false;
      if (index === 0) throw new Error(`Project ${id} is the sandbox project, which cannot be deleted`);
      projects.splice(index, 1);
      configs.delete(id);
      return true;
    },
    byServerKeys: (appId, appToken) =>
      projects.items.find((p) => p.keys.appId === appId && p.keys.appToken === appToken),
    byClientKeys: (clientAppId, clientToken) =>
      projects.items.find((p) => p.keys.clientAppId === clientAppId && p.keys.clientToken === clientToken),
    load(id, config) {
      if (configs.has(id)) configs.set(id, config);
    },
    trackedOf: (id) => (projects.items.some((project) => project.id === id) ? scopes.get(id) : undefined),
  };
};
