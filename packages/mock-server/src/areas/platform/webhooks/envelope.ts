import type { WebhookEvent } from '@voucherkit/client';
import type { ServiceEvent } from '../../../core/event-log.js';
import { shapeWebhookData } from '../../../http/answer-shape.js';

/**
 * What a sendout is made of besides its event: its id and time, the project and the configuration
 * it goes out for.
 */
export interface Sendout {
  /** `whs_…`, the same for every attempt, so a receiver can drop duplicates. */
  readonly id: string;
  /** When it was made. */
  readonly createdAt: string;
  /** The project the event happened in. */
  readonly projectId: string;
  /** The configuration it goes out for (`wh_…`). */
  readonly webhookId: string;
  /** Where it is posted. */
  readonly targetUrl: string;
}

/**
 * The body of a project webhook (v2024-01-01): the sendout's fields, the event's payload as its
 * `data`, the configuration as its `source` and the event behind it. The same inputs give the
 * same JSON, so every attempt posts (and signs) the same bytes.
 *
 * @param sendout - The sendout's own fields.
 * @param event - The event from the project's log.
 * @returns The envelope, sharing the event's frozen payload where the answer shapes change nothing.
 */
export const webhookEnvelope = (sendout: Sendout, event: ServiceEvent): WebhookEvent =>
  ({
    id: sendout.id,
    project_id: sendout.projectId,
    created_at: sendout.createdAt,
    type: event.type,
    data: shapeWebhookData(event.type, event.data),
    source: { id: sendout.webhookId, object: 'webhook', target_url: sendout.targetUrl },
    event: {
      id: event.id,
      type: event.type,
      created_at: event.created_at,
      entity_id: event.entity_id,
      group_id: event.group_id,
      event_source: event.event_source,
    },
  }) as WebhookEvent;
