import { type ReferralTrigger, referralConverts, referrerTiersReached } from '@voucherkit/domain';
import type { ServiceContext } from '../../../core/context.js';
import { type EventLog, INTERNAL_SOURCE, type ServiceEvent, causedBy } from '../../../core/event-log.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { TrackedSet } from '../../../core/history/tracked-set.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import type { CampaignStore } from '../../campaigns/campaigns/store.js';
import { simpleCampaign, simpleVoucher } from '../../campaigns/vouchers/shapes.js';
import type { Campaign, StoredVoucher } from '../../campaigns/vouchers/types.js';
import { simpleCustomer } from '../../customers/customers/profile.js';
import type { Customer, CustomerStore } from '../../customers/customers/store.js';
import { type RewardGivingStores, giveCampaignCredit, giveReward } from '../rewards/give.js';
import type { RedemptionStore } from '../../engine/redemptions/store.js';
import type { RewardStore } from '../rewards/store.js';
import type { ReferralHolders } from './holders.js';
import type { ReferralTier, ReferralTierStore } from './tiers.js';

/**
 * What conversions read and write: the codes and campaigns, the customers, the holders, the tiers and rewards, and the event log.
 */
export interface ReferralConversionDependencies extends RewardGivingStores {
  /** The referral campaigns. */
  readonly campaigns: CampaignStore;
  /** Referees and referrers, whose counters a conversion moves. */
  readonly customers: CustomerStore;
  /** Where a referee is attached. */
  readonly holders: ReferralHolders;
  /** What referrers earn. */
  readonly tiers: ReferralTierStore;
  /** The rewards the tiers give. */
  readonly rewards: RewardStore;
  /** The log whose redemptions and custom events convert, and where rewards are announced. */
  readonly events: EventLog;
  /** What a redemption redeemed, read without making its event's payload. */
  readonly redemptions: Pick<RedemptionStore, 'redeemed'>;
}

/** A referral code used by a customer: a redemption of it, or a custom event sent with it. */
interface CodeUse {
  readonly code: string;
  readonly refereeId: string;
  readonly trigger: ReferralTrigger;
  /** What recorded the use, for the referee's `referrals`: the redemption, or the custom event. */
  readonly recordedBy: { readonly id: string; readonly type: 'redemption' | 'customer_event' };
  /** The redemption as the event shows it, read only when the use converts: reading it makes the event's payload. */
  readonly redemption: () => Resource<'SimpleRedemption'> | null;
}

/** The redemption of a use that is no redemption. */
const NO_REDEMPTION = (): null => null;

/**
 * The code use an event reports, if it reports one. A redemption's voucher and customer are read
 * from the redemptions store, not from the event's payload, which most redemptions never need.
 */
const codeUseOf = (
  event: ServiceEvent,
  redemptions: ReferralConversionDependencies['redemptions'],
): CodeUse | undefined => {
  if (event.type === 'redemption.succeeded') {
    const redeemed = redemptions.redeemed(event.entity_id);
    if (!redeemed?.voucherId || !redeemed.customerId) return undefined;
    return {
      code: redeemed.voucherId,
      refereeId: redeemed.customerId,
      trigger: { kind: 'redemption' },
      recordedBy: { id: event.entity_id, type: 'redemption' },
      redemption: () => event.data.redemption,
    };
  }
  if (event.type === 'customer.custom_event') {
    const { event: custom, event_schema: schema } = event.data as {
      event: { id: string; type: string; referral?: { code?: string } | null };
      event_schema?: { id?: string } | null;
    };
    const code = custom.referral?.code;
    if (!code) return undefined;
    const trigger: ReferralTrigger = {
      kind: 'custom_event',
      name: custom.type,
      ...(schema?.id ? { schemaId: schema.id } : {}),
    };
    return {
      code,
      refereeId: event.entity_id,
      trigger,
      recordedBy: { id: custom.id, type: 'customer_event' },
      redemption: NO_REDEMPTION,
    };
  }
  return undefined;
};

/**
 * Referral programmes at work (decision 0044). They listen to the project's event log: a referee
 * redeeming a referral code (`redemption.succeeded`), or a custom event sent with one
 * (`customer.custom_event` with `referral.code`), converts a referral when the programme counts
 * that event (`referral_program.conversion_event_type`), the referee is not the referrer, and the
 * referrer has not referred them before. Then the referee becomes a `REFEREE` holder of the code
 * and gets the programme's `referee_reward` (points on a card of a loyalty programme, or credit
 * on a gift card, published to them when they hold none), and the referrer gets the reward of
 * each referral tier their new count of referees reaches (`customer.rewarded`). Nothing in the
 * engine or the customers area calls this.
 */
export class ReferralConversions {
  /** The referees of each referrer, by campaign: each referee counts once for a referrer. */
  readonly #referees: TrackedMap<string, TrackedMap<string, TrackedSet<string>>>;

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: ReferralConversionDependencies,
  ) {
    this.#referees = context.tracked.map();
  }

  /** Starts reacting to the project's redemptions and custom events. */
  listen(): () => void {
    return this.deps.events.subscribe((event) => {
      const use = codeUseOf(event, this.deps.redemptions);
      if (use) this.#convert(use, causedBy(event, INTERNAL_SOURCE));
    });
  }

  /** How many customers a referrer has referred in a campaign. */
  refereesOf(campaignId: string, referrerId: string): number {
    return this.#referees.get(campaignId)?.get(referrerId)?.size ?? 0;
  }

  #convert(use: CodeUse, origin: Origin): void {
    const { vouchers, campaigns, customers } = this.deps;
    const voucher = vouchers.find(use.code);
    const campaign =
      voucher?.is_referral_code === true && voucher.campaign_id ? campaigns.find(voucher.campaign_id) : undefined;
    const referrerId = voucher?.holder_id;
    if (!voucher || campaign?.campaign_type !== 'REFERRAL_PROGRAM' || !referrerId) return;
    const referees = this.#refereeSet(campaign.id, referrerId);
    const verdict = referralConverts(campaign.referral_program ?? {}, use.trigger, {
      referrerId,
      refereeId: use.refereeId,
      referredBefore: referees.has(use.refereeId),
    });
    const referee = customers.find(use.refereeId);
    const referrer = customers.find(referrerId);
    if (verdict !== true || !referee || !referrer) return;
    referees.add(referee.id);
    this.deps.holders.attach(voucher, referee, origin);
    customers.countReferral({
      refereeId: referee.id,
      referrerId,
      campaignId: campaign.id,
      relatedObject: use.recordedBy,
    });
    this.#rewardReferee(campaign, referee, origin);
    const rules = this.deps.tiers
      .list(campaign.id)
      .map((tier) => ({ id: tier.id, minimum_referees: tier.parameters.minimum_referees, tier }));
    for (const { tier } of referrerTiersReached(rules, referees.size))
      this.#rewardReferrer(tier, campaign, voucher, referrer, use, origin);
  }

  #refereeSet(campaignId: string, referrerId: string): TrackedSet<string> {
    let byReferrer = this.#referees.get(campaignId);
    if (byReferrer === undefined) this.#referees.set(campaignId, (byReferrer = this.context.tracked.innerMap()));
    let referees = byReferrer.get(referrerId);
    if (referees === undefined) byReferrer.set(referrerId, (referees = this.context.tracked.innerSet()));
    return referees;
  }

  /** The programme's `referee_reward`: points on the referee's card of a loyalty programme, or credit on their gift card. */
  #rewardReferee(campaign: Campaign, referee: Customer, origin: Origin): void {
    const reward = campaign.referral_program?.referee_reward;
    const parent = reward?.related_object_parent?.id;
    if (!reward || !parent || !reward.amount) return;
    const type = reward.type === 'GIFT_VOUCHER' ? 'GIFT_VOUCHERS' : 'LOYALTY_PROGRAM';
    giveCampaignCredit(this.deps, { id: parent, type, amount: reward.amount }, referee, {
      origin,
      reason: `Referral in ${campaign.name}`,
      details: { referral: { campaign: { id: campaign.id, name: campaign.name } } },
    });
  }

  /** A referral tier's reward for the referrer, announced as `customer.rewarded`; a reward deleted or out of stock is skipped. */
  #rewardReferrer(
    tier: ReferralTier,
    campaign: Campaign,
    code: StoredVoucher,
    referrer: Customer,
    use: CodeUse,
    origin: Origin,
  ): void {
    const { rewards } = this.deps;
    const reward = rewards.find(tier.parameters.reward.id);
    if (!reward || reward.stock === 0) return;
    const given = giveReward(this.deps, reward, referrer, origin);
    rewards.countRedemption(reward.id, 1);
    const { stock: _stock, redeemed: _redeemed, attributes: _attributes, ...shown } = reward;
    const gave =
      'voucher' in given
        ? { voucher: simpleVoucher(given.voucher) }
        : {
            product: { id: given.product.id, source_id: given.product.source_id ?? '', name: given.product.name ?? '' },
            ...(given.sku
              ? { sku: { id: given.sku.id, source_id: given.sku.source_id ?? '', sku: given.sku.sku ?? '' } }
              : {}),
          };
    const credit = (reward.parameters as { campaign?: { type?: string; balance?: number } }).campaign;
    const balance = credit?.balance
      ? credit.type === 'GIFT_VOUCHERS'
        ? { amount: credit.balance }
        : { points: credit.balance }
      : null;
    this.deps.events.record('customer.rewarded', {
      entityId: referrer.id,
      origin,
      data: {
        customer: simpleCustomer(referrer),
        holder: simpleCustomer(referrer),
        voucher: simpleVoucher(code),
        campaign: simpleCampaign(campaign),
        redemption: use.redemption(),
        reward: { ...shown, customer: simpleCustomer(referrer), ...gave } as Resource<'SimpleRedemptionRewardResult'>,
        referral_tier: tier,
        balance,
        custom_event: null,
        customer_event: null,
      },
    });
  }
}
