import type { components } from '@voucherkit/client';
import {
  DEFAULT_CODE_CHARSET,
  DEFAULT_CODE_LENGTH,
  type CodeConfigInput,
  campaignUpdateForVoucher,
  compileValidityWindow,
  parseIsoDuration,
  voucherTypeOf,
} from '@voucherkit/domain';
import type { ServiceContext } from '../../core/context.js';
import { ApiError } from '../../http/api-error.js';
import type { CategoryStore } from '../categories/store.js';
import type { CampaignPort, VoucherStore } from '../vouchers/store.js';
import type { AnyVariant, Campaign, CampaignVoucherInput, StoredVoucher } from '../vouchers/types.js';

type Schemas = components['schemas'];

/**
 * The fields of a new campaign of any type (`POST /v1/campaigns`).
 *
 * @example
 * ```ts
 * const input: CampaignCreateInput = { name: 'Summer', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 1 };
 * ```
 */
export type CampaignCreateInput = AnyVariant<Schemas['CampaignCreateRequest']>;

/**
 * The changes of `PUT /v1/campaigns/{campaignId}`, whatever the campaign's type.
 *
 * @example
 * ```ts
 * const patch: CampaignUpdateInput = { description: 'Now with a longer window', expiration_date: '2026-12-31T00:00:00Z' };
 * ```
 */
export type CampaignUpdateInput = AnyVariant<Schemas['CampaignUpdateRequest']>;

type CampaignType = Campaign['campaign_type'];
type CampaignVoucher = NonNullable<Campaign['voucher']>;
type PromotionTier = Schemas['PromotionTier'];
type CreationStatus = Campaign['creation_status'];

/** Campaign types whose codes a standalone (generic) campaign may hold. */
const STANDALONE_TYPES: ReadonlySet<CampaignType> = new Set<CampaignType>(['DISCOUNT_COUPONS', 'GIFT_VOUCHERS']);

/** Fields `PUT /v1/campaigns/{campaignId}` copies as sent; the others are handled one by one or ignored. */
const COPIED_ON_UPDATE = [
  'description',
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
  'activity_duration_after_publishing',
  'auto_join',
  'referral_program',
] as const;

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

const campaignTypeOf = (input: CampaignCreateInput): CampaignType => {
  if (given(input.campaign_type)) return input.campaign_type;
  if (given(input.promotion)) return 'PROMOTION';
  switch (input.voucher?.type) {
    case 'GIFT_VOUCHER':
      return 'GIFT_VOUCHERS';
    case 'LOYALTY_CARD':
      return 'LOYALTY_PROGRAM';
    default:
      return input.voucher && 'is_referral_code' in input.voucher && input.voucher.is_referral_code ? 'REFERRAL_PROGRAM' : 'DISCOUNT_COUPONS';
  }
};

/**
 * The code settings a campaign stores: `pattern` always written out (one `#` per random
 * character), `length` the number of random characters, and the charset in full.
 */
export const storedCodeConfig = (config: CodeConfigInput | null | undefined): CampaignVoucher['code_config'] & CodeConfigInput => {
  const pattern = given(config?.pattern) && config.pattern !== '' ? config.pattern : '#'.repeat(config?.length ?? DEFAULT_CODE_LENGTH);
  return {
    length: [...pattern].filter((character) => character === '#').length,
    charset: config?.charset ?? DEFAULT_CODE_CHARSET,
    pattern,
    ...(given(config?.prefix) ? { prefix: config.prefix } : {}),
    ...(given(config?.postfix) ? { postfix: config.postfix } : {}),
  };
};

/**
 * Campaigns of one project: discount coupons, gift cards, referral programs, loyalty programs
 * and promotions (with tiers). Names are unique in the project; operations take the id or the name.
 *
 * @example
 * ```ts
 * const { campaigns } = service.projects.primary.state;
 * const summer = campaigns.create({ name: 'Summer', campaign_type: 'DISCOUNT_COUPONS', voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } } });
 * campaigns.addVoucher(summer.id, { code: 'SUMMER-1' });
 * ```
 */
export class CampaignStore implements CampaignPort {
  readonly #byId = new Map<string, Campaign>();
  readonly #idByName = new Map<string, string>();

  constructor(
    private readonly context: ServiceContext,
    private readonly vouchers: VoucherStore,
    private readonly categories: CategoryStore,
  ) {}

  /** Every campaign, oldest first. */
  all(): Campaign[] {
    return [...this.#byId.values()];
  }

  /** The campaign with this id or name, if any. */
  find(ref: string): Campaign | undefined {
    return this.#byId.get(this.#idByName.get(ref) ?? ref);
  }

  /**
   * The campaign with this id or name.
   * @throws ApiError 404 when the project has no such campaign.
   */
  get(ref: string): Campaign {
    const campaign = this.find(ref);
    if (!campaign) throw ApiError.notFound('campaign', ref);
    return campaign;
  }

  /** Adds `delta` to the campaign's `vouchers_count`; the voucher store calls it. */
  countVouchers(campaignId: string, delta: number): void {
    const campaign = this.#byId.get(campaignId);
    if (campaign) campaign.vouchers_count = (campaign.vouchers_count ?? 0) + delta;
  }

  /**
   * Builds and stores a campaign, checking its name, category, dates and code settings. Its
   * codes are not generated here: see {@link CampaignStore.create}.
   *
   * @throws ApiError 400 for a missing name or a standalone campaign of a type that cannot be one;
   *   404 for an unknown category; 409 `duplicate_found` for a used name; DomainError
   *   `invalid_payload` for a malformed validity window or duration.
   */
  create(input: CampaignCreateInput, creationStatus: CreationStatus = 'DONE'): Campaign {
    const name = input.name;
    if (!given(name) || name.trim() === '') throw ApiError.invalidPayload('Property .name is required');
    if (this.#idByName.has(name)) {
      throw new ApiError(409, 'duplicate_found', 'Duplicated resource found', {
        details: `A campaign named "${name}" already exists.`,
        resourceId: name,
        resourceType: 'campaign',
      });
    }
    const campaignType = campaignTypeOf(input);
    const type = input.type ?? 'AUTO_UPDATE';
    if (type === 'STANDALONE' && !STANDALONE_TYPES.has(campaignType)) {
      throw ApiError.invalidPayload(`A ${campaignType} campaign cannot be STANDALONE; only discount and gift card campaigns can.`);
    }
    if (given(input.activity_duration_after_publishing)) parseIsoDuration(input.activity_duration_after_publishing, '.activity_duration_after_publishing');
    const category = this.vouchers.resolveCategory(input.category, input.category_id);
    const id = this.context.ids('camp');
    const now = this.context.timestamp();
    const campaign: Campaign = {
      id,
      name,
      ...(given(input.description) ? { description: input.description } : {}),
      campaign_type: campaignType,
      type,
      ...(campaignType === 'PROMOTION' ? {} : { voucher: this.#template(campaignType, input) }),
      auto_join: input.auto_join ?? false,
      join_once: campaignType === 'LOYALTY_PROGRAM' ? true : type === 'STANDALONE' ? false : (input.join_once ?? false),
      use_voucher_metadata_schema: input.use_voucher_metadata_schema ?? true,
      start_date: input.start_date ?? null,
      expiration_date: input.expiration_date ?? null,
      validity_timeframe: input.validity_timeframe ?? null,
      validity_day_of_week: input.validity_day_of_week ?? null,
      validity_hours: input.validity_hours ?? null,
      activity_duration_after_publishing: input.activity_duration_after_publishing ?? null,
      vouchers_count: 0,
      active: input.active ?? true,
      metadata: { ...input.metadata },
      created_at: now,
      updated_at: null,
      category: category.category,
      category_id: category.category_id,
      creation_status: creationStatus,
      vouchers_generation_status: creationStatus,
      protected: false,
      object: 'campaign',
      is_referral_code: campaignType === 'REFERRAL_PROGRAM',
      ...(given(input.referral_program) ? { referral_program: input.referral_program } : {}),
      validation_rules_assignments: this.#ruleAssignments(id, input.validation_rules, now),
    };
    compileValidityWindow(campaign);
    if (campaignType === 'PROMOTION') campaign.promotion = this.#tiers(campaign, input.promotion?.tiers ?? []);
    this.#byId.set(id, campaign);
    this.#idByName.set(name, id);
    return campaign;
  }

  /**
   * How many codes a new campaign asks for: `vouchers_count`, or the one generic code of a
   * standalone campaign; promotions have none.
   */
  requestedCodes(input: CampaignCreateInput): number {
    if (campaignTypeOf(input) === 'PROMOTION') return 0;
    if (input.type === 'STANDALONE') return 1;
    return input.vouchers_count ?? 0;
  }

  /** The code a standalone campaign's generic voucher gets, when the request names one. */
  standaloneCode(input: CampaignCreateInput): string | undefined {
    const voucher = input.voucher;
    return voucher && 'code' in voucher && given(voucher.code) ? voucher.code : undefined;
  }

  /**
   * Adds one voucher to a campaign, with a chosen `code` or one generated from the request's or
   * the campaign's code settings. It inherits the campaign's settings; `input` overrides some.
   *
   * @throws ApiError 404 for an unknown campaign or category; 409 `duplicate_found` for a used code;
   *   DomainError `invalid_code_config` when no unused code is left.
   */
  addVoucher(ref: string, input: CampaignVoucherInput = {}, code?: string): StoredVoucher {
    const campaign = this.get(ref);
    if (campaign.campaign_type === 'PROMOTION') {
      throw new ApiError(400, 'invalid_campaign', 'Invalid campaign', { details: `The campaign ${campaign.name} is a PROMOTION; it has tiers, not codes.` });
    }
    return this.vouchers.insert(campaign, { ...input, ...(code === undefined ? {} : { code }) });
  }

  /** Sets the progress of the campaign's creation (`creation_status` and `vouchers_generation_status`). */
  setCreationStatus(campaignId: string, status: CreationStatus): void {
    const campaign = this.#byId.get(campaignId);
    if (!campaign) return;
    campaign.creation_status = status;
    campaign.vouchers_generation_status = status;
  }

  /**
   * Changes the fields a campaign of its type may change; other fields are ignored. `metadata`
   * is merged and `unset_metadata_fields` removes keys. Returns the campaign and the change its
   * unpublished, unredeemed vouchers take (see {@link CampaignStore.rewriteVoucher}).
   *
   * @throws ApiError 404 for an unknown campaign or category; 400 `invalid_campaign` while the
   *   campaign's codes are still being generated; DomainError `invalid_payload` for a malformed
   *   validity window or duration.
   */
  update(ref: string, patch: CampaignUpdateInput): { campaign: Campaign; voucherChange: VoucherChange } {
    const current = this.get(ref);
    if (current.creation_status === 'IN_PROGRESS' || current.vouchers_generation_status === 'IN_PROGRESS') {
      throw new ApiError(400, 'invalid_campaign', 'Invalid campaign', {
        details: `The codes of campaign ${current.name} are still being generated; change it once creation_status is DONE.`,
      });
    }
    const updated: Campaign = { ...current };
    for (const field of COPIED_ON_UPDATE) {
      if (patch[field] !== undefined) Object.assign(updated, { [field]: patch[field] });
    }
    if (given(patch.activity_duration_after_publishing)) parseIsoDuration(patch.activity_duration_after_publishing, '.activity_duration_after_publishing');
    if (patch.category !== undefined || patch.category_id !== undefined) Object.assign(updated, this.vouchers.resolveCategory(patch.category, patch.category_id));
    if (patch.metadata !== undefined || given(patch.unset_metadata_fields)) {
      const unset = new Set(patch.unset_metadata_fields ?? []);
      updated.metadata = Object.fromEntries(Object.entries({ ...current.metadata, ...patch.metadata }).filter(([key]) => !unset.has(key)));
    }
    if (patch.join_once !== undefined && current.campaign_type !== 'LOYALTY_PROGRAM' && current.type !== 'STANDALONE') updated.join_once = patch.join_once;
    if (given(patch.type) && current.type !== 'STANDALONE') updated.type = patch.type;
    const voucher = current.voucher;
    if (voucher) {
      const template: CampaignVoucher = { ...voucher };
      if (given(patch.discount) && voucher.type === 'DISCOUNT_VOUCHER') template.discount = patch.discount;
      if (given(patch.gift) && voucher.type === 'GIFT_VOUCHER') template.gift = patch.gift;
      if (given(patch.loyalty_card) && voucher.type === 'LOYALTY_CARD') template.loyalty_card = { ...voucher.loyalty_card, ...patch.loyalty_card } as NonNullable<CampaignVoucher['loyalty_card']>;
      updated.voucher = template;
    }
    updated.updated_at = this.context.timestamp();
    compileValidityWindow(updated);
    this.#byId.set(updated.id, updated);
    const voucherChange: VoucherChange = {};
    for (const field of ['start_date', 'expiration_date', 'validity_timeframe', 'validity_day_of_week', 'validity_hours'] as const) {
      if (patch[field] !== undefined) Object.assign(voucherChange, { [field]: patch[field] });
    }
    if (patch.category !== undefined || patch.category_id !== undefined) Object.assign(voucherChange, { category: updated.category, category_id: updated.category_id });
    if (updated.voucher?.discount !== voucher?.discount) voucherChange.discount = updated.voucher?.discount;
    if (updated.voucher?.gift !== voucher?.gift) voucherChange.gift = updated.voucher?.gift;
    return { campaign: updated, voucherChange };
  }

  /**
   * Applies a campaign change to one of its vouchers, if the domain says the voucher takes it
   * (neither published nor redeemed). Returns whether it changed.
   */
  rewriteVoucher(voucher: StoredVoucher, change: VoucherChange): boolean {
    const patch = campaignUpdateForVoucher(voucher, change);
    if (patch === null || Object.keys(patch).length === 0) return false;
    const changes: Partial<StoredVoucher> = {};
    for (const [field, value] of Object.entries(patch)) {
      if (field === 'gift') {
        const gift = value as CampaignVoucher['gift'];
        if (voucher.gift && gift) {
          const subtracted = voucher.gift.subtracted_amount ?? 0;
          changes.gift = { ...voucher.gift, amount: gift.amount, balance: gift.amount - subtracted, effect: gift.effect ?? voucher.gift.effect ?? null };
        }
      } else if (field === 'discount') {
        if (voucher.type === 'DISCOUNT_VOUCHER') changes.discount = value as NonNullable<StoredVoucher['discount']>;
      } else {
        Object.assign(changes, { [field]: value });
      }
    }
    this.vouchers.replace(voucher, changes);
    return true;
  }

  /**
   * Switches a campaign on or off.
   * @throws ApiError 404 for an unknown campaign.
   */
  setActive(ref: string, active: boolean): Campaign {
    const campaign = { ...this.get(ref), active, updated_at: this.context.timestamp() };
    this.#byId.set(campaign.id, campaign);
    return campaign;
  }

  /**
   * Removes a campaign from the project and frees its name; its vouchers are not touched.
   * @throws ApiError 404 for an unknown campaign.
   */
  remove(ref: string): Campaign {
    const campaign = this.get(ref);
    this.#byId.delete(campaign.id);
    this.#idByName.delete(campaign.name);
    return campaign;
  }

  #template(campaignType: CampaignType, input: CampaignCreateInput): CampaignVoucher {
    const voucher = (input.voucher ?? {}) as AnyVariant<NonNullable<CampaignCreateInput['voucher']>>;
    const type = voucherTypeOf({ campaign_type: campaignType, voucher: { type: voucher.type ?? null } });
    return {
      type,
      ...(type === 'DISCOUNT_VOUCHER' && given(voucher.discount) ? { discount: voucher.discount } : {}),
      ...(type === 'GIFT_VOUCHER' ? { gift: voucher.gift ?? { amount: 0 } } : {}),
      ...(type === 'LOYALTY_CARD' ? { loyalty_card: voucher.loyalty_card ?? { points: 0 } } : {}),
      redemption: { quantity: voucher.redemption?.quantity ?? null },
      code_config: storedCodeConfig(voucher.code_config),
      is_referral_code: campaignType === 'REFERRAL_PROGRAM',
    };
  }

  #ruleAssignments(campaignId: string, ruleIds: readonly string[] | undefined, now: string): NonNullable<Campaign['validation_rules_assignments']> {
    const data = (ruleIds ?? []).map((ruleId) => ({
      id: this.context.ids('asgm'),
      rule_id: ruleId,
      related_object_id: campaignId,
      related_object_type: 'campaign',
      created_at: now,
      object: 'validation_rules_assignment' as const,
    }));
    return { object: 'list', data_ref: 'data', data, total: data.length };
  }

  #tiers(campaign: Campaign, tiers: readonly Schemas['PromotionTierCreateParams'][]): NonNullable<Campaign['promotion']> {
    const list: PromotionTier[] = tiers.map((tier, index) => {
      const category = this.vouchers.resolveCategory(tier.category, tier.category_id);
      const promotionTier: PromotionTier = {
        id: this.context.ids('promo'),
        created_at: campaign.created_at,
        name: tier.name,
        banner: tier.banner ?? null,
        action: tier.action?.discount ? { discount: tier.action.discount } : null,
        metadata: { ...tier.metadata },
        hierarchy: tier.hierarchy ?? index + 1,
        campaign: { id: campaign.id, name: campaign.name, object: 'campaign', active: campaign.active, start_date: campaign.start_date ?? null, expiration_date: campaign.expiration_date ?? null },
        campaign_id: campaign.id,
        active: tier.active ?? true,
        ...(given(tier.start_date) ? { start_date: tier.start_date } : {}),
        ...(given(tier.expiration_date) ? { expiration_date: tier.expiration_date } : {}),
        ...(given(tier.validity_timeframe) ? { validity_timeframe: tier.validity_timeframe } : {}),
        ...(given(tier.validity_day_of_week) ? { validity_day_of_week: tier.validity_day_of_week } : {}),
        ...(given(tier.validity_hours) ? { validity_hours: tier.validity_hours } : {}),
        category_id: category.category_id,
        categories: category.category_id ? [this.categories.get(category.category_id)] : [],
        object: 'promotion_tier',
      };
      compileValidityWindow(promotionTier);
      return promotionTier;
    });
    return { object: 'list', data_ref: 'tiers', tiers: list, total: list.length, has_more: false };
  }
}

/**
 * What a campaign change does to each of its unpublished, unredeemed vouchers: the fields named
 * by the domain's `CAMPAIGN_UPDATE_VOUCHER_FIELDS`.
 *
 * @example
 * ```ts
 * const change: VoucherChange = { expiration_date: '2026-12-31T00:00:00.000Z' };
 * ```
 */
export type VoucherChange = Partial<
  Pick<StoredVoucher, 'start_date' | 'expiration_date' | 'validity_timeframe' | 'validity_day_of_week' | 'validity_hours' | 'category' | 'category_id'> & {
    discount: CampaignVoucher['discount'];
    gift: CampaignVoucher['gift'];
  }
>;
