import { type Page, listBody, pageOf } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import type { HandlerMap } from '../../../http/handler.js';
import { type TransactionQuery, transactionPage } from '../../campaigns/vouchers/transactions.js';
import type { VoucherTransaction } from '../../campaigns/vouchers/types.js';
import { exportTransactionsOf } from '../../campaigns/vouchers/export-source.js';
import { scheduledExport } from '../../platform/exports/store.js';
import { listMemberActivities, listMemberActivity } from './activity.js';
import { addMember } from './add-member.js';
import { loyaltyMember, pointsTransferAnswer } from './shapes.js';

/** A page of a loyalty card's or programme's transactions, which are all of points. */
const pointsTransactions = (
  transactions: readonly VoucherTransaction[],
  query: TransactionQuery,
): Page<Resource<'LoyaltyCardTransaction'>> & { readonly moreStartingAfter: string } =>
  transactionPage(transactions, query) as Page<Resource<'LoyaltyCardTransaction'>> & {
    readonly moreStartingAfter: string;
  };

/**
 * Loyalty programmes (`/v1/loyalties`): the programmes themselves, their members (loyalty cards),
 * the members' points and their transactions.
 */
export const loyaltyHandlers = {
  listLoyaltyPrograms: ({ project, query }) => {
    const { campaigns, loyalties } = project.state;
    const page = campaigns.list({ ...query, campaign_type: 'LOYALTY_PROGRAM' });
    return {
      status: 200,
      body: listBody('campaigns', { ...page, items: page.items.map((campaign) => loyalties.present(campaign)) }, [
        'total',
      ]),
    };
  },
  createLoyaltyProgram: ({ project, body, requestId }) => {
    const { campaigns, loyalties } = project.state;
    return {
      status: 200,
      body: loyalties.present(campaigns.create({ ...body, campaign_type: 'LOYALTY_PROGRAM' } as never, { requestId })),
    };
  },
  getLoyaltyProgram: ({ project, params }) => {
    const { loyalties } = project.state;
    return { status: 200, body: loyalties.present(loyalties.programme(params.campaignId)) };
  },
  updateLoyaltyProgram: ({ project, params, body, requestId }) => {
    const { campaigns, loyalties, loyaltyTiers } = project.state;
    const campaign = campaigns.update(loyalties.programme(params.campaignId).id, body as never, { requestId });
    if (body.options?.recalculate_tiers === true) loyaltyTiers.recalculate(campaign.id, { requestId });
    return { status: 200, body: loyalties.present(campaign) };
  },
  deleteLoyaltyProgram: ({ project, params, query, requestId }) => {
    const { campaigns, loyalties } = project.state;
    return {
      status: 200,
      body: {
        async_action_id: campaigns.delete(loyalties.programme(params.campaignId).id, query.force ?? false, {
          requestId,
        }).id,
      },
    };
  },
  listMembers: ({ project, params, query }) => {
    const { loyalties, vouchers } = project.state;
    const page = loyalties.members(params.campaignId, query as never);
    return {
      status: 200,
      body: listBody('vouchers', { ...page, items: page.items.map((card) => loyaltyMember(vouchers.present(card))) }, [
        'total',
      ]),
    };
  },
  addMember: ({ project, params, body, requestId }) => {
    const { vouchers } = project.state;
    const card = addMember(project.state, params.campaignId, body, { requestId });
    return { status: 200, body: loyaltyMember(vouchers.present(vouchers.get(card.id))) };
  },
  getMemberInCampaign: ({ project, params }) => {
    const { loyalties, vouchers } = project.state;
    return { status: 200, body: loyaltyMember(vouchers.present(loyalties.member(params.memberId, params.campaignId))) };
  },
  getMember: ({ project, params }) => {
    const { loyalties, vouchers } = project.state;
    return { status: 200, body: loyaltyMember(vouchers.present(loyalties.member(params.memberId))) };
  },
  updateLoyaltyCardBalanceInCampaign: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.loyalties.changeBalance(params.campaignId, params.memberId, body, { requestId }).balance,
  }),
  updateLoyaltyCardBalance: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.loyalties.changeBalance(undefined, params.memberId, body, { requestId }).balance,
  }),
  listLoyaltyCampaignTransactions: ({ project, params, query }) => {
    const { loyalties, vouchers } = project.state;
    const transactions = vouchers.transactions.ofCampaign(loyalties.programme(params.campaignId).id);
    const page = pointsTransactions(transactions, {
      limit: query.limit,
      order: query.order,
      startingAfterId: query.starting_after_id,
      filters: query.filters,
    });
    return { status: 200, body: listBody('data', page, ['has_more', 'more_starting_after', 'total']) };
  },
  listLoyaltyCardTransactionsInCampaign: ({ project, params, query }) => {
    const { loyalties, vouchers } = project.state;
    const card = loyalties.member(params.memberId, params.campaignId);
    const page = pointsTransactions(vouchers.transactions.of(card.id), {
      limit: query.limit,
      order: query.order,
      startingAfterId: query.starting_after_id,
      filters: query.filters,
    });
    return { status: 200, body: listBody('data', page, ['has_more', 'more_starting_after']) };
  },
  listLoyaltyCardTransactions: ({ project, params, query }) => {
    const { loyalties, vouchers } = project.state;
    const card = loyalties.member(params.memberId);
    const page = pointsTransactions(vouchers.transactions.of(card.id), {
      limit: query.limit,
      order: query.order,
      startingAfterId: query.starting_after_id,
      filters: query.filters,
    });
    return { status: 200, body: listBody('data', page, ['has_more', 'more_starting_after']) };
  },
  transferPoints: ({ project, params, body, requestId }) => {
    const { loyalties, vouchers } = project.state;
    const card = loyalties.transfer(params.campaignId, params.memberId, body, { requestId });
    return { status: 200, body: pointsTransferAnswer(loyaltyMember(vouchers.present(card))) };
  },
  listMemberActivityInCampaign: ({ project, params, query }) => {
    const { events, loyalties } = project.state;
    const page = listMemberActivity(events, loyalties.member(params.memberId, params.campaignId), query);
    return { status: 200, body: listBody('data', page, ['has_more', 'more_starting_after']) };
  },
  listMemberActivity: ({ project, params, query }) => {
    const { events, loyalties } = project.state;
    const page = listMemberActivity(events, loyalties.member(params.memberId), query);
    return { status: 200, body: listBody('data', page, ['has_more', 'more_starting_after']) };
  },
  getMemberActivitiesInCampaign: ({ project, params }) => {
    const { events, loyalties } = project.state;
    return { status: 200, body: listMemberActivities(events, loyalties.member(params.memberId, params.campaignId)) };
  },
  getMemberActivities: ({ project, params }) => {
    const { events, loyalties } = project.state;
    return { status: 200, body: listMemberActivities(events, loyalties.member(params.memberId)) };
  },
  exportLoyaltyCampaignTransactions: ({ project, params, body }) => {
    const { exports, loyalties } = project.state;
    return {
      status: 200,
      body: exportTransactionsOf(exports, body.parameters, {
        campaign_id: loyalties.programme(params.campaignId).id,
      }) as never,
    };
  },
  exportLoyaltyCardTransactions: ({ project, params, body }) => {
    const { exports, loyalties } = project.state;
    return {
      status: 200,
      body: exportTransactionsOf(exports, body.parameters, {
        voucher_id: loyalties.member(params.memberId).id,
      }) as never,
    };
  },
  exportLoyaltyCardTransactionsInCampaign: ({ project, params, body }) => {
    const { exports, loyalties } = project.state;
    return {
      status: 200,
      body: exportTransactionsOf(exports, body.parameters, {
        voucher_id: loyalties.member(params.memberId, params.campaignId).id,
      }) as never,
    };
  },
  createPointsExpirationExport: ({ project, params, body }) => {
    const { exports, loyalties } = project.state;
    const { filters, ...rest } = body.parameters ?? {};
    const parameters = {
      ...rest,
      filters: { ...filters, campaign_id: { conditions: { $in: [loyalties.programme(params.campaignId).id] } } },
    };
    return {
      status: 200,
      body: {
        ...scheduledExport(exports.create('points_expiration', parameters as never)),
        exported_object: 'points_expiration',
        parameters,
      } as never,
    };
  },
  listPointsExpiration: ({ project, params, query }) => {
    const { loyalties, loyaltyCards } = project.state;
    const card = loyalties.member(params.memberId, params.campaignId);
    const buckets = loyaltyCards.buckets(card.id).map((bucket) => loyaltyCards.presentBucket(card.id, bucket));
    return { status: 200, body: listBody('data', pageOf(buckets, query), ['total']) };
  },
} satisfies HandlerMap;
