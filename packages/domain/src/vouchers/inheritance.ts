import type { CodeConfigInput } from '../codes/generation.js';
import { DomainError } from '../domain-error.js';
import { addIsoDuration, parseIsoDuration } from '../time/iso-duration.js';
import type { ValidityHoursInput, ValidityTimeframeInput } from '../time/validity-window.js';

/**
 * The kinds of voucher.
 */
export type VoucherType = 'DISCOUNT_VOUCHER' | 'GIFT_VOUCHER' | 'LOYALTY_CARD';

/**
 * The voucher template of a campaign (`campaign.voucher`): the fields vouchers take from it.
 */
interface CampaignVoucherTemplateInput {
  /** Kind of the campaign's vouchers. */
  readonly type?: string | null | undefined;
  /** Discount of each voucher, for discount and referral campaigns. */
  readonly discount?: unknown;
  /** Starting credit of each gift card. */
  readonly gift?: unknown;
  /** Loyalty card settings. */
  readonly loyalty_card?: unknown;
  /** Redemption limit of each voucher; `quantity` null means unlimited. */
  readonly redemption?: { readonly quantity?: number | null | undefined } | null | undefined;
  /** How the campaign's codes are generated. */
  readonly code_config?: CodeConfigInput | null | undefined;
  /** Whether the codes are referral codes. */
  readonly is_referral_code?: boolean | null | undefined;
}

/**
 * The fields of a campaign that its vouchers inherit, as the API sends them.
 */
export interface CampaignInheritanceInput {
  /** `DISCOUNT_COUPONS`, `GIFT_VOUCHERS`, `LOYALTY_PROGRAM`, `REFERRAL_PROGRAM` or `PROMOTION`. */
  readonly campaign_type?: string | null | undefined;
  /** The voucher template. */
  readonly voucher?: CampaignVoucherTemplateInput | null | undefined;
  /** Start of the campaign's validity. */
  readonly start_date?: string | null | undefined;
  /** End of the campaign's validity. */
  readonly expiration_date?: string | null | undefined;
  /** Recurring validity periods. */
  readonly validity_timeframe?: ValidityTimeframeInput | null | undefined;
  /** Days of the week of validity (0 Sunday). */
  readonly validity_day_of_week?: readonly number[] | null | undefined;
  /** Daily hours of validity. */
  readonly validity_hours?: ValidityHoursInput | null | undefined;
  /** Name of the campaign's category. */
  readonly category?: string | null | undefined;
  /** Id of the campaign's category. */
  readonly category_id?: string | null | undefined;
  /** How long a code stays valid after it is published, as an ISO 8601 duration. */
  readonly activity_duration_after_publishing?: string | null | undefined;
}

/**
 * The body fields of `POST /v1/campaigns/{campaignId}/vouchers` (and of the add-with-code
 * operation) that override what the voucher inherits.
 */
export interface VoucherOverridesInput {
  /** A chosen code; when absent, a code is generated from `code_config`. */
  readonly code?: string | null | undefined;
  /** Code settings that replace the campaign's (as a whole, not field by field). */
  readonly code_config?: CodeConfigInput | null | undefined;
  /** Category name; pass this or `category_id`. */
  readonly category?: string | null | undefined;
  /** Category id; pass this or `category`. */
  readonly category_id?: string | null | undefined;
  /** The voucher's own metadata. */
  readonly metadata?: Readonly<Record<string, unknown>> | null | undefined;
  /** Redemption limit; `quantity: null` means unlimited. */
  readonly redemption?: { readonly quantity?: number | null | undefined } | null | undefined;
  /** Free text about the code. */
  readonly additional_info?: string | null | undefined;
  /** Start of the voucher's validity. */
  readonly start_date?: string | null | undefined;
  /** End of the voucher's validity. */
  readonly expiration_date?: string | null | undefined;
  /** Whether the voucher starts switched on. */
  readonly active?: boolean | null | undefined;
}

/**
 * The type of a campaign field as a voucher inherits it: the campaign's own type without
 * `undefined`, or `null` when absent.
 */
type CampaignField<C, K extends keyof CampaignInheritanceInput> =
  | (K extends keyof C ? NonNullable<C[K]> : never)
  | null;

/**
 * The type of a voucher template field as a voucher inherits it, or `null` when absent.
 */
type TemplateField<C, K extends keyof CampaignVoucherTemplateInput> =
  | (C extends { readonly voucher?: infer V }
      ? K extends keyof NonNullable<V>
        ? NonNullable<NonNullable<V>[K]>
        : never
      : never)
  | null;

/**
 * The settings of a new voucher of a campaign: what it inherits with the request's overrides
 * applied. Object values (discount, validity) are the campaign's own objects, not copies.
 */
export interface InheritedVoucherSettings<C extends CampaignInheritanceInput = CampaignInheritanceInput> {
  /** Kind of voucher: the template's `type`, else derived from `campaign_type`. */
  readonly type: VoucherType;
  /** Whether the code is a referral code (campaign type `REFERRAL_PROGRAM`). */
  readonly is_referral_code: boolean;
  /** The template's discount when `type` is `DISCOUNT_VOUCHER`, else null. */
  readonly discount: TemplateField<C, 'discount'>;
  /** The template's gift when `type` is `GIFT_VOUCHER`, else null. */
  readonly gift: TemplateField<C, 'gift'>;
  /** The template's loyalty card when `type` is `LOYALTY_CARD`, else null. */
  readonly loyalty_card: TemplateField<C, 'loyalty_card'>;
  /** Redemption limit; null means unlimited. */
  readonly redemption: { readonly quantity: number | null };
  /** Start of validity. */
  readonly start_date: string | null;
  /** End of validity. */
  readonly expiration_date: string | null;
  /** Recurring validity periods. */
  readonly validity_timeframe: CampaignField<C, 'validity_timeframe'>;
  /** Days of the week of validity. */
  readonly validity_day_of_week: CampaignField<C, 'validity_day_of_week'>;
  /** Daily hours of validity. */
  readonly validity_hours: CampaignField<C, 'validity_hours'>;
  /**
   * Category name. When the request names the category by id only, this is null and the caller
   * fills it from the category store.
   */
  readonly category: string | null;
  /**
   * Category id. When the request names the category by name only, this is null and the caller
   * resolves it.
   */
  readonly category_id: string | null;
  /** The voucher's own metadata (campaign metadata is not copied). */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** Free text about the code. */
  readonly additional_info: string | null;
  /** Whether the voucher starts switched on. */
  readonly active: boolean;
  /** The chosen code, or null when one is to be generated from {@link InheritedVoucherSettings.code_config}. */
  readonly code: string | null;
  /** The code settings to generate with: the request's, else the campaign's, else `{}` (defaults). */
  readonly code_config: CodeConfigInput;
}

const VOUCHER_TYPES: ReadonlySet<string> = new Set<VoucherType>(['DISCOUNT_VOUCHER', 'GIFT_VOUCHER', 'LOYALTY_CARD']);

const TYPE_BY_CAMPAIGN_TYPE: Readonly<Record<string, VoucherType>> = {
  GIFT_VOUCHERS: 'GIFT_VOUCHER',
  LOYALTY_PROGRAM: 'LOYALTY_CARD',
  DISCOUNT_COUPONS: 'DISCOUNT_VOUCHER',
  REFERRAL_PROGRAM: 'DISCOUNT_VOUCHER',
};

const isGiven = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/**
 * The kind of voucher a campaign makes: `voucher.type` when it is one, else derived from
 * `campaign_type` (gift → `GIFT_VOUCHER`, loyalty → `LOYALTY_CARD`, otherwise `DISCOUNT_VOUCHER`).
 *
 * @param campaign - The campaign's `campaign_type` and voucher template.
 * @returns The voucher type.
 */
export function voucherTypeOf(campaign: Pick<CampaignInheritanceInput, 'campaign_type' | 'voucher'>): VoucherType {
  const declared = campaign.voucher?.type;
  if (isGiven(declared) && VOUCHER_TYPES.has(declared)) return declared as VoucherType;
  return TYPE_BY_CAMPAIGN_TYPE[campaign.campaign_type ?? ''] ?? 'DISCOUNT_VOUCHER';
}

/**
 * The settings of a voucher created in a campaign: it takes the template's discount, gift or
 * loyalty card (only the one its type uses) and redemption quantity, and the campaign's dates,
 * validity timeframe, days, hours and category; the request may override the code, code
 * settings, category, metadata, quantity, additional info, dates and `active`.
 *
 * @remarks
 * An override that is absent or `null` keeps the inherited value, except `redemption.quantity`,
 * where `null` means unlimited. A request `code_config` replaces the campaign's as a whole; a
 * chosen `code` wins over any `code_config`. Overriding `category` or `category_id` clears the
 * other, which the caller resolves. Validation rule assignments are not copied: see
 * {@link voucherRuleAssignments}.
 *
 * @param campaign - The campaign, with its voucher template in `voucher`.
 * @param overrides - The request's body fields; none by default.
 * @returns The voucher's own settings.
 * @throws DomainError `invalid_payload` when the overrides name both `category` and `category_id`.
 */
export function inheritVoucher<C extends CampaignInheritanceInput>(
  campaign: C,
  overrides: VoucherOverridesInput = {},
): InheritedVoucherSettings<C> {
  if (isGiven(overrides.category) && isGiven(overrides.category_id)) {
    throw new DomainError('invalid_payload', 'Invalid payload', {
      details: 'Property .category cannot be sent together with .category_id',
    });
  }
  const template = campaign.voucher ?? {};
  const type = voucherTypeOf(campaign);
  const quantity =
    isGiven(overrides.redemption) && overrides.redemption.quantity !== undefined
      ? overrides.redemption.quantity
      : (template.redemption?.quantity ?? null);

  let category = campaign.category ?? null;
  let categoryId = campaign.category_id ?? null;
  if (isGiven(overrides.category)) [category, categoryId] = [overrides.category, null];
  if (isGiven(overrides.category_id)) [category, categoryId] = [null, overrides.category_id];

  return {
    type,
    is_referral_code: campaign.campaign_type === 'REFERRAL_PROGRAM' || template.is_referral_code === true,
    discount: (type === 'DISCOUNT_VOUCHER' ? (template.discount ?? null) : null) as TemplateField<C, 'discount'>,
    gift: (type === 'GIFT_VOUCHER' ? (template.gift ?? null) : null) as TemplateField<C, 'gift'>,
    loyalty_card: (type === 'LOYALTY_CARD' ? (template.loyalty_card ?? null) : null) as TemplateField<
      C,
      'loyalty_card'
    >,
    redemption: { quantity },
    start_date: overrides.start_date ?? campaign.start_date ?? null,
    expiration_date: overrides.expiration_date ?? campaign.expiration_date ?? null,
    validity_timeframe: (campaign.validity_timeframe ?? null) as CampaignField<C, 'validity_timeframe'>,
    validity_day_of_week: (campaign.validity_day_of_week ?? null) as CampaignField<C, 'validity_day_of_week'>,
    validity_hours: (campaign.validity_hours ?? null) as CampaignField<C, 'validity_hours'>,
    category,
    category_id: categoryId,
    metadata: overrides.metadata ?? {},
    additional_info: overrides.additional_info ?? null,
    active: overrides.active ?? true,
    code: overrides.code ?? null,
    code_config: overrides.code_config ?? template.code_config ?? {},
  };
}

/**
 * Options of {@link expirationAfterPublishing}.
 */
export interface PublishingOptions {
  /** The project's IANA time zone, whose calendar days and months the duration counts. Default `UTC`. */
  readonly timeZone?: string | undefined;
}

/**
 * The `expiration_date` of a code published from a campaign with
 * `activity_duration_after_publishing`: the publication time plus that duration. It replaces the
 * code's inherited expiration date, even when it falls after the campaign's.
 *
 * @param campaign - The campaign's `activity_duration_after_publishing` (ISO 8601, such as `P24D`).
 * @param publishedAt - When the code is published, as epoch milliseconds or a `Date`.
 * @param options - The project's time zone for calendar units (`P1M` from 31 January ends on the
 *   last day of February).
 * @returns The new expiration date as an ISO 8601 UTC timestamp, or null when the campaign has no
 *   such duration (the code keeps its expiration date).
 * @throws DomainError `invalid_payload` when the duration is malformed.
 * @throws RangeError when the time zone is unknown.
 */
export function expirationAfterPublishing(
  campaign: Pick<CampaignInheritanceInput, 'activity_duration_after_publishing'>,
  publishedAt: number | Date,
  options: PublishingOptions = {},
): string | null {
  const text = campaign.activity_duration_after_publishing;
  if (!isGiven(text) || text === '') return null;
  const duration = parseIsoDuration(text, '.activity_duration_after_publishing');
  return new Date(addIsoDuration(publishedAt, duration, options.timeZone ?? 'UTC')).toISOString();
}

/**
 * The usage fields of a stored voucher that decide whether campaign updates still reach it.
 */
export interface VoucherUsageInput {
  /** Publication summary; `count` is how often the code was published. */
  readonly publish?: { readonly count?: number | null | undefined } | null | undefined;
  /** Redemption summary; `redeemed_quantity` is how often it was redeemed. */
  readonly redemption?: { readonly redeemed_quantity?: number | null | undefined } | null | undefined;
  /** The customer holding the code, set when it is published. */
  readonly holder_id?: string | null | undefined;
}

/**
 * The campaign fields that an update copies to the campaign's untouched vouchers.
 */
export const CAMPAIGN_UPDATE_VOUCHER_FIELDS = Object.freeze([
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
  'category',
  'category_id',
  'discount',
  'gift',
  'loyalty_card',
] as const);

/**
 * One of {@link CAMPAIGN_UPDATE_VOUCHER_FIELDS}.
 */
export type CampaignUpdateVoucherField = (typeof CAMPAIGN_UPDATE_VOUCHER_FIELDS)[number];

/**
 * Tells whether a campaign update still rewrites a voucher: only vouchers that were neither
 * published (no publication and no holder) nor redeemed are rewritten.
 *
 * @param voucher - The voucher's publication and redemption summaries and holder.
 * @returns `true` when the campaign's changes apply to the voucher.
 */
export function isRewrittenByCampaignUpdate(voucher: VoucherUsageInput): boolean {
  return (
    (voucher.publish?.count ?? 0) === 0 &&
    (voucher.redemption?.redeemed_quantity ?? 0) === 0 &&
    !isGiven(voucher.holder_id)
  );
}

/**
 * What a campaign update changes on one of its vouchers: the fields of
 * {@link CAMPAIGN_UPDATE_VOUCHER_FIELDS} that the update sends, or null when the voucher was
 * published or redeemed and keeps its settings.
 *
 * @remarks
 * Values are copied as sent (`null` included). A `category` sent without `category_id` (or the
 * reverse) leaves the other for the caller to resolve. Campaign-only fields (name, description,
 * metadata, `activity_duration_after_publishing`, …) never reach vouchers.
 *
 * @param voucher - The voucher's usage (see {@link isRewrittenByCampaignUpdate}).
 * @param update - The campaign update's body.
 * @returns The patch to merge into the voucher, or null.
 */
export function campaignUpdateForVoucher<U extends object>(
  voucher: VoucherUsageInput,
  update: U,
): Partial<Pick<U, CampaignUpdateVoucherField & keyof U>> | null {
  if (!isRewrittenByCampaignUpdate(voucher)) return null;
  const patch: Partial<Record<CampaignUpdateVoucherField, unknown>> = {};
  for (const field of CAMPAIGN_UPDATE_VOUCHER_FIELDS) {
    const value: unknown = Reflect.get(update, field);
    if (value !== undefined) patch[field] = value;
  }
  return patch as Partial<Pick<U, CampaignUpdateVoucherField & keyof U>>;
}

/**
 * The validation rule assignments that apply to a voucher: its campaign's (inherited) followed by
 * its own, each assignment once (by `id`).
 *
 * @param own - Assignments made to the voucher itself.
 * @param campaign - Assignments made to its campaign.
 * @returns The combined list.
 */
export function voucherRuleAssignments<T extends { readonly id: string }>(
  own: readonly T[],
  campaign: readonly T[],
): T[] {
  const seen = new Set<string>();
  const result: T[] = [];
  for (const assignment of [...campaign, ...own]) {
    if (seen.has(assignment.id)) continue;
    seen.add(assignment.id);
    result.push(assignment);
  }
  return result;
}
