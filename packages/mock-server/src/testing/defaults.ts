import type { Resource } from '../core/resource.js';
import type { CustomerUpsert } from '../areas/customers/customers/store.js';
import type { OrderInput } from '../areas/customers/orders/store.js';
import type { ProductInput, SkuInput } from '../areas/catalog/products/store.js';
import type { PromotionTierCreateInput } from '../areas/campaigns/promotions/store.js';
import type { ValidationRuleInput } from '../areas/rules/validation-rules/store.js';

// The defaults of the factories' records: the smallest requests the service accepts for each,
// named and coded from the record's number. Amounts are in minor units.

/** 10 % off the order: the discount of default vouchers, campaigns and tiers. */
export const DEFAULT_DISCOUNT: Resource<'Discount'> = { type: 'PERCENT', percent_off: 10 };

/** Credit of a default gift card: 100.00. */
export const DEFAULT_GIFT_AMOUNT = 10_000;

/** Price of default products and SKUs: 10.00. */
const DEFAULT_PRICE = 1000;

/** Amount of a default order: 100.00. */
const DEFAULT_ORDER_AMOUNT = 10_000;

/** Code of the n-th standalone discount voucher. */
export const discountCode = (n: number): string => `DISCOUNT-${n}`;

/** Code of the n-th standalone gift card. */
export const giftCode = (n: number): string => `GIFT-${n}`;

/** The n-th customer: `customer-1`, `Customer 1`, `customer-1@example.com`. */
export const customerDefaults = (n: number): CustomerUpsert & { source_id: string } => ({
  source_id: `customer-${n}`,
  name: `Customer ${n}`,
  email: `customer-${n}@example.com`,
});

/** The n-th product: `product-1`, `Product 1`, at {@link DEFAULT_PRICE}. */
export const productDefaults = (n: number): ProductInput & { source_id: string } => ({
  source_id: `product-${n}`,
  name: `Product ${n}`,
  price: DEFAULT_PRICE,
});

/** The n-th SKU: `sku-1`, `SKU 1`, at {@link DEFAULT_PRICE}. */
export const skuDefaults = (n: number): SkuInput & { source_id: string } => ({
  source_id: `sku-${n}`,
  sku: `SKU ${n}`,
  price: DEFAULT_PRICE,
});

/** The n-th order: `order-1`, of {@link DEFAULT_ORDER_AMOUNT}, without a customer. */
export const orderDefaults = (n: number): OrderInput & { source_id: string } => ({
  source_id: `order-${n}`,
  amount: DEFAULT_ORDER_AMOUNT,
});

/** The n-th promotion tier: `Tier 1`, giving {@link DEFAULT_DISCOUNT} on every order. */
export const tierDefaults = (n: number): PromotionTierCreateInput => ({
  name: `Tier ${n}`,
  banner: `Tier ${n}`,
  action: { discount: DEFAULT_DISCOUNT },
});

/** The n-th validation rule's name: `Validation rule 1`. */
export const validationRuleName = (n: number): string => `Validation rule ${n}`;

/** The rules of a default validation rule: met by every order with an amount. */
export const DEFAULT_RULES: NonNullable<ValidationRuleInput['rules']> = {
  1: { name: 'order.amount', conditions: { $more_than: [0] } },
  logic: '1',
};

/** The n-th discount campaign: `Discount campaign 1`, codes made on demand, each {@link DEFAULT_DISCOUNT}. */
export const discountCampaignDefaults = (
  n: number,
): Resource<'CampaignCreateDiscountCouponsCampaign'> & { name: string } => ({
  name: `Discount campaign ${n}`,
  campaign_type: 'DISCOUNT_COUPONS',
  type: 'AUTO_UPDATE',
  voucher: { type: 'DISCOUNT_VOUCHER', discount: DEFAULT_DISCOUNT },
});

/** The n-th gift card campaign: `Gift campaign 1`, cards made on demand, each of {@link DEFAULT_GIFT_AMOUNT}. */
export const giftCampaignDefaults = (n: number): Resource<'CampaignCreateGiftCampaign'> & { name: string } => ({
  name: `Gift campaign ${n}`,
  campaign_type: 'GIFT_VOUCHERS',
  type: 'AUTO_UPDATE',
  voucher: { type: 'GIFT_VOUCHER', gift: { amount: DEFAULT_GIFT_AMOUNT } },
});

/** The n-th loyalty programme: `Loyalty programme 1`, cards made on demand, starting at 0 points. */
export const loyaltyProgrammeDefaults = (n: number): Resource<'CampaignCreateLoyaltyCampaign'> & { name: string } => ({
  name: `Loyalty programme ${n}`,
  campaign_type: 'LOYALTY_PROGRAM',
  type: 'AUTO_UPDATE',
  voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } },
});

/** The n-th promotion: `Promotion 1`, with the tiers given (the factory gives it one). */
export const promotionDefaults = (
  n: number,
  tiers: readonly PromotionTierCreateInput[],
): Resource<'CampaignCreatePromotionCampaign'> & { name: string } => ({
  name: `Promotion ${n}`,
  campaign_type: 'PROMOTION',
  promotion: { tiers: [...tiers] },
});

/** The n-th referral programme: `Referral programme 1`, referral codes made on demand, converting on redemption. */
export const referralProgrammeDefaults = (
  n: number,
): Resource<'CampaignCreateReferralCampaign'> & { name: string } => ({
  name: `Referral programme ${n}`,
  campaign_type: 'REFERRAL_PROGRAM',
  type: 'AUTO_UPDATE',
  voucher: { type: 'DISCOUNT_VOUCHER', discount: DEFAULT_DISCOUNT },
  referral_program: { conversion_event_type: 'redemption' },
});
