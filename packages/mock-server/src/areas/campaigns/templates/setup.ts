import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';
import type { CampaignCreateInput } from '../campaigns/store.js';
import type { PromotionTier, PromotionTierCreateInput } from '../promotions/store.js';
import type { Campaign } from '../vouchers/types.js';
import type { SavedValidationRule } from './template-rules.js';

/**
 * The kinds of campaign a template makes: discount coupons (also from a promotion tier) and gift
 * cards.
 */
type TemplateCampaignType = Resource<'CampaignTemplateBase'>['campaign_type'];

/**
 * The campaign settings a template keeps: everything but the name, the category, the number of
 * codes and the access settings, which the service leaves out of templates.
 */
type SavedCampaign = Pick<
  Campaign,
  | 'description'
  | 'type'
  | 'join_once'
  | 'auto_join'
  | 'use_voucher_metadata_schema'
  | 'start_date'
  | 'expiration_date'
  | 'validity_timeframe'
  | 'validity_day_of_week'
  | 'validity_hours'
  | 'activity_duration_after_publishing'
  | 'metadata'
> & {
  /** The kind of campaign the template makes. */
  campaign_type: TemplateCampaignType;
  /** The codes' settings; a template made from a promotion tier has its discount only. */
  voucher: Pick<NonNullable<Campaign['voucher']>, 'type'> &
    Partial<Pick<NonNullable<Campaign['voucher']>, 'discount' | 'gift' | 'redemption' | 'code_config'>>;
};

/**
 * What a template keeps, as `expand=json_template` shows it: the campaign settings, the banner of
 * the promotion tier it was made from (absent for a campaign's), and its validation rules.
 */
export type TemplateSetup = {
  /** The campaign settings; a promotion tier's are those of a discount campaign. */
  campaign: SavedCampaign;
  /** The promotion tier the template was made from, for what only tiers have. */
  promotion_tier?: Pick<PromotionTier, 'banner'>;
  /** The definitions of the rules assigned to the source, to be made anew for each use. */
  validation_rules: SavedValidationRule[];
};

/** The campaign types a template can be made from, as the service's reference names them. */
const TEMPLATE_TYPES: ReadonlySet<string> = new Set<TemplateCampaignType>(['DISCOUNT_COUPONS', 'GIFT_VOUCHERS']);

/**
 * The service's refusal of a campaign that templates do not support, or of a template used for
 * what it cannot make.
 *
 * @param details - What was refused.
 * @returns The 400 `campaign_type_is_not_supported_by_campaign_template`.
 */
const unsupportedByTemplate = (details: string): ApiError =>
  new ApiError(
    400,
    'campaign_type_is_not_supported_by_campaign_template',
    'Campaign of the given type is not supported by campaign template',
    { details },
  );

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/** The fields of `source` that are set (neither absent nor null), for copying into a request. */
const setFields = <T extends object, K extends keyof T>(
  source: T,
  keys: readonly K[],
): { [P in K]?: NonNullable<T[P]> } => {
  const picked: { [P in K]?: NonNullable<T[P]> } = {};
  for (const key of keys) if (given(source[key])) picked[key] = source[key] as NonNullable<T[K]>;
  return picked;
};

/** A campaign's or tier's validity window, as both keep it. */
const WINDOW = [
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
] as const;

/**
 * What a template keeps of a discount or gift card campaign.
 *
 * @param campaign - The source campaign.
 * @param rules - The definitions of the rules assigned to it.
 * @returns The set-up.
 * @throws ApiError 400 `campaign_type_is_not_supported_by_campaign_template` for a promotion,
 *   a referral or a loyalty programme.
 */
export const campaignSetup = (campaign: Campaign, rules: SavedValidationRule[]): TemplateSetup => {
  const { campaign_type: campaignType, voucher } = campaign;
  if (!TEMPLATE_TYPES.has(campaignType) || voucher === undefined) {
    throw unsupportedByTemplate(
      `Campaign ${campaign.id} is a ${campaignType} campaign; only DISCOUNT_COUPONS and GIFT_VOUCHERS campaigns, and promotion tiers, can be saved as templates.`,
    );
  }
  return {
    campaign: {
      campaign_type: campaignType as TemplateCampaignType,
      type: campaign.type,
      ...(given(campaign.description) ? { description: campaign.description } : {}),
      join_once: campaign.join_once,
      auto_join: campaign.auto_join,
      use_voucher_metadata_schema: campaign.use_voucher_metadata_schema,
      ...setFields(campaign, [...WINDOW, 'activity_duration_after_publishing', 'metadata']),
      voucher: {
        type: voucher.type,
        ...setFields(voucher, ['discount', 'gift', 'code_config']),
        redemption: { quantity: voucher.redemption.quantity },
      },
    },
    validation_rules: rules,
  };
};

/**
 * What a template keeps of a promotion tier: a discount campaign of the tier's discount,
 * validity window and metadata, and the tier's banner.
 *
 * @param tier - The source tier.
 * @param rules - The definitions of the rules assigned to it.
 * @returns The set-up of a `DISCOUNT_COUPONS` template.
 */
export const tierSetup = (tier: PromotionTier, rules: SavedValidationRule[]): TemplateSetup => ({
  campaign: {
    campaign_type: 'DISCOUNT_COUPONS',
    type: 'AUTO_UPDATE',
    join_once: false,
    auto_join: false,
    use_voucher_metadata_schema: true,
    ...setFields(tier, WINDOW),
    metadata: tier.metadata ?? null,
    voucher: { type: 'DISCOUNT_VOUCHER', ...(given(tier.action?.discount) ? { discount: tier.action.discount } : {}) },
  },
  promotion_tier: { banner: tier.banner ?? null },
  validation_rules: rules,
});

/** Settings of `POST …/campaign-setup` that replace the template's when sent. */
const CAMPAIGN_OVERRIDES = [
  'description',
  'type',
  'join_once',
  'auto_join',
  'use_voucher_metadata_schema',
  'vouchers_count',
  ...WINDOW,
  'activity_duration_after_publishing',
  'category_id',
  'category',
  'metadata',
  'access_settings',
] as const;

/**
 * The creation request of a campaign made from a template: the template's settings, each
 * replaced by the request's when sent, and the request's name, category and number of codes. The
 * request's `voucher.code_config` and `voucher.redemption.quantity` replace the template's.
 *
 * @param setup - The template's set-up.
 * @param request - The body of `POST /v1/templates/campaigns/{campaignTemplateId}/campaign-setup`.
 * @returns The input of the campaign store's `create`, without validation rules.
 */
export const campaignFromSetup = (
  setup: TemplateSetup,
  request: Resource<'CampaignFromTemplateRequest'>,
): CampaignCreateInput => {
  const { voucher, ...saved } = setup.campaign;
  const changes = request.voucher ?? {};
  return {
    ...setFields(saved, Object.keys(saved) as (keyof typeof saved)[]),
    ...setFields(request, CAMPAIGN_OVERRIDES),
    name: request.name,
    // The saved voucher is of the template's kind; its `type` is typed as any text.
    voucher: {
      ...voucher,
      ...(given(changes.code_config) ? { code_config: changes.code_config } : {}),
      ...(given(changes.redemption?.quantity) ? { redemption: { quantity: changes.redemption.quantity } } : {}),
    } as CampaignCreateInput['voucher'],
  };
};

/** Settings of `POST …/tier-setup` that replace the template's when sent. */
const TIER_OVERRIDES = ['banner', 'metadata', 'hierarchy', 'active', ...WINDOW, 'category', 'category_id'] as const;

/**
 * The request of a promotion tier made from a `DISCOUNT_COUPONS` template: the template's
 * discount, validity window, metadata and banner, each replaced by the request's when sent, and
 * the request's name, position and category. Settings only campaigns have (codes, joining) are
 * left out.
 *
 * @param setup - The template's set-up.
 * @param request - The body of `POST /v1/templates/campaigns/{campaignTemplateId}/tier-setup`.
 * @returns The input of the promotion store's `create`, without validation rules.
 * @throws ApiError 400 `campaign_type_is_not_supported_by_campaign_template` for a gift card template.
 */
export const tierFromSetup = (
  setup: TemplateSetup,
  request: Resource<'TierFromTemplateRequest'>,
): PromotionTierCreateInput => {
  const { campaign } = setup;
  if (campaign.campaign_type !== 'DISCOUNT_COUPONS') {
    throw unsupportedByTemplate(
      `A ${campaign.campaign_type} template cannot make a promotion tier; only DISCOUNT_COUPONS templates can.`,
    );
  }
  const { campaign_id: _campaignId, ...changes } = request;
  return {
    ...setFields(campaign, [...WINDOW, 'metadata']),
    ...(given(setup.promotion_tier?.banner) ? { banner: setup.promotion_tier.banner } : {}),
    ...(given(campaign.voucher.discount) ? { action: { discount: campaign.voucher.discount } } : {}),
    ...setFields(changes, TIER_OVERRIDES),
    name: request.name,
  };
};
