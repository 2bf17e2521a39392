import { describe, expectTypeOf, it } from 'vitest';
import {
  constructWebhookEvent,
  type DistributionWebhookEvent,
  type DistributionWebhookEventMap,
  type DistributionWebhookEventType,
  type Schemas,
  type WebhookEvent,
  type WebhookEventMap,
  type WebhookEventType,
  type WorkflowWebhookEvent,
} from '../src/index.js';

declare const event: WebhookEvent;
const input = { payload: '{}', signature: 'ab', secret: 'secret' };

describe('constructWebhookEvent', () => {
  it('returns the union of project webhook events', () => {
    expectTypeOf(constructWebhookEvent(input)).resolves.toEqualTypeOf<WebhookEvent>();
  });

  it('returns what a parser returns', () => {
    const parsed = constructWebhookEvent({ ...input, parse: (json) => json as DistributionWebhookEvent });
    expectTypeOf(parsed).resolves.toEqualTypeOf<DistributionWebhookEvent>();
  });
});

describe('WebhookEvent', () => {
  it('narrows by type', () => {
    if (event.type === 'redemption.succeeded') {
      expectTypeOf(event).toEqualTypeOf<Schemas['RedemptionSucceededEvent']>();
      expectTypeOf(event.data).toEqualTypeOf<Schemas['RedemptionSucceededEventData']>();
      expectTypeOf(event.data.redemption).toEqualTypeOf<Schemas['SimpleRedemption']>();
    }
    if (event.type === 'customer.updated') {
      expectTypeOf(event.data.customer).toEqualTypeOf<Schemas['CustomerWithSummaryLoyaltyReferral']>();
    }
    if (event.type === 'voucher.gift.transaction.created') {
      expectTypeOf(event.data.transaction).toEqualTypeOf<Schemas['VoucherTransaction']>();
      expectTypeOf(event.data.order).toEqualTypeOf<Schemas['SimpleOrder'] | null | undefined>();
    }
    if (event.type === 'voucher.loyalty_card.pending_points.updated') {
      expectTypeOf(event.data.pending_points).toEqualTypeOf<Schemas['LoyaltyPendingPoints']>();
    }
  });

  it('leaves the other events after a type is handled', () => {
    if (event.type !== 'redemption.succeeded') {
      expectTypeOf(event.type).toEqualTypeOf<Exclude<WebhookEventType, 'redemption.succeeded'>>();
    }
  });

  it('rejects unknown types and data read without narrowing', () => {
    // @ts-expect-error: no project webhook sends this type
    if (event.type === 'redemption.unknown') return;
    // @ts-expect-error: only redemption events carry a redemption
    void event.data.redemption;
  });

  it('shares the envelope', () => {
    expectTypeOf(event.id).toEqualTypeOf<string>();
    expectTypeOf(event.source.object).toEqualTypeOf<'webhook' | 'distribution'>();
    expectTypeOf(event.event.event_source.channel).toEqualTypeOf<'USER_PORTAL' | 'API' | 'CLIENT_API' | 'INTERNAL'>();
  });

  it('lists its types in WebhookEventType and maps each to its payload', () => {
    expectTypeOf<WebhookEvent['type']>().toEqualTypeOf<WebhookEventType>();
    expectTypeOf<WebhookEventMap['campaign.created']>().toEqualTypeOf<
      Extract<WebhookEvent, { type: 'campaign.created' }>
    >();
  });
});

describe('DistributionWebhookEvent', () => {
  it('is keyed by its trigger, with the channel event name in type', () => {
    type Completed = DistributionWebhookEventMap['customer.reward_redemptions.completed'];
    expectTypeOf<Completed['type']>().toEqualTypeOf<string>();
    expectTypeOf<Completed['event']['type']>().toEqualTypeOf<'customer.reward_redemptions.completed'>();
    expectTypeOf<Completed['data']['reward_redemption']>().toEqualTypeOf<Schemas['RewardRedemption']>();
    expectTypeOf<DistributionWebhookEvent['event']['type']>().toEqualTypeOf<DistributionWebhookEventType>();
  });
});

describe('WorkflowWebhookEvent', () => {
  it('types the tier transaction of an upgrade callout', () => {
    type Transaction = WorkflowWebhookEvent['data']['trigger']['transaction'];
    expectTypeOf<Transaction['status']>().toEqualTypeOf<'PENDING' | 'APPROVED' | 'REJECTED'>();
    expectTypeOf<Transaction['type']>().toEqualTypeOf<'UPGRADED'>();
    expectTypeOf<Transaction['details']['tier_from']>().toEqualTypeOf<string>();
  });
});
