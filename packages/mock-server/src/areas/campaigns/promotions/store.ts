import { PROMOTION_TIER_VALIDITY_KEYS, type ValidityCheckResult, compileValidityWindow } from '@voucherkit/domain';
import { patchMetadata } from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import type { EventLog } from '../../../core/event-log.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import {
  type ListOrder,
  type Page,
  type SortedPageQuery,
  listBody,
  pageOf,
  sortByOrder,
  wholeList,
} from '../../../core/list.js';
import { creationOrder } from '../../../core/sorted-page.js';
import { RedeemableWindows } from '../../../core/redeemable-windows.js';
import type { Resource } from '../../../core/resource.js';
import type { Origin } from '../../../core/origin.js';
import { ApiError } from '../../../http/api-error.js';
import type { CategoryChoice, CategoryStore } from '../../catalog/categories/store.js';
import type { MetadataSchemaStore } from '../../catalog/metadata-schemas/store.js';
import { simpleCampaign } from '../vouchers/shapes.js';
import type { Campaign } from '../vouchers/types.js';
import type { RuleAssignments } from '../rule-assignments.js';
import { type PromotionStack, PromotionStackStore } from './stacks.js';

/** A promotion tier as the API returns it, with its campaign's dates and switch in `campaign`. */
export type PromotionTier = Resource<'PromotionTier'>;

/**
 * The fields of a new tier: `POST /v1/promotions/{campaignId}/tiers`, or an item of a new
 * promotion campaign's `promotion.tiers`.
 */
export type PromotionTierCreateInput = Resource<'PromotionTierCreateParams'>;

/** The changes of `PUT /v1/promotions/tiers/{promotionTierId}`. */
export type PromotionTierUpdateInput = Resource<'PromotionTierUpdate'>;

/** Which tiers {@link PromotionStore.list} returns, as `GET /v1/promotions/tiers` takes them. */
export interface PromotionTierListQuery extends SortedPageQuery<ListOrder<'created_at' | 'updated_at'>> {
  /** With `true`, only tiers {@link PromotionStore.checkValidity} finds usable now; otherwise all. */
  readonly is_available?: boolean | undefined;
}

/**
 * What a redemption adds to a tier's `summary`: the order's amount and the discount the tier gave,
 * in minor units.
 */
export interface TierRedemptionAmounts {
  /** Amount of the redeemed order. */
  readonly orderAmount: number;
  /** Discount the tier gave on it. */
  readonly discountAmount: number;
}

/** A promotion tier or stack as a validation or redemption names it. */
export interface PromotionRedeemableRef {
  /** Kind of redeemable. */
  readonly object: 'promotion_tier' | 'promotion_stack';
  /** Its id (`promo_…` or `stack_…`). */
  readonly id: string;
}

/** A promotion stack with its campaign and its tiers, in the order they apply. */
export interface FoundPromotionStack {
  /** The stack. */
  readonly stack: PromotionStack;
  /** Its promotion campaign. */
  readonly campaign: Campaign;
  /** Its tiers, in the stack's order. */
  readonly tiers: readonly PromotionTier[];
}

/** A promotion tier with its campaign. */
export interface FoundPromotionTier {
  /** The tier, as the API shows it. */
  readonly tier: PromotionTier;
  /** Its promotion campaign. */
  readonly campaign: Campaign;
}

/**
 * What validations and redemptions need of promotions: find a tier or a stack with its campaign,
 * tell whether it can be used at an instant (with the service's failure key), and count a
 * redemption in a tier's `summary`. The project's {@link PromotionStore} provides it.
 */
interface PromotionRedeemables {
  /** The tier with this id and its campaign, if any. */
  findTier(id: string): FoundPromotionTier | undefined;
  /** The stack with this id, its campaign and its tiers, if any. */
  findStack(id: string): FoundPromotionStack | undefined;
  /**
   * Whether a tier or a stack can be used at an instant (default now). A tier: its campaign must
   * be switched on and inside its validity (`campaign_not_active`), then the tier itself
   * (`promotion_inactive` when switched off, `promotion_not_active_now` outside its dates,
   * timeframe, days or hours). A stack: its campaign only; its tiers are checked one by one as
   * they apply.
   *
   * @throws ApiError 404 for an unknown tier or stack.
   */
  checkValidity(redeemable: PromotionRedeemableRef, at?: number): ValidityCheckResult;
  /**
   * Counts a redemption of a tier (`direction` 1) or its rollback (`direction` -1) in the tier's
   * `summary`: `redemptions.total_redeemed`, `orders.total_amount`, `orders.total_discount_amount`.
   *
   * @throws ApiError 404 for an unknown tier.
   */
  countRedemption(tierId: string, amounts: TierRedemptionAmounts, direction?: 1 | -1): void;
}

/** The tiers of a campaign being created, checked and built by {@link PromotionStore.prepare}. */
export interface PreparedTiers {
  /** Stores the tiers (and assigns their rules), recording no event. */
  store(): void;
  /** Records `campaign.promotion_tier.created` for each stored tier. */
  record(origin?: Origin): void;
}

/** What the promotion store needs of the project's campaigns; the campaign store provides it. */
interface PromotionCampaignPort {
  /** The campaign with this id or name, if any. */
  find(ref: string): Campaign | undefined;
  /**
   * The campaign with this id or name.
   * @throws ApiError 404 when the project has no such campaign.
   */
  get(ref: string): Campaign;
}

export interface PromotionStoreDependencies {
  /** The project's categories, which tiers and stacks name by id or name. */
  readonly categories: CategoryStore;
  /** The project's event log (`campaign.promotion_tier.created` …). */
  readonly events: EventLog;
  /** The project's metadata schemas: a tier's metadata must fit the `promotion_tier` schema. */
  readonly metadataSchemas: MetadataSchemaStore;
  /** The project's campaigns, looked up lazily: the campaign store also uses this store. */
  readonly campaigns: () => PromotionCampaignPort;
  /** Where tiers' validation rules are checked and assigned: the project's validation rules. */
  readonly rules: RuleAssignments;
}

/** A tier as stored: `campaign`, `categories` and rule assignments are read when it is shown. */
type StoredTier = Omit<
  PromotionTier,
  'campaign' | 'categories' | 'validation_rule_assignments' | 'summary' | 'campaign_id'
> & {
  campaign_id: string;
  summary: NonNullable<PromotionTier['summary']>;
};

/** A tier built from a request, with the rules to assign once it is stored. */
interface BuiltTier {
  readonly tier: StoredTier;
  readonly rules: readonly string[];
  /** The category it names, made when the tier is stored if it does not exist yet. */
  readonly category: CategoryChoice;
}

/** Fields of a tier's request that are copied as sent, when sent. */
const WINDOW_FIELDS = [
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
] as const;

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

type WindowInput = { [K in (typeof WINDOW_FIELDS)[number]]?: StoredTier[K] | null };

/** Copies the window fields that a request sends. */
const windowOf = (input: WindowInput): Partial<StoredTier> => {
  const window: Partial<StoredTier> = {};
  for (const field of WINDOW_FIELDS) if (given(input[field])) Object.assign(window, { [field]: input[field] });
  return window;
};

/** A tier with an update's window applied: a field sent as null is cleared, as if never set. */
const withWindow = (tier: StoredTier, patch: WindowInput): StoredTier => {
  const cleared = new Set<string>(WINDOW_FIELDS.filter((field) => patch[field] === null));
  const kept =
    cleared.size === 0
      ? tier
      : (Object.fromEntries(Object.entries(tier).filter(([field]) => !cleared.has(field))) as StoredTier);
  return { ...kept, ...windowOf(patch) };
};

type TierEvent =
  | 'campaign.promotion_tier.created'
  | 'campaign.promotion_tier.updated'
  | 'campaign.promotion_tier.enabled'
  | 'campaign.promotion_tier.disabled';

/**
 * Promotion tiers of one project, and through {@link PromotionStore.stacks} their stacks. A tier
 * belongs to one `PROMOTION` campaign: this store is its only owner, and the campaign shows its
 * tiers by asking it. A tier is usable when it is switched on, inside its own validity window and
 * its campaign is usable too ({@link PromotionStore.checkValidity}). Deleting a campaign deletes
 * its tiers and stacks.
 */
export class PromotionStore implements PromotionRedeemables {
  /** Tiers in creation order. */
  readonly #byId: TrackedMap<string, StoredTier>;
  readonly #windows = new RedeemableWindows({ keys: PROMOTION_TIER_VALIDITY_KEYS });
  readonly #rules: RuleAssignments;
  /** The project's promotion stacks. */
  readonly stacks: PromotionStackStore;

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: PromotionStoreDependencies,
  ) {
    this.#byId = context.tracked.map();
    this.#rules = deps.rules;
    this.stacks = new PromotionStackStore(context, {
      categories: deps.categories,
      lookup: { promotion: (ref) => this.promotion(ref), campaignOfTier: (id) => this.#byId.get(id)?.campaign_id },
    });
  }

  /**
   * The promotion campaign with this id or name.
   * @throws ApiError 404 for an unknown campaign; 400 `invalid_campaign` for a campaign of another type.
   */
  promotion(ref: string): Campaign {
    const campaign = this.deps.campaigns().get(ref);
    if (campaign.campaign_type !== 'PROMOTION') {
      throw new ApiError(400, 'invalid_campaign', 'Invalid campaign', {
        details: `The campaign ${campaign.name} is a ${campaign.campaign_type} campaign; only PROMOTION campaigns have tiers and stacks.`,
      });
    }
    return campaign;
  }

  /** The tier with this id, if any. */
  find(id: string): PromotionTier | undefined {
    const tier = this.#byId.get(id);
    return tier && this.#present(tier);
  }

  /**
   * The tier with this id.
   * @throws ApiError 404 when the project has no such tier.
   */
  get(id: string): PromotionTier {
    return this.#present(this.#stored(id));
  }

  /** A page of the tiers of every campaign, newest first unless `order` says otherwise. */
  list(query: PromotionTierListQuery = {}): Page<PromotionTier> {
    let tiers = [...this.#byId.values()];
    if (query.is_available === true) {
      const now = this.context.clock.now();
      tiers = tiers.filter((tier) => this.#check(tier, now).active);
    }
    // Tiers are kept in creation order.
    const page = pageOf(creationOrder(tiers, query.order ?? '-created_at'), query);
    return { ...page, items: page.items.map((tier) => this.#present(tier)) };
  }

  /**
   * The tiers of one promotion campaign, newest first (`GET /v1/promotions/{campaignId}/tiers`).
   * @throws ApiError 404 for an unknown campaign; 400 `invalid_campaign` for a campaign that is not a promotion.
   */
  listOfCampaign(campaignRef: string): PromotionTier[] {
    const { id } = this.promotion(campaignRef);
    return this.#ofCampaign(id)
      .reverse()
      .map((tier) => this.#present(tier));
  }

  /**
   * A promotion campaign's tiers as the campaign shows them (`promotion`), by `hierarchy` and then
   * creation order.
   */
  tierList(campaignId: string): Resource<'PromotionTierList'> {
    const tiers = sortByOrder(this.#ofCampaign(campaignId), 'hierarchy').map((tier) => this.#present(tier));
    return listBody('tiers', wholeList(tiers), ['total', 'has_more']);
  }

  /**
   * Adds a tier to a promotion campaign. Without `hierarchy`, the tier comes after the campaign's
   * last one (the highest `hierarchy` plus 1). Records `campaign.promotion_tier.created`.
   *
   * @throws ApiError 404 for an unknown campaign or category; 400 `invalid_campaign` for a campaign
   *   that is not a promotion; DomainError `invalid_payload` for a malformed validity window,
   *   `metadata_validation_failed` for metadata that breaks the `promotion_tier` schema.
   */
  create(campaignRef: string, input: PromotionTierCreateInput, origin: Origin = {}): PromotionTier {
    const [built] = this.#buildAll(this.promotion(campaignRef), [input]);
    if (!built) throw new RangeError('one tier input builds one tier');
    this.#insert([built], origin);
    return this.#present(built.tier);
  }

  /**
   * Builds the tiers of a new promotion campaign and checks them all (categories, validity
   * windows) without storing anything, so that a bad tier stores neither the campaign nor a tier.
   *
   * @param campaign - The campaign, not stored yet.
   * @param inputs - Its `promotion.tiers`.
   * @returns The tiers, to store once the campaign is stored.
   * @throws ApiError 404 for an unknown category; DomainError `invalid_payload` for a malformed
   *   validity window, `metadata_validation_failed` for metadata that breaks the `promotion_tier` schema.
   */
  prepare(campaign: Campaign, inputs: readonly PromotionTierCreateInput[]): PreparedTiers {
    const built = this.#buildAll(campaign, inputs);
    return {
      store: () => this.#insert(built, { silent: true }),
      record: (origin = {}) => {
        for (const { tier } of built) this.#record('campaign.promotion_tier.created', tier, origin);
      },
    };
  }

  /**
   * Changes the fields sent; `metadata` is merged into the tier's, and null clears a date, a
   * validity setting or the metadata. Stamps `updated_at` and records
   * `campaign.promotion_tier.updated`.
   *
   * @throws ApiError 404 for an unknown tier or category; DomainError `invalid_payload` for a
   *   malformed validity window, `metadata_validation_failed` for metadata that breaks the
   *   `promotion_tier` schema.
   */
  update(id: string, patch: PromotionTierUpdateInput, origin: Origin = {}): PromotionTier {
    const current = this.#stored(id);
    const category =
      patch.category === undefined && patch.category_id === undefined
        ? undefined
        : this.deps.categories.resolve(patch.category, patch.category_id);
    const updated: StoredTier = {
      ...withWindow(current, patch),
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.banner === undefined ? {} : { banner: patch.banner }),
      ...(patch.action?.discount === undefined ? {} : { action: { discount: patch.action.discount } }),
      ...(patch.hierarchy === undefined ? {} : { hierarchy: patch.hierarchy }),
      ...(patch.metadata === undefined ? {} : { metadata: patchMetadata(current.metadata, patch.metadata) }),
      ...(category === undefined ? {} : { category_id: category.category_id }),
      updated_at: this.context.timestamp(),
    };
    compileValidityWindow(updated, { keys: PROMOTION_TIER_VALIDITY_KEYS });
    if (patch.metadata !== undefined) this.deps.metadataSchemas.assertValid('promotion_tier', updated.metadata);
    this.#byId.set(id, updated);
    if (category !== undefined) this.deps.categories.ensure(category);
    this.#record('campaign.promotion_tier.updated', updated, origin);
    return this.#present(updated);
  }

  /**
   * Switches a tier on or off and records `campaign.promotion_tier.enabled` or `.disabled`.
   * @throws ApiError 404 for an unknown tier.
   */
  setActive(id: string, active: boolean, origin: Origin = {}): PromotionTier {
    const updated: StoredTier = { ...this.#stored(id), active, updated_at: this.context.timestamp() };
    this.#byId.set(id, updated);
    this.#record(active ? 'campaign.promotion_tier.enabled' : 'campaign.promotion_tier.disabled', updated, origin);
    return this.#present(updated);
  }

  /**
   * Deletes a tier for good: it leaves its stacks (a stack left empty is deleted) and its rule
   * assignments go. Records `campaign.promotion_tier.deleted`.
   *
   * @throws ApiError 404 for an unknown tier.
   */
  delete(id: string, origin: Origin = {}): void {
    const tier = this.#stored(id);
    const shown = this.#present(tier);
    this.#remove(tier);
    if (origin.silent) return;
    const campaign = this.deps.campaigns().find(tier.campaign_id);
    if (!campaign) return;
    const { campaign: _campaign, ...promotionTier } = shown;
    this.deps.events.record('campaign.promotion_tier.deleted', {
      entityId: tier.id,
      data: { campaign: simpleCampaign(campaign), promotion_tier: promotionTier },
      origin,
    });
  }

  /** Deletes the tiers and stacks of a campaign that is being deleted, without tier events. */
  removeCampaign(campaignId: string): void {
    for (const tier of this.#ofCampaign(campaignId)) this.#remove(tier);
    this.stacks.removeCampaign(campaignId);
  }

  /** The tier with this id and its campaign, if any (the validation engine's lookup). */
  findTier(id: string): FoundPromotionTier | undefined {
    const tier = this.#byId.get(id);
    const campaign = tier && this.deps.campaigns().find(tier.campaign_id);
    return tier && campaign ? { tier: this.#present(tier), campaign } : undefined;
  }

  /** The stack with this id, its campaign and its tiers in the stack's order, if any. */
  findStack(id: string): FoundPromotionStack | undefined {
    const found = this.#stackOf(id);
    return found && { ...found, tiers: this.#stackTiers(found.stack).map((tier) => this.#present(tier)) };
  }

  /**
   * The ids of a stack's tiers that still exist, in the stack's order, without presenting them;
   * `undefined` for an unknown stack or one whose campaign is gone (as {@link PromotionStore.findStack}).
   */
  stackTierIds(id: string): string[] | undefined {
    const found = this.#stackOf(id);
    return found && this.#stackTiers(found.stack).map((tier) => tier.id);
  }

  /** A stack with its campaign; `undefined` when either is unknown. */
  #stackOf(id: string): { stack: PromotionStack; campaign: Campaign } | undefined {
    const stack = this.stacks.find(id);
    const campaign = stack && this.deps.campaigns().find(stack.campaign_id);
    return stack && campaign ? { stack, campaign } : undefined;
  }

  /** The stored tiers a stack names, in its order, leaving out deleted ones. */
  #stackTiers(stack: PromotionStack): StoredTier[] {
    return (stack.tiers?.ids ?? []).flatMap((tierId) => this.#byId.get(tierId) ?? []);
  }

  /**
   * Whether a tier or a stack can be used at an instant (default now); see {@link PromotionRedeemables.checkValidity}.
   * @throws ApiError 404 for an unknown tier or stack.
   */
  checkValidity(redeemable: PromotionRedeemableRef, at: number = this.context.clock.now()): ValidityCheckResult {
    if (redeemable.object === 'promotion_tier') return this.#check(this.#stored(redeemable.id), at);
    const found = this.#stackOf(redeemable.id);
    if (!found) throw ApiError.notFound('promotion_stack', redeemable.id);
    return this.#windows.campaign(found.campaign, at);
  }

  /**
   * Counts a redemption (`direction` 1) or its rollback (-1) in a tier's `summary`.
   * @throws ApiError 404 for an unknown tier.
   */
  countRedemption(tierId: string, amounts: TierRedemptionAmounts, direction: 1 | -1 = 1): void {
    const tier = this.#stored(tierId);
    const { redemptions, orders } = tier.summary;
    // The summary changes without updated_at, like a counter; the record is replaced all the same.
    this.#byId.set(tierId, {
      ...tier,
      summary: {
        redemptions: { total_redeemed: redemptions.total_redeemed + direction },
        orders: {
          total_amount: orders.total_amount + direction * amounts.orderAmount,
          total_discount_amount: orders.total_discount_amount + direction * amounts.discountAmount,
        },
      },
    });
  }

  /** Builds tiers in order; one without `hierarchy` comes after the highest so far. */
  #buildAll(campaign: Campaign, inputs: readonly PromotionTierCreateInput[]): BuiltTier[] {
    let last = Math.max(0, ...this.#ofCampaign(campaign.id).map((tier) => tier.hierarchy ?? 0));
    return inputs.map((input) => {
      const hierarchy = input.hierarchy ?? last + 1;
      last = Math.max(last, hierarchy);
      const category = this.deps.categories.resolve(input.category, input.category_id);
      const tier = this.#build(campaign, input, hierarchy, category.category_id);
      const rules = input.validation_rules ?? [];
      this.#rules.check({ object: 'promotion_tier', tier }, rules);
      return { tier, rules, category };
    });
  }

  #insert(built: readonly BuiltTier[], origin: Origin): void {
    for (const { tier, rules, category } of built) {
      this.#byId.set(tier.id, tier);
      this.deps.categories.ensure(category);
      this.#rules.assign({ object: 'promotion_tier', tier }, rules);
      this.#record('campaign.promotion_tier.created', tier, origin);
    }
  }

  #stored(id: string): StoredTier {
    const tier = this.#byId.get(id);
    if (!tier) throw ApiError.notFound('promotion_tier', id);
    return tier;
  }

  #ofCampaign(campaignId: string): StoredTier[] {
    return [...this.#byId.values()].filter((tier) => tier.campaign_id === campaignId);
  }

  #remove(tier: StoredTier): void {
    this.#byId.delete(tier.id);
    this.#rules.release(tier.id);
    this.stacks.removeTier(tier.id);
  }

  #build(
    campaign: Campaign,
    input: PromotionTierCreateInput,
    hierarchy: number,
    categoryId: string | null,
  ): StoredTier {
    const tier: StoredTier = {
      id: this.context.ids('promo'),
      created_at: this.context.timestamp(),
      name: input.name,
      banner: input.banner ?? null,
      action: input.action?.discount ? { discount: input.action.discount } : null,
      metadata: { ...input.metadata },
      hierarchy,
      promotion_id: campaign.id,
      campaign_id: campaign.id,
      active: input.active ?? true,
      ...windowOf(input),
      summary: { redemptions: { total_redeemed: 0 }, orders: { total_amount: 0, total_discount_amount: 0 } },
      object: 'promotion_tier',
      category_id: categoryId,
    };
    compileValidityWindow(tier, { keys: PROMOTION_TIER_VALIDITY_KEYS });
    this.deps.metadataSchemas.assertValid('promotion_tier', tier.metadata);
    return tier;
  }

  #check(tier: StoredTier, at: number): ValidityCheckResult {
    return this.#windows.check(tier, this.deps.campaigns().find(tier.campaign_id), at);
  }

  #present(tier: StoredTier): PromotionTier {
    const { categories } = this.deps;
    const campaign = this.deps.campaigns().find(tier.campaign_id);
    return {
      ...tier,
      metadata: { ...tier.metadata },
      summary: { redemptions: { ...tier.summary.redemptions }, orders: { ...tier.summary.orders } },
      campaign: {
        id: tier.campaign_id,
        start_date: campaign?.start_date ?? null,
        expiration_date: campaign?.expiration_date ?? null,
        ...(given(campaign?.validity_timeframe) ? { validity_timeframe: campaign.validity_timeframe } : {}),
        ...(given(campaign?.validity_day_of_week) ? { validity_day_of_week: campaign.validity_day_of_week } : {}),
        ...(given(campaign?.validity_hours) ? { validity_hours: campaign.validity_hours } : {}),
        active: campaign?.active ?? false,
        ...(given(campaign?.category_id) ? { category_id: campaign.category_id } : {}),
        object: 'campaign',
      },
      validation_rule_assignments: this.#rules.ofTier(tier.id),
      categories: tier.category_id && categories.has(tier.category_id) ? [categories.get(tier.category_id)] : [],
    };
  }

  #record(type: TierEvent, tier: StoredTier, origin: Origin): void {
    if (origin.silent) return;
    const campaign = this.deps.campaigns().find(tier.campaign_id);
    if (!campaign) return;
    this.deps.events.record(type, {
      entityId: tier.id,
      data: { campaign: simpleCampaign(campaign), promotion_tier: this.#present(tier) },
      origin,
    });
  }
}
