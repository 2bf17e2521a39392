import type { SeededRandom } from '@voucherkit/domain';
import type { IdFactory } from '@voucherkit/domain/internals';
import type { OrganisationState } from './areas/organisation.js';
import type { ProjectState } from './areas/state.js';
import type { ClockState, SavedClock } from './core/clock.js';
import type { ServiceContext } from './core/context.js';
import { type ContainerImage, assertJsonSafe, imageOf, loadImage } from './core/history/image.js';
import type { HistoryMark } from './core/history/state-history.js';
import type { ProjectConfig } from './core/project-config.js';
import type { TrackedState } from './core/history/tracked-state.js';
import type { ProjectKeys, ServiceProjects } from './core/projects.js';
import type { SavedScheduler, SchedulerState } from './core/scheduler.js';
import { API_VERSION } from './generated/routes.js';

/**
 * What a snapshot's JSON says it is, in its `format`.
 *
 * @example
 * ```ts
 * const isSnapshot = (json: { format?: string }) => json.format === SNAPSHOT_FORMAT;
 * ```
 */
export const SNAPSHOT_FORMAT = 'voucherkit-snapshot';

/**
 * One project in a snapshot: its keys, its settings and an image of each container of its state.
 *
 * @example
 * ```ts
 * const [primary] = snapshot.toJSON().projects;
 * ```
 */
export interface ProjectImage {
  /** The project's id. */
  readonly id: string;
  /** Its API keys. */
  readonly keys: ProjectKeys;
  /** Its settings, as the management API shows them. */
  readonly config: ProjectConfig;
  /** The images of the project's containers, in the order its stores make them. */
  readonly state: readonly ContainerImage[];
}

/**
 * A snapshot as JSON: what `JSON.stringify(snapshot)` writes and `service.restore` reads back,
 * in this run or another one of the same version of the mock.
 *
 * @example
 * ```ts
 * const image: SnapshotImage = JSON.parse(readFileSync('fixture.json', 'utf8'));
 * service.restore(image);
 * ```
 */
export interface SnapshotImage {
  /** Always {@link SNAPSHOT_FORMAT}. */
  readonly format: typeof SNAPSHOT_FORMAT;
  /**
   * Set in a snapshot of one project: the project's id. Its restore puts back that project's
   * data only (the clock, the ids and the other projects go on).
   */
  readonly project?: string;
  /** The API build of the mock that took it; another build refuses it. */
  readonly apiVersion: string;
  /** The mock's clock when it was taken (ISO 8601). */
  readonly takenAt: string;
  /** Where the clock stood. */
  readonly clock: ClockState;
  /** How many ids the service had made. */
  readonly ids: number;
  /** Where the random source of codes and keys was. */
  readonly random: readonly number[];
  /** Where the random source of request ids was. */
  readonly requests: readonly number[];
  /**
   * Set in a snapshot of the whole service: the images of the organisation's containers (its
   * users), in the order its stores make them.
   */
  readonly organisation?: readonly ContainerImage[];
  /** The projects, in order, with their data. */
  readonly projects: readonly ProjectImage[];
}

interface SnapshotInternals {
  /** A mark in each history the snapshot covers: the service's and each project's, or one project's. */
  marks: readonly HistoryMark[];
  readonly image: SnapshotImage;
  readonly tasks: SchedulerState;
}

const internals = new WeakMap<MockSnapshot, SnapshotInternals>();

/**
 * The whole state of a mock service at a moment: every project's data, the projects themselves,
 * the clock, the ids still to come and pending background work. `service.restore(snapshot)` puts
 * the service back in that state: in the time of the writes made since, when they can be taken
 * back, or by loading the snapshot's image (after `reset()`, or once the service went back to an
 * earlier snapshot and wrote on). `JSON.stringify(snapshot)` writes it for another run.
 *
 * @example
 * ```ts
 * const snapshot = service.snapshot();
 * beforeEach(() => service.restore(snapshot));
 * ```
 */
export class MockSnapshot {
  /** The mock's clock when it was taken (ISO 8601). */
  readonly takenAt: string;

  /** @internal Made by `service.snapshot()` and `service.restore(image)`. */
  constructor(internal: SnapshotInternals) {
    this.takenAt = internal.image.takenAt;
    internals.set(this, internal);
  }

  /**
   * The snapshot as JSON, to save as a fixture.
   *
   * @throws TypeError when background work was pending (functions cannot be written) or the
   *   state holds a value JSON cannot (named by its path).
   */
  toJSON(): SnapshotImage {
    const { image, tasks } = internals.get(this) as SnapshotInternals;
    if (image.project === undefined && tasks.tasks > 0)
      throw new TypeError(
        `This snapshot cannot be written as JSON: ${tasks.tasks} background task(s) were pending when it was taken; run them first (await service.scheduler.drain())`,
      );
    assertJsonSafe(image);
    return image;
  }
}

/** What snapshots read and replace in a service. */
export interface SnapshotDependencies {
  readonly clock: SavedClock;
  readonly scheduler: SavedScheduler;
  readonly requestRandom: SeededRandom;
  /** The service's present build. */
  current(): Build;
  /** Makes a fresh build (as `reset()` does) and makes it the present one. */
  rebuild(): Build;
}

/** One build of a service's state, as `createMockService` makes it. */
export interface Build {
  readonly context: ServiceContext;
  readonly projects: ServiceProjects<ProjectState>;
  readonly organisation: OrganisationState;
  readonly random: SeededRandom;
  readonly ids: IdFactory;
}

const isImage = (value: unknown): value is SnapshotImage =>
  typeof value === 'object' && value !== null && (value as { format?: unknown }).format === SNAPSHOT_FORMAT;

/** The snapshot operations of a service. */
export const createSnapshots = (deps: SnapshotDependencies) => {
  const { clock, scheduler, requestRandom } = deps;

  /** One project's keys, settings and the images of its containers. */
  const projectImage = (build: Build, id: string): ProjectImage => {
    const project = build.projects.get(id);
    if (project === undefined) throw new Error(`There is no project ${id}`);
    return {
      id,
      keys: project.keys,
      config: project.config,
      state: (build.projects.trackedOf(id)?.containers ?? []).map(imageOf),
    };
  };

  /** The image of the service, with every project's data or (`project`) one project's. */
  const imageOfService = (build: Build, project?: string): SnapshotImage => ({
    format: SNAPSHOT_FORMAT,
    ...(project === undefined ? {} : { project }),
    apiVersion: API_VERSION,
    takenAt: new Date(clock.now()).toISOString(),
    clock: clock.save(),
    ids: build.ids.position(),
    random: build.random.save(),
    requests: requestRandom.save(),
    ...(project === undefined ? { organisation: build.context.tracked.containers.map(imageOf) } : {}),
    projects:
      project === undefined
        ? build.projects.list().map((each) => projectImage(build, each.id))
        : [projectImage(build, project)],
  });

  /** Puts back what is not in the projects' containers. */
  const loadService = (build: Build, image: SnapshotImage, tasks: SchedulerState | undefined): void => {
    build.ids.seek(image.ids);
    build.random.load(image.random);
    requestRandom.load(image.requests);
    clock.load(image.clock);
    if (tasks === undefined) scheduler.clear();
    else scheduler.load(tasks);
  };

  /** Refuses, before anything changes, an image this service cannot load. */
  const checkImage = (image: SnapshotImage): void => {
    if (image.apiVersion !== API_VERSION)
      throw new Error(
        `This snapshot was taken by a mock of API build ${image.apiVersion}; this one implements ${API_VERSION}. Take it again.`,
      );
    const { projects, context } = deps.current();
    const primary = projects.primary;
    if (image.project === undefined && !image.projects.some((project) => project.id === primary.id)) {
      throw new Error(
        `This snapshot has no project ${primary.id}, which this service starts with: restore it into a service made with the same options`,
      );
    }
    const organisation = context.tracked.containers.length;
    if (image.project === undefined && image.organisation?.length !== organisation) {
      throw new Error(
        `This snapshot has ${image.organisation?.length ?? 0} containers of the organisation's state where this version of the mock has ${organisation}: take it again with this version`,
      );
    }
    // Every project has the same stores, so the primary project's containers count for all.
    const containers = projects.trackedOf(primary.id)?.containers.length ?? 0;
    for (const project of image.projects) {
      if (project.state.length !== containers) {
        throw new Error(
          `This snapshot's project ${project.id} has ${project.state.length} containers of state where this version of the mock has ${containers}: take it again with this version`,
        );
      }
    }
  };

  /** Loads a project's image into the project of its id, making the project if there is none. */
  const loadProjectImage = (projects: ServiceProjects<ProjectState>, project: ProjectImage): TrackedState => {
    if (!projects.get(project.id))
      projects.create({
        id: project.id,
        keys: project.keys,
        webhookToken: project.config.webhook_token ?? '',
        name: project.config.name,
      });
    projects.load(project.id, project.config);
    const scope = projects.trackedOf(project.id) as TrackedState;
    scope.containers.forEach((container, index) =>
      loadImage(container, project.state[index] as ContainerImage, scope.history),
    );
    scope.loaded();
    return scope;
  };

  /** Loads an image into a fresh build. */
  const loadImageOf = (image: SnapshotImage): Build => {
    checkImage(image);
    const build = deps.rebuild();
    const { projects } = build;
    const wanted = new Set(image.projects.map((project) => project.id));
    for (const project of projects.list()) if (!wanted.has(project.id)) projects.remove(project.id);
    for (const project of image.projects) loadProjectImage(projects, project);
    const scope = build.context.tracked;
    scope.containers.forEach((container, index) =>
      loadImage(container, image.organisation?.[index] as ContainerImage, scope.history),
    );
    scope.loaded();
    loadService(build, image, undefined);
    return build;
  };

  /** Loads one project's image into the present build. */
  const loadProject = (image: SnapshotImage & { readonly project: string }): HistoryMark => {
    checkImage(image);
    const [project] = image.projects;
    if (project === undefined)
      throw new Error(`This snapshot of project ${image.project} holds no image of it: take it again`);
    const { projects } = deps.current();
    // The project's writes since its other snapshots can no longer be taken back: they go.
    projects.trackedOf(image.project)?.history.forget();
    return loadProjectImage(projects, project).history.mark();
  };

  /** A mark in every history of the build: the service's and each project's. */
  const markAll = (build: Build): HistoryMark[] => [
    build.context.tracked.history.mark(),
    ...build.projects.list().flatMap((project) => {
      const scope = build.projects.trackedOf(project.id);
      return scope ? [scope.history.mark()] : [];
    }),
  ];

  /** Tells the stores of the project restored (or of every project and the organisation's) that their state went back. */
  const restored = (build: Build, project: string | undefined): void => {
    if (project === undefined) build.context.tracked.restored();
    for (const each of build.projects.list())
      if (project === undefined || each.id === project) build.projects.trackedOf(each.id)?.restored();
  };

  /**
   * Whether the writes since the snapshot can be taken back: its first mark is in the history
   * the build now holds (the service's, or the project's for a snapshot of one project), and no
   * mark died.
   */
  const reachable = (build: Build, internal: SnapshotInternals): boolean => {
    const { project } = internal.image;
    const history = project === undefined ? build.context.tracked.history : build.projects.trackedOf(project)?.history;
    return internal.marks[0]?.history === history && internal.marks.every((mark) => mark.history.reaches(mark));
  };

  return {
    /**
     * The whole service's image now, as JSON can hold it, without a mark (nothing is recorded
     * afterwards): what the sandbox saves in its data folder. Pending background work is left out.
     */
    image(): SnapshotImage {
      const image = imageOfService(deps.current());
      assertJsonSafe(image);
      return image;
    },

    snapshot(options: { readonly project?: string } = {}): MockSnapshot {
      const build = deps.current();
      if (options.project !== undefined) {
        const image = imageOfService(build, options.project);
        const scope = build.projects.trackedOf(options.project);
        return new MockSnapshot({ marks: scope ? [scope.history.mark()] : [], image, tasks: { tasks: 0 } });
      }
      return new MockSnapshot({ marks: markAll(build), image: imageOfService(build), tasks: scheduler.save() });
    },

    restore(snapshot: MockSnapshot | SnapshotImage): MockSnapshot {
      const internal = snapshot instanceof MockSnapshot ? (internals.get(snapshot) as SnapshotInternals) : undefined;
      const image = internal?.image ?? snapshot;
      if (!isImage(image))
        throw new TypeError(`Not a snapshot: expected a MockSnapshot or the JSON of one (format "${SNAPSHOT_FORMAT}")`);
      const build = deps.current();
      if (internal !== undefined && reachable(build, internal)) {
        // Newest first in each history; histories are independent, so their order does not matter.
        for (const mark of internal.marks) mark.history.rewind(mark);
        if (image.project === undefined) loadService(build, image, internal.tasks);
        restored(build, image.project);
        return snapshot as MockSnapshot;
      }
      if (image.project !== undefined) {
        const mark = loadProject(image as SnapshotImage & { readonly project: string });
        restored(deps.current(), image.project);
        if (internal === undefined) return new MockSnapshot({ marks: [mark], image, tasks: { tasks: 0 } });
        internal.marks = [mark];
        return snapshot as MockSnapshot;
      }
      if (internal !== undefined && internal.tasks.tasks > 0) {
        // The tasks drive the runs of the build they were made in, which an image does not hold.
        throw new Error(
          `This snapshot was taken with ${internal.tasks.tasks} background task(s) pending, which come back only while its writes can be taken back (not after reset(), nor after restoring an earlier snapshot and writing on): take snapshots with no background work pending to restore them any time`,
        );
      }
      const loaded = loadImageOf(image);
      restored(loaded, undefined);
      if (internal === undefined) return new MockSnapshot({ marks: markAll(loaded), image, tasks: scheduler.save() });
      internal.marks = markAll(loaded);
      return snapshot as MockSnapshot;
    },
  };
};
