import type { ProductStore } from '../../catalog/products/store.js';
import type { LoyaltyCardLedger } from '../../campaigns/loyalty-cards/ledger.js';
import type { PublicationStore } from '../../campaigns/publications/store.js';
import type { VoucherStore } from '../../campaigns/vouchers/store.js';
import type { StoredVoucher } from '../../campaigns/vouchers/types.js';
import type { Customer } from '../../customers/customers/store.js';
import type { Reward } from './store.js';
import type { Origin } from '../../../core/origin.js';

/**
 * What giving a reward writes to: the coupons and cards it publishes or loads, and the products it
 * hands out.
 */
export interface RewardGivingStores {
  /** Publishes coupons and cards to the receiver. */
  readonly publications: PublicationStore;
  /** Loads gift cards. */
  readonly vouchers: VoucherStore;
  /** Adds points to loyalty cards. */
  readonly loyaltyCards: LoyaltyCardLedger;
  /** The products material rewards give. */
  readonly products: ProductStore;
}

/**
 * Credit on a campaign's card: a new coupon of a discount campaign, or credit on the customer's
 * gift card, or points on their loyalty card (a card of the campaign is published to them first
 * when they hold none).
 */
export interface CampaignCredit {
  /** The campaign (`camp_…`). */
  readonly id: string;
  /** Its type: `DISCOUNT_COUPONS`, `GIFT_VOUCHERS` or `LOYALTY_PROGRAM`. */
  readonly type: string;
  /** Credit in minor units for a gift card, points for a loyalty card; none for a coupon. */
  readonly amount: number;
}

/**
 * Gives a customer credit from a campaign (see {@link CampaignCredit}).
 *
 * @param stores - Where the credit is written.
 * @param credit - The campaign and the amount.
 * @param holder - Who receives it.
 * @param why - The request behind it, and the reason the card's transaction shows.
 * @returns The coupon or card, after the credit.
 */
export const giveCampaignCredit = (
  stores: RewardGivingStores,
  credit: CampaignCredit,
  holder: Customer,
  why: { readonly origin: Origin; readonly reason: string; readonly details?: Readonly<Record<string, unknown>> },
): StoredVoucher => {
  const { publications, vouchers, loyaltyCards } = stores;
  const publish = (): StoredVoucher =>
    publications.publishOne({ campaign: { name: credit.id }, customer: { id: holder.id } }, {}, why.origin);
  if (credit.type === 'DISCOUNT_COUPONS') return publish();
  const held = publications.heldIn(holder.id, credit.id) ?? publish();
  if (credit.type === 'GIFT_VOUCHERS')
    return vouchers.transactions.changeBalance(held.id, { amount: credit.amount, reason: why.reason }, why.origin)
      .voucher;
  const points = {
    points: credit.amount,
    type: 'POINTS_ADDITION',
    expiry: { type: 'PROGRAM_RULES' },
    source: why.reason,
    ...(why.details ? { details: why.details } : {}),
  } as const;
  return loyaltyCards.credit(held.id, points, why.origin).voucher;
};

/**
 * Gives a customer a reward: a product (material rewards), or credit from the reward's campaign.
 *
 * @param stores - Where the reward is written.
 * @param reward - The reward.
 * @param holder - Who receives it.
 * @param origin - The request behind it.
 * @returns The product (and SKU) given, or the coupon or card after the credit.
 */
export const giveReward = (
  stores: RewardGivingStores,
  reward: Reward,
  holder: Customer,
  origin: Origin,
):
  | { readonly product: ReturnType<ProductStore['get']>; readonly sku: ReturnType<ProductStore['findSku']> | null }
  | { readonly voucher: StoredVoucher } => {
  const parameters = reward.parameters as {
    campaign?: { id: string; type: string; balance?: number };
    product?: { id: string; sku_id?: string | null };
  };
  if (parameters.product) {
    const product = stores.products.get(parameters.product.id);
    const sku = parameters.product.sku_id ? stores.products.findSku(parameters.product.sku_id) : undefined;
    return { product, sku: sku ?? null };
  }
  const target = parameters.campaign as { id: string; type: string; balance?: number };
  const voucher = giveCampaignCredit(
    stores,
    { id: target.id, type: target.type, amount: target.balance ?? 0 },
    holder,
    {
      origin,
      reason: `Reward ${reward.name}`,
      details: { reward: { id: reward.id, name: reward.name } },
    },
  );
  return { voucher };
};
