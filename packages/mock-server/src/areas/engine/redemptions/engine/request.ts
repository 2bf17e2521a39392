import { STACKING_RULES_DEFAULTS, type StackingRulesSettings } from '@voucherkit/domain';
import type { Resource } from '../../../../core/resource.js';
import type { StackingRules } from '../../../rules/stacking-rules/store.js';

/** The body of `POST /v1/validations` and `POST /v1/redemptions` (and their client-side forms). */
export type StackedRequest = Resource<'RedemptionRedeemRequest'>;

/**
 * One entry of a request's `redeemables`: a voucher (with `gift.credits` or `reward` for cards),
 * a promotion tier or a promotion stack.
 */
export type RequestedRedeemable = StackedRequest['redeemables'][number];

/** Milliseconds in one `ttl_unit`. */
const UNIT_MS: Readonly<Record<NonNullable<Resource<'Session'>['ttl_unit']>, number>> = {
  DAYS: 86_400_000,
  HOURS: 3_600_000,
  MINUTES: 60_000,
  SECONDS: 1000,
  MILLISECONDS: 1,
  MICROSECONDS: 0.001,
  NANOSECONDS: 0.000_001,
};

/** A lock session asked for by a request, with its lifetime resolved. */
interface SessionRequest {
  /** The key sent, or a new `ssn_…` key. */
  readonly key: string;
  /** Lifetime as the response echoes it. */
  readonly ttl: number;
  /** Unit of `ttl`. */
  readonly ttl_unit: NonNullable<Resource<'Session'>['ttl_unit']>;
  /** Lifetime in milliseconds. */
  readonly ttlMs: number;
}

/**
 * The lock session a request asks for: `session.type: LOCK`, 7 days and a new key by default.
 * A session sent without `type` only names a key (a redemption that ends a session).
 */
export const readSession = (session: StackedRequest['session'], newKey: () => string): SessionRequest | undefined => {
  if (session?.type !== 'LOCK') return undefined;
  const ttl = session.ttl ?? 7;
  const unit = session.ttl_unit ?? 'DAYS';
  return { key: session.key ?? newKey(), ttl, ttl_unit: unit, ttlMs: Math.max(0, ttl * UNIT_MS[unit]) };
};

/** The stacking rules in force: the project's own set, else the service's defaults. */
export const stackingRulesInForce = (stored: StackingRules | undefined): StackingRulesSettings =>
  stored === undefined ? STACKING_RULES_DEFAULTS : ({ ...STACKING_RULES_DEFAULTS, ...stored } as StackingRulesSettings);

/** The stacking rules as a validation echoes them (`AppliedStackingRules`). */
export const appliedStackingRules = (rules: StackingRulesSettings): Resource<'AppliedStackingRules'> => ({
  redeemables_limit: rules.redeemables_limit,
  applicable_redeemables_limit: rules.applicable_redeemables_limit,
  applicable_redeemables_per_category_limit: rules.applicable_redeemables_per_category_limit,
  applicable_redeemables_category_limits: { ...rules.applicable_redeemables_category_limits },
  applicable_exclusive_redeemables_limit: rules.applicable_exclusive_redeemables_limit,
  applicable_exclusive_redeemables_per_category_limit: rules.applicable_exclusive_redeemables_per_category_limit,
  exclusive_categories: [...rules.exclusive_categories],
  joint_categories: [...rules.joint_categories],
  redeemables_application_mode: rules.redeemables_application_mode,
  redeemables_sorting_rule: rules.redeemables_sorting_rule,
  redeemables_products_application_mode: rules.redeemables_products_application_mode,
  redeemables_no_effect_rule: rules.redeemables_no_effect_rule,
  no_effect_skip_categories: [...rules.no_effect_skip_categories],
  no_effect_redeem_anyway_categories: [...rules.no_effect_redeem_anyway_categories],
  redeemables_rollback_order_mode: rules.redeemables_rollback_order_mode,
});
