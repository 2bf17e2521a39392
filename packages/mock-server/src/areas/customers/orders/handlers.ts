import { listBody } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';
import { importSummary } from '../../platform/async-actions/job.js';
import { scheduledExport } from '../../platform/exports/store.js';
import type { OrderInput } from './store.js';

/** Orders, with amounts computed from their lines. */
export const orderHandlers = {
  listOrders: ({ project, query }) => ({
    status: 200,
    body: listBody('orders', project.state.orders.list(query), ['total']),
  }),
  createOrder: ({ project, body, requestId }) => ({
    status: 200,
    body: project.state.orders.upsert(body, { requestId }).order,
  }),
  getOrder: ({ project, params }) => ({ status: 200, body: project.state.orders.get(params.orderId) }),
  updateOrder: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.orders.update(params.orderId, body, { requestId }).order,
  }),
  importOrders: ({ project, body, requestId }) => {
    const { orders, asyncActions } = project.state;
    // Imported orders are history: no events, no webhooks.
    const action = asyncActions.start(
      'ORDERS.IMPORT',
      {
        items: body as OrderInput[],
        process: (order) => {
          orders.upsert(order, { silent: true });
        },
        identify: (order) => ({ source_id: order.source_id ?? null }),
        summarize: importSummary('order'),
      },
      { requestId },
    );
    return { status: 200, body: { async_action_id: action.id } };
  },
  createOrderExport: ({ project, body }) => {
    const created = project.state.exports.create('order', body.parameters);
    // The stored parameters are the request's, with the default columns filled in.
    return {
      status: 200,
      body: {
        ...scheduledExport(created),
        exported_object: 'order',
        parameters: created.parameters as NonNullable<typeof body.parameters>,
      },
    };
  },
} satisfies HandlerMap;
