import { listBody } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

/** The redemption lists and records; the operations that redeem and roll back are the engine's (`engine-handlers.ts`). */
export const redemptionHandlers = {
  listRedemptions: ({ project, query }) => ({
    status: 200,
    body: listBody('redemptions', project.state.redemptions.list(query), ['total']),
  }),
  getRedemption: ({ project, params }) => ({ status: 200, body: project.state.redemptions.get(params.redemptionId) }),
  getVoucherRedemptions: ({ project, params }) => ({
    status: 200,
    body: project.state.redemptions.ofVoucher(params.code),
  }),
} satisfies HandlerMap;
