import type { RandomSource } from '@voucherkit/domain';
import { type ProjectState, createProjectState } from '../resources/registry.js';
import type { ServiceContext } from './context.js';

/** A project's API keys. Server keys call the server-side API, client keys the client-side API. */
export interface ProjectKeys {
  appId: string;
  appToken: string;
  clientAppId: string;
  clientToken: string;
}

/** What a test or the sandbox says about a project; everything left out is generated from the seed. */
export interface ProjectSeed {
  id?: string;
  name?: string;
  keys?: Partial<ProjectKeys>;
}

/** One isolated project: its keys and its data. No request can reach another project's state. */
export interface Project {
  readonly id: string;
  readonly name: string;
  readonly keys: ProjectKeys;
  readonly state: ProjectState;
}

/** The projects of one mock service. */
export interface ProjectRegistry {
  /** Every project, in creation order. */
  list(): Project[];
  /** The project with this id, if any. */
  get(id: string): Project | undefined;
  /** The first project: the one tests use unless they create more. */
  readonly primary: Project;
  /** Adds a project. */
  create(seed?: ProjectSeed): Project;
  /** The project whose server keys match, if any. */
  byServerKeys(appId: string, appToken: string): Project | undefined;
  /** The project whose client keys match, if any. */
  byClientKeys(clientAppId: string, clientToken: string): Project | undefined;
}

/** A UUID-shaped key drawn from the service's seeded random source, like the service's app ids. */
export const randomKey = (random: RandomSource): string => {
  const hex = Array.from({ length: 32 }, () => random.int(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * Creates the project registry and the projects named in `seeds` (one default project when
 * none is given).
 */
export const createProjectRegistry = (context: ServiceContext, seeds: readonly ProjectSeed[]): ProjectRegistry => {
  const projects: Project[] = [];
  const create = (seed: ProjectSeed = {}): Project => {
    const id = seed.id ?? context.ids('proj');
    if (projects.some((project) => project.id === id)) throw new Error(`Project ${id} already exists`);
    const project: Project = {
      id,
      name: seed.name ?? `Project ${projects.length + 1}`,
      keys: {
        appId: seed.keys?.appId ?? randomKey(context.random),
        appToken: seed.keys?.appToken ?? randomKey(context.random),
        clientAppId: seed.keys?.clientAppId ?? randomKey(context.random),
        clientToken: seed.keys?.clientToken ?? randomKey(context.random),
      },
      state: createProjectState(context),
    };
    projects.push(project);
    return project;
  };
  for (const seed of seeds.length > 0 ? seeds : [{ name: 'Default project' }]) create(seed);
  const primary = projects[0] as Project;
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
