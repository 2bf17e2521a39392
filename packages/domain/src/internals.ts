/**
 * What Voucherkit's own packages need from the domain besides its public API: the mock's ids,
 * calendar, stores' bookkeeping (points buckets, card balances, campaign inheritance) and the
 * pieces of the engine it drives step by step. Unstable: not covered by semver, it changes in any
 * release as those packages need. Apps import `@voucherkit/domain`.
 *
 * @packageDocumentation
 */

export { createIdFactory } from './ids/resource-id.js';
export type { IdFactory, IdPrefix } from './ids/resource-id.js';
export { derivedId } from './ids/derived-id.js';

export { scopesSatisfy } from './auth/oauth-scopes.js';

export { metadataFromText } from './metadata/from-text.js';
export { patchMetadata } from './metadata/patch.js';
export { locationContains } from './metadata/geo-location.js';

export { daysFromCivil, daysInMonth, zoneClock } from './time/zone.js';
export { addDays, calendarDateAt, periodOf, startOfCalendarDate } from './time/calendar-date.js';
export { addIsoDuration, parseIsoDuration } from './time/iso-duration.js';

export { allOf, anyOf, dateRangeFilter } from './filters/compile.js';

export {
  campaignUpdateForVoucher,
  expirationAfterPublishing,
  inheritVoucher,
  voucherTypeOf,
} from './vouchers/inheritance.js';
export { changeGiftBalance } from './vouchers/card-balance.js';

export { applyStackStep, finishDiscountStack, startDiscountStack } from './discounts/stack.js';
export type { DiscountStackState } from './discounts/stack.js';

export { collectionsNamedBy } from './rules/collections.js';
export { calendarPeriods, countRedemptionsByPeriod } from './rules/periods.js';

export {
  categoriesInStackingRules,
  mergeStackingRules,
  removeCategoryFromStackingRules,
  stackingRulesReferenceCategory,
} from './stacking/rules.js';
export { categoryStackingRulesType } from './stacking/categories.js';

export {
  isCustomerRule,
  qualificationRuleOptions,
  qualificationScenarioPolicy,
  ruleSetRequiresProducts,
} from './qualifications/scenarios.js';
export type { QualificationScenario, QualificationScenarioPolicy } from './qualifications/scenarios.js';

export { mappedLoyalty } from './loyalty/earning.js';
export { bucketBalance, creditBuckets, expireBuckets, nextExpiration, spendBuckets } from './loyalty/buckets.js';
export type { PointsBucket } from './loyalty/buckets.js';
export { runNightly } from './loyalty/nightly.js';
export type { NightlyCard, PendingPointsEntry } from './loyalty/nightly.js';
