import { listBody, wholeList } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

/** Promotion tiers (server and client side) and promotion stacks. */
export const promotionHandlers = {
  listPromotionTiers: ({ project, query }) => ({
    status: 200,
    body: listBody('tiers', project.state.promotions.list(query), ['total', 'has_more']),
  }),
  listPromotionTiersClientSide: ({ project, query }) => ({
    status: 200,
    body: listBody('tiers', project.state.promotions.list(query), ['total', 'has_more']),
  }),
  listPromotionTiersFromCampaign: ({ project, params }) => ({
    status: 200,
    body: listBody('tiers', wholeList(project.state.promotions.listOfCampaign(params.campaignId)), [
      'total',
      'has_more',
    ]),
  }),
  addPromotionTierToCampaign: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.promotions.create(params.campaignId, body, { requestId }),
  }),
  getPromotionTier: ({ project, params }) => ({
    status: 200,
    body: project.state.promotions.get(params.promotionTierId),
  }),
  updatePromotionTier: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.promotions.update(params.promotionTierId, body, { requestId }),
  }),
  deletePromotionTier: ({ project, params, requestId }) => {
    project.state.promotions.delete(params.promotionTierId, { requestId });
    return { status: 204, body: null };
  },
  enablePromotionTier: ({ project, params, requestId }) => ({
    status: 200,
    body: project.state.promotions.setActive(params.promotionTierId, true, { requestId }),
  }),
  disablePromotionTier: ({ project, params, requestId }) => ({
    status: 200,
    body: project.state.promotions.setActive(params.promotionTierId, false, { requestId }),
  }),
  listAllPromotionStacks: ({ project, query }) => ({
    status: 200,
    body: listBody('data', project.state.promotions.stacks.list(query), ['total']),
  }),
  listPromotionStacksInCampaign: ({ project, params }) => ({
    status: 200,
    body: listBody('data', wholeList(project.state.promotions.stacks.listOfCampaign(params.campaignId)), ['total']),
  }),
  createPromotionStack: ({ project, params, body }) => ({
    status: 200,
    body: project.state.promotions.stacks.create(params.campaignId, body),
  }),
  getPromotionStack: ({ project, params }) => ({
    status: 200,
    body: project.state.promotions.stacks.get(params.campaignId, params.stackId),
  }),
  updatePromotionStack: ({ project, params, body }) => ({
    status: 200,
    body: project.state.promotions.stacks.update(params.campaignId, params.stackId, body),
  }),
  deletePromotionStack: ({ project, params }) => {
    project.state.promotions.stacks.delete(params.campaignId, params.stackId);
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
