import { listBody } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

type ListQuery = {
  limit?: number | undefined;
  order?: 'id' | '-id' | undefined;
  starting_after_id?: string | undefined;
  filters?: unknown;
};

const holderPage = (query: ListQuery) => ({
  limit: query.limit,
  order: query.order,
  startingAfterId: query.starting_after_id,
  filters: query.filters,
});

/** The holders of referral codes (`/v1/referrals/…/holders`), with and without the campaign in the path. */
export const referralHandlers = {
  listReferralCodeHolders: ({ project, params, query }) => ({
    status: 200,
    body: listBody('data', project.state.referralHolders.list(params.memberId, undefined, holderPage(query)), [
      'total',
      'has_more',
      'more_starting_after',
    ]),
  }),
  listReferralCodeHoldersInCampaign: ({ project, params, query }) => ({
    status: 200,
    body: listBody('data', project.state.referralHolders.list(params.memberId, params.campaignId, holderPage(query)), [
      'total',
      'has_more',
      'more_starting_after',
    ]),
  }),
  addReferralCodeHolders: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.referralHolders.add(params.memberId, undefined, body, { requestId }),
  }),
  addReferralCodeHoldersInCampaign: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.referralHolders.add(params.memberId, params.campaignId, body, { requestId }),
  }),
  removeReferralCodeHolder: ({ project, params, requestId }) => {
    project.state.referralHolders.remove(params.memberId, undefined, params.holderId, { requestId });
    return { status: 204, body: null };
  },
  removeReferralCodeHolderInCampaign: ({ project, params, requestId }) => {
    project.state.referralHolders.remove(params.memberId, params.campaignId, params.holderId, { requestId });
    return { status: 204, body: null };
  },
} satisfies HandlerMap;
