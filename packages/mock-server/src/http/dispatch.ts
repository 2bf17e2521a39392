import { isDomainError } from '@voucherkit/domain';
import type { ServiceContext } from '../core/context.js';
import type { FailureQueue } from '../core/failures.js';
import type { Project, ProjectRegistry } from '../core/projects.js';
import type { OrganisationState } from '../areas/organisation.js';
import type { ProjectState } from '../areas/state.js';
import type { OperationId } from '../generated/routes.js';
import { ApiError } from './api-error.js';
import { shapeAnswer } from './answer-shape.js';
import { type ManagementKeys, type Principal, authenticate } from './authenticate.js';
import { checkClientAccess } from './client-access.js';
import { fromDomainError } from './domain-errors.js';
import type { Handler, HandlerContext, HandlerMap } from './handler.js';
import type { IncomingRequest } from './incoming-request.js';
import { type JournalEntry, type RequestJournal, answeredEntry } from './journal.js';
import { operationInput, operationResponses } from './load-operations.js';
import type { OperationInput } from './operation-spec.js';
import { readInput } from './read-input.js';
import {
  type Answer,
  contractViolation,
  errorAnswer,
  errorBody,
  errorHeaders,
  jsonAnswer,
  toApiError,
} from './respond.js';
import { createRouter } from './router.js';
import type { RequestTally } from './tally.js';

/** Everything the dispatcher needs, injected by the service. */
export interface DispatcherDependencies {
  context: ServiceContext;
  projects: () => ProjectRegistry<ProjectState>;
  organisation: () => OrganisationState;
  management: ManagementKeys;
  handlers: HandlerMap;
  failures: FailureQueue;
  /** Path prefix of the base URL (`/api` for `http://host/api`), stripped before routing. */
  basePath: string;
  strict: boolean;
  requestId: () => string;
  /** Where each answered request is recorded. */
  journal: RequestJournal;
  /** Where each answered request is counted. */
  tally: RequestTally;
}

/**
 * The project a request acts on: the caller's, or for management keys the `{projectId}` of the
 * path. A management operation on the organisation itself (listing or creating projects) names
 * none and gets the sandbox project, which it does not read.
 */
const projectOf = (
  principal: Principal,
  params: object,
  projects: ProjectRegistry<ProjectState>,
): Project<ProjectState> => {
  if (principal.kind !== 'management') return principal.project;
  if (!('projectId' in params)) return projects.primary;
  const { projectId } = params;
  const project = typeof projectId === 'string' ? projects.get(projectId) : undefined;
  if (!project) throw ApiError.notFound('project', String(projectId));
  return project;
};

/** The path to route: repeated slashes count as one (`//v1/categories`), the base path is removed. */
const routedPath = (url: URL, basePath: string): string => {
  const path = url.pathname.replace(/\/{2,}/g, '/');
  return path === basePath || path.startsWith(`${basePath}/`) ? path.slice(basePath.length) || '/' : path;
};

/**
 * Creates the request pipeline: route → injected failure → authenticate → read and validate the
 * input (media type, size, schema) → handler (or 501 without one) → the answer's shape (what the
 * service leaves out or sends as null) → (strict) response check. Every failure leaves as
 * the service's error body.
 */
export const createDispatcher = (
  deps: DispatcherDependencies,
): ((request: IncomingRequest, url?: URL) => Promise<Answer>) => {
  const route = createRouter();
  // `url` is the request's URL when the caller has parsed it already.
  return async (request, url = new URL(request.url)) => {
    const startedAt = performance.now();
    const pathname = routedPath(url, deps.basePath);
    const match = route(request.method, pathname);
    if (match.kind === 'not-found') {
      return errorAnswer(
        new ApiError(404, 'not_found', 'Resource not found', {
          details: `There is no endpoint ${request.method} ${pathname}.`,
        }),
        deps.requestId(),
      );
    }
    if (match.kind === 'method-not-allowed' || match.kind === 'unknown-method') {
      const allow = match.allowed.join(', ');
      const details =
        match.kind === 'unknown-method'
          ? `${request.method} is not a method of this API; it uses ${allow}.`
          : `${pathname} accepts ${allow}, not ${request.method}.`;
      return errorAnswer(new ApiError(405, 'method_not_allowed', 'Method not allowed', { details }), deps.requestId(), {
        allow,
      });
    }
    const operationId: OperationId = match.operationId;
    // What the journal records of the request, filled in as the pipeline gets to it.
    const seen: {
      principal: JournalEntry['principal'];
      projectId: string | undefined;
      input: { params?: unknown; query?: unknown; body?: unknown };
    } = {
      principal: 'none',
      projectId: undefined,
      input: { params: match.params },
    };
    /** Records the answer in the tally and the journal, and makes it. */
    const answer = (status: number, body: unknown, requestId: string, headers?: Record<string, string>): Answer => {
      const errorKey = status >= 400 ? ((body as { key?: string } | null)?.key ?? undefined) : undefined;
      deps.tally.record(operationId, status, errorKey);
      const made = jsonAnswer(status, body, headers);
      deps.journal.record(
        answeredEntry(
          {
            operationId,
            method: request.method,
            path: pathname,
            url: request.url,
            params: seen.input.params,
            query: seen.input.query,
            body: seen.input.body,
            principal: seen.principal,
            projectId: seen.projectId,
            status,
            errorKey,
            at: deps.context.timestamp(),
            durationMs: Math.round((performance.now() - startedAt) * 1000) / 1000,
            requestId,
          } as Omit<JournalEntry, 'response'>,
          made.body,
          body,
        ),
      );
      return made;
    };
    /** Answers an error, in the service's error body. */
    const refuse = (error: ApiError, requestId: string, body = errorBody(error, requestId)): Answer =>
      answer(error.status, body, requestId, errorHeaders(error));
    const failure = deps.failures.take(operationId);
    if (failure) {
      const { status, key, message, retryAfter } = failure;
      return refuse(
        new ApiError(status, key, message, retryAfter === undefined ? {} : { retryAfter }),
        deps.requestId(),
      );
    }
    // The schemas come with the first request of the operation's tag, not with the mock (a browser's first chunk stays small).
    const operation = operationInput.loaded(operationId) ?? (await operationInput.load(operationId));
    // Drawn before the handler runs, so what the request starts (bulk jobs, events) can name it.
    const requestId = deps.requestId();
    let status: number;
    let body: unknown;
    try {
      const projects = deps.projects();
      const principal = authenticate(request.headers, operation.security, {
        projects,
        management: deps.management,
        now: deps.context.clock.now,
      });
      seen.principal = principal.kind;
      if (principal.kind !== 'management') seen.projectId = principal.project.id;
      // Input is validated before the 501 of an operation without behaviour, so clients learn
      // about bad requests from the mock whether or not the behaviour has landed.
      const input = await readInput(request, url, operation, match.params);
      seen.input = input;
      const handler = deps.handlers[operationId] as Handler<OperationId> | undefined;
      if (!handler) {
        throw new ApiError(501, 'not_implemented', 'Not implemented', {
          details: `${operation.method} ${operation.path} (${operationId}) is in the spec but not implemented by the mock yet.`,
        });
      }
      const project = projectOf(principal, input.params as object, projects);
      seen.projectId = project.id;
      checkClientAccess(operationId, operation.path, request.headers, input.body, project.config);
      // The project's day may have turned since its last request: the night's work comes first.
      project?.state.nightly.catchUp();
      const result: { status: number; body: unknown } = await handler({
        ...input,
        principal,
        projects,
        organisation: deps.organisation(),
        project,
        service: deps.context,
        requestId,
        baseUrl: `${url.origin}${deps.basePath}`,
      } as HandlerContext<OperationId>);
      status = result.status;
      // What the service leaves out, sends as null or sends empty, by the spec's x-unset (decision 0057).
      body = shapeAnswer(operationId, status, result.body);
    } catch (caught) {
      const error = isDomainError(caught) ? fromDomainError(caught) : toApiError(caught);
      const refusal = errorBody(error, requestId);
      if (deps.strict && error.status !== 501 && error.status !== 500) {
        const violation = contractViolation(await checkedOperation(operationId, operation), error.status, refusal);
        if (violation) return refuse(strictFailure(operationId, violation), requestId);
      }
      return refuse(error, requestId, refusal);
    }
    if (deps.strict) {
      const violation = contractViolation(await checkedOperation(operationId, operation), status, body);
      if (violation) return refuse(strictFailure(operationId, violation), requestId);
    }
    return answer(status, body, requestId);
  };
};

/** What strict mode checks an answer against: the response schemas load with its first check. */
const checkedOperation = async (operationId: OperationId, operation: OperationInput) => ({
  ...operation,
  responses: (operationResponses.loaded() ?? (await operationResponses.load())).operationResponses[operationId],
});

/** The error a strict mock answers when its own answer drifts from the spec. */
const strictFailure = (operationId: string, violation: string): ApiError =>
  new ApiError(500, 'response_validation_failed', 'The mock answered outside the spec (strict mode)', {
    details: `${operationId}: ${violation}`,
  });
