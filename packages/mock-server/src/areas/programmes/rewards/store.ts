import type { ServiceContext } from '../../../core/context.js';
import type { EventLog } from '../../../core/event-log.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { type Page, type PageQuery, pageOf } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import { simpleCampaign } from '../../campaigns/vouchers/shapes.js';
import type { CampaignStore } from '../../campaigns/campaigns/store.js';
import type { Campaign } from '../../campaigns/vouchers/types.js';
import type { ProductStore } from '../../catalog/products/store.js';
import type { ValidationRuleStore } from '../../rules/validation-rules/store.js';
import type { LoyaltyStore } from '../loyalties/store.js';

/** A reward as the API shows it (`rew_…`). */
export type Reward = Resource<'Reward'>;

/** A reward's assignment to a loyalty campaign, with its price in points (`rewa_…`). */
export type RewardAssignment = Resource<'RewardAssignmentBase'> & {
  parameters?: { loyalty: { points: number; auto_redeem?: boolean | null } };
};

/** A new reward (`POST /v1/rewards`): from a campaign, a product, or pay with points. */
export type RewardInput = Resource<'RewardCreateRequest'>;

/**
 * An assignment as either route takes it: `campaign` (`/v1/rewards/{rewardId}/assignments`) or
 * `reward` (`/v1/loyalties/{campaignId}/rewards`), with a price, or validation rules for a
 * pay-with-points reward.
 */
export interface RewardAssignmentInput {
  /** The price and whether the reward redeems itself. */
  readonly parameters?:
    | {
        readonly loyalty?:
          | { readonly points?: number | undefined; readonly auto_redeem?: boolean | null | undefined }
          | undefined;
      }
    | undefined;
  /** Validation rules (`val_…`) a payment with points must meet; pay-with-points rewards only. */
  readonly validation_rules?: readonly string[] | undefined;
}

interface StoredAssignment {
  readonly assignment: RewardAssignment;
  readonly validationRules: readonly string[];
}

type RewardKind = Reward['type'];

const kindOf = (parameters: object | null | undefined): RewardKind | undefined => {
  if (parameters && 'campaign' in parameters && parameters.campaign) return 'CAMPAIGN';
  if (parameters && 'product' in parameters && parameters.product) return 'MATERIAL';
  if (parameters && 'coin' in parameters && parameters.coin) return 'COIN';
  return undefined;
};

const CAMPAIGN_REWARD_TYPES = new Set(['DISCOUNT_COUPONS', 'GIFT_VOUCHERS', 'LOYALTY_PROGRAM']);

/**
 * The project's rewards and their assignments to loyalty campaigns: what members can get for
 * points, at which price in each campaign. Redeeming them is the reward redeemer's.
 */
export class RewardStore {
  readonly #rewards: TrackedMap<string, Reward>;
  readonly #assignments: TrackedMap<string, StoredAssignment>;

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: {
      readonly loyalties: LoyaltyStore;
      readonly campaigns: CampaignStore;
      readonly products: ProductStore;
      readonly validationRules: ValidationRuleStore;
      readonly events: EventLog;
    },
  ) {
    this.#rewards = context.tracked.map();
    this.#assignments = context.tracked.map();
  }

  /**
   * Creates a reward; its kind follows from its parameters (`campaign`, `product` or `coin`).
   *
   * @throws ApiError 404 for an unknown campaign, product or SKU; 400 `invalid_payload` for
   *   parameters of no kind or a campaign that cannot give rewards, `invalid_balance` for gift
   *   credit or points that are not positive.
   */
  create(input: RewardInput): Reward {
    const kind = kindOf(input.parameters);
    if (kind === undefined)
      throw ApiError.invalidPayload('Property .parameters should name a campaign, a product or coin ratios');
    const now = this.context.timestamp();
    const fields = this.#fields(kind, input, undefined);
    const reward: Reward = {
      id: this.context.ids('rew'),
      ...fields,
      redeemed: 0,
      created_at: now,
      updated_at: null,
      object: 'reward',
    } as Reward;
    this.#rewards.set(reward.id, reward);
    return reward;
  }

  /** A page of rewards in creation order; with `assignment_id`, the reward of that assignment. */
  list(query: PageQuery & { readonly assignment_id?: string | undefined } = {}): Page<Reward> {
    const rewards =
      query.assignment_id === undefined
        ? [...this.#rewards.values()]
        : [this.#rewards.get(this.#assignments.get(query.assignment_id)?.assignment.reward_id ?? '')].filter(
            (reward) => reward !== undefined,
          );
    return pageOf(rewards, query);
  }

  /** A reward, if it exists. */
  find(id: string): Reward | undefined {
    return this.#rewards.get(id);
  }

  /** A reward. @throws ApiError 404. */
  get(id: string): Reward {
    const reward = this.#rewards.get(id);
    if (!reward) throw ApiError.notFound('reward', id);
    return reward;
  }

  /**
   * Changes a reward's name, parameters, stock, attributes or metadata; its kind stays.
   * @throws ApiError 404; 400 `invalid_payload` for parameters of another kind.
   */
  update(id: string, input: Resource<'RewardUpdateRequest'>): Reward {
    const before = this.get(id);
    const kind = input.parameters === undefined ? before.type : kindOf(input.parameters);
    if (kind !== before.type)
      throw ApiError.invalidPayload(`The kind of a reward cannot change: ${id} is a ${before.type} reward.`);
    const reward = {
      ...before,
      ...this.#fields(before.type, input as RewardInput, before),
      updated_at: this.context.timestamp(),
    } as Reward;
    this.#rewards.set(id, reward);
    return reward;
  }

  /**
   * Deletes a reward that no campaign offers.
   * @throws ApiError 404; 400 `resource_in_use` while assignments offer it.
   */
  delete(id: string): void {
    this.get(id);
    const used = [...this.#assignments.values()]
      .filter((stored) => stored.assignment.reward_id === id)
      .map((stored) => stored.assignment.id);
    if (used.length > 0) {
      throw new ApiError(400, 'resource_in_use', 'Resource in use', {
        details: `Resource reward with id ${id} is in use by reward_assignments with ids [${used.join(', ')}]`,
        resourceId: id,
        resourceType: 'reward',
      });
    }
    this.#rewards.delete(id);
  }

  /** Counts a redemption of a reward: one more `redeemed`, one less in `stock` when it is counted. */
  countRedemption(id: string, delta: 1 | -1): Reward {
    const reward = this.get(id);
    const stock = typeof reward.stock === 'number' ? reward.stock - delta : reward.stock;
    const redeemed = (typeof reward.redeemed === 'number' ? reward.redeemed : 0) + delta;
    const next = { ...reward, stock, redeemed } as Reward;
    this.#rewards.set(id, next);
    return next;
  }

  /**
   * Offers a reward in a loyalty campaign at a price in points, or, for pay with points, under
   * validation rules.
   *
   * @throws ApiError 404 for an unknown reward, campaign or validation rule; 409 `duplicate_found`
   *   when the campaign offers the reward already; 400 `missing_param` without a price,
   *   `invalid_payload` for a price below 1 or a second reward that redeems itself.
   */
  assign(rewardId: string, campaignRef: string, input: RewardAssignmentInput, origin: Origin = {}): RewardAssignment {
    return this.assignAll(campaignRef, [{ ...input, reward: rewardId }], origin)[0] as RewardAssignment;
  }

  /**
   * Offers several rewards in a loyalty campaign (`POST /v1/loyalties/{campaignId}/rewards`), all
   * or none: every item is checked before any is stored.
   *
   * @throws As {@link RewardStore.assign}; 400 `invalid_payload` for an empty list.
   */
  assignAll(
    campaignRef: string,
    items: readonly (RewardAssignmentInput & { readonly reward: string })[],
    origin: Origin = {},
  ): RewardAssignment[] {
    const campaign = this.deps.loyalties.programme(campaignRef);
    if (items.length === 0) throw ApiError.invalidPayload('The request assigns no reward.');
    const seen = new Set<string>();
    for (const item of items) {
      const reward = this.get(item.reward);
      const existing = this.#ofCampaign(campaign.id).find((stored) => stored.assignment.reward_id === reward.id);
      if (existing || seen.has(reward.id)) {
        throw new ApiError(409, 'duplicate_found', 'Duplicated resource found', {
          details: existing
            ? `Duplicated reward_assignment exists with id ${existing.assignment.id}`
            : `The request assigns the reward ${reward.id} twice.`,
          ...(existing ? { resourceId: existing.assignment.id } : {}),
          resourceType: 'reward_assignment',
        });
      }
      seen.add(reward.id);
      for (const ruleId of item.validation_rules ?? [])
        if (!this.deps.validationRules.has(ruleId)) throw ApiError.notFound('validation_rule', ruleId);
      if (reward.type !== 'COIN') this.#price(campaign.id, undefined, item);
    }
    return items.map((item) => this.#add(this.get(item.reward), campaign, item, origin));
  }

  #add(reward: Reward, campaign: Campaign, input: RewardAssignmentInput, origin: Origin): RewardAssignment {
    const validationRules = input.validation_rules ?? [];
    const now = this.context.timestamp();
    const assignment: RewardAssignment = {
      id: this.context.ids('rewa'),
      reward_id: reward.id,
      related_object_id: campaign.id,
      related_object_type: 'campaign',
      ...(reward.type === 'COIN' ? {} : { parameters: { loyalty: this.#price(campaign.id, undefined, input) } }),
      created_at: now,
      updated_at: null,
      object: 'reward_assignment',
    };
    this.#assignments.set(assignment.id, {
      assignment,
      validationRules: reward.type === 'COIN' ? validationRules : [],
    });
    this.#announce('campaign.reward.assignment.created', campaign, assignment, origin);
    return assignment;
  }

  /**
   * Changes an assignment's price or whether it redeems itself.
   * @throws ApiError 404; 400 `invalid_payload` for a price below 1 or a second reward that redeems itself.
   */
  updateAssignment(
    id: string,
    input: RewardAssignmentInput,
    scope: AssignmentScope = {},
    origin: Origin = {},
  ): RewardAssignment {
    const stored = this.#stored(id, scope);
    const { assignment } = stored;
    if (!assignment.parameters) return assignment;
    const loyalty = this.#price(assignment.related_object_id, assignment, {
      parameters: { loyalty: { ...assignment.parameters.loyalty, ...input.parameters?.loyalty } },
    });
    const updated: RewardAssignment = { ...assignment, parameters: { loyalty }, updated_at: this.context.timestamp() };
    this.#assignments.set(id, { ...stored, assignment: updated });
    this.#announce(
      'campaign.reward.assignment.updated',
      this.deps.loyalties.programme(assignment.related_object_id),
      updated,
      origin,
    );
    return updated;
  }

  /** Takes a reward out of a campaign; the reward stays. @throws ApiError 404. */
  unassign(id: string, scope: AssignmentScope = {}, origin: Origin = {}): void {
    const { assignment } = this.#stored(id, scope);
    this.#assignments.delete(id);
    const campaign = this.deps.loyalties.findProgramme(assignment.related_object_id);
    if (campaign) this.#announce('campaign.reward.assignment.deleted', campaign, assignment, origin);
  }

  /** An assignment, of the reward or campaign the route names. @throws ApiError 404. */
  assignment(id: string, scope: AssignmentScope = {}): RewardAssignment {
    return this.#stored(id, scope).assignment;
  }

  /** The validation rules a payment with points under an assignment must meet. */
  validationRulesOf(id: string): readonly string[] {
    return this.#assignments.get(id)?.validationRules ?? [];
  }

  /** A page of the assignments of a reward. @throws ApiError 404. */
  assignmentsOfReward(rewardId: string, query: PageQuery = {}): Page<RewardAssignment> {
    this.get(rewardId);
    return pageOf(
      [...this.#assignments.values()]
        .filter((stored) => stored.assignment.reward_id === rewardId)
        .map((stored) => stored.assignment),
      query,
    );
  }

  /** The assignments of a campaign in creation order, or the one with `assignment_id`. */
  assignmentsOfCampaign(campaignId: string, assignmentId?: string): RewardAssignment[] {
    return this.#ofCampaign(campaignId)
      .map((stored) => stored.assignment)
      .filter((assignment) => assignmentId === undefined || assignment.id === assignmentId);
  }

  /** The assignment of a reward in a campaign, if the campaign offers it. */
  assignmentOf(rewardId: string, campaignId: string): RewardAssignment | undefined {
    return this.#ofCampaign(campaignId).find((stored) => stored.assignment.reward_id === rewardId)?.assignment;
  }

  /**
   * A reward as a loyalty card of a campaign pays with it in a validation or redemption: the
   * reward, its assignment there, and the rate of a pay-with-points reward; `undefined` when the
   * campaign does not offer it.
   */
  offer(
    rewardId: string,
    campaignId: string,
  ):
    | { id: string; assignmentId: string; coin?: { exchange_ratio: number; points_ratio: number }; reward: Reward }
    | undefined {
    const assignment = this.assignmentOf(rewardId, campaignId);
    const reward = this.#rewards.get(rewardId);
    if (!assignment || !reward) return undefined;
    const coin =
      reward.type === 'COIN'
        ? (reward.parameters as { coin: { exchange_ratio: number; points_ratio: number } }).coin
        : undefined;
    return { id: reward.id, assignmentId: assignment.id, ...(coin ? { coin } : {}), reward };
  }

  /** The assignment of a campaign that redeems itself (`auto_redeem`), if it has one. */
  autoRedeemOf(campaignId: string): RewardAssignment | undefined {
    return this.#ofCampaign(campaignId).find((stored) => stored.assignment.parameters?.loyalty.auto_redeem === true)
      ?.assignment;
  }

  /** Forgets the assignments of a campaign that is gone. */
  releaseCampaign(campaignId: string): void {
    for (const stored of this.#ofCampaign(campaignId)) this.#assignments.delete(stored.assignment.id);
  }

  #ofCampaign(campaignId: string): StoredAssignment[] {
    return [...this.#assignments.values()].filter((stored) => stored.assignment.related_object_id === campaignId);
  }

  #stored(id: string, scope: AssignmentScope): StoredAssignment {
    const stored = this.#assignments.get(id);
    const campaignId =
      scope.campaignRef === undefined ? undefined : this.deps.loyalties.programme(scope.campaignRef).id;
    if (scope.rewardId !== undefined) this.get(scope.rewardId);
    if (
      !stored ||
      (campaignId !== undefined && stored.assignment.related_object_id !== campaignId) ||
      (scope.rewardId !== undefined && stored.assignment.reward_id !== scope.rewardId)
    ) {
      throw ApiError.notFound('reward_assignment', id);
    }
    return stored;
  }

  /** The price of an assignment, checked: at least a point, and one reward per campaign that redeems itself. */
  #price(
    campaignId: string,
    current: RewardAssignment | undefined,
    input: RewardAssignmentInput,
  ): { points: number; auto_redeem?: boolean | null } {
    const loyalty = input.parameters?.loyalty;
    if (loyalty?.points === undefined)
      throw new ApiError(400, 'missing_param', 'Missing required parameter', {
        details: "Parameter 'parameters.loyalty' is required",
      });
    if (!Number.isInteger(loyalty.points) || loyalty.points < 1)
      throw ApiError.invalidPayload('Property .parameters.loyalty.points should be at least 1');
    if (loyalty.auto_redeem === true) {
      const other = this.#ofCampaign(campaignId).find(
        (stored) => stored.assignment.id !== current?.id && stored.assignment.parameters?.loyalty.auto_redeem === true,
      );
      if (other)
        throw ApiError.invalidPayload(
          `Only one reward of a campaign can be redeemed automatically; ${other.assignment.id} already is.`,
        );
    }
    return {
      points: loyalty.points,
      ...(loyalty.auto_redeem === undefined ? {} : { auto_redeem: loyalty.auto_redeem }),
    };
  }

  /** A reward's fields of its kind, from a request (over the reward before, for an update). */
  #fields(
    kind: RewardKind,
    input: RewardInput,
    before: Reward | undefined,
  ): Omit<Reward, 'id' | 'redeemed' | 'created_at' | 'updated_at' | 'object'> {
    const raw = input as RewardInput & { stock?: number | null; attributes?: Reward['attributes'] };
    const parameters =
      input.parameters === undefined
        ? before?.parameters
        : this.#parameters(kind, input.parameters as unknown as Record<string, Record<string, unknown>>);
    return {
      name: input.name ?? before?.name ?? this.#defaultName(kind, parameters as Reward['parameters']),
      type: kind,
      parameters: parameters as Reward['parameters'],
      stock: raw.stock === undefined ? (before?.stock ?? null) : raw.stock,
      ...(raw.attributes === undefined
        ? before?.attributes === undefined
          ? {}
          : { attributes: before.attributes }
        : { attributes: raw.attributes }),
      metadata: input.metadata ?? before?.metadata ?? {},
    };
  }

  #parameters(kind: RewardKind, parameters: Record<string, Record<string, unknown>>): Reward['parameters'] {
    switch (kind) {
      case 'CAMPAIGN': {
        const sent = parameters['campaign'] as { id: string; balance?: number };
        const campaign = this.deps.campaigns.get(sent.id);
        const type = campaign.campaign_type;
        if (!CAMPAIGN_REWARD_TYPES.has(type))
          throw ApiError.invalidPayload(
            `A ${type} campaign cannot give rewards; use discount coupons, gift cards or a loyalty campaign.`,
          );
        if (type !== 'DISCOUNT_COUPONS' && !(typeof sent.balance === 'number' && sent.balance > 0)) {
          throw new ApiError(400, 'invalid_balance', "Property 'parameters.campaign.balance' is invalid", {
            details: `Balance must be greater than zero for campaign type: ${type}`,
          });
        }
        return {
          campaign: { id: campaign.id, type, ...(type === 'DISCOUNT_COUPONS' ? {} : { balance: sent.balance }) },
        } as Reward['parameters'];
      }
      case 'MATERIAL': {
        const sent = parameters['product'] as { id: string; sku_id?: string | null };
        const product = this.deps.products.get(sent.id);
        const skuId = sent.sku_id ?? null;
        if (skuId !== null && this.deps.products.findSku(skuId)?.product_id !== product.id)
          throw ApiError.notFound('sku', skuId);
        return { product: { id: product.id, sku_id: skuId } } as Reward['parameters'];
      }
      case 'COIN': {
        const sent = parameters['coin'] as { exchange_ratio: string | number; points_ratio?: string | number };
        const exchange = Number(sent.exchange_ratio);
        const points = Number(sent.points_ratio ?? 1);
        if (!(exchange > 0) || !Number.isInteger(points) || points < 1)
          throw ApiError.invalidPayload(
            'Property .parameters.coin should have a positive exchange_ratio and a whole points_ratio of at least 1',
          );
        return { coin: { exchange_ratio: exchange, points_ratio: points } } as Reward['parameters'];
      }
    }
  }

  #defaultName(kind: RewardKind, parameters: Reward['parameters']): string {
    if (kind === 'COIN') return 'Pay with points';
    if (kind === 'MATERIAL')
      return this.deps.products.find((parameters as { product: { id: string } }).product.id)?.name ?? 'Product';
    return (
      this.deps.campaigns.find((parameters as { campaign: { id: string } }).campaign.id)?.name ?? 'Campaign reward'
    );
  }

  #announce(
    type:
      | 'campaign.reward.assignment.created'
      | 'campaign.reward.assignment.updated'
      | 'campaign.reward.assignment.deleted',
    campaign: Campaign,
    assignment: RewardAssignment,
    origin: Origin,
  ): void {
    if (origin.silent === true) return;
    const reward = this.#rewards.get(assignment.reward_id);
    if (!reward) return;
    this.deps.events.record(type, {
      entityId: assignment.id,
      data: { campaign: simpleCampaign(campaign), reward_assignment: assignment as never, reward },
      origin,
    });
  }
}

/** The reward or campaign an assignment route names, which the assignment must belong to. */
export interface AssignmentScope {
  /** The reward of `/v1/rewards/{rewardId}/assignments/…`. */
  readonly rewardId?: string | undefined;
  /** The campaign of `/v1/loyalties/{campaignId}/rewards/…`. */
  readonly campaignRef?: string | undefined;
}
