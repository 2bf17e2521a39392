import { listBody } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

const cursor = (query: {
  readonly limit?: number | undefined;
  readonly order?: 'id' | '-id' | undefined;
  readonly starting_after_id?: string | undefined;
}) => ({
  limit: query.limit,
  order: query.order,
  startingAfterId: query.starting_after_id,
});

/** Pending points of loyalty cards: lists, activation, adjustment and cancellation. */
export const pendingPointsHandlers = {
  listCampaignPendingPoints: ({ project, params, query }) => {
    const { loyalties, pendingPoints } = project.state;
    const page = pendingPoints.list({ ...cursor(query), campaignId: loyalties.programme(params.campaignId).id });
    return { status: 200, body: listBody('data', page, ['has_more', 'more_starting_after']) };
  },
  listMemberPendingPointsInCampaign: ({ project, params, query }) => {
    const { loyalties, pendingPoints } = project.state;
    const page = pendingPoints.list({
      ...cursor(query),
      voucherId: loyalties.member(params.memberId, params.campaignId).id,
    });
    return { status: 200, body: listBody('data', page, ['has_more', 'more_starting_after']) };
  },
  listMemberPendingPoints: ({ project, params, query }) => {
    const { loyalties, pendingPoints } = project.state;
    const page = pendingPoints.list({ ...cursor(query), voucherId: loyalties.member(params.memberId).id });
    return { status: 200, body: listBody('data', page, ['has_more', 'more_starting_after']) };
  },
  activateMemberPendingPoints: ({ project, params, requestId }) => ({
    status: 200,
    body: project.state.pendingPoints.activate(params.memberId, params.pendingPointsId, { requestId }) as never,
  }),
  adjustMemberPendingPoints: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.pendingPoints.adjust(params.memberId, params.pendingPointsId, body.points, { requestId }),
  }),
  cancelMemberPendingPoints: ({ project, params, requestId }) => {
    project.state.pendingPoints.cancel(params.memberId, params.pendingPointsId, { requestId });
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
