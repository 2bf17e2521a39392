import type { operations as ApiOperations } from '@voucherkit/client';
import type { ServiceContext } from '../core/context.js';
import type { Project, ProjectRegistry } from '../core/projects.js';
import type { OperationId } from '../generated/routes.js';
import type { OrganisationState } from '../areas/organisation.js';
import type { ProjectState } from '../areas/state.js';
import type { Principal } from './authenticate.js';

// Request and response types come from the spec's generated TypeScript types (the client's);
// the zod schemas validate at run time. Both are generated from the same bundle.
type Api<Id extends OperationId> = ApiOperations[Id];
type Parameters<Id extends OperationId> = Api<Id>['parameters'];
type Part<T> = [NonNullable<T>] extends [never] ? Record<string, never> : NonNullable<T>;
type JsonBody<Content> = Content extends { 'application/json': infer Json }
  ? Json
  : Content extends Record<string, infer Other>
    ? Other
    : never;
type SuccessStatus<Id extends OperationId> = Extract<keyof Api<Id>['responses'], 200 | 201 | 202 | 204>;
type ResponseBody<Response> = Response extends { content: infer Content }
  ? [Content] extends [never]
    ? null
    : JsonBody<Content>
  : null;
// An optional body takes an empty object, and a body left out reads as `{}` (http/read-input.ts),
// so a handler always receives one when the operation has a body.
type RequestBody<Id extends OperationId> =
  Api<Id> extends { requestBody?: { content: infer Content } } ? JsonBody<Content> : undefined;

/** What a handler may answer: one of the operation's documented success statuses with its body. */
type HandlerResult<Id extends OperationId> = {
  [Status in SuccessStatus<Id>]: { status: Status; body: ResponseBody<Api<Id>['responses'][Status]> };
}[SuccessStatus<Id>];

/** The validated request a handler receives; every field is typed from the spec. */
export interface HandlerContext<Id extends OperationId> {
  /** The project the request acts on (the caller's, or `{projectId}` for management calls). */
  project: Project<ProjectState>;
  principal: Principal;
  /** Every project of the service: the management API lists, creates and deletes them. */
  projects: ProjectRegistry<ProjectState>;
  /** What the organisation holds beside its projects: its users (management API). */
  organisation: OrganisationState;
  params: Part<Parameters<Id>['path']>;
  query: Part<Parameters<Id>['query']>;
  body: RequestBody<Id>;
  service: ServiceContext;
  /** Id of this request (`v-…`): the `request_id` of the jobs it starts and the `group_id` of its events. */
  requestId: string;
  /** Origin and base path of the API as this request reached it (`http://127.0.0.1:4010`), for addresses in answers. */
  baseUrl: string;
}

/** A thin handler: delegate to the project's stores and the domain, shape the response. */
export type Handler<Id extends OperationId> = (
  context: HandlerContext<Id>,
) => HandlerResult<Id> | Promise<HandlerResult<Id>>;

/** Handlers of some operations; the registry merges one map per resource. */
export type HandlerMap = { [Id in OperationId]?: Handler<Id> };
