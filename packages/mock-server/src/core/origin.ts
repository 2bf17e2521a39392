import type { Resource } from './resource.js';

/**
 * Where a change came from: the request that caused it, who sent it and through which channel,
 * and whether it records events. A store method that changes something takes one and passes it
 * on as it is, to the stores it calls and to the event log, which makes it the events'
 * `group_id` and `event_source`; an async action shows its request and user, a redemption record
 * its channel (decision 0066).
 *
 * @typeParam Given - The fields a receiver cannot do without, which are then required: the
 *   redemption engine takes `Origin<'requestId' | 'channel'>`.
 */
export type Origin<Given extends 'requestId' | 'channel' = never> = [Given] extends [never]
  ? {
      /**
       * Id of the request (`v-…`, `HandlerContext.requestId`): the `group_id` of its events (each
       * event's own id without one), the `request_id` of the async actions it starts and of the
       * errors in a validation's answer.
       */
      readonly requestId?: string | undefined;
      /** Who caused it, the events' `event_source`; default `{ channel: 'API' }`. The mock's own jobs pass `INTERNAL_SOURCE`. */
      readonly source?: Resource<'WebhookEventSource'> | undefined;
      /** The channel that redemption and rollback records name. */
      readonly channel?:
        | NonNullable<Resource<'RedemptionWithVoucherWithoutStackingRulesTypeCategory'>['channel']>
        | undefined;
      /** Record no events: bulk jobs and imports, for which the service sends no webhooks. */
      readonly silent?: boolean | undefined;
      /** The dashboard user who acted, the `user` of the async actions it starts; default null (API keys). */
      readonly user?: Resource<'AsyncAction'>['user'] | undefined;
      /** Id of the API log entry of the request, the `log_id` of the async actions it starts; default null. */
      readonly logId?: string | undefined;
    }
  : Origin & { readonly [Field in Given]-?: NonNullable<Origin[Field]> };
