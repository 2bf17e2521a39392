import type { CampaignStore } from '../../campaigns/campaigns/store.js';
import type { VoucherStore } from '../../campaigns/vouchers/store.js';
import type { PromotionStore } from '../../campaigns/promotions/store.js';
import { type AssignmentTargetLookup, campaignTarget, tierTarget, voucherTarget } from './targets.js';

/**
 * The objects of a project that validation rules can be assigned to today: vouchers (by id or
 * code), campaigns (by id or name) and promotion tiers. Earning rules, reward assignments and
 * distributions do not exist in the mock yet, so none is found.
 */
export const projectTargets = (stores: {
  readonly vouchers: () => VoucherStore;
  readonly campaigns: () => CampaignStore;
  readonly promotions: () => Pick<PromotionStore, 'findTier'>;
}): AssignmentTargetLookup => ({
  find: (type, id) => {
    switch (type) {
      case 'voucher': {
        const voucher = stores.vouchers().find(id);
        return (
          voucher &&
          voucherTarget(voucher, voucher.campaign_id ? stores.campaigns().find(voucher.campaign_id) : undefined)
        );
      }
      case 'campaign': {
        const campaign = stores.campaigns().find(id);
        return campaign && campaignTarget(campaign);
      }
      case 'promotion_tier': {
        const found = stores.promotions().findTier(id);
        return found && tierTarget({ id: found.tier.id, campaign_id: found.campaign.id });
      }
      default:
        return undefined;
    }
  },
});
