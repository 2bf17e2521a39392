import { compileFilter } from '@voucherkit/domain';
import { allOf, dateRangeFilter } from '@voucherkit/domain/internals';
import type { ServiceContext } from '../../../core/context.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import { type ListOrder, type Page, type SortedPageQuery, type TimeWindow, pageOf } from '../../../core/list.js';
import { creationOrder } from '../../../core/sorted-page.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import type { CategoryStore } from '../../catalog/categories/store.js';
import type { Campaign } from '../vouchers/types.js';

/** A promotion stack as the API returns it. */
export type PromotionStack = Resource<'PromotionStack'>;

/** The fields of a new stack (`POST /v1/promotions/{campaignId}/stacks`). */
export type PromotionStackCreateInput = Resource<'PromotionStackCreateRequest'>;

/** The changes of `PUT /v1/promotions/{campaignId}/stacks/{stackId}`. */
export type PromotionStackUpdateInput = Resource<'PromotionStackUpdateRequest'>;

/** Which stacks {@link PromotionStackStore.list} returns, as `GET /v1/promotions/stacks` takes them. */
export interface PromotionStackListQuery extends SortedPageQuery<ListOrder<'created_at' | 'updated_at' | 'name'>> {
  /** Only stacks created in this window (both ends exclusive). */
  readonly created_at?: TimeWindow | undefined;
  /** Only stacks last changed in this window (both ends exclusive). */
  readonly updated_at?: TimeWindow | undefined;
}

/** What the stack store needs of the rest of the project: the promotion campaigns and their tiers. */
export interface StackTierLookup {
  /**
   * The promotion campaign with this id or name.
   * @throws ApiError 404 for an unknown campaign; 400 `invalid_campaign` for a campaign of another type.
   */
  promotion(ref: string): Campaign;
  /** Id of the campaign that holds a tier, or `undefined` when the project has no such tier. */
  campaignOfTier(tierId: string): string | undefined;
}

/** A stack as stored: its categories are read from the category store when it is shown. */
type StoredStack = Omit<PromotionStack, 'categories'>;

/** Most tiers a stack may hold, as the service allows. */
const MAX_TIERS_PER_STACK = 30;

/**
 * Promotion stacks of one project: fixed lists of 1 to 30 tiers of one promotion campaign, in the
 * order they apply, validated and redeemed as one redeemable. Deleting a tier takes it out of its
 * stacks (a stack left without tiers is deleted), and deleting a campaign deletes its stacks.
 */
export class PromotionStackStore {
  readonly #byId: TrackedMap<string, StoredStack>;

  constructor(
    private readonly context: ServiceContext,
    private readonly deps: { readonly categories: CategoryStore; readonly lookup: StackTierLookup },
  ) {
    this.#byId = context.tracked.map();
  }

  /** The stack with this id, in any campaign, if any. */
  find(id: string): PromotionStack | undefined {
    const stack = this.#byId.get(id);
    return stack && this.#present(stack);
  }

  /**
   * A page of the stacks of every campaign, newest first unless `order` says otherwise.
   * @throws DomainError `invalid_query_params` for a malformed date range.
   */
  list(query: PromotionStackListQuery = {}): Page<PromotionStack> {
    const dates = {
      ...dateRangeFilter('created_at', query.created_at),
      ...dateRangeFilter('updated_at', query.updated_at),
    };
    const keep = Object.keys(dates).length > 0 ? compileFilter(dates, { now: this.context.clock.now() }) : allOf();
    const matching = [...this.#byId.values()].filter((stack) => keep(stack));
    // Stacks are kept in creation order.
    const page = pageOf(creationOrder(matching, query.order ?? '-created_at'), query);
    return { ...page, items: page.items.map((stack) => this.#present(stack)) };
  }

  /**
   * The stacks of one promotion campaign, oldest first.
   * @throws ApiError 404 for an unknown campaign; 400 `invalid_campaign` for a campaign that is not a promotion.
   */
  listOfCampaign(campaignRef: string): PromotionStack[] {
    const campaign = this.deps.lookup.promotion(campaignRef);
    return [...this.#byId.values()]
      .filter((stack) => stack.campaign_id === campaign.id)
      .map((stack) => this.#present(stack));
  }

  /**
   * The stack with this id in this campaign.
   * @throws ApiError 404 for an unknown campaign, or a stack that is not one of the campaign's;
   *   400 `invalid_campaign` for a campaign that is not a promotion.
   */
  get(campaignRef: string, stackId: string): PromotionStack {
    return this.#present(this.#stored(campaignRef, stackId));
  }

  /**
   * Creates a stack of tiers of the campaign, in the order given.
   *
   * @throws ApiError 404 for an unknown campaign, tier or category; 400 `invalid_campaign` for a
   *   campaign that is not a promotion; 400 `invalid_payload` for a tier of another campaign or a
   *   tier listed twice.
   */
  create(campaignRef: string, input: PromotionStackCreateInput): PromotionStack {
    const campaign = this.deps.lookup.promotion(campaignRef);
    const stack: StoredStack = {
      id: this.context.ids('stack'),
      name: input.name,
      created_at: this.context.timestamp(),
      campaign_id: campaign.id,
      object: 'promotion_stack',
      tiers: { ids: this.#tierIds(campaign, input.tiers.ids), hierarchy_mode: input.tiers.hierarchy_mode ?? 'MANUAL' },
      category_id: this.#categoryId(input.category_id) ?? null,
    };
    this.#byId.set(stack.id, stack);
    return this.#present(stack);
  }

  /**
   * Renames a stack, moves it to another category or replaces its tiers; fields left out keep
   * their values. Stamps `updated_at`.
   *
   * @throws as {@link PromotionStackStore.get} and {@link PromotionStackStore.create}.
   */
  update(
    campaignRef: string,
    stackId: string,
    patch: PromotionStackUpdateInput,
  ): PromotionStack & { updated_at: string } {
    const current = this.#stored(campaignRef, stackId);
    const campaign = this.deps.lookup.promotion(current.campaign_id);
    const ids = patch.tiers?.ids;
    const updated_at = this.context.timestamp();
    const updated: StoredStack = {
      ...current,
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(ids === undefined
        ? {}
        : { tiers: { ids: this.#tierIds(campaign, ids), hierarchy_mode: patch.tiers?.hierarchy_mode ?? 'MANUAL' } }),
      ...(patch.category_id === undefined ? {} : { category_id: this.#categoryId(patch.category_id) ?? null }),
      updated_at,
    };
    this.#byId.set(updated.id, updated);
    return { ...this.#present(updated), updated_at };
  }

  /**
   * Deletes a stack for good; its tiers stay.
   * @throws as {@link PromotionStackStore.get}.
   */
  delete(campaignRef: string, stackId: string): void {
    this.#byId.delete(this.#stored(campaignRef, stackId).id);
  }

  /** Takes a deleted tier out of every stack; a stack left without tiers is deleted. */
  removeTier(tierId: string): void {
    for (const stack of [...this.#byId.values()]) {
      if (!stack.tiers.ids.includes(tierId)) continue;
      const ids = stack.tiers.ids.filter((id) => id !== tierId);
      if (ids.length === 0) this.#byId.delete(stack.id);
      else this.#byId.set(stack.id, { ...stack, tiers: { ...stack.tiers, ids } });
    }
  }

  /** Deletes every stack of a campaign (the campaign is being deleted). */
  removeCampaign(campaignId: string): void {
    for (const stack of [...this.#byId.values()]) if (stack.campaign_id === campaignId) this.#byId.delete(stack.id);
  }

  #stored(campaignRef: string, stackId: string): StoredStack {
    const campaign = this.deps.lookup.promotion(campaignRef);
    const stack = this.#byId.get(stackId);
    if (!stack || stack.campaign_id !== campaign.id) throw ApiError.notFound('promotion_stack', stackId);
    return stack;
  }

  #tierIds(campaign: Campaign, ids: readonly string[]): string[] {
    if (ids.length === 0 || ids.length > MAX_TIERS_PER_STACK) {
      throw ApiError.invalidPayload(`Property .tiers.ids should have 1 to ${MAX_TIERS_PER_STACK} items`);
    }
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) throw ApiError.invalidPayload(`Promotion tier ${id} is listed more than once in .tiers.ids`);
      seen.add(id);
      const owner = this.deps.lookup.campaignOfTier(id);
      if (owner === undefined) throw ApiError.notFound('promotion_tier', id);
      if (owner !== campaign.id)
        throw ApiError.invalidPayload(
          `Promotion tier ${id} does not belong to campaign ${campaign.id}; a stack holds tiers of its own campaign only`,
        );
    }
    return [...ids];
  }

  #categoryId(id: string | undefined): string | undefined {
    return id === undefined ? undefined : this.deps.categories.get(id).id;
  }

  #present(stack: StoredStack): PromotionStack {
    const { categories } = this.deps;
    const category = stack.category_id && categories.has(stack.category_id) ? [categories.get(stack.category_id)] : [];
    return { ...stack, tiers: { ...stack.tiers, ids: [...stack.tiers.ids] }, categories: category };
  }
}
