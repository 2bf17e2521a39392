import type { ServiceContext } from '../../../core/context.js';
import type { EventType } from '../../../core/event-log.js';
import type { Cell } from '../../../core/history/cell.js';
import type { TrackedMap } from '../../../core/history/tracked-map.js';
import type { Resource } from '../../../core/resource.js';
import { ApiError } from '../../../http/api-error.js';

/** A webhook configuration of a project, as the management API shows it. */
export type Webhook = Resource<'Webhook'>;

/** The fields of a new or changed configuration (`POST`/`PUT …/webhooks`). */
export type WebhookInput = Resource<'WebhookBase'>;

type SubscribedName = Webhook['events'][number];

/**
 * The event a subscription names, in the spelling the event log records: the service's list of
 * names has `…aded` where its payloads say `…added`; both subscribe to the same events.
 */
const recordedName = (name: SubscribedName): EventType =>
  (name.endsWith('aded') ? `${name.slice(0, -4)}added` : name) as EventType;

/** An address webhooks can be posted to: absolute, over HTTP or HTTPS. */
const checkTargetUrl = (targetUrl: string): void => {
  let url: URL;
  try {
    url = new URL(targetUrl);
  } catch {
    throw ApiError.invalidPayload(`target_url must be an absolute http or https address, not "${targetUrl}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw ApiError.invalidPayload(`target_url must use http or https, not ${url.protocol}`);
};

/**
 * The webhook configurations of one project (`wh_…`): where its events are posted and which
 * ones. Deliveries read {@link WebhookStore.subscribers} for each event; a configuration whose
 * deliveries failed through every retry is switched off with {@link WebhookStore.disable}.
 */
export class WebhookStore {
  readonly #webhooks: TrackedMap<string, Webhook>;
  /**
   * The active configurations by the event names they subscribe to, made anew after every change
   * (never changed once made); kept alongside the state, not in its image, and made again after
   * an image is loaded.
   */
  readonly #byEvent: Cell<ReadonlyMap<EventType, readonly Webhook[]>>;

  constructor(private readonly context: ServiceContext) {
    this.#webhooks = context.tracked.map();
    this.#byEvent = context.tracked.innerCell<ReadonlyMap<EventType, readonly Webhook[]>>(new Map());
    context.tracked.afterLoad(() => this.#index());
  }

  /** Every configuration, oldest first. */
  list(): Webhook[] {
    return [...this.#webhooks.values()];
  }

  /** The configuration with this id; throws 404 for none. */
  get(id: string): Webhook {
    const webhook = this.#webhooks.get(id);
    if (!webhook) throw ApiError.notFound('webhook', id);
    return webhook;
  }

  /**
   * Adds a configuration, active unless `active: false` is sent.
   *
   * @throws ApiError 400 without a `target_url` or events, or for an address that is not http(s).
   */
  create(input: WebhookInput): Webhook {
    if (input.target_url === undefined)
      throw ApiError.invalidPayload('target_url is required: the address that receives the webhooks.');
    if (input.events === undefined || input.events.length === 0)
      throw ApiError.invalidPayload('events is required: name at least one event to send.');
    checkTargetUrl(input.target_url);
    const webhook: Webhook = {
      id: this.context.ids('wh'),
      object: 'webhook',
      created_at: this.context.timestamp(),
      target_url: input.target_url,
      events: [...new Set(input.events)],
      active: input.active ?? true,
    };
    return this.#store(webhook);
  }

  /**
   * Changes a configuration: the fields sent replace the stored ones (`events` as a whole).
   *
   * @throws ApiError 404 for an unknown id, 400 for an empty event list or an address that is not http(s).
   */
  update(id: string, changes: WebhookInput): Webhook {
    const current = this.get(id);
    if (changes.target_url !== undefined) checkTargetUrl(changes.target_url);
    if (changes.events?.length === 0)
      throw ApiError.invalidPayload('events cannot be empty: name at least one event to send, or set active to false.');
    return this.#store({
      ...current,
      ...(changes.target_url === undefined ? {} : { target_url: changes.target_url }),
      ...(changes.events === undefined ? {} : { events: [...new Set(changes.events)] }),
      ...(changes.active === undefined ? {} : { active: changes.active }),
    });
  }

  /** Deletes a configuration; deliveries still waiting for a retry are dropped. Throws 404 for none. */
  delete(id: string): void {
    this.get(id);
    this.#webhooks.delete(id);
    this.#index();
  }

  /** Switches a configuration off, as the service does after a delivery failed through every retry. */
  disable(id: string): void {
    const current = this.#webhooks.get(id);
    if (current?.active) this.#store({ ...current, active: false });
  }

  /** The active configurations that subscribe to an event, oldest first. */
  subscribers(type: EventType): readonly Webhook[] {
    return this.#byEvent.value.get(type) ?? [];
  }

  /** Whether a configuration exists and is active now. */
  isActive(id: string): boolean {
    return this.#webhooks.get(id)?.active === true;
  }

  #store(webhook: Webhook): Webhook {
    this.#webhooks.set(webhook.id, webhook);
    this.#index();
    return webhook;
  }

  #index(): void {
    const byEvent = new Map<EventType, Webhook[]>();
    for (const webhook of this.#webhooks.values()) {
      if (!webhook.active) continue;
      for (const name of webhook.events) {
        const type = recordedName(name);
        const subscribed = byEvent.get(type);
        if (subscribed === undefined) byEvent.set(type, [webhook]);
        else if (!subscribed.includes(webhook)) subscribed.push(webhook);
      }
    }
    this.#byEvent.value = byEvent;
  }
}
