import { listBody } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

/** Async actions: read-only views of the project's bulk jobs. */
export const asyncActionHandlers = {
  listAsyncActions: ({ project, query }) => ({
    status: 200,
    body: listBody('async_actions', project.state.asyncActions.list({ limit: query.limit, endDate: query.end_date }), [
      'has_more',
    ]),
  }),
  getAsyncAction: ({ project, params }) => ({
    status: 200,
    body: project.state.asyncActions.get(params.asyncActionId),
  }),
} satisfies HandlerMap;
