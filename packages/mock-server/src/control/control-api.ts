import type { EventType } from '../core/event-log.js';
import type { Clock } from '../core/clock.js';
import type { FailureInjector } from '../core/failures.js';
import type { ProjectRegistry } from '../core/projects.js';
import type { Scheduler } from '../core/scheduler.js';
import type { OperationId } from '../generated/routes.js';
import { listBody, wholeList } from '../core/list.js';
import { ApiError, refusalsAs400 } from '../http/api-error.js';
import type { ManagementKeys } from '../http/authenticate.js';
import type { RequestJournal } from '../http/journal.js';
import type { IncomingRequest } from '../http/incoming-request.js';
import { readBodyBytes } from '../http/read-body.js';
import { type Answer, errorAnswer, jsonAnswer, toApiError } from '../http/respond.js';
import type { ProjectState } from '../areas/state.js';
import type { WebhookDeliveryStatus } from '../areas/platform/webhooks/deliveries.js';
import { type MockSnapshot, SNAPSHOT_FORMAT, type SnapshotImage } from '../snapshots.js';
import type { RequestTally } from '../http/tally.js';
import { untestedReport } from '../testing/untested-report.js';
import { CONTROL_PREFIX, EVENTS_PATH } from './prefix.js';

/** Decodes a body as fetch's `text()` does: bytes that are not UTF-8 become U+FFFD. */
const anyText = new TextDecoder();

/**
 * What the control API drives: the service's clock, scheduler, failures, journal, projects and
 * reset, and the keys that may call it.
 */
export interface ControlDependencies {
  /** The clock it reads and moves. */
  readonly clock: Clock;
  /** The background jobs it runs. */
  readonly scheduler: Scheduler;
  /** Where it queues failures. */
  readonly failures: FailureInjector;
  /** The journal it reads and clears. */
  readonly journal: RequestJournal;
  /** The count of answers per operation that the untested report reads. */
  readonly tally: RequestTally;
  /** The projects, whose nights and webhook deliveries it reaches. */
  readonly projects: () => ProjectRegistry<ProjectState>;
  /** Starts the service over. */
  readonly reset: () => void;
  /** Takes a snapshot of the service. */
  readonly snapshot: (options?: { readonly project?: string }) => MockSnapshot;
  /** Restores a snapshot, or loads the JSON of one. */
  readonly restore: (snapshot: MockSnapshot | SnapshotImage) => MockSnapshot;
  /** The keys that may call it. */
  readonly management: ManagementKeys;
  /** Path prefix of the base URL, as the dispatcher strips it. */
  readonly basePath: string;
  /** The next request id, for error bodies. */
  readonly requestId: () => string;
}

/** One route of the control API: its method, path (after the prefix) and what it does. */
interface ControlRoute {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly run: (input: { readonly query: URLSearchParams; readonly body: Record<string, unknown> }) => unknown;
}

const object = (value: unknown, what: string): Record<string, unknown> => {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw ApiError.invalidPayload(`The ${what} must be a JSON object.`);
  return value as Record<string, unknown>;
};

const optionalNumber = (body: Record<string, unknown>, name: string): number | undefined => {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw ApiError.invalidPayload(`Property .${name} should be a number`);
  return value;
};

const optionalString = (body: Record<string, unknown>, name: string): string | undefined => {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw ApiError.invalidPayload(`Property .${name} should be a string`);
  return value;
};

/** The service's refusals of bad input (a clock moved back, a bad count) are `RangeError`s; anything else is a fault. */
const isRangeError = (error: Error): boolean => error instanceof RangeError;

/** A `DELETE` route that empties something and answers 204. */
const clearing = (path: string, clear: () => void): ControlRoute => ({
  method: 'DELETE',
  path,
  run: () => {
    clear();
    return null;
  },
});

/** A route that only the HTTP sandbox serves (a stream, a page): elsewhere it answers 404 saying so. */
const sandboxOnly = (path: string, what: string): ControlRoute => ({
  method: 'GET',
  path,
  run: () => {
    throw new ApiError(404, 'not_found', 'Resource not found', {
      details: `${what} is served over HTTP by the sandbox (npm start, listen()) only.`,
    });
  },
});

/** The routes, for the OpenAPI document's test and the router. */
const routes = (deps: ControlDependencies): readonly ControlRoute[] => {
  const clockState = () => ({
    now: deps.clock.date().toISOString(),
    frozen: deps.clock.frozen,
    pending_jobs: deps.scheduler.pending(),
  });
  // Snapshots taken or loaded through the control API, by the id it gave them.
  const snapshots = new Map<string, MockSnapshot>();
  const kept = (snapshot: MockSnapshot) => {
    const id = `snap_${snapshots.size + 1}`;
    snapshots.set(id, snapshot);
    return { id, taken_at: snapshot.takenAt };
  };
  const snapshotById = (id: string | undefined | null): MockSnapshot => {
    const snapshot = id ? snapshots.get(id) : undefined;
    if (!snapshot)
      throw new ApiError(404, 'not_found', 'Resource not found', {
        details: `There is no snapshot ${id ?? ''}: take one with POST ${CONTROL_PREFIX}/snapshots.`,
      });
    return snapshot;
  };
  return [
    {
      method: 'POST',
      path: '/reset',
      run: () => {
        deps.reset();
        return null;
      },
    },
    {
      method: 'POST',
      path: '/snapshots',
      run: ({ body }) => {
        const project = optionalString(body, 'project_id');
        if (project !== undefined && !deps.projects().get(project))
          throw new ApiError(404, 'not_found', 'Resource not found', { details: `There is no project ${project}.` });
        return kept(deps.snapshot(project === undefined ? {} : { project }));
      },
    },
    {
      method: 'GET',
      path: '/snapshots',
      run: ({ query }) => {
        const snapshot = snapshotById(query.get('id'));
        return refusalsAs400(
          () => snapshot.toJSON(),
          (error) => error instanceof TypeError,
        );
      },
    },
    {
      method: 'POST',
      path: '/restore',
      run: ({ body }) => {
        if (body['format'] !== SNAPSHOT_FORMAT) {
          const id = optionalString(body, 'id');
          if (id === undefined)
            throw ApiError.invalidPayload(
              `Send {"id": …} of a snapshot taken here, or the JSON of one (format "${SNAPSHOT_FORMAT}").`,
            );
          const snapshot = snapshotById(id);
          deps.restore(snapshot);
          return { id, taken_at: snapshot.takenAt };
        }
        return kept(
          refusalsAs400(
            () => deps.restore(body as unknown as SnapshotImage),
            (error) => error instanceof Error,
          ),
        );
      },
    },
    { method: 'GET', path: '/clock', run: clockState },
    {
      method: 'POST',
      path: '/clock',
      run: ({ body }) => {
        const set = optionalString(body, 'set');
        const advance = optionalNumber(body, 'advance_ms');
        refusalsAs400(() => {
          if (body['freeze'] === true) deps.clock.freeze();
          if (set !== undefined) deps.clock.set(set);
          if (advance !== undefined) deps.clock.advance(advance);
        }, isRangeError);
        return clockState();
      },
    },
    {
      method: 'POST',
      path: '/jobs/run',
      run: async ({ body }) => {
        // A night the clock passed runs first, as the next request would run it.
        for (const project of deps.projects().list()) project.state.nightly.catchUp();
        const ran = body['all'] === true ? await deps.scheduler.drain() : await deps.scheduler.runDue();
        return { ran, ...clockState() };
      },
    },
    {
      method: 'GET',
      path: '/journal',
      run: ({ query }) => {
        const status = query.get('status');
        const calls = deps.journal.calls((query.get('operation_id') ?? undefined) as OperationId | undefined, {
          projectId: query.get('project_id') ?? undefined,
          status: status === null ? undefined : Number(status),
          errorKey: query.get('error_key') ?? undefined,
        });
        const requestId = query.get('request_id');
        const matching = requestId === null ? calls : calls.filter((call) => call.requestId === requestId);
        const limit = Number(query.get('limit') ?? matching.length);
        return listBody('data', wholeList(matching.slice(Math.max(0, matching.length - limit))), ['total']);
      },
    },
    clearing('/journal', () => deps.journal.clear()),
    {
      method: 'POST',
      path: '/failures',
      run: ({ body }) => {
        const status = optionalNumber(body, 'status');
        if (status === undefined)
          throw ApiError.invalidPayload(
            'Property .status is required: the HTTP status to answer with, such as 429 or 503.',
          );
        const times = optionalNumber(body, 'times');
        const retryAfter = optionalNumber(body, 'retry_after');
        const operationId = optionalString(body, 'operation_id') as OperationId | undefined;
        const key = optionalString(body, 'key');
        const message = optionalString(body, 'message');
        refusalsAs400(
          () =>
            deps.failures.inject({
              status,
              ...(times === undefined ? {} : { times }),
              ...(operationId === undefined ? {} : { operationId }),
              ...(key === undefined ? {} : { key }),
              ...(message === undefined ? {} : { message }),
              ...(retryAfter === undefined ? {} : { retryAfter }),
            }),
          isRangeError,
        );
        return null;
      },
    },
    clearing('/failures', () => deps.failures.clear()),
    {
      method: 'GET',
      path: '/untested-report',
      run: ({ query }) => {
        const list = (name: string): string[] | undefined =>
          query
            .get(name)
            ?.split(',')
            .map((item) => item.trim())
            .filter((item) => item !== '');
        const operations = list('operations') as OperationId[] | undefined;
        const ignoreStatuses = list('ignore_statuses')?.map(Number);
        if (ignoreStatuses?.some((status) => !Number.isInteger(status)))
          throw ApiError.invalidPayload(
            'Query parameter ignore_statuses is a comma-separated list of HTTP statuses, such as 413,415.',
          );
        return refusalsAs400(
          () =>
            untestedReport(deps.tally, {
              ...(operations === undefined ? {} : { operations }),
              ...(ignoreStatuses === undefined ? {} : { ignoreStatuses }),
            }),
          isRangeError,
        );
      },
    },
    clearing('/untested-report', () => deps.tally.clear()),
    {
      method: 'GET',
      path: '/webhook-deliveries',
      run: ({ query }) => {
        const projectId = query.get('project_id');
        const projects = deps
          .projects()
          .list()
          .filter((project) => projectId === null || project.id === projectId);
        const filter = {
          type: (query.get('type') ?? undefined) as EventType | undefined,
          status: (query.get('status') ?? undefined) as WebhookDeliveryStatus | undefined,
        };
        const data = projects.flatMap((project) =>
          project.state.webhookDeliveries.list(filter).map((delivery) => ({ project_id: project.id, ...delivery })),
        );
        return listBody('data', wholeList(data), ['total']);
      },
    },
    {
      method: 'POST',
      path: '/webhook-deliveries/resend',
      run: ({ body }) => {
        const id = optionalString(body, 'id');
        if (id === undefined) throw ApiError.invalidPayload('Property .id is required: the delivery to send again.');
        const project = deps
          .projects()
          .list()
          .find((candidate) => candidate.state.webhookDeliveries.find(id) !== undefined);
        if (project === undefined) throw ApiError.notFound('webhook delivery', id);
        return { project_id: project.id, ...project.state.webhookDeliveries.resend(id) };
      },
    },
    {
      method: 'GET',
      path: '/projects',
      run: () => {
        const { primary } = deps.projects();
        const data = deps
          .projects()
          .list()
          .map((project) => ({
            id: project.id,
            name: project.name,
            primary: project.id === primary.id,
            keys: {
              app_id: project.keys.appId,
              app_token: project.keys.appToken,
              client_app_id: project.keys.clientAppId,
              client_token: project.keys.clientToken,
            },
            webhook_secret: project.webhookToken,
          }));
        return listBody('data', wholeList(data), ['total']);
      },
    },
    sandboxOnly(EVENTS_PATH, 'The event stream'),
    sandboxOnly('', 'The dashboard'),
  ];
};

/**
 * Refuses a request to the control API without the management keys.
 *
 * @throws ApiError 401 when `X-Management-Id` or `X-Management-Token` is missing or wrong.
 */
export const checkManagementKeys = (headers: IncomingRequest['headers'], management: ManagementKeys): void => {
  if (
    headers.get('x-management-id') !== management.managementId ||
    headers.get('x-management-token') !== management.managementToken
  ) {
    throw new ApiError(401, 'unauthorized', 'Unauthorized', {
      details: 'The control API takes the management keys: X-Management-Id and X-Management-Token.',
    });
  }
};

/**
 * The methods and paths of the control API, as its OpenAPI document (`spec/control/openapi.yaml`)
 * must list them.
 */
export const CONTROL_ROUTES: readonly string[] = routes({} as ControlDependencies).map(
  (route) => `${route.method} ${CONTROL_PREFIX}${route.path}`,
);

/**
 * The sandbox's control API, apart from the service's API under `/_voucherkit/`: reset the
 * service, take and restore snapshots, read and move the clock, run due (or all) background jobs,
 * read and clear the request journal, inject failures, read and resend webhook deliveries, read
 * the projects and their keys, and read the untested report (the HTTP sandbox adds a stream of
 * journal entries and deliveries). It takes the management keys, so any
 * language can drive a test against `npm start` or `listen()`; it is described in its own
 * OpenAPI document, `spec/control/openapi.yaml`.
 *
 * @param deps - The service's parts it drives.
 * @returns A responder for a request under the prefix: it takes the request, its URL and its
 *   path after the prefix (`controlPath`), which the caller has found to route it here.
 */
export const controlApi = (deps: ControlDependencies) => {
  const table = routes(deps);
  return async (request: IncomingRequest, url: URL, routePath: string): Promise<Answer> => {
    const requestId = deps.requestId();
    try {
      checkManagementKeys(request.headers, deps.management);
      const matching = table.filter((route) => route.path === routePath);
      if (matching.length === 0)
        throw new ApiError(404, 'not_found', 'Resource not found', {
          details: `There is no control endpoint ${routePath || '/'}.`,
        });
      const route = matching.find((candidate) => candidate.method === request.method);
      if (!route)
        throw new ApiError(405, 'method_not_allowed', 'Method not allowed', {
          details: `${CONTROL_PREFIX}${routePath} accepts ${matching.map((candidate) => candidate.method).join(', ')}.`,
        });
      const text = request.body ? anyText.decode(await readBodyBytes(request, Number.POSITIVE_INFINITY)) : '';
      let parsed: unknown;
      try {
        parsed = text.trim() === '' ? {} : JSON.parse(text);
      } catch {
        throw ApiError.invalidPayload('The request body is not valid JSON.');
      }
      const answer = await route.run({ query: url.searchParams, body: object(parsed, 'body') });
      return answer === null ? { status: 204, headers: {}, body: null } : jsonAnswer(200, answer);
    } catch (error) {
      return errorAnswer(toApiError(error), requestId);
    }
  };
};
