import { type ListOrder, type Sortable, pageOf, sortByKeys } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import type { CampaignStore } from '../../campaigns/campaigns/store.js';
import type { VoucherStore } from '../../campaigns/vouchers/store.js';
import type { QualificationScope, QualificationStore } from './store.js';

/**
 * The body of the older qualification operations (`POST /v1/vouchers/qualification`, `POST
 * /v1/campaigns/qualification`).
 */
export type ExamineRequest = Resource<'LegacyQualificationRequest'>;

/**
 * The query of the older qualification operations.
 *
 * @typeParam Order - The sort keys the operation takes.
 */
export interface ExamineQuery<Order extends string> {
  /** With `true`, only the customer's rules are judged (scenario `AUDIENCE_ONLY`). */
  readonly audienceRulesOnly?: boolean | undefined;
  /** Most items to answer; default 50. */
  readonly limit?: number | undefined;
  /** Sort key, `-` for descending; default `-created_at`. */
  readonly order?: ListOrder<Order> | undefined;
}

/** The stores the older qualification operations read: the engine, and what its answers show. */
export interface ExamineStores {
  /** The qualification engine. */
  readonly qualifications: QualificationStore;
  /** The vouchers answered whole. */
  readonly vouchers: VoucherStore;
  /** The campaigns answered whole. */
  readonly campaigns: CampaignStore;
}

const GENERIC_CODES: QualificationScope = { codes: 'generic', tiers: false, campaignTypes: [] };
const CODE_CAMPAIGNS: QualificationScope = {
  codes: 'none',
  tiers: false,
  campaignTypes: ['DISCOUNT_COUPONS', 'GIFT_VOUCHERS', 'REFERRAL_PROGRAM'],
};
const MAX_ITEMS = 50;

/** The engine's qualifying redeemables of a scope for an older request: its customer, order and metadata, judged under `ALL` or `AUDIENCE_ONLY`. */
const qualifying = (
  stores: ExamineStores,
  request: ExamineRequest,
  audienceRulesOnly: boolean | undefined,
  scope: QualificationScope,
) =>
  stores.qualifications.qualifying(
    { ...request, scenario: audienceRulesOnly === true ? 'AUDIENCE_ONLY' : 'ALL' },
    scope,
  );

/** The first `limit` items, sorted by `order` on the keys `keyOf` gives (newest first by default); ties keep the items' order. */
const sortedPage = <T>(
  items: readonly T[],
  keyOf: (item: T) => Readonly<Record<string, Sortable>>,
  query: ExamineQuery<string>,
): T[] => pageOf(sortByKeys(items, keyOf, query.order ?? '-created_at'), { limit: query.limit ?? MAX_ITEMS }).items;

/**
 * `POST /v1/vouchers/qualification`: the generic codes (standalone ones and those of generic
 * campaigns) that the customer and order qualify for, judged alone by the qualification engine,
 * each answered whole with the lines its discount covers and excludes.
 *
 * @param stores - The project's stores.
 * @param request - The customer, the order and the redemption's metadata.
 * @param query - `audienceRulesOnly`, `limit` and `order`.
 * @returns The answer.
 * @throws As `QualificationStore.qualifying`.
 */
export const examineVouchers = (
  stores: ExamineStores,
  request: ExamineRequest,
  query: ExamineQuery<'created_at' | 'updated_at' | 'code'>,
): Resource<'LegacyVoucherQualificationList'> => {
  const { items, trackingId } = qualifying(stores, request, query.audienceRulesOnly, GENERIC_CODES);
  const qualified = items.map(({ id, applicable_to, inapplicable_to }) => ({
    ...stores.vouchers.present(stores.vouchers.get(id)),
    applicable_to,
    inapplicable_to,
  }));
  const data = sortedPage(qualified, ({ created_at, updated_at, code }) => ({ created_at, updated_at, code }), query);
  return { object: 'list', data_ref: 'data', data, total: data.length, tracking_id: trackingId };
};

/**
 * `POST /v1/campaigns/qualification`: the discount, gift card and referral campaigns with a code
 * to hand out whose rules the customer and order meet, each judged by the qualification engine on
 * a code it could still publish, and answered whole.
 *
 * @param stores - The project's stores.
 * @param request - The customer, the order and the redemption's metadata.
 * @param query - `audienceRulesOnly`, `limit` and `order` (`type` sorts by campaign type, `code` and `campaign` by name, `category` by category).
 * @returns The answer.
 * @throws As `QualificationStore.qualifying`.
 */
export const examineCampaigns = (
  stores: ExamineStores,
  request: ExamineRequest,
  query: ExamineQuery<'created_at' | 'updated_at' | 'type' | 'code' | 'category' | 'campaign'>,
): Resource<'LegacyCampaignQualificationList'> => {
  const { items, trackingId } = qualifying(stores, request, query.audienceRulesOnly, CODE_CAMPAIGNS);
  const qualified = items.map(({ id }) => stores.campaigns.present(stores.campaigns.get(id)));
  const data = sortedPage(
    qualified,
    (campaign) => ({
      created_at: campaign.created_at,
      updated_at: campaign.updated_at,
      type: campaign.campaign_type,
      code: campaign.name,
      campaign: campaign.name,
      category: campaign.category,
    }),
    query,
  );
  return { object: 'list', data_ref: 'data', data, total: data.length, tracking_id: trackingId };
};
