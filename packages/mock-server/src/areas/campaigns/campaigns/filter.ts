import { CAMPAIGN_VALIDITY_KEYS, type FilterPredicate, checkValidityWindow, compileFilter } from '@voucherkit/domain';
import { allOf, anyOf } from '@voucherkit/domain/internals';
import type { Campaign } from '../vouchers/types.js';

/** Status filters (`filters[status][conditions][$active]`, `filters[active][$enabled]`) and whether a campaign meets them. */
type StatusTest = (campaign: Campaign, now: number) => boolean;

const windowReason = (campaign: Campaign, now: number, ignoreSwitch: boolean): string | undefined => {
  const result = checkValidityWindow({ ...campaign, ...(ignoreSwitch ? { active: true } : {}) }, now, {
    keys: CAMPAIGN_VALIDITY_KEYS,
  });
  return result.active ? undefined : result.reason;
};

/**
 * The `status` states, as the reference describes them: `$active` is a campaign whose codes are
 * generated, whatever its dates; `$in_progress` one generating or updating its codes.
 */
const STATUS_CONDITIONS: Readonly<Record<string, StatusTest>> = {
  $active: (campaign) => campaign.creation_status === 'DONE',
  $expired: (campaign, now) => windowReason(campaign, now, true) === 'expired',
  before_start: (campaign, now) => windowReason(campaign, now, true) === 'not_started',
  $failed: (campaign) => campaign.creation_status === 'FAILED',
  $in_progress: (campaign) =>
    campaign.creation_status === 'IN_PROGRESS' ||
    campaign.vouchers_generation_status === 'IN_PROGRESS' ||
    campaign.vouchers_generation_status === 'MODIFYING',
};

const ACTIVE_CONDITIONS: Readonly<Record<string, StatusTest>> = {
  $enabled: (campaign) => campaign.active,
  $disabled: (campaign) => !campaign.active,
  $expired: (campaign, now) => windowReason(campaign, now, true) === 'expired',
  $active: (campaign, now) => windowReason(campaign, now, true) === undefined,
};

/** A campaign under the names `GET /v1/campaigns` filters on. */
const filterView = (campaign: Campaign): Record<string, unknown> => ({
  campaigns: campaign.name,
  campaigns_id: campaign.id,
  campaign_status: campaign.creation_status,
  is_referral_code: campaign.is_referral_code ? 'TRUE' : 'FALSE',
  validity_timeframe: campaign.validity_timeframe,
  voucher_type: campaign.voucher?.type,
  categories: campaign.category,
  category_ids: campaign.category_id,
  type: campaign.type,
  created_date: campaign.created_at,
  updated_at: campaign.updated_at,
  start_date: campaign.start_date,
  expiration_date: campaign.expiration_date,
  validity_day_of_week: campaign.validity_day_of_week,
  metadata: campaign.metadata,
});

/**
 * The `filters` of `GET /v1/campaigns` as one test: the status states (`filters[status][conditions][$active]`,
 * `filters[active][$enabled]`) and conditions on the fields the service names, joined by the
 * filter's `junction`.
 *
 * @param filters - The query's `filters`.
 * @param now - The moment validity windows are read at.
 * @returns The test of a campaign.
 * @throws DomainError `invalid_query_params` for a malformed filter.
 */
export const campaignFilter = (filters: unknown, now: number): FilterPredicate => {
  if (typeof filters !== 'object' || filters === null) return compileFilter(filters);
  const { status, active, ...fields } = filters as Record<string, unknown>;
  const parts: StatusTest[] = [];
  const conditions = (group: unknown, table: Readonly<Record<string, StatusTest>>): void => {
    if (typeof group !== 'object' || group === null) return;
    const tests = Object.keys(group).flatMap((name) => {
      const test = table[name];
      return test === undefined ? [] : [test];
    });
    // Several states in one group mean any of them: a campaign cannot be active and expired at once.
    if (tests.length > 0) parts.push((campaign, at) => tests.some((test) => test(campaign, at)));
  };
  conditions((status as { conditions?: unknown } | undefined)?.conditions, STATUS_CONDITIONS);
  // The `active` states come under `conditions`, as the reference describes them, or directly, as its schema has them.
  const { conditions: activeConditions, ...direct } = (active ?? {}) as { conditions?: object };
  conditions({ ...direct, ...activeConditions }, ACTIVE_CONDITIONS);
  const named = Object.keys(fields).some((key) => key !== 'junction') ? compileFilter(fields, { now }) : undefined;
  const predicates: FilterPredicate[] = parts.map((test) => (campaign) => test(campaign as Campaign, now));
  if (named) predicates.push((campaign) => named(filterView(campaign as Campaign)));
  const junction = String(fields['junction'] ?? 'and').toLowerCase();
  return junction === 'or' ? anyOf(...predicates) : allOf(...predicates);
};
