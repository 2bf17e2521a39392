import type { EventLog, ServiceEvent } from '../../../core/event-log.js';
import type { Page } from '../../../core/list.js';
import type { Resource } from '../../../core/resource.js';
import type { StoredVoucher } from '../../campaigns/vouchers/types.js';
import { eventActivityPage } from '../../customers/customers/activity.js';

/** One entry of a member's activity (`MemberActivity`). */
export type MemberActivity = Resource<'MemberActivity'>;

/** The event names a member's activity shows (`MemberActivity.type`), the service's spellings kept. */
const MEMBER_EVENTS: ReadonlySet<string> = new Set([
  'customer.loyalty.tier.upgraded',
  'customer.loyalty.tier.downgraded',
  'customer.loyalty.tier.prolonged',
  'customer.loyalty.tier.expiration.changed',
  'customer.loyalty.tier.joined',
  'customer.loyalty.tier.left',
  'customer.publication.succeeded',
  'customer.publication.failed',
  'customer.rewarded',
  'customer.rewarded.loyalty_points',
  'customer.reward_redemptions.created',
  'customer.reward_redemptions.pending',
  'customer.reward_redemptions.completed',
  'customer.reward_redemptions.rolledback',
  'customer.voucher.deleted',
  'customer.voucher.loyalty_card.pending_points.activated',
  'customer.voucher.loyalty_card.pending_points.added',
  'customer.voucher.loyalty_card.pending_points.canceled',
  'customer.voucher.loyalty_card.pending_points.updated',
  'customer.voucher.loyalty_card.points_added',
  'customer.voucher.loyalty_card.points_transferred',
  'customer.voucher.loyalty_card.points_expired',
]);

/** The name a card's event has in its holder's activity: `voucher.loyalty_card.points_added` is `customer.voucher.loyalty_card.points_added`. */
const memberEventName = (event: ServiceEvent): string =>
  event.type.startsWith('voucher.loyalty_card.') ? `customer.${event.type}` : event.type;

/**
 * A loyalty card's activity (`GET …/members/{memberId}/activity`): the events of the log about
 * the card (its points, pending points, rewards, publication) and its holder's tier changes in the
 * card's programme, newest first unless `order` is `created_at`, paged by `starting_after_id`.
 *
 * @param events - The project's event log.
 * @param card - The card.
 * @param query - Order, limit and cursor.
 * @returns The page, with `moreStartingAfter`.
 * @throws ApiError 400 `invalid_query_params` for a cursor that names no entry.
 */
export const listMemberActivity = (
  events: EventLog,
  card: StoredVoucher,
  query: {
    readonly limit?: number | undefined;
    readonly order?: string | undefined;
    readonly starting_after_id?: string | undefined;
  },
): Page<MemberActivity> & { moreStartingAfter: string } =>
  eventActivityPage(
    events,
    card.holder_id ? [card.id, card.holder_id] : [card.id],
    (event) => {
      const name = memberEventName(event);
      if (!MEMBER_EVENTS.has(name)) return false;
      const data = event.data as {
        voucher?: { id?: string } | null;
        campaign?: { id?: string } | null;
        customer?: { id?: string } | null;
      };
      if (event.entity_id === card.id || data.voucher?.id === card.id) return true;
      return (
        name.startsWith('customer.loyalty.tier.') &&
        data.campaign?.id === card.campaign_id &&
        (data.customer?.id ?? event.entity_id) === card.holder_id
      );
    },
    query,
    memberEventName,
  ) as Page<MemberActivity> & { moreStartingAfter: string };

/**
 * A loyalty card's activities as the older list shows them (`GET …/members/{memberId}/activities`):
 * every event of {@link listMemberActivity}, newest first, under `activities`, each marked as an
 * `event`, with their number.
 *
 * @param events - The project's event log.
 * @param card - The card.
 * @returns The list.
 */
export const listMemberActivities = (events: EventLog, card: StoredVoucher): Resource<'LegacyMemberActivityList'> => {
  const activities = listMemberActivity(events, card, { limit: Number.MAX_SAFE_INTEGER }).items.map((activity) => ({
    ...activity,
    object: 'event' as const,
  }));
  return { object: 'list', data_ref: 'activities', activities, total: activities.length };
};
