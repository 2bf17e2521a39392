import type { Resource } from '../../../core/resource.js';
import type { Category } from '../../catalog/categories/store.js';
import type { Campaign, Voucher } from '../../campaigns/vouchers/types.js';

/** The fields of a loyalty campaign as the loyalty operations answer it (`LoyaltyCampaign`). */
const CAMPAIGN_FIELDS = [
  'id',
  'name',
  'description',
  'campaign_type',
  'type',
  'voucher',
  'auto_join',
  'join_once',
  'use_voucher_metadata_schema',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
  'activity_duration_after_publishing',
  'vouchers_count',
  'start_date',
  'expiration_date',
  'active',
  'metadata',
  'created_at',
  'updated_at',
  'category',
  'creation_status',
  'vouchers_generation_status',
  'protected',
  'category_id',
  'categories',
  'object',
  'loyalty_tiers_expiration',
  'validation_rules_assignments',
] as const;

/** Fields that `LoyaltyCampaign` requires even when they are null. */
const KEPT_WHEN_NULL = new Set<string>(['category_id']);

/** The loyalty card template as `LoyaltyCampaignVoucher` has it. */
const TEMPLATE_FIELDS = [
  'type',
  'loyalty_card',
  'redemption',
  'code_config',
  'is_referral_code',
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
] as const;

const pick = (
  record: object,
  fields: readonly string[],
  keepNull: ReadonlySet<string> = new Set(),
): Record<string, unknown> =>
  Object.fromEntries(
    fields.flatMap((field) => {
      const value = (record as Record<string, unknown>)[field];
      return value === undefined || (value === null && !keepNull.has(field)) ? [] : [[field, value]];
    }),
  );

/**
 * A campaign as the loyalty operations answer it: the fields of `LoyaltyCampaign`, without the
 * ones a loyalty campaign never has or leaves empty.
 *
 * @param campaign - A campaign as the campaign store presents it.
 * @param categories - The campaign's category, as a list of none or one.
 * @returns The `LoyaltyCampaign`.
 */
export const loyaltyCampaign = (campaign: Campaign, categories: readonly Category[]): Resource<'LoyaltyCampaign'> => {
  const shown = pick(campaign, CAMPAIGN_FIELDS, KEPT_WHEN_NULL);
  shown['categories'] = categories;
  const template = campaign.voucher as Readonly<Record<string, unknown>> | null | undefined;
  if (template) {
    shown['voucher'] = {
      ...pick(template, TEMPLATE_FIELDS),
      type: 'LOYALTY_CARD',
      redemption: { quantity: (template['redemption'] as { quantity?: number | null } | undefined)?.quantity ?? null },
      code_config: template['code_config'] ?? {},
      is_referral_code: false,
    };
  }
  return shown as Resource<'LoyaltyCampaign'>;
};

/**
 * A loyalty card as the member operations answer it (`LoyaltyMember`).
 *
 * @param voucher - The card as the voucher store presents it.
 * @returns The `LoyaltyMember`: `discount` and `gift` null, `holder_id` the holder (empty for a
 *   card nobody holds yet).
 */
export const loyaltyMember = (voucher: Voucher): Resource<'LoyaltyMember'> => {
  const { validation_rules_assignments: _rules, validity_hours: hours, ...card } = voucher;
  return {
    ...card,
    ...(hours ? { validity_hours: hours } : {}),
    discount: null,
    gift: null,
    is_referral_code: false,
    holder_id: voucher.holder_id ?? '',
    updated_at: voucher.updated_at ?? voucher.created_at,
  } as Resource<'LoyaltyMember'>;
};

/**
 * A card as a points transfer answers with it (`LoyaltyPointsTransferResponse`): the member's
 * fields without those that answer leaves out.
 *
 * @param member - The target card as {@link loyaltyMember} shows it.
 * @returns The card the transfer answers with.
 */
export const pointsTransferAnswer = (member: Resource<'LoyaltyMember'>): Resource<'LoyaltyPointsTransferResponse'> => {
  const { validity_hours: _hours, ...card } = member as Resource<'LoyaltyMember'> & { validity_hours?: unknown };
  return card as unknown as Resource<'LoyaltyPointsTransferResponse'>;
};
