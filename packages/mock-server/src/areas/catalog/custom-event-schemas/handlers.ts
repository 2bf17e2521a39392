import { listBody, wholeList } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

/** Custom event schemas (management API): the custom events a project tracks and their attributes. */
export const customEventSchemaHandlers = {
  listCustomEventSchemas: ({ project }) => ({
    status: 200,
    body: listBody('data', wholeList(project.state.customEventSchemas.list()), ['total']),
  }),
  createCustomEventSchema: ({ project, body }) => ({
    status: 200,
    body: project.state.customEventSchemas.create(body),
  }),
  getCustomEventSchema: ({ project, params }) => ({
    status: 200,
    body: project.state.customEventSchemas.get(params.customEventSchemaId),
  }),
  updateCustomEventSchema: ({ project, params, body }) => ({
    status: 200,
    body: project.state.customEventSchemas.update(params.customEventSchemaId, body),
  }),
  deleteCustomEventSchema: ({ project, params }) => {
    project.state.customEventSchemas.delete(params.customEventSchemaId);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
