import { createSeededRandom } from '@voucherkit/domain';
import { createIdFactory } from '@voucherkit/domain/internals';
import { http, type HttpHandler } from 'msw';
import { type Clock, type ClockOptions, createClock } from './core/clock.js';
import { StateHistory } from './core/history/state-history.js';
import { TrackedState } from './core/history/tracked-state.js';
import type { BulkJobSettings, DeliveryChange, ServiceContext, WebhookSettings } from './core/context.js';
import { Followers } from './core/followers.js';
import { type FailureInjector, createFailureQueue } from './core/failures.js';
import {
  type ProjectRegistry,
  type ProjectSeed,
  type ProjectSettings,
  createProjectRegistry,
  randomKey,
} from './core/projects.js';
import { type Build, type MockSnapshot, type SnapshotImage, createSnapshots } from './snapshots.js';
import { type Scheduler, type SchedulerMode, createScheduler } from './core/scheduler.js';
import { API_VERSION } from './generated/routes.js';
import type { ApiError } from './http/api-error.js';
import type { IncomingRequest } from './http/incoming-request.js';
import type { ManagementKeys } from './http/authenticate.js';
import { controlOnDemand } from './control/on-demand.js';
import { createDispatcher } from './http/dispatch.js';
import { watchState } from './state-watch.js';
import { RequestJournal } from './http/journal.js';
import { RequestTally } from './http/tally.js';
import { type Answer, errorAnswer, toResponse } from './http/respond.js';
import { apiLogExportSource } from './areas/platform/exports/api-log-source.js';
import { exportDownloads } from './areas/platform/exports/download.js';
import { handlers as resourceHandlers } from './areas/registry.js';
import { type OrganisationState, createOrganisationState } from './areas/organisation.js';
import { type ProjectState, createProjectState } from './areas/state.js';
import type { OrganisationView, ProjectStateView } from './areas/views.js';

/**
 * Options of {@link createMockService}.
 *
 * @example
 * ```ts
 * const options: MockServiceOptions = { strict: true, seed: 7, clock: { frozenAt: '2026-01-01T00:00:00Z' } };
 * ```
 */
export interface MockServiceOptions {
  /** Base URL the handlers answer on; default `https://api.voucherify.io`. A path part (`/api`) is a prefix. */
  baseUrl?: string;
  /** Projects to create; default one project. Keys left out are generated from the seed. */
  projects?: ProjectSeed[];
  /** Seed of ids and generated keys; the same seed gives the same ids in the same order. Default 1. */
  seed?: number | string;
  /** Clock settings; default real time. */
  clock?: ClockOptions;
  /** Background work: `manual` (drain it in tests) or `auto`; default manual with a frozen clock, else auto. */
  scheduler?: SchedulerMode;
  /** Validate every response against the spec and answer 500 when one drifts. Default false. */
  strict?: boolean;
  /** Lifetime of OAuth access tokens in seconds; default 900, as the service. */
  tokenTtlSeconds?: number;
  /** Account-wide management keys; generated when left out. */
  management?: Partial<ManagementKeys>;
  /** Portion size (default 100 items) and pace (default 10 ms apart) of bulk jobs. */
  bulkJobs?: Partial<BulkJobSettings>;
  /**
   * Events each project keeps in its log (and so in activity lists and webhook history), the
   * newest; default 50,000. Older events are dropped, so memory stays flat under load.
   */
  eventRetention?: number;
  /**
   * Outbound webhooks: how long a delivery waits for a 2xx (default 10,000 ms, as the service;
   * a test of a slow endpoint sets less) and how many deliveries each project keeps (default 10,000).
   */
  webhooks?: WebhookSettings;
  /** The request journal: how many answered requests it keeps, the newest (default 1,000; 0 keeps none). */
  journal?: { size?: number };
  /**
   * Where the service counts what it answered, per operation (for the untested report); default a
   * tally of its own. Give the same one to the services of a test file to count them together.
   */
  tally?: RequestTally;
}

/**
 * A running in-memory service: MSW handlers plus the controls tests need.
 *
 * @example
 * ```ts
 * const service: MockService = createMockService();
 * service.clock.advance(60_000);
 * ```
 */
export interface MockService {
  /** MSW request handlers: pass them to `setupServer(...)` or `setupWorker(...)`. */
  readonly handlers: HttpHandler[];
  /**
   * Answers one request without MSW (used by the HTTP sandbox). A fetch `Request` will do; the
   * sandbox passes the same four fields itself for methods that fetch cannot carry (`TRACE`).
   *
   * @example
   * const response = await service.handle(new Request(`${service.baseUrl}/v1/categories`));
   */
  handle(request: Pick<Request, 'method' | 'url' | 'headers' | 'body'>): Promise<Response>;
  /**
   * Answers, in the service's error body and with the next request id, a request that never
   * became one the pipeline can read: the HTTP sandbox uses it for what Node's HTTP parser refuses
   * (oversized or malformed heads) and for its own failures.
   *
   * @example
   * const response = service.refuse(new ApiError(431, 'request_header_fields_too_large', 'Request header fields too large'));
   */
  refuse(error: ApiError, headers?: Record<string, string>): Response;
  /**
   * The service's projects and their keys; each project's `state` holds the stores tests arrange
   * data in and inspect.
   */
  readonly projects: ProjectRegistry<ProjectStateView>;
  /**
   * What the organisation holds beside its projects: its users, with their roles in the projects.
   * A new service's organisation has no users; invite them (`POST
   * /management/v1/projects/users/invite`) or add them here.
   *
   * @example
   * service.organisation.users.create({ email: 'ana@example.com', first_name: 'Ana', last_name: 'Silva', owner: true, projects: { [service.projects.primary.id]: 'ADMIN' } });
   */
  readonly organisation: OrganisationView;
  /** Account-wide management keys (for `/management/v1`). */
  readonly management: ManagementKeys;
  /** The service's clock: real time, or frozen and advanced by tests. */
  readonly clock: Clock;
  /** Background work (bulk jobs); drain it in tests with a manual scheduler. */
  readonly scheduler: Scheduler;
  /** Queue of injected failures (rate limits, maintenance windows). */
  readonly failures: FailureInjector;
  /** The base URL the handlers answer on. */
  readonly baseUrl: string;
  /** The API build the mock implements. */
  readonly apiVersion: string;
  /**
   * The requests the mock answered, newest kept: what the app sent, typed by operation, and what
   * it got back.
   *
   * @example
   * expect(service.journal.calls('redeemStackedDiscounts')[0]?.body?.order?.amount).toBe(5000);
   */
  readonly journal: RequestJournal;
  /**
   * What the mock answered, per operation: requests, statuses and error keys, counted since the
   * service (or the tally given to it) was created; unbounded, and kept by `reset()`.
   *
   * @example
   * const report = untestedReport(service.tally);
   */
  readonly tally: RequestTally;
  /**
   * Starts over, as a new service with the same options would: every project's data (and any
   * project added with `projects.create`) and the organisation's users are forgotten, the configured projects come back with
   * the same keys, ids are drawn again from the start of the seed, OAuth tokens are gone, and
   * pending background work, injected failures and the journal are dropped. The clock keeps its time and
   * the management keys stay.
   *
   * @example
   * beforeEach(() => service.reset());
   */
  reset(): void;
  /**
   * The service's whole state at this moment (every project's data and the projects, the
   * organisation's users, the clock, the ids to come, pending background work), for
   * {@link MockService.restore}. Taking one costs
   * a copy of the containers of the state (their records are shared); afterwards every write is
   * recorded so that a restore can take it back.
   *
   * With `{ project }`, a snapshot of that project alone: its restore puts back the project's
   * data, its users' roles included (making the project again if it was deleted), and leaves the
   * clock, the ids, the organisation's users and the other projects as they are.
   *
   * @throws Error for a project that does not exist.
   * @example
   * const seeded = service.snapshot();
   * beforeEach(() => service.restore(seeded));
   * const shop = service.snapshot({ project: service.projects.primary.id });
   */
  snapshot(options?: { readonly project?: string }): MockSnapshot;
  /**
   * Puts the service back in a snapshot's state, and drops the journal and injected failures as
   * `reset()` does. A snapshot of this service is restored by taking back the writes made since
   * (the cost of a test's writes, whatever the size of the state); one it can no longer reach
   * (after `reset()`, or after going back to an earlier snapshot and writing on) and the JSON of
   * one are loaded whole. A frozen clock goes back to the snapshot's time.
   *
   * @returns The snapshot restored: for JSON, a snapshot to restore again quickly.
   * @throws Error when the JSON is of another API build, or of a service with other starting
   *   projects or another version of the mock.
   * @example
   * const fixture = service.restore(JSON.parse(readFileSync('fixture.json', 'utf8')));
   * beforeEach(() => service.restore(fixture));
   */
  restore(snapshot: MockSnapshot | SnapshotImage): MockSnapshot;
}

/**
 * A mock service as the package itself sees it: the same object as {@link MockService}, with
 * every project's whole state (all its stores) and the organisation's, where users see views.
 */
export interface FullMockService extends MockService {
  readonly projects: ProjectRegistry<ProjectState>;
  readonly organisation: OrganisationState;
  /**
   * What {@link MockService.handle} answers, before it is a fetch `Response`: the HTTP sandbox
   * writes it to the socket as it is. `url` is the request's URL when the caller has parsed it.
   */
  answer(request: IncomingRequest, url?: URL): Promise<Answer>;
  /** What {@link MockService.refuse} answers, before it is a fetch `Response`. */
  refusal(error: ApiError, headers?: Record<string, string>): Answer;
  /**
   * The whole state's image now, for the sandbox's data folder: as a snapshot's JSON, but taken
   * without a mark (nothing is recorded afterwards), and without the background work pending.
   * `restore` loads it.
   */
  image(): SnapshotImage;
  /**
   * Starts watching the state for changes; the check answers whether it changed since the
   * previous check (see `watchState`). One watch at a time: the histories hold one flag each.
   */
  watch(): () => boolean;
  /** Who follows the webhook deliveries of every project as they are made and attempted. */
  readonly deliveryFollowers: Followers<DeliveryChange>;
}

/** Every service `createMockService` made, with its full face. */
const services = new WeakMap<MockService, FullMockService>();

/**
 * The full face of a service made by {@link createMockService}: what the package's own functions
 * that take a service (factories, the sandbox) and its tests and benchmarks read.
 *
 * @throws Error for an object that `createMockService` of this build did not make.
 */
export const fullService = (service: MockService): FullMockService => {
  const full = services.get(service);
  if (full === undefined) throw new Error('Not a service made by createMockService of this build of the mock');
  return full;
};

const DEFAULT_BASE_URL = 'https://api.voucherify.io';

/** The character codes of the hexadecimal digits, by value. */
const HEX_CODES: readonly number[] = Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));

/** Bulk job settings with defaults, refusing values that would stall or spin the scheduler. */
const bulkJobSettings = (options: Partial<BulkJobSettings> = {}): BulkJobSettings => {
  const settings = { portionSize: options.portionSize ?? 100, portionIntervalMs: options.portionIntervalMs ?? 10 };
  if (!Number.isInteger(settings.portionSize) || settings.portionSize < 1) {
    throw new RangeError(`bulkJobs.portionSize must be a positive integer, not ${settings.portionSize}`);
  }
  if (!Number.isFinite(settings.portionIntervalMs) || settings.portionIntervalMs < 0) {
    throw new RangeError(
      `bulkJobs.portionIntervalMs must be a finite number of milliseconds >= 0, not ${settings.portionIntervalMs}`,
    );
  }
  return settings;
};

/** The events a project keeps: a whole number, 0 or more. */
const eventRetention = (retention: number): number => {
  if (!Number.isInteger(retention) || retention < 0)
    throw new RangeError(`eventRetention must be a whole number of events >= 0, not ${retention}`);
  return retention;
};

/** Webhook settings, refusing a time-out or a retention that could not work. */
const webhookSettings = (settings: WebhookSettings): WebhookSettings => {
  const { timeoutMs, retention } = settings;
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0))
    throw new RangeError(`webhooks.timeoutMs must be a positive number of milliseconds, not ${timeoutMs}`);
  if (retention !== undefined && !(Number.isInteger(retention) && retention >= 0))
    throw new RangeError(`webhooks.retention must be a whole number of deliveries >= 0, not ${retention}`);
  return settings;
};

/**
 * Requests the handler takes: every URL under the base URL. A RegExp without groups rather than
 * `${baseUrl}/*`, because MSW decodes the groups of a path pattern with decodeURIComponent, which
 * throws on an escape such as `%ZZ` before the dispatcher can answer it.
 */
const underBaseUrl = (baseUrl: string): RegExp =>
  new RegExp(`^${new URL(baseUrl).href.replace(/\/+$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`);

/**
 * Creates an isolated, stateful mock of the whole API. Nothing is global: two services in one
 * process never share state.
 *
 * @example
 * import { setupServer } from 'msw/node';
 * const service = createMockService({ strict: true, clock: { frozenAt: '2026-01-01T00:00:00Z' } });
 * const server = setupServer(...service.handlers);
 * server.listen({ onUnhandledRequest: 'error' });
 * const { appId, appToken } = service.projects.primary.keys;
 */
export const createMockService = (options: MockServiceOptions = {}): MockService => {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const clock = createClock(options.clock);
  const scheduler = createScheduler(clock, options.scheduler ?? (clock.frozen ? 'manual' : 'auto'));
  const failures = createFailureQueue();
  const bulkJobs = bulkJobSettings(options.bulkJobs);
  const seed = options.seed ?? 1;
  const keyRandom = createSeededRandom(`${String(seed)}:keys`);
  // A source of its own, so that the API keys a seed gave before webhook secrets existed stay the same.
  const webhookRandom = createSeededRandom(`${String(seed)}:webhooks`);
  const management: ManagementKeys = {
    managementId: options.management?.managementId ?? randomKey(keyRandom),
    managementToken: options.management?.managementToken ?? randomKey(keyRandom),
  };
  // Keys are drawn once so that reset() keeps them: tests hold on to them across resets.
  const seeds = (options.projects?.length ? options.projects : [{ name: 'Default project' }]).map(
    (project: ProjectSeed) => ({
      ...project,
      webhookToken: project.webhookToken ?? randomKey(webhookRandom),
      keys: {
        appId: randomKey(keyRandom),
        appToken: randomKey(keyRandom),
        clientAppId: randomKey(keyRandom),
        clientToken: randomKey(keyRandom),
        ...project.keys,
      },
    }),
  );

  const deliveryFollowers = new Followers<DeliveryChange>();
  const build = (): Build => {
    const random = createSeededRandom(seed);
    const ids = createIdFactory(random);
    // Many records share a millisecond (a frozen clock, a bulk job): the text is made once for each.
    let stampedAt = Number.NaN;
    let stamp = '';
    const timestamp = (): string => {
      const now = clock.now();
      if (now !== stampedAt) [stampedAt, stamp] = [now, new Date(now).toISOString()];
      return stamp;
    };
    const context: ServiceContext = {
      clock,
      scheduler,
      random,
      ids,
      timestamp,
      settings: {
        tokenTtlSeconds: options.tokenTtlSeconds ?? 900,
        bulkJobs,
        ...(options.eventRetention === undefined ? {} : { eventRetention: eventRetention(options.eventRetention) }),
        ...(options.webhooks === undefined ? {} : { webhooks: webhookSettings(options.webhooks) }),
      },
      tracked: new TrackedState(new StateHistory()),
      deliveryFollowers,
    };
    const projects = createProjectRegistry(context, seeds, stateWithApiLog);
    return { context, projects, organisation: createOrganisationState(context, projects), random, ids };
  };
  const journal = new RequestJournal(options.journal?.size);
  // A project's API log is what the journal kept of its requests: the one export source that reads the service, not the project.
  const stateWithApiLog = (context: ServiceContext, settings: ProjectSettings): ProjectState => {
    const state = createProjectState(context, settings);
    const projectId = settings.projectId ?? '';
    state.exports.sources.register(
      'api_log',
      apiLogExportSource(journal, projectId, () => current.projects.get(projectId)?.keys),
    );
    return state;
  };

  let current = build();
  const requestRandom = createSeededRandom(`${String(seed)}:requests`);
  // `v-` and 18 hex digits, written as character codes and made a string once.
  const requestIdCodes = [0x76, 0x2d, ...new Array<number>(18).fill(0)];
  const requestId = (): string => {
    for (let digit = 2; digit < 20; digit += 1) requestIdCodes[digit] = HEX_CODES[requestRandom.int(16)] as number;
    return String.fromCharCode(...requestIdCodes);
  };
  const tally = options.tally ?? new RequestTally();
  const dispatch = createDispatcher({
    get context() {
      return current.context;
    },
    projects: () => current.projects,
    organisation: () => current.organisation,
    management,
    handlers: resourceHandlers,
    failures,
    basePath,
    strict: options.strict ?? false,
    requestId,
    journal,
    tally,
  });
  // Export files are served at their `result.url`, on the API's own address, by their token.
  const download = exportDownloads({ projects: () => current.projects, basePath, requestId });
  const reset = (): void => {
    scheduler.clear();
    failures.clear();
    journal.clear();
    current = build();
  };
  const snapshots = createSnapshots({
    clock,
    scheduler,
    requestRandom,
    current: () => current,
    rebuild: () => {
      reset();
      return current;
    },
  });
  const restore = (snapshot: MockSnapshot | SnapshotImage): MockSnapshot => {
    const restored = snapshots.restore(snapshot);
    failures.clear();
    journal.clear();
    return restored;
  };
  // The control API (reset, snapshots, clock, jobs, journal, failures, deliveries) for tests in any language.
  const control = controlOnDemand({
    clock,
    scheduler,
    failures,
    journal,
    tally,
    projects: () => current.projects,
    reset,
    snapshot: snapshots.snapshot,
    restore,
    management,
    basePath,
    requestId,
  });
  // The URL is parsed once, for the three that read it.
  const answer = async (request: IncomingRequest, url = new URL(request.url)): Promise<Answer> =>
    download(request, url) ?? (await control(request, url)) ?? (await dispatch(request, url));
  const handle = async (request: IncomingRequest): Promise<Response> => toResponse(await answer(request));
  const refusal = (error: ApiError, headers?: Record<string, string>): Answer =>
    errorAnswer(error, requestId(), headers);

  const service: FullMockService = {
    handlers: [http.all(underBaseUrl(baseUrl), ({ request }) => handle(request))],
    handle,
    answer,
    refuse: (error, headers) => toResponse(refusal(error, headers)),
    refusal,
    deliveryFollowers,
    get projects() {
      return current.projects;
    },
    get organisation() {
      return current.organisation;
    },
    management,
    clock,
    scheduler,
    failures: { inject: (failure) => failures.inject(failure), clear: () => failures.clear() },
    baseUrl,
    apiVersion: API_VERSION,
    journal,
    tally,
    reset,
    snapshot: snapshots.snapshot,
    restore,
    image: snapshots.image,
    watch: () => watchState(() => current, clock),
  };
  services.set(service, service);
  return service;
};
