import { rewardPrice } from '@voucherkit/domain';
import { listBody, pageOf } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';
import { loadEngine } from '../../engine/load.js';
import { redemptionOrigin } from '../../engine/redemptions/origin.js';
import type { LoyaltyStore } from '../loyalties/store.js';
import type { RewardAssignment, RewardStore } from './store.js';

/** An assignment with its price as a member of a tier pays it. */
const priced = (assignment: RewardAssignment, price: number): RewardAssignment =>
  assignment.parameters
    ? { ...assignment, parameters: { loyalty: { ...assignment.parameters.loyalty, points: price } } }
    : assignment;

/** A campaign's assignments as a page, narrowed to one assignment when the route asks. */
const campaignAssignments = (
  state: { readonly loyalties: LoyaltyStore; readonly rewards: RewardStore },
  campaignRef: string,
  query: { readonly limit?: number | undefined; readonly page?: number | undefined },
  assignmentId?: string,
) => {
  const campaign = state.loyalties.programme(campaignRef);
  return listBody('data', pageOf(state.rewards.assignmentsOfCampaign(campaign.id, assignmentId), query), ['total']);
};

/** Rewards (`/v1/rewards`), their assignments to loyalty campaigns, and a member's and a tier's rewards. */
export const rewardHandlers = {
  listRewards: ({ project, query }) => ({
    status: 200,
    body: listBody('data', project.state.rewards.list(query), ['total']),
  }),
  createReward: ({ project, body }) => ({ status: 200, body: project.state.rewards.create(body) }),
  getReward: ({ project, params }) => ({ status: 200, body: project.state.rewards.get(params.rewardId) }),
  updateReward: ({ project, params, body }) => ({
    status: 200,
    body: project.state.rewards.update(params.rewardId, body),
  }),
  deleteReward: ({ project, params }) => {
    project.state.rewards.delete(params.rewardId);
    return { status: 204, body: null };
  },
  listRewardAssignments: ({ project, params, query }) => ({
    status: 200,
    body: listBody('data', project.state.rewards.assignmentsOfReward(params.rewardId, query), ['total']),
  }),
  createRewardAssignment: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.rewards.assign(params.rewardId, body.campaign, body, { requestId }),
  }),
  getRewardAssignment: ({ project, params }) => ({
    status: 200,
    body: project.state.rewards.assignment(params.assignmentId, { rewardId: params.rewardId }),
  }),
  updateRewardAssignment: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.rewards.updateAssignment(
      params.assignmentId,
      body,
      { rewardId: params.rewardId },
      { requestId },
    ),
  }),
  deleteRewardAssignment: ({ project, params, requestId }) => {
    project.state.rewards.unassign(params.assignmentId, { rewardId: params.rewardId }, { requestId });
    return { status: 204, body: null };
  },
  createLoyaltyRewardAssignment: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.rewards.assignAll(params.campaignId, body, { requestId }) as never,
  }),
  listLoyaltyRewards: ({ project, params, query }) => ({
    status: 200,
    body: campaignAssignments(project.state, params.campaignId, query, query.assignment_id),
  }),
  listLoyaltyRewardAssignments: ({ project, params, query }) => ({
    status: 200,
    body: campaignAssignments(project.state, params.campaignId, query, query.assignmentId),
  }),
  getLoyaltyReward: ({ project, params }) => ({
    status: 200,
    body: project.state.rewards.assignment(params.assignmentId, { campaignRef: params.campaignId }),
  }),
  getLoyaltyRewardAssignment: ({ project, params }) => ({
    status: 200,
    body: project.state.rewards.assignment(params.assignmentId, { campaignRef: params.campaignId }),
  }),
  getRewardDetails: ({ project, params }) => {
    const { rewards } = project.state;
    return {
      status: 200,
      body: rewards.get(rewards.assignment(params.assignmentId, { campaignRef: params.campaignId }).reward_id),
    };
  },
  updateLoyaltyRewardAssignment: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.rewards.updateAssignment(
      params.assignmentId,
      body,
      { campaignRef: params.campaignId },
      { requestId },
    ),
  }),
  deleteLoyaltyRewardAssignment: ({ project, params, requestId }) => {
    project.state.rewards.unassign(params.assignmentId, { campaignRef: params.campaignId }, { requestId });
    return { status: 204, body: null };
  },
  listMemberRewards: ({ project, params, query }) => {
    const { loyalties, loyaltyCards, loyaltyTiers, rewards } = project.state;
    const card = loyalties.member(params.memberId);
    const balance = loyaltyCards.balance(card.id);
    const entries = rewards.assignmentsOfCampaign(card.campaign_id ?? '').flatMap((assignment) => {
      const points = assignment.parameters?.loyalty.points;
      // The price as the member's tier sets it; pay with points has none and is always affordable.
      const price =
        points === undefined ? undefined : rewardPrice(points, loyaltyTiers.mappingOf(card, 'rewards', assignment.id));
      if (query.affordable_only === true && price !== undefined && price > balance) return [];
      return [
        {
          reward: rewards.get(assignment.reward_id),
          assignment: price === undefined ? assignment : priced(assignment, price),
          object: 'loyalty_reward' as const,
        },
      ];
    });
    return { status: 200, body: listBody('data', pageOf(entries, { limit: entries.length }), ['total']) as never };
  },
  // A reward paid with points redeems the card through the engine, which these load first.
  redeemRewardInCampaign: async ({ project, params, body, principal, requestId }) => {
    await loadEngine();
    return {
      status: 200,
      body: project.state.rewardRedeemer.redeem(
        params.memberId,
        body,
        redemptionOrigin(principal, requestId),
        params.campaignId,
      ),
    };
  },
  redeemReward: async ({ project, params, body, principal, requestId }) => {
    await loadEngine();
    return {
      status: 200,
      body: project.state.rewardRedeemer.redeem(params.memberId, body, redemptionOrigin(principal, requestId)),
    };
  },
  listLoyaltyTierRewards: ({ project, params }) => {
    const { loyaltyTiers, rewards } = project.state;
    const tier = loyaltyTiers.get(params.campaignId, params.loyaltyTierId);
    const mappings = (tier.rewards ?? {}) as Record<string, Parameters<typeof rewardPrice>[1]>;
    const entries = rewards.assignmentsOfCampaign(tier.campaign_id).map((assignment) => {
      const points = assignment.parameters?.loyalty.points;
      const shown =
        points === undefined ? assignment : priced(assignment, rewardPrice(points, mappings[assignment.id]));
      return { reward: rewards.get(assignment.reward_id), assignment: shown, object: 'loyalty_tier_reward' as const };
    });
    return { status: 200, body: listBody('data', pageOf(entries, { limit: entries.length }), ['total']) as never };
  },
} satisfies HandlerMap;
