import type { OperationId } from '../../generated/routes.js';

/**
 * The operations that run the engine: their handlers load with the first of them (`on-demand.ts`).
 * Listed here, not read from the handlers, so that the registry knows them without loading them;
 * a test holds the list to the handlers' own.
 */
export const ENGINE_OPERATIONS = [
  'validateStackedDiscounts',
  'validateStackedDiscountsClientSide',
  'redeemStackedDiscounts',
  'redeemStackedDiscountsClientSide',
  'rollbackRedemption',
  'rollbackStackedRedemptions',
  'checkEligibility',
  'checkEligibilityClientSide',
  'examineVouchersQualification',
  'examineCampaignsQualification',
  'validateValidationRule',
  'validateVoucher',
  'validateVoucherClientSide',
  'validatePromotions',
  'validatePromotionsClientSide',
  'validatePromotionTier',
  'redeemVoucher',
  'redeemVoucherClientSide',
  'redeemPromotionTier',
] as const satisfies readonly OperationId[];
