import type { z } from 'zod';
import type { ServiceContext } from '../core/context.js';
import type { Project } from '../core/projects.js';
import type { ProjectState } from '../resources/state.js';
import type { OperationId, operations } from '../generated/operations.js';
import type { Principal } from './authenticate.js';

type Operation<Id extends OperationId> = (typeof operations)[Id];
type Responses<Id extends OperationId> = Operation<Id>['responses'];
type SuccessStatus<Id extends OperationId> = Extract<keyof Responses<Id>, `2${string}`>;
type ResponseBody<Schema> = Schema extends z.ZodType ? z.input<Schema> : null;
type RequestBody<Body> = Body extends { schema: infer Schema extends z.ZodType; required: infer Required }
  ? Required extends true
    ? z.output<Schema>
    : z.output<Schema> | undefined
  : undefined;

/** What a handler may answer: one of the operation's documented success statuses with its body. */
export type HandlerResult<Id extends OperationId> = {
  [Status in SuccessStatus<Id>]: Status extends `${infer Code extends number}`
    ? { status: Code; body: ResponseBody<Responses<Id>[Status]> }
    : never;
}[SuccessStatus<Id>];

/** The validated request a handler receives; every field is typed from the spec. */
export interface HandlerContext<Id extends OperationId> {
  /** The project the request acts on (the caller's, or `{projectId}` for management calls). */
  project: Project<ProjectState>;
  principal: Principal;
  params: z.output<Operation<Id>['pathParams']>;
  query: z.output<Operation<Id>['query']>;
  body: RequestBody<Operation<Id>['body']>;
  service: ServiceContext;
}

/** A thin handler: delegate to the project's stores and the domain, shape the response. */
export type Handler<Id extends OperationId> = (context: HandlerContext<Id>) => HandlerResult<Id> | Promise<HandlerResult<Id>>;

/** Handlers of some operations; the registry merges one map per resource. */
export type HandlerMap = { [Id in OperationId]?: Handler<Id> };
