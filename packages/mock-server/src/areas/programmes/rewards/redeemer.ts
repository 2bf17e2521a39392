import { rewardPrice } from '@voucherkit/domain';
import type { ServiceContext } from '../../../core/context.js';
import { type EventLog, causedBy } from '../../../core/event-log.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import type { ProductStore } from '../../catalog/products/store.js';
import type { CampaignStore } from '../../campaigns/campaigns/store.js';
import type { LoyaltyCardLedger } from '../../campaigns/loyalty-cards/ledger.js';
import type { PublicationStore } from '../../campaigns/publications/store.js';
import { simpleCampaign, simpleVoucher } from '../../campaigns/vouchers/shapes.js';
import type { VoucherStore } from '../../campaigns/vouchers/store.js';
import type { Campaign, StoredVoucher } from '../../campaigns/vouchers/types.js';
import { simpleCustomer } from '../../customers/customers/profile.js';
import type { Customer, CustomerStore } from '../../customers/customers/store.js';
import { type RedemptionRecord, redemptionChanges } from '../../engine/redemptions/engine/records.js';
import type { RedemptionStore } from '../../engine/redemptions/store.js';
import type { LoyaltyStore } from '../loyalties/store.js';
import type { LoyaltyTierStore } from '../tiers/store.js';
import { giveReward } from './give.js';
import type { RewardAssignment, RewardStore } from './store.js';

/** A member's reward redemption as `POST /v1/loyalties/members/{memberId}/redemption` takes it. */
export type RewardRedemptionRequest = Resource<'LoyaltyMemberRedemptionRedeemRequest'>;

/** The redemption of a reward: the `r_…` record with the reward and what it gave. */
export type RewardRedemption = Resource<'LoyaltyMemberRedemptionRedeemResponse'>;

type RewardResult = NonNullable<RedemptionRecord['reward']>;

/** The stores a reward redemption reads and changes. */
export interface RewardRedeemerDependencies {
  /** The programmes and their members. */
  readonly loyalties: LoyaltyStore;
  /** The rewards and their prices in each campaign. */
  readonly rewards: RewardStore;
  /** The members' tiers, whose reward mappings change prices. */
  readonly tiers: LoyaltyTierStore;
  /** The cards' points. */
  readonly loyaltyCards: LoyaltyCardLedger;
  /** The cards and the vouchers rewards issue or load. */
  readonly vouchers: VoucherStore;
  /** Publishing a reward's coupon, gift card or loyalty card to the member. */
  readonly publications: PublicationStore;
  /** The card holders. */
  readonly customers: CustomerStore;
  /** The campaigns rewards come from. */
  readonly campaigns: CampaignStore;
  /** The products material rewards give. */
  readonly products: ProductStore;
  /** The engine: pay-with-points rewards redeem through it, and every reward redemption is stored there. */
  readonly redemptions: RedemptionStore;
  /** The project's event log. */
  readonly events: EventLog;
}

/**
 * Exchanges a member's points for a reward of the card's campaign (decision 0039): a discount
 * coupon published to the holder, credit on their gift card, points on their card of another
 * programme, a product, or, for pay with points, a discount on an order through the engine. The
 * cost is the assignment's price as the member's tier maps it; the record is an `r_…`
 * redemption, and a rollback refunds the points.
 */
export class RewardRedeemer {
  constructor(
    private readonly context: ServiceContext,
    private readonly deps: RewardRedeemerDependencies,
  ) {}

  /**
   * Reacts to rollbacks through the event log: a rolled back reward redemption is announced as
   * `customer.reward_redemptions.rolledback` (the engine refunded the points; what the reward gave
   * stays, decision 0039).
   *
   * @returns A function that stops listening.
   */
  listen(): () => void {
    return this.deps.events.subscribe(
      (event) => {
        const record = this.deps.redemptions.find(event.data.redemption?.id ?? '');
        const reward = record?.object === 'redemption' ? record.reward : undefined;
        const card = record?.related_object_id ? this.deps.vouchers.find(record.related_object_id) : undefined;
        const holder = card?.holder_id ? this.deps.customers.find(card.holder_id) : undefined;
        const assignmentId = reward?.assignment_id;
        if (!record || !reward || !card || !holder || !assignmentId) return;
        const assignment = this.deps.rewards.assignment(assignmentId, { rewardId: reward.id ?? '' });
        this.#announce(card, holder, record as RedemptionRecord, assignment, causedBy(event), ['ROLLEDBACK']);
      },
      { type: 'redemption.rollback.succeeded' },
    );
  }

  /**
   * Redeems a reward with a member's points.
   *
   * @param code - The card's code (or id).
   * @param request - The reward, and for pay with points the order and points.
   * @param origin - The request's id and channel.
   * @param programmeRef - The programme the card must belong to, when the route names one.
   * @throws ApiError 404 for an unknown card, or a reward its campaign does not offer; 400
   *   `missing_reward`, `not_published` for a card nobody holds, `missing_order` for pay with
   *   points without an order, `loyalty_card_points_exceeded` (stored as an `rf_…` record) and
   *   `quantity_exceeded` for a reward out of stock.
   */
  redeem(
    code: string,
    request: RewardRedemptionRequest,
    origin: Origin<'requestId' | 'channel'>,
    programmeRef?: string,
  ): RewardRedemption {
    const card = this.deps.loyalties.member(code, programmeRef);
    const rewardId = request.reward?.id;
    if (rewardId === undefined)
      throw new ApiError(400, 'missing_reward', 'Missing reward', {
        details: 'Name the reward to redeem in reward.id.',
      });
    const holder = card.holder_id ? this.deps.customers.find(card.holder_id) : undefined;
    if (!holder)
      throw new ApiError(400, 'not_published', 'Voucher not published', {
        details: `The loyalty card ${card.code} has no holder to redeem rewards for.`,
      });
    const offer = this.deps.rewards.offer(rewardId, card.campaign_id ?? '');
    if (!offer) {
      throw new ApiError(404, 'not_found', 'Resource not found', {
        details: `Cannot find reward with id ${rewardId} in the campaign of ${card.code}`,
        resourceId: rewardId,
        resourceType: 'reward',
      });
    }
    const assignment = this.deps.rewards.assignment(offer.assignmentId, { rewardId });
    const tier = this.deps.tiers.tierOf(card);
    // The reward as redemptions show it: without its stock and count, with whom it went to.
    const { stock: _stock, redeemed: _redeemed, attributes: _attributes, ...reward } = offer.reward;
    const shown = (given: Omit<Partial<RewardResult>, 'customer'> = {}): RewardResult =>
      ({
        ...reward,
        customer: simpleCustomer(holder),
        assignment_id: assignment.id,
        loyalty_tier_id: tier?.id ?? null,
        ...given,
      }) as RewardResult;
    if (offer.coin) {
      const paid = this.#payWithPoints(card, holder, request, origin, shown());
      this.#announce(card, holder, paid, assignment, origin);
      return paid as RewardRedemption;
    }
    const price = rewardPrice(
      assignment.parameters?.loyalty.points ?? 0,
      this.deps.tiers.mappingOf(card, 'rewards', assignment.id),
    );
    const campaign = this.#campaignOf(card);
    const balance = this.deps.loyaltyCards.balance(card.id);
    if (price > balance) {
      const failed = this.#record(card, holder, request, origin, {
        id: this.context.ids('rf'),
        result: 'FAILURE',
        status: 'FAILED',
        failure_code: 'loyalty_card_points_exceeded',
        failure_message: 'Loyalty card points exceeded',
      });
      this.deps.redemptions.addExternal(failed, { voucherId: card.id, campaign, points: 0 });
      throw new ApiError(400, 'loyalty_card_points_exceeded', 'Loyalty card points exceeded', {
        details: `The reward costs ${price} points; the card ${card.code} has ${balance}.`,
        resourceId: failed.id,
        resourceType: 'redemption',
      });
    }
    if (offer.reward.stock === 0) {
      throw new ApiError(400, 'quantity_exceeded', 'Quantity exceeded', {
        details: `The reward ${offer.reward.id} is out of stock.`,
        resourceId: offer.reward.id,
        resourceType: 'reward',
      });
    }
    const id = this.context.ids('r');
    const spent = this.deps.loyaltyCards.debit(
      card.id,
      {
        points: price,
        type: 'POINTS_REDEMPTION',
        source: null,
        details: { redemption: { id }, reward: { id: offer.reward.id, name: offer.reward.name } },
        operation_type: 'MANUAL',
      },
      origin,
    );
    const given = giveReward(this.deps, offer.reward, holder, origin);
    const gave =
      'voucher' in given
        ? { voucher: this.#present(given.voucher) }
        : ({ product: given.product, sku: given.sku } as Omit<Partial<RewardResult>, 'customer'>);
    this.deps.rewards.countRedemption(offer.reward.id, 1);
    // The ledger counted the points (`redeemed_points`); the card counts one more redemption, which a rollback takes back.
    this.deps.vouchers.replace(spent.voucher, redemptionChanges(spent.voucher, 1));
    const record = this.#record(card, holder, request, origin, {
      id,
      amount: price,
      result: 'SUCCESS',
      status: 'SUCCEEDED',
      reward: shown(gave),
      loyalty_card: { points: price },
    });
    this.deps.redemptions.addExternal(record, { voucherId: card.id, campaign, points: price });
    this.#announce(card, holder, record, assignment, origin);
    return record as RewardRedemption;
  }

  /** Pay with points through the engine, on the order of the request, for the card's holder. */
  #payWithPoints(
    card: StoredVoucher,
    holder: Customer,
    request: RewardRedemptionRequest,
    origin: Origin<'requestId' | 'channel'>,
    reward: RewardResult,
  ): RedemptionRecord {
    if (request.order === undefined)
      throw new ApiError(400, 'missing_order', 'Missing order', {
        details: 'A pay with points reward needs the order it pays for.',
      });
    const made = this.deps.redemptions.redeemFirst(
      {
        redeemables: [
          {
            object: 'voucher',
            id: card.code,
            reward: {
              id: reward.id ?? '',
              ...(request.reward?.points === undefined ? {} : { points: request.reward.points }),
            },
          },
        ],
        customer: { id: holder.id },
        order: request.order,
        ...(request.metadata === undefined ? {} : { metadata: request.metadata }),
      } as never,
      origin,
    );
    const record = this.deps.redemptions.describeReward(made, reward);
    return { ...record, voucher: { ...record.voucher, holder: simpleCustomer(holder) } } as RedemptionRecord;
  }

  #present(voucher: StoredVoucher): NonNullable<RewardResult['voucher']> {
    return this.deps.vouchers.present(this.deps.vouchers.get(voucher.id)) as NonNullable<RewardResult['voucher']>;
  }

  #campaignOf(card: StoredVoucher): { id: string; name: string } | undefined {
    const campaign: Campaign | undefined = card.campaign_id ? this.deps.campaigns.find(card.campaign_id) : undefined;
    return campaign ? { id: campaign.id, name: campaign.name } : undefined;
  }

  /** A reward redemption's record: the card (with its holder) as it is now, and the fields given. */
  #record(
    card: StoredVoucher,
    holder: Customer,
    request: RewardRedemptionRequest,
    origin: Origin<'requestId' | 'channel'>,
    fields: Partial<RedemptionRecord> & Pick<RedemptionRecord, 'id' | 'result' | 'status'>,
  ): RedemptionRecord {
    const voucher = this.deps.vouchers.present(this.deps.vouchers.get(card.id));
    return {
      object: 'redemption',
      date: this.context.timestamp(),
      customer_id: holder.id,
      tracking_id: holder.source_id ?? null,
      metadata: request.metadata ?? {},
      redemption: null,
      order: null,
      channel: origin.channel,
      customer: simpleCustomer(holder),
      related_object_type: 'voucher',
      related_object_id: card.id,
      voucher: { ...voucher, holder: simpleCustomer(holder) } as never,
      ...fields,
    } as RedemptionRecord;
  }

  /**
   * `customer.reward_redemptions.created` and `.completed` (or `.rolledback`) for the holder,
   * naming the exchange (`rewr_…`) and the redemption that recorded it.
   */
  #announce(
    card: StoredVoucher,
    holder: Customer,
    record: RedemptionRecord,
    assignment: RewardAssignment,
    origin: Origin,
    states: readonly ('CREATED' | 'COMPLETED' | 'ROLLEDBACK')[] = ['CREATED', 'COMPLETED'],
  ): void {
    const campaign = this.deps.campaigns.get(card.campaign_id ?? '');
    // The short form of the reward: no product or SKU objects, and a tier only when the member has one.
    const { product: _product, sku: _sku, loyalty_tier_id: tierId, ...rest } = record.reward as RewardResult;
    const reward = { ...rest, ...(tierId ? { loyalty_tier_id: tierId } : {}) };
    const gift = (reward.parameters as { campaign?: { type: string; balance?: number } } | undefined)?.campaign;
    const exchange = {
      id: this.context.ids('rewr'),
      created_at: record.date,
      updated_at: null,
      voucher_id: card.id,
      campaign_id: campaign.id,
      customer_id: holder.id,
      reward_assignment_id: assignment.id,
      source_id: record.id,
      source_type: 'redemption',
    };
    const types = {
      CREATED: 'customer.reward_redemptions.created',
      COMPLETED: 'customer.reward_redemptions.completed',
      ROLLEDBACK: 'customer.reward_redemptions.rolledback',
    } as const;
    for (const state of states) {
      this.deps.events.record(types[state], {
        entityId: holder.id,
        data: {
          customer: simpleCustomer(holder),
          holder: simpleCustomer(holder),
          voucher: simpleVoucher(this.deps.vouchers.get(card.id)),
          campaign: simpleCampaign(campaign),
          reward_redemption: { ...exchange, state },
          reward: {
            ...reward,
            ...(reward.voucher ? { voucher: simpleVoucher(this.deps.vouchers.get(String(reward.voucher.id))) } : {}),
          } as never,
          reward_assignment: assignment,
          source: { id: record.id, type: 'redemption' },
          balance: gift?.type === 'GIFT_VOUCHERS' ? { amount: gift.balance ?? 0 } : null,
        },
        origin,
      });
    }
  }
}
