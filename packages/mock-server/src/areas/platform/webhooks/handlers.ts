import { listBody, wholeList } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

/** Webhook configurations of a project (management keys); deliveries follow them (deliveries.ts). */
export const webhookHandlers = {
  listWebhooks: ({ project }) => ({
    status: 200,
    body: listBody('data', wholeList(project.state.webhooks.list()), ['total']),
  }),
  createWebhook: ({ project, body }) => ({ status: 200, body: project.state.webhooks.create(body) }),
  getWebhook: ({ project, params }) => ({ status: 200, body: project.state.webhooks.get(params.webhookId) }),
  updateWebhook: ({ project, params, body }) => ({
    status: 200,
    body: project.state.webhooks.update(params.webhookId, body),
  }),
  deleteWebhook: ({ project, params }) => {
    project.state.webhooks.delete(params.webhookId);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
