import type { Project } from '../core/projects.js';
import type { ProjectState } from '../areas/state.js';
import type { Webhook } from '../areas/platform/webhooks/store.js';

type EventName = Webhook['events'][number];

/**
 * Every event a webhook can subscribe to, as the spec lists them (TypeScript checks that none is
 * missing): `false` for the names spelled `…aded`, the same events as their `…added`.
 */
const EVENTS: Record<EventName, boolean> = {
  'business_validation_rule.assignment.created': true,
  'business_validation_rule.assignment.deleted': true,
  'business_validation_rule.created': true,
  'business_validation_rule.deleted': true,
  'business_validation_rule.updated': true,
  'campaign.created': true,
  'campaign.deleted': true,
  'campaign.disabled': true,
  'campaign.enabled': true,
  'campaign.earning_rule.assigned': true,
  'campaign.earning_rule.deleted': true,
  'campaign.earning_rule.disabled': true,
  'campaign.earning_rule.enabled': true,
  'campaign.earning_rule.updated': true,
  'campaign.loyalty_tier.created': true,
  'campaign.loyalty_tier.deleted': true,
  'campaign.loyalty_tier.updated': true,
  'campaign.promotion_stack.created': true,
  'campaign.promotion_stack.updated': true,
  'campaign.promotion_tier.created': true,
  'campaign.promotion_tier.deleted': true,
  'campaign.promotion_tier.disabled': true,
  'campaign.promotion_tier.enabled': true,
  'campaign.promotion_tier.updated': true,
  'campaign.referral_tier.created': true,
  'campaign.referral_tier.deleted': true,
  'campaign.referral_tier.updated': true,
  'campaign.reward.assignment.created': true,
  'campaign.reward.assignment.deleted': true,
  'campaign.reward.assignment.updated': true,
  'campaign.updated': true,
  'campaign.vouchers.aded': false,
  'campaign.vouchers.generation.completed': true,
  'campaign.vouchers.generation.failed': true,
  'campaign.vouchers.generation.started': true,
  'customer.confirmed': true,
  'customer.created': true,
  'customer.deleted': true,
  'customer.updated': true,
  'customer.rewarded': true,
  'customer.rewarded.loyalty_points': true,
  'publication.succeeded': true,
  'redemption.failed': true,
  'redemption.rollback.failed': true,
  'redemption.rollback.succeeded': true,
  'redemption.succeeded': true,
  'voucher.created': true,
  'voucher.deleted': true,
  'voucher.disabled': true,
  'voucher.enabled': true,
  'voucher.gift.balance_aded': false,
  'voucher.gift.transaction.created': true,
  'voucher.loyalty_card.pending_points.activated': true,
  'voucher.loyalty_card.pending_points.aded': false,
  'voucher.loyalty_card.pending_points.canceled': true,
  'voucher.loyalty_card.pending_points.updated': true,
  'voucher.loyalty_card.points_aded': false,
  'voucher.loyalty_card.points_expired': true,
  'voucher.loyalty_card.transaction.created': true,
  'voucher.published': true,
  'voucher.updated': true,
  'voucher.loyalty_card.points_added': true,
  'voucher.gift.balance_added': true,
  'voucher.loyalty_card.pending_points.added': true,
};

/**
 * A webhook of the project subscribed to every event, delivering to `url`: the one made by an
 * earlier start with a data folder, switched on again if it was off, or a new one.
 *
 * @returns The webhook, whose id the banner shows.
 */
export const forwardWebhooks = (project: Project<ProjectState>, url: string): Webhook => {
  const events = (Object.keys(EVENTS) as EventName[]).filter((name) => EVENTS[name]);
  const { webhooks } = project.state;
  const earlier = webhooks
    .list()
    .find((webhook) => webhook.target_url === url && events.every((name) => webhook.events.includes(name)));
  if (earlier === undefined) return webhooks.create({ target_url: url, events });
  return earlier.active ? earlier : webhooks.update(earlier.id, { active: true });
};
