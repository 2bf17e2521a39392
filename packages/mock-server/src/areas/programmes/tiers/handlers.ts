import { type EarningRuleLoyalty } from '@voucherkit/domain';
import { mappedLoyalty } from '@voucherkit/domain/internals';
import { listBody, pageOf } from '../../../core/list.js';
import type { HandlerMap } from '../../../http/handler.js';

/** Tiers of loyalty campaigns and the tiers of members. */
export const tierHandlers = {
  listLoyaltyTiers: ({ project, params, query }) => ({
    status: 200,
    body: listBody('data', project.state.loyaltyTiers.list(params.campaignId, query), ['total']),
  }),
  createLoyaltyTiers: ({ project, params, body, requestId }) => ({
    status: 200,
    body: project.state.loyaltyTiers.create(params.campaignId, body, { requestId }),
  }),
  getLoyaltyTier: ({ project, params }) => ({
    status: 200,
    body: project.state.loyaltyTiers.get(params.campaignId, params.loyaltyTierId),
  }),
  listMemberLoyaltyTiers: ({ project, params }) => {
    const { loyalties, loyaltyTiers } = project.state;
    const tiers = loyaltyTiers.memberTiers(loyalties.member(params.memberId));
    return { status: 200, body: listBody('data', pageOf(tiers, { limit: tiers.length }), ['total']) };
  },
  listLoyaltyTierEarningRules: ({ project, params, query }) => {
    const { earningRules, loyaltyTiers } = project.state;
    const tier = loyaltyTiers.get(params.campaignId, params.loyaltyTierId);
    const mappings = tier.earning_rules ?? {};
    // The rules' points as the tier's members earn them.
    const rules = earningRules.of(tier.campaign_id).map((rule) => ({
      ...rule,
      loyalty: mappedLoyalty(rule.loyalty as EarningRuleLoyalty, mappings[rule.id] as never) as typeof rule.loyalty,
    }));
    return { status: 200, body: listBody('data', pageOf(rules, query), ['total']) };
  },
} satisfies HandlerMap;
