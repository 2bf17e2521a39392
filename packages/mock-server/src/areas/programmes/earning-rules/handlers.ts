import { listBody } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

/** Earning rules of loyalty campaigns (`/v1/loyalties/{campaignId}/earning-rules`). */
export const earningRuleHandlers = {
  listEarningRules: ({ project, params, query }) => ({
    status: 200,
    body: listBody('data', project.state.earningRules.list(params.campaignId, query), ['total']),
  }),
  createEarningRule: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.earningRules.create(params.campaignId, body, { requestId }),
  }),
  getEarningRule: ({ project, params }) => ({
    status: 200,
    body: project.state.earningRules.get(params.campaignId, params.earningRuleId),
  }),
  updateEarningRule: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.earningRules.update(params.campaignId, params.earningRuleId, body, { requestId }),
  }),
  deleteEarningRule: ({ project, params, requestId }) => {
    project.state.earningRules.delete(params.campaignId, params.earningRuleId, { requestId });
    return { status: 204, body: null };
  },
  enableEarningRule: ({ project, params, requestId }) => ({
    status: 200,
    body: project.state.earningRules.setActive(params.campaignId, params.earningRuleId, true, { requestId }),
  }),
  disableEarningRule: ({ project, params, requestId }) => ({
    status: 200,
    body: project.state.earningRules.setActive(params.campaignId, params.earningRuleId, false, { requestId }),
  }),
  checkLoyaltyQualifications: ({ project, params, body }) => ({
    status: 200,
    body: project.state.earner.qualify(params.campaignId, body),
  }),
} satisfies HandlerMap;
