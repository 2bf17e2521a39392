import type { ServiceContext } from '../../../core/context.js';
import type { EventLog } from '../../../core/event-log.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import type { CampaignStore } from '../../campaigns/campaigns/store.js';
import { simpleCampaign } from '../../campaigns/vouchers/shapes.js';
import type { Campaign } from '../../campaigns/vouchers/types.js';
import type { RewardStore } from '../rewards/store.js';

/**
 * A referral tier: the reward a referral campaign gives its referrers, for each referee or once at
 * a number of them. As events show it (`SimpleReferralTier`), its `parameters` name the reward and
 * the number.
 *
 * @example
 * ```ts
 * const tier: ReferralTier = { id: 'rtr_1', campaign_id: 'camp_1', banner: 'Five friends', parameters: { reward: { id: 'rew_1', name: 'Gift' }, minimum_referees: 5 } };
 * ```
 */
export type ReferralTier = Resource<'SimpleReferralTier'> & {
  readonly id: string;
  readonly campaign_id: string;
  readonly parameters: {
    readonly reward: { readonly id: string; readonly name: string };
    readonly minimum_referees: number | null;
  };
};

/**
 * A new referral tier. The service's API has no operation for them (the dashboard makes them), so
 * tests and the sandbox make them here.
 *
 * @example
 * ```ts
 * const input: ReferralTierInput = { banner: 'Each friend', reward: 'rew_1' };
 * ```
 */
export interface ReferralTierInput {
  /** The tier's display name; default "Referral tier <n>". */
  readonly banner?: string | undefined;
  /** The reward referrers get (`rew_…`): a coupon, gift card credit, points or a product. */
  readonly reward: string;
  /** The number of referees that earns the reward, once; left out, every referee earns it. */
  readonly minimum_referees?: number | undefined;
}

/** What the tiers need: the campaigns they belong to, the rewards they give, and the event log. */
export interface ReferralTierDependencies {
  /** The referral campaigns. */
  readonly campaigns: CampaignStore;
  /** The rewards tiers give. */
  readonly rewards: RewardStore;
  /** Where tier changes are announced. */
  readonly events: EventLog;
}

/**
 * The referral tiers of the project's referral campaigns (`rtr_…`, decision 0044): what
 * referrers earn. Each change records `campaign.referral_tier.created`, `.updated` or `.deleted`.
 */
export class ReferralTierStore {
  readonly #tiers: TrackedMap<string, ReferralTier>;

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: ReferralTierDependencies,
  ) {
    this.#tiers = context.tracked.map();
  }

  /** The tiers of a campaign, oldest first. */
  list(campaignId: string): ReferralTier[] {
    return [...this.#tiers.values()].filter((tier) => tier.campaign_id === campaignId);
  }

  /** The tier with this id; throws 404 for none. */
  get(id: string): ReferralTier {
    const tier = this.#tiers.get(id);
    if (!tier) throw ApiError.notFound('referral_tier', id);
    return tier;
  }

  /**
   * Adds a tier to a referral campaign.
   *
   * @throws ApiError 404 for an unknown campaign or reward; 400 for a campaign that is not a
   *   referral programme, a pay-with-points (COIN) reward, or a minimum that is not a whole
   *   number of 1 or more.
   */
  create(campaignRef: string, input: ReferralTierInput): ReferralTier {
    const campaign = this.#referralCampaign(campaignRef);
    const tier: ReferralTier = {
      id: this.context.ids('rtr'),
      campaign_id: campaign.id,
      banner: input.banner ?? `Referral tier ${this.list(campaign.id).length + 1}`,
      parameters: this.#parameters(input),
    };
    return this.#store(tier, campaign, 'campaign.referral_tier.created');
  }

  /** Changes a tier's banner, reward or minimum; the fields left out stay. Throws as {@link ReferralTierStore.create}. */
  update(id: string, changes: Partial<ReferralTierInput>): ReferralTier {
    const current = this.get(id);
    const campaign = this.#referralCampaign(current.campaign_id);
    const parameters = this.#parameters({
      reward: changes.reward ?? current.parameters.reward.id,
      minimum_referees:
        'minimum_referees' in changes ? changes.minimum_referees : (current.parameters.minimum_referees ?? undefined),
    });
    return this.#store(
      { ...current, banner: changes.banner ?? current.banner ?? '', parameters },
      campaign,
      'campaign.referral_tier.updated',
    );
  }

  /** Removes a tier; referrers earn its reward no more. Throws 404 for none. */
  delete(id: string): void {
    const tier = this.get(id);
    this.#tiers.delete(id);
    const campaign = this.deps.campaigns.find(tier.campaign_id);
    if (campaign) this.#record('campaign.referral_tier.deleted', tier, campaign);
  }

  #store(
    tier: ReferralTier,
    campaign: Campaign,
    type: 'campaign.referral_tier.created' | 'campaign.referral_tier.updated',
  ): ReferralTier {
    this.#tiers.set(tier.id, tier);
    this.#record(type, tier, campaign);
    return tier;
  }

  #record(
    type: 'campaign.referral_tier.created' | 'campaign.referral_tier.updated' | 'campaign.referral_tier.deleted',
    tier: ReferralTier,
    campaign: Campaign,
  ): void {
    this.deps.events.record(type, {
      entityId: tier.id,
      data: { campaign: simpleCampaign(campaign), referral_tier: tier },
    });
  }

  #referralCampaign(ref: string): Campaign {
    const campaign = this.deps.campaigns.get(ref);
    if (campaign.campaign_type !== 'REFERRAL_PROGRAM')
      throw ApiError.invalidPayload(
        `The campaign ${campaign.name} is not a referral programme: referral tiers belong to REFERRAL_PROGRAM campaigns.`,
      );
    return campaign;
  }

  #parameters(input: ReferralTierInput): ReferralTier['parameters'] {
    const reward = this.deps.rewards.get(input.reward);
    // Pay-with-points rewards are spent at checkout; nothing can be given with them.
    if (reward.type === 'COIN')
      throw ApiError.invalidPayload(
        `The reward ${reward.name ?? reward.id} is a pay-with-points (COIN) reward, which a referral tier cannot give: give a coupon, credit, points or a product.`,
      );
    const minimum = input.minimum_referees;
    if (minimum !== undefined && !(Number.isInteger(minimum) && minimum >= 1))
      throw ApiError.invalidPayload(`minimum_referees must be a whole number of 1 or more, not ${minimum}.`);
    return { reward: { id: reward.id, name: reward.name ?? '' }, minimum_referees: minimum ?? null };
  }
}
