import type { ServiceContext } from '../../../core/context.js';
import type { EventLog } from '../../../core/event-log.js';
import type { Origin } from '../../../core/origin.js';
import type { Resource } from '../../../core/resource.js';
import type { CustomEventSchemaStore } from '../../catalog/custom-event-schemas/store.js';
import { simpleCustomer } from '../customers/profile.js';
import type { CustomerReference, CustomerStore } from '../customers/store.js';

/** A custom event as `POST /v1/events` takes it. */
export type CustomEventInput = Resource<'CustomEventCreateRequest'>;

/**
 * Records a custom event that a customer performed. When the project defines the event's name
 * (a custom event schema), its metadata must follow the schema first; an event of a name the
 * project does not define is recorded as sent (decision 0042). Then the customer is resolved (and
 * created when unknown), `customer.custom_event` goes to the event log, so it shows in the customer's
 * activity, and the customer's tally of the event (`events.<name>.count` and
 * `events.<name>.last_occurred`) grows, so segments can select on it. Referral and loyalty codes
 * are echoed; crediting them belongs to the referral and loyalty programmes, which react to the
 * recorded event (its `event.loyalty.code` names the card to credit).
 *
 * @param state - The project's stores.
 * @param input - The request body.
 * @param origin - The request id and its channel (`API` or `CLIENT_API`).
 * @param context - The service's ids and clock, for the event's own id and time.
 * @returns The answer of `trackCustomEvent`.
 * @throws ApiError 404 when the customer is named by an unknown id; DomainError
 *   `metadata_validation_failed` (400) when the metadata breaks the event's schema, before anything is stored.
 */
export const trackCustomEvent = (
  state: {
    readonly customers: CustomerStore;
    readonly events: EventLog;
    readonly customEventSchemas: CustomEventSchemaStore;
  },
  input: CustomEventInput,
  origin: Origin,
  context: ServiceContext,
): Resource<'CustomEventCreateResponse'> => {
  const metadata = input.metadata ?? {};
  const schema = state.customEventSchemas.checkEvent(input.event, metadata);
  const { customer } = state.customers.resolve(input.customer as CustomerReference, origin);
  state.customers.countEvent(customer.id, input.event);
  state.events.record('customer.custom_event', {
    entityId: customer.id,
    origin,
    data: {
      event: {
        id: context.ids('evcus'),
        object: 'event',
        type: input.event,
        customer: { id: customer.id },
        // The code the event names; the referral programme reads it when it counts the referral.
        referral: input.referral?.code
          ? {
              code: input.referral.code,
              ...(input.referral.referrer_id ? { referrer_id: input.referral.referrer_id } : {}),
            }
          : null,
        // The card the event is for; the loyalty programme reads it when it credits the event.
        loyalty: input.loyalty?.code ? { code: input.loyalty.code } : null,
        metadata,
        created_at: context.timestamp(),
      },
      event_schema: schema ? { id: schema.id, name: input.event } : { name: input.event },
      customer: simpleCustomer(customer),
      referral: null,
      loyalty: null,
    },
  });
  return {
    object: 'event',
    type: input.event,
    customer: simpleCustomer(customer),
    referral: input.referral ?? null,
    loyalty: input.loyalty ?? null,
    metadata,
  };
};
